//! Fake WAHA gateway (WhatsApp HTTP API, `docs/design/waha-gateway.md`) under `/waha`: the team
//! inbox's client talks to `{fake}/waha` as it would to an organisation's own gateway. The API
//! under `/waha/api/**` speaks the reference's paths, field names, status codes and webhooks;
//! what a test needs to play the phone's part (scan a QR, receive a message, lose the device)
//! or to break the gateway (outages, failing or disordered deliveries) lives under
//! `/waha/__fake/**`, a prefix WAHA never uses, and on [`FakeProviders`](super::FakeProviders).
//!
//! Nothing runs on wall-clock timers unless a test asks for them: QRs rotate on request and a
//! started session settles after a delay that defaults to none, so tests stay deterministic.
//!
//! `sessions` holds the session lifecycle and pairing, `messages` sending and receiving,
//! `chats` the first-sync listings, `webhooks` the signed deliveries and their retries, and
//! `control` the test-only routes and the handle's methods.

use axum::body::{to_bytes, Body, Bytes};
use axum::extract::{FromRequest, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::MutexGuard;
use std::time::Duration;

use super::{FakeState, Inner};

mod chats;
mod control;
mod messages;
mod sessions;
mod webhooks;

pub use control::WahaSwitches;
pub use webhooks::sign as waha_sign;

/// The API key the fake gateway accepts as `X-Api-Key` (its `WAHA_API_KEY`).
pub const WAHA_API_KEY: &str = "waha-key-5Jd8Qz2Rv7Tn";
/// The release the fake reports in webhook envelopes and `User-Agent`.
pub const WAHA_VERSION: &str = "2026.7.1";

/// Which engine the gateway runs, which decides the `sendText` answer's shape (engines answer
/// with their own native object) and whether acks need `config.webjs.tagsEventsOn`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WahaEngine {
    /// whatsapp-web.js: answers `{id: {_serialized, ..}, ack, body}`; emits `message.ack` only
    /// when the session's config has `webjs.tagsEventsOn: true`.
    #[default]
    Webjs,
    /// Baileys: answers `{key: {remoteJid, fromMe, id}, message, messageTimestamp, status}`.
    Noweb,
    /// WEBJS as some releases behaved: 201 with an empty body.
    WebjsEmptyAnswer,
}

impl WahaEngine {
    fn name(self) -> &'static str {
        match self {
            WahaEngine::Noweb => "NOWEB",
            WahaEngine::Webjs | WahaEngine::WebjsEmptyAnswer => "WEBJS",
        }
    }
}

/// One webhook POST the gateway attempted.
#[derive(Debug, Clone)]
pub struct WahaDelivery {
    pub url: String,
    pub event: String,
    /// The envelope's `id` (`evt_…`), the same on every attempt of one event.
    pub event_id: String,
    /// 1 for the first attempt, 2 for the first retry, …
    pub attempt: u32,
    /// Every header sent, names lower-case.
    pub headers: Vec<(String, String)>,
    /// The exact bytes sent (what `X-Webhook-Hmac` signs).
    pub body: String,
    /// The receiver's answer, or None when the request failed.
    pub status: Option<u16>,
    /// Why the request failed (connection refused, timeout).
    pub error: Option<String>,
}

impl WahaDelivery {
    /// The header `name` (lower-case) as sent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }

    fn to_json(&self) -> Value {
        let headers: serde_json::Map<String, Value> = self
            .headers
            .iter()
            .map(|(k, v)| (k.clone(), json!(v)))
            .collect();
        json!({
            "url": self.url, "event": self.event, "eventId": self.event_id,
            "attempt": self.attempt, "headers": headers, "body": self.body,
            "status": self.status, "error": self.error,
        })
    }
}

/// One message sent through the API.
#[derive(Debug, Clone)]
pub struct WahaSent {
    pub session: String,
    /// `sendText`, `sendImage`, `sendFile`, `sendVoice`, `sendVideo`, `sendSeen`.
    pub endpoint: String,
    /// The chat as WAHA normalised it (`@c.us` appended to a bare number).
    pub chat_id: String,
    /// The serialized message id (`true_<chat>_<raw>`); None for `sendSeen`.
    pub id: Option<String>,
    /// The request body as received.
    pub request: Value,
}

/// What the fake gateway holds.
#[derive(Default)]
pub(super) struct Gateway {
    sessions: BTreeMap<String, sessions::Session>,
    /// Every message created (sent or received), oldest first, with its session.
    messages: Vec<(String, Value)>,
    /// Media bytes served under `/api/files/{session}/{file}`: file → (mimetype, bytes).
    files: HashMap<String, (String, Vec<u8>)>,
    sent: Vec<WahaSent>,
    deliveries: Vec<WahaDelivery>,
    switches: WahaSwitches,
    /// Feeds ids and QR values.
    seq: u64,
    /// The delivery worker's queue, started with the first event.
    queue: Option<tokio::sync::mpsc::UnboundedSender<webhooks::Job>>,
    /// Events held back by [`WahaSwitches::hold_next`], sent after the next of their name.
    held: Vec<webhooks::Job>,
}

fn lock(state: &FakeState) -> MutexGuard<'_, Inner> {
    state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Runs `task` on the current runtime (outside one, e.g. a handle method called from a plain
/// thread, the lifecycle step is skipped rather than panicking).
fn spawn(task: impl std::future::Future<Output = ()> + Send + 'static) {
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        runtime.spawn(task);
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Unpredictable-looking bytes, unique per call (the gateway's sequence and the clock hashed).
fn entropy(g: &mut Gateway) -> [u8; 32] {
    use sha2::Digest;
    g.seq += 1;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let mut h = sha2::Sha256::new();
    h.update(g.seq.to_le_bytes());
    h.update(nanos.to_le_bytes());
    h.finalize().into()
}

/// `n` upper-case hex digits (message ids' raw part).
fn hex_id(g: &mut Gateway, n: usize) -> String {
    let bytes = entropy(g);
    let hex: String = bytes.iter().map(|b| format!("{b:02X}")).collect();
    hex[..n.min(64)].to_owned()
}

/// A ULID (Crockford base32: 48 bits of milliseconds, 80 of entropy), upper-case.
fn ulid(g: &mut Gateway) -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let time = (now_ms() as u128) & 0xFFFF_FFFF_FFFF;
    let mut random: u128 = 0;
    for b in &entropy(g)[..10] {
        random = (random << 8) | u128::from(*b);
    }
    let value = (time << 80) | random;
    (0..26)
        .rev()
        .map(|i| ALPHABET[((value >> (i * 5)) & 31) as usize] as char)
        .collect()
}

/// `12132132130` → `12132132130@c.us`; ids with a suffix stay as they are.
fn chat_id(raw: &str) -> String {
    if raw.contains('@') {
        raw.to_owned()
    } else {
        format!("{}@c.us", raw.trim_start_matches('+'))
    }
}

fn error(status: StatusCode, body: Value) -> Response {
    (status, Json(body)).into_response()
}

fn unauthorized() -> Response {
    error(
        StatusCode::UNAUTHORIZED,
        json!({"message": "Unauthorized", "statusCode": 401}),
    )
}

/// Session management on an unknown session.
fn session_not_found() -> Response {
    error(
        StatusCode::NOT_FOUND,
        json!({"statusCode": 404, "message": "Session not found", "error": "Not Found"}),
    )
}

/// A runtime endpoint (`sendText`, `auth/qr`, `chats`…) on a session that is not running.
fn not_running(name: &str) -> Response {
    error(
        StatusCode::NOT_FOUND,
        json!({
            "statusCode": 404,
            "message": format!("We didn't find a session with name '{name}'. Please start it first by using POST /api/sessions/{name}/start request"),
            "error": "Not Found",
        }),
    )
}

fn unexpected_status(name: &str, status: &str, expected: &[&str]) -> Response {
    error(
        StatusCode::UNPROCESSABLE_ENTITY,
        json!({
            "error": "Session status is not as expected. Try again later or restart the session",
            "session": name, "status": status, "expected": expected,
        }),
    )
}

fn bad_request(messages: Vec<String>) -> Response {
    error(
        StatusCode::BAD_REQUEST,
        json!({"statusCode": 400, "message": messages, "error": "Bad Request"}),
    )
}

/// A request's JSON body, `{}` when empty; 400 (NestJS style) when it is not JSON.
struct JsonBody(Value);

impl<S: Send + Sync> FromRequest<S> for JsonBody {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Response> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        if bytes.is_empty() {
            return Ok(JsonBody(json!({})));
        }
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| bad_request(vec![e.to_string()]))
    }
}

/// Waits up to the configured time (WAHA: 5 s; here none unless a test sets it) for session
/// `name` to be in one of `expected`: 404 if it is not running, 422 if it never got there.
async fn wait_status(state: &FakeState, name: &str, expected: &[&str]) -> Result<(), Response> {
    let deadline = {
        let i = lock(state);
        tokio::time::Instant::now() + i.waha.switches.status_wait
    };
    loop {
        let status = {
            let i = lock(state);
            i.waha.sessions.get(name).map(|s| s.status.clone())
        };
        match status {
            None => return Err(not_running(name)),
            Some(s) if s == "STOPPED" => return Err(not_running(name)),
            Some(s) if expected.contains(&s.as_str()) => return Ok(()),
            Some(s) if tokio::time::Instant::now() >= deadline => {
                return Err(unexpected_status(name, &s, expected))
            }
            Some(_) => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
}

/// The gateway's routes, nested under `/waha`.
pub(super) fn routes(state: FakeState) -> Router<FakeState> {
    let api = Router::new()
        .route("/api/sessions", get(sessions::list).post(sessions::create))
        .route(
            "/api/sessions/{session}",
            get(sessions::get_one)
                .put(sessions::update)
                .delete(sessions::delete),
        )
        .route("/api/sessions/{session}/me", get(sessions::me))
        .route("/api/sessions/{session}/start", post(sessions::start))
        .route("/api/sessions/{session}/stop", post(sessions::stop))
        .route("/api/sessions/{session}/restart", post(sessions::restart))
        .route("/api/sessions/{session}/logout", post(sessions::logout))
        .route("/api/{session}/auth/qr", get(sessions::qr))
        .route(
            "/api/{session}/auth/request-code",
            post(sessions::request_code),
        )
        .route("/api/sendText", post(messages::send_text))
        .route("/api/sendImage", post(messages::send_media))
        .route("/api/sendFile", post(messages::send_media))
        .route("/api/sendVoice", post(messages::send_media))
        .route("/api/sendVideo", post(messages::send_media))
        .route("/api/sendSeen", post(messages::send_seen))
        .route("/api/startTyping", post(messages::typing))
        .route("/api/stopTyping", post(messages::typing))
        .route("/api/files/{session}/{file}", get(messages::file))
        .route("/api/{session}/chats", get(chats::chats))
        .route("/api/{session}/chats/overview", get(chats::overview))
        .route("/api/{session}/chats/{chat}/messages", get(chats::messages))
        .route(
            "/api/{session}/chats/{chat}/messages/{message}",
            get(chats::message),
        )
        .layer(middleware::from_fn_with_state(state, gate));
    api.merge(control::routes())
}

/// In front of every `/api/**` route: records the request, then plays an outage if one is on,
/// then checks `X-Api-Key` (401 as WAHA answers it).
async fn gate(State(state): State<FakeState>, req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let Ok(bytes) = to_bytes(body, 32 * 1024 * 1024).await else {
        return bad_request(vec!["body too large".to_owned()]);
    };
    let path = parts.uri.path().to_owned();
    let recorded = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    state.record(
        parts.method.as_str(),
        format!("/waha{path}"),
        &parts.headers,
        recorded,
    );
    loop {
        let (outage, hang) = {
            let i = lock(&state);
            (i.waha.switches.outage, i.waha.switches.hang)
        };
        if let Some(code) = outage {
            let status = StatusCode::from_u16(code).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
            return error(
                status,
                json!({"statusCode": code, "message": status.canonical_reason().unwrap_or("")}),
            );
        }
        if !hang {
            break;
        }
        // Hanging: answer only once the switch is off (or never, if the client gives up).
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let keyed = parts
        .headers
        .get("x-api-key")
        .is_some_and(|v| v.as_bytes() == WAHA_API_KEY.as_bytes());
    if !keyed {
        return unauthorized();
    }
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}
