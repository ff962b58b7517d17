//! The core tables every area hangs on: users (each user's id is also their `workspace_id`),
//! sessions, organisations, teams and memberships (the spec's `callyzer_user_mappings`).
//! Times are UTC epoch milliseconds.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Email,
    Name,
    Mobile,
    ProfilePic,
    PreferredLanguage,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    TokenHash,
    UserId,
    CreatedAt,
    ExpiresAt,
    RevokedAt,
    LastSeenAt,
}

#[derive(DeriveIden)]
enum Organisations {
    Table,
    Id,
    Name,
    OrganizationCode,
    LogoUrl,
    TimeZone,
    PlanId,
    IsTrial,
    Validity,
    SeatIssued,
    KnowledgeBaseEnabled,
    CreatedBy,
}

#[derive(DeriveIden)]
enum Teams {
    Table,
    Id,
    OrgId,
    TeamName,
    TeamColor,
}

#[derive(DeriveIden)]
enum Memberships {
    Table,
    Id,
    OrgId,
    UserId,
    RoleId,
    TeamId,
    IsDefaultOrg,
    UserStatus,
    SyncingActive,
    InvitationStatus,
    EmployeeCode,
    JoinedAt,
}

fn created_updated(t: &mut TableCreateStatement) {
    t.col(
        ColumnDef::new(Alias::new("created_at"))
            .big_integer()
            .not_null(),
    );
    t.col(
        ColumnDef::new(Alias::new("updated_at"))
            .big_integer()
            .not_null(),
    );
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut users = Table::create();
        users
            .table(Users::Table)
            .col(
                ColumnDef::new(Users::Id)
                    .big_integer()
                    .not_null()
                    .auto_increment()
                    .primary_key(),
            )
            .col(
                ColumnDef::new(Users::Email)
                    .string_len(320)
                    .not_null()
                    .unique_key(),
            )
            .col(ColumnDef::new(Users::Name).string_len(200).null())
            .col(ColumnDef::new(Users::Mobile).string_len(32).null())
            .col(ColumnDef::new(Users::ProfilePic).string_len(2048).null())
            .col(
                ColumnDef::new(Users::PreferredLanguage)
                    .string_len(8)
                    .null(),
            );
        created_updated(&mut users);
        m.create_table(users).await?;
        m.create_index(
            Index::create()
                .name("idx_users_mobile")
                .table(Users::Table)
                .col(Users::Mobile)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(Sessions::Table)
                .col(
                    ColumnDef::new(Sessions::Id)
                        .big_integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
                .col(
                    ColumnDef::new(Sessions::TokenHash)
                        .string_len(64)
                        .not_null()
                        .unique_key(),
                )
                .col(ColumnDef::new(Sessions::UserId).big_integer().not_null())
                .col(ColumnDef::new(Sessions::CreatedAt).big_integer().not_null())
                .col(ColumnDef::new(Sessions::ExpiresAt).big_integer().not_null())
                .col(
                    ColumnDef::new(Sessions::LastSeenAt)
                        .big_integer()
                        .not_null(),
                )
                .col(ColumnDef::new(Sessions::RevokedAt).big_integer().null())
                .foreign_key(
                    ForeignKey::create()
                        .from(Sessions::Table, Sessions::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sessions_user")
                .table(Sessions::Table)
                .col(Sessions::UserId)
                .to_owned(),
        )
        .await?;

        let mut orgs = Table::create();
        orgs.table(Organisations::Table)
            .col(
                ColumnDef::new(Organisations::Id)
                    .big_integer()
                    .not_null()
                    .auto_increment()
                    .primary_key(),
            )
            .col(
                ColumnDef::new(Organisations::Name)
                    .string_len(200)
                    .not_null(),
            )
            .col(
                ColumnDef::new(Organisations::OrganizationCode)
                    .string_len(32)
                    .not_null()
                    .unique_key(),
            )
            .col(
                ColumnDef::new(Organisations::LogoUrl)
                    .string_len(2048)
                    .null(),
            )
            .col(
                ColumnDef::new(Organisations::TimeZone)
                    .string_len(64)
                    .not_null()
                    .default("Asia/Kolkata"),
            )
            .col(
                ColumnDef::new(Organisations::PlanId)
                    .integer()
                    .not_null()
                    .default(1),
            )
            .col(
                ColumnDef::new(Organisations::IsTrial)
                    .boolean()
                    .not_null()
                    .default(false),
            )
            .col(ColumnDef::new(Organisations::Validity).big_integer().null())
            .col(
                ColumnDef::new(Organisations::SeatIssued)
                    .integer()
                    .not_null()
                    .default(0),
            )
            .col(
                ColumnDef::new(Organisations::KnowledgeBaseEnabled)
                    .boolean()
                    .not_null()
                    .default(false),
            )
            .col(
                ColumnDef::new(Organisations::CreatedBy)
                    .big_integer()
                    .null(),
            )
            .foreign_key(
                ForeignKey::create()
                    .from(Organisations::Table, Organisations::CreatedBy)
                    .to(Users::Table, Users::Id)
                    .on_delete(ForeignKeyAction::SetNull),
            );
        created_updated(&mut orgs);
        m.create_table(orgs).await?;

        let mut teams = Table::create();
        teams
            .table(Teams::Table)
            .col(
                ColumnDef::new(Teams::Id)
                    .big_integer()
                    .not_null()
                    .auto_increment()
                    .primary_key(),
            )
            .col(ColumnDef::new(Teams::OrgId).big_integer().not_null())
            .col(ColumnDef::new(Teams::TeamName).string_len(100).not_null())
            .col(ColumnDef::new(Teams::TeamColor).integer().null())
            .foreign_key(
                ForeignKey::create()
                    .from(Teams::Table, Teams::OrgId)
                    .to(Organisations::Table, Organisations::Id)
                    .on_delete(ForeignKeyAction::Cascade),
            );
        created_updated(&mut teams);
        m.create_table(teams).await?;
        m.create_index(
            Index::create()
                .name("uq_teams_org_name")
                .table(Teams::Table)
                .col(Teams::OrgId)
                .col(Teams::TeamName)
                .unique()
                .to_owned(),
        )
        .await?;

        let mut members = Table::create();
        members
            .table(Memberships::Table)
            .col(
                ColumnDef::new(Memberships::Id)
                    .big_integer()
                    .not_null()
                    .auto_increment()
                    .primary_key(),
            )
            .col(ColumnDef::new(Memberships::OrgId).big_integer().not_null())
            .col(ColumnDef::new(Memberships::UserId).big_integer().not_null())
            .col(
                ColumnDef::new(Memberships::RoleId)
                    .small_integer()
                    .not_null()
                    .default(3),
            )
            .col(ColumnDef::new(Memberships::TeamId).big_integer().null())
            .col(
                ColumnDef::new(Memberships::IsDefaultOrg)
                    .boolean()
                    .not_null()
                    .default(false),
            )
            .col(
                ColumnDef::new(Memberships::UserStatus)
                    .small_integer()
                    .not_null()
                    .default(2),
            )
            .col(
                ColumnDef::new(Memberships::SyncingActive)
                    .boolean()
                    .not_null()
                    .default(false),
            )
            .col(
                ColumnDef::new(Memberships::InvitationStatus)
                    .string_len(16)
                    .not_null()
                    .default("pending"),
            )
            .col(
                ColumnDef::new(Memberships::EmployeeCode)
                    .string_len(64)
                    .null(),
            )
            .col(ColumnDef::new(Memberships::JoinedAt).big_integer().null())
            .foreign_key(
                ForeignKey::create()
                    .from(Memberships::Table, Memberships::OrgId)
                    .to(Organisations::Table, Organisations::Id)
                    .on_delete(ForeignKeyAction::Cascade),
            )
            .foreign_key(
                ForeignKey::create()
                    .from(Memberships::Table, Memberships::UserId)
                    .to(Users::Table, Users::Id)
                    .on_delete(ForeignKeyAction::Cascade),
            )
            .foreign_key(
                ForeignKey::create()
                    .from(Memberships::Table, Memberships::TeamId)
                    .to(Teams::Table, Teams::Id)
                    .on_delete(ForeignKeyAction::SetNull),
            );
        created_updated(&mut members);
        m.create_table(members).await?;
        m.create_index(
            Index::create()
                .name("uq_memberships_org_user")
                .table(Memberships::Table)
                .col(Memberships::OrgId)
                .col(Memberships::UserId)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_memberships_user")
                .table(Memberships::Table)
                .col(Memberships::UserId)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_memberships_org_team")
                .table(Memberships::Table)
                .col(Memberships::OrgId)
                .col(Memberships::TeamId)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for t in [
            Memberships::Table.into_iden(),
            Teams::Table.into_iden(),
            Organisations::Table.into_iden(),
            Sessions::Table.into_iden(),
            Users::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(t).to_owned()).await?;
        }
        Ok(())
    }
}
