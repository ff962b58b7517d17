//! Zoho CRM's Contacts for the Lead CRM (issue #29), v2 API: found by phone or e-mail
//! (`Contacts/search`, 204 when none), read, created and changed (`{"data": [record]}`), and
//! read in the order they changed for the pull (`GET Contacts` sorted by `Modified_Time` with
//! `If-Modified-Since`, 304 when nothing changed, paged 200 at a time up to Zoho's 2 000).
//! Every call takes the member's token as `Zoho-oauthtoken`; a 401 is `TokenExpired`, a 429
//! `RateLimited`.
//!
//! Zoho keeps first and last name, e-mail, phone, mailing street (the address) and title (the
//! job title). Its company is an Account — a record of its own — and it has no lifecycle stage
//! or lead status on a contact: those stay Switchboard's. `Last_Name` is mandatory: a contact
//! with one name is written as Zoho's last name and read back as Switchboard's first name, so
//! the round trip leaves it as it was.

use crate::activity::{id_at, id_string, send, Auth};
use crate::crm_records::{CrmContact, Fields};
use crate::ConnectorError;
use reqwest::Method;
use serde_json::{json, Map, Value};
use std::net::SocketAddr;

/// The fields read and written, as Zoho names them, beside Switchboard's field (the names are
/// handled apart: see the module's note).
const FIELDS: [(&str, &str); 4] = [
    ("Email", "email"),
    ("Phone", "phone"),
    ("Mailing_Street", "address"),
    ("Title", "job_title"),
];
/// Records one page holds (Zoho's most).
pub const PAGE: usize = 200;
/// Records one changed-since read reaches: Zoho pages no further than 2 000 records.
pub const WINDOW: usize = 2_000;

fn field_list() -> String {
    ["First_Name", "Last_Name"]
        .into_iter()
        .chain(FIELDS.iter().map(|(z, _)| *z))
        .chain(["Modified_Time"])
        .collect::<Vec<_>>()
        .join(",")
}

pub(crate) async fn call(
    api_url: &str,
    token: &str,
    method: Method,
    path: &str,
    build: impl FnOnce(reqwest::RequestBuilder) -> reqwest::RequestBuilder,
    allow: &[SocketAddr],
) -> Result<Option<Value>, ConnectorError> {
    let url = format!("{}{path}", api_url.trim_end_matches('/'));
    let authorization = format!("Zoho-oauthtoken {token}");
    send("zoho", Auth::OAuth, method, &url, allow, |b| {
        build(b.header(reqwest::header::AUTHORIZATION, authorization))
    })
    .await
}

/// Zoho's time text (`2026-11-29T13:00:00+05:30`) in epoch ms.
fn time_ms(v: &Value) -> Option<i64> {
    chrono::DateTime::parse_from_rfc3339(v.as_str()?)
        .ok()
        .map(|t| t.timestamp_millis())
}

fn text(v: &Value, name: &str) -> Option<String> {
    v.get(name)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

fn read_contact(v: &Value) -> Option<CrmContact> {
    let id = id_string(v.get("id")?)?;
    let phone = text(v, "Phone");
    let (first, last) = match (text(v, "First_Name"), text(v, "Last_Name")) {
        // One name: Switchboard's first name — unless it is only the number, written because
        // Zoho needs a last name.
        (None, Some(only)) => {
            let is_number = phone.as_deref().is_some_and(|p| {
                !crate::activity::digits(p).is_empty()
                    && crate::activity::digits(p) == crate::activity::digits(&only)
            });
            ((!is_number).then_some(only), None)
        }
        names => names,
    };
    let mut fields = vec![("first_name", first), ("last_name", last)];
    fields.extend(FIELDS.iter().map(|(zoho, ours)| (*ours, text(v, zoho))));
    Some(CrmContact {
        id,
        fields,
        modified_ms: v.get("Modified_Time").and_then(time_ms).unwrap_or(0),
    })
}

/// The record Zoho is sent for Switchboard's `fields` (the contact's whole set): a cleared
/// field is `null`; one name is Zoho's last name; with none, a new record is named by its
/// number and a change leaves the names alone.
pub fn record(fields: &Fields, creating: bool) -> Value {
    let get = |f: &str| {
        fields
            .iter()
            .find(|(k, _)| *k == f)
            .and_then(|(_, v)| v.clone())
    };
    let mut r = Map::new();
    match (get("first_name"), get("last_name")) {
        (first, Some(last)) => {
            r.insert("First_Name".into(), json!(first));
            r.insert("Last_Name".into(), json!(last));
        }
        (Some(only), None) => {
            r.insert("First_Name".into(), Value::Null);
            r.insert("Last_Name".into(), json!(only));
        }
        (None, None) if creating => {
            r.insert("Last_Name".into(), json!(get("phone").unwrap_or_default()));
        }
        (None, None) => {}
    }
    for (zoho, ours) in FIELDS {
        if let Some((_, v)) = fields.iter().find(|(k, _)| *k == ours) {
            r.insert(zoho.into(), json!(v));
        }
    }
    Value::Object(r)
}

fn records(answer: &Option<Value>) -> Vec<CrmContact> {
    answer
        .as_ref()
        .and_then(|a| a.get("data"))
        .and_then(Value::as_array)
        .map(|d| d.iter().filter_map(read_contact).collect())
        .unwrap_or_default()
}

/// Contacts whose phone is the number or whose e-mail is `email` (one search each: Zoho takes
/// one criterion a call).
pub async fn search_contacts(
    api_url: &str,
    token: &str,
    phone: &str,
    email: Option<&str>,
    allow: &[SocketAddr],
) -> Result<Vec<CrmContact>, ConnectorError> {
    let number = format!("+{}", crate::activity::digits(phone));
    let mut found = Vec::new();
    let searches = std::iter::once(("phone", number.as_str())).chain(email.map(|e| ("email", e)));
    for (key, value) in searches {
        let answer = call(
            api_url,
            token,
            Method::GET,
            "/crm/v2/Contacts/search",
            |b| b.query(&[(key, value)]),
            allow,
        )
        .await?;
        for c in records(&answer) {
            if !found.iter().any(|f: &CrmContact| f.id == c.id) {
                found.push(c);
            }
        }
    }
    found.truncate(10);
    Ok(found)
}

/// Contact `id`; `None` when Zoho has none (204, or an id it does not know).
pub async fn get_contact(
    api_url: &str,
    token: &str,
    id: &str,
    allow: &[SocketAddr],
) -> Result<Option<CrmContact>, ConnectorError> {
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    match call(
        api_url,
        token,
        Method::GET,
        &format!("/crm/v2/Contacts/{id}"),
        |b| b,
        allow,
    )
    .await
    {
        Ok(answer) => Ok(records(&answer).into_iter().next()),
        Err(ConnectorError::Upstream(e)) if e.contains("400") || e.contains("404") => Ok(None),
        Err(e) => Err(e),
    }
}

/// The id and change time Zoho answers a write with (`data[0].details`).
fn written(answer: &Option<Value>, what: &str) -> Result<CrmContact, ConnectorError> {
    let id = id_at(answer, "/data/0/details/id", what)?;
    let modified_ms = answer
        .as_ref()
        .and_then(|a| a.pointer("/data/0/details/Modified_Time"))
        .and_then(time_ms)
        .unwrap_or(0);
    Ok(CrmContact {
        id,
        fields: Vec::new(),
        modified_ms,
    })
}

/// Creates a contact with `fields`; answers its id and change time (no fields).
pub async fn create_contact(
    api_url: &str,
    token: &str,
    fields: &Fields,
    allow: &[SocketAddr],
) -> Result<CrmContact, ConnectorError> {
    let body = json!({ "data": [record(fields, true)], "trigger": [] });
    let made = call(
        api_url,
        token,
        Method::POST,
        "/crm/v2/Contacts",
        |b| b.json(&body),
        allow,
    )
    .await?;
    written(&made, "zoho contact creation")
}

/// Changes contact `id`'s `fields`; answers its id and change time (no fields).
pub async fn update_contact(
    api_url: &str,
    token: &str,
    id: &str,
    fields: &Fields,
    allow: &[SocketAddr],
) -> Result<Option<CrmContact>, ConnectorError> {
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let body = json!({ "data": [record(fields, false)], "trigger": [] });
    let answer = call(
        api_url,
        token,
        Method::PUT,
        &format!("/crm/v2/Contacts/{id}"),
        |b| b.json(&body),
        allow,
    )
    .await?;
    Ok(written(&answer, "zoho contact change").ok())
}

/// `If-Modified-Since` for a read from `since_ms`: Zoho counts whole seconds and answers the
/// records changed after it, so the second before is asked for — a record changed in the same
/// second as the last one read is read again, which settles to no change.
fn modified_since(since_ms: i64) -> String {
    let second = since_ms.div_euclid(1000) - 1;
    chrono::DateTime::from_timestamp(second.max(0), 0)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%S+00:00")
        .to_string()
}

/// One page of the contacts changed at or after `since_ms`, oldest change first, and the
/// number of the next page (none after the last; the caller stops at [`WINDOW`] records).
pub async fn changed_since(
    api_url: &str,
    token: &str,
    since_ms: i64,
    page: Option<&str>,
    allow: &[SocketAddr],
) -> Result<(Vec<CrmContact>, Option<String>), ConnectorError> {
    let page: usize = page.and_then(|p| p.parse().ok()).unwrap_or(1).max(1);
    let query = [
        ("fields", field_list()),
        ("sort_by", "Modified_Time".to_owned()),
        ("sort_order", "asc".to_owned()),
        ("per_page", PAGE.to_string()),
        ("page", page.to_string()),
    ];
    let since = modified_since(since_ms);
    let answer = match call(
        api_url,
        token,
        Method::GET,
        "/crm/v2/Contacts",
        |b| b.query(&query).header("If-Modified-Since", since),
        allow,
    )
    .await
    {
        Ok(a) => a,
        // Nothing changed since.
        Err(ConnectorError::Upstream(e)) if e.contains("304") => None,
        Err(e) => return Err(e),
    };
    let more = answer
        .as_ref()
        .and_then(|a| a.pointer("/info/more_records"))
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let next = more.then(|| (page + 1).to_string());
    Ok((records(&answer), next))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zoho_contact_reads_into_switchboards_fields() {
        let c = read_contact(&json!({
            "id": "4150868000000225013", "First_Name": "Rhea", "Last_Name": "Kapoor",
            "Email": "rhea@shop.test", "Phone": "+91 98765 43210", "Title": " ",
            "Account_Name": { "name": "Kapoor Textiles", "id": "41" },
            "Modified_Time": "2026-11-29T13:00:00+05:30"
        }))
        .unwrap();
        assert_eq!(c.modified_ms, 1_795_937_400_000);
        let get = |f: &str| c.fields.iter().find(|(k, _)| *k == f).map(|x| x.1.clone());
        assert_eq!(get("first_name"), Some(Some("Rhea".into())));
        assert_eq!(get("job_title"), Some(None));
        // Not Zoho's to keep: left out, so they are never compared.
        assert_eq!(get("company"), None);
        assert_eq!(get("lifecycle_stage"), None);
    }

    #[test]
    fn one_name_goes_there_as_the_last_name_and_comes_back_as_the_first() {
        let fields = [
            ("first_name", Some("Rhea".to_owned())),
            ("last_name", None),
            ("email", None),
            ("phone", Some("+919876543210".to_owned())),
            ("company", Some("Kapoor".to_owned())),
        ];
        let r = record(&fields, true);
        assert_eq!(
            r,
            json!({ "First_Name": null, "Last_Name": "Rhea", "Email": null, "Phone": "+919876543210" })
        );
        let mut back = r.clone();
        back["id"] = json!("1");
        let c = read_contact(&back).unwrap();
        assert_eq!(
            &c.fields[..2],
            &[("first_name", Some("Rhea".into())), ("last_name", None)]
        );
    }

    #[test]
    fn a_nameless_contact_is_named_by_its_number_there_and_nameless_here() {
        let fields = [
            ("first_name", None),
            ("last_name", None),
            ("phone", Some("+919876543210".to_owned())),
        ];
        let mut r = record(&fields, true);
        assert_eq!(r["Last_Name"], "+919876543210");
        assert!(record(&fields, false).get("Last_Name").is_none());
        r["id"] = json!("1");
        let c = read_contact(&r).unwrap();
        assert_eq!(&c.fields[..2], &[("first_name", None), ("last_name", None)]);
    }

    #[test]
    fn the_change_time_asked_for_starts_a_second_early_in_utc() {
        assert_eq!(
            modified_since(1_795_937_400_500),
            "2026-11-29T07:29:59+00:00"
        );
        assert_eq!(modified_since(0), "1970-01-01T00:00:00+00:00");
    }
}
