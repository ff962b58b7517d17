//! Usage events for the dashboards' quick-reply and scheduler analytics (001 §3, §7): one row
//! per quick reply sent or message scheduled, idempotent by event id within an organisation and
//! kind, indexed for counts per user over a period.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Organisations {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum UsageEvents {
    Table,
    Id,
    OrgId,
    Kind,
    EventId,
    UserId,
    OccurredAt,
    ReceivedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(UsageEvents::Table)
                .col(
                    ColumnDef::new(UsageEvents::Id)
                        .big_integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
                .col(ColumnDef::new(UsageEvents::OrgId).big_integer().not_null())
                .col(ColumnDef::new(UsageEvents::Kind).small_integer().not_null())
                .col(
                    ColumnDef::new(UsageEvents::EventId)
                        .string_len(128)
                        .not_null(),
                )
                .col(ColumnDef::new(UsageEvents::UserId).big_integer().not_null())
                .col(
                    ColumnDef::new(UsageEvents::OccurredAt)
                        .big_integer()
                        .not_null(),
                )
                .col(
                    ColumnDef::new(UsageEvents::ReceivedAt)
                        .big_integer()
                        .not_null(),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(UsageEvents::Table, UsageEvents::OrgId)
                        .to(Organisations::Table, Organisations::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ux_usage_events_org_kind_event")
                .table(UsageEvents::Table)
                .col(UsageEvents::OrgId)
                .col(UsageEvents::Kind)
                .col(UsageEvents::EventId)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_usage_events_org_kind_user_time")
                .table(UsageEvents::Table)
                .col(UsageEvents::OrgId)
                .col(UsageEvents::Kind)
                .col(UsageEvents::UserId)
                .col(UsageEvents::OccurredAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(UsageEvents::Table).to_owned())
            .await
    }
}
