//! Fake Freshdesk helpdesk API under `/freshdesk/{domain}/api/v2`: `GET`/`POST /contacts`
//! (the list filtered by `phone`, and creation), `GET /tickets` (the key check, or a requester's
//! tickets with `requester_id`), `POST /tickets` and `POST /tickets/{ticket}/notes`. The API key
//! is the basic-auth user; [`FRESHDESK_MISSING_DOMAIN`] answers 404 as a helpdesk that does not
//! exist.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use base64::Engine;
use serde_json::{json, Value};
use std::collections::HashMap;

use super::{
    add_activity, add_contact, basic_user, crm_contact, crm_gate, crm_limited, id_of, reply,
    same_phone, with_crm, FakeState, Reply, FRESHDESK_API_KEY, FRESHDESK_MISSING_DOMAIN,
};

/// Freshdesk authenticates with the key as the basic-auth user: 401 for any other key, 404 for
/// an unknown helpdesk.
/// With `requester_id`, that contact's tickets (the fake CRM's).
pub(super) async fn freshdesk_tickets(
    State(state): State<FakeState>,
    Path(domain): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    use axum::response::IntoResponse;
    if let Some(requester) = q.get("requester_id") {
        if let Some(r) = freshdesk_gate(&state, "GET", &domain, "/tickets", &headers, json!(q)) {
            return r;
        }
        let tickets: Vec<Value> = with_crm(&state, "freshdesk", |c, _| {
            c.tickets
                .iter()
                .filter(|t| id_of(&t["requester_id"]).as_deref() == Some(requester.as_str()))
                .cloned()
                .collect()
        });
        return reply(StatusCode::OK, json!(tickets));
    }
    state.record(
        "GET",
        format!("/freshdesk/{domain}/api/v2/tickets"),
        &headers,
        Value::Null,
    );
    if let Some(r) = crm_limited(&state, "freshdesk") {
        return r;
    }
    if domain == FRESHDESK_MISSING_DOMAIN {
        return (StatusCode::NOT_FOUND, Json(json!({ "code": "not_found" }))).into_response();
    }
    let user = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.split_once(':').map(|(u, _)| u.to_owned()));
    if user.as_deref() == Some(FRESHDESK_API_KEY) {
        (
            StatusCode::OK,
            Json(json!([{ "id": 1, "subject": "Hello" }])),
        )
            .into_response()
    } else {
        (
            StatusCode::UNAUTHORIZED,
            Json(
                json!({ "code": "invalid_credentials", "message": "You have to be logged in to perform this action." }),
            ),
        )
            .into_response()
    }
}

fn freshdesk_gate(
    state: &FakeState,
    method: &str,
    domain: &str,
    path: &str,
    headers: &HeaderMap,
    body: Value,
) -> Option<Reply> {
    let ok = basic_user(headers).as_deref() == Some(FRESHDESK_API_KEY);
    let missing = domain == FRESHDESK_MISSING_DOMAIN;
    state.record(
        method,
        format!("/freshdesk/{domain}/api/v2{path}"),
        headers,
        body,
    );
    crm_gate(state, "freshdesk", ok && !missing, move || {
        if missing {
            reply(StatusCode::NOT_FOUND, json!({ "code": "not_found" }))
        } else {
            reply(
                StatusCode::UNAUTHORIZED,
                json!({ "code": "invalid_credentials", "message": "You have to be logged in to perform this action." }),
            )
        }
    })
}

/// Freshdesk contacts: the list filtered by `phone`, and creation (a name and a phone, mobile
/// or email are required).
pub(super) async fn freshdesk_contacts(
    State(state): State<FakeState>,
    Path(domain): Path<String>,
    method: axum::http::Method,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> Reply {
    let body = body.map(|Json(b)| b).unwrap_or(Value::Null);
    if method == axum::http::Method::GET {
        if let Some(r) = freshdesk_gate(&state, "GET", &domain, "/contacts", &headers, json!(q)) {
            return r;
        }
        let phone = q.get("phone").cloned().unwrap_or_default();
        let found: Vec<Value> = with_crm(&state, "freshdesk", |c, _| {
            c.contacts
                .iter()
                .filter(|x| {
                    phone.is_empty()
                        || ["phone", "mobile"]
                            .iter()
                            .any(|f| x[f].as_str().is_some_and(|p| same_phone(p, &phone)))
                })
                .cloned()
                .collect()
        });
        return reply(StatusCode::OK, json!(found));
    }
    if let Some(r) = freshdesk_gate(&state, "POST", &domain, "/contacts", &headers, body.clone()) {
        return r;
    }
    let reachable = ["phone", "mobile", "email"]
        .iter()
        .any(|f| body[f].is_string());
    if !body["name"].is_string() || !reachable {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "description": "Validation failed", "errors": [{ "field": "name", "code": "missing_field" }] }),
        );
    }
    let mut contact = body.clone();
    let id = add_contact(&state, "freshdesk", body, None, &[]);
    contact["id"] = json!(id.parse::<u64>().unwrap_or_default());
    reply(StatusCode::CREATED, contact)
}

/// Freshdesk ticket creation for a requester that exists.
pub(super) async fn freshdesk_create_ticket(
    State(state): State<FakeState>,
    Path(domain): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = freshdesk_gate(&state, "POST", &domain, "/tickets", &headers, body.clone()) {
        return r;
    }
    let requester = id_of(&body["requester_id"]).unwrap_or_default();
    if crm_contact(&state, "freshdesk", &requester).is_none() || !body["subject"].is_string() {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "description": "Validation failed", "errors": [{ "field": "requester_id", "code": "invalid_value" }] }),
        );
    }
    let ticket = with_crm(&state, "freshdesk", |c, counter| {
        *counter += 1;
        let mut t = body.clone();
        t["id"] = json!(*counter);
        t["status"] = body.get("status").cloned().unwrap_or(json!(2));
        c.tickets.push(t.clone());
        t
    });
    reply(StatusCode::CREATED, ticket)
}

/// A note on a Freshdesk ticket that exists; recorded as an activity of the ticket's requester.
pub(super) async fn freshdesk_create_note(
    State(state): State<FakeState>,
    Path((domain, ticket)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    let path = format!("/tickets/{ticket}/notes");
    if let Some(r) = freshdesk_gate(&state, "POST", &domain, &path, &headers, body.clone()) {
        return r;
    }
    let requester = with_crm(&state, "freshdesk", |c, _| {
        c.tickets
            .iter()
            .find(|t| id_of(&t["id"]).as_deref() == Some(ticket.as_str()))
            .and_then(|t| id_of(&t["requester_id"]))
    });
    let Some(requester) = requester else {
        return reply(StatusCode::NOT_FOUND, json!({ "code": "not_found" }));
    };
    if body["body"].as_str().is_none_or(str::is_empty) {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "description": "Validation failed", "errors": [{ "field": "body", "code": "missing_field" }] }),
        );
    }
    let id = add_activity(
        &state,
        "freshdesk",
        json!({ "contact_id": requester, "ticket_id": ticket, "body": body["body"], "private": body["private"] }),
        None,
    );
    reply(
        StatusCode::CREATED,
        json!({ "id": id.parse::<u64>().unwrap_or_default(), "ticket_id": ticket, "body": body["body"] }),
    )
}
