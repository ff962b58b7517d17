//! What the WAHA tests share: the crate's webhook receiver read as WAHA events, and the
//! gateway's API called with the right key.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use fakes::providers::{FakeProviders, WAHA_API_KEY};
use fakes::receiver::{Hit, Mode, WebhookReceiver};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

pub const HMAC_KEY: &str = "per-session-secret-1";

/// A receiver that accepts everything (`set_mode(Mode::FailNext(n))` to fail deliveries).
pub async fn start_hook() -> WebhookReceiver {
    WebhookReceiver::start(Mode::Accept).await.unwrap()
}

/// A delivery's body as JSON (the whole event).
pub fn event(hit: &Hit) -> Value {
    serde_json::from_str(&hit.body).unwrap()
}

/// The payloads of `event` among `hits`.
pub fn payloads(hits: &[Hit], name: &str) -> Vec<Value> {
    hits.iter()
        .map(event)
        .filter(|e| e["event"] == name)
        .map(|e| e["payload"].clone())
        .collect()
}

/// Waits (bounded) until `pred` holds for the hits; fails the test otherwise.
pub async fn wait(hook: &WebhookReceiver, what: &str, pred: impl Fn(&[Hit]) -> bool) {
    assert!(
        hook.wait_for(Duration::from_secs(5), pred).await,
        "timed out waiting for {what}: {:#?}",
        hook.hits()
    );
}

/// The gateway's API with the right key.
pub struct Api {
    pub base: String,
    pub http: reqwest::Client,
}

impl Api {
    pub fn new(fake: &FakeProviders) -> Api {
        Api {
            base: fake.waha_url(),
            http: reqwest::Client::new(),
        }
    }

    pub async fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut req = self
            .http
            .request(method, format!("{}{path}", self.base))
            .header("X-Api-Key", WAHA_API_KEY);
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub async fn status_of(&self, session: &str) -> String {
        let (_, s) = self
            .call("GET", &format!("/api/sessions/{session}"), None)
            .await;
        s["status"].as_str().unwrap_or_default().to_owned()
    }

    /// Waits (bounded) for session `name` to reach `status`.
    pub async fn wait_status(&self, name: &str, status: &str) {
        let end = Instant::now() + Duration::from_secs(5);
        while self.status_of(name).await != status {
            assert!(Instant::now() < end, "{name} never reached {status}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Creates and starts session `name` with one webhook to `url` (`events`, HMAC, quick
    /// retries), and waits for its QR.
    pub async fn session(&self, name: &str, url: &str, events: &[&str], extra: Value) {
        let mut config = json!({
            "metadata": {"workspace.id": "7f3a"},
            "webhooks": [{"url": url, "events": events, "hmac": {"key": HMAC_KEY},
                          "retries": {"policy": "constant", "delaySeconds": 0, "attempts": 3},
                          "customHeaders": [{"name": "X-Switchboard-Gateway", "value": "7f3a"}]}],
        });
        if let (Some(c), Some(e)) = (config.as_object_mut(), extra.as_object()) {
            c.extend(e.clone());
        }
        let (status, created) = self
            .call(
                "POST",
                "/api/sessions",
                Some(json!({"name": name, "start": true, "config": config})),
            )
            .await;
        assert_eq!(status, 201, "{created}");
        assert_eq!(created["name"], name);
        assert_eq!(created["config"], config, "config stored verbatim");
        self.wait_status(name, "SCAN_QR_CODE").await;
    }

    pub async fn qr(&self, name: &str) -> String {
        let (status, qr) = self
            .call("GET", &format!("/api/{name}/auth/qr?format=raw"), None)
            .await;
        assert_eq!(status, 200, "{qr}");
        qr["value"].as_str().unwrap().to_owned()
    }

    /// The phone scans the current QR.
    pub async fn pair(&self, name: &str, phone: &str) {
        let qr = self.qr(name).await;
        let (status, s) = self
            .call(
                "POST",
                &format!("/__fake/sessions/{name}/scan"),
                Some(json!({"qr": qr, "phone": phone})),
            )
            .await;
        assert_eq!(status, 200, "{s}");
    }
}
