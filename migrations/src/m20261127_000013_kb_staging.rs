//! Knowledge-base limits (issue #23): a document is written in short batches while its `state`
//! is `staging` (never listed nor answered from) and flipped to `ready` in one last statement,
//! so indexing a large PDF never holds the database's write lock for long and a document is
//! still answerable entirely or not at all. Documents stored before are `ready`. And an index
//! on the conversations' `user_id`, for the daily question quota counted across organisations.

use crate::columns::index;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Alias::new("kb_documents"))
                .add_column(
                    ColumnDef::new(Alias::new("state"))
                        .string_len(10)
                        .not_null()
                        .default("ready"),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(index("kb_conversations", &["user_id"], false))
            .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("idx_kb_conversations_user_id")
                .table(Alias::new("kb_conversations"))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Alias::new("kb_documents"))
                .drop_column(Alias::new("state"))
                .to_owned(),
        )
        .await
    }
}
