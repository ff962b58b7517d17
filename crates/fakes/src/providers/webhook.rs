//! Fake webhook receiver at `POST /webhook/receive`: answers 200 to any JSON body and records the
//! request (its path, authorization header and body) for
//! [`FakeProviders::received`](super::FakeProviders::received).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::Value;

use super::FakeState;

/// A webhook receiver that records what it gets.
pub(super) async fn webhook_receive(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> StatusCode {
    state.record("POST", "/webhook/receive".to_owned(), &headers, body);
    StatusCode::OK
}
