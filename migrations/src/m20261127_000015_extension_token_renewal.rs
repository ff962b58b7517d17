//! Extension tokens renewed through the bridge (issue #23): the extension trades its current
//! token for a fresh one before it expires, and the old one stops after a short grace. A token
//! records when it was renewed (`renewed_at`: it renews once, so a copy of an old token cannot
//! fork a second line) and the first token of its line (`lineage_id`, null for a token minted
//! on a hand-over), so revoking a token revokes its predecessors still in their grace.

use crate::columns::{
    add_columns, at_null, big_null, drop_columns, drop_index, migration, named_index,
};
use sea_orm_migration::prelude::*;

migration!();

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let t = "extension_tokens";
    add_columns(m, t, [at_null("renewed_at"), big_null("lineage_id")]).await?;
    m.create_index(named_index(
        "idx_extension_tokens_lineage",
        t,
        &["lineage_id"],
        false,
    ))
    .await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let t = "extension_tokens";
    drop_index(m, "idx_extension_tokens_lineage", t).await?;
    drop_columns(m, t, &["renewed_at", "lineage_id"]).await
}
