//! Fake Google Sheets API under `/google-sheets`: spreadsheet creation (`POST /v4/spreadsheets`)
//! and row appends (`POST /v4/spreadsheets/{id}/values/{range}:append`), each needing a bearer
//! token the fake's Google token endpoint (`/oauth/google/token`) issued. The appended rows are
//! kept per spreadsheet for [`FakeProviders::sheet_rows`](super::FakeProviders::sheet_rows).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};

use super::FakeState;

/// The bearer token of a Google Sheets call when it is one the fake's Google token endpoint
/// issued (`google-tok-access-<n>`).
fn google_bearer(headers: &HeaderMap) -> bool {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .is_some_and(|t| t.starts_with("google-tok-access-"))
}

fn google_unauthenticated() -> (StatusCode, Json<Value>) {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({ "error": { "code": 401, "status": "UNAUTHENTICATED" } })),
    )
}

/// Google Sheets `POST /v4/spreadsheets`: a new, empty spreadsheet with the requested title and
/// first sheet.
pub(super) async fn google_create_spreadsheet(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    state.record(
        "POST",
        "/google-sheets/v4/spreadsheets".to_owned(),
        &headers,
        body.clone(),
    );
    if !google_bearer(&headers) {
        return google_unauthenticated();
    }
    let Ok(mut i) = state.0.lock() else {
        return (StatusCode::INTERNAL_SERVER_ERROR, Json(Value::Null));
    };
    i.counter += 1;
    let id = format!("fake-sheet-{}", i.counter);
    i.sheets.insert(id.clone(), Vec::new());
    let title = body["properties"]["title"].as_str().unwrap_or("Untitled");
    let sheet = body["sheets"][0]["properties"]["title"]
        .as_str()
        .unwrap_or("Sheet1");
    (
        StatusCode::OK,
        Json(json!({
            "spreadsheetId": id,
            "properties": { "title": title },
            "sheets": [{ "properties": { "sheetId": 0, "title": sheet } }],
            "spreadsheetUrl": format!("https://docs.google.com/spreadsheets/d/{id}/edit"),
        })),
    )
}

/// Google Sheets `POST /v4/spreadsheets/{id}/values/{range}:append`: records the rows.
pub(super) async fn google_values(
    State(state): State<FakeState>,
    Path((id, range)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    state.record(
        "POST",
        format!("/google-sheets/v4/spreadsheets/{id}/values/{range}"),
        &headers,
        body.clone(),
    );
    if !google_bearer(&headers) {
        return google_unauthenticated();
    }
    let Some(sheet) = range.strip_suffix(":append") else {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({ "error": { "code": 404 } })),
        );
    };
    let Ok(mut i) = state.0.lock() else {
        return (StatusCode::INTERNAL_SERVER_ERROR, Json(Value::Null));
    };
    let Some(rows) = i.sheets.get_mut(&id) else {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({ "error": { "code": 404 } })),
        );
    };
    let new: Vec<Vec<Value>> = body["values"]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|row| row.as_array().cloned().unwrap_or_default())
                .collect()
        })
        .unwrap_or_default();
    let count = new.len();
    rows.extend(new);
    (
        StatusCode::OK,
        Json(json!({
            "spreadsheetId": id,
            "updates": { "updatedRange": sheet, "updatedRows": count },
        })),
    )
}
