//! Outgoing webhooks (000 §3 `duplex_webhook`, `auth_token`; issue #7): the organisation's
//! endpoint gets each chat message as JSON, with the optional token as a bearer and a signature
//! in the Standard Webhooks scheme (`webhook-id`, `webhook-timestamp`, `webhook-signature:
//! v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the endpoint's `whsec_` secret).
//! The URL is checked by the address guard when it is saved and again on every delivery, since
//! names can change; redirects are failures (the guard's client follows none).

use crate::{guard_url, ConnectorError};
use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The prefix of every signing secret (Standard Webhooks).
pub const SECRET_PREFIX: &str = "whsec_";

/// Checks that `url` may be reached at all (used when the endpoint is saved).
pub async fn check_endpoint(url: &str, allow: &[SocketAddr]) -> Result<(), ConnectorError> {
    guard_url(url, allow).await?;
    Ok(())
}

/// A signing secret made of `key` (at least 24 random bytes from the caller's RNG).
pub fn secret_from_key(key: &[u8]) -> String {
    format!("{SECRET_PREFIX}{}", B64.encode(key))
}

/// The `webhook-signature` value of `body` sent as message `id` at `timestamp` (seconds):
/// `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed by the secret's bytes.
pub fn sign(secret: &str, id: &str, timestamp: i64, body: &[u8]) -> Result<String, ConnectorError> {
    let key = B64
        .decode(secret.strip_prefix(SECRET_PREFIX).unwrap_or(secret))
        .map_err(|_| ConnectorError::Upstream("the signing secret is not base64".to_owned()))?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key)
        .map_err(|_| ConnectorError::Upstream("the signing secret is empty".to_owned()))?;
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    Ok(format!("v1,{}", B64.encode(mac.finalize().into_bytes())))
}

/// Whether `header` (a `webhook-signature` value: space-separated `v1,<sig>` entries) holds a
/// valid signature of the message — what a receiver does, used by tests and the fake receiver.
pub fn verify(secret: &str, id: &str, timestamp: i64, body: &[u8], header: &str) -> bool {
    let Ok(expected) = sign(secret, id, timestamp, body) else {
        return false;
    };
    header.split(' ').any(|s| s == expected)
}

/// One delivery to make.
#[derive(Debug, Clone, Copy)]
pub struct Delivery<'a> {
    pub url: &'a str,
    /// Sent as `Authorization: Bearer …` when present.
    pub token: Option<&'a str>,
    /// The exact JSON text sent (and signed).
    pub body: &'a str,
    /// The stable `webhook-id`.
    pub id: &'a str,
    /// The `webhook-timestamp`, seconds since the epoch.
    pub timestamp: i64,
    pub secret: Option<&'a str>,
    pub timeout: Duration,
}

/// How a delivery went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The receiver's HTTP status, when it answered.
    pub status: Option<u16>,
    /// Why it failed; None on a 2xx answer.
    pub error: Option<String>,
    /// The receiver's `Retry-After` (429/503), in milliseconds.
    pub retry_after_ms: Option<u64>,
    pub latency_ms: u64,
}

impl Report {
    pub fn delivered(&self) -> bool {
        self.error.is_none()
    }
}

/// The guard's clients for webhook endpoints, kept per host and vetted addresses: building a
/// client (TLS roots, connection pool) per delivery would cost more than the delivery, and a
/// kept client reuses its connections to the endpoint. Owned by the caller (the server keeps one
/// in its state), so nothing hides in a process-wide static. Cheap to clone.
#[derive(Clone, Default)]
pub struct WebhookClients(Arc<Mutex<HashMap<ClientKey, reqwest::Client>>>);

/// A kept client's key: the endpoint's host and the addresses the guard vetted for it.
type ClientKey = (String, Vec<SocketAddr>);

impl WebhookClients {
    fn client_for(&self, target: &crate::GuardedUrl) -> Result<reqwest::Client, ConnectorError> {
        let key = (target.host.clone(), target.addrs.clone());
        if let Some(c) = self.0.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return Ok(c);
        }
        let client = target.client()?;
        if let Ok(mut m) = self.0.lock() {
            // Endpoints are few; a bound keeps a flood of distinct hosts from growing it.
            if m.len() >= 1_024 {
                m.clear();
            }
            m.insert(key, client.clone());
        }
        Ok(client)
    }
}

/// Posts one signed delivery. Any 2xx is delivered; anything else (a redirect included, an
/// unreachable or refused address, a timeout) is a failure with the reason.
pub async fn deliver_signed(
    clients: &WebhookClients,
    d: &Delivery<'_>,
    allow: &[SocketAddr],
) -> Report {
    let start = Instant::now();
    let done = |status: Option<u16>, error: Option<String>, retry_after_ms: Option<u64>| Report {
        status,
        error,
        retry_after_ms,
        latency_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
    };
    let target = match guard_url(d.url, allow).await {
        Ok(t) => t,
        Err(e) => return done(None, Some(format!("address refused: {e}")), None),
    };
    let client = match clients.client_for(&target) {
        Ok(c) => c,
        Err(e) => return done(None, Some(e.to_string()), None),
    };
    let mut req = client
        .post(target.url.clone())
        .timeout(d.timeout)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header("webhook-id", d.id)
        .header("webhook-timestamp", d.timestamp.to_string())
        .body(d.body.to_owned());
    if let Some(secret) = d.secret {
        match sign(secret, d.id, d.timestamp, d.body.as_bytes()) {
            Ok(sig) => req = req.header("webhook-signature", sig),
            Err(e) => return done(None, Some(e.to_string()), None),
        }
    }
    if let Some(t) = d.token {
        req = req.bearer_auth(t);
    }
    match req.send().await {
        Ok(res) => {
            let status = res.status();
            if status.is_success() {
                return done(Some(status.as_u16()), None, None);
            }
            let retry_after_ms = res
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(|s| s.saturating_mul(1000));
            let why = if status.is_redirection() {
                format!("the endpoint answered a redirect ({})", status.as_u16())
            } else {
                format!("the endpoint answered {}", status.as_u16())
            };
            done(Some(status.as_u16()), Some(why), retry_after_ms)
        }
        Err(e) if e.is_timeout() => {
            done(None, Some("no answer before the timeout".to_owned()), None)
        }
        Err(e) => done(None, Some(ConnectorError::from(e).to_string()), None),
    }
}

/// Posts `payload` to `url` unsigned. Ok on any 2xx answer.
pub async fn deliver(
    url: &str,
    token: Option<&str>,
    payload: &Value,
    allow: &[SocketAddr],
) -> Result<(), ConnectorError> {
    let target = guard_url(url, allow).await?;
    let mut req = target.client()?.post(target.url.clone()).json(payload);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await?;
    if res.status().is_success() {
        Ok(())
    } else {
        Err(ConnectorError::Upstream(format!(
            "webhook answered {}",
            res.status().as_u16()
        )))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The Standard Webhooks specification's published example: secret, id, timestamp, body
    /// and the signature its reference libraries compute.
    #[test]
    fn the_signature_matches_the_standard_webhooks_reference_example() {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
        let ts = 1_614_265_330;
        let body = br#"{"test": 2432232314}"#;
        assert_eq!(
            sign(secret, id, ts, body).unwrap(),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
        assert!(verify(
            secret,
            id,
            ts,
            body,
            "v1,bogus v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        ));
        assert!(!verify(
            secret,
            id,
            ts + 1,
            body,
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        ));
    }

    #[test]
    fn a_secret_carries_the_whsec_prefix_and_round_trips() {
        let s = secret_from_key(&[7u8; 24]);
        assert!(s.starts_with("whsec_"));
        assert!(verify(&s, "a", 1, b"{}", &sign(&s, "a", 1, b"{}").unwrap()));
    }
}
