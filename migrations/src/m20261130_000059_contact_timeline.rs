//! A contact's timeline (issue #29, the contact's page) reads one chat's messages and calls,
//! newest first, out of every member's: by organisation, chat and time, instead of walking the
//! organisation's events. A CRM's webhook names changed records by the CRM's id alone: their
//! links are found by CRM and id.

use crate::columns::{execute_all, migration};
use sea_orm_migration::prelude::*;

migration!();

const UP: [&str; 3] = [
    "CREATE INDEX ix_message_events_org_chat_occurred ON message_events (org_id, chat_id, occurred_at)",
    "CREATE INDEX ix_call_events_org_chat_occurred ON call_events (org_id, chat_id, occurred_at)",
    "CREATE INDEX ix_contact_crm_links_provider_crm ON contact_crm_links (provider, crm_id)",
];

const DOWN: [&str; 3] = [
    "DROP INDEX IF EXISTS ix_contact_crm_links_provider_crm",
    "DROP INDEX IF EXISTS ix_call_events_org_chat_occurred",
    "DROP INDEX IF EXISTS ix_message_events_org_chat_occurred",
];

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &UP).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &DOWN).await
}
