//! Fake Zoho CRM: the accounts server's token endpoint (`POST /zoho-accounts/oauth/v2/token`)
//! and the CRM API under `/zoho-api`: contact search by phone (`GET /crm/v2/Contacts/search`),
//! contact creation (`POST /crm/v2/Contacts`) and note creation (`POST /crm/v2/Notes`), each
//! needing a live `Zoho-oauthtoken`.

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;

use super::{
    add_activity, add_contact, crm_contact, crm_gate, live_token, reply, same_phone, token_after,
    token_grant, with_crm, FakeState, Reply,
};

/// Zoho's token endpoint at the data centre the consent page named.
pub(super) async fn zoho_token(
    State(state): State<FakeState>,
    headers: HeaderMap,
    axum::extract::Form(form): axum::extract::Form<HashMap<String, String>>,
) -> (StatusCode, Json<Value>) {
    state.record(
        "POST",
        "/zoho-accounts/oauth/v2/token".to_owned(),
        &headers,
        Value::Null,
    );
    token_grant(&state, "zoho", &headers, &form)
}

pub(super) fn zoho_gate(
    state: &FakeState,
    method: &str,
    path: &str,
    headers: &HeaderMap,
    body: Value,
) -> Option<Reply> {
    state.record(method, format!("/zoho-api{path}"), headers, body);
    let ok = live_token(state, "zoho", token_after(headers, "Zoho-oauthtoken "));
    crm_gate(state, "zoho", ok, || {
        reply(
            StatusCode::UNAUTHORIZED,
            json!({ "code": "INVALID_TOKEN", "details": {}, "message": "invalid oauth token", "status": "error" }),
        )
    })
}

/// Zoho's contact search by phone: 204 with no body when nothing matches.
pub(super) async fn zoho_search(
    State(state): State<FakeState>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    if let Some(r) = zoho_gate(&state, "GET", "/crm/v2/Contacts/search", &headers, json!(q)) {
        return r;
    }
    let (phone, email) = (q.get("phone"), q.get("email"));
    if phone.is_none() && email.is_none() {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "code": "REQUIRED_PARAM_MISSING", "status": "error" }),
        );
    }
    let found: Vec<Value> = with_crm(&state, "zoho", |c, _| {
        c.contacts
            .iter()
            .filter(|x| match (phone, email) {
                (Some(phone), _) => ["Phone", "Mobile"]
                    .iter()
                    .any(|f| x[f].as_str().is_some_and(|p| same_phone(p, phone))),
                (None, Some(email)) => x["Email"]
                    .as_str()
                    .is_some_and(|e| e.eq_ignore_ascii_case(email)),
                (None, None) => false,
            })
            .map(super::hubspot_records::public)
            .collect()
    });
    if found.is_empty() {
        use axum::response::IntoResponse;
        return StatusCode::NO_CONTENT.into_response();
    }
    reply(
        StatusCode::OK,
        json!({ "data": found, "info": { "count": found.len(), "more_records": false } }),
    )
}

pub(super) fn zoho_created(id: &str, at: Option<&Value>) -> Reply {
    let mut details = json!({ "id": id });
    if let Some(at) = at {
        details["Modified_Time"] = at.clone();
        details["Created_Time"] = at.clone();
    }
    reply(
        StatusCode::CREATED,
        json!({ "data": [{ "code": "SUCCESS", "details": details, "message": "record added", "status": "success" }] }),
    )
}

pub(super) fn zoho_invalid(what: &str) -> Reply {
    reply(
        StatusCode::BAD_REQUEST,
        json!({ "data": [{ "code": "MANDATORY_NOT_FOUND", "details": { "api_name": what }, "message": "required field not found", "status": "error" }] }),
    )
}

/// Zoho contact creation (`Last_Name` is mandatory).
pub(super) async fn zoho_create_contact(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = zoho_gate(&state, "POST", "/crm/v2/Contacts", &headers, body.clone()) {
        return r;
    }
    let mut record = body["data"][0].clone();
    if record["Last_Name"]
        .as_str()
        .is_none_or(|l| l.trim().is_empty())
    {
        return zoho_invalid("Last_Name");
    }
    super::zoho_records::stamp(&mut record, super::hubspot_records::now_ms());
    let at = record["Modified_Time"].clone();
    zoho_created(&add_contact(&state, "zoho", record, None, &[]), Some(&at))
}

/// Zoho note creation on a contact that exists.
pub(super) async fn zoho_create_note(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = zoho_gate(&state, "POST", "/crm/v2/Notes", &headers, body.clone()) {
        return r;
    }
    let note = &body["data"][0];
    let parent = note["Parent_Id"].as_str().unwrap_or_default().to_owned();
    if note["se_module"] != "Contacts" || crm_contact(&state, "zoho", &parent).is_none() {
        return zoho_invalid("Parent_Id");
    }
    if !note["Note_Content"].is_string() {
        return zoho_invalid("Note_Content");
    }
    let id = add_activity(
        &state,
        "zoho",
        json!({ "contact_id": parent, "body": note["Note_Content"], "title": note["Note_Title"] }),
        None,
    );
    zoho_created(&id, None)
}
