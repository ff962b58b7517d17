//! A shared-number message's media kept in the file store (issue #27): the gateway's URL is
//! stored with the message, and the inbox worker downloads it (with the gateway's key) into the
//! file store, trying again later while the gateway is away; `media_url` set means "not yet".

use crate::columns::{execute_all, migration};
use sea_orm_migration::prelude::*;

migration!();

const UP: [&str; 4] = [
    "ALTER TABLE inbox_messages ADD COLUMN media_url VARCHAR(2000)",
    "ALTER TABLE inbox_messages ADD COLUMN media_tries INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE inbox_messages ADD COLUMN media_next_at BIGINT",
    "CREATE INDEX ix_inbox_messages_media_due ON inbox_messages (media_next_at) \
     WHERE media_url IS NOT NULL",
];

const DOWN: [&str; 4] = [
    "DROP INDEX IF EXISTS ix_inbox_messages_media_due",
    "ALTER TABLE inbox_messages DROP COLUMN media_next_at",
    "ALTER TABLE inbox_messages DROP COLUMN media_tries",
    "ALTER TABLE inbox_messages DROP COLUMN media_url",
];

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &UP).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &DOWN).await
}
