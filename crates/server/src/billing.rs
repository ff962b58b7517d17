//! Billing on the server (issue #15): where a payer's plan stands (the domain's `plan_now` over
//! the stored facts and the clock), the payment provider's client from configuration, cached
//! exchange rates, and how each webhook event changes the payer's plan, seats and dunning
//! state. The routes in `routes/billing/` stay thin over this.

use crate::error::AppError;
use crate::state::AppState;
use connectors::stripe::{Event, Stripe, Subscription};
use contract::billing::CurrentPlan;
use contract::ErrorCode;
use domain::plans::normalize_plan_id;
use domain::subscription::{plan_now, PlanFacts, PlanNow, Standing};
use secrecy::ExposeSecret;
use serde_json::Value;
use store::billing::{InvoiceFacts, Payer, SubscriptionState};

/// The provider's client, or `billing_unavailable` when no key is configured.
pub fn stripe(state: &AppState) -> Result<Stripe, AppError> {
    let cfg = &state.config.providers.stripe;
    let key = cfg.secret_key.as_ref().ok_or_else(|| {
        AppError::new(ErrorCode::BillingUnavailable, "payments are not configured")
    })?;
    Stripe::new(&cfg.api_url, key.expose_secret()).map_err(upstream)
}

/// A provider failure: logged in full, answered as `upstream_failed`.
pub fn upstream(e: connectors::ConnectorError) -> AppError {
    tracing::warn!(error = %e, "payment provider call failed");
    AppError::new(
        ErrorCode::UpstreamFailed,
        "the payment provider did not answer as expected",
    )
}

/// The stored plan facts of a payer.
pub struct PayerPlan {
    pub facts: PlanFacts,
    pub seat_issued: u32,
    pub dunning_since: Option<i64>,
    pub ai_addon: bool,
}

/// Reads the payer's plan facts.
pub async fn payer_plan(state: &AppState, payer: Payer) -> Result<PayerPlan, AppError> {
    match payer {
        Payer::Org(id) => {
            let org = store::orgs::organisation(&state.store, id)
                .await?
                .ok_or_else(AppError::not_found)?;
            Ok(PayerPlan {
                facts: PlanFacts {
                    plan_id: i64::from(org.plan_id),
                    is_trial: org.is_trial,
                    validity: org.validity,
                },
                seat_issued: u32::try_from(org.seat_issued).unwrap_or(0),
                dunning_since: org.dunning_since,
                ai_addon: org.ai_addon,
            })
        }
        Payer::User(id) => {
            let user = store::accounts::find_user(&state.store, id)
                .await?
                .ok_or_else(AppError::not_found)?;
            Ok(PayerPlan {
                facts: PlanFacts {
                    plan_id: user.plan_id,
                    is_trial: user.plan_is_trial,
                    validity: user.plan_validity,
                },
                seat_issued: 1,
                dunning_since: None,
                ai_addon: user.ai_addon,
            })
        }
    }
}

/// Where the payer's plan stands now.
pub fn standing_now(state: &AppState, facts: PlanFacts) -> PlanNow {
    plan_now(facts, state.config.billing.grace_days, state.clock.now_ms())
}

/// Where an organisation's plan stands now.
pub fn org_plan_now(state: &AppState, org: &store::entity::organisation::Model) -> PlanNow {
    standing_now(
        state,
        PlanFacts {
            plan_id: i64::from(org.plan_id),
            is_trial: org.is_trial,
            validity: org.validity,
        },
    )
}

/// Whether the organisation has the knowledge base now (its plan, or the operator's grant).
pub fn knowledge_base_on(state: &AppState, org: &store::entity::organisation::Model) -> bool {
    domain::subscription::knowledge_base_included(
        &org_plan_now(state, org),
        org.knowledge_base_enabled,
    )
}

pub fn standing_name(s: Standing) -> &'static str {
    match s {
        Standing::Trial => "trial",
        Standing::Active => "active",
        Standing::Grace => "grace",
        Standing::Free => "free",
    }
}

/// The plan as the billing screen and the user plan list show it.
pub async fn current_plan(state: &AppState, plan: &PayerPlan) -> Result<CurrentPlan, AppError> {
    let now = standing_now(state, plan.facts);
    // The plan bought (or trialled); `effective_plan_id` and `standing` say whether it still
    // applies, so the screen can say which plan ended.
    let name_of = normalize_plan_id(plan.facts.plan_id);
    let plan_name = store::billing::plan(&state.store, name_of)
        .await?
        .map(|p| p.plan_name)
        .unwrap_or_else(|| "Free".to_owned());
    Ok(CurrentPlan {
        plan_id: plan.facts.plan_id,
        effective_plan_id: now.effective_plan_id,
        plan_name,
        standing: standing_name(now.standing).to_owned(),
        is_trial: plan.facts.is_trial,
        validity: plan.facts.validity.and_then(crate::views::rfc3339),
        grace_until: now.grace_until.and_then(crate::views::rfc3339),
        dunning_since: plan.dunning_since.and_then(crate::views::rfc3339),
        ai_addon: plan.ai_addon,
    })
}

/// The payer named by a subscription's (or invoice's) metadata: `org_id` or `user_id`.
fn payer_in(metadata: &serde_json::Map<String, Value>) -> Option<Payer> {
    let id = |k: &str| {
        metadata.get(k).and_then(|v| match v {
            Value::String(s) => s.parse::<i64>().ok(),
            other => other.as_i64(),
        })
    };
    Payer::of(id("org_id"), id("user_id"))
}

fn plan_in(metadata: &serde_json::Map<String, Value>) -> Option<i64> {
    metadata.get("plan_id").and_then(|v| match v {
        Value::String(s) => s.parse::<i64>().ok(),
        other => other.as_i64(),
    })
}

/// A provider subscription as the store keeps it. Its payer is bound to what this server
/// created: the payer it is already stored for, else the payer of the checkout it came from
/// (`checkout`), else the one its metadata names only when this server sent that payer to a
/// checkout — metadata alone never moves a plan to another organisation. The plan comes from
/// the metadata, else from what the store knows.
async fn subscription_state(
    state: &AppState,
    s: &Subscription,
    checkout: Option<Payer>,
) -> Result<Option<SubscriptionState>, AppError> {
    let known = store::billing::subscription_by_provider_id(state.store.conn(), &s.id).await?;
    let payer = match known.as_ref().and_then(|k| Payer::of(k.org_id, k.user_id)) {
        Some(p) => Some(p),
        None => match checkout {
            Some(p) => Some(p),
            None => match payer_in(&s.metadata) {
                Some(p) if store::billing::checkout_exists_for(state.store.conn(), p).await? => {
                    Some(p)
                }
                Some(_) => {
                    tracing::warn!(subscription = %s.id, "subscription names a payer no checkout was created for");
                    None
                }
                None => None,
            },
        },
    };
    let plan = plan_in(&s.metadata).or(known.as_ref().map(|k| k.plan_id));
    let (Some(payer), Some(plan_id)) = (payer, plan) else {
        return Ok(None);
    };
    let ms = |secs: Option<i64>| secs.map(|t| t.saturating_mul(1000));
    let ai_addon = s
        .metadata
        .get("addons")
        .and_then(Value::as_str)
        .map(|a| a.split(',').any(|k| k == "ai_reply"));
    Ok(Some(SubscriptionState {
        ai_addon,
        provider_id: s.id.clone(),
        customer_id: s.customer.clone(),
        item_id: s.item_id.clone(),
        payer,
        plan_id,
        status: s.status.clone(),
        currency: s
            .currency
            .clone()
            .or_else(|| known.as_ref().map(|k| k.currency.clone()))
            .unwrap_or_else(|| "USD".to_owned()),
        unit_amount_minor: s
            .unit_amount
            .or(known.as_ref().map(|k| k.unit_amount_minor))
            .unwrap_or(0),
        interval: s
            .interval
            .clone()
            .or_else(|| known.as_ref().map(|k| k.billing_interval.clone()))
            .unwrap_or_else(|| "month".to_owned()),
        seats: i32::try_from(s.quantity).unwrap_or(i32::MAX),
        period_start: ms(s.period_start),
        period_end: ms(s.period_end),
        cancel_at_period_end: s.cancel_at_period_end,
        ended_at: ms(s.ended_at),
    }))
}

/// Applies a subscription the provider just answered (a seat change), as of `now`.
pub async fn apply_answer(state: &AppState, s: &Subscription) -> Result<(), AppError> {
    let Some(sub) = subscription_state(state, s, None).await? else {
        return Ok(());
    };
    let now = state.clock.now_ms();
    let txn = state.store.begin_write().await?;
    store::billing::apply_subscription(&txn, &sub, now, now).await?;
    txn.commit().await.map_err(store::StoreError::from)?;
    Ok(())
}

/// Whether the event was applied now (false: recorded before, nothing changed).
pub async fn apply_event(state: &AppState, event: &Event) -> Result<bool, AppError> {
    let now = state.clock.now_ms();
    let event_at = event.created.saturating_mul(1000);
    let object = &event.data.object;
    // What needs the provider is asked before the transaction opens: a completed checkout's
    // subscription as it is now (so the order events arrive in does not matter).
    let fetched = match event.kind.as_str() {
        "checkout.session.completed" => {
            match connectors::stripe::text_or_id(object.get("subscription")) {
                Some(id) => Some(stripe(state)?.subscription(&id).await.map_err(upstream)?),
                None => None,
            }
        }
        _ => None,
    };
    let subscription = match event.kind.as_str() {
        "customer.subscription.created"
        | "customer.subscription.updated"
        | "customer.subscription.deleted" => Subscription::from_object(object),
        _ => fetched,
    };
    // A completed checkout binds its subscription to the payer this server created it for.
    let checkout_payer = match (
        event.kind.as_str(),
        object.get("id").and_then(Value::as_str),
    ) {
        ("checkout.session.completed", Some(id)) => {
            store::billing::checkout_by_session(state.store.conn(), id)
                .await?
                .and_then(|c| Payer::of(c.org_id, c.user_id))
        }
        _ => None,
    };
    let sub_state = match &subscription {
        Some(s) => subscription_state(state, s, checkout_payer).await?,
        None => None,
    };
    let invoice = match event.kind.as_str() {
        "invoice.paid" | "invoice.payment_failed" => invoice_facts(state, object).await?,
        _ => None,
    };
    let Some(txn) = store::billing::begin_event(&state.store, &event.id, &event.kind, now).await?
    else {
        return Ok(false);
    };
    match event.kind.as_str() {
        "checkout.session.completed" => {
            if let Some(id) = object.get("id").and_then(Value::as_str) {
                store::billing::complete_checkout(&txn, id).await?;
            }
            if let Some(s) = &sub_state {
                store::billing::apply_subscription(&txn, s, event_at, now).await?;
            }
        }
        "customer.subscription.created"
        | "customer.subscription.updated"
        | "customer.subscription.deleted" => match &sub_state {
            Some(s) => {
                store::billing::apply_subscription(&txn, s, event_at, now).await?;
            }
            None => tracing::warn!(event = %event.id, "subscription event names no payer"),
        },
        "invoice.paid" => match &invoice {
            Some(i) => store::billing::invoice_paid(&txn, i, now).await?,
            None => tracing::warn!(event = %event.id, "invoice names no payer"),
        },
        "invoice.payment_failed" => match &invoice {
            Some(i) => store::billing::payment_failed(&txn, i, now).await?,
            None => tracing::warn!(event = %event.id, "invoice names no payer"),
        },
        _ => {}
    }
    txn.commit().await.map_err(store::StoreError::from)?;
    // The payer's billing moved: credits earned before they paid, or not sent for a provider
    // error, are tried again (without holding up the provider's delivery).
    if let Some(payer) = sub_state.map(|s| s.payer).or(invoice.map(|i| i.payer)) {
        let state = state.clone();
        tokio::spawn(async move { crate::credits::apply_for_payer(&state, payer).await });
    }
    Ok(true)
}

/// An invoice's payer (its subscription's metadata, else the stored subscription), amount and
/// failure reason.
async fn invoice_facts(state: &AppState, o: &Value) -> Result<Option<InvoiceFacts>, AppError> {
    let Some(id) = o.get("id").and_then(Value::as_str) else {
        return Ok(None);
    };
    // The stored subscription's payer first; the metadata's only for a payer this server sent
    // to a checkout (as for subscriptions).
    // The subscription and its metadata: under `parent.subscription_details` since API version
    // 2025-03-31, at the top level before it (both are read: events already sent keep theirs).
    let subscription = connectors::stripe::text_or_id(o.get("subscription")).or_else(|| {
        connectors::stripe::text_or_id(o.pointer("/parent/subscription_details/subscription"))
    });
    let metadata = o
        .pointer("/parent/subscription_details/metadata")
        .or_else(|| o.pointer("/subscription_details/metadata"))
        .and_then(Value::as_object);
    let mut payer = None;
    if let Some(sub) = subscription {
        payer = store::billing::subscription_by_provider_id(state.store.conn(), &sub)
            .await?
            .and_then(|s| Payer::of(s.org_id, s.user_id));
    }
    if payer.is_none() {
        if let Some(p) = metadata.and_then(payer_in) {
            if store::billing::checkout_exists_for(state.store.conn(), p).await? {
                payer = Some(p);
            }
        }
    }
    let Some(payer) = payer else {
        return Ok(None);
    };
    let amount = o
        .get("amount_paid")
        .and_then(Value::as_i64)
        .filter(|a| *a > 0)
        .or_else(|| o.get("amount_due").and_then(Value::as_i64))
        .unwrap_or(0);
    Ok(Some(InvoiceFacts {
        provider_id: id.to_owned(),
        payer,
        amount_minor: amount,
        currency: o
            .get("currency")
            .and_then(Value::as_str)
            .unwrap_or("usd")
            .to_ascii_uppercase(),
        hosted_url: o
            .get("hosted_invoice_url")
            .and_then(Value::as_str)
            .map(str::to_owned),
        reason: o
            .pointer("/last_finalization_error/message")
            .or_else(|| o.pointer("/last_payment_error/message"))
            .and_then(Value::as_str)
            .map(str::to_owned)
            .or_else(|| Some("payment failed".to_owned())),
    }))
}

/// How long after a failed fetch of exchange rates they are not asked for again.
pub const RATES_RETRY_AFTER_FAILURE_MS: i64 = 5 * 60 * 1000;

/// USD rates: the cached ones while fresh, else fetched from the configured provider and
/// cached. `None` when no provider is configured; a failed fetch serves the stale cache.
pub async fn usd_rates(
    state: &AppState,
) -> Result<Option<(serde_json::Map<String, Value>, i64)>, AppError> {
    let cfg = &state.config.providers.exchange_rates;
    let Some(url) = cfg.api_url.as_deref() else {
        return Ok(None);
    };
    let now = state.clock.now_ms();
    let cached = store::billing::cached_rates(&state.store, "USD").await?;
    let parse = |c: &store::entity::billing::exchange_rate::Model| {
        serde_json::from_str::<serde_json::Map<String, Value>>(&c.rates)
            .ok()
            .map(|r| (r, c.fetched_at))
    };
    if let Some(c) = &cached {
        let ttl = i64::try_from(cfg.ttl_s)
            .unwrap_or(i64::MAX)
            .saturating_mul(1000);
        if now - c.fetched_at < ttl {
            if let Some(r) = parse(c) {
                return Ok(Some(r));
            }
        }
    }
    // After a failure the provider is left alone for a while: the stale cache (or none) serves.
    use std::sync::atomic::Ordering;
    let failed_at = state.rates_failed_at.load(Ordering::Relaxed);
    if failed_at != 0 && now - failed_at < RATES_RETRY_AFTER_FAILURE_MS {
        return Ok(cached.as_ref().and_then(parse));
    }
    match connectors::exchange_rates::latest(url, "USD").await {
        Ok(rates) => {
            state.rates_failed_at.store(0, Ordering::Relaxed);
            let text = Value::Object(rates.clone()).to_string();
            store::billing::save_rates(&state.store, "USD", &text, now).await?;
            Ok(Some((rates, now)))
        }
        Err(e) => {
            state.rates_failed_at.store(now, Ordering::Relaxed);
            tracing::warn!(error = %e, "exchange rates could not be fetched");
            Ok(cached.as_ref().and_then(parse))
        }
    }
}
