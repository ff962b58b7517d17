//! The fake HubSpot's tickets and calls as its v3 API takes them: a ticket in a pipeline and
//! stage the account has (`hubspot_pipelines.rs`) and a call (timestamp, duration, disposition, body),
//! each associated to an existing contact (ticket 16, call 194); a ticket's properties change.

use super::hubspot::hubspot_gate;
use super::hubspot_records::{now_ms, public, stamp};
use super::{id_of, reply, with_crm, FakeProviders, FakeState, Reply};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};

fn invalid() -> Reply {
    reply(
        StatusCode::BAD_REQUEST,
        json!({ "status": "error", "category": "VALIDATION_ERROR" }),
    )
}

fn ticket_ok(state: &FakeState, p: &Value) -> bool {
    p["subject"].as_str().is_some_and(|s| !s.is_empty())
        && super::hubspot_pipelines::stage_exists(
            state,
            "tickets",
            &p["hs_pipeline"],
            &p["hs_pipeline_stage"],
        )
}

fn call_ok(p: &Value) -> bool {
    let number = |k: &str| p[k].as_str().is_some_and(|v| v.parse::<i64>().is_ok());
    number("hs_timestamp")
        && number("hs_call_duration")
        && p["hs_call_disposition"]
            .as_str()
            .is_some_and(|d| d.len() == 36)
}

/// The contact a new object is associated to, when the association is `type_id` to a contact
/// that exists.
fn associated(state: &FakeState, body: &Value, type_id: u32) -> Option<String> {
    let to = body["associations"][0]["to"]["id"].as_str()?.to_owned();
    (body["associations"][0]["types"][0]["associationTypeId"] == type_id
        && super::crm_contact(state, "hubspot", &to).is_some())
    .then_some(to)
}

fn store_new(state: &FakeState, mut object: Value, into_calls: bool) -> Value {
    stamp(&mut object, now_ms());
    let id = with_crm(state, "hubspot", |c, counter| {
        *counter += 1;
        object["id"] = json!(counter.to_string());
        if into_calls {
            c.calls.push(object.clone());
        } else {
            c.tickets.push(object.clone());
        }
        counter.to_string()
    });
    object["id"] = json!(id);
    public(&object)
}

/// A ticket of a contact.
pub(super) async fn create_ticket(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/tickets", &headers, &body) {
        return r;
    }
    match associated(&state, &body, 16) {
        Some(to) if ticket_ok(&state, &body["properties"]) => reply(
            StatusCode::CREATED,
            store_new(
                &state,
                json!({ "properties": body["properties"], "contact_id": to }),
                false,
            ),
        ),
        _ => invalid(),
    }
}

/// A ticket's properties changed.
pub(super) async fn update_ticket(
    State(state): State<FakeState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    let path = format!("/crm/v3/objects/tickets/{id}");
    if let Some(r) = hubspot_gate(&state, &path, &headers, &body) {
        return r;
    }
    let updated = with_crm(&state, "hubspot", |c, _| {
        let t = c
            .tickets
            .iter_mut()
            .find(|t| id_of(&t["id"]).as_deref() == Some(id.as_str()))?;
        if let (Some(props), Some(new)) = (
            t["properties"].as_object_mut(),
            body["properties"].as_object(),
        ) {
            for (k, v) in new {
                props.insert(k.clone(), v.clone());
            }
        }
        stamp(t, now_ms());
        Some(t.clone())
    });
    match updated {
        Some(t) if ticket_ok(&state, &t["properties"]) => reply(StatusCode::OK, public(&t)),
        Some(_) => invalid(),
        None => reply(
            StatusCode::NOT_FOUND,
            json!({ "status": "error", "category": "OBJECT_NOT_FOUND" }),
        ),
    }
}

/// A call with a contact.
pub(super) async fn create_call(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/calls", &headers, &body) {
        return r;
    }
    match associated(&state, &body, 194) {
        Some(to) if call_ok(&body["properties"]) => reply(
            StatusCode::CREATED,
            store_new(
                &state,
                json!({ "properties": body["properties"], "contact_id": to }),
                true,
            ),
        ),
        _ => invalid(),
    }
}

impl FakeProviders {
    /// HubSpot's tickets, oldest first: each with its `id`, `properties` and `contact_id`.
    pub fn hubspot_tickets(&self) -> Vec<Value> {
        with_crm(&self.state, "hubspot", |c, _| {
            c.tickets.iter().map(public).collect()
        })
    }

    /// HubSpot's calls, oldest first: each with its `id`, `properties` and `contact_id`.
    pub fn hubspot_calls(&self) -> Vec<Value> {
        with_crm(&self.state, "hubspot", |c, _| {
            c.calls.iter().map(public).collect()
        })
    }
}
