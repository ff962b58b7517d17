//! Billing (issue #15): the plans and add-ons the product sells (seeded with the prices of
//! docs/DECISIONS.md), the localised-currency constants, cached exchange rates, and what the
//! payment provider tells us — checkouts (one per idempotency key), subscriptions, each webhook
//! event recorded once, invoices, failed transactions and a history log per payer. A payer is an
//! organisation or a personal workspace (user); personal plans live on `users`.

use crate::columns::{
    add_columns, at, at_null, big, big_key, boolean, created_updated, flag, id, int, int_null,
    migration, payer, primary, string, string_null, text, text_null, unique, with_default, Tables,
};
use sea_orm_migration::prelude::*;

migration!();

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

/// Inserts the row `values` into `table`'s `columns` (their names, separated by spaces).
async fn insert(
    m: &SchemaManager<'_>,
    table: &str,
    columns: &str,
    values: impl IntoValueTuple,
) -> Result<(), DbErr> {
    let values = values.into_value_tuple().into_iter().map(SimpleExpr::from);
    m.exec_stmt(
        Query::insert()
            .into_table(Alias::new(table))
            .columns(columns.split_whitespace().map(Alias::new))
            .values_panic(values)
            .to_owned(),
    )
    .await
}

fn tables(t: &mut Tables) {
    t.add("plans").columns([
        big_key("id"),
        string("plan_name", 60),
        string("plan_type", 10),
        boolean("is_monthly"),
        big("amount_minor"),
        text("offerings"),
        int("sort"),
    ]);
    t.add("addons").columns([
        big_key("id"),
        unique(string("key", 30)),
        big("inr_minor"),
        big("usd_minor"),
        big("annual_inr_minor"),
        big("annual_usd_minor"),
    ]);
    t.add("currency_localisations").columns([
        primary(string("currency", 3)),
        big("factor_micro"),
        big("planid_constant"),
    ]);
    t.add("exchange_rates")
        .columns([primary(string("base", 3)), text("rates"), at("fetched_at")]);

    t.add("billing_checkouts")
        .columns([id(), unique(string("idempotency_key", 100))])
        .columns(payer())
        .columns([
            big("plan_id"),
            int("seats"),
            string("currency", 3),
            string_null("session_id", 255),
            text_null("url"),
            string("status", 20),
            at("created_at"),
        ])
        .payer_indexes();

    t.add("subscriptions")
        .columns([
            id(),
            unique(string("provider_id", 255)),
            string_null("customer_id", 255),
            string_null("item_id", 255),
        ])
        .columns(payer())
        .columns([
            big("plan_id"),
            string("status", 30),
            string("currency", 3),
            big("unit_amount_minor"),
            string("billing_interval", 10),
            int("seats"),
            int_null("pending_seats"),
            at_null("period_start"),
            at_null("period_end"),
            boolean("cancel_at_period_end"),
            at("event_at"),
        ])
        .columns(created_updated())
        .payer_indexes();

    t.add("billing_events").columns([
        primary(string("event_id", 255)),
        string("kind", 80),
        at("received_at"),
    ]);

    t.add("billing_invoices")
        .columns([id(), unique(string("provider_id", 255))])
        .columns(payer())
        .columns([
            big("amount_minor"),
            string("currency", 3),
            string("status", 20),
            text_null("hosted_url"),
            at("created_at"),
        ])
        .payer_indexes();

    t.add("failed_transactions")
        .columns([id(), string("invoice_id", 255)])
        .columns(payer())
        .columns([
            big("amount_minor"),
            string("currency", 3),
            text_null("reason"),
            at("created_at"),
            at_null("resolved_at"),
        ])
        .payer_indexes();

    t.add("billing_history")
        .columns([id()])
        .columns(payer())
        .columns([at("at"), string("kind", 40), text("detail")])
        .payer_indexes();
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    Tables::new(tables).create(m).await?;
    let dunning = [at_null("dunning_since"), flag("ai_addon", false)];
    add_columns(m, "organisations", dunning).await?;
    let personal_plan = [
        with_default(big("plan_id"), 1),
        flag("plan_is_trial", false),
        at_null("plan_validity"),
        flag("ai_addon", false),
    ];
    add_columns(m, "users", personal_plan).await?;

    let plan_columns = "id plan_name plan_type is_monthly amount_minor offerings sort";
    for plan in PLANS {
        insert(m, "plans", plan_columns, *plan).await?;
    }
    let addon_columns = "id key inr_minor usd_minor annual_inr_minor annual_usd_minor";
    for addon in ADDONS {
        insert(m, "addons", addon_columns, *addon).await?;
    }
    // 001 §7 items 6 and 8: INR prices are the dollar amount × 40 (the AI Reply add-on's
    // 7 USD / 280 INR), and localised plan ids are the plan id + 1000 (000 §9).
    let inr = ("INR", 40_000_000i64, 1000i64);
    let columns = "currency factor_micro planid_constant";
    insert(m, "currency_localisations", columns, inr).await?;
    Ok(())
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    Tables::new(tables).drop(m).await
}
