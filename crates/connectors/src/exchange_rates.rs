//! The exchange-rate provider (001 §7 item 7): `GET {base}/latest/{currency}` answering
//! `{"result": "success", "base_code": "USD", "conversion_rates": {"INR": 83.1, …}}`, the shape
//! of ExchangeRate-API's v6 endpoint. The server caches what it answers.

use crate::{ConnectorError, TIMEOUT};
use serde_json::{Map, Value};

/// The rates from `base_currency` to every currency the provider knows.
pub async fn latest(base: &str, base_currency: &str) -> Result<Map<String, Value>, ConnectorError> {
    let http = reqwest::Client::builder()
        .timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    let res = http
        .get(format!(
            "{}/latest/{base_currency}",
            base.trim_end_matches('/')
        ))
        .send()
        .await?;
    let status = res.status().as_u16();
    if !(200..300).contains(&status) {
        return Err(ConnectorError::Upstream(format!(
            "exchange rates answered {status}"
        )));
    }
    let body: Value = res.json().await?;
    if body.get("result").and_then(Value::as_str) != Some("success") {
        return Err(ConnectorError::Upstream(
            "exchange rates: no success".into(),
        ));
    }
    let rates = body
        .get("conversion_rates")
        .and_then(Value::as_object)
        .cloned()
        .ok_or_else(|| ConnectorError::Upstream("exchange rates: no conversion_rates".into()))?;
    // Only positive finite numbers are rates.
    Ok(rates
        .into_iter()
        .filter(|(k, v)| k.len() == 3 && v.as_f64().is_some_and(|r| r.is_finite() && r > 0.0))
        .collect())
}
