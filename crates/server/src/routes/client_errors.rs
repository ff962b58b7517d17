//! `POST /api/client-errors`: errors the web app could not handle, written to the server log.
//! Anyone may report (the error may come before sign-in), so a report is bounded before it is
//! read: a client over its per-minute allowance is refused before the body is read, the body
//! is capped (`client_errors.max_body_bytes`), each field is cut to its length, and control
//! characters (newlines included) are escaped before logging, so a report is one log line that
//! cannot forge others.
//!
//! The allowance is counted in this process (`Limiter`), not in the database: a report writes
//! nothing, so a database write per report would cost more than the report. The limiter is a
//! bounded cache — one fixed minute of counts, holding at most as many addresses as the whole
//! process accepts in a minute (`client_errors.total_per_minute`) — so with R replicas a client
//! gets at most R × the allowance, and a restart forgets nothing worth keeping.

use super::{Access, Routes};
use crate::client::ClientAddr;
use crate::error::AppError;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use contract::client_error::ClientErrorReport;
use contract::ErrorCode;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new().add(Access::Public, routes!(report_client_error))
}

/// The characters of each field that are logged.
const MESSAGE_CHARS: usize = 2_000;
const PATH_CHARS: usize = 500;
const STACK_CHARS: usize = 8_000;

/// Reports per client address in the current minute, and for the whole process.
#[derive(Clone)]
pub struct Limiter {
    per_client: u32,
    total: u32,
    minute: Arc<Mutex<Minute>>,
}

#[derive(Default)]
struct Minute {
    at: i64,
    accepted: u32,
    by_client: HashMap<String, u32>,
}

impl Limiter {
    pub fn new(per_client: u32, total: u32) -> Limiter {
        Limiter {
            per_client,
            total,
            minute: Arc::default(),
        }
    }

    /// Counts one report of `client` at `now_ms`; false when the client or the process has
    /// used this minute's allowance. Only accepted reports are remembered, so the map never
    /// holds more than `total` addresses.
    pub fn allow(&self, client: &str, now_ms: i64) -> bool {
        let mut m = self
            .minute
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let this = now_ms.div_euclid(60_000);
        if m.at != this {
            *m = Minute {
                at: this,
                ..Minute::default()
            };
        }
        if m.accepted >= self.total {
            return false;
        }
        let used = m.by_client.get(client).copied().unwrap_or(0);
        if used >= self.per_client {
            return false;
        }
        m.by_client.insert(client.to_owned(), used + 1);
        m.accepted += 1;
        true
    }
}

/// At most `max` characters of `text`, with every control character (newlines, escapes,
/// NUL) written as its escape, so the text stays on one log line and draws nothing.
fn loggable(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max));
    for c in text.chars().take(max) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Logs the report (each field cut and escaped) and answers 204. Refused: 429 `rate_limited`
/// past the client's allowance, 413 `payload_too_large` past the size cap, 400
/// `malformed_body` for anything but a JSON report.
#[utoipa::path(
    post,
    path = "/api/client-errors",
    tag = "health",
    request_body = ClientErrorReport,
    responses(
        (status = 204, description = "Logged"),
        (status = 400, description = "Not a report", body = contract::ErrorBody),
        (status = 413, description = "Larger than `client_errors.max_body_bytes`", body = contract::ErrorBody),
        (status = 429, description = "Too many reports from this address this minute", body = contract::ErrorBody),
    )
)]
pub async fn report_client_error(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    body: Body,
) -> Result<StatusCode, AppError> {
    if !state
        .client_error_limiter
        .allow(&client.key(), state.clock.now_ms())
    {
        return Err(AppError::new(
            ErrorCode::RateLimited,
            "too many error reports from this address; try again in a minute",
        ));
    }
    let max = state.config.client_errors.max_body_bytes;
    let too_large = || AppError::new(ErrorCode::PayloadTooLarge, "request body is too large");
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| {
            let t = t.trim().to_ascii_lowercase();
            t == "application/json" || (t.starts_with("application/") && t.ends_with("+json"))
        });
    if !json {
        return Err(AppError::new(
            ErrorCode::MalformedBody,
            "expected a request with `Content-Type: application/json`",
        ));
    }
    let bytes = axum::body::to_bytes(body, max)
        .await
        .map_err(|_| too_large())?;
    let report: ClientErrorReport = serde_json::from_slice(&bytes)
        .map_err(|e| AppError::new(ErrorCode::MalformedBody, format!("not a report: {e}")))?;
    if report.message.trim().is_empty() {
        return Err(AppError::new(
            ErrorCode::MalformedBody,
            "message must not be empty",
        ));
    }
    let message = loggable(&report.message, MESSAGE_CHARS);
    let path = loggable(&report.path, PATH_CHARS);
    let stack = loggable(report.stack.as_deref().unwrap_or_default(), STACK_CHARS);
    tracing::warn!(target: "client", %path, %message, %stack, "browser error");
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_logged_field_is_one_line_cut_to_its_length() {
        assert_eq!(
            loggable("boom\nFAKE LOG LINE\r\u{1b}[31m\0", 100),
            "boom\\nFAKE LOG LINE\\r\\u{1b}[31m\\u{0}"
        );
        assert_eq!(loggable("ééé", 2), "éé");
    }

    #[test]
    fn the_limiter_counts_per_client_and_in_total_and_forgets_each_minute() {
        let l = Limiter::new(2, 3);
        assert!(l.allow("a", 0) && l.allow("a", 1));
        assert!(!l.allow("a", 2), "over the client's allowance");
        assert!(l.allow("b", 3));
        assert!(!l.allow("c", 4), "over the process's allowance");
        assert!(l.allow("a", 60_000) && l.allow("c", 60_001), "a new minute");
    }
}
