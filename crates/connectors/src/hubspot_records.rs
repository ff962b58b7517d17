//! HubSpot's CRM records for the Lead CRM (issue #29): contacts found by phone or e-mail, read,
//! created and changed with the contact properties Switchboard keeps, contacts changed since a
//! moment (the hourly pull: a search sorted by `lastmodifieddate`, paged by `after`), and deals
//! written in the default pipeline with the deal-to-contact association. Every call takes the
//! member's OAuth token; a 401 is `TokenExpired` (the caller refreshes once), a 429
//! `RateLimited` with HubSpot's `Retry-After`.

use crate::activity::{id_at, id_string, send, Auth};
use crate::ConnectorError;
use reqwest::Method;
use serde_json::{json, Map, Value};
use std::net::SocketAddr;

/// The contact properties read and written, as HubSpot names them, beside Switchboard's field.
pub const CONTACT_PROPERTIES: [(&str, &str); 9] = [
    ("firstname", "first_name"),
    ("lastname", "last_name"),
    ("email", "email"),
    ("phone", "phone"),
    ("address", "address"),
    ("company", "company"),
    ("jobtitle", "job_title"),
    ("lifecyclestage", "lifecycle_stage"),
    ("hs_lead_status", "lead_status"),
];

/// HubSpot's association type id for a deal attached to a contact.
const DEAL_TO_CONTACT: u32 = 3;
/// Records one search page holds (HubSpot's most).
pub const PAGE: usize = 100;
/// Records one search reaches before the caller moves on (HubSpot stops at 10 000).
pub const WINDOW: usize = 9_900;

pub use crate::crm_records::CrmContact;

fn api(api_url: &str) -> &str {
    api_url.trim_end_matches('/')
}

pub(crate) async fn call(
    api_url: &str,
    token: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
    allow: &[SocketAddr],
) -> Result<Option<Value>, ConnectorError> {
    let url = format!("{}{path}", api(api_url));
    send("hubspot", Auth::OAuth, method, &url, allow, |b| {
        let b = b.bearer_auth(token);
        match body {
            Some(body) => b.json(&body),
            None => b,
        }
    })
    .await
}

/// HubSpot's time text (`2026-11-29T07:30:00.123Z`) in epoch ms.
fn time_ms(v: &Value) -> Option<i64> {
    let text = v.as_str()?;
    chrono::DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.timestamp_millis())
        .or_else(|| text.parse().ok())
}

fn read_contact(v: &Value) -> Option<CrmContact> {
    let id = id_string(v.get("id")?)?;
    let props = v.get("properties").and_then(Value::as_object);
    let text = |name: &str| {
        props
            .and_then(|p| p.get(name))
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let modified_ms = v
        .get("updatedAt")
        .and_then(time_ms)
        .or_else(|| {
            props
                .and_then(|p| p.get("lastmodifieddate"))
                .and_then(time_ms)
        })
        .unwrap_or(0);
    Some(CrmContact {
        id,
        fields: CONTACT_PROPERTIES
            .iter()
            .map(|(hub, ours)| (*ours, text(hub)))
            .collect(),
        modified_ms,
    })
}

fn property_names() -> Vec<&'static str> {
    CONTACT_PROPERTIES
        .iter()
        .map(|(hub, _)| *hub)
        .chain(["lastmodifieddate"])
        .collect()
}

/// The properties object for Switchboard's `fields` (field name → value; none clears).
pub fn contact_properties(fields: &[(&str, Option<String>)]) -> Value {
    let mut props = Map::new();
    for (ours, value) in fields {
        if let Some((hub, _)) = CONTACT_PROPERTIES.iter().find(|(_, o)| o == ours) {
            props.insert(
                (*hub).to_owned(),
                Value::String(value.clone().unwrap_or_default()),
            );
        }
    }
    Value::Object(props)
}

/// Contacts whose phone is the number (with or without `+`) or whose e-mail is `email`.
pub async fn search_contacts(
    api_url: &str,
    token: &str,
    phone: &str,
    email: Option<&str>,
    allow: &[SocketAddr],
) -> Result<Vec<CrmContact>, ConnectorError> {
    let eq = |p: &str, v: &str| json!({ "filters": [{ "propertyName": p, "operator": "EQ", "value": v }] });
    let digits = crate::activity::digits(phone);
    let mut groups = vec![eq("phone", &format!("+{digits}")), eq("phone", &digits)];
    if let Some(e) = email {
        groups.push(eq("email", e));
    }
    let found = call(
        api_url,
        token,
        Method::POST,
        "/crm/v3/objects/contacts/search",
        Some(json!({ "filterGroups": groups, "properties": property_names(), "limit": 10 })),
        allow,
    )
    .await?;
    Ok(results(&found).iter().filter_map(read_contact).collect())
}

fn results(answer: &Option<Value>) -> Vec<Value> {
    answer
        .as_ref()
        .and_then(|a| a.get("results"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// Contact `id`; `None` when HubSpot has none (deleted or merged away).
pub async fn get_contact(
    api_url: &str,
    token: &str,
    id: &str,
    allow: &[SocketAddr],
) -> Result<Option<CrmContact>, ConnectorError> {
    let path = format!(
        "/crm/v3/objects/contacts/{}?properties={}",
        urlencoding(id),
        property_names().join(",")
    );
    match call(api_url, token, Method::GET, &path, None, allow).await {
        Ok(answer) => Ok(answer.as_ref().and_then(read_contact)),
        Err(ConnectorError::Upstream(e)) if e.contains("404") => Ok(None),
        Err(e) => Err(e),
    }
}

/// Creates a contact with `fields`.
pub async fn create_contact(
    api_url: &str,
    token: &str,
    fields: &[(&str, Option<String>)],
    allow: &[SocketAddr],
) -> Result<CrmContact, ConnectorError> {
    let made = call(
        api_url,
        token,
        Method::POST,
        "/crm/v3/objects/contacts",
        Some(json!({ "properties": contact_properties(fields) })),
        allow,
    )
    .await?;
    made.as_ref().and_then(read_contact).ok_or_else(|| {
        ConnectorError::Upstream("hubspot contact creation answered without an id".into())
    })
}

/// Changes contact `id`'s `fields`.
pub async fn update_contact(
    api_url: &str,
    token: &str,
    id: &str,
    fields: &[(&str, Option<String>)],
    allow: &[SocketAddr],
) -> Result<Option<CrmContact>, ConnectorError> {
    let answer = call(
        api_url,
        token,
        Method::PATCH,
        &format!("/crm/v3/objects/contacts/{}", urlencoding(id)),
        Some(json!({ "properties": contact_properties(fields) })),
        allow,
    )
    .await?;
    Ok(answer.as_ref().and_then(read_contact))
}

/// One page of the contacts changed at or after `since_ms`, oldest change first, and the
/// `after` of the next page (HubSpot stops paging a search at 10 000 results: the caller moves
/// `since_ms` to the last change it saw instead).
pub async fn changed_since(
    api_url: &str,
    token: &str,
    since_ms: i64,
    after: Option<&str>,
    allow: &[SocketAddr],
) -> Result<(Vec<CrmContact>, Option<String>), ConnectorError> {
    let mut body = json!({
        "filterGroups": [{ "filters": [{
            "propertyName": "lastmodifieddate", "operator": "GTE", "value": since_ms.to_string()
        }] }],
        "sorts": [{ "propertyName": "lastmodifieddate", "direction": "ASCENDING" }],
        "properties": property_names(),
        "limit": PAGE,
    });
    if let Some(a) = after {
        body["after"] = json!(a);
    }
    let answer = call(
        api_url,
        token,
        Method::POST,
        "/crm/v3/objects/contacts/search",
        Some(body),
        allow,
    )
    .await?;
    let next = answer
        .as_ref()
        .and_then(|a| a.pointer("/paging/next/after"))
        .and_then(id_string);
    Ok((
        results(&answer).iter().filter_map(read_contact).collect(),
        next,
    ))
}

/// A deal as written to HubSpot.
#[derive(Debug, Clone)]
pub struct CrmDeal<'a> {
    pub name: &'a str,
    /// A decimal in text.
    pub amount: Option<&'a str>,
    pub currency: &'a str,
    /// The account's pipeline and stage ids (`domain::contacts::pipelines`).
    pub pipeline: &'a str,
    pub stage: &'a str,
    /// `YYYY-MM-DD`.
    pub close_date: Option<&'a str>,
    pub description: Option<&'a str>,
}

fn deal_properties(d: &CrmDeal<'_>) -> Value {
    json!({
        "dealname": d.name,
        "amount": d.amount.unwrap_or(""),
        "deal_currency_code": d.currency,
        "pipeline": d.pipeline,
        "dealstage": d.stage,
        "closedate": d.close_date.map(|c| format!("{c}T00:00:00.000Z")).unwrap_or_default(),
        "description": d.description.unwrap_or(""),
    })
}

/// Creates a deal of contact `contact_id` in its pipeline; answers its id.
pub async fn create_deal(
    api_url: &str,
    token: &str,
    contact_id: &str,
    deal: &CrmDeal<'_>,
    allow: &[SocketAddr],
) -> Result<String, ConnectorError> {
    let made = call(
        api_url,
        token,
        Method::POST,
        "/crm/v3/objects/deals",
        Some(json!({
            "properties": deal_properties(deal),
            "associations": [{
                "to": { "id": contact_id },
                "types": [{ "associationCategory": "HUBSPOT_DEFINED", "associationTypeId": DEAL_TO_CONTACT }],
            }],
        })),
        allow,
    )
    .await?;
    id_at(&made, "/id", "hubspot deal creation")
}

/// Changes deal `id`.
pub async fn update_deal(
    api_url: &str,
    token: &str,
    id: &str,
    deal: &CrmDeal<'_>,
    allow: &[SocketAddr],
) -> Result<(), ConnectorError> {
    call(
        api_url,
        token,
        Method::PATCH,
        &format!("/crm/v3/objects/deals/{}", urlencoding(id)),
        Some(json!({ "properties": deal_properties(deal) })),
        allow,
    )
    .await?;
    Ok(())
}

/// The HubSpot objects written beside a contact, with the association type tying each to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attached {
    Ticket,
    Call,
    Note,
    Task,
}

impl Attached {
    fn path(self) -> &'static str {
        match self {
            Attached::Ticket => "/crm/v3/objects/tickets",
            Attached::Call => "/crm/v3/objects/calls",
            Attached::Note => "/crm/v3/objects/notes",
            Attached::Task => "/crm/v3/objects/tasks",
        }
    }

    /// HubSpot's defined association type ids: ticket to contact 16, call 194, note 202,
    /// task 204.
    fn to_contact(self) -> u32 {
        match self {
            Attached::Ticket => 16,
            Attached::Call => 194,
            Attached::Note => 202,
            Attached::Task => 204,
        }
    }
}

/// A ticket's properties in the account's ticket pipeline and stage (ids).
pub fn ticket_properties(
    name: &str,
    description: Option<&str>,
    (pipeline, stage): (&str, &str),
    category: Option<&str>,
) -> Value {
    json!({
        "subject": name,
        "content": description.unwrap_or(""),
        "hs_pipeline": pipeline,
        "hs_pipeline_stage": stage,
        "hs_ticket_category": category.map(str::to_ascii_uppercase).unwrap_or_default(),
    })
}

/// A logged call's properties: when (epoch ms), how long (ms), its disposition id and notes.
pub fn call_properties(
    at_ms: i64,
    duration_ms: i64,
    disposition: &str,
    body: Option<&str>,
) -> Value {
    json!({
        "hs_timestamp": at_ms.to_string(),
        "hs_call_duration": duration_ms.to_string(),
        "hs_call_disposition": disposition,
        "hs_call_body": body.unwrap_or(""),
        "hs_call_status": "COMPLETED",
        "hs_call_direction": "OUTBOUND",
    })
}

/// A note's properties: its body and when it was written (epoch ms).
pub fn note_properties(body: &str, at_ms: i64) -> Value {
    json!({ "hs_note_body": body, "hs_timestamp": at_ms.to_string() })
}

/// A task's properties: subject, body and due time (epoch ms), not started.
pub fn task_properties(subject: &str, body: Option<&str>, due_ms: i64) -> Value {
    json!({
        "hs_task_subject": subject,
        "hs_task_body": body.unwrap_or(""),
        "hs_timestamp": due_ms.to_string(),
        "hs_task_status": "NOT_STARTED",
        "hs_task_type": "TODO",
    })
}

/// Creates a ticket, call, note or task of contact `contact_id`; answers its id.
pub async fn create_attached(
    api_url: &str,
    token: &str,
    kind: Attached,
    contact_id: &str,
    properties: Value,
    allow: &[SocketAddr],
) -> Result<String, ConnectorError> {
    let made = call(
        api_url,
        token,
        Method::POST,
        kind.path(),
        Some(json!({
            "properties": properties,
            "associations": [{
                "to": { "id": contact_id },
                "types": [{ "associationCategory": "HUBSPOT_DEFINED", "associationTypeId": kind.to_contact() }],
            }],
        })),
        allow,
    )
    .await?;
    id_at(&made, "/id", "hubspot object creation")
}

/// Changes ticket or call `id`.
pub async fn update_attached(
    api_url: &str,
    token: &str,
    kind: Attached,
    id: &str,
    properties: Value,
    allow: &[SocketAddr],
) -> Result<(), ConnectorError> {
    call(
        api_url,
        token,
        Method::PATCH,
        &format!("{}/{}", kind.path(), urlencoding(id)),
        Some(json!({ "properties": properties })),
        allow,
    )
    .await?;
    Ok(())
}

/// An id as one path segment: HubSpot ids are digits; anything else is escaped.
fn urlencoding(id: &str) -> String {
    id.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hubspot_record_reads_into_switchboards_fields() {
        let c = read_contact(&json!({
            "id": "151",
            "properties": { "firstname": "Rhea", "lastname": " ", "email": "rhea@shop.test",
                            "lifecyclestage": "customer", "hs_lead_status": "OPEN" },
            "updatedAt": "2026-11-29T07:30:00.123Z"
        }))
        .unwrap();
        assert_eq!(c.id, "151");
        assert_eq!(c.modified_ms, 1_795_937_400_123);
        let get = |f: &str| c.fields.iter().find(|(k, _)| *k == f).unwrap().1.clone();
        assert_eq!(get("first_name"), Some("Rhea".into()));
        assert_eq!(get("last_name"), None);
        assert_eq!(get("lead_status"), Some("OPEN".into()));
    }

    #[test]
    fn properties_name_hubspots_keys_and_a_cleared_field_is_blank() {
        let p = contact_properties(&[
            ("first_name", Some("Rhea".into())),
            ("job_title", None),
            ("name", Some("ignored".into())),
        ]);
        assert_eq!(p, json!({ "firstname": "Rhea", "jobtitle": "" }));
    }
}
