//! The fake HubSpot's deal and ticket pipelines as `GET /crm/v3/pipelines/{deals|tickets}`
//! answers them (stage metadata as text, as HubSpot sends it): a new account's defaults — deals
//! `default` with the seven stages, tickets `0` with `1`–`4` — until a test gives the account
//! its own (`FakeProviders::hubspot_set_pipelines`). A deal or ticket is accepted only in a
//! pipeline and stage the account has.

use super::hubspot::hubspot_gate;
use super::{reply, with_crm, FakeProviders, FakeState, Reply};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde_json::{json, Value};

fn deal_defaults() -> Value {
    let stages = [
        ("appointmentscheduled", "Appointment scheduled", "0.2"),
        ("qualifiedtobuy", "Qualified to buy", "0.4"),
        ("presentationscheduled", "Presentation scheduled", "0.6"),
        ("decisionmakerboughtin", "Decision maker bought-in", "0.8"),
        ("contractsent", "Contract sent", "0.9"),
        ("closedwon", "Closed won", "1.0"),
        ("closedlost", "Closed lost", "0.0"),
    ];
    json!([{
        "id": "default", "label": "Sales Pipeline", "displayOrder": 0, "archived": false,
        "stages": stages.iter().enumerate().map(|(i, (id, label, p))| json!({
            "id": id, "label": label, "displayOrder": i, "archived": false,
            "metadata": { "isClosed": if id.starts_with("closed") { "true" } else { "false" }, "probability": p },
        })).collect::<Vec<_>>(),
    }])
}

fn ticket_defaults() -> Value {
    let stages = [
        ("1", "New", "OPEN"),
        ("2", "Waiting on contact", "OPEN"),
        ("3", "Waiting on us", "OPEN"),
        ("4", "Closed", "CLOSED"),
    ];
    json!([{
        "id": "0", "label": "Support Pipeline", "displayOrder": 0, "archived": false,
        "stages": stages.iter().enumerate().map(|(i, (id, label, state))| json!({
            "id": id, "label": label, "displayOrder": i, "archived": false,
            "metadata": { "ticketState": state },
        })).collect::<Vec<_>>(),
    }])
}

/// The account's pipelines of `object` (`deals` or `tickets`).
fn of(state: &FakeState, object: &str) -> Value {
    with_crm(state, "hubspot", |c, _| c.pipelines.get(object).cloned()).unwrap_or_else(|| {
        if object == "deals" {
            deal_defaults()
        } else {
            ticket_defaults()
        }
    })
}

/// Whether the account has `stage` in `pipeline` of `object`.
pub(super) fn stage_exists(
    state: &FakeState,
    object: &str,
    pipeline: &Value,
    stage: &Value,
) -> bool {
    of(state, object).as_array().into_iter().flatten().any(|p| {
        p["id"] == *pipeline
            && p["stages"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|s| s["id"] == *stage)
    })
}

/// `GET /crm/v3/pipelines/{object}`.
pub(super) async fn list(
    State(state): State<FakeState>,
    Path(object): Path<String>,
    headers: HeaderMap,
) -> Reply {
    let path = format!("/crm/v3/pipelines/{object}");
    if let Some(r) = hubspot_gate(&state, &path, &headers, &Value::Null) {
        return r;
    }
    if object != "deals" && object != "tickets" {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR", "message": "Unable to infer object type" }),
        );
    }
    reply(StatusCode::OK, json!({ "results": of(&state, &object) }))
}

impl FakeProviders {
    /// Gives the HubSpot account its own pipelines of `object` (`deals` or `tickets`): the
    /// `results` HubSpot would answer.
    pub fn hubspot_set_pipelines(&self, object: &str, results: Value) {
        with_crm(&self.state, "hubspot", |c, _| {
            c.pipelines.insert(object.to_owned(), results);
        });
    }
}
