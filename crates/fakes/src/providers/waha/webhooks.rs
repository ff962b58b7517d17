//! Webhook delivery as WAHA does it: one POST per event per entry of the session's
//! `config.webhooks[]` subscribed to it (`"*"` = all), the envelope of reference §5, signed with
//! `hmac.key` (`X-Webhook-Hmac`, lower-case hex HMAC-SHA512 of the exact bytes sent), custom
//! headers added, and a failed POST (non-2xx or no answer) retried per `retries` with the same
//! body. A single worker sends first attempts in the order events happened, so a healthy
//! receiver sees them in order unless a test asks for disorder; each retry runs on its own
//! timer, so a retried event may arrive after later ones, as with WAHA.

use serde_json::{json, Value};
use std::time::Duration;

use super::{lock, now_ms, ulid, Gateway, WahaDelivery, WAHA_VERSION};
use crate::providers::FakeState;

/// One event to deliver to one webhook entry.
pub(super) struct Job {
    url: String,
    event: String,
    event_id: String,
    body: String,
    hmac: Option<String>,
    custom: Vec<(String, String)>,
    retries: Retries,
    request_id: String,
}

#[derive(Clone, Copy)]
enum Policy {
    Constant,
    Linear,
    Exponential,
}

/// A webhook entry's `retries`.
#[derive(Clone, Copy)]
struct Retries {
    policy: Policy,
    delay_seconds: f64,
    /// Re-sends after the first attempt.
    attempts: u32,
}

impl Retries {
    /// Without `retries`, WAHA's maintainer describes 15 re-sends 2 s apart (reference,
    /// "Unconfirmed"); the fake does the same.
    fn of(config: &Value) -> Retries {
        let policy = match config["policy"].as_str() {
            Some("linear") => Policy::Linear,
            Some("exponential") => Policy::Exponential,
            _ => Policy::Constant,
        };
        Retries {
            policy,
            delay_seconds: config["delaySeconds"].as_f64().unwrap_or(2.0).max(0.0),
            attempts: config["attempts"]
                .as_u64()
                .map_or(15, |a| a.min(100) as u32),
        }
    }

    /// The wait before re-send `n` (1-based): constant d, d…; linear d, 2d, 3d…; exponential
    /// d, 2d, 4d… (WAHA adds ±20 % jitter; the fake does not, to stay deterministic).
    fn delay(&self, n: u32, base: Option<Duration>) -> Duration {
        let base = base.map_or(self.delay_seconds, |d| d.as_secs_f64());
        let factor = match self.policy {
            Policy::Constant => 1.0,
            Policy::Linear => f64::from(n),
            Policy::Exponential => 2f64.powi(n.saturating_sub(1).min(30) as i32),
        };
        Duration::from_secs_f64(base * factor)
    }
}

/// `hex(HMAC_SHA512(key, body))`, lower-case: the `X-Webhook-Hmac` of `body`.
pub fn sign(key: &str, body: &[u8]) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<sha2::Sha512>::new_from_slice(key.as_bytes()).expect("any key length");
    mac.update(body);
    mac.finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Emits `event` of session `name` to every webhook entry subscribed to it.
pub(super) fn emit(state: &FakeState, g: &mut Gateway, name: &str, event: &str, payload: Value) {
    let Some(session) = g.sessions.get(name) else {
        return;
    };
    let config = session.config.clone();
    let me = session.me.clone();
    let hooks = config["webhooks"].as_array().cloned().unwrap_or_default();
    if hooks.is_empty() {
        return;
    }
    let engine = g.switches.engine.name();
    let event_id = format!("evt_{}", ulid(g).to_lowercase());
    let mut envelope = json!({
        "id": event_id,
        "timestamp": now_ms(),
        "event": event,
        "session": name,
        "me": me,
        "payload": payload,
        "engine": engine,
        "environment": {
            "version": WAHA_VERSION, "engine": engine, "tier": "CORE",
            "browser": if engine == "WEBJS" { json!("/usr/bin/chromium") } else { Value::Null },
            "platform": "linux/x64", "worker": {"id": "waha"},
        },
    });
    if !config["metadata"].is_null() {
        envelope["metadata"] = config["metadata"].clone();
    }
    let body = envelope.to_string();
    for hook in hooks {
        let Some(url) = hook["url"].as_str() else {
            continue;
        };
        let subscribed = hook["events"]
            .as_array()
            .is_some_and(|es| es.iter().any(|e| e == "*" || e == event));
        if !subscribed {
            continue;
        }
        let custom = hook["customHeaders"]
            .as_array()
            .map(|hs| {
                hs.iter()
                    .filter_map(|h| {
                        Some((
                            h["name"].as_str()?.to_owned(),
                            h["value"].as_str()?.to_owned(),
                        ))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let job = Job {
            url: url.to_owned(),
            event: event.to_owned(),
            event_id: event_id.clone(),
            body: body.clone(),
            hmac: hook["hmac"]["key"].as_str().map(str::to_owned),
            custom,
            retries: Retries::of(&hook["retries"]),
            request_id: ulid(g),
        };
        enqueue(state, g, job);
    }
}

/// Hands `job` to the worker (starting it if needed), or holds it back when a test asked for
/// this event to arrive after the next one of its name; that one releases it.
fn enqueue(state: &FakeState, g: &mut Gateway, job: Job) {
    if g.switches.hold_next.as_deref() == Some(job.event.as_str()) {
        g.switches.hold_next = None;
        g.held.push(job);
        return;
    }
    let (released, kept) = std::mem::take(&mut g.held)
        .into_iter()
        .partition(|h: &Job| h.event == job.event && h.url == job.url);
    g.held = kept;
    send_to_worker(state, g, job);
    for job in released {
        send_to_worker(state, g, job);
    }
}

/// Sends the events held back so far.
pub(super) fn release_held(state: &FakeState, g: &mut Gateway) {
    for job in std::mem::take(&mut g.held) {
        send_to_worker(state, g, job);
    }
}

fn send_to_worker(state: &FakeState, g: &mut Gateway, job: Job) {
    let alive = g.queue.as_ref().is_some_and(|q| !q.is_closed());
    if !alive {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        runtime.spawn(worker(state.clone(), rx));
        g.queue = Some(tx);
    }
    if let Some(q) = &g.queue {
        let _ = q.send(job);
    }
}

/// Sends first attempts one at a time, in order; a failed one gets its own retry task.
async fn worker(state: FakeState, mut rx: tokio::sync::mpsc::UnboundedReceiver<Job>) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap_or_default();
    while let Some(job) = rx.recv().await {
        let duplicate = lock(&state).waha.switches.duplicate_deliveries;
        let mut ok = attempt(&state, &client, &job, 1, &job.request_id).await;
        if duplicate {
            ok |= attempt(&state, &client, &job, 1, &job.request_id).await;
        }
        if !ok && job.retries.attempts > 0 {
            tokio::spawn(retry(state.clone(), client.clone(), job));
        }
    }
}

async fn retry(state: FakeState, client: reqwest::Client, job: Job) {
    for n in 1..=job.retries.attempts {
        let base = lock(&state).waha.switches.retry_delay;
        tokio::time::sleep(job.retries.delay(n, base)).await;
        let request_id = {
            let mut i = lock(&state);
            if i.waha.switches.fresh_request_id_on_retry {
                ulid(&mut i.waha)
            } else {
                job.request_id.clone()
            }
        };
        if attempt(&state, &client, &job, n + 1, &request_id).await {
            return;
        }
    }
}

/// One POST; records it and answers whether the receiver took it (2xx).
async fn attempt(
    state: &FakeState,
    client: &reqwest::Client,
    job: &Job,
    n: u32,
    request_id: &str,
) -> bool {
    let mut headers: Vec<(String, String)> = vec![
        ("content-type".into(), "application/json".into()),
        ("user-agent".into(), format!("WAHA/{WAHA_VERSION}")),
        ("x-webhook-request-id".into(), request_id.to_owned()),
        ("x-webhook-timestamp".into(), now_ms().to_string()),
    ];
    if let Some(key) = &job.hmac {
        headers.push(("x-webhook-hmac".into(), sign(key, job.body.as_bytes())));
        headers.push(("x-webhook-hmac-algorithm".into(), "sha512".into()));
    }
    for (name, value) in &job.custom {
        headers.push((name.to_lowercase(), value.clone()));
    }
    let mut request = client.post(&job.url).body(job.body.clone());
    for (name, value) in &headers {
        request = request.header(name, value);
    }
    let (status, error) = match request.send().await {
        Ok(answer) => (Some(answer.status().as_u16()), None),
        Err(e) => (None, Some(e.to_string())),
    };
    lock(state).waha.deliveries.push(WahaDelivery {
        url: job.url.clone(),
        event: job.event.clone(),
        event_id: job.event_id.clone(),
        attempt: n,
        headers,
        body: job.body.clone(),
        status,
        error,
    });
    status.is_some_and(|s| (200..300).contains(&s))
}
