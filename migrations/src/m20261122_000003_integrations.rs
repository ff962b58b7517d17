//! Integrations: one row per connected provider — per user (their workspace) for the CRMs and
//! helpdesks, per organisation for the outgoing webhook — with the non-secret settings as JSON
//! and every secret (API keys, LeadSquared secret keys, access and refresh tokens, webhook
//! tokens) only as AES-256-GCM ciphertext; and the single-use OAuth `state` values the server
//! issues before sending a browser to a provider's consent page.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Organisations {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Integrations {
    Table,
    Id,
    Provider,
    UserId,
    OrgId,
    Status,
    Settings,
    Secret,
    ExpiresAt,
    RefreshingUntil,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum OauthStates {
    Table,
    Id,
    StateHash,
    Provider,
    UserId,
    PkceVerifier,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Integrations::Table)
                .col(
                    ColumnDef::new(Integrations::Id)
                        .big_integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
                .col(
                    ColumnDef::new(Integrations::Provider)
                        .string_len(20)
                        .not_null(),
                )
                .col(ColumnDef::new(Integrations::UserId).big_integer().null())
                .col(ColumnDef::new(Integrations::OrgId).big_integer().null())
                .col(
                    ColumnDef::new(Integrations::Status)
                        .string_len(20)
                        .not_null(),
                )
                .col(ColumnDef::new(Integrations::Settings).text().not_null())
                .col(ColumnDef::new(Integrations::Secret).text().null())
                .col(ColumnDef::new(Integrations::ExpiresAt).big_integer().null())
                .col(
                    ColumnDef::new(Integrations::RefreshingUntil)
                        .big_integer()
                        .null(),
                )
                .col(
                    ColumnDef::new(Integrations::CreatedAt)
                        .big_integer()
                        .not_null(),
                )
                .col(
                    ColumnDef::new(Integrations::UpdatedAt)
                        .big_integer()
                        .not_null(),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Integrations::Table, Integrations::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Integrations::Table, Integrations::OrgId)
                        .to(Organisations::Table, Organisations::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        // One link per provider per user and per organisation (NULLs are distinct in both
        // SQLite and PostgreSQL, so user rows and organisation rows do not collide).
        m.create_index(
            Index::create()
                .name("idx_integrations_provider_user")
                .table(Integrations::Table)
                .col(Integrations::Provider)
                .col(Integrations::UserId)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_integrations_provider_org")
                .table(Integrations::Table)
                .col(Integrations::Provider)
                .col(Integrations::OrgId)
                .unique()
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(OauthStates::Table)
                .col(
                    ColumnDef::new(OauthStates::Id)
                        .big_integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
                .col(
                    ColumnDef::new(OauthStates::StateHash)
                        .string_len(64)
                        .not_null()
                        .unique_key(),
                )
                .col(
                    ColumnDef::new(OauthStates::Provider)
                        .string_len(20)
                        .not_null(),
                )
                .col(ColumnDef::new(OauthStates::UserId).big_integer().not_null())
                .col(ColumnDef::new(OauthStates::PkceVerifier).text().null())
                .col(
                    ColumnDef::new(OauthStates::CreatedAt)
                        .big_integer()
                        .not_null(),
                )
                .col(
                    ColumnDef::new(OauthStates::ExpiresAt)
                        .big_integer()
                        .not_null(),
                )
                .col(ColumnDef::new(OauthStates::UsedAt).big_integer().null())
                .foreign_key(
                    ForeignKey::create()
                        .from(OauthStates::Table, OauthStates::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(OauthStates::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(Integrations::Table).to_owned())
            .await?;
        Ok(())
    }
}
