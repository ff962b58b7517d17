//! Indexes the team inbox's chatter list needs at scale (docs/BENCHMARKS.md, the team inbox):
//! the follow-up and scheduled tabs look up each conversation's contact among the
//! organisation's follow-ups and schedules, and a conversation's read marks are found by the
//! conversation (the foreign key, checked on every delete of a conversation).

use crate::columns::{execute_all, migration};
use sea_orm_migration::prelude::*;

migration!();

const UP: [&str; 3] = [
    "CREATE INDEX ix_follow_ups_org_contact ON follow_ups (org_id, contact)",
    "CREATE INDEX ix_schedules_org_recipient ON schedules (org_id, recipient)",
    "CREATE INDEX ix_inbox_reads_conversation ON inbox_reads (conversation_id)",
];

const DOWN: [&str; 3] = [
    "DROP INDEX IF EXISTS ix_inbox_reads_conversation",
    "DROP INDEX IF EXISTS ix_schedules_org_recipient",
    "DROP INDEX IF EXISTS ix_follow_ups_org_contact",
];

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &UP).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &DOWN).await
}
