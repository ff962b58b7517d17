//! Every file kept in the file store for the manage tools (quick-reply and scheduled-message
//! attachments), one row each, so storage quotas are a sum over rows rather than a listing of the
//! store (issue #23: per-user and per-organisation storage bytes). A row is written before its
//! file and removed after it, under a lock on its owners, so two uploads cannot both pass a quota.
//! Files attached before this migration are backfilled from their rows.

use crate::columns::{at, big, migration, primary, string, Tables};
use sea_orm_migration::prelude::*;

migration!();

fn tables(t: &mut Tables) {
    t.add("stored_files")
        .columns([
            primary(string("key", 255)),
            // Who uploaded it, and the organisation it counts against (0: none).
            big("user_id"),
            big("org_id"),
            big("size"),
            at("created_at"),
        ])
        .index(&["user_id"], false)
        .index(&["org_id"], false);
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    Tables::new(tables).create(m).await?;
    // The uploader is the third segment of the key (`manage/{org}/{user}/{uuid}`); the row's
    // owner is as close as SQL portable to both databases gets, and is the uploader for every
    // file the product wrote so far.
    for table in ["quick_replies", "schedules"] {
        m.get_connection()
                .execute_unprepared(&format!(
                    "INSERT INTO stored_files (key, user_id, org_id, size, created_at) \
                     SELECT attachment_key, owner_id, org_id, COALESCE(attachment_size, 0), updated_at \
                     FROM {table} WHERE attachment_key IS NOT NULL"
                ))
                .await?;
    }
    Ok(())
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    Tables::new(tables).drop(m).await
}
