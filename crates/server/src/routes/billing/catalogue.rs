//! The catalogue and the payer's plan: plans, add-ons, currency, rates, the visitor's
//! currency, the user plan list and the plan's limits (001 §3, §7).

use super::{currency_code, has_customer, manage_url, payer_of};
use crate::access::member;
use crate::auth::CurrentUser;
use crate::billing::{self, current_plan, payer_plan, standing_now};
use crate::client::ClientAddr;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::accounts::ResultEnvelope;
use contract::billing::{
    CurrencyQuery, ExchangeRates, LocalizedCurrency, LocalizedCurrencyAnswer, PayerQuery, Plan,
    PlanBanner, PlanLimits, PlanUpsell, TeamAddon, UserPlans, VisitorCurrency,
};
use domain::accounts::ACTIVE_USER_STATUS;
use domain::roles::{is_admin, AccessLevel};
use domain::subscription::plan_limits;
use domain::upsell::{upsell, Upsell, UpsellFacts, Viewer};
use store::billing::Payer;
use store::entity::billing as rows;

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
    let viewer = match payer {
        Payer::Org(id) => Viewer {
            may_pay: is_admin(Some(i64::from(member(&state, &user, id).await?.role_id))),
            belongs_to_organisation: true,
        },
        Payer::User(_) => Viewer {
            may_pay: true,
            belongs_to_organisation: store::orgs::memberships_of_user(&state.store, user.id)
                .await?
                .iter()
                .any(|(m, _)| m.user_status == ACTIVE_USER_STATUS),
        },
    };
    let offer = upsell(&UpsellFacts {
        now,
        is_trial: plan.facts.is_trial,
        validity: plan.facts.validity,
        organisation: matches!(payer, Payer::Org(_)),
        viewer,
        at: state.clock.now_ms(),
    });
    Ok(Json(PlanLimits {
        standing: billing::standing_name(now.standing).to_owned(),
        effective_plan_id: now.effective_plan_id,
        labels: l.labels,
        quick_replies: l.quick_replies,
        signature: l.signature,
        ai_replies_per_day: l.ai_replies_per_day,
        seats: l.seats,
        upsell: upsell_view(&offer),
    }))
}

/// The domain's names for an enum value (its serde name).
fn name_of(value: impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn upsell_view(u: &Upsell) -> PlanUpsell {
    PlanUpsell {
        card: u.card.map(name_of),
        banner: u.banner.map(|b| PlanBanner {
            kind: name_of(b.kind),
            days: b.days,
            ended_at: b.ended_at.and_then(rfc3339),
            until: b.until.and_then(rfc3339),
            ended: b.ended,
        }),
        action: u.action.map(name_of),
        popup: u.popup.map(name_of),
        no_teams_plan: u.no_teams_plan,
    }
}
