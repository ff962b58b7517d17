//! Buying a plan: the provider's checkout (001 §7 item 8), the return page's question and
//! the customer portal.

use super::{currency_code, has_customer, payer_of};
use crate::access::{member_at, own_workspace};
use crate::auth::CurrentUser;
use crate::billing::{self, upstream};
use crate::client::ClientAddr;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::ResultEnvelope;
use contract::billing::{
    CheckoutAnswer, CheckoutRequest, CheckoutSessionQuery, CheckoutStatus, PayerQuery,
};
use contract::ErrorCode;
use domain::billing::period_amount;
use domain::plans::{normalize_plan_id, PlanKind, MAX_SEATS};
use domain::roles::AccessLevel;
use domain::RuleError;
use sha2::Digest;
use store::billing::Payer;

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
        (status = 422, description = "`validation_failed`: the free plan needs no checkout; `fields.quantity` = too_many_seats", body = contract::ErrorBody),
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
            let seats = domain::subscription::checkout_seats(req.quantity.unwrap_or(1), used);
            if seats > MAX_SEATS {
                return Err(AppError::invalid_field("quantity", RuleError::TooManySeats));
            }
            seats
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
    // One period's charge: a year of the monthly equivalent for an annual plan (the domain's
    // `period_amount`, which the plan chooser's yearly total uses too).
    let interval = if plan.is_monthly { "month" } else { "year" };
    let unit_amount = period_amount(per_month, !plan.is_monthly)
        .ok_or_else(|| AppError::new(ErrorCode::ValidationFailed, "amount out of range"))?;
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
        let amount = period_amount(monthly, !plan.is_monthly)
            .ok_or_else(|| AppError::new(ErrorCode::ValidationFailed, "amount out of range"))?;
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
