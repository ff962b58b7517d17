//! A contact's timeline (issue #29, the contact's page) reads one chat's messages and calls,
//! newest first, out of every member's: by organisation, chat and time, instead of walking the
//! organisation's events.

use crate::columns::{execute_all, migration};
use sea_orm_migration::prelude::*;

migration!();

const UP: [&str; 2] = [
    "CREATE INDEX ix_message_events_org_chat_occurred ON message_events (org_id, chat_id, occurred_at)",
    "CREATE INDEX ix_call_events_org_chat_occurred ON call_events (org_id, chat_id, occurred_at)",
];

const DOWN: [&str; 2] = [
    "DROP INDEX IF EXISTS ix_call_events_org_chat_occurred",
    "DROP INDEX IF EXISTS ix_message_events_org_chat_occurred",
];

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &UP).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &DOWN).await
}
