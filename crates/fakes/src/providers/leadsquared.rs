//! Fake LeadSquared API under `/leadsquared/{host}/v2`: the user lookup by access key
//! (`Authentication.svc/UserByAccessKey.Get`), the lead lookup by phone
//! (`LeadManagement.svc/RetrieveLeadByPhoneNumber`), lead creation
//! (`LeadManagement.svc/Lead.Create`) and activity creation (`ProspectActivity.svc/Create`), each
//! authenticated by the `accessKey` and `secretKey` query parameters.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;

use super::{
    add_activity, add_contact, crm_contact, crm_gate, reply, same_phone, with_crm, FakeState,
    Reply, LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY, LEADSQUARED_USER_ID,
};

/// LeadSquared's user lookup by access key: the user with an `Id` for the right pair, an error
/// object (HTTP 401) otherwise.
pub(super) async fn leadsquared_user(
    State(state): State<FakeState>,
    Path(host): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> (StatusCode, Json<Value>) {
    state.record(
        "GET",
        format!("/leadsquared/{host}/v2/Authentication.svc/UserByAccessKey.Get"),
        &headers,
        Value::Null,
    );
    let good = q.get("accessKey").map(String::as_str) == Some(LEADSQUARED_ACCESS_KEY)
        && q.get("secretKey").map(String::as_str) == Some(LEADSQUARED_SECRET_KEY);
    if good {
        (
            StatusCode::OK,
            Json(
                json!({ "Id": LEADSQUARED_USER_ID, "FirstName": "Lena", "EmailAddress": "lena@leads.test" }),
            ),
        )
    } else {
        (
            StatusCode::UNAUTHORIZED,
            Json(
                json!({ "Status": "Error", "ExceptionType": "MXInvalidAccessKeyException", "ExceptionMessage": "Invalid Access Key or Secret Key" }),
            ),
        )
    }
}

fn leadsquared_gate(
    state: &FakeState,
    method: &str,
    host: &str,
    path: &str,
    q: &HashMap<String, String>,
    headers: &HeaderMap,
    body: Value,
) -> Option<Reply> {
    let ok = q.get("accessKey").map(String::as_str) == Some(LEADSQUARED_ACCESS_KEY)
        && q.get("secretKey").map(String::as_str) == Some(LEADSQUARED_SECRET_KEY);
    state.record(
        method,
        format!("/leadsquared/{host}/v2{path}"),
        headers,
        body,
    );
    crm_gate(state, "leadsquared", ok, || {
        reply(
            StatusCode::UNAUTHORIZED,
            json!({ "Status": "Error", "ExceptionType": "MXInvalidAccessKeyException", "ExceptionMessage": "Invalid Access Key or Secret Key" }),
        )
    })
}

fn leadsquared_error(message: &str) -> Reply {
    reply(
        StatusCode::BAD_REQUEST,
        json!({ "Status": "Error", "ExceptionType": "MXInvalidInputException", "ExceptionMessage": message }),
    )
}

/// LeadSquared's lead lookup by phone.
pub(super) async fn leadsquared_by_phone(
    State(state): State<FakeState>,
    Path(host): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    let asked = json!({ "phone": q.get("phone") });
    if let Some(r) = leadsquared_gate(
        &state,
        "GET",
        &host,
        "/LeadManagement.svc/RetrieveLeadByPhoneNumber",
        &q,
        &headers,
        asked,
    ) {
        return r;
    }
    let phone = q.get("phone").cloned().unwrap_or_default();
    let found: Vec<Value> = with_crm(&state, "leadsquared", |c, _| {
        c.contacts
            .iter()
            .filter(|x| {
                ["Phone", "Mobile"]
                    .iter()
                    .any(|f| x[f].as_str().is_some_and(|p| same_phone(p, &phone)))
            })
            .cloned()
            .collect()
    });
    reply(StatusCode::OK, json!(found))
}

/// LeadSquared lead creation from an attribute list (a `Phone` or `EmailAddress` is required).
pub(super) async fn leadsquared_create_lead(
    State(state): State<FakeState>,
    Path(host): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = leadsquared_gate(
        &state,
        "POST",
        &host,
        "/LeadManagement.svc/Lead.Create",
        &q,
        &headers,
        body.clone(),
    ) {
        return r;
    }
    let mut lead = serde_json::Map::new();
    for attr in body.as_array().into_iter().flatten() {
        if let (Some(name), Some(value)) = (attr["Attribute"].as_str(), attr.get("Value")) {
            lead.insert(name.to_owned(), value.clone());
        }
    }
    if !lead.contains_key("Phone") && !lead.contains_key("EmailAddress") {
        return leadsquared_error("A lead needs a Phone or an EmailAddress");
    }
    let id = add_contact(
        &state,
        "leadsquared",
        Value::Object(lead),
        Some("ls-lead-"),
        &["ProspectID"],
    );
    reply(
        StatusCode::OK,
        json!({ "Status": "Success", "Message": { "Id": id, "AffectedRows": 1 } }),
    )
}

/// LeadSquared activity creation on a lead that exists.
pub(super) async fn leadsquared_create_activity(
    State(state): State<FakeState>,
    Path(host): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = leadsquared_gate(
        &state,
        "POST",
        &host,
        "/ProspectActivity.svc/Create",
        &q,
        &headers,
        body.clone(),
    ) {
        return r;
    }
    let lead = body["RelatedProspectId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    if crm_contact(&state, "leadsquared", &lead).is_none() {
        return leadsquared_error("RelatedProspectId: no such lead");
    }
    if body["ActivityEvent"].as_i64().is_none() || !body["ActivityNote"].is_string() {
        return leadsquared_error("ActivityEvent and ActivityNote are required");
    }
    let id = add_activity(
        &state,
        "leadsquared",
        json!({
            "contact_id": lead,
            "body": body["ActivityNote"],
            "event": body["ActivityEvent"],
            "at": body["ActivityDateTime"],
        }),
        Some("ls-act-"),
    );
    reply(
        StatusCode::OK,
        json!({ "Status": "Success", "Message": { "Id": id } }),
    )
}
