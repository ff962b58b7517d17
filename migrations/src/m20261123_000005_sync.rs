//! The sync engine (issue #7): an outbox of delivery jobs written in the same transaction as the
//! chat messages they carry (so a committed message always has its jobs, and a crash loses
//! none), the log of every delivery attempt, each employee's CRM label rules
//! (`crmLabelSyncData`), and the sync state shown on each integration.

use crate::columns::{
    add_columns, at, at_null, big, boolean, created_updated, drop_columns, id, int, int_null,
    migration, string, string_null, text, text_null, unique, Tables,
};
use sea_orm_migration::prelude::*;

migration!();

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let sync_state = [
        string_null("sync_status", 20),
        at_null("last_sync_at"),
        text_null("sync_error"),
    ];
    add_columns(m, "integrations", sync_state).await?;
    Tables::new(tables).create(m).await
}

fn tables(t: &mut Tables) {
    t.add("sync_jobs")
        .columns([
            id(),
            big("org_id"),
            // `webhook`, or the provider name of a CRM / spreadsheet link.
            string("kind", 20),
            big("integration_id"),
            string("event_id", 128),
            // The stable `webhook-id`: the receiver's idempotency key, kept across retries
            // and resends.
            unique(string("delivery_id", 64)),
            text("payload"),
            // `pending`, `delivered`, `skipped` or `dead`.
            string("status", 12),
            int("attempts"),
            int("max_attempts"),
            at("next_attempt_at"),
            string_null("locked_by", 64),
            at_null("locked_until"),
            text_null("last_error"),
            int_null("last_status_code"),
        ])
        .columns(created_updated())
        .columns([at_null("done_at")])
        .cascade("org_id", "organisations")
        // The worker's claim: due pending jobs, oldest first.
        .named_index("idx_sync_jobs_due", &["status", "next_attempt_at"], false)
        // A message reaches one target once.
        .named_index(
            "idx_sync_jobs_target_event",
            &["integration_id", "event_id"],
            true,
        )
        .named_index("idx_sync_jobs_org_kind", &["org_id", "kind", "id"], false);

    t.add("sync_attempts")
        .columns([
            id(),
            big("job_id"),
            big("org_id"),
            big("integration_id"),
            int("attempt"),
            int_null("status_code"),
            big("latency_ms"),
            boolean("ok"),
            text_null("error"),
            at("at"),
        ])
        .cascade("job_id", "sync_jobs")
        .named_index("idx_sync_attempts_job", &["job_id"], false);

    t.add("crm_label_rules")
        .columns([
            big("org_id"),
            big("user_id"),
            string("crm_name", 20),
            text("included_labels"),
            text("excluded_labels"),
            at("updated_at"),
        ])
        .cascade("org_id", "organisations")
        .primary_key(&["org_id", "user_id", "crm_name"]);
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    Tables::new(tables).drop(m).await?;
    let sync_state = ["sync_status", "last_sync_at", "sync_error"];
    drop_columns(m, "integrations", &sync_state).await
}
