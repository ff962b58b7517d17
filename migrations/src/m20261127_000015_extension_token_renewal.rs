//! Extension tokens renewed through the bridge (issue #23): the extension trades its current
//! token for a fresh one before it expires, and the old one stops after a short grace. A token
//! records when it was renewed (`renewed_at`: it renews once, so a copy of an old token cannot
//! fork a second line) and the first token of its line (`lineage_id`, null for a token minted
//! on a hand-over), so revoking a token revokes its predecessors still in their grace.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ExtensionTokens {
    Table,
    RenewedAt,
    LineageId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use ExtensionTokens as T;
        // One column per statement: SQLite alters one at a time.
        for col in [
            ColumnDef::new(T::RenewedAt).big_integer().null().to_owned(),
            ColumnDef::new(T::LineageId).big_integer().null().to_owned(),
        ] {
            m.alter_table(Table::alter().table(T::Table).add_column(col).to_owned())
                .await?;
        }
        m.create_index(
            Index::create()
                .name("idx_extension_tokens_lineage")
                .table(T::Table)
                .col(T::LineageId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use ExtensionTokens as T;
        m.drop_index(
            Index::drop()
                .name("idx_extension_tokens_lineage")
                .table(T::Table)
                .to_owned(),
        )
        .await?;
        for col in [T::RenewedAt, T::LineageId] {
            m.alter_table(Table::alter().table(T::Table).drop_column(col).to_owned())
                .await?;
        }
        Ok(())
    }
}
