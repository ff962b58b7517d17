//! Fake payment provider speaking Stripe's API under `/stripe`: `POST /v1/checkout/sessions`
//! (form-encoded, `Idempotency-Key` honoured: the same key answers the same session),
//! `GET`/`POST /v1/subscriptions/{id}` (read, change seats), `POST /v1/billing_portal/sessions`,
//! and the pages a buyer sees: `GET /pay/{session}` with Pay and Cancel, `POST /pay/{session}`
//! which creates the customer, the subscription and a paid invoice, sends the webhooks
//! (`customer.subscription.created`, `checkout.session.completed`, `invoice.paid`, signed with
//! [`STRIPE_WEBHOOK_SECRET`] as `Stripe-Signature`) to the configured endpoint and returns the
//! buyer to the session's `success_url`. Also the exchange-rate provider under `/rates`.

use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;

use super::{FakeState, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET};

/// What the fake provider holds.
#[derive(Default)]
pub(super) struct Stripe {
    /// Checkout sessions by id.
    sessions: HashMap<String, Value>,
    /// Idempotency key → the session it created.
    idempotency: HashMap<String, String>,
    /// Subscriptions by id.
    pub(super) subscriptions: HashMap<String, Value>,
    /// Every event sent, oldest first.
    pub(super) events: Vec<Value>,
    /// Where webhooks go (the server's `/api/billing/stripe/webhook`).
    pub(super) webhook_url: Option<String>,
    /// Checkout sessions created (idempotent replays not counted).
    pub(super) sessions_created: usize,
    /// Calls of the exchange-rate endpoint.
    pub(super) rate_calls: usize,
    /// Customer balance transactions by customer, oldest first.
    pub(super) balance_transactions: HashMap<String, Vec<Value>>,
    /// Idempotency key → the balance transaction it created.
    balance_idempotency: HashMap<String, Value>,
    /// Answer balance transactions with a server error (a provider having a bad minute).
    pub(super) refuse_balance: bool,
}

impl Stripe {
    /// The customer's credit balance in `currency` (negative: owed to the customer), as the
    /// provider keeps one per currency (`invoice_credit_balance`).
    pub(super) fn balance(&self, customer: &str, currency: &str) -> i64 {
        self.balance_transactions
            .get(customer)
            .map(|all| {
                all.iter()
                    .filter(|t| t["currency"] == json!(currency))
                    .map(|t| t["amount"].as_i64().unwrap_or(0))
                    .sum()
            })
            .unwrap_or(0)
    }
}

fn now_s() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// The API version this fake speaks (its shapes are that version's); a call must name it, so a
/// client that does not pin its version is caught here.
pub const STRIPE_API_VERSION: &str = "2025-03-31.basil";

fn authorised(headers: &HeaderMap) -> bool {
    let keyed = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == format!("Bearer {STRIPE_SECRET_KEY}"));
    let versioned = headers
        .get("stripe-version")
        .is_some_and(|v| v.as_bytes() == STRIPE_API_VERSION.as_bytes());
    keyed && versioned
}

fn refuse() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({"error": {"type": "invalid_request_error", "message": "Invalid API Key provided"}})),
    )
        .into_response()
}

fn next_id(state: &FakeState, prefix: &str) -> String {
    let mut i = state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    i.counter += 1;
    format!("{prefix}_fake{}", i.counter)
}

/// The `metadata[...]` entries of a form under `prefix` (e.g. `subscription_data[metadata]`).
fn metadata(form: &HashMap<String, String>, prefix: &str) -> Value {
    let mut m = serde_json::Map::new();
    for (k, v) in form {
        if let Some(key) = k
            .strip_prefix(prefix)
            .and_then(|r| r.strip_prefix('['))
            .and_then(|r| r.strip_suffix(']'))
        {
            m.insert(key.to_owned(), json!(v));
        }
    }
    Value::Object(m)
}

pub(super) async fn create_checkout(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    state.record(
        "POST",
        "/stripe/v1/checkout/sessions".into(),
        &headers,
        json!(form),
    );
    if !authorised(&headers) {
        return refuse();
    }
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    if let Some(key) = &key {
        let i = state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(s) = i
            .stripe
            .idempotency
            .get(key)
            .and_then(|id| i.stripe.sessions.get(id))
        {
            return Json(s.clone()).into_response();
        }
    }
    let num = |k: &str| form.get(k).and_then(|v| v.parse::<i64>().ok());
    let (Some(quantity), Some(unit_amount)) = (
        num("line_items[0][quantity]"),
        num("line_items[0][price_data][unit_amount]"),
    ) else {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": {"message": "line_items[0] quantity and price_data required"}})),
        )
            .into_response();
    };
    // Every line item: the plan first, then its add-ons.
    let mut items = Vec::new();
    for n in 0.. {
        let key = |k: &str| format!("line_items[{n}][{k}]");
        let (Some(q), Some(a)) = (
            form.get(&key("quantity"))
                .and_then(|v| v.parse::<i64>().ok()),
            form.get(&key("price_data][unit_amount"))
                .and_then(|v| v.parse::<i64>().ok()),
        ) else {
            break;
        };
        items.push(json!({
            "quantity": q,
            "unit_amount": a,
            "name": form.get(&key("price_data][product_data][name")),
        }));
    }
    let id = next_id(&state, "cs");
    let base = state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .self_url
        .clone();
    let session = json!({
        "id": id,
        "object": "checkout.session",
        "mode": "subscription",
        "status": "open",
        "url": format!("{base}/stripe/pay/{id}"),
        "client_reference_id": form.get("client_reference_id"),
        "customer": form.get("customer"),
        "metadata": metadata(&form, "metadata"),
        "subscription_metadata": metadata(&form, "subscription_data[metadata]"),
        "quantity": quantity,
        "unit_amount": unit_amount,
        "currency": form.get("line_items[0][price_data][currency]"),
        "interval": form.get("line_items[0][price_data][recurring][interval]"),
        "product": form.get("line_items[0][price_data][product_data][name]"),
        "success_url": form.get("success_url"),
        "cancel_url": form.get("cancel_url"),
        "subscription": null,
        "items": items,
    });
    let mut i = state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // Two requests with one key racing: the first stored wins, as the real provider's lock does.
    if let Some(key) = &key {
        if let Some(s) = i
            .stripe
            .idempotency
            .get(key)
            .and_then(|id| i.stripe.sessions.get(id))
        {
            return Json(s.clone()).into_response();
        }
        i.stripe.idempotency.insert(key.clone(), id.clone());
    }
    i.stripe.sessions_created += 1;
    i.stripe.sessions.insert(id, session.clone());
    Json(session).into_response()
}

/// The page a buyer lands on: what is bought, Pay and Cancel.
pub(super) async fn pay_page(State(state): State<FakeState>, Path(id): Path<String>) -> Response {
    let session = {
        let i = state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        i.stripe.sessions.get(&id).cloned()
    };
    let Some(s) = session else {
        return (StatusCode::NOT_FOUND, "no such checkout").into_response();
    };
    let cancel = s["cancel_url"].as_str().unwrap_or("/");
    Html(format!(
        "<!doctype html><title>Fake checkout</title><h1>Pay {product}</h1>\
         <p>{quantity} × {amount} {currency} per {interval}</p>\
         <form method=post action=\"/stripe/pay/{id}\"><button type=submit>Pay</button></form>\
         <a href=\"{cancel}\">Cancel</a>",
        product = s["product"].as_str().unwrap_or(""),
        quantity = s["quantity"],
        amount = s["unit_amount"],
        currency = s["currency"].as_str().unwrap_or(""),
        interval = s["interval"].as_str().unwrap_or(""),
    ))
    .into_response()
}

/// Pays a session: customer, subscription and paid invoice; the webhooks; back to the product.
pub(super) async fn pay(State(state): State<FakeState>, Path(id): Path<String>) -> Response {
    // Taken under the lock, so two Pay clicks make one subscription.
    let session = {
        let mut i = state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match i.stripe.sessions.get_mut(&id) {
            Some(s) if s["status"] == "open" => {
                s["status"] = json!("complete");
                Ok(s.clone())
            }
            Some(s) => Err(Some(s.clone())),
            None => Err(None),
        }
    };
    let mut s = match session {
        Ok(s) => s,
        Err(Some(done)) => {
            let to = done["success_url"]
                .as_str()
                .unwrap_or("/")
                .replace("{CHECKOUT_SESSION_ID}", &id);
            return Redirect::to(&to).into_response();
        }
        Err(None) => return (StatusCode::NOT_FOUND, "no such checkout").into_response(),
    };
    let customer = s["customer"]
        .as_str()
        .map(str::to_owned)
        .unwrap_or_else(|| next_id(&state, "cus"));
    let sub_id = next_id(&state, "sub");
    let items: Vec<Value> = s["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|i| {
            json!({
                "id": next_id(&state, "si"),
                "quantity": i["quantity"],
                "price": {"unit_amount": i["unit_amount"], "currency": s["currency"],
                          "recurring": {"interval": s["interval"]}, "nickname": i["name"]},
            })
        })
        .collect();
    let now = now_s();
    let period = if s["interval"] == "year" { 365 } else { 30 } * 86_400;
    let sub = json!({
        "id": sub_id,
        "object": "subscription",
        "customer": customer,
        "status": "active",
        "cancel_at_period_end": false,
        // Since 2025-03-31 the period is on each item, not on the subscription.
        "items": {"data": items.iter().map(|i| {
            let mut i = i.clone();
            i["current_period_start"] = json!(now);
            i["current_period_end"] = json!(now + period);
            i
        }).collect::<Vec<_>>()},
        "metadata": s["subscription_metadata"],
    });
    s["customer"] = json!(customer);
    s["subscription"] = json!(sub_id);
    let invoice = invoice_of(&state, &sub, "paid");
    {
        let mut i = state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        i.stripe.sessions.insert(id.clone(), s.clone());
        i.stripe.subscriptions.insert(sub_id.clone(), sub.clone());
    }
    send(&state, "customer.subscription.created", sub).await;
    send(&state, "checkout.session.completed", s.clone()).await;
    send(&state, "invoice.paid", invoice).await;
    let to = s["success_url"]
        .as_str()
        .unwrap_or("/")
        .replace("{CHECKOUT_SESSION_ID}", &id);
    Redirect::to(&to).into_response()
}

/// An invoice of `sub` for one period of its seats.
pub(super) fn invoice_of(state: &FakeState, sub: &Value, status: &str) -> Value {
    let item = &sub["items"]["data"][0];
    let amount: i64 = sub["items"]["data"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| {
                    i["price"]["unit_amount"].as_i64().unwrap_or(0)
                        * i["quantity"].as_i64().unwrap_or(1)
                })
                .sum()
        })
        .unwrap_or(0);
    // The customer's credit in the invoice's currency comes off what is due, and is used up by
    // as much (the provider does this when it finalises the invoice).
    let currency = item["price"]["currency"]
        .as_str()
        .unwrap_or("usd")
        .to_owned();
    let customer = sub["customer"].as_str().unwrap_or_default().to_owned();
    let (starting, due) = {
        let mut i = state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let starting = i.stripe.balance(&customer, &currency);
        let used = (-starting).clamp(0, amount);
        if used > 0 {
            i.stripe
                .balance_transactions
                .entry(customer.clone())
                .or_default()
                .push(
                    json!({"object": "customer_balance_transaction", "amount": used,
                             "currency": currency, "customer": customer,
                             "ending_balance": starting + used, "type": "applied_to_invoice"}),
                );
        }
        (starting, amount - used)
    };
    json!({
        "id": next_id(state, "in"),
        "object": "invoice",
        "customer": sub["customer"],
        "status": status,
        "total": amount,
        "starting_balance": starting,
        "ending_balance": starting + (amount - due),
        "amount_due": due,
        "amount_paid": if status == "paid" { due } else { 0 },
        "currency": item["price"]["currency"],
        "hosted_invoice_url": "https://invoice.example.test/i",
        "created": now_s(),
        // Since 2025-03-31 an invoice names its subscription under `parent`.
        "parent": {
            "type": "subscription_details",
            "subscription_details": {"subscription": sub["id"], "metadata": sub["metadata"]},
        },
    })
}

/// Builds, records and sends a signed event to the configured endpoint (its answer is kept on
/// the event as `delivered_status`).
pub(super) async fn send(state: &FakeState, kind: &str, object: Value) -> Value {
    let created = now_s();
    let event = json!({
        "id": next_id(state, "evt"),
        "object": "event",
        "type": kind,
        "created": created,
        "data": {"object": object},
    });
    let url = {
        let i = state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        i.stripe.webhook_url.clone()
    };
    let mut status = Value::Null;
    if let Some(url) = url {
        let body = event.to_string();
        let header = sign(STRIPE_WEBHOOK_SECRET, created, body.as_bytes());
        if let Ok(res) = reqwest::Client::new()
            .post(url)
            .header("Stripe-Signature", header)
            .header("Content-Type", "application/json")
            .body(body)
            .send()
            .await
        {
            status = json!(res.status().as_u16());
        }
    }
    let mut recorded = event.clone();
    recorded["delivered_status"] = status;
    state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .stripe
        .events
        .push(recorded);
    event
}

/// `t=<t>,v1=<HMAC-SHA256(secret, "<t>.<payload>") hex>`.
pub fn sign(secret: &str, t: i64, payload: &[u8]) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("t={t},v1={hex}")
}

pub(super) async fn get_subscription(
    State(state): State<FakeState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if !authorised(&headers) {
        return refuse();
    }
    let i = state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match i.stripe.subscriptions.get(&id) {
        Some(s) => Json(s.clone()).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            Json(json!({"error": {"message": "No such subscription"}})),
        )
            .into_response(),
    }
}

/// Changes the seats of the subscription's item, then sends `customer.subscription.updated`.
pub(super) async fn update_subscription(
    State(state): State<FakeState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    state.record(
        "POST",
        format!("/stripe/v1/subscriptions/{id}"),
        &headers,
        json!(form),
    );
    if !authorised(&headers) {
        return refuse();
    }
    let updated = {
        let mut i = state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(sub) = i.stripe.subscriptions.get_mut(&id) else {
            return (
                StatusCode::NOT_FOUND,
                Json(json!({"error": {"message": "No such subscription"}})),
            )
                .into_response();
        };
        for n in 0..10 {
            let (Some(item), Some(q)) = (
                form.get(&format!("items[{n}][id]")),
                form.get(&format!("items[{n}][quantity]"))
                    .and_then(|q| q.parse::<i64>().ok()),
            ) else {
                break;
            };
            if let Some(found) = sub["items"]["data"]
                .as_array_mut()
                .and_then(|all| all.iter_mut().find(|i| i["id"] == json!(item)))
            {
                found["quantity"] = json!(q);
            }
        }
        sub.clone()
    };
    send(&state, "customer.subscription.updated", updated.clone()).await;
    Json(updated).into_response()
}

pub(super) async fn portal_session(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    state.record(
        "POST",
        "/stripe/v1/billing_portal/sessions".into(),
        &headers,
        json!(form),
    );
    if !authorised(&headers) {
        return refuse();
    }
    let customer = form.get("customer").cloned().unwrap_or_default();
    let back = form.get("return_url").cloned().unwrap_or_default();
    Json(json!({
        "id": next_id(&state, "bps"),
        "object": "billing_portal.session",
        "customer": customer,
        "url": format!("https://portal.example.test/{customer}?return_url={back}"),
    }))
    .into_response()
}

/// `POST /v1/customers/{id}/balance_transactions`: `amount` (negative credits the customer) in
/// `currency`; the same `Idempotency-Key` answers the same transaction. An unknown customer is a
/// 404, as the provider answers.
pub(super) async fn create_balance_transaction(
    State(state): State<FakeState>,
    Path(customer): Path<String>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    state.record(
        "POST",
        format!("/stripe/v1/customers/{customer}/balance_transactions"),
        &headers,
        json!(form),
    );
    if !authorised(&headers) {
        return refuse();
    }
    let id = next_id(&state, "cbtxn");
    let mut i = state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if i.stripe.refuse_balance {
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            Json(json!({"error": {"type": "api_error", "message": "An unknown error occurred"}})),
        )
            .into_response();
    }
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    if let Some(done) = key
        .as_ref()
        .and_then(|k| i.stripe.balance_idempotency.get(k))
    {
        return Json(done.clone()).into_response();
    }
    let known = i
        .stripe
        .subscriptions
        .values()
        .any(|s| s["customer"] == json!(customer));
    let (Some(amount), Some(currency)) = (
        form.get("amount").and_then(|a| a.parse::<i64>().ok()),
        form.get("currency")
            .filter(|c| c.len() == 3 && *c == &c.to_ascii_lowercase()),
    ) else {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": {"type": "invalid_request_error", "message": "amount and currency are required"}})),
        )
            .into_response();
    };
    if !known {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({"error": {"type": "invalid_request_error", "message": format!("No such customer: '{customer}'")}})),
        )
            .into_response();
    }
    let ending = i.stripe.balance(&customer, currency) + amount;
    let txn = json!({
        "id": id,
        "object": "customer_balance_transaction",
        "amount": amount,
        "created": now_s(),
        "credit_note": null,
        "currency": currency,
        "customer": customer,
        "description": form.get("description"),
        "ending_balance": ending,
        "invoice": null,
        "livemode": false,
        "metadata": {},
        "type": "adjustment",
    });
    i.stripe
        .balance_transactions
        .entry(customer)
        .or_default()
        .push(txn.clone());
    if let Some(k) = key {
        i.stripe.balance_idempotency.insert(k, txn.clone());
    }
    Json(txn).into_response()
}

/// The exchange-rate provider: USD to a few currencies.
pub(super) async fn rates_latest(
    State(state): State<FakeState>,
    Path(base): Path<String>,
) -> Response {
    state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .stripe
        .rate_calls += 1;
    if base != "USD" {
        return (StatusCode::BAD_REQUEST, Json(json!({"result": "error"}))).into_response();
    }
    Json(json!({
        "result": "success",
        "base_code": "USD",
        "conversion_rates": {"USD": 1, "INR": 83.12, "EUR": 0.9184, "BRL": 5.0731, "IDR": 15687.4, "GBP": 0.7921},
    }))
    .into_response()
}
