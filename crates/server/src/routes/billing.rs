//! Plans, currency, checkout and billing (001 §3, §4, §7; issue #15). The spec's calls keep their
//! paths (`planlist`, `getteamaddonlist`, `getLocalizedCurrency`, `exchangeRateService`,
//! `createorgcheckoutsession`); the user plan list and the billing screen's calls are ours
//! under `/api/billing` (docs/API.md). The payment provider's webhook is the one public write:
//! its signature is its credential.

use super::{Access, Routes};
use crate::access::{member_at, own_workspace};
use crate::auth::CurrentUser;
use crate::billing::{self, current_plan, payer_plan, standing_now, upstream};
use crate::client::ClientAddr;
use crate::error::AppError;
use crate::extract::{Json, Query, RawBody};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use axum::http::HeaderMap;
use contract::accounts::ResultEnvelope;
use contract::billing::{
    BillingOverview, CheckoutAnswer, CheckoutRequest, CheckoutSessionQuery, CheckoutStatus,
    CurrencyQuery, EstimatedInvoice, ExchangeRates, FailedTransaction, HistoryEntry, Invoice,
    LocalizedCurrency, LocalizedCurrencyAnswer, PayerQuery, Plan, PlanLimits, SeatPreview, Seats,
    SeatsRequest, TeamAddon, UserPlans, VisitorCurrency, WebhookReceipt,
};
use contract::ErrorCode;
use domain::plans::{normalize_plan_id, PlanKind, MIN_TEAM_SIZE};
use domain::roles::AccessLevel;
use domain::subscription::{plan_limits, seat_change, Standing};
use domain::RuleError;
use secrecy::ExposeSecret;
use sha2::Digest;
use store::billing::Payer;
use store::entity::{billing as rows, user};
use utoipa_axum::routes;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Public, routes!(plan_list))
        .add(Access::Public, routes!(team_addon_list))
        .add(Access::Public, routes!(localized_currency))
        .add(Access::Public, routes!(exchange_rates))
        .add(Access::Public, routes!(visitor_currency))
        .add(Access::Public, routes!(stripe_webhook))
        .add(Access::Scoped, routes!(create_checkout))
        .add(Access::Scoped, routes!(user_plan_list))
        .add(Access::Scoped, routes!(overview))
        .add(Access::Scoped, routes!(limits))
        .add(Access::Scoped, routes!(seat_preview))
        .add(Access::Scoped, routes!(change_seats))
        .add(Access::Scoped, routes!(failed_transactions))
        .add(Access::Scoped, routes!(portal))
        .add(Access::SignedIn, routes!(checkout_status))
}

fn minor_to_major(minor: i64) -> f64 {
    minor as f64 / 100.0
}

fn plan_view(p: rows::plan::Model) -> Plan {
    Plan {
        id: p.id,
        plan_name: p.plan_name,
        plan_type: p.plan_type,
        is_monthly: p.is_monthly,
        amount: minor_to_major(p.amount_minor),
        offerings: serde_json::from_str(&p.offerings).unwrap_or_default(),
    }
}

/// 000 §7 `planlist`: the plans (001 §3 Plan).
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/planlist",
    tag = "billing",
    responses((status = 200, description = "Every plan, Free first", body = ResultEnvelope<Vec<Plan>>))
)]
pub async fn plan_list(
    State(state): State<AppState>,
) -> Result<Json<ResultEnvelope<Vec<Plan>>>, AppError> {
    let plans = store::billing::plans(&state.store).await?;
    Ok(Json(ResultEnvelope::ok(
        plans.into_iter().map(plan_view).collect(),
    )))
}

/// 000 §7 `getteamaddonlist`: the calls add-on first, the WhatsApp add-on second (001 §3), the
/// AI Reply add-on third (001 §9), prices per employee per month.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/getteamaddonlist",
    tag = "billing",
    responses((status = 200, description = "The add-ons", body = ResultEnvelope<Vec<TeamAddon>>))
)]
pub async fn team_addon_list(
    State(state): State<AppState>,
) -> Result<Json<ResultEnvelope<Vec<TeamAddon>>>, AppError> {
    let addons = store::billing::addons(&state.store).await?;
    Ok(Json(ResultEnvelope::ok(
        addons
            .into_iter()
            .map(|a| TeamAddon {
                id: a.id,
                key: a.key,
                inr: minor_to_major(a.inr_minor),
                usd: minor_to_major(a.usd_minor),
                annual_inr: minor_to_major(a.annual_inr_minor),
                annual_usd: minor_to_major(a.annual_usd_minor),
            })
            .collect(),
    )))
}

/// An ISO 4217 code in upper case, or None.
fn currency_code(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim)
        .filter(|c| c.len() == 3 && c.bytes().all(|b| b.is_ascii_alphabetic()))
        .map(str::to_ascii_uppercase)
}

/// 001 §7 item 6: the price factor and plan id offset of a localised currency.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/getLocalizedCurrency",
    tag = "billing",
    params(("user_currency" = Option<String>, Query, description = "An ISO 4217 code, e.g. INR")),
    responses((status = 200, description = "`status` false and `message` null for a currency without localised prices", body = LocalizedCurrencyAnswer))
)]
pub async fn localized_currency(
    State(state): State<AppState>,
    Query(q): Query<CurrencyQuery>,
) -> Result<Json<LocalizedCurrencyAnswer>, AppError> {
    let found = match currency_code(q.user_currency.as_deref()) {
        Some(c) => store::billing::localisation(&state.store, &c).await?,
        None => None,
    };
    Ok(Json(LocalizedCurrencyAnswer {
        status: found.is_some(),
        message: found.map(|l| LocalizedCurrency {
            multiplication_factor: l.factor_micro as f64 / 1e6,
            planid_constant: l.planid_constant,
        }),
    }))
}

/// 001 §7 item 7: rates from US dollars, fetched from the configured provider and cached.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/exchangeRateService",
    tag = "billing",
    responses((status = 200, description = "`conversion_rates` from USD (only USD: 1 without a provider)", body = ExchangeRates))
)]
pub async fn exchange_rates(
    State(state): State<AppState>,
) -> Result<Json<ExchangeRates>, AppError> {
    let (mut rates, fetched_at) = match billing::usd_rates(&state).await? {
        Some((r, at)) => (r, Some(at)),
        None => (serde_json::Map::new(), None),
    };
    rates.entry("USD").or_insert(serde_json::json!(1));
    Ok(Json(ExchangeRates {
        result: true,
        base_code: "USD".to_owned(),
        conversion_rates: rates,
        fetched_at,
    }))
}

/// 001 §7 item 9: the visitor's currency. Ours: read from a MaxMind-format country database when
/// one is configured (`billing.geoip_db`); without one, or for an address it does not place, the
/// currency is unknown (null) and prices show in US dollars (001 §8).
#[utoipa::path(
    get,
    path = "/api/billing/currency",
    tag = "billing",
    responses((status = 200, description = "The visitor's currency, or null", body = VisitorCurrency))
)]
pub async fn visitor_currency(
    State(state): State<AppState>,
    ClientAddr(ip): ClientAddr,
) -> Json<VisitorCurrency> {
    Json(crate::geo::visitor_currency(&state, ip))
}

/// The payer a query names: an organisation the caller belongs to (at `level`), or their own
/// workspace.
async fn payer_of(
    state: &AppState,
    user: &user::Model,
    q: &PayerQuery,
    level: AccessLevel,
) -> Result<Payer, AppError> {
    match (q.org_id, q.workspace_id) {
        (Some(org), _) => {
            member_at(state, user, org, level).await?;
            Ok(Payer::Org(org))
        }
        (None, Some(ws)) => {
            own_workspace(user, ws)?;
            Ok(Payer::User(ws))
        }
        (None, None) => Err(AppError::new(
            ErrorCode::MalformedQuery,
            "org_id or workspace_id is required",
        )),
    }
}

fn manage_url(payer: Payer, customer: bool) -> Option<String> {
    customer.then(|| match payer {
        Payer::Org(id) => format!("/api/billing/portal?org_id={id}"),
        Payer::User(id) => format!("/api/billing/portal?workspace_id={id}"),
    })
}

async fn has_customer(
    state: &AppState,
    payer: Payer,
) -> Result<Option<rows::subscription::Model>, AppError> {
    Ok(store::billing::subscription_of(&state.store, payer)
        .await?
        .filter(|s| s.customer_id.is_some()))
}

/// 001 §7 'GET user plan list, query workspace_id': the plans, the caller's personal plan (or
/// their current organisation's with `org_id`) and `manageBillingURL`.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/userplanlist",
    tag = "billing",
    params(
        ("workspace_id" = Option<i64>, Query, description = "The caller's workspace"),
        ("org_id" = Option<i64>, Query, description = "An organisation of the caller instead"),
    ),
    responses(
        (status = 200, description = "Plans and the current plan", body = ResultEnvelope<UserPlans>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn user_plan_list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<PayerQuery>,
) -> Result<Json<ResultEnvelope<UserPlans>>, AppError> {
    let payer = payer_of(&state, &user, &q, AccessLevel::All).await?;
    let plan = payer_plan(&state, payer).await?;
    let plans = store::billing::plans(&state.store).await?;
    let customer = has_customer(&state, payer).await?.is_some();
    Ok(Json(ResultEnvelope::ok(UserPlans {
        plans: plans.into_iter().map(plan_view).collect(),
        current: current_plan(&state, &plan).await?,
        manage_billing_url: manage_url(payer, customer),
    })))
}

/// What the payer's plan allows now: labels, quick replies, the signature, AI replies a day,
/// seats (for the features that ask, and the extension).
#[utoipa::path(
    get,
    path = "/api/billing/limits",
    tag = "billing",
    params(
        ("org_id" = Option<i64>, Query, description = "An organisation of the caller"),
        ("workspace_id" = Option<i64>, Query, description = "Or the caller's workspace"),
    ),
    responses(
        (status = 200, description = "The plan's limits; null is unlimited", body = PlanLimits),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn limits(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<PayerQuery>,
) -> Result<Json<PlanLimits>, AppError> {
    let payer = payer_of(&state, &user, &q, AccessLevel::All).await?;
    let plan = payer_plan(&state, payer).await?;
    let now = standing_now(&state, plan.facts);
    let seats = match payer {
        Payer::Org(id) => {
            let used = store::orgs::seats_used(&state.store, id).await? as u32;
            Some(domain::subscription::seats_allowed(
                &now,
                plan.seat_issued,
                used,
            ))
        }
        Payer::User(_) => None,
    };
    let l = plan_limits(&now, plan.ai_addon, seats);
    Ok(Json(PlanLimits {
        standing: billing::standing_name(now.standing).to_owned(),
        effective_plan_id: now.effective_plan_id,
        labels: l.labels,
        quick_replies: l.quick_replies,
        signature: l.signature,
        ai_replies_per_day: l.ai_replies_per_day,
        seats: l.seats,
    }))
}

/// 001 §7 item 8: a checkout at the payment provider for `plan_id` (which may carry the
/// currency's `planid_constant`), answering its `url`. A Teams plan is bought for an
/// organisation the caller administers, with `quantity` seats (at least 3 and every member); a
/// personal plan for the caller. The same request twice (two clicks, two tabs) answers the same
/// checkout: one idempotency key per payer, plan, seats, currency and day.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/createorgcheckoutsession",
    tag = "billing",
    request_body = CheckoutRequest,
    responses(
        (status = 200, description = "The provider's checkout page", body = CheckoutAnswer),
        (status = 403, description = "Another person's workspace, or not the organisation's admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no such plan", body = contract::ErrorBody),
        (status = 409, description = "`already_subscribed`", body = contract::ErrorBody),
        (status = 502, description = "The provider failed", body = contract::ErrorBody),
        (status = 503, description = "`billing_unavailable`: payments are not configured", body = contract::ErrorBody),
    )
)]
pub async fn create_checkout(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ClientAddr(visitor_ip): ClientAddr,
    Json(req): Json<CheckoutRequest>,
) -> Result<Json<CheckoutAnswer>, AppError> {
    own_workspace(&user, req.workspace_id)?;
    let base_id = normalize_plan_id(req.plan_id);
    if PlanKind::of(req.plan_id) == PlanKind::Free {
        return Err(AppError::new(
            ErrorCode::ValidationFailed,
            "the free plan needs no checkout",
        ));
    }
    let plan = store::billing::plan(&state.store, base_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let payer = if plan.plan_type == "teams" {
        let org = match req.org_id {
            Some(o) => o,
            None => store::orgs::memberships_of_user(&state.store, user.id)
                .await?
                .into_iter()
                .find(|m| m.0.is_default_org)
                .map(|m| m.0.org_id)
                .ok_or_else(AppError::not_found)?,
        };
        member_at(&state, &user, org, AccessLevel::Admin).await?;
        Payer::Org(org)
    } else {
        Payer::User(user.id)
    };
    if store::billing::subscription_of(&state.store, payer)
        .await?
        .is_some_and(|s| matches!(s.status.as_str(), "active" | "trialing" | "past_due"))
    {
        return Err(AppError::new(
            ErrorCode::AlreadySubscribed,
            "the payer already has a subscription",
        ));
    }
    let seats = match payer {
        Payer::Org(id) => {
            let used = store::orgs::seats_used(&state.store, id).await? as u32;
            domain::subscription::checkout_seats(req.quantity.unwrap_or(1), used)
        }
        Payer::User(_) => 1,
    };
    // Charged in the currency when it has localised prices (INR), else in US dollars. Where the
    // visitor's country is known, its currency decides, not the one the buyer asks for (a
    // localised price is for buyers in that country); where it is not, the asked one.
    let visitor = crate::geo::visitor_currency(&state, visitor_ip);
    let asked = if visitor.country.is_some() {
        Some(visitor.currency.unwrap_or_else(|| "USD".to_owned()))
    } else {
        currency_code(req.currency.as_deref())
    };
    let local = match &asked {
        Some(c) => store::billing::localisation(&state.store, c).await?,
        None => None,
    };
    let (currency, factor_micro) = match &local {
        Some(l) => (l.currency.clone(), l.factor_micro),
        None => ("USD".to_owned(), 1_000_000),
    };
    let per_month =
        (i128::from(plan.amount_minor) * i128::from(factor_micro) + 500_000) / 1_000_000;
    let per_month = i64::try_from(per_month).map_err(AppError::internal)?;
    let (unit_amount, interval) = if plan.is_monthly {
        (per_month, "month")
    } else {
        (per_month * 12, "year")
    };
    // Add-ons, per seat and period like the plan: the calls and WhatsApp add-ons with Teams,
    // AI Reply with any plan.
    let mut addon_keys: Vec<String> = req.addons.clone().unwrap_or_default();
    addon_keys.sort();
    addon_keys.dedup();
    let catalogue = store::billing::addons(&state.store).await?;
    let mut extra_items = Vec::new();
    for key in &addon_keys {
        let addon = catalogue
            .iter()
            .find(|a| &a.key == key)
            .filter(|a| a.key == "ai_reply" || plan.plan_type == "teams")
            .ok_or_else(|| {
                AppError::new(
                    ErrorCode::ValidationFailed,
                    format!("no add-on {key} for this plan"),
                )
            })?;
        let monthly = match (currency.as_str(), plan.is_monthly) {
            ("INR", true) => addon.inr_minor,
            ("INR", false) => addon.annual_inr_minor,
            (_, true) => addon.usd_minor,
            (_, false) => addon.annual_usd_minor,
        };
        let amount = if plan.is_monthly {
            monthly
        } else {
            monthly * 12
        };
        extra_items.push((format!("{} add-on", addon.key), amount));
    }
    let now = state.clock.now_ms();
    let (payer_text, reference) = match payer {
        Payer::Org(id) => (format!("org:{id}"), format!("org_{id}")),
        Payer::User(id) => (format!("user:{id}"), format!("user_{id}")),
    };
    let key = {
        let day = now / 86_400_000;
        let digest = sha2::Sha256::digest(
            format!(
                "{payer_text}|{}|{seats}|{currency}|{day}|{}",
                plan.id,
                addon_keys.join(",")
            )
            .as_bytes(),
        );
        let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
        format!("checkout_{hex}")
    };
    let mut new = store::billing::NewCheckout {
        key: key.clone(),
        payer,
        plan_id: plan.id,
        seats: seats as i32,
        currency: currency.clone(),
    };
    // The same purchase clicked twice is one checkout; one that was completed (then cancelled,
    // say) is history, and buying again makes a new one under the next key.
    let mut claimed = false;
    for _ in 0..5 {
        match store::billing::claim_checkout(&state.store, &new, now).await? {
            None => {
                claimed = true;
                break;
            }
            Some(existing) if existing.status != "open" => {
                new.key = format!("{key}_{}", existing.id);
            }
            Some(_) => {
                // Another click made it: its URL once that call has stored it.
                for _ in 0..50 {
                    let row = store::billing::checkout_by_key(&state.store, &new.key).await?;
                    if let Some(url) = row.and_then(|r| r.url) {
                        return Ok(Json(CheckoutAnswer { result: true, url }));
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                }
                return Err(AppError::new(
                    ErrorCode::Conflict,
                    "a checkout is being prepared; try again",
                ));
            }
        }
    }
    if !claimed {
        return Err(AppError::new(
            ErrorCode::Conflict,
            "a checkout is being prepared; try again",
        ));
    }
    let key = new.key.clone();
    let stripe = match billing::stripe(&state) {
        Ok(s) => s,
        Err(e) => {
            store::billing::drop_checkout(&state.store, &key).await?;
            return Err(e);
        }
    };
    let customer = has_customer(&state, payer)
        .await?
        .and_then(|s| s.customer_id);
    let (org_meta, user_meta) = match payer {
        Payer::Org(id) => (Some(id), None),
        Payer::User(id) => (None, Some(id)),
    };
    let mut metadata = vec![
        ("plan_id", plan.id.to_string()),
        ("addons", addon_keys.join(",")),
    ];
    if let Some(o) = org_meta {
        metadata.push(("org_id", o.to_string()));
    }
    if let Some(u) = user_meta {
        metadata.push(("user_id", u.to_string()));
    }
    let return_url = &state.config.billing.return_url;
    let success = format!("{return_url}?status=paid&session_id={{CHECKOUT_SESSION_ID}}");
    let cancel = format!("{return_url}?status=cancelled");
    let checkout = connectors::stripe::NewCheckout {
        metadata: &metadata,
        client_reference_id: &reference,
        product_name: &plan.plan_name,
        currency: &currency.to_ascii_lowercase(),
        unit_amount,
        interval,
        quantity: seats,
        extra_items: &extra_items,
        customer: customer.as_deref(),
        success_url: &success,
        cancel_url: &cancel,
    };
    let session = match stripe.create_checkout(&checkout, &key).await {
        Ok(s) => s,
        Err(e) => {
            store::billing::drop_checkout(&state.store, &key).await?;
            return Err(upstream(e));
        }
    };
    let url = session
        .url
        .ok_or_else(|| AppError::new(ErrorCode::UpstreamFailed, "the checkout has no page"))?;
    store::billing::set_checkout_session(&state.store, &key, &session.id, &url).await?;
    Ok(Json(CheckoutAnswer { result: true, url }))
}

/// The payment provider's webhook: `Stripe-Signature` checked (HMAC-SHA256 over `t.payload`,
/// within the configured tolerance) before anything is read; each event id applied once, in
/// any order of arrival.
#[utoipa::path(
    post,
    path = "/api/billing/stripe/webhook",
    tag = "billing",
    request_body(content = String, description = "The provider's event, as signed"),
    responses(
        (status = 200, description = "Applied, or applied before", body = WebhookReceipt),
        (status = 400, description = "`signature_invalid` or an unreadable event; nothing changed", body = contract::ErrorBody),
        (status = 503, description = "`billing_unavailable`: no webhook secret configured", body = contract::ErrorBody),
    )
)]
pub async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    RawBody(body): RawBody,
) -> Result<Json<WebhookReceipt>, AppError> {
    let cfg = &state.config.providers.stripe;
    let secret = cfg.webhook_secret.as_ref().ok_or_else(|| {
        AppError::new(
            ErrorCode::BillingUnavailable,
            "no webhook secret configured",
        )
    })?;
    let header = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let now_s = state.clock.now_ms() / 1000;
    connectors::stripe::verify_signature(
        secret.expose_secret(),
        header,
        &body,
        now_s,
        cfg.tolerance_s,
    )
    .map_err(|e| AppError::new(ErrorCode::SignatureInvalid, e.to_string()))?;
    let event: connectors::stripe::Event = serde_json::from_slice(&body)
        .map_err(|e| AppError::new(ErrorCode::MalformedBody, format!("unreadable event: {e}")))?;
    let applied = billing::apply_event(&state, &event).await?;
    Ok(Json(WebhookReceipt {
        received: true,
        duplicate: !applied,
    }))
}

fn invoice_view(i: rows::invoice::Model) -> Invoice {
    Invoice {
        id: i.provider_id,
        amount_minor: i.amount_minor,
        currency: i.currency,
        status: i.status,
        hosted_url: i.hosted_url,
        created_at: rfc3339(i.created_at).unwrap_or_default(),
    }
}

/// The billing screen: plan, seats, the estimated next invoice, invoices and history. Reading
/// an organisation's billing is for its admins.
#[utoipa::path(
    get,
    path = "/api/billing/overview",
    tag = "billing",
    params(
        ("org_id" = Option<i64>, Query, description = "An organisation the caller administers"),
        ("workspace_id" = Option<i64>, Query, description = "Or the caller's workspace"),
    ),
    responses(
        (status = 200, description = "The billing screen's data", body = BillingOverview),
        (status = 403, description = "Not an admin, or another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn overview(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<PayerQuery>,
) -> Result<Json<BillingOverview>, AppError> {
    let payer = payer_of(&state, &user, &q, AccessLevel::Admin).await?;
    Ok(Json(overview_of(&state, payer).await?))
}

async fn overview_of(state: &AppState, payer: Payer) -> Result<BillingOverview, AppError> {
    let plan = payer_plan(state, payer).await?;
    let sub = store::billing::subscription_of(&state.store, payer).await?;
    let seats = match payer {
        Payer::Org(id) => Some(Seats {
            seat_issued: plan.seat_issued,
            seats_used: store::orgs::seats_used(&state.store, id).await? as u32,
            pending_seats: sub
                .as_ref()
                .and_then(|s| s.pending_seats)
                .and_then(|p| u32::try_from(p).ok()),
        }),
        Payer::User(_) => None,
    };
    let running = sub
        .as_ref()
        .filter(|s| matches!(s.status.as_str(), "active" | "trialing" | "past_due"));
    let estimated_invoice = running.filter(|s| !s.cancel_at_period_end).map(|s| {
        let seats = s.pending_seats.unwrap_or(s.seats);
        EstimatedInvoice {
            amount_minor: s.unit_amount_minor.saturating_mul(i64::from(seats)),
            currency: s.currency.clone(),
            due_at: s.period_end.and_then(rfc3339),
        }
    });
    let invoices = store::billing::invoices(&state.store, payer)
        .await?
        .into_iter()
        .map(invoice_view)
        .collect();
    let history = store::billing::history(&state.store, payer)
        .await?
        .into_iter()
        .map(|h| HistoryEntry {
            at: rfc3339(h.at).unwrap_or_default(),
            kind: h.kind,
            detail: serde_json::from_str(&h.detail).unwrap_or(serde_json::Value::Null),
        })
        .collect();
    Ok(BillingOverview {
        plan: current_plan(state, &plan).await?,
        seats,
        estimated_invoice,
        invoices,
        history,
        can_manage: true,
        subscribed: running.is_some(),
        manage_billing_url: manage_url(
            payer,
            sub.as_ref().is_some_and(|s| s.customer_id.is_some()),
        ),
    })
}

/// The seats an organisation may be set to: at least the team minimum and every member.
async fn check_seats(state: &AppState, org_id: i64, seats: u32) -> Result<u32, AppError> {
    if seats < MIN_TEAM_SIZE {
        return Err(AppError::invalid_field("seats", RuleError::TeamTooSmall));
    }
    let used = store::orgs::seats_used(&state.store, org_id).await? as u32;
    if seats < used {
        return Err(AppError::new(
            ErrorCode::SeatsExhausted,
            "fewer seats than members: remove members first",
        ));
    }
    Ok(used)
}

fn preview_of(
    sub: Option<&rows::subscription::Model>,
    current: u32,
    seats: u32,
    plan_amount_minor: i64,
    now: i64,
) -> SeatPreview {
    let (price, currency, start, end) = match sub {
        Some(s) => (
            s.unit_amount_minor,
            s.currency.clone(),
            s.period_start.unwrap_or(now),
            s.period_end.unwrap_or(now),
        ),
        None => (plan_amount_minor, "USD".to_owned(), now, now),
    };
    let c = seat_change(price, current, seats, start, end, now);
    SeatPreview {
        current_seats: c.current_seats,
        new_seats: c.new_seats,
        due_now_minor: c.due_now_minor,
        next_invoice_minor: c.next_invoice_minor,
        currency,
        at_period_end: c.at_period_end,
        period_end: sub.and_then(|s| s.period_end).and_then(rfc3339),
    }
}

/// What a change of seats costs before it is confirmed: added seats prorated over the rest of
/// the period (the domain's `seat_change`), removed seats at the period's end.
#[utoipa::path(
    get,
    path = "/api/billing/seats/preview",
    tag = "billing",
    params(
        ("org_id" = i64, Query, description = "An organisation the caller administers"),
        ("seats" = u32, Query, description = "The seats wanted"),
    ),
    responses(
        (status = 200, description = "The price change", body = SeatPreview),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 409, description = "`seats_exhausted`: fewer seats than members", body = contract::ErrorBody),
        (status = 422, description = "`fields.seats` = team_too_small", body = contract::ErrorBody),
    )
)]
pub async fn seat_preview(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<SeatsRequest>,
) -> Result<Json<SeatPreview>, AppError> {
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    check_seats(&state, q.org_id, q.seats).await?;
    let plan = payer_plan(&state, Payer::Org(q.org_id)).await?;
    let sub = store::billing::subscription_of(&state.store, Payer::Org(q.org_id)).await?;
    let amount = store::billing::plan(&state.store, normalize_plan_id(plan.facts.plan_id))
        .await?
        .map_or(0, |p| p.amount_minor);
    Ok(Json(preview_of(
        sub.as_ref(),
        plan.seat_issued,
        q.seats,
        amount,
        state.clock.now_ms(),
    )))
}

/// Changes an organisation's seats through its subscription: added seats now (prorated),
/// removed seats from the period's end. The same number is a no-op.
#[utoipa::path(
    post,
    path = "/api/billing/seats",
    tag = "billing",
    request_body = SeatsRequest,
    responses(
        (status = 200, description = "The billing screen after the change", body = BillingOverview),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 409, description = "`seats_exhausted` (fewer seats than members), or no subscription to change", body = contract::ErrorBody),
        (status = 422, description = "`fields.seats` = team_too_small", body = contract::ErrorBody),
    )
)]
pub async fn change_seats(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<SeatsRequest>,
) -> Result<Json<BillingOverview>, AppError> {
    member_at(&state, &user, req.org_id, AccessLevel::Admin).await?;
    check_seats(&state, req.org_id, req.seats).await?;
    let payer = Payer::Org(req.org_id);
    let plan = payer_plan(&state, payer).await?;
    if req.seats == plan.seat_issued {
        return Ok(Json(overview_of(&state, payer).await?));
    }
    let sub = store::billing::subscription_of(&state.store, payer)
        .await?
        .filter(|s| matches!(s.status.as_str(), "active" | "trialing" | "past_due"))
        .ok_or_else(|| {
            AppError::new(ErrorCode::Conflict, "no subscription: choose a plan first")
        })?;
    let stripe = billing::stripe(&state)?;
    // The plan's item and its add-ons' move together.
    let items = stripe
        .subscription(&sub.provider_id)
        .await
        .map_err(upstream)?
        .item_ids;
    if items.is_empty() {
        return Err(AppError::new(
            ErrorCode::Conflict,
            "the subscription has no item",
        ));
    }
    let adding = req.seats > plan.seat_issued;
    let now = state.clock.now_ms();
    if !adding {
        store::billing::set_pending_seats(&state.store, sub.id, Some(req.seats as i32)).await?;
    }
    let key = format!("seats_{}_{}_{}", sub.provider_id, req.seats, sub.event_at);
    let answer = match stripe
        .set_quantity(&sub.provider_id, &items, req.seats, adding, &key)
        .await
    {
        Ok(a) => a,
        Err(e) => {
            if !adding {
                store::billing::set_pending_seats(&state.store, sub.id, sub.pending_seats).await?;
            }
            return Err(upstream(e));
        }
    };
    billing::apply_answer(&state, &answer).await?;
    let kind = if adding {
        "seats_added"
    } else {
        "seats_removal_scheduled"
    };
    store::billing::add_history(
        state.store.conn(),
        payer,
        now,
        kind,
        serde_json::json!({"from": plan.seat_issued, "to": req.seats}),
    )
    .await?;
    Ok(Json(overview_of(&state, payer).await?))
}

/// An organisation's failed payments (`/failedtransactions`), for its admins.
#[utoipa::path(
    get,
    path = "/api/billing/failed-transactions",
    tag = "billing",
    params(("org_id" = i64, Query, description = "An organisation the caller administers")),
    responses(
        (status = 200, description = "Newest first", body = ResultEnvelope<Vec<FailedTransaction>>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn failed_transactions(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<contract::accounts::OrgQuery>,
) -> Result<Json<ResultEnvelope<Vec<FailedTransaction>>>, AppError> {
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    let rows = store::billing::failed_transactions(&state.store, Payer::Org(q.org_id)).await?;
    Ok(Json(ResultEnvelope::ok(
        rows.into_iter().map(failed_view).collect(),
    )))
}

pub fn failed_view(f: rows::failed_transaction::Model) -> FailedTransaction {
    FailedTransaction {
        id: f.id,
        invoice_id: f.invoice_id,
        org_id: f.org_id,
        amount_minor: f.amount_minor,
        currency: f.currency,
        reason: f.reason,
        created_at: rfc3339(f.created_at).unwrap_or_default(),
        resolved_at: f.resolved_at.and_then(rfc3339),
    }
}

/// 000 §3 `manageBillingURL`: a customer-portal session at the provider (payment methods,
/// invoices, cancelling). `url` is null while the payer has bought nothing.
#[utoipa::path(
    get,
    path = "/api/billing/portal",
    tag = "billing",
    params(
        ("org_id" = Option<i64>, Query, description = "An organisation the caller administers"),
        ("workspace_id" = Option<i64>, Query, description = "Or the caller's workspace"),
    ),
    responses(
        (status = 200, description = "The portal's address, or null", body = ResultEnvelope<Option<String>>),
        (status = 403, description = "Not an admin, or another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn portal(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<PayerQuery>,
) -> Result<Json<ResultEnvelope<Option<String>>>, AppError> {
    let payer = payer_of(&state, &user, &q, AccessLevel::Admin).await?;
    let Some(customer) = has_customer(&state, payer)
        .await?
        .and_then(|s| s.customer_id)
    else {
        return Ok(Json(ResultEnvelope::ok(None)));
    };
    let url = billing::stripe(&state)?
        .portal(&customer, &state.config.billing.return_url)
        .await
        .map_err(upstream)?;
    Ok(Json(ResultEnvelope::ok(Some(url))))
}

/// How many members an organisation's plan holds now (invites and imports stop there): the seats
/// bought while the plan runs or is in grace; on Free, no one new.
pub async fn seat_limit(state: &AppState, org_id: i64) -> Result<u32, AppError> {
    let plan = payer_plan(state, Payer::Org(org_id)).await?;
    let now = standing_now(state, plan.facts);
    Ok(match now.standing {
        Standing::Free => 0,
        _ => plan.seat_issued,
    })
}

/// The return page's question (`/checkout?session_id=…`): whose checkout it was (the caller's
/// workspace, or an organisation the caller administers) and whether its payment arrived.
/// Another person's checkout answers as an unknown one (404).
#[utoipa::path(
    get,
    path = "/api/billing/checkout",
    tag = "billing",
    params(("session_id" = String, Query, description = "The provider's checkout session")),
    responses(
        (status = 200, description = "The checkout", body = CheckoutStatus),
        (status = 404, description = "No checkout of the caller's", body = contract::ErrorBody),
    )
)]
pub async fn checkout_status(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<CheckoutSessionQuery>,
) -> Result<Json<CheckoutStatus>, AppError> {
    let found = store::billing::checkout_by_session(state.store.conn(), &q.session_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let allowed = match (found.org_id, found.user_id) {
        (Some(org), _) => member_at(&state, &user, org, AccessLevel::Admin)
            .await
            .is_ok(),
        (None, Some(u)) => u == user.id,
        _ => false,
    };
    if !allowed {
        return Err(AppError::not_found());
    }
    Ok(Json(CheckoutStatus {
        status: found.status,
        org_id: found.org_id,
        workspace_id: found.user_id,
        plan_id: found.plan_id,
        seats: found.seats,
    }))
}
