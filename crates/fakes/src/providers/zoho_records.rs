//! The fake Zoho CRM's Contacts as its v2 API answers them for the Lead CRM: every contact
//! carries `Created_Time` and `Modified_Time` (whole seconds, in the account's zone, here
//! +05:30), changed on every write; `GET /crm/v2/Contacts` takes `If-Modified-Since` (the
//! records changed after it; 304 when none), sorts by `Modified_Time`, pages 200 at a time
//! and, like Zoho, pages no further than the 2 000th record; a contact is read (204 when it is
//! gone) and changed (`PUT`, a `null` clears a field). A change "made in Zoho" by a person is
//! [`FakeProviders::zoho_edit`].

use super::zoho::zoho_gate;
use super::{id_of, reply, with_crm, FakeProviders, FakeState, Reply};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Zoho pages a module's records no further than this.
const PAGING_CAP: usize = 2_000;

/// `ms` as Zoho writes a time: whole seconds, in the account's zone (+05:30 here).
fn zoho_time(ms: i64) -> String {
    const ZONE_SECS: i64 = 5 * 3600 + 1800;
    chrono::DateTime::from_timestamp(ms.div_euclid(1000) + ZONE_SECS, 0)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%S+05:30")
        .to_string()
}

/// Stamps a record changed at `ms` (created too when it has no `Created_Time`).
pub(super) fn stamp(record: &mut Value, ms: i64) {
    if record.get("Created_Time").is_none() {
        record["Created_Time"] = json!(zoho_time(ms));
    }
    record["Modified_Time"] = json!(zoho_time(ms));
    record["_ms"] = json!(ms);
}

fn public(record: &Value) -> Value {
    super::hubspot_records::public(record)
}

fn modified_secs(record: &Value) -> i64 {
    record["_ms"].as_i64().unwrap_or(0).div_euclid(1000)
}

fn not_modified() -> Reply {
    use axum::response::IntoResponse;
    StatusCode::NOT_MODIFIED.into_response()
}

fn no_content() -> Reply {
    use axum::response::IntoResponse;
    StatusCode::NO_CONTENT.into_response()
}

/// The contacts, changed after `If-Modified-Since` when given, by `Modified_Time`.
pub(super) async fn list(
    State(state): State<FakeState>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    if let Some(r) = zoho_gate(&state, "GET", "/crm/v2/Contacts", &headers, json!(q)) {
        return r;
    }
    let since = headers
        .get("if-modified-since")
        .and_then(|v| v.to_str().ok())
        .map(|v| chrono::DateTime::parse_from_rfc3339(v).map(|t| t.timestamp()));
    let since = match since {
        Some(Err(_)) => {
            return reply(
                StatusCode::BAD_REQUEST,
                json!({ "code": "INVALID_DATA", "details": { "header": "If-Modified-Since" },
                        "message": "invalid data", "status": "error" }),
            )
        }
        Some(Ok(s)) => Some(s),
        None => None,
    };
    let mut found: Vec<Value> = with_crm(&state, "zoho", |c, _| {
        c.contacts
            .iter()
            .filter(|x| since.is_none_or(|s| modified_secs(x) > s))
            .cloned()
            .collect()
    });
    if found.is_empty() {
        return if since.is_some() {
            not_modified()
        } else {
            no_content()
        };
    }
    if q.get("sort_by").map(String::as_str) == Some("Modified_Time") {
        found.sort_by_key(|r| {
            (
                r["_ms"].as_i64().unwrap_or(0),
                id_of(&r["id"]).and_then(|i| i.parse::<u64>().ok()),
            )
        });
        if q.get("sort_order").map(String::as_str) == Some("desc") {
            found.reverse();
        }
    }
    let per_page = q
        .get("per_page")
        .and_then(|p| p.parse::<usize>().ok())
        .unwrap_or(200)
        .clamp(1, 200);
    let page = q
        .get("page")
        .and_then(|p| p.parse::<usize>().ok())
        .unwrap_or(1)
        .max(1);
    let skip = (page - 1) * per_page;
    if skip >= PAGING_CAP {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "code": "LIMIT_REACHED", "details": { "limit": PAGING_CAP },
                    "message": "Maximum records can be fetched using page is reached", "status": "error" }),
        );
    }
    let rows: Vec<Value> = found.iter().skip(skip).take(per_page).map(public).collect();
    let more = skip + rows.len() < found.len();
    reply(
        StatusCode::OK,
        json!({ "data": rows, "info": { "per_page": per_page, "count": rows.len(), "page": page,
                                        "sort_by": "Modified_Time", "more_records": more } }),
    )
}

/// One contact by id; 204 when there is none.
pub(super) async fn get_contact(
    State(state): State<FakeState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Reply {
    let path = format!("/crm/v2/Contacts/{id}");
    if let Some(r) = zoho_gate(&state, "GET", &path, &headers, Value::Null) {
        return r;
    }
    match super::crm_contact(&state, "zoho", &id) {
        Some(c) => reply(StatusCode::OK, json!({ "data": [public(&c)] })),
        None => no_content(),
    }
}

fn merge(record: &mut Value, change: &Value) {
    if let (Some(r), Some(new)) = (record.as_object_mut(), change.as_object()) {
        for (k, v) in new {
            if k != "id" && !k.ends_with("_Time") {
                r.insert(k.clone(), v.clone());
            }
        }
    }
}

/// Changes a contact (`{"data": [changes]}`); `Last_Name` may not be emptied.
pub(super) async fn update_contact(
    State(state): State<FakeState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    let path = format!("/crm/v2/Contacts/{id}");
    if let Some(r) = zoho_gate(&state, "PUT", &path, &headers, body.clone()) {
        return r;
    }
    let change = body["data"][0].clone();
    if change
        .get("Last_Name")
        .is_some_and(|l| l.as_str().is_none_or(|s| s.trim().is_empty()))
    {
        return super::zoho::zoho_invalid("Last_Name");
    }
    let now = super::hubspot_records::now_ms();
    let done = with_crm(&state, "zoho", |c, _| {
        let found = c
            .contacts
            .iter_mut()
            .find(|x| id_of(&x["id"]).as_deref() == Some(id.as_str()))?;
        merge(found, &change);
        stamp(found, now);
        Some(found["Modified_Time"].clone())
    });
    match done {
        Some(at) => reply(
            StatusCode::OK,
            json!({ "data": [{ "code": "SUCCESS", "details": { "Modified_Time": at, "id": id },
                               "message": "record updated", "status": "success" }] }),
        ),
        None => reply(
            StatusCode::BAD_REQUEST,
            json!({ "data": [{ "code": "INVALID_DATA", "details": { "id": id },
                               "message": "the related id given seems to be invalid", "status": "error" }] }),
        ),
    }
}

fn edit(state: &FakeState, id: &str, fields: &Value, at_ms: Option<i64>) -> bool {
    with_crm(state, "zoho", |c, _| {
        let Some(found) = c
            .contacts
            .iter_mut()
            .find(|x| id_of(&x["id"]).as_deref() == Some(id))
        else {
            return false;
        };
        merge(found, fields);
        stamp(found, at_ms.unwrap_or_else(super::hubspot_records::now_ms));
        true
    })
}

impl FakeProviders {
    /// Changes Zoho contact `id`'s `fields` as a person would in Zoho, at `at_ms` (now when
    /// none); answers whether the contact exists.
    pub fn zoho_edit(&self, id: &str, fields: Value, at_ms: Option<i64>) -> bool {
        edit(&self.state, id, &fields, at_ms)
    }

    /// Adds `n` contacts to Zoho, each changed at `from_ms + i` (a pull's load).
    pub fn zoho_seed_contacts(
        &self,
        n: usize,
        from_ms: i64,
        fields: impl Fn(usize) -> Value,
    ) -> Vec<String> {
        (0..n)
            .map(|i| {
                let mut c = fields(i);
                stamp(&mut c, from_ms + i as i64);
                super::add_contact(&self.state, "zoho", c, None, &[])
            })
            .collect()
    }
}

/// Test control (the end-to-end suite): Zoho's contacts as the API shows them.
pub(super) async fn control_state(State(state): State<FakeState>) -> Json<Value> {
    let contacts = with_crm(&state, "zoho", |c, _| {
        c.contacts.iter().map(public).collect::<Vec<_>>()
    });
    Json(json!({ "contacts": contacts }))
}

/// Test control: a person changes contact `id`'s fields in Zoho now.
pub(super) async fn control_edit(
    State(state): State<FakeState>,
    Path(id): Path<String>,
    Json(body): Json<Value>,
) -> Reply {
    if edit(&state, &id, &body, None) {
        reply(StatusCode::OK, json!({ "id": id }))
    } else {
        no_content()
    }
}
