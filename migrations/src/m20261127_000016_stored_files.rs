//! Every file kept in the file store for the manage tools (quick-reply and scheduled-message
//! attachments), one row each, so storage quotas are a sum over rows rather than a listing of the
//! store (issue #23: per-user and per-organisation storage bytes). A row is written before its
//! file and removed after it, under a lock on its owners, so two uploads cannot both pass a quota.
//! Files attached before this migration are backfilled from their rows.

use crate::columns::{col, index};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Alias::new("stored_files"))
                .col(col("key").string_len(255).not_null().primary_key())
                // Who uploaded it, and the organisation it counts against (0: none).
                .col(col("user_id").big_integer().not_null())
                .col(col("org_id").big_integer().not_null())
                .col(col("size").big_integer().not_null())
                .col(col("created_at").big_integer().not_null())
                .to_owned(),
        )
        .await?;
        for i in [
            index("stored_files", &["user_id"], false),
            index("stored_files", &["org_id"], false),
        ] {
            m.create_index(i).await?;
        }
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

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Alias::new("stored_files")).to_owned())
            .await
    }
}
