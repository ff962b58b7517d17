//! The fake HubSpot's records as its v3 API answers them: every contact carries `createdAt`,
//! `updatedAt` and the `lastmodifieddate` property (ISO text), changed on every write; the
//! search takes `EQ` on any property and `GTE` on `lastmodifieddate` (epoch ms as text), sorts
//! by it, pages with `after` and, like HubSpot, refuses to page past 10 000 results; a contact
//! is read by id; deals are made in a pipeline with a deal-to-contact association (3) and
//! changed. A change "made in HubSpot" by a person is [`FakeProviders::hubspot_edit`].

use super::hubspot::hubspot_gate;
use super::{id_of, reply, with_crm, FakeProviders, FakeState, Reply};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};

/// HubSpot's most results one search reaches.
const SEARCH_CAP: usize = 10_000;

/// The time now, epoch ms.
pub(super) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string()
}

/// Stamps a record changed at `ms` (created too when it has no `createdAt`).
pub(super) fn stamp(record: &mut Value, ms: i64) {
    if record.get("createdAt").is_none() {
        record["createdAt"] = json!(iso(ms));
        record["properties"]["createdate"] = json!(iso(ms));
    }
    record["updatedAt"] = json!(iso(ms));
    record["properties"]["lastmodifieddate"] = json!(iso(ms));
    record["_ms"] = json!(ms);
}

/// A record as the API shows it: without the fake's own bookkeeping.
pub(super) fn public(record: &Value) -> Value {
    let mut r = record.clone();
    if let Some(o) = r.as_object_mut() {
        o.remove("_ms");
    }
    r
}

fn modified(record: &Value) -> i64 {
    record["_ms"].as_i64().unwrap_or(0)
}

/// Whether `record` passes one search filter.
fn passes(record: &Value, f: &Value) -> bool {
    let Some(p) = f["propertyName"].as_str() else {
        return false;
    };
    match f["operator"].as_str() {
        Some("EQ") => record["properties"][p] == f["value"],
        Some("GTE") if p == "lastmodifieddate" => f["value"]
            .as_str()
            .and_then(|v| v.parse::<i64>().ok())
            .is_some_and(|since| modified(record) >= since),
        _ => false,
    }
}

/// The contact search: filter groups ORed, a group's filters ANDed.
pub(super) async fn search(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/contacts/search", &headers, &body) {
        return r;
    }
    let groups = body["filterGroups"].as_array().cloned().unwrap_or_default();
    let matches = |c: &Value| {
        groups.is_empty()
            || groups.iter().any(|g| {
                g["filters"]
                    .as_array()
                    .is_some_and(|fs| !fs.is_empty() && fs.iter().all(|f| passes(c, f)))
            })
    };
    let mut found: Vec<Value> = with_crm(&state, "hubspot", |c, _| {
        c.contacts.iter().filter(|x| matches(x)).cloned().collect()
    });
    if body["sorts"][0]["propertyName"] == "lastmodifieddate" {
        found.sort_by_key(|r| {
            (
                modified(r),
                id_of(&r["id"]).and_then(|i| i.parse::<u64>().ok()),
            )
        });
        if body["sorts"][0]["direction"] == "DESCENDING" {
            found.reverse();
        }
    }
    let limit = body["limit"].as_u64().unwrap_or(10).clamp(1, 200) as usize;
    let after: usize = body["after"]
        .as_str()
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    if after + limit > SEARCH_CAP {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR",
                    "message": "Search results are limited to 10000 records" }),
        );
    }
    let total = found.len();
    let page: Vec<Value> = found.iter().skip(after).take(limit).map(public).collect();
    let mut answer = json!({ "total": total, "results": page });
    if after + limit < total.min(SEARCH_CAP) {
        answer["paging"] = json!({ "next": { "after": (after + limit).to_string() } });
    }
    reply(StatusCode::OK, answer)
}

/// One contact by id.
pub(super) async fn get_contact(
    State(state): State<FakeState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Reply {
    let path = format!("/crm/v3/objects/contacts/{id}");
    if let Some(r) = hubspot_gate(&state, &path, &headers, &Value::Null) {
        return r;
    }
    match super::crm_contact(&state, "hubspot", &id) {
        Some(c) => reply(StatusCode::OK, public(&c)),
        None => reply(
            StatusCode::NOT_FOUND,
            json!({ "status": "error", "category": "OBJECT_NOT_FOUND" }),
        ),
    }
}

fn deal_props_ok(state: &FakeState, props: &Value) -> bool {
    props["dealname"].as_str().is_some_and(|n| !n.is_empty())
        && super::hubspot_pipelines::stage_exists(
            state,
            "deals",
            &props["pipeline"],
            &props["dealstage"],
        )
}

/// A deal in a pipeline and stage the account has, associated to an existing contact (type 3).
pub(super) async fn create_deal(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/deals", &headers, &body) {
        return r;
    }
    let to = body["associations"][0]["to"]["id"]
        .as_str()
        .map(str::to_owned);
    let typed = body["associations"][0]["types"][0]["associationTypeId"] == 3;
    let contact_ok = to
        .as_deref()
        .is_some_and(|id| super::crm_contact(&state, "hubspot", id).is_some());
    if !typed || !contact_ok || !deal_props_ok(&state, &body["properties"]) {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR" }),
        );
    }
    let mut deal = json!({ "properties": body["properties"], "contact_id": to });
    stamp(&mut deal, now_ms());
    let id = with_crm(&state, "hubspot", |c, counter| {
        *counter += 1;
        deal["id"] = json!(counter.to_string());
        c.deals.push(deal.clone());
        counter.to_string()
    });
    deal["id"] = json!(id);
    reply(StatusCode::CREATED, public(&deal))
}

/// A deal's properties changed.
pub(super) async fn update_deal(
    State(state): State<FakeState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    let path = format!("/crm/v3/objects/deals/{id}");
    if let Some(r) = hubspot_gate(&state, &path, &headers, &body) {
        return r;
    }
    let updated = with_crm(&state, "hubspot", |c, _| {
        let d = c
            .deals
            .iter_mut()
            .find(|d| id_of(&d["id"]).as_deref() == Some(id.as_str()))?;
        if let (Some(props), Some(new)) = (
            d["properties"].as_object_mut(),
            body["properties"].as_object(),
        ) {
            for (k, v) in new {
                props.insert(k.clone(), v.clone());
            }
        }
        stamp(d, now_ms());
        Some(d.clone())
    });
    match updated {
        Some(d) if deal_props_ok(&state, &d["properties"]) => reply(StatusCode::OK, public(&d)),
        Some(_) => reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR" }),
        ),
        None => reply(
            StatusCode::NOT_FOUND,
            json!({ "status": "error", "category": "OBJECT_NOT_FOUND" }),
        ),
    }
}

impl FakeProviders {
    /// Changes HubSpot contact `id`'s `properties` as a person would in HubSpot, at `at_ms`
    /// (now when none); answers whether the contact exists.
    pub fn hubspot_edit(&self, id: &str, properties: Value, at_ms: Option<i64>) -> bool {
        with_crm(&self.state, "hubspot", |c, _| {
            let Some(found) = c
                .contacts
                .iter_mut()
                .find(|x| id_of(&x["id"]).as_deref() == Some(id))
            else {
                return false;
            };
            if let (Some(props), Some(new)) =
                (found["properties"].as_object_mut(), properties.as_object())
            {
                for (k, v) in new {
                    props.insert(k.clone(), v.clone());
                }
            }
            stamp(found, at_ms.unwrap_or_else(now_ms));
            true
        })
    }

    /// Adds `n` contacts to HubSpot, each changed at `from_ms + i` (a pull's load).
    pub fn hubspot_seed_contacts(
        &self,
        n: usize,
        from_ms: i64,
        props: impl Fn(usize) -> Value,
    ) -> Vec<String> {
        (0..n)
            .map(|i| {
                let mut c = json!({ "properties": props(i) });
                stamp(&mut c, from_ms + i as i64);
                super::add_contact(&self.state, "hubspot", c, None, &[])
            })
            .collect()
    }

    /// HubSpot's deals, oldest first: each with its `id`, `properties` and `contact_id`.
    pub fn hubspot_deals(&self) -> Vec<Value> {
        with_crm(&self.state, "hubspot", |c, _| {
            c.deals.iter().map(public).collect()
        })
    }
}

/// Test control (the end-to-end suite): HubSpot's contacts, deals, tickets and calls as the API
/// shows them.
pub(super) async fn control_state(State(state): State<FakeState>) -> Json<Value> {
    let all = |list: &[Value]| list.iter().map(public).collect::<Vec<_>>();
    let answer = with_crm(&state, "hubspot", |c, _| {
        json!({ "contacts": all(&c.contacts), "deals": all(&c.deals),
                "tickets": all(&c.tickets), "calls": all(&c.calls),
                "activities": all(&c.activities) })
    });
    Json(answer)
}

/// Test control: a person changes contact `id`'s properties in HubSpot now.
pub(super) async fn control_edit(
    State(state): State<FakeState>,
    Path(id): Path<String>,
    Json(body): Json<Value>,
) -> Reply {
    let edited = with_crm(&state, "hubspot", |c, _| {
        let found = c
            .contacts
            .iter_mut()
            .find(|x| id_of(&x["id"]).as_deref() == Some(id.as_str()))?;
        if let (Some(props), Some(new)) = (
            found["properties"].as_object_mut(),
            body["properties"].as_object(),
        ) {
            for (k, v) in new {
                props.insert(k.clone(), v.clone());
            }
        }
        stamp(found, now_ms());
        Some(public(found))
    });
    match edited {
        Some(c) => reply(StatusCode::OK, c),
        None => reply(
            StatusCode::NOT_FOUND,
            json!({ "status": "error", "category": "OBJECT_NOT_FOUND" }),
        ),
    }
}
