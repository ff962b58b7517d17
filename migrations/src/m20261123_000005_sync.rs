//! The sync engine (issue #7): an outbox of delivery jobs written in the same transaction as the
//! chat messages they carry (so a committed message always has its jobs, and a crash loses
//! none), the log of every delivery attempt, each employee's CRM label rules
//! (`crmLabelSyncData`), and the sync state shown on each integration.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Organisations {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Integrations {
    Table,
    SyncStatus,
    LastSyncAt,
    SyncError,
}

#[derive(DeriveIden)]
enum SyncJobs {
    Table,
    Id,
    OrgId,
    Kind,
    IntegrationId,
    EventId,
    DeliveryId,
    Payload,
    Status,
    Attempts,
    MaxAttempts,
    NextAttemptAt,
    LockedBy,
    LockedUntil,
    LastError,
    LastStatusCode,
    CreatedAt,
    UpdatedAt,
    DoneAt,
}

#[derive(DeriveIden)]
enum SyncAttempts {
    Table,
    Id,
    JobId,
    OrgId,
    IntegrationId,
    Attempt,
    StatusCode,
    LatencyMs,
    Ok,
    Error,
    At,
}

#[derive(DeriveIden)]
enum CrmLabelRules {
    Table,
    OrgId,
    UserId,
    CrmName,
    IncludedLabels,
    ExcludedLabels,
    UpdatedAt,
}

fn id_col<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c)
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

fn big<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().not_null().to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        for col in [
            ColumnDef::new(Integrations::SyncStatus)
                .string_len(20)
                .null()
                .to_owned(),
            ColumnDef::new(Integrations::LastSyncAt)
                .big_integer()
                .null()
                .to_owned(),
            ColumnDef::new(Integrations::SyncError)
                .text()
                .null()
                .to_owned(),
        ] {
            m.alter_table(
                Table::alter()
                    .table(Integrations::Table)
                    .add_column(col)
                    .to_owned(),
            )
            .await?;
        }

        m.create_table(
            Table::create()
                .table(SyncJobs::Table)
                .col(id_col(SyncJobs::Id))
                .col(big(SyncJobs::OrgId))
                // `webhook`, or the provider name of a CRM / spreadsheet link.
                .col(ColumnDef::new(SyncJobs::Kind).string_len(20).not_null())
                .col(big(SyncJobs::IntegrationId))
                .col(ColumnDef::new(SyncJobs::EventId).string_len(128).not_null())
                // The stable `webhook-id`: the receiver's idempotency key, kept across retries
                // and resends.
                .col(
                    ColumnDef::new(SyncJobs::DeliveryId)
                        .string_len(64)
                        .not_null()
                        .unique_key(),
                )
                .col(ColumnDef::new(SyncJobs::Payload).text().not_null())
                // `pending`, `delivered`, `skipped` or `dead`.
                .col(ColumnDef::new(SyncJobs::Status).string_len(12).not_null())
                .col(ColumnDef::new(SyncJobs::Attempts).integer().not_null())
                .col(ColumnDef::new(SyncJobs::MaxAttempts).integer().not_null())
                .col(big(SyncJobs::NextAttemptAt))
                .col(ColumnDef::new(SyncJobs::LockedBy).string_len(64).null())
                .col(ColumnDef::new(SyncJobs::LockedUntil).big_integer().null())
                .col(ColumnDef::new(SyncJobs::LastError).text().null())
                .col(ColumnDef::new(SyncJobs::LastStatusCode).integer().null())
                .col(big(SyncJobs::CreatedAt))
                .col(big(SyncJobs::UpdatedAt))
                .col(ColumnDef::new(SyncJobs::DoneAt).big_integer().null())
                .foreign_key(
                    ForeignKey::create()
                        .from(SyncJobs::Table, SyncJobs::OrgId)
                        .to(Organisations::Table, Organisations::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        // The worker's claim: due pending jobs, oldest first.
        m.create_index(
            Index::create()
                .name("idx_sync_jobs_due")
                .table(SyncJobs::Table)
                .col(SyncJobs::Status)
                .col(SyncJobs::NextAttemptAt)
                .to_owned(),
        )
        .await?;
        // A message reaches one target once.
        m.create_index(
            Index::create()
                .name("idx_sync_jobs_target_event")
                .table(SyncJobs::Table)
                .col(SyncJobs::IntegrationId)
                .col(SyncJobs::EventId)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sync_jobs_org_kind")
                .table(SyncJobs::Table)
                .col(SyncJobs::OrgId)
                .col(SyncJobs::Kind)
                .col(SyncJobs::Id)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(SyncAttempts::Table)
                .col(id_col(SyncAttempts::Id))
                .col(big(SyncAttempts::JobId))
                .col(big(SyncAttempts::OrgId))
                .col(big(SyncAttempts::IntegrationId))
                .col(ColumnDef::new(SyncAttempts::Attempt).integer().not_null())
                .col(ColumnDef::new(SyncAttempts::StatusCode).integer().null())
                .col(big(SyncAttempts::LatencyMs))
                .col(ColumnDef::new(SyncAttempts::Ok).boolean().not_null())
                .col(ColumnDef::new(SyncAttempts::Error).text().null())
                .col(big(SyncAttempts::At))
                .foreign_key(
                    ForeignKey::create()
                        .from(SyncAttempts::Table, SyncAttempts::JobId)
                        .to(SyncJobs::Table, SyncJobs::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_sync_attempts_job")
                .table(SyncAttempts::Table)
                .col(SyncAttempts::JobId)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(CrmLabelRules::Table)
                .col(big(CrmLabelRules::OrgId))
                .col(big(CrmLabelRules::UserId))
                .col(
                    ColumnDef::new(CrmLabelRules::CrmName)
                        .string_len(20)
                        .not_null(),
                )
                .col(
                    ColumnDef::new(CrmLabelRules::IncludedLabels)
                        .text()
                        .not_null(),
                )
                .col(
                    ColumnDef::new(CrmLabelRules::ExcludedLabels)
                        .text()
                        .not_null(),
                )
                .col(big(CrmLabelRules::UpdatedAt))
                .primary_key(
                    Index::create()
                        .col(CrmLabelRules::OrgId)
                        .col(CrmLabelRules::UserId)
                        .col(CrmLabelRules::CrmName),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(CrmLabelRules::Table, CrmLabelRules::OrgId)
                        .to(Organisations::Table, Organisations::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(CrmLabelRules::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(SyncAttempts::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(SyncJobs::Table).to_owned())
            .await?;
        for col in [
            Integrations::SyncStatus,
            Integrations::LastSyncAt,
            Integrations::SyncError,
        ] {
            m.alter_table(
                Table::alter()
                    .table(Integrations::Table)
                    .drop_column(col)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
