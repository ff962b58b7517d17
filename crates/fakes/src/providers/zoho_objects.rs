//! The fake Zoho's Deals, Cases and Calls as its v2 API takes them (`POST /crm/v2/{module}`,
//! `PUT /crm/v2/{module}/{id}` for deals and cases), each of a contact that exists, and the
//! Deals module's fields (`GET /crm/v2/settings/fields?module=Deals`): its `Stage` picklist, a
//! new account's defaults until a test gives it its own (`FakeProviders::zoho_set_deal_stages`).
//! A deal is accepted only in a stage the account has.

use super::crm::crm_contact;
use super::hubspot_records::now_ms;
use super::zoho::{zoho_created, zoho_gate, zoho_invalid};
use super::zoho_records::stamp;
use super::{id_of, reply, with_crm, FakeProviders, FakeState, Reply};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;

fn default_stages() -> Value {
    let stages = [
        ("Qualification", "Open", 10),
        ("Needs Analysis", "Open", 20),
        ("Value Proposition", "Open", 40),
        ("Id. Decision Makers", "Open", 60),
        ("Perception Analysis", "Open", 70),
        ("Proposal/Price Quote", "Open", 75),
        ("Negotiation/Review", "Open", 90),
        ("Closed Won", "Closed Won", 100),
        ("Closed Lost", "Closed Lost", 0),
        ("Closed-Lost to Competition", "Closed Lost", 0),
    ];
    json!(stages
        .iter()
        .enumerate()
        .map(
            |(i, (v, f, p))| json!({ "display_value": v, "actual_value": v,
            "sequence_number": i + 1, "forecast_type": f, "probability": p })
        )
        .collect::<Vec<_>>())
}

fn stages(state: &FakeState) -> Value {
    with_crm(state, "zoho", |c, _| c.pipelines.get("deals").cloned()).unwrap_or_else(default_stages)
}

/// `GET /crm/v2/settings/fields?module=Deals`: the Deals fields that matter here.
pub(super) async fn fields(
    State(state): State<FakeState>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    if let Some(r) = zoho_gate(
        &state,
        "GET",
        "/crm/v2/settings/fields",
        &headers,
        Value::Null,
    ) {
        return r;
    }
    if q.get("module").map(String::as_str) != Some("Deals") {
        return zoho_invalid("module");
    }
    reply(
        StatusCode::OK,
        json!({ "fields": [
            { "api_name": "Deal_Name", "data_type": "text", "system_mandatory": true },
            { "api_name": "Stage", "data_type": "picklist", "system_mandatory": true,
              "pick_list_values": stages(&state) },
            { "api_name": "Closing_Date", "data_type": "date", "system_mandatory": true },
        ]}),
    )
}

/// The reason a record of `module` is refused (Zoho names the field), if it is.
fn refused(state: &FakeState, module: &str, r: &Value, creating: bool) -> Option<&'static str> {
    let text = |k: &str| r[k].as_str().is_some_and(|s| !s.trim().is_empty());
    let contact = |k: &str| {
        r[k]["id"]
            .as_str()
            .is_some_and(|id| crm_contact(state, "zoho", id).is_some())
    };
    match module {
        "Deals" => {
            let stage_known = stages(state)
                .as_array()
                .into_iter()
                .flatten()
                .any(|s| s["actual_value"] == r["Stage"]);
            let day = r["Closing_Date"].as_str().unwrap_or_default();
            if creating && !text("Deal_Name") {
                Some("Deal_Name")
            } else if !stage_known {
                Some("Stage")
            } else if chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").is_err() {
                Some("Closing_Date")
            } else if creating && !contact("Contact_Name") {
                Some("Contact_Name")
            } else {
                None
            }
        }
        "Cases" => {
            if creating && !text("Subject") {
                Some("Subject")
            } else if !text("Status") {
                Some("Status")
            } else if creating && !text("Case_Origin") {
                Some("Case_Origin")
            } else if creating && !contact("Related_To") {
                Some("Related_To")
            } else {
                None
            }
        }
        _ => {
            let start = r["Call_Start_Time"].as_str().unwrap_or_default();
            let duration = r["Call_Duration"].as_str().unwrap_or_default();
            let mm_ss = duration.split_once(':').is_some_and(|(m, s)| {
                m.parse::<u32>().is_ok() && s.len() == 2 && s.parse::<u32>().is_ok_and(|s| s < 60)
            });
            if !text("Subject") {
                Some("Subject")
            } else if !text("Call_Type") {
                Some("Call_Type")
            } else if chrono::DateTime::parse_from_rfc3339(start).is_err() {
                Some("Call_Start_Time")
            } else if !mm_ss {
                Some("Call_Duration")
            } else if !contact("Who_Id") {
                Some("Who_Id")
            } else {
                None
            }
        }
    }
}

fn kept<'c>(c: &'c mut super::Crm, module: &str) -> &'c mut Vec<Value> {
    match module {
        "Deals" => &mut c.deals,
        "Cases" => &mut c.tickets,
        _ => &mut c.calls,
    }
}

/// `POST /crm/v2/{Deals|Cases|Calls}`.
pub(super) async fn create(
    State(state): State<FakeState>,
    Path(module): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    let path = format!("/crm/v2/{module}");
    if let Some(r) = zoho_gate(&state, "POST", &path, &headers, body.clone()) {
        return r;
    }
    if !["Deals", "Cases", "Calls"].contains(&module.as_str()) {
        return reply(StatusCode::BAD_REQUEST, json!({ "code": "INVALID_MODULE" }));
    }
    let mut record = body["data"][0].clone();
    if let Some(field) = refused(&state, &module, &record, true) {
        return zoho_invalid(field);
    }
    stamp(&mut record, now_ms());
    let id = with_crm(&state, "zoho", |c, counter| {
        *counter += 1;
        let id = format!("5725767{:012}", *counter);
        record["id"] = json!(id);
        kept(c, &module).push(record);
        id
    });
    zoho_created(&id, None)
}

/// `PUT /crm/v2/{Deals|Cases}/{id}`: the fields sent replace the record's.
pub(super) async fn update(
    State(state): State<FakeState>,
    Path((module, id)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    let path = format!("/crm/v2/{module}/{id}");
    if let Some(r) = zoho_gate(&state, "PUT", &path, &headers, body.clone()) {
        return r;
    }
    let change = body["data"][0].clone();
    if let Some(field) = refused(&state, &module, &change, false) {
        return zoho_invalid(field);
    }
    let found = with_crm(&state, "zoho", |c, _| {
        let r = kept(c, &module)
            .iter_mut()
            .find(|r| id_of(&r["id"]).as_deref() == Some(id.as_str()))?;
        if let (Some(o), Some(new)) = (r.as_object_mut(), change.as_object()) {
            for (k, v) in new {
                o.insert(k.clone(), v.clone());
            }
        }
        stamp(r, now_ms());
        Some(())
    });
    match found {
        Some(()) => reply(
            StatusCode::OK,
            json!({ "data": [{ "code": "SUCCESS", "details": { "id": id }, "message": "record updated", "status": "success" }] }),
        ),
        None => reply(
            StatusCode::NOT_FOUND,
            json!({ "data": [{ "code": "INVALID_DATA", "details": { "id": id }, "message": "the related id given seems to be invalid", "status": "error" }] }),
        ),
    }
}

/// `POST /crm/v2/actions/watch`: subscribes channels (a later subscription of the same channel
/// replaces it), as Zoho checks them: a channel id, events, a `notify_url`, a token of at most
/// 50 characters and an end ahead (within a week of the wall clock: the server under test
/// may run on a clock moved forward).
pub(super) async fn watch(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = zoho_gate(
        &state,
        "POST",
        "/crm/v2/actions/watch",
        &headers,
        body.clone(),
    ) {
        return r;
    }
    let w = body["watch"][0].clone();
    let expiry = w["channel_expiry"]
        .as_str()
        .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
        .map(|t| t.timestamp_millis());
    let valid = w["channel_id"]
        .as_str()
        .is_some_and(|c| c.parse::<i64>().is_ok())
        && w["events"].as_array().is_some_and(|e| !e.is_empty())
        && w["notify_url"]
            .as_str()
            .is_some_and(|u| u.starts_with("http"))
        && w["token"]
            .as_str()
            .is_some_and(|t| !t.is_empty() && t.len() <= 50)
        && expiry.is_some_and(|e| e > now_ms() && e <= now_ms() + 7 * 86_400_000);
    if !valid {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "watch": [{ "code": "INVALID_DATA", "details": {}, "message": "invalid data", "status": "error" }] }),
        );
    }
    with_crm(&state, "zoho", |c, _| {
        c.watches.retain(|old| old["channel_id"] != w["channel_id"]);
        c.watches.push(w.clone());
    });
    reply(
        StatusCode::OK,
        json!({ "watch": [{ "code": "SUCCESS", "details": { "events": [{
            "channel_expiry": w["channel_expiry"], "resource_uri": "https://www.zohoapis.com/crm/v2/Contacts",
            "resource_id": "5725767000000002179", "resource_name": "Contacts", "channel_id": w["channel_id"] }] },
            "message": "Successfully subscribed for actions-watch of the given module", "status": "success" }] }),
    )
}

impl FakeProviders {
    /// Zoho's notification channels as subscribed: `channel_id`, `events`, `notify_url`,
    /// `token`, `channel_expiry`.
    pub fn zoho_watches(&self) -> Vec<Value> {
        with_crm(&self.state, "zoho", |c, _| c.watches.clone())
    }

    fn zoho_kept(&self, module: &str) -> Vec<Value> {
        with_crm(&self.state, "zoho", |c, _| {
            kept(c, module)
                .iter()
                .map(super::hubspot_records::public)
                .collect()
        })
    }

    /// Zoho's deals, oldest first, as written.
    pub fn zoho_deals(&self) -> Vec<Value> {
        self.zoho_kept("Deals")
    }

    /// Zoho's cases, oldest first, as written.
    pub fn zoho_cases(&self) -> Vec<Value> {
        self.zoho_kept("Cases")
    }

    /// Zoho's calls, oldest first, as written.
    pub fn zoho_calls(&self) -> Vec<Value> {
        self.zoho_kept("Calls")
    }

    /// Gives the Zoho account its own deal stages: the `Stage` picklist values Zoho would
    /// answer.
    pub fn zoho_set_deal_stages(&self, values: Value) {
        with_crm(&self.state, "zoho", |c, _| {
            c.pipelines.insert("deals".to_owned(), values);
        });
    }
}
