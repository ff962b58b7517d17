//! Credits to the payment provider (issue #28, Refer and Earn): a person's credits (a pair of
//! friends signed up, a store review) become a credit on the customer balance of what they pay
//! for, which the provider takes off the next invoice. Each credit is sent once (its id is the
//! idempotency key, so two replicas sending it make one transaction) and marked applied; one
//! that cannot be sent yet (nothing paid for, the provider away, no rate for the currency) stays
//! pending and is tried again when the person's billing next changes (any payment event of what
//! they pay for) or they earn another.

use crate::state::AppState;
use store::billing::Payer;

/// What one pass did for a person.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Applied {
    pub applied: usize,
    pub pending: usize,
}

/// Sends the person's pending credits to the provider. Never fails the caller: what cannot be
/// sent stays pending and is logged.
pub async fn apply_pending(state: &AppState, user_id: i64) -> Applied {
    match try_apply(state, user_id).await {
        Ok(a) => a,
        Err(e) => {
            tracing::warn!(user_id, error = %e, "credits could not be applied; kept pending");
            Applied::default()
        }
    }
}

/// Applies the pending credits of everyone whose credits go to `payer`'s subscription: the
/// person themselves, or the organisation's administrators.
pub async fn apply_for_payer(state: &AppState, payer: Payer) {
    let people = match payer {
        Payer::User(id) => vec![id],
        Payer::Org(id) => match store::referrals::admins_of(&state.store, id).await {
            Ok(admins) => admins,
            Err(e) => {
                tracing::warn!(org_id = id, error = %e, "credits: administrators unreadable");
                return;
            }
        },
    };
    let holding = match store::referrals::with_pending_credits(&state.store, &people).await {
        Ok(h) => h,
        Err(e) => {
            tracing::warn!(error = %e, "credits: pending credits unreadable");
            return;
        }
    };
    for user_id in holding {
        apply_pending(state, user_id).await;
    }
}

async fn try_apply(state: &AppState, user_id: i64) -> Result<Applied, String> {
    let pending = store::referrals::pending_credits(&state.store, user_id)
        .await
        .map_err(|e| e.to_string())?;
    if pending.is_empty() {
        return Ok(Applied::default());
    }
    let left = Applied {
        applied: 0,
        pending: pending.len(),
    };
    let Some((customer, currency)) = store::referrals::credit_customer(&state.store, user_id)
        .await
        .map_err(|e| e.to_string())?
    else {
        return Ok(left);
    };
    if state.config.providers.stripe.secret_key.is_none() {
        return Ok(left);
    }
    let stripe = crate::billing::stripe(state).map_err(|e| format!("{e:?}"))?;
    let rate = usd_rate(state, &currency).await;
    let mut done = Applied::default();
    for credit in pending {
        let usd_minor = if credit.currency.eq_ignore_ascii_case("usd") {
            credit.amount_minor
        } else {
            // Credits are kept in US dollars; anything else is not ours to convert.
            done.pending += 1;
            continue;
        };
        let Some(amount) =
            domain::referrals::credit_in_currency(usd_minor, &currency, rate.unwrap_or(0.0))
        else {
            done.pending += 1;
            continue;
        };
        let description = match credit.source.as_str() {
            "referral" => "Switchboard referral credit",
            _ => "Switchboard credit",
        };
        // Keys are the provider account's, shared by every installation using it: the customer makes
        // the key ours alone.
        let key = format!("switchboard-credit-{customer}-{}", credit.id);
        match stripe
            .credit_balance(&customer, amount, &currency, description, &key)
            .await
        {
            Ok(txn) => {
                let now = state.clock.now_ms();
                store::referrals::mark_applied(&state.store, credit.id, now)
                    .await
                    .map_err(|e| e.to_string())?;
                tracing::info!(user_id, credit = credit.id, %txn, amount, %currency, "credit applied");
                done.applied += 1;
            }
            Err(e) => {
                tracing::warn!(user_id, credit = credit.id, error = %e, "credit not applied yet");
                done.pending += 1;
            }
        }
    }
    Ok(done)
}

/// Units of `currency` per US dollar from the cached rates (1 for dollars; `None` unknown).
async fn usd_rate(state: &AppState, currency: &str) -> Option<f64> {
    if currency.eq_ignore_ascii_case("usd") {
        return Some(1.0);
    }
    let (rates, _) = crate::billing::usd_rates(state).await.ok().flatten()?;
    rates
        .get(&currency.to_ascii_uppercase())
        .and_then(serde_json::Value::as_f64)
}
