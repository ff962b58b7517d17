//! Knowledge-base limits (issue #23): a document is written in short batches while its `state`
//! is `staging` (never listed nor answered from) and flipped to `ready` in one last statement,
//! so indexing a large PDF never holds the database's write lock for long and a document is
//! still answerable entirely or not at all. Documents stored before are `ready`. And an index
//! on the conversations' `user_id`, for the daily question quota counted across organisations.

use crate::columns::{
    add_columns, drop_columns, drop_index, index, migration, string, with_default,
};
use sea_orm_migration::prelude::*;

migration!();

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let state = with_default(string("state", 10), "ready");
    add_columns(m, "kb_documents", [state]).await?;
    m.create_index(index("kb_conversations", &["user_id"], false))
        .await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    drop_index(m, "idx_kb_conversations_user_id", "kb_conversations").await?;
    drop_columns(m, "kb_documents", &["state"]).await
}
