//! The billing tables (migration 000009): the catalogue (plans, add-ons, localised currencies,
//! cached exchange rates) and what the payment provider told us (checkouts, subscriptions,
//! events, invoices, failed transactions, the history log). A payer is an organisation
//! (`org_id`) or a personal workspace (`user_id`); exactly one of the two is set.

/// A plan the product sells (001 §3 Plan). Prices are US cents per employee per month.
pub mod plan {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "plans")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: i64,
        pub plan_name: String,
        /// `self` (individual) or `teams`.
        pub plan_type: String,
        pub is_monthly: bool,
        pub amount_minor: i64,
        /// A JSON array of offering keys (translated by the web app).
        pub offerings: String,
        pub sort: i32,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// A team add-on (001 §3: calls first, WhatsApp second; the AI Reply add-on of 001 §9 third).
pub mod addon {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "addons")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: i64,
        pub key: String,
        pub inr_minor: i64,
        pub usd_minor: i64,
        pub annual_inr_minor: i64,
        pub annual_usd_minor: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// 001 §3 currency data: the price factor (in millionths) and plan id offset of a currency.
pub mod currency_localisation {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "currency_localisations")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub currency: String,
        pub factor_micro: i64,
        pub planid_constant: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// The last rates fetched from the exchange-rate provider, per base currency (a JSON object).
pub mod exchange_rate {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "exchange_rates")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub base: String,
        pub rates: String,
        pub fetched_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// A checkout session asked of the provider, one per idempotency key.
pub mod checkout {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "billing_checkouts")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        #[sea_orm(unique)]
        pub idempotency_key: String,
        pub org_id: Option<i64>,
        pub user_id: Option<i64>,
        pub plan_id: i64,
        pub seats: i32,
        pub currency: String,
        pub session_id: Option<String>,
        pub url: Option<String>,
        /// `open` until the provider reports it completed.
        pub status: String,
        pub created_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// A subscription as the provider last described it (`event_at`: the newest event applied).
pub mod subscription {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "subscriptions")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        #[sea_orm(unique)]
        pub provider_id: String,
        pub customer_id: Option<String>,
        pub item_id: Option<String>,
        pub org_id: Option<i64>,
        pub user_id: Option<i64>,
        pub plan_id: i64,
        pub status: String,
        /// Upper-case ISO code the seats are charged in.
        pub currency: String,
        /// Price of one seat for one `interval`, minor units.
        pub unit_amount_minor: i64,
        /// `month` or `year`.
        pub billing_interval: String,
        pub seats: i32,
        /// Seats to keep from the period's end (a removal waits for it).
        pub pending_seats: Option<i32>,
        pub period_start: Option<i64>,
        pub period_end: Option<i64>,
        pub cancel_at_period_end: bool,
        pub event_at: i64,
        pub created_at: i64,
        pub updated_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// A webhook event id, recorded once: a second delivery of the same event changes nothing.
pub mod event {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "billing_events")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub event_id: String,
        pub kind: String,
        pub received_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// An invoice the provider reported paid or failed.
pub mod invoice {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "billing_invoices")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        #[sea_orm(unique)]
        pub provider_id: String,
        pub org_id: Option<i64>,
        pub user_id: Option<i64>,
        pub amount_minor: i64,
        pub currency: String,
        /// `paid` or `failed`.
        pub status: String,
        pub hosted_url: Option<String>,
        pub created_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// A payment that failed (000 §2 `/failedtransactions`); resolved when the invoice is paid.
pub mod failed_transaction {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "failed_transactions")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub invoice_id: String,
        pub org_id: Option<i64>,
        pub user_id: Option<i64>,
        pub amount_minor: i64,
        pub currency: String,
        pub reason: Option<String>,
        pub created_at: i64,
        pub resolved_at: Option<i64>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// One line of a payer's billing history (plan changes, seats, payments).
pub mod history {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "billing_history")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub org_id: Option<i64>,
        pub user_id: Option<i64>,
        pub at: i64,
        /// What happened, a stable key the web app translates.
        pub kind: String,
        /// A JSON object of the numbers the text interpolates.
        pub detail: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
