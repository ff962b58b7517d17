//! Fake HubSpot CRM API under `/hubspot-api`: contact search (`POST
//! /crm/v3/objects/contacts/search`, in `hubspot_records` with the records' times and deals),
//! contact creation (`POST /crm/v3/objects/contacts`) and note
//! creation with a note-to-contact association (`POST /crm/v3/objects/notes`), each needing a live
//! bearer token from the fake's HubSpot token endpoint (`/oauth/hubspot/token`).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};

use super::{
    add_activity, add_contact, crm_contact, crm_gate, live_token, reply, token_after, with_crm,
    FakeState, Reply, HUBSPOT_OWNERS, HUBSPOT_PRIVATE_APP_TOKEN,
};

fn hubspot_401() -> Reply {
    reply(
        StatusCode::UNAUTHORIZED,
        json!({ "status": "error", "category": "EXPIRED_AUTHENTICATION", "message": "The OAuth token used to make this call expired." }),
    )
}

pub(super) fn hubspot_gate(
    state: &FakeState,
    path: &str,
    headers: &HeaderMap,
    body: &Value,
) -> Option<Reply> {
    state.record("POST", format!("/hubspot-api{path}"), headers, body.clone());
    let presented = token_after(headers, "Bearer ");
    let ok =
        presented == Some(HUBSPOT_PRIVATE_APP_TOKEN) || live_token(state, "hubspot", presented);
    crm_gate(state, "hubspot", ok, hubspot_401)
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
    let mut contact = json!({ "properties": body["properties"] });
    super::hubspot_records::stamp(&mut contact, super::hubspot_records::now_ms());
    let id = add_contact(&state, "hubspot", contact.clone(), None, &[]);
    contact["id"] = json!(id);
    reply(
        StatusCode::CREATED,
        super::hubspot_records::public(&contact),
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

/// HubSpot's owners (`GET /crm/v3/owners`): [`HUBSPOT_OWNERS`].
pub(super) async fn hubspot_owners(State(state): State<FakeState>, headers: HeaderMap) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/owners", &headers, &Value::Null) {
        return r;
    }
    let results: Vec<Value> = HUBSPOT_OWNERS
        .iter()
        .map(|(id, first, last, email)| {
            json!({ "id": id, "firstName": first, "lastName": last, "email": email, "archived": false })
        })
        .collect();
    reply(StatusCode::OK, json!({ "results": results }))
}

/// HubSpot contact update (`PATCH /crm/v3/objects/contacts/{id}`): merges the properties.
pub(super) async fn hubspot_update_contact(
    State(state): State<FakeState>,
    axum::extract::Path(id): axum::extract::Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    let path = format!("/crm/v3/objects/contacts/{id}");
    if let Some(r) = hubspot_gate(&state, &path, &headers, &body) {
        return r;
    }
    let updated = with_crm(&state, "hubspot", |c, _| {
        let found = c
            .contacts
            .iter_mut()
            .find(|x| super::id_of(&x["id"]).as_deref() == Some(id.as_str()))?;
        if let (Some(props), Some(new)) = (
            found["properties"].as_object_mut(),
            body["properties"].as_object(),
        ) {
            for (k, v) in new {
                props.insert(k.clone(), v.clone());
            }
        }
        super::hubspot_records::stamp(found, super::hubspot_records::now_ms());
        Some(found.clone())
    });
    match updated {
        Some(c) => reply(StatusCode::OK, super::hubspot_records::public(&c)),
        None => reply(
            StatusCode::NOT_FOUND,
            json!({ "status": "error", "category": "OBJECT_NOT_FOUND" }),
        ),
    }
}
