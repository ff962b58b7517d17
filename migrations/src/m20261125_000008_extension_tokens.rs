//! Extension tokens: the browser extension's own bearer credentials, minted on an explicit
//! hand-over from the signed-in web app (issue #13). Only the SHA-256 of a token is stored; each
//! has a name its owner recognises, a last use, an expiry and a revocation time. The web app's
//! session stays in `sessions`, reachable only through the HttpOnly cookie.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ExtensionTokens {
    Table,
    Id,
    TokenHash,
    UserId,
    Name,
    CreatedAt,
    ExpiresAt,
    LastUsedAt,
    RevokedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use ExtensionTokens as T;
        m.create_table(
            Table::create()
                .table(T::Table)
                .col(
                    ColumnDef::new(T::Id)
                        .big_integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
                .col(
                    ColumnDef::new(T::TokenHash)
                        .string_len(64)
                        .not_null()
                        .unique_key(),
                )
                .col(ColumnDef::new(T::UserId).big_integer().not_null())
                .col(ColumnDef::new(T::Name).string_len(80).not_null())
                .col(ColumnDef::new(T::CreatedAt).big_integer().not_null())
                .col(ColumnDef::new(T::ExpiresAt).big_integer().not_null())
                .col(ColumnDef::new(T::LastUsedAt).big_integer().null())
                .col(ColumnDef::new(T::RevokedAt).big_integer().null())
                .foreign_key(
                    ForeignKey::create()
                        .from(T::Table, T::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_extension_tokens_user")
                .table(T::Table)
                .col(T::UserId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ExtensionTokens::Table).to_owned())
            .await
    }
}
