//! Plans, add-ons, currency, checkout and the billing screens on the wire (001 §3, §4, §7):
//! the spec's calls keep their field names (`isMonthly`, `planid_constant`,
//! `conversion_rates`, `manageBillingURL`); the billing screen's own calls are ours
//! (docs/API.md).

/// 001 §3 Plan: one plan of the catalogue.
#[crate::wire(!Eq)]
pub struct Plan {
    pub id: i64,
    pub plan_name: String,
    /// `self` for individual plans, `teams` otherwise.
    pub plan_type: String,
    #[serde(rename = "isMonthly")]
    #[cfg_attr(feature = "ts", ts(rename = "isMonthly"))]
    pub is_monthly: bool,
    /// US dollars per employee per month (annual plans: the monthly equivalent).
    pub amount: f64,
    /// Offering keys, translated by the web app (`billing:offering.<key>`).
    pub offerings: Vec<String>,
}

/// 001 §3 team add-on list entry: prices per employee per month in each currency and period.
#[crate::wire(!Eq)]
pub struct TeamAddon {
    pub id: i64,
    /// `calls`, `whatsapp` or `ai_reply`.
    pub key: String,
    pub inr: f64,
    pub usd: f64,
    pub annual_inr: f64,
    pub annual_usd: f64,
}

/// `getLocalizedCurrency?user_currency`.
#[crate::wire]
pub struct CurrencyQuery {
    pub user_currency: Option<String>,
}

/// 001 §3 currency data of a localised currency.
#[crate::wire(!Eq)]
pub struct LocalizedCurrency {
    pub multiplication_factor: f64,
    pub planid_constant: i64,
}

/// 001 §7 item 6: `status` true and `message` the currency data when the currency is
/// localised; `status` false and `message` null otherwise (the client then converts with the
/// exchange rate).
#[crate::wire(!Eq)]
pub struct LocalizedCurrencyAnswer {
    pub status: bool,
    pub message: Option<LocalizedCurrency>,
}

/// 001 §7 item 7: rates from US dollars. Without a configured provider only `USD: 1`.
#[crate::wire(!Eq)]
pub struct ExchangeRates {
    pub result: bool,
    pub base_code: String,
    #[cfg_attr(feature = "ts", ts(type = "Record<string, number>"))]
    #[schema(value_type = Object)]
    pub conversion_rates: serde_json::Map<String, serde_json::Value>,
    /// When the rates were fetched (epoch ms); null when only USD is known.
    pub fetched_at: Option<i64>,
}

/// The visitor's currency (001 §7 item 9), from the configured geolocation database.
#[crate::wire]
pub struct VisitorCurrency {
    /// ISO 4217 code, or null when unknown (no database, a private address, no match).
    pub currency: Option<String>,
    /// ISO 3166 country code the address belongs to, when known.
    pub country: Option<String>,
}

/// 001 §3 checkout request: `workspace_id, plan_id, quantity`. `plan_id` may carry the
/// localised `planid_constant` (001 §7 item 8). A Teams plan is bought for `org_id` (the
/// caller's current organisation when absent); `quantity` is its seats (at least 3 and at least
/// its members). `currency` is the buyer's (USD when absent or not priced); `addons` are charged
/// with the plan.
#[crate::wire(OptionalFields)]
pub struct CheckoutRequest {
    pub workspace_id: i64,
    pub plan_id: i64,
    pub quantity: Option<u32>,
    pub org_id: Option<i64>,
    pub currency: Option<String>,
    /// Add-on keys bought with the plan (`calls`, `whatsapp` for Teams; `ai_reply` for any),
    /// per seat like the plan.
    pub addons: Option<Vec<String>>,
}

/// The checkout's answer: the provider's page, opened in a new tab.
#[crate::wire]
pub struct CheckoutAnswer {
    pub result: bool,
    pub url: String,
}

/// Whose billing a call is about: an organisation, or the caller's personal workspace.
#[crate::wire(OptionalFields)]
pub struct PayerQuery {
    pub org_id: Option<i64>,
    pub workspace_id: Option<i64>,
}

/// Where a plan stands (issue #15): trial, active, grace (features kept until `grace_until`)
/// or free.
#[crate::wire]
pub struct CurrentPlan {
    pub plan_id: i64,
    /// The plan whose features apply now (1 after the grace period).
    pub effective_plan_id: i64,
    pub plan_name: String,
    /// `trial`, `active`, `grace` or `free`.
    pub standing: String,
    pub is_trial: bool,
    /// RFC 3339 end of the trial or paid period.
    pub validity: Option<String>,
    /// RFC 3339 end of the grace period, while in it.
    pub grace_until: Option<String>,
    /// RFC 3339 time a payment failed and is still unpaid (the dunning state).
    pub dunning_since: Option<String>,
    pub ai_addon: bool,
}

/// 001 §7 user plan list: the plans, the caller's current plan and where to manage billing.
#[crate::wire(!Eq)]
pub struct UserPlans {
    pub plans: Vec<Plan>,
    pub current: CurrentPlan,
    /// 000 §3 plan details: opens the provider's customer portal (null before a purchase).
    #[serde(rename = "manageBillingURL")]
    #[cfg_attr(feature = "ts", ts(rename = "manageBillingURL"))]
    pub manage_billing_url: Option<String>,
}

/// What a plan allows now, for the features that ask.
#[crate::wire]
pub struct PlanLimits {
    pub standing: String,
    pub effective_plan_id: i64,
    /// Chat labels allowed; null is unlimited.
    pub labels: Option<u32>,
    /// Quick replies allowed; null is unlimited.
    pub quick_replies: Option<u32>,
    /// The sent-from-the-product signature is appended.
    pub signature: bool,
    pub ai_replies_per_day: u32,
    /// Seats the organisation may hold; null for a personal workspace.
    pub seats: Option<u32>,
    /// What to offer the caller: the one answer the upgrade card, the banner and the popup read.
    pub upsell: PlanUpsell,
}

/// What to offer the caller (issue #25), decided by the domain's `upsell` rule from the plan's
/// standing, the caller's role and what is left to buy.
#[crate::wire]
pub struct PlanUpsell {
    /// The side navigation's card: `upgrade` or `renew`; null: no card.
    pub card: Option<String>,
    pub banner: Option<PlanBanner>,
    /// The banner's button: `upgrade` or `renew`; `ask_admin` is a sentence (the caller cannot
    /// buy); null: none.
    pub action: Option<String>,
    /// The upgrade popup: `individual` or `expired`; null: it does not open.
    pub popup: Option<String>,
    /// The plan in force is Free ("You don't have Teams plan").
    pub no_teams_plan: bool,
}

/// The banner above the page.
#[crate::wire]
pub struct PlanBanner {
    /// `trial_ends_in`, `trial_in_grace`, `plan_in_grace`, `trial_ended` or `plan_expired`.
    pub kind: String,
    /// Whole days left, rounded up (`trial_ends_in`).
    pub days: Option<i64>,
    /// RFC 3339: when the trial or plan ended.
    pub ended_at: Option<String>,
    /// RFC 3339: when its features go (the grace period's end).
    pub until: Option<String>,
    /// Over: the sticky banner rather than the notice.
    pub ended: bool,
}

/// Seats of an organisation's plan.
#[crate::wire]
pub struct Seats {
    pub seat_issued: u32,
    pub seats_used: u32,
    /// Seats kept from the period's end after a removal (a scheduled decrease).
    pub pending_seats: Option<u32>,
    /// RFC 3339: when the scheduled decrease applies (the period's end).
    pub pending_from: Option<String>,
    /// The fewest seats the plan may be set to: the team minimum and every member.
    pub min: u32,
    /// The most seats one plan may hold (the domain's `MAX_SEATS`).
    pub max: u32,
}

/// An invoice the provider reported.
#[crate::wire]
pub struct Invoice {
    pub id: String,
    pub amount_minor: i64,
    pub currency: String,
    /// `paid` or `failed`.
    pub status: String,
    pub hosted_url: Option<String>,
    pub created_at: String,
}

/// One line of the billing history log: what happened (`kind`) and its details, which the web
/// app puts into a translated sentence (`billing:history_line.*`).
#[crate::wire]
pub struct HistoryEntry {
    pub id: i64,
    /// RFC 3339 UTC, to the second; shown in the organisation's zone (`BillingOverview.time_zone`).
    pub at: String,
    /// `subscription_started`, `subscription_updated`, `subscription_ended`, `invoice_paid`,
    /// `payment_failed`, `seats_added`, `seats_removal_scheduled`,
    /// `seats_removal_cancelled`, `changed_by_operator`.
    pub kind: String,
    pub detail: HistoryDetail,
}

/// The details of a history line; each is null when it does not apply or was not recorded.
#[crate::wire(Default)]
pub struct HistoryDetail {
    /// The plan's name before the change (when it changed).
    pub plan_from: Option<String>,
    /// The plan's name after it (or the plan concerned).
    pub plan_to: Option<String>,
    /// `month` or `year`: the plan's billing period.
    pub interval: Option<String>,
    pub seats_from: Option<u32>,
    pub seats_to: Option<u32>,
    /// An amount charged or due, in minor units of `currency`.
    pub amount_minor: Option<i64>,
    pub currency: Option<String>,
    /// The subscription's status at the provider (`active`, `trialing`, `past_due`, `canceled`…).
    pub status: Option<String>,
    pub trial_from: Option<bool>,
    pub trial_to: Option<bool>,
    /// RFC 3339: the plan's end before and after an operator's change.
    pub valid_from: Option<String>,
    pub valid_to: Option<String>,
    /// RFC 3339: when a scheduled change applies.
    pub effective_at: Option<String>,
    /// Who made the change, for an operator's change (the operator's address).
    pub by: Option<String>,
    /// Why, as the operator wrote it.
    pub reason: Option<String>,
}

/// `GET /api/billing/history`: whose history and which page (from 0; 10 a page by default,
/// at most 100).
#[crate::wire(IntoParams, OptionalFields)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// An organisation the caller administers.
    pub org_id: Option<i64>,
    /// Or the caller's workspace.
    pub workspace_id: Option<i64>,
    /// From 0.
    #[param(schema_with = crate::admin::page_number)]
    pub page: Option<u64>,
    /// 1 to 100; 10 by default.
    #[param(schema_with = crate::admin::page_number)]
    pub per_page: Option<u64>,
}

/// What the end of the current period means (issue #25): `renews` on `at`, `ends` on `at`,
/// `trial_ends` on `at`, or in `grace_until` `at`.
#[crate::wire]
pub struct PlanTerm {
    pub kind: String,
    /// RFC 3339.
    pub at: String,
}

/// The estimated next invoice.
#[crate::wire]
pub struct EstimatedInvoice {
    pub amount_minor: i64,
    pub currency: String,
    /// RFC 3339: when it is due (the period's end).
    pub due_at: Option<String>,
    /// `month` or `year`: the period the amount pays for.
    pub interval: String,
}

/// The billing screen (`/settings/billing`): plan, seats, estimated invoice, invoices, history.
#[crate::wire(!Eq)]
pub struct BillingOverview {
    pub plan: CurrentPlan,
    /// What happens at the end of the period; null on Free or for a plan with no end.
    pub term: Option<PlanTerm>,
    pub seats: Option<Seats>,
    pub estimated_invoice: Option<EstimatedInvoice>,
    pub invoices: Vec<Invoice>,
    /// The organisation's IANA zone, in which its times are shown; null for a personal
    /// workspace (the browser's zone). The history is paged apart (`/api/billing/history`).
    pub time_zone: Option<String>,
    /// Whether the caller may change the plan or seats (organisation admins; the owner of a
    /// personal workspace).
    pub can_manage: bool,
    /// Whether a subscription with the provider exists (seats change through it).
    pub subscribed: bool,
    #[serde(rename = "manageBillingURL")]
    #[cfg_attr(feature = "ts", ts(rename = "manageBillingURL"))]
    pub manage_billing_url: Option<String>,
}

/// A change of seats: `GET` previews it, `POST` makes it.
#[crate::wire(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SeatsRequest {
    /// An organisation the caller administers.
    pub org_id: i64,
    /// The seats wanted: a team of at least `MIN_TEAM_SIZE`, at most `MAX_SEATS`
    /// (`domain::plans::TeamSeats`; fewer than the members is a conflict, 409).
    #[schema(schema_with = team_seats)]
    #[param(minimum = 3, maximum = 10_000)]
    pub seats: u32,
}

#[cfg(test)]
#[test]
fn the_documented_seat_bounds_are_the_domains() {
    // `#[param]` takes literals: these are `MIN_TEAM_SIZE` and `MAX_SEATS`.
    assert_eq!(
        (domain::plans::MIN_TEAM_SIZE, domain::plans::MAX_SEATS),
        (3, 10_000)
    );
}

fn team_seats() -> utoipa::openapi::Object {
    use domain::plans::{MAX_SEATS, MIN_TEAM_SIZE};
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(MIN_TEAM_SIZE))
        .maximum(Some(MAX_SEATS))
        .build()
}

/// The price of a change of seats, before it is confirmed.
#[crate::wire]
pub struct SeatPreview {
    pub current_seats: u32,
    pub new_seats: u32,
    /// Charged now for the added seats over the rest of the period.
    pub due_now_minor: i64,
    /// The next invoice with the new seats.
    pub next_invoice_minor: i64,
    pub currency: String,
    /// A removal waits for the period's end.
    pub at_period_end: bool,
    pub period_end: Option<String>,
}

/// `POST /api/billing/seats`: the billing screen after the change and what the change cost
/// (null when the number was already the plan's).
#[crate::wire(!Eq)]
pub struct SeatChangeAnswer {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub overview: BillingOverview,
    pub change: Option<SeatPreview>,
}

/// A payment that failed (`/failedtransactions`).
#[crate::wire]
pub struct FailedTransaction {
    pub id: i64,
    pub invoice_id: String,
    pub org_id: Option<i64>,
    pub amount_minor: i64,
    pub currency: String,
    pub reason: Option<String>,
    pub created_at: String,
    /// When a later payment settled it.
    pub resolved_at: Option<String>,
}

/// The webhook's answer.
#[crate::wire]
pub struct WebhookReceipt {
    pub received: bool,
    /// True when this event id had been applied before (nothing changed).
    pub duplicate: bool,
}

/// `GET /api/billing/checkout?session_id`: a checkout of the caller's, as the return page
/// reads it.
#[crate::wire]
pub struct CheckoutSessionQuery {
    pub session_id: String,
}

/// Whose checkout it was and whether the provider reported it complete.
#[crate::wire]
pub struct CheckoutStatus {
    /// `open` until the provider reports the payment, then `complete`.
    pub status: String,
    pub org_id: Option<i64>,
    pub workspace_id: Option<i64>,
    pub plan_id: i64,
    pub seats: i32,
}
