//! The payment provider, spoken in Stripe's API: checkout sessions for a subscription (with an
//! idempotency key, so two clicks or two tabs make one), reading and changing a subscription's
//! seats, the customer portal, and the `Stripe-Signature` check of its webhooks (HMAC-SHA256
//! over `t.payload`, a tolerance on `t`). The base URL and keys come from the caller's
//! configuration; the test kit's fake speaks the same shapes.

/// The provider API version every call names (`Stripe-Version`), so the shapes read here are
/// the ones answered whatever the account's default: since 2025-03-31 an invoice names its
/// subscription under `parent.subscription_details` and a subscription's period is on its items.
pub const API_VERSION: &str = "2025-03-31.basil";
use crate::{ConnectorError, TIMEOUT};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::Value;
use sha2::Sha256;

/// A client for one configured provider.
#[derive(Clone)]
pub struct Stripe {
    http: reqwest::Client,
    base: String,
    secret_key: String,
}

/// A checkout session: where to send the buyer.
#[derive(Debug, Clone, Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    pub url: Option<String>,
}

/// What a subscription checkout sells.
#[derive(Debug, Clone)]
pub struct NewCheckout<'a> {
    /// Set on the subscription (and so on its invoices): `org_id` or `user_id`, `plan_id`.
    pub metadata: &'a [(&'a str, String)],
    pub client_reference_id: &'a str,
    pub product_name: &'a str,
    /// Lower-case ISO code, as the provider writes it.
    pub currency: &'a str,
    /// Minor units per seat per billing interval.
    pub unit_amount: i64,
    /// `month` or `year`.
    pub interval: &'a str,
    pub quantity: u32,
    /// More items charged with the plan, per seat and interval like it: (name, minor units).
    pub extra_items: &'a [(String, i64)],
    /// An existing customer of this payer, so their portal shows every subscription.
    pub customer: Option<&'a str>,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
}

/// The parts of a subscription the product keeps.
#[derive(Debug, Clone, PartialEq)]
pub struct Subscription {
    pub id: String,
    pub customer: Option<String>,
    pub status: String,
    pub item_id: Option<String>,
    /// Every item (the plan first, then its add-ons): each seat change moves them together.
    pub item_ids: Vec<String>,
    pub quantity: u32,
    /// The item's price: upper-case currency, minor units per seat per interval, the interval.
    pub currency: Option<String>,
    pub unit_amount: Option<i64>,
    pub interval: Option<String>,
    pub period_start: Option<i64>,
    pub period_end: Option<i64>,
    pub cancel_at_period_end: bool,
    /// When it ended (deleted), seconds.
    pub ended_at: Option<i64>,
    pub metadata: serde_json::Map<String, Value>,
}

impl Subscription {
    /// Reads a subscription object (an API answer or an event's `data.object`). The period sits
    /// on the subscription in older API versions and on its item in newer ones: both are read.
    pub fn from_object(o: &Value) -> Option<Subscription> {
        let item = o.pointer("/items/data/0");
        let secs = |key: &str| {
            o.get(key)
                .and_then(Value::as_i64)
                .or_else(|| item.and_then(|i| i.get(key)).and_then(Value::as_i64))
        };
        Some(Subscription {
            id: o.get("id")?.as_str()?.to_owned(),
            customer: text_or_id(o.get("customer")),
            status: o.get("status")?.as_str()?.to_owned(),
            item_id: item
                .and_then(|i| i.get("id"))
                .and_then(Value::as_str)
                .map(str::to_owned),
            item_ids: o
                .pointer("/items/data")
                .and_then(Value::as_array)
                .map(|items| {
                    items
                        .iter()
                        .filter_map(|i| i.get("id").and_then(Value::as_str).map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default(),
            quantity: item
                .and_then(|i| i.get("quantity"))
                .or_else(|| o.get("quantity"))
                .and_then(Value::as_u64)
                .and_then(|q| u32::try_from(q).ok())
                .unwrap_or(1),
            currency: item
                .and_then(|i| i.pointer("/price/currency"))
                .and_then(Value::as_str)
                .map(str::to_ascii_uppercase),
            unit_amount: item
                .and_then(|i| i.pointer("/price/unit_amount"))
                .and_then(Value::as_i64),
            interval: item
                .and_then(|i| i.pointer("/price/recurring/interval"))
                .and_then(Value::as_str)
                .map(str::to_owned),
            period_start: secs("current_period_start"),
            period_end: secs("current_period_end"),
            cancel_at_period_end: o
                .get("cancel_at_period_end")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            ended_at: o.get("ended_at").and_then(Value::as_i64),
            metadata: o
                .get("metadata")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default(),
        })
    }
}

/// An id that may arrive as a string or as an expanded object with an `id`.
pub fn text_or_id(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Object(o) => o.get("id").and_then(Value::as_str).map(str::to_owned),
        _ => None,
    }
}

/// A webhook event.
#[derive(Debug, Clone, Deserialize)]
pub struct Event {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// Seconds since the epoch.
    pub created: i64,
    pub data: EventData,
}

#[derive(Debug, Clone, Deserialize)]
pub struct EventData {
    pub object: Value,
}

impl Stripe {
    pub fn new(base: &str, secret_key: &str) -> Result<Stripe, ConnectorError> {
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Stripe {
            http,
            base: base.trim_end_matches('/').to_owned(),
            secret_key: secret_key.to_owned(),
        })
    }

    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        form: &[(String, String)],
        idempotency_key: Option<&str>,
    ) -> Result<Value, ConnectorError> {
        let mut req = self
            .http
            .request(method.clone(), format!("{}{path}", self.base))
            .bearer_auth(&self.secret_key);
        if method != reqwest::Method::GET {
            req = req.form(form);
        }
        if let Some(key) = idempotency_key {
            req = req.header("Idempotency-Key", key);
        }
        req = req.header("Stripe-Version", API_VERSION);
        let res = req.send().await?;
        let status = res.status().as_u16();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        match status {
            200..=299 => Ok(body),
            401 | 403 => Err(ConnectorError::WrongCredentials),
            429 => Err(ConnectorError::RateLimited {
                retry_after_ms: None,
            }),
            s => Err(ConnectorError::Upstream(format!(
                "payment provider answered {s}: {}",
                body.pointer("/error/message")
                    .and_then(Value::as_str)
                    .unwrap_or("")
            ))),
        }
    }

    /// Creates a subscription checkout. The same `idempotency_key` answers the same session.
    pub async fn create_checkout(
        &self,
        c: &NewCheckout<'_>,
        idempotency_key: &str,
    ) -> Result<CheckoutSession, ConnectorError> {
        let mut form: Vec<(String, String)> = vec![
            ("mode".into(), "subscription".into()),
            ("success_url".into(), c.success_url.into()),
            ("cancel_url".into(), c.cancel_url.into()),
            ("client_reference_id".into(), c.client_reference_id.into()),
            ("line_items[0][quantity]".into(), c.quantity.to_string()),
            (
                "line_items[0][price_data][currency]".into(),
                c.currency.into(),
            ),
            (
                "line_items[0][price_data][unit_amount]".into(),
                c.unit_amount.to_string(),
            ),
            (
                "line_items[0][price_data][recurring][interval]".into(),
                c.interval.into(),
            ),
            (
                "line_items[0][price_data][product_data][name]".into(),
                c.product_name.into(),
            ),
        ];
        for (i, (name, amount)) in c.extra_items.iter().enumerate() {
            let n = i + 1;
            let item = |k: &str| format!("line_items[{n}][{k}]");
            form.push((item("quantity"), c.quantity.to_string()));
            form.push((item("price_data][currency"), c.currency.into()));
            form.push((item("price_data][unit_amount"), amount.to_string()));
            form.push((item("price_data][recurring][interval"), c.interval.into()));
            form.push((item("price_data][product_data][name"), name.clone()));
        }
        for (k, v) in c.metadata {
            form.push((format!("metadata[{k}]"), v.clone()));
            form.push((format!("subscription_data[metadata][{k}]"), v.clone()));
        }
        if let Some(customer) = c.customer {
            form.push(("customer".into(), customer.into()));
        }
        let body = self
            .call(
                reqwest::Method::POST,
                "/v1/checkout/sessions",
                &form,
                Some(idempotency_key),
            )
            .await?;
        serde_json::from_value(body)
            .map_err(|e| ConnectorError::Upstream(format!("checkout session: {e}")))
    }

    /// The subscription as the provider has it now.
    pub async fn subscription(&self, id: &str) -> Result<Subscription, ConnectorError> {
        let body = self
            .call(
                reqwest::Method::GET,
                &format!("/v1/subscriptions/{id}"),
                &[],
                None,
            )
            .await?;
        Subscription::from_object(&body)
            .ok_or_else(|| ConnectorError::Upstream("subscription: unreadable answer".into()))
    }

    /// Sets the seats of a subscription's item. Adding seats is prorated now; removing seats
    /// (`prorate` false) changes the next period's invoice only.
    pub async fn set_quantity(
        &self,
        subscription: &str,
        items: &[String],
        quantity: u32,
        prorate: bool,
        idempotency_key: &str,
    ) -> Result<Subscription, ConnectorError> {
        let mut form = vec![(
            "proration_behavior".to_owned(),
            if prorate { "always_invoice" } else { "none" }.to_owned(),
        )];
        for (i, item) in items.iter().enumerate() {
            form.push((format!("items[{i}][id]"), item.clone()));
            form.push((format!("items[{i}][quantity]"), quantity.to_string()));
        }
        let body = self
            .call(
                reqwest::Method::POST,
                &format!("/v1/subscriptions/{subscription}"),
                &form,
                Some(idempotency_key),
            )
            .await?;
        Subscription::from_object(&body)
            .ok_or_else(|| ConnectorError::Upstream("subscription: unreadable answer".into()))
    }

    /// Credits `customer`'s balance with `amount_minor` of `currency` (a customer balance
    /// transaction of minus that amount): the provider takes it off the customer's next invoice
    /// in that currency when it is finalised. The same `idempotency_key` credits once. Answers
    /// the transaction's id.
    pub async fn credit_balance(
        &self,
        customer: &str,
        amount_minor: i64,
        currency: &str,
        description: &str,
        idempotency_key: &str,
    ) -> Result<String, ConnectorError> {
        let body = self
            .call(
                reqwest::Method::POST,
                &format!("/v1/customers/{customer}/balance_transactions"),
                &[
                    ("amount".to_owned(), (-amount_minor.abs()).to_string()),
                    ("currency".to_owned(), currency.to_ascii_lowercase()),
                    ("description".to_owned(), description.to_owned()),
                ],
                Some(idempotency_key),
            )
            .await?;
        body.get("id")
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| ConnectorError::Upstream("balance transaction: no id".into()))
    }

    /// A customer portal session (manage payment methods, invoices, cancel): its URL.
    pub async fn portal(&self, customer: &str, return_url: &str) -> Result<String, ConnectorError> {
        let body = self
            .call(
                reqwest::Method::POST,
                "/v1/billing_portal/sessions",
                &[
                    ("customer".to_owned(), customer.to_owned()),
                    ("return_url".to_owned(), return_url.to_owned()),
                ],
                None,
            )
            .await?;
        body.get("url")
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| ConnectorError::Upstream("portal: no url".into()))
    }
}

/// Why a webhook's signature was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("no readable Stripe-Signature header")]
    Malformed,
    #[error("the signature's time is outside the tolerance")]
    Stale,
    #[error("no signature matches")]
    Mismatch,
}

/// Checks a `Stripe-Signature` header (`t=<secs>,v1=<hex>[,v1=…]`) against the raw body: one
/// `v1` must be HMAC-SHA256(secret, "<t>.<body>"), compared in constant time, and `t` within
/// `tolerance_s` of `now_s` either way.
pub fn verify_signature(
    secret: &str,
    header: &str,
    payload: &[u8],
    now_s: i64,
    tolerance_s: i64,
) -> Result<(), SignatureError> {
    let mut t = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", v)) => t = v.parse::<i64>().ok(),
            Some(("v1", v)) => signatures.push(v),
            _ => {}
        }
    }
    let t = t.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if now_s.abs_diff(t) > tolerance_s.unsigned_abs() {
        return Err(SignatureError::Stale);
    }
    for sig in signatures {
        let Ok(expected) = hex_decode(sig) else {
            continue;
        };
        if signer(secret, t, payload).verify_slice(&expected).is_ok() {
            return Ok(());
        }
    }
    Err(SignatureError::Mismatch)
}

fn signer(secret: &str, t: i64, payload: &[u8]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac
}

/// The header a sender with `secret` writes for `payload` at `t` (the fake and tests sign
/// with it).
pub fn sign(secret: &str, t: i64, payload: &[u8]) -> String {
    let tag = signer(secret, t, payload).finalize().into_bytes();
    let hex: String = tag.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={t},v1={hex}")
}

fn hex_decode(s: &str) -> Result<Vec<u8>, ()> {
    if s.len() % 2 != 0 {
        return Err(());
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2).ok_or(())?, 16).map_err(|_| ()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";

    #[test]
    fn a_signature_made_with_the_secret_passes_within_the_tolerance() {
        let body = br#"{"id":"evt_1"}"#;
        let header = sign(SECRET, 1_000_000, body);
        assert_eq!(
            verify_signature(SECRET, &header, body, 1_000_000, 300),
            Ok(())
        );
        assert_eq!(
            verify_signature(SECRET, &header, body, 1_000_300, 300),
            Ok(())
        );
        assert_eq!(
            verify_signature(SECRET, &header, body, 1_000_301, 300),
            Err(SignatureError::Stale)
        );
    }

    #[test]
    fn another_secret_another_body_or_no_v1_is_refused() {
        let body = br#"{"id":"evt_1"}"#;
        let header = sign("whsec_other", 1_000_000, body);
        assert_eq!(
            verify_signature(SECRET, &header, body, 1_000_000, 300),
            Err(SignatureError::Mismatch)
        );
        let header = sign(SECRET, 1_000_000, body);
        assert_eq!(
            verify_signature(SECRET, &header, br#"{"id":"evt_2"}"#, 1_000_000, 300),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify_signature(SECRET, "t=1000000", body, 1_000_000, 300),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            verify_signature(SECRET, "garbage", body, 1_000_000, 300),
            Err(SignatureError::Malformed)
        );
        // one good v1 among several (secret rotation) passes
        let good = sign(SECRET, 1_000_000, body);
        let both = format!("t=1000000,v1=00ff,{}", &good["t=1000000,".len()..]);
        assert_eq!(
            verify_signature(SECRET, &both, body, 1_000_000, 300),
            Ok(())
        );
    }

    #[test]
    fn a_subscription_reads_its_period_from_the_item_when_the_top_has_none() {
        let o = serde_json::json!({
            "id": "sub_1", "customer": {"id": "cus_1"}, "status": "active",
            "items": {"data": [{"id": "si_1", "quantity": 5,
                "current_period_start": 10, "current_period_end": 20}]},
            "metadata": {"org_id": "7"}
        });
        let s = Subscription::from_object(&o).unwrap();
        assert_eq!(s.customer.as_deref(), Some("cus_1"));
        assert_eq!(
            (s.quantity, s.period_start, s.period_end),
            (5, Some(10), Some(20))
        );
        assert_eq!(s.item_id.as_deref(), Some("si_1"));
    }
}
