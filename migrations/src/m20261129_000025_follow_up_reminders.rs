//! A follow-up or reminder's remaining 001 §3 fields and its notification lead time (issue #28,
//! item 4): a `comment` and an `email` beside the notes, and `lead_minutes`, how long before the
//! due time the signed-in user is notified (001 §4 'lead times in minutes, hours, days and
//! weeks', kept as minutes; null for at the due time). All three are optional, so the rows that
//! already exist keep their meaning.

use crate::columns::{add_columns, big_null, drop_columns, migration, string_null, text_null};
use sea_orm_migration::prelude::*;

migration!();

const TABLE: &str = "follow_ups";

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    add_columns(
        m,
        TABLE,
        [
            text_null("comment"),
            string_null("email", 254),
            big_null("lead_minutes"),
        ],
    )
    .await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    drop_columns(m, TABLE, &["comment", "email", "lead_minutes"]).await
}
