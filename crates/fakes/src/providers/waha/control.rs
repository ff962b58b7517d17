//! What tests drive the fake gateway with: the switches (engine, outages, delays, ack script,
//! disorder, retries), the phone's side (scan a QR or confirm a pairing code, receive a message,
//! read a message, log the device out) and introspection (webhook attempts, messages sent).
//! Over HTTP under `/waha/__fake/**` for the end-to-end suite, and as
//! [`FakeProviders`] methods for Rust tests.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::time::Duration;

use super::sessions;
use super::webhooks::release_held;
use super::{lock, messages, FakeState, Gateway, JsonBody, WahaDelivery, WahaEngine, WahaSent};
use crate::providers::FakeProviders;

/// How the fake gateway behaves; [`FakeProviders::waha_configure`] changes it.
#[derive(Debug, Clone)]
pub struct WahaSwitches {
    pub engine: WahaEngine,
    /// The API answers this status (500, 502, 503…) to every request.
    pub outage: Option<u16>,
    /// The API never answers while on (past any client timeout).
    pub hang: bool,
    /// How long a started session stays STARTING (default none).
    pub start_delay: Duration,
    /// How long a runtime endpoint waits for the status it needs before 422 (WAHA: 5 s; here
    /// none by default).
    pub status_wait: Duration,
    /// Rotate QRs on their own: the first after `.0`, each next after `.1` (WAHA: 60 s, 20 s).
    /// None (the default): only when a test asks.
    pub qr_schedule: Option<(Duration, Duration)>,
    /// QRs per start before the session fails (WAHA: 6).
    pub qr_max: u32,
    /// The acks sent after a message is sent, in order (default SERVER, DEVICE, READ).
    pub ack_script: Vec<i64>,
    /// Every first attempt is sent twice.
    pub duplicate_deliveries: bool,
    /// The next event of this name is held back and sent after the following one of that name
    /// (or on [`FakeProviders::waha_release_held`]).
    pub hold_next: Option<String>,
    /// Retries carry a new `X-Webhook-Request-Id` (by default they repeat the first one).
    pub fresh_request_id_on_retry: bool,
    /// Replaces every webhook's `retries.delaySeconds` (tests: a few milliseconds).
    pub retry_delay: Option<Duration>,
}

impl Default for WahaSwitches {
    fn default() -> Self {
        WahaSwitches {
            engine: WahaEngine::default(),
            outage: None,
            hang: false,
            start_delay: Duration::ZERO,
            status_wait: Duration::ZERO,
            qr_schedule: None,
            qr_max: 6,
            ack_script: vec![1, 2, 3],
            duplicate_deliveries: false,
            hold_next: None,
            fresh_request_id_on_retry: false,
            retry_delay: None,
        }
    }
}

impl WahaSwitches {
    /// Applies the keys present in `v` (the `/__fake/switches` body).
    fn apply(&mut self, v: &Value) {
        let ms = |k: &str| v[k].as_u64().map(Duration::from_millis);
        if let Some(e) = v["engine"].as_str() {
            self.engine = match e {
                "NOWEB" => WahaEngine::Noweb,
                "WEBJS_EMPTY_ANSWER" => WahaEngine::WebjsEmptyAnswer,
                _ => WahaEngine::Webjs,
            };
        }
        if v.get("outage").is_some() {
            self.outage = v["outage"].as_u64().map(|c| c as u16);
        }
        if let Some(b) = v["hang"].as_bool() {
            self.hang = b;
        }
        if let Some(d) = ms("startDelayMs") {
            self.start_delay = d;
        }
        if let Some(d) = ms("statusWaitMs") {
            self.status_wait = d;
        }
        if v.get("qrScheduleMs").is_some() {
            self.qr_schedule = match (v["qrScheduleMs"][0].as_u64(), v["qrScheduleMs"][1].as_u64())
            {
                (Some(a), Some(b)) => Some((Duration::from_millis(a), Duration::from_millis(b))),
                _ => None,
            };
        }
        if let Some(n) = v["qrMax"].as_u64() {
            self.qr_max = n as u32;
        }
        if let Some(acks) = v["ackScript"].as_array() {
            self.ack_script = acks.iter().filter_map(Value::as_i64).collect();
        }
        if let Some(b) = v["acksOutOfOrder"].as_bool() {
            self.ack_script = if b { vec![1, 3, 2] } else { vec![1, 2, 3] };
        }
        if let Some(b) = v["duplicateDeliveries"].as_bool() {
            self.duplicate_deliveries = b;
        }
        if v.get("holdNext").is_some() {
            self.hold_next = v["holdNext"].as_str().map(str::to_owned);
        }
        if let Some(b) = v["freshRequestIdOnRetry"].as_bool() {
            self.fresh_request_id_on_retry = b;
        }
        if v.get("retryDelayMs").is_some() {
            self.retry_delay = ms("retryDelayMs");
        }
    }

    fn to_json(&self) -> Value {
        json!({
            "engine": match self.engine {
                WahaEngine::Webjs => "WEBJS",
                WahaEngine::Noweb => "NOWEB",
                WahaEngine::WebjsEmptyAnswer => "WEBJS_EMPTY_ANSWER",
            },
            "outage": self.outage, "hang": self.hang,
            "startDelayMs": self.start_delay.as_millis() as u64,
            "statusWaitMs": self.status_wait.as_millis() as u64,
            "qrScheduleMs": self.qr_schedule.map(|(a, b)| [a.as_millis() as u64, b.as_millis() as u64]),
            "qrMax": self.qr_max, "ackScript": self.ack_script,
            "duplicateDeliveries": self.duplicate_deliveries, "holdNext": self.hold_next,
            "freshRequestIdOnRetry": self.fresh_request_id_on_retry,
            "retryDelayMs": self.retry_delay.map(|d| d.as_millis() as u64),
        })
    }
}

/// The test-only routes (no API key, no outage: they are the phone and the test, not the API).
pub(super) fn routes() -> Router<FakeState> {
    Router::new()
        .route("/__fake/switches", get(switches).post(switches))
        .route("/__fake/deliveries", get(deliveries))
        .route("/__fake/sent", get(sent))
        .route("/__fake/release-held", post(release))
        .route("/__fake/sessions/{session}/scan", post(scan))
        .route("/__fake/sessions/{session}/rotate-qr", post(rotate_qr))
        .route(
            "/__fake/sessions/{session}/device-logout",
            post(device_logout),
        )
        .route("/__fake/sessions/{session}/status", post(drop_to))
        .route("/__fake/sessions/{session}/inbound", post(inbound))
        .route("/__fake/sessions/{session}/ack", post(ack))
}

fn answer(status: StatusCode, body: Value) -> Response {
    (status, Json(body)).into_response()
}

fn conflict(message: impl Into<String>) -> Response {
    answer(StatusCode::CONFLICT, json!({"error": message.into()}))
}

/// GET: the switches; POST: applies the keys given (see [`WahaSwitches`], camel-cased, delays
/// in ms) and answers them.
async fn switches(State(state): State<FakeState>, JsonBody(body): JsonBody) -> Response {
    let mut i = lock(&state);
    i.waha.switches.apply(&body);
    Json(i.waha.switches.to_json()).into_response()
}

async fn deliveries(State(state): State<FakeState>) -> Json<Value> {
    let i = lock(&state);
    Json(
        i.waha
            .deliveries
            .iter()
            .map(WahaDelivery::to_json)
            .collect(),
    )
}

async fn sent(State(state): State<FakeState>) -> Json<Value> {
    let i = lock(&state);
    Json(
        i.waha
            .sent
            .iter()
            .map(|s| json!({"session": s.session, "endpoint": s.endpoint, "chatId": s.chat_id, "id": s.id, "request": s.request}))
            .collect(),
    )
}

async fn release(State(state): State<FakeState>) -> StatusCode {
    let mut i = lock(&state);
    release_held(&state, &mut i.waha);
    StatusCode::NO_CONTENT
}

/// `{"qr": "<current value>" | "code": "<pairing code>", "phone": "79111111111", "pushName"?}`:
/// 200 with the session (WORKING); 409 for a stale QR or a session not showing one.
async fn scan(
    State(state): State<FakeState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody,
) -> Response {
    let Some(phone) = body["phone"].as_str() else {
        return answer(
            StatusCode::BAD_REQUEST,
            json!({"error": "phone is required"}),
        );
    };
    let push_name = body["pushName"].as_str().unwrap_or("Team Inbox");
    let mut i = lock(&state);
    match sessions::scan(&state, &mut i.waha, &name, &body, phone, push_name) {
        Ok(dto) => Json(dto).into_response(),
        Err((status, body)) => answer(status, body),
    }
}

async fn rotate_qr(State(state): State<FakeState>, Path(name): Path<String>) -> Response {
    let mut i = lock(&state);
    match rotate(&state, &mut i.waha, &name) {
        Some(value) => Json(json!({"value": value})).into_response(),
        None => conflict("the session is not showing a QR (or has just failed)"),
    }
}

fn rotate(state: &FakeState, g: &mut Gateway, name: &str) -> Option<String> {
    let showing = g
        .sessions
        .get(name)
        .is_some_and(|s| s.status == "SCAN_QR_CODE");
    if !showing {
        return None;
    }
    sessions::rotate(state, g, name)
}

/// The phone unlinks this device: FAILED, the pairing lost, `me` kept until logout.
fn unlink(state: &FakeState, g: &mut Gateway, name: &str) -> bool {
    let Some(s) = g.sessions.get_mut(name) else {
        return false;
    };
    s.paired = false;
    sessions::fail(state, g, name);
    true
}

async fn device_logout(State(state): State<FakeState>, Path(name): Path<String>) -> Response {
    let mut i = lock(&state);
    if !unlink(&state, &mut i.waha, &name) {
        return answer(StatusCode::NOT_FOUND, json!({"error": "no such session"}));
    }
    Json(sessions::dto(&i.waha, &name)).into_response()
}

/// Drops the session to `FAILED` or `STOPPED` (its pairing kept), with its `session.status`.
fn drop_session(
    state: &FakeState,
    g: &mut Gateway,
    name: &str,
    status: &str,
) -> Result<(), String> {
    if !g.sessions.contains_key(name) {
        return Err(format!("no session {name}"));
    }
    match status {
        "FAILED" => sessions::fail(state, g, name),
        "STOPPED" => sessions::halt(state, g, name),
        other => return Err(format!("cannot drop a session to {other}")),
    }
    Ok(())
}

/// `{"status": "FAILED" | "STOPPED"}`.
async fn drop_to(
    State(state): State<FakeState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody,
) -> Response {
    let mut i = lock(&state);
    match drop_session(
        &state,
        &mut i.waha,
        &name,
        body["status"].as_str().unwrap_or_default(),
    ) {
        Ok(()) => Json(sessions::dto(&i.waha, &name)).into_response(),
        Err(e) => conflict(e),
    }
}

/// A message reaching the phone (see [`messages::inbound`] for the body): 201 with the
/// payload sent, 409 when the session is not WORKING.
async fn inbound(
    State(state): State<FakeState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody,
) -> Response {
    let mut i = lock(&state);
    let base = i.self_url.clone();
    match messages::inbound(&state, &mut i.waha, &base, &name, &body) {
        Ok(m) => answer(StatusCode::CREATED, m),
        Err(e) => conflict(e),
    }
}

/// `{"id": "<message id>", "ack": 3}`: sends that `message.ack` (e.g. READ later, or ERROR).
async fn ack(
    State(state): State<FakeState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody,
) -> Response {
    let (Some(id), Some(a)) = (body["id"].as_str(), body["ack"].as_i64()) else {
        return answer(
            StatusCode::BAD_REQUEST,
            json!({"error": "id and ack are required"}),
        );
    };
    let mut i = lock(&state);
    if messages::ack(&state, &mut i.waha, &name, id, a) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        answer(StatusCode::NOT_FOUND, json!({"error": "no such message"}))
    }
}

impl FakeProviders {
    /// The gateway's base URL (`{fake}/waha`); its API is under `{fake}/waha/api`.
    pub fn waha_url(&self) -> String {
        self.url("/waha")
    }

    fn with_waha<T>(&self, f: impl FnOnce(&FakeState, &mut Gateway) -> T) -> T {
        let mut i = lock(&self.state);
        f(&self.state, &mut i.waha)
    }

    /// Changes the gateway's [`WahaSwitches`].
    pub fn waha_configure(&self, f: impl FnOnce(&mut WahaSwitches)) {
        self.with_waha(|_, g| f(&mut g.switches));
    }

    /// Makes the API answer 503 to everything (`false`: answer again).
    pub fn waha_outage(&self, on: bool) {
        self.waha_configure(|s| s.outage = on.then_some(503));
    }

    /// Sends acks READ before DEVICE (SERVER, READ, DEVICE), or in order again.
    pub fn waha_acks_out_of_order(&self, on: bool) {
        self.waha_configure(|s| s.ack_script = if on { vec![1, 3, 2] } else { vec![1, 2, 3] });
    }

    /// The session as `GET /api/sessions/{name}` answers it.
    pub fn waha_session(&self, name: &str) -> Option<Value> {
        self.with_waha(|_, g| {
            g.sessions
                .contains_key(name)
                .then(|| sessions::dto(g, name))
        })
    }

    /// Shows a new QR on session `name` (as WAHA does when one expires), answering its value;
    /// after the last one the session fails and None is answered.
    pub fn waha_rotate_qr(&self, name: &str) -> Option<String> {
        self.with_waha(|state, g| rotate(state, g, name))
    }

    /// Scans the current QR of session `name` with phone `phone`: the session as WORKING, or
    /// why not.
    pub fn waha_scan(&self, name: &str, phone: &str) -> Result<Value, Value> {
        self.with_waha(|state, g| {
            let qr = g.sessions.get(name).and_then(|s| s.qr.clone());
            sessions::scan(state, g, name, &json!({"qr": qr}), phone, "Team Inbox")
                .map_err(|(_, e)| e)
        })
    }

    /// A text from `from` (a number or chat id) reaching session `name`'s phone: sends
    /// `message` and `message.any`, answers the message id.
    pub fn waha_inbound(&self, name: &str, from: &str, body: &str) -> Result<String, String> {
        self.waha_inbound_message(name, json!({"from": from, "body": body}))
            .map(|m| m["id"].as_str().unwrap_or_default().to_owned())
    }

    /// A message reaching session `name`'s phone as the `/__fake/sessions/{s}/inbound` body
    /// describes it (groups, `@lid` senders, media, replies, typed on the phone); answers the
    /// payload sent.
    pub fn waha_inbound_message(&self, name: &str, spec: Value) -> Result<Value, String> {
        let base = lock(&self.state).self_url.clone();
        self.with_waha(|state, g| messages::inbound(state, g, &base, name, &spec))
    }

    /// Sends `message.ack` `ack` for message `id` of session `name`; false if there is no such
    /// message.
    pub fn waha_ack(&self, name: &str, id: &str, ack: i64) -> bool {
        self.with_waha(|state, g| messages::ack(state, g, name, id, ack))
    }

    /// Drops session `name` to `FAILED` or `STOPPED` (keeping its pairing), with its
    /// `session.status`.
    pub fn waha_drop(&self, name: &str, status: &str) -> Result<(), String> {
        self.with_waha(|state, g| drop_session(state, g, name, status))
    }

    /// The phone unlinks the gateway: FAILED, the pairing lost (a restart shows a QR).
    pub fn waha_device_logout(&self, name: &str) -> bool {
        self.with_waha(|state, g| unlink(state, g, name))
    }

    /// Sends the events held back by [`WahaSwitches::hold_next`].
    pub fn waha_release_held(&self) {
        self.with_waha(release_held);
    }

    /// Every webhook attempt so far, in the order they were made.
    pub fn waha_deliveries(&self) -> Vec<WahaDelivery> {
        self.with_waha(|_, g| g.deliveries.clone())
    }

    /// Every message sent through the API (and every `sendSeen`), oldest first.
    pub fn waha_sent(&self) -> Vec<WahaSent> {
        self.with_waha(|_, g| g.sent.clone())
    }
}
