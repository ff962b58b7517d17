//! Billing (issue #15): the plans and add-ons the product sells (seeded with the prices of
//! docs/DECISIONS.md), the localised-currency constants, cached exchange rates, and what the
//! payment provider tells us — checkouts (one per idempotency key), subscriptions, each webhook
//! event recorded once, invoices, failed transactions and a history log per payer. A payer is an
//! organisation or a personal workspace (user); personal plans live on `users`.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Plans {
    Table,
    Id,
    PlanName,
    PlanType,
    IsMonthly,
    AmountMinor,
    Offerings,
    Sort,
}

#[derive(DeriveIden)]
enum Addons {
    Table,
    Id,
    Key,
    InrMinor,
    UsdMinor,
    AnnualInrMinor,
    AnnualUsdMinor,
}

#[derive(DeriveIden)]
enum CurrencyLocalisations {
    Table,
    Currency,
    FactorMicro,
    PlanidConstant,
}

#[derive(DeriveIden)]
enum ExchangeRates {
    Table,
    Base,
    Rates,
    FetchedAt,
}

#[derive(DeriveIden)]
enum BillingCheckouts {
    Table,
    Id,
    IdempotencyKey,
    OrgId,
    UserId,
    PlanId,
    Seats,
    Currency,
    SessionId,
    Url,
    Status,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Subscriptions {
    Table,
    Id,
    ProviderId,
    CustomerId,
    ItemId,
    OrgId,
    UserId,
    PlanId,
    Status,
    Currency,
    UnitAmountMinor,
    BillingInterval,
    Seats,
    PendingSeats,
    PeriodStart,
    PeriodEnd,
    CancelAtPeriodEnd,
    EventAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BillingEvents {
    Table,
    EventId,
    Kind,
    ReceivedAt,
}

#[derive(DeriveIden)]
enum BillingInvoices {
    Table,
    Id,
    ProviderId,
    OrgId,
    UserId,
    AmountMinor,
    Currency,
    Status,
    HostedUrl,
    CreatedAt,
}

#[derive(DeriveIden)]
enum FailedTransactions {
    Table,
    Id,
    InvoiceId,
    OrgId,
    UserId,
    AmountMinor,
    Currency,
    Reason,
    CreatedAt,
    ResolvedAt,
}

#[derive(DeriveIden)]
enum BillingHistory {
    Table,
    Id,
    OrgId,
    UserId,
    At,
    Kind,
    Detail,
}

#[derive(DeriveIden)]
enum Organisations {
    Table,
    DunningSince,
    AiAddon,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    PlanId,
    PlanIsTrial,
    PlanValidity,
    AiAddon,
}

fn id(c: impl IntoIden) -> ColumnDef {
    ColumnDef::new(c)
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

/// The indexes that find a payer's rows: by organisation and by personal workspace.
fn payer_index(table: &str) -> Vec<IndexCreateStatement> {
    ["org_id", "user_id"]
        .into_iter()
        .map(|col| {
            Index::create()
                .name(format!("idx_{table}_{col}"))
                .table(Alias::new(table))
                .col(Alias::new(col))
                .to_owned()
        })
        .collect()
}

/// The seeded catalogue: (id, name, type, monthly, USD cents per employee per month, offerings).
/// Ids as 000 §9 reads them: 1 Free; 3/7 Personal Pro and 8/9 Pro Plus (both shown as Pro Plus
/// by the id rule); 10/11 Teams; odd-after-normalising ids are the annual variants.
const PLANS: &[(i64, &str, &str, bool, i64, &str, i64)] = &[
    (
        1,
        "Free",
        "self",
        true,
        0,
        r#"["labels_5","quick_replies_5","signature"]"#,
        1,
    ),
    (
        3,
        "Personal Pro",
        "self",
        true,
        500,
        r#"["labels_unlimited","quick_replies_unlimited","no_signature","scheduler"]"#,
        2,
    ),
    (
        7,
        "Personal Pro",
        "self",
        false,
        385,
        r#"["labels_unlimited","quick_replies_unlimited","no_signature","scheduler"]"#,
        3,
    ),
    (
        8,
        "Pro Plus",
        "self",
        true,
        900,
        r#"["labels_unlimited","quick_replies_unlimited","no_signature","scheduler","crm_sync","ai_replies"]"#,
        4,
    ),
    (
        9,
        "Pro Plus",
        "self",
        false,
        693,
        r#"["labels_unlimited","quick_replies_unlimited","no_signature","scheduler","crm_sync","ai_replies"]"#,
        5,
    ),
    (
        10,
        "Teams",
        "teams",
        true,
        1200,
        r#"["everything_in_pro_plus","team_inbox","team_dashboards","shared_labels","admin_controls"]"#,
        6,
    ),
    (
        11,
        "Teams",
        "teams",
        false,
        924,
        r#"["everything_in_pro_plus","team_inbox","team_dashboards","shared_labels","admin_controls"]"#,
        7,
    ),
];

/// (id, key, inr, usd, annual inr, annual usd) in minor units per employee per month. 001 §3:
/// the first entry is the calls add-on, the second the WhatsApp add-on; 001 §9 gives the AI
/// Reply add-on's prices.
const ADDONS: &[(i64, &str, i64, i64, i64, i64)] = &[
    (1, "calls", 20_000, 500, 15_400, 385),
    (2, "whatsapp", 40_000, 1_000, 30_800, 770),
    (3, "ai_reply", 28_000, 700, 20_000, 500),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Plans::Table)
                .col(
                    ColumnDef::new(Plans::Id)
                        .big_integer()
                        .not_null()
                        .primary_key(),
                )
                .col(ColumnDef::new(Plans::PlanName).string_len(60).not_null())
                .col(ColumnDef::new(Plans::PlanType).string_len(10).not_null())
                .col(ColumnDef::new(Plans::IsMonthly).boolean().not_null())
                .col(ColumnDef::new(Plans::AmountMinor).big_integer().not_null())
                .col(ColumnDef::new(Plans::Offerings).text().not_null())
                .col(ColumnDef::new(Plans::Sort).integer().not_null())
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Addons::Table)
                .col(
                    ColumnDef::new(Addons::Id)
                        .big_integer()
                        .not_null()
                        .primary_key(),
                )
                .col(
                    ColumnDef::new(Addons::Key)
                        .string_len(30)
                        .not_null()
                        .unique_key(),
                )
                .col(ColumnDef::new(Addons::InrMinor).big_integer().not_null())
                .col(ColumnDef::new(Addons::UsdMinor).big_integer().not_null())
                .col(
                    ColumnDef::new(Addons::AnnualInrMinor)
                        .big_integer()
                        .not_null(),
                )
                .col(
                    ColumnDef::new(Addons::AnnualUsdMinor)
                        .big_integer()
                        .not_null(),
                )
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(CurrencyLocalisations::Table)
                .col(
                    ColumnDef::new(CurrencyLocalisations::Currency)
                        .string_len(3)
                        .not_null()
                        .primary_key(),
                )
                .col(
                    ColumnDef::new(CurrencyLocalisations::FactorMicro)
                        .big_integer()
                        .not_null(),
                )
                .col(
                    ColumnDef::new(CurrencyLocalisations::PlanidConstant)
                        .big_integer()
                        .not_null(),
                )
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(ExchangeRates::Table)
                .col(
                    ColumnDef::new(ExchangeRates::Base)
                        .string_len(3)
                        .not_null()
                        .primary_key(),
                )
                .col(ColumnDef::new(ExchangeRates::Rates).text().not_null())
                .col(
                    ColumnDef::new(ExchangeRates::FetchedAt)
                        .big_integer()
                        .not_null(),
                )
                .to_owned(),
        )
        .await?;
        {
            use BillingCheckouts as T;
            m.create_table(
                Table::create()
                    .table(T::Table)
                    .col(id(T::Id))
                    .col(
                        ColumnDef::new(T::IdempotencyKey)
                            .string_len(100)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(T::OrgId).big_integer().null())
                    .col(ColumnDef::new(T::UserId).big_integer().null())
                    .col(ColumnDef::new(T::PlanId).big_integer().not_null())
                    .col(ColumnDef::new(T::Seats).integer().not_null())
                    .col(ColumnDef::new(T::Currency).string_len(3).not_null())
                    .col(ColumnDef::new(T::SessionId).string_len(255).null())
                    .col(ColumnDef::new(T::Url).text().null())
                    .col(ColumnDef::new(T::Status).string_len(20).not_null())
                    .col(ColumnDef::new(T::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
            for i in payer_index("billing_checkouts") {
                m.create_index(i).await?;
            }
        }
        {
            use Subscriptions as T;
            m.create_table(
                Table::create()
                    .table(T::Table)
                    .col(id(T::Id))
                    .col(
                        ColumnDef::new(T::ProviderId)
                            .string_len(255)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(T::CustomerId).string_len(255).null())
                    .col(ColumnDef::new(T::ItemId).string_len(255).null())
                    .col(ColumnDef::new(T::OrgId).big_integer().null())
                    .col(ColumnDef::new(T::UserId).big_integer().null())
                    .col(ColumnDef::new(T::PlanId).big_integer().not_null())
                    .col(ColumnDef::new(T::Status).string_len(30).not_null())
                    .col(ColumnDef::new(T::Currency).string_len(3).not_null())
                    .col(ColumnDef::new(T::UnitAmountMinor).big_integer().not_null())
                    .col(ColumnDef::new(T::BillingInterval).string_len(10).not_null())
                    .col(ColumnDef::new(T::Seats).integer().not_null())
                    .col(ColumnDef::new(T::PendingSeats).integer().null())
                    .col(ColumnDef::new(T::PeriodStart).big_integer().null())
                    .col(ColumnDef::new(T::PeriodEnd).big_integer().null())
                    .col(ColumnDef::new(T::CancelAtPeriodEnd).boolean().not_null())
                    .col(ColumnDef::new(T::EventAt).big_integer().not_null())
                    .col(ColumnDef::new(T::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(T::UpdatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
            for i in payer_index("subscriptions") {
                m.create_index(i).await?;
            }
        }
        m.create_table(
            Table::create()
                .table(BillingEvents::Table)
                .col(
                    ColumnDef::new(BillingEvents::EventId)
                        .string_len(255)
                        .not_null()
                        .primary_key(),
                )
                .col(
                    ColumnDef::new(BillingEvents::Kind)
                        .string_len(80)
                        .not_null(),
                )
                .col(
                    ColumnDef::new(BillingEvents::ReceivedAt)
                        .big_integer()
                        .not_null(),
                )
                .to_owned(),
        )
        .await?;
        {
            use BillingInvoices as T;
            m.create_table(
                Table::create()
                    .table(T::Table)
                    .col(id(T::Id))
                    .col(
                        ColumnDef::new(T::ProviderId)
                            .string_len(255)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(T::OrgId).big_integer().null())
                    .col(ColumnDef::new(T::UserId).big_integer().null())
                    .col(ColumnDef::new(T::AmountMinor).big_integer().not_null())
                    .col(ColumnDef::new(T::Currency).string_len(3).not_null())
                    .col(ColumnDef::new(T::Status).string_len(20).not_null())
                    .col(ColumnDef::new(T::HostedUrl).text().null())
                    .col(ColumnDef::new(T::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
            for i in payer_index("billing_invoices") {
                m.create_index(i).await?;
            }
        }
        {
            use FailedTransactions as T;
            m.create_table(
                Table::create()
                    .table(T::Table)
                    .col(id(T::Id))
                    .col(ColumnDef::new(T::InvoiceId).string_len(255).not_null())
                    .col(ColumnDef::new(T::OrgId).big_integer().null())
                    .col(ColumnDef::new(T::UserId).big_integer().null())
                    .col(ColumnDef::new(T::AmountMinor).big_integer().not_null())
                    .col(ColumnDef::new(T::Currency).string_len(3).not_null())
                    .col(ColumnDef::new(T::Reason).text().null())
                    .col(ColumnDef::new(T::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(T::ResolvedAt).big_integer().null())
                    .to_owned(),
            )
            .await?;
            for i in payer_index("failed_transactions") {
                m.create_index(i).await?;
            }
        }
        {
            use BillingHistory as T;
            m.create_table(
                Table::create()
                    .table(T::Table)
                    .col(id(T::Id))
                    .col(ColumnDef::new(T::OrgId).big_integer().null())
                    .col(ColumnDef::new(T::UserId).big_integer().null())
                    .col(ColumnDef::new(T::At).big_integer().not_null())
                    .col(ColumnDef::new(T::Kind).string_len(40).not_null())
                    .col(ColumnDef::new(T::Detail).text().not_null())
                    .to_owned(),
            )
            .await?;
            for i in payer_index("billing_history") {
                m.create_index(i).await?;
            }
        }
        m.alter_table(
            Table::alter()
                .table(Organisations::Table)
                .add_column(
                    ColumnDef::new(Organisations::DunningSince)
                        .big_integer()
                        .null(),
                )
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(Organisations::Table)
                .add_column(
                    ColumnDef::new(Organisations::AiAddon)
                        .boolean()
                        .not_null()
                        .default(false),
                )
                .to_owned(),
        )
        .await?;
        for col in [
            ColumnDef::new(Users::PlanId)
                .big_integer()
                .not_null()
                .default(1)
                .to_owned(),
            ColumnDef::new(Users::PlanIsTrial)
                .boolean()
                .not_null()
                .default(false)
                .to_owned(),
            ColumnDef::new(Users::PlanValidity)
                .big_integer()
                .null()
                .to_owned(),
            ColumnDef::new(Users::AiAddon)
                .boolean()
                .not_null()
                .default(false)
                .to_owned(),
        ] {
            m.alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(col)
                    .to_owned(),
            )
            .await?;
        }

        for (id, name, kind, monthly, amount, offerings, sort) in PLANS {
            m.exec_stmt(
                Query::insert()
                    .into_table(Plans::Table)
                    .columns([
                        Plans::Id,
                        Plans::PlanName,
                        Plans::PlanType,
                        Plans::IsMonthly,
                        Plans::AmountMinor,
                        Plans::Offerings,
                        Plans::Sort,
                    ])
                    .values_panic([
                        (*id).into(),
                        (*name).into(),
                        (*kind).into(),
                        (*monthly).into(),
                        (*amount).into(),
                        (*offerings).into(),
                        (*sort).into(),
                    ])
                    .to_owned(),
            )
            .await?;
        }
        for (id, key, inr, usd, annual_inr, annual_usd) in ADDONS {
            m.exec_stmt(
                Query::insert()
                    .into_table(Addons::Table)
                    .columns([
                        Addons::Id,
                        Addons::Key,
                        Addons::InrMinor,
                        Addons::UsdMinor,
                        Addons::AnnualInrMinor,
                        Addons::AnnualUsdMinor,
                    ])
                    .values_panic([
                        (*id).into(),
                        (*key).into(),
                        (*inr).into(),
                        (*usd).into(),
                        (*annual_inr).into(),
                        (*annual_usd).into(),
                    ])
                    .to_owned(),
            )
            .await?;
        }
        // 001 §7 items 6 and 8: INR prices are the dollar amount × 40 (the AI Reply add-on's
        // 7 USD / 280 INR), and localised plan ids are the plan id + 1000 (000 §9).
        m.exec_stmt(
            Query::insert()
                .into_table(CurrencyLocalisations::Table)
                .columns([
                    CurrencyLocalisations::Currency,
                    CurrencyLocalisations::FactorMicro,
                    CurrencyLocalisations::PlanidConstant,
                ])
                .values_panic(["INR".into(), 40_000_000i64.into(), 1000i64.into()])
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for t in [
            "billing_history",
            "failed_transactions",
            "billing_invoices",
            "billing_events",
            "subscriptions",
            "billing_checkouts",
            "exchange_rates",
            "currency_localisations",
            "addons",
            "plans",
        ] {
            m.drop_table(Table::drop().table(Alias::new(t)).to_owned())
                .await?;
        }
        Ok(())
    }
}
