//! Sessions (reference §2) and pairing (§3): create, update, list, get, `me`, start, stop,
//! restart, logout and delete with WAHA's codes; the lifecycle STARTING → SCAN_QR_CODE (not
//! paired) or WORKING (paired), each change sent as `session.status` with the last three
//! statuses; the QR as PNG, base64 JSON or raw value, rotated when a test asks (or on a
//! schedule a test sets), at most six per start before the session fails; the pairing code.

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;

use super::webhooks::emit;
use super::{
    bad_request, error, hex_id, lock, now_ms, session_not_found, spawn, wait_status, FakeState,
    Gateway, JsonBody,
};

/// Statuses in which a session runs (a runtime endpoint may wait for the one it needs).
const RUNNING: &[&str] = &["STARTING", "SCAN_QR_CODE", "WORKING"];

/// A 1×1 PNG: what `auth/qr` answers as an image (clients show it; tests read `format=raw`).
const QR_PNG_BASE64: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/// One WhatsApp account on the gateway.
pub(super) struct Session {
    pub(super) status: String,
    /// As the client sent it.
    pub(super) config: Value,
    /// `{id, pushName}` once paired; kept after a device logout until `logout`.
    pub(super) me: Value,
    /// Authorised on the phone: survives stop and restart, dropped by logout or a device logout.
    pub(super) paired: bool,
    /// Every status with its time (ms), newest last.
    statuses: Vec<(String, i64)>,
    /// Bumped by every start, stop and logout, so that a pending transition of an earlier run
    /// does nothing.
    epoch: u64,
    /// The QR to scan now, and how many this run has shown.
    pub(super) qr: Option<String>,
    qr_count: u32,
    /// The last pairing code requested.
    code: Option<String>,
}

/// The session object WAHA answers (`SessionInfo`).
pub(super) fn dto(g: &Gateway, name: &str) -> Value {
    let Some(s) = g.sessions.get(name) else {
        return Value::Null;
    };
    json!({
        "name": name,
        "status": s.status,
        "config": s.config,
        "me": s.me,
        "engine": {"engine": g.switches.engine.name()},
    })
}

/// Moves session `name` to `status` and sends `session.status`.
pub(super) fn set_status(state: &FakeState, g: &mut Gateway, name: &str, status: &str) {
    let Some(s) = g.sessions.get_mut(name) else {
        return;
    };
    s.status = status.to_owned();
    s.statuses.push((status.to_owned(), now_ms()));
    let last: Vec<Value> = s
        .statuses
        .iter()
        .rev()
        .take(3)
        .rev()
        .map(|(status, at)| json!({"status": status, "timestamp": at}))
        .collect();
    let payload = json!({"name": name, "status": status, "statuses": last, "data": null});
    emit(state, g, name, "session.status", payload);
}

/// STARTING now; WORKING or SCAN_QR_CODE after the configured start delay.
fn begin(state: &FakeState, g: &mut Gateway, name: &str) {
    let delay = g.switches.start_delay;
    let Some(s) = g.sessions.get_mut(name) else {
        return;
    };
    s.epoch += 1;
    s.qr = None;
    s.qr_count = 0;
    s.code = None;
    let epoch = s.epoch;
    set_status(state, g, name, "STARTING");
    let (state, name) = (state.clone(), name.to_owned());
    spawn(async move {
        tokio::time::sleep(delay).await;
        let mut i = lock(&state);
        let g = &mut i.waha;
        let Some(s) = g.sessions.get(&name) else {
            return;
        };
        if s.epoch != epoch || s.status != "STARTING" {
            return;
        }
        if s.paired {
            set_status(&state, g, &name, "WORKING");
        } else {
            rotate(&state, g, &name);
        }
    });
}

/// Ends the current run: STOPPED (sent only if it was not already).
pub(super) fn halt(state: &FakeState, g: &mut Gateway, name: &str) {
    let Some(s) = g.sessions.get_mut(name) else {
        return;
    };
    s.epoch += 1;
    s.qr = None;
    let was_stopped = s.status == "STOPPED";
    if !was_stopped {
        set_status(state, g, name, "STOPPED");
    }
}

/// Fails the session (phone logged out, QRs exhausted, engine error).
pub(super) fn fail(state: &FakeState, g: &mut Gateway, name: &str) {
    if let Some(s) = g.sessions.get_mut(name) {
        s.epoch += 1;
        s.qr = None;
        set_status(state, g, name, "FAILED");
    }
}

/// Shows a new QR (re-sending `session.status: SCAN_QR_CODE`), or fails the session once it
/// has shown the maximum. Answers the new value.
pub(super) fn rotate(state: &FakeState, g: &mut Gateway, name: &str) -> Option<String> {
    let max = g.switches.qr_max;
    let schedule = g.switches.qr_schedule;
    let value = format!("2@{},{}==", hex_id(g, 48), hex_id(g, 20).to_lowercase());
    let s = g.sessions.get_mut(name)?;
    if s.qr_count >= max {
        fail(state, g, name);
        return None;
    }
    s.qr_count += 1;
    s.qr = Some(value.clone());
    let (epoch, count) = (s.epoch, s.qr_count);
    set_status(state, g, name, "SCAN_QR_CODE");
    if let Some((first, next)) = schedule {
        let wait = if count == 1 { first } else { next };
        let (state, name) = (state.clone(), name.to_owned());
        spawn(async move {
            tokio::time::sleep(wait).await;
            let mut i = lock(&state);
            let g = &mut i.waha;
            let current = g.sessions.get(&name).is_some_and(|s| {
                s.epoch == epoch && s.qr_count == count && s.status == "SCAN_QR_CODE"
            });
            if current {
                rotate(&state, g, &name);
            }
        });
    }
    Some(value)
}

/// The phone scans `qr` (or confirms pairing code `code`) for session `name`: only the current
/// value pairs; the session becomes WORKING as `<phone>@c.us`.
pub(super) fn scan(
    state: &FakeState,
    g: &mut Gateway,
    name: &str,
    proof: &Value,
    phone: &str,
    push_name: &str,
) -> Result<Value, (StatusCode, Value)> {
    let Some(s) = g.sessions.get_mut(name) else {
        return Err((StatusCode::NOT_FOUND, json!({"error": "no such session"})));
    };
    if s.status != "SCAN_QR_CODE" {
        return Err((
            StatusCode::CONFLICT,
            json!({"error": "the session is not waiting for a scan", "status": s.status}),
        ));
    }
    let matches = match (proof["qr"].as_str(), proof["code"].as_str()) {
        (Some(qr), _) => s.qr.as_deref() == Some(qr),
        (None, Some(code)) => s.code.as_deref() == Some(code),
        (None, None) => false,
    };
    if !matches {
        return Err((
            StatusCode::CONFLICT,
            json!({"error": "this QR (or code) is not the current one"}),
        ));
    }
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    s.paired = true;
    s.me = json!({"id": format!("{digits}@c.us"), "pushName": push_name});
    s.qr = None;
    s.epoch += 1;
    set_status(state, g, name, "WORKING");
    Ok(dto(g, name))
}

fn created(body: Value) -> Response {
    (StatusCode::CREATED, Json(body)).into_response()
}

pub(super) async fn create(State(state): State<FakeState>, JsonBody(body): JsonBody) -> Response {
    let mut i = lock(&state);
    let g = &mut i.waha;
    let name = match body["name"].as_str() {
        Some(n) => n.to_owned(),
        None => format!("session_{}", hex_id(g, 16).to_lowercase()),
    };
    if name.is_empty() || name.chars().count() > 54 {
        return bad_request(vec![
            "name must be shorter than or equal to 54 characters".into()
        ]);
    }
    if g.sessions.contains_key(&name) {
        return error(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"statusCode": 422, "message": format!("Session '{name}' already exists. Use PUT to update it."), "error": "Unprocessable Entity"}),
        );
    }
    g.sessions.insert(
        name.clone(),
        Session {
            status: "STOPPED".into(),
            config: body["config"].clone(),
            me: Value::Null,
            paired: false,
            statuses: vec![("STOPPED".into(), now_ms())],
            epoch: 0,
            qr: None,
            qr_count: 0,
            code: None,
        },
    );
    // The 2026 docs default `start` to true (the 2024 source to false): clients send it.
    if body["start"].as_bool().unwrap_or(true) {
        begin(&state, g, &name);
    }
    created(dto(g, &name))
}

pub(super) async fn update(
    State(state): State<FakeState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody,
) -> Response {
    let mut i = lock(&state);
    let g = &mut i.waha;
    let Some(s) = g.sessions.get_mut(&name) else {
        return session_not_found();
    };
    s.config = body["config"].clone();
    if RUNNING.contains(&s.status.as_str()) {
        begin(&state, g, &name);
    }
    Json(dto(g, &name)).into_response()
}

pub(super) async fn list(
    State(state): State<FakeState>,
    Query(q): Query<HashMap<String, String>>,
) -> Json<Value> {
    let all = q.get("all").is_some_and(|a| a == "true");
    let i = lock(&state);
    let g = &i.waha;
    Json(
        g.sessions
            .iter()
            .filter(|(_, s)| all || s.status != "STOPPED")
            .map(|(n, _)| dto(g, n))
            .collect(),
    )
}

pub(super) async fn get_one(State(state): State<FakeState>, Path(name): Path<String>) -> Response {
    let i = lock(&state);
    if !i.waha.sessions.contains_key(&name) {
        return session_not_found();
    }
    Json(dto(&i.waha, &name)).into_response()
}

pub(super) async fn me(State(state): State<FakeState>, Path(name): Path<String>) -> Response {
    match lock(&state).waha.sessions.get(&name) {
        Some(s) => Json(s.me.clone()).into_response(),
        None => session_not_found(),
    }
}

/// start / stop / restart / logout: 404 on an unknown session, else 201 with the session.
fn lifecycle(state: &FakeState, name: &str, act: fn(&FakeState, &mut Gateway, &str)) -> Response {
    let mut i = lock(state);
    let g = &mut i.waha;
    if !g.sessions.contains_key(name) {
        return session_not_found();
    }
    act(state, g, name);
    created(dto(g, name))
}

pub(super) async fn start(State(state): State<FakeState>, Path(name): Path<String>) -> Response {
    lifecycle(&state, &name, |state, g, name| {
        let running = g
            .sessions
            .get(name)
            .is_some_and(|s| RUNNING.contains(&s.status.as_str()));
        if !running {
            begin(state, g, name);
        }
    })
}

pub(super) async fn stop(State(state): State<FakeState>, Path(name): Path<String>) -> Response {
    lifecycle(&state, &name, halt)
}

pub(super) async fn restart(State(state): State<FakeState>, Path(name): Path<String>) -> Response {
    lifecycle(&state, &name, begin)
}

pub(super) async fn logout(State(state): State<FakeState>, Path(name): Path<String>) -> Response {
    lifecycle(&state, &name, |state, g, name| {
        let Some(s) = g.sessions.get_mut(name) else {
            return;
        };
        s.paired = false;
        s.me = Value::Null;
        if RUNNING.contains(&s.status.as_str()) {
            begin(state, g, name);
        }
    })
}

/// Stop, logout and forget: 200 with no body, also for a session that does not exist.
pub(super) async fn delete(State(state): State<FakeState>, Path(name): Path<String>) -> Response {
    let mut i = lock(&state);
    let g = &mut i.waha;
    halt(&state, g, &name);
    g.sessions.remove(&name);
    StatusCode::OK.into_response()
}

pub(super) async fn qr(
    State(state): State<FakeState>,
    Path(name): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    if let Err(r) = wait_status(&state, &name, &["SCAN_QR_CODE"]).await {
        return r;
    }
    let value = lock(&state)
        .waha
        .sessions
        .get(&name)
        .and_then(|s| s.qr.clone())
        .unwrap_or_default();
    if q.get("format").map(String::as_str) == Some("raw") {
        return Json(json!({"value": value})).into_response();
    }
    let wants_json = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json"));
    if wants_json {
        return Json(json!({"mimetype": "image/png", "data": QR_PNG_BASE64})).into_response();
    }
    use base64::Engine as _;
    let png = base64::engine::general_purpose::STANDARD
        .decode(QR_PNG_BASE64)
        .unwrap_or_default();
    ([(header::CONTENT_TYPE, "image/png")], png).into_response()
}

/// `{"phoneNumber": "12132132130"}` → 201 `{"code": "ABCD-EFGH"}`, while SCAN_QR_CODE; the
/// test confirms it as the phone would through the scan route with `{"code": ..}`.
pub(super) async fn request_code(
    State(state): State<FakeState>,
    Path(name): Path<String>,
    JsonBody(body): JsonBody,
) -> Response {
    let phone_ok = body["phoneNumber"]
        .as_str()
        .is_some_and(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    if !phone_ok {
        return bad_request(vec!["phoneNumber must be a string of digits".into()]);
    }
    if let Err(r) = wait_status(&state, &name, &["SCAN_QR_CODE"]).await {
        return r;
    }
    let mut i = lock(&state);
    let g = &mut i.waha;
    let letters: String = hex_id(g, 8)
        .bytes()
        .map(|b| (b'A' + (b % 26)) as char)
        .collect();
    let code = format!("{}-{}", &letters[..4], &letters[4..]);
    if let Some(s) = g.sessions.get_mut(&name) {
        s.code = Some(code.clone());
    }
    created(json!({"code": code}))
}
