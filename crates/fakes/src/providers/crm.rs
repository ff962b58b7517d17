//! What the CRM fakes share: contacts found or created by phone, the chat activity logged on
//! them, credentials checked, and 429s while a provider is rate limited.

use super::{Crm, FakeState, Inner};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use base64::Engine;
use serde_json::{json, Value};

pub(super) type Reply = axum::response::Response;

pub(super) fn reply(status: StatusCode, body: Value) -> Reply {
    use axum::response::IntoResponse;
    (status, Json(body)).into_response()
}

/// The digits of a phone number, how the fakes compare numbers that CRMs normalise.
fn phone_digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

pub(super) fn same_phone(a: &str, b: &str) -> bool {
    let a = phone_digits(a);
    !a.is_empty() && a == phone_digits(b)
}

/// `v` as an id string (a string, or a number written out).
pub(super) fn id_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Runs `f` on `provider`'s records and the id counter.
pub(super) fn with_crm<R>(
    state: &FakeState,
    provider: &str,
    f: impl FnOnce(&mut Crm, &mut u64) -> R,
) -> R {
    let mut guard = state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let Inner { crm, counter, .. } = &mut *guard;
    f(crm.entry(provider.to_owned()).or_default(), counter)
}

/// The contact of `provider` with id `id`.
pub(super) fn crm_contact(state: &FakeState, provider: &str, id: &str) -> Option<Value> {
    with_crm(state, provider, |c, _| {
        c.contacts
            .iter()
            .find(|x| id_of(&x["id"]).as_deref() == Some(id))
            .cloned()
    })
}

/// Stores `contact` with the next id (`<prefix><n, 15 digits>` when a prefix is given) as `id`
/// and under the `also` names, and answers the id.
pub(super) fn add_contact(
    state: &FakeState,
    provider: &str,
    mut contact: Value,
    prefix: Option<&str>,
    also: &[&str],
) -> String {
    with_crm(state, provider, |c, counter| {
        *counter += 1;
        let id = match prefix {
            Some(p) => format!("{p}{:015}", *counter),
            None => counter.to_string(),
        };
        contact["id"] = json!(id);
        for name in also {
            contact[*name] = json!(id);
        }
        c.contacts.push(contact);
        id
    })
}

/// Stores an activity (the contact id and the body included by the caller) with the next id.
pub(super) fn add_activity(
    state: &FakeState,
    provider: &str,
    mut activity: Value,
    prefix: Option<&str>,
) -> String {
    with_crm(state, provider, |c, counter| {
        *counter += 1;
        let id = match prefix {
            Some(p) => format!("{p}{:015}", *counter),
            None => counter.to_string(),
        };
        activity["id"] = json!(id);
        c.activities.push(activity);
        id
    })
}

/// Counts one call against a `rate_limit` and the daily budget: the 429 answer while calls
/// remain limited (HubSpot's as HubSpot words it: the burst policy with `Retry-After`, the daily
/// one without, its remaining count in `X-HubSpot-RateLimit-Daily-Remaining`).
pub(super) fn crm_limited(state: &FakeState, provider: &str) -> Option<Reply> {
    use axum::response::IntoResponse;
    let (burst, daily_spent) = with_crm(state, provider, |c, _| {
        let daily_spent = match c.daily_left.as_mut() {
            Some(0) => true,
            Some(n) => {
                *n -= 1;
                false
            }
            None => false,
        };
        if daily_spent {
            (false, true)
        } else if c.rate_limited > 0 {
            c.rate_limited -= 1;
            (true, false)
        } else {
            (false, false)
        }
    });
    let hubspot = |policy: &str, message: &str| {
        json!({ "status": "error", "message": message, "errorType": "RATE_LIMIT",
                "correlationId": "5e2b2f5c-0000-4000-8000-000000000429", "policyName": policy })
    };
    if daily_spent {
        let body = if provider == "hubspot" {
            hubspot("DAILY", "You have reached your daily limit.")
        } else {
            json!({ "error": "rate_limited", "message": "Daily limit reached" })
        };
        return Some(
            (
                StatusCode::TOO_MANY_REQUESTS,
                [("x-hubspot-ratelimit-daily-remaining", "0")],
                Json(body),
            )
                .into_response(),
        );
    }
    burst.then(|| {
        let body = if provider == "hubspot" {
            hubspot(
                "TEN_SECONDLY_ROLLING",
                "You have reached your ten_secondly_rolling limit.",
            )
        } else {
            json!({ "error": "rate_limited", "message": "Too many requests" })
        };
        (
            StatusCode::TOO_MANY_REQUESTS,
            [(axum::http::header::RETRY_AFTER, "1")],
            Json(body),
        )
            .into_response()
    })
}

/// The token after `scheme` (e.g. `Bearer `) in the authorization header.
pub(super) fn token_after<'h>(headers: &'h HeaderMap, scheme: &str) -> Option<&'h str> {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix(scheme))
}

/// Whether `token` is a live access token the fake issued to `provider`.
pub(super) fn live_token(state: &FakeState, provider: &str, token: Option<&str>) -> bool {
    state.0.lock().is_ok_and(|i| {
        token
            .and_then(|t| i.access_tokens.get(t))
            .is_some_and(|p| p == provider)
    })
}

/// The basic-auth user name of `headers`.
pub(super) fn basic_user(headers: &HeaderMap) -> Option<String> {
    token_after(headers, "Basic ")
        .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.split_once(':').map(|(u, _)| u.to_owned()))
}

/// 429 while `provider` is rate limited, else `refused` when the call is not `authorised`.
pub(super) fn crm_gate(
    state: &FakeState,
    provider: &str,
    authorised: bool,
    refused: impl FnOnce() -> Reply,
) -> Option<Reply> {
    if let Some(r) = crm_limited(state, provider) {
        return Some(r);
    }
    (!authorised).then(refused)
}
