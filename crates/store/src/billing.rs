//! Billing (issue #15): the catalogue (plans, add-ons, localised currencies, cached exchange
//! rates) and the payer's side of the payment provider — checkouts, subscriptions, each webhook
//! event applied once in the transaction that records it, invoices, failed transactions and the
//! history log. A payer is an organisation or a personal workspace; every query names it.

use crate::entity::billing::{
    addon, checkout, currency_localisation, event, exchange_rate, failed_transaction, history,
    invoice, plan, subscription,
};
use crate::entity::{organisation, user};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, SqlErr,
};

/// Whose plan: an organisation, or a person's own workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payer {
    Org(i64),
    User(i64),
}

impl Payer {
    fn ids(self) -> (Option<i64>, Option<i64>) {
        match self {
            Payer::Org(id) => (Some(id), None),
            Payer::User(id) => (None, Some(id)),
        }
    }

    /// The payer a row names (`org_id` first).
    pub fn of(org_id: Option<i64>, user_id: Option<i64>) -> Option<Payer> {
        match (org_id, user_id) {
            (Some(o), _) => Some(Payer::Org(o)),
            (None, Some(u)) => Some(Payer::User(u)),
            _ => None,
        }
    }
}

/// `col = id` for the payer's column, and `IS NULL` for the other.
macro_rules! of_payer {
    ($query:expr, $entity:ident, $payer:expr) => {{
        match $payer {
            Payer::Org(id) => $query.filter($entity::Column::OrgId.eq(id)),
            Payer::User(id) => $query
                .filter($entity::Column::UserId.eq(id))
                .filter($entity::Column::OrgId.is_null()),
        }
    }};
}

// ---- catalogue ---------------------------------------------------------------------------------

/// Every plan, in the catalogue's order.
pub async fn plans(store: &Store) -> Result<Vec<plan::Model>, StoreError> {
    Ok(plan::Entity::find()
        .order_by_asc(plan::Column::Sort)
        .all(store.conn())
        .await?)
}

pub async fn plan(store: &Store, id: i64) -> Result<Option<plan::Model>, StoreError> {
    Ok(plan::Entity::find_by_id(id).one(store.conn()).await?)
}

/// The add-ons: calls first, WhatsApp second, AI Reply third (001 §3).
pub async fn addons(store: &Store) -> Result<Vec<addon::Model>, StoreError> {
    Ok(addon::Entity::find()
        .order_by_asc(addon::Column::Id)
        .all(store.conn())
        .await?)
}

/// The localisation of `currency` (upper case), if it has one.
pub async fn localisation(
    store: &Store,
    currency: &str,
) -> Result<Option<currency_localisation::Model>, StoreError> {
    Ok(
        currency_localisation::Entity::find_by_id(currency.to_owned())
            .one(store.conn())
            .await?,
    )
}

/// The cached rates from `base`, if any were fetched.
pub async fn cached_rates(
    store: &Store,
    base: &str,
) -> Result<Option<exchange_rate::Model>, StoreError> {
    Ok(exchange_rate::Entity::find_by_id(base.to_owned())
        .one(store.conn())
        .await?)
}

/// Stores freshly fetched rates (a JSON object) for `base`.
pub async fn save_rates(
    store: &Store,
    base: &str,
    rates: &str,
    now: EpochMs,
) -> Result<(), StoreError> {
    let row = exchange_rate::ActiveModel {
        base: Set(base.to_owned()),
        rates: Set(rates.to_owned()),
        fetched_at: Set(now),
    };
    exchange_rate::Entity::insert(row)
        .on_conflict(
            sea_orm::sea_query::OnConflict::column(exchange_rate::Column::Base)
                .update_columns([
                    exchange_rate::Column::Rates,
                    exchange_rate::Column::FetchedAt,
                ])
                .to_owned(),
        )
        .exec(store.conn())
        .await?;
    Ok(())
}

// ---- checkouts ---------------------------------------------------------------------------------

/// A checkout to ask the provider for.
#[derive(Debug, Clone)]
pub struct NewCheckout {
    pub key: String,
    pub payer: Payer,
    pub plan_id: i64,
    pub seats: i32,
    pub currency: String,
}

/// Claims `key`: `Ok(None)` when this call inserted it (the caller asks the provider), or the
/// row another call made first (its URL once that call stored it).
pub async fn claim_checkout(
    store: &Store,
    new: &NewCheckout,
    now: EpochMs,
) -> Result<Option<checkout::Model>, StoreError> {
    let (org_id, user_id) = new.payer.ids();
    let row = checkout::ActiveModel {
        idempotency_key: Set(new.key.clone()),
        org_id: Set(org_id),
        user_id: Set(user_id),
        plan_id: Set(new.plan_id),
        seats: Set(new.seats),
        currency: Set(new.currency.clone()),
        status: Set("open".to_owned()),
        created_at: Set(now),
        ..Default::default()
    };
    match row.insert(store.conn()).await {
        Ok(_) => Ok(None),
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            Ok(checkout::Entity::find()
                .filter(checkout::Column::IdempotencyKey.eq(new.key.clone()))
                .one(store.conn())
                .await?)
        }
        Err(e) => Err(e.into()),
    }
}

/// The checkout of `key`.
pub async fn checkout_by_key(
    store: &Store,
    key: &str,
) -> Result<Option<checkout::Model>, StoreError> {
    Ok(checkout::Entity::find()
        .filter(checkout::Column::IdempotencyKey.eq(key))
        .one(store.conn())
        .await?)
}

/// Records the provider's session for the checkout of `key`.
pub async fn set_checkout_session(
    store: &Store,
    key: &str,
    session_id: &str,
    url: &str,
) -> Result<(), StoreError> {
    checkout::Entity::update_many()
        .col_expr(checkout::Column::SessionId, Expr::value(session_id))
        .col_expr(checkout::Column::Url, Expr::value(url))
        .filter(checkout::Column::IdempotencyKey.eq(key))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Forgets a claimed checkout whose provider call failed, so a retry asks again.
pub async fn drop_checkout(store: &Store, key: &str) -> Result<(), StoreError> {
    checkout::Entity::delete_many()
        .filter(checkout::Column::IdempotencyKey.eq(key))
        .filter(checkout::Column::SessionId.is_null())
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Whether this server created a checkout for `payer` (a subscription the provider reports for a
/// payer nobody here sent to a checkout is not applied to it).
pub async fn checkout_exists_for(
    txn: &impl ConnectionTrait,
    payer: Payer,
) -> Result<bool, StoreError> {
    Ok(of_payer!(checkout::Entity::find(), checkout, payer)
        .one(txn)
        .await?
        .is_some())
}

/// The checkout the provider's session `session_id` belongs to.
pub async fn checkout_by_session(
    txn: &impl ConnectionTrait,
    session_id: &str,
) -> Result<Option<checkout::Model>, StoreError> {
    Ok(checkout::Entity::find()
        .filter(checkout::Column::SessionId.eq(session_id))
        .one(txn)
        .await?)
}

// ---- events and subscriptions ------------------------------------------------------------------

/// Opens the transaction an event is applied in. `Ok(None)` when the event id was recorded
/// before: it has been applied, and nothing is to change.
pub async fn begin_event(
    store: &Store,
    event_id: &str,
    kind: &str,
    now: EpochMs,
) -> Result<Option<DatabaseTransaction>, StoreError> {
    let txn = store.begin_write().await?;
    let row = event::ActiveModel {
        event_id: Set(event_id.to_owned()),
        kind: Set(kind.to_owned()),
        received_at: Set(now),
    };
    match row.insert(&txn).await {
        Ok(_) => Ok(Some(txn)),
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            txn.rollback().await?;
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// A subscription as the provider described it at `event_at`.
#[derive(Debug, Clone)]
pub struct SubscriptionState {
    pub provider_id: String,
    pub customer_id: Option<String>,
    pub item_id: Option<String>,
    pub payer: Payer,
    pub plan_id: i64,
    pub status: String,
    pub currency: String,
    pub unit_amount_minor: i64,
    pub interval: String,
    pub seats: i32,
    pub period_start: Option<EpochMs>,
    pub period_end: Option<EpochMs>,
    pub cancel_at_period_end: bool,
    pub ended_at: Option<EpochMs>,
    /// Whether the AI Reply add-on is bought with it (None: unknown, left as it is).
    pub ai_addon: Option<bool>,
}

impl SubscriptionState {
    /// Statuses in which the plan's features run (a failed payment is retried meanwhile).
    pub fn runs(&self) -> bool {
        matches!(self.status.as_str(), "active" | "trialing" | "past_due")
    }
}

/// The subscription of `provider_id`, if known.
pub async fn subscription_by_provider_id(
    txn: &impl ConnectionTrait,
    provider_id: &str,
) -> Result<Option<subscription::Model>, StoreError> {
    Ok(subscription::Entity::find()
        .filter(subscription::Column::ProviderId.eq(provider_id))
        .one(txn)
        .await?)
}

/// The payer's newest subscription that still runs, else its newest.
pub async fn subscription_of(
    store: &Store,
    payer: Payer,
) -> Result<Option<subscription::Model>, StoreError> {
    let all = of_payer!(subscription::Entity::find(), subscription, payer)
        .order_by_desc(subscription::Column::Id)
        .all(store.conn())
        .await?;
    let running = all
        .iter()
        .find(|s| matches!(s.status.as_str(), "active" | "trialing" | "past_due"))
        .cloned();
    Ok(running.or_else(|| all.into_iter().next()))
}

/// Applies a subscription's state unless a newer event was applied already (events arrive in
/// any order: `event_at` is the provider's `created` of the event that carried it). Moves the
/// payer's plan along: while the subscription runs, its plan, seats and period end; once it
/// ended, the period ends when it did (the grace period then runs). Answers whether it applied.
pub async fn apply_subscription(
    txn: &DatabaseTransaction,
    s: &SubscriptionState,
    event_at: EpochMs,
    now: EpochMs,
) -> Result<bool, StoreError> {
    let (org_id, user_id) = s.payer.ids();
    // Locked on PostgreSQL until the event's transaction ends, so two events of one subscription
    // applied at once are applied one after the other and the newer wins (SQLite's single writer
    // does the same).
    let mut find =
        subscription::Entity::find().filter(subscription::Column::ProviderId.eq(&s.provider_id));
    if txn.get_database_backend() == sea_orm::DbBackend::Postgres {
        find = find.lock_exclusive();
    }
    let existing = find.one(txn).await?;
    if existing.as_ref().is_some_and(|e| e.event_at > event_at) {
        return Ok(false);
    }
    // A removal of seats waits for the period's end: until then the payer keeps the seats.
    let pending = existing.as_ref().and_then(|e| e.pending_seats);
    let keep_until_end = pending == Some(s.seats)
        && existing
            .as_ref()
            .and_then(|e| e.period_end)
            .is_some_and(|end| now < end && s.period_end == Some(end));
    let held_seats = if keep_until_end {
        existing.as_ref().map_or(s.seats, |e| e.seats.max(s.seats))
    } else {
        s.seats
    };
    let mut row = match &existing {
        Some(e) => subscription::ActiveModel::from(e.clone()),
        None => subscription::ActiveModel {
            provider_id: Set(s.provider_id.clone()),
            created_at: Set(now),
            ..Default::default()
        },
    };
    row.customer_id = Set(s.customer_id.clone());
    row.item_id = Set(s.item_id.clone());
    row.org_id = Set(org_id);
    row.user_id = Set(user_id);
    row.plan_id = Set(s.plan_id);
    row.status = Set(s.status.clone());
    row.currency = Set(s.currency.clone());
    row.unit_amount_minor = Set(s.unit_amount_minor);
    row.billing_interval = Set(s.interval.clone());
    row.seats = Set(held_seats);
    row.pending_seats = Set(if keep_until_end { pending } else { None });
    row.period_start = Set(s.period_start);
    row.period_end = Set(s.period_end);
    row.cancel_at_period_end = Set(s.cancel_at_period_end);
    row.event_at = Set(event_at);
    row.updated_at = Set(now);
    if existing.is_some() {
        row.update(txn).await?;
    } else {
        row.insert(txn).await?;
    }
    let (plan_id, is_trial, validity) = if s.runs() {
        (s.plan_id, s.status == "trialing", s.period_end)
    } else {
        let ended = s.ended_at.or(s.period_end).unwrap_or(now).min(now);
        (s.plan_id, false, Some(ended))
    };
    set_plan(txn, s.payer, plan_id, is_trial, validity, Some(held_seats)).await?;
    if let Some(ai) = s.ai_addon {
        set_ai_addon(txn, s.payer, ai && s.runs()).await?;
    }
    let kind = if !s.runs() {
        "subscription_ended"
    } else if existing.is_none() {
        "subscription_started"
    } else {
        "subscription_updated"
    };
    add_history(
        txn,
        s.payer,
        now,
        kind,
        serde_json::json!({
            "plan_id": s.plan_id,
            "seats": held_seats,
            "billed_seats": s.seats,
            "status": s.status,
            "from_plan_id": existing.as_ref().map(|e| e.plan_id),
            "from_seats": existing.as_ref().map(|e| e.seats),
            "interval": s.interval,
            "unit_amount_minor": s.unit_amount_minor,
            "currency": s.currency,
        }),
    )
    .await?;
    Ok(true)
}

/// Writes the payer's plan: an organisation's plan, trial flag, validity and seats, or a
/// person's own plan.
pub async fn set_plan(
    txn: &impl ConnectionTrait,
    payer: Payer,
    plan_id: i64,
    is_trial: bool,
    validity: Option<EpochMs>,
    seats: Option<i32>,
) -> Result<(), StoreError> {
    match payer {
        Payer::Org(id) => {
            let mut q = organisation::Entity::update_many()
                .col_expr(organisation::Column::PlanId, Expr::value(plan_id as i32))
                .col_expr(organisation::Column::IsTrial, Expr::value(is_trial))
                .col_expr(organisation::Column::Validity, Expr::value(validity));
            if let Some(seats) = seats {
                q = q.col_expr(organisation::Column::SeatIssued, Expr::value(seats));
            }
            q.filter(organisation::Column::Id.eq(id)).exec(txn).await?;
        }
        Payer::User(id) => {
            user::Entity::update_many()
                .col_expr(user::Column::PlanId, Expr::value(plan_id))
                .col_expr(user::Column::PlanIsTrial, Expr::value(is_trial))
                .col_expr(user::Column::PlanValidity, Expr::value(validity))
                .filter(user::Column::Id.eq(id))
                .exec(txn)
                .await?;
        }
    }
    Ok(())
}

async fn set_ai_addon(
    txn: &impl ConnectionTrait,
    payer: Payer,
    on: bool,
) -> Result<(), StoreError> {
    match payer {
        Payer::Org(id) => {
            organisation::Entity::update_many()
                .col_expr(organisation::Column::AiAddon, Expr::value(on))
                .filter(organisation::Column::Id.eq(id))
                .exec(txn)
                .await?;
        }
        Payer::User(id) => {
            user::Entity::update_many()
                .col_expr(user::Column::AiAddon, Expr::value(on))
                .filter(user::Column::Id.eq(id))
                .exec(txn)
                .await?;
        }
    }
    Ok(())
}

/// Marks the checkout of `session_id` complete and links its customer to the subscription row
/// if that is known already.
pub async fn complete_checkout(
    txn: &DatabaseTransaction,
    session_id: &str,
) -> Result<Option<checkout::Model>, StoreError> {
    let Some(c) = checkout_by_session(txn, session_id).await? else {
        return Ok(None);
    };
    checkout::Entity::update_many()
        .col_expr(checkout::Column::Status, Expr::value("complete"))
        .filter(checkout::Column::Id.eq(c.id))
        .exec(txn)
        .await?;
    Ok(Some(c))
}

/// Records a seat removal to apply at the period's end.
pub async fn set_pending_seats(
    store: &Store,
    subscription_id: i64,
    pending: Option<i32>,
) -> Result<(), StoreError> {
    subscription::Entity::update_many()
        .col_expr(subscription::Column::PendingSeats, Expr::value(pending))
        .filter(subscription::Column::Id.eq(subscription_id))
        .exec(store.conn())
        .await?;
    Ok(())
}

// ---- invoices, failed payments, dunning --------------------------------------------------------

/// An invoice as reported.
#[derive(Debug, Clone)]
pub struct InvoiceFacts {
    pub provider_id: String,
    pub payer: Payer,
    pub amount_minor: i64,
    pub currency: String,
    pub hosted_url: Option<String>,
    pub reason: Option<String>,
}

async fn upsert_invoice(
    txn: &DatabaseTransaction,
    i: &InvoiceFacts,
    status: &str,
    now: EpochMs,
) -> Result<(), StoreError> {
    let (org_id, user_id) = i.payer.ids();
    let existing = invoice::Entity::find()
        .filter(invoice::Column::ProviderId.eq(i.provider_id.clone()))
        .one(txn)
        .await?;
    match existing {
        // A paid invoice stays paid, whatever arrives after.
        Some(e) if e.status == "paid" => {}
        Some(e) => {
            let mut row = invoice::ActiveModel::from(e);
            row.status = Set(status.to_owned());
            row.amount_minor = Set(i.amount_minor);
            row.hosted_url = Set(i.hosted_url.clone());
            row.update(txn).await?;
        }
        None => {
            invoice::ActiveModel {
                provider_id: Set(i.provider_id.clone()),
                org_id: Set(org_id),
                user_id: Set(user_id),
                amount_minor: Set(i.amount_minor),
                currency: Set(i.currency.clone()),
                status: Set(status.to_owned()),
                hosted_url: Set(i.hosted_url.clone()),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(txn)
            .await?;
        }
    }
    Ok(())
}

/// `invoice.paid`: the invoice is paid, its failed transactions are resolved, and the payer
/// leaves the dunning state when nothing else is unpaid.
pub async fn invoice_paid(
    txn: &DatabaseTransaction,
    i: &InvoiceFacts,
    now: EpochMs,
) -> Result<(), StoreError> {
    upsert_invoice(txn, i, "paid", now).await?;
    failed_transaction::Entity::update_many()
        .col_expr(failed_transaction::Column::ResolvedAt, Expr::value(now))
        .filter(failed_transaction::Column::InvoiceId.eq(i.provider_id.clone()))
        .filter(failed_transaction::Column::ResolvedAt.is_null())
        .exec(txn)
        .await?;
    let unpaid = of_payer!(
        failed_transaction::Entity::find(),
        failed_transaction,
        i.payer
    )
    .filter(failed_transaction::Column::ResolvedAt.is_null())
    .limit(1)
    .all(txn)
    .await?;
    if unpaid.is_empty() {
        set_dunning(txn, i.payer, None).await?;
    }
    add_history(
        txn,
        i.payer,
        now,
        "invoice_paid",
        serde_json::json!({"amount_minor": i.amount_minor, "currency": i.currency}),
    )
    .await
}

/// `invoice.payment_failed`: a failed transaction, the invoice marked failed (unless already
/// paid: a late failure of a settled invoice changes nothing) and the dunning state.
pub async fn payment_failed(
    txn: &DatabaseTransaction,
    i: &InvoiceFacts,
    now: EpochMs,
) -> Result<(), StoreError> {
    let paid = invoice::Entity::find()
        .filter(invoice::Column::ProviderId.eq(i.provider_id.clone()))
        .filter(invoice::Column::Status.eq("paid"))
        .one(txn)
        .await?
        .is_some();
    if paid {
        return Ok(());
    }
    upsert_invoice(txn, i, "failed", now).await?;
    let (org_id, user_id) = i.payer.ids();
    failed_transaction::ActiveModel {
        invoice_id: Set(i.provider_id.clone()),
        org_id: Set(org_id),
        user_id: Set(user_id),
        amount_minor: Set(i.amount_minor),
        currency: Set(i.currency.clone()),
        reason: Set(i.reason.clone()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    if let Payer::Org(id) = i.payer {
        organisation::Entity::update_many()
            .col_expr(organisation::Column::DunningSince, Expr::value(now))
            .filter(organisation::Column::Id.eq(id))
            .filter(organisation::Column::DunningSince.is_null())
            .exec(txn)
            .await?;
    }
    add_history(
        txn,
        i.payer,
        now,
        "payment_failed",
        serde_json::json!({"amount_minor": i.amount_minor, "currency": i.currency}),
    )
    .await
}

async fn set_dunning(
    txn: &impl ConnectionTrait,
    payer: Payer,
    since: Option<EpochMs>,
) -> Result<(), StoreError> {
    if let Payer::Org(id) = payer {
        organisation::Entity::update_many()
            .col_expr(organisation::Column::DunningSince, Expr::value(since))
            .filter(organisation::Column::Id.eq(id))
            .exec(txn)
            .await?;
    }
    Ok(())
}

/// The payer's invoices, newest first.
pub async fn invoices(store: &Store, payer: Payer) -> Result<Vec<invoice::Model>, StoreError> {
    Ok(of_payer!(invoice::Entity::find(), invoice, payer)
        .order_by_desc(invoice::Column::Id)
        .limit(100)
        .all(store.conn())
        .await?)
}

/// The payer's failed transactions, newest first.
pub async fn failed_transactions(
    store: &Store,
    payer: Payer,
) -> Result<Vec<failed_transaction::Model>, StoreError> {
    Ok(of_payer!(
        failed_transaction::Entity::find(),
        failed_transaction,
        payer
    )
    .order_by_desc(failed_transaction::Column::Id)
    .limit(200)
    .all(store.conn())
    .await?)
}

/// Failed transactions across every organisation and workspace, newest first (the operator's
/// admin panel), `limit` from `offset`.
pub async fn all_failed_transactions(
    store: &Store,
    offset: u64,
    limit: u64,
) -> Result<Vec<failed_transaction::Model>, StoreError> {
    Ok(failed_transaction::Entity::find()
        .order_by_desc(failed_transaction::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(store.conn())
        .await?)
}

// ---- history -----------------------------------------------------------------------------------

/// Adds a line to the payer's billing history.
pub async fn add_history(
    txn: &impl ConnectionTrait,
    payer: Payer,
    at: EpochMs,
    kind: &str,
    detail: serde_json::Value,
) -> Result<(), StoreError> {
    let (org_id, user_id) = payer.ids();
    history::ActiveModel {
        org_id: Set(org_id),
        user_id: Set(user_id),
        at: Set(at),
        kind: Set(kind.to_owned()),
        detail: Set(detail.to_string()),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

/// A page of the payer's history, newest first (`limit` lines from `offset`), and how many
/// lines there are.
pub async fn history_page(
    store: &Store,
    payer: Payer,
    offset: u64,
    limit: u64,
) -> Result<(Vec<history::Model>, u64), StoreError> {
    let total = of_payer!(history::Entity::find(), history, payer)
        .count(store.conn())
        .await?;
    let rows = of_payer!(history::Entity::find(), history, payer)
        .order_by_desc(history::Column::At)
        .order_by_desc(history::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(store.conn())
        .await?;
    Ok((rows, total))
}
