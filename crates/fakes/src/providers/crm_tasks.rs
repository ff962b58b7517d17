//! Tasks on a contact, as HubSpot's v3 API (`POST /crm/v3/objects/tasks`: a subject, a due
//! timestamp, a task-to-contact association 204) and Zoho's v2 API (`POST /crm/v2/Tasks`: a
//! `Subject`, a `Due_Date` day, the contact as `Who_Id`) take them. Each is kept among the
//! CRM's activities with `"kind": "task"` (`FakeProviders::crm_activities`).

use super::crm::{add_activity, crm_contact};
use super::hubspot::hubspot_gate;
use super::zoho::{zoho_created, zoho_gate, zoho_invalid};
use super::{reply, FakeState, Reply};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};

/// A HubSpot task of a contact that exists.
pub(super) async fn hubspot_create_task(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/tasks", &headers, &body) {
        return r;
    }
    let p = &body["properties"];
    let to = body["associations"][0]["to"]["id"]
        .as_str()
        .unwrap_or_default();
    let valid = body["associations"][0]["types"][0]["associationTypeId"] == 204
        && crm_contact(&state, "hubspot", to).is_some()
        && p["hs_task_subject"].as_str().is_some_and(|s| !s.is_empty())
        && p["hs_timestamp"]
            .as_str()
            .is_some_and(|t| t.parse::<i64>().is_ok());
    if !valid {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR" }),
        );
    }
    let id = add_activity(
        &state,
        "hubspot",
        json!({
            "kind": "task",
            "contact_id": to,
            "subject": p["hs_task_subject"],
            "body": p["hs_task_body"],
            "timestamp": p["hs_timestamp"],
            "status": p["hs_task_status"],
        }),
        None,
    );
    reply(StatusCode::CREATED, json!({ "id": id, "properties": p }))
}

/// A Zoho task of a contact that exists.
pub(super) async fn zoho_create_task(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = zoho_gate(&state, "POST", "/crm/v2/Tasks", &headers, body.clone()) {
        return r;
    }
    let task = &body["data"][0];
    let who = task["Who_Id"].as_str().unwrap_or_default().to_owned();
    if task["Subject"].as_str().is_none_or(|s| s.is_empty()) {
        return zoho_invalid("Subject");
    }
    if crm_contact(&state, "zoho", &who).is_none() {
        return zoho_invalid("Who_Id");
    }
    let day = task["Due_Date"].as_str().unwrap_or_default();
    if chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").is_err() {
        return zoho_invalid("Due_Date");
    }
    let id = add_activity(
        &state,
        "zoho",
        json!({
            "kind": "task",
            "contact_id": who,
            "subject": task["Subject"],
            "body": task["Description"],
            "due_date": day,
        }),
        None,
    );
    zoho_created(&id, None)
}
