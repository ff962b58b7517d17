//! Fake HubSpot CRM API under `/hubspot-api`: contact search (`POST
//! /crm/v3/objects/contacts/search`), contact creation (`POST /crm/v3/objects/contacts`) and note
//! creation with a note-to-contact association (`POST /crm/v3/objects/notes`), each needing a live
//! bearer token from the fake's HubSpot token endpoint (`/oauth/hubspot/token`).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};

use super::{
    add_activity, add_contact, crm_contact, crm_gate, live_token, reply, token_after, with_crm,
    FakeState, Reply,
};

fn hubspot_401() -> Reply {
    reply(
        StatusCode::UNAUTHORIZED,
        json!({ "status": "error", "category": "EXPIRED_AUTHENTICATION", "message": "The OAuth token used to make this call expired." }),
    )
}

fn hubspot_gate(state: &FakeState, path: &str, headers: &HeaderMap, body: &Value) -> Option<Reply> {
    state.record("POST", format!("/hubspot-api{path}"), headers, body.clone());
    let ok = live_token(state, "hubspot", token_after(headers, "Bearer "));
    crm_gate(state, "hubspot", ok, hubspot_401)
}

/// HubSpot contact search: filter groups are ORed, a group's filters ANDed; `EQ` only.
pub(super) async fn hubspot_search(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/contacts/search", &headers, &body) {
        return r;
    }
    let groups = body["filterGroups"].as_array().cloned().unwrap_or_default();
    let matches = |c: &Value| {
        groups.iter().any(|g| {
            g["filters"].as_array().is_some_and(|fs| {
                !fs.is_empty()
                    && fs.iter().all(|f| {
                        f["operator"] == "EQ"
                            && f["propertyName"]
                                .as_str()
                                .is_some_and(|p| c["properties"][p] == f["value"])
                    })
            })
        })
    };
    let results: Vec<Value> = with_crm(&state, "hubspot", |c, _| {
        c.contacts.iter().filter(|x| matches(x)).cloned().collect()
    });
    reply(
        StatusCode::OK,
        json!({ "total": results.len(), "results": results }),
    )
}

/// HubSpot contact creation.
pub(super) async fn hubspot_create_contact(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/contacts", &headers, &body) {
        return r;
    }
    if !body["properties"].is_object() {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR" }),
        );
    }
    let contact = json!({ "properties": body["properties"] });
    let id = add_contact(&state, "hubspot", contact, None, &[]);
    reply(
        StatusCode::CREATED,
        json!({ "id": id, "properties": body["properties"] }),
    )
}

/// HubSpot note creation: needs a body, a timestamp and a note-to-contact association (202) to
/// a contact that exists.
pub(super) async fn hubspot_create_note(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/notes", &headers, &body) {
        return r;
    }
    let contact_id = body["associations"][0]["to"]["id"]
        .as_str()
        .map(str::to_owned);
    let to_contact = body["associations"][0]["types"][0]["associationTypeId"] == 202;
    let props = &body["properties"];
    let Some(contact_id) =
        contact_id.filter(|id| to_contact && crm_contact(&state, "hubspot", id).is_some())
    else {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR", "message": "association target not found" }),
        );
    };
    if !props["hs_note_body"].is_string() || props["hs_timestamp"].is_null() {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR" }),
        );
    }
    let id = add_activity(
        &state,
        "hubspot",
        json!({ "contact_id": contact_id, "body": props["hs_note_body"], "timestamp": props["hs_timestamp"] }),
        None,
    );
    reply(
        StatusCode::CREATED,
        json!({ "id": id, "properties": props }),
    )
}
