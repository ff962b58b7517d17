//! Fake Salesforce: the login host under `/salesforce-login` (the consent page
//! `services/oauth2/authorize` and the token endpoint `services/oauth2/token`) and the org's REST
//! API under `/salesforce-instance/services/data/{version}`: SOQL `query` (the contact record
//! types, and contact lookups in the small SOQL subset the mini-parser here evaluates), the UI
//! API's `ui-api/object-info/{object}`, and `sobjects/Contact` and `sobjects/Task` creation, each
//! needing a live bearer token.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;

use super::{
    add_activity, add_contact, crm_contact, crm_limited, oauth_authorize, reply, token_grant,
    with_crm, FakeState, Reply, SALESFORCE_RECORD_TYPES,
};

/// Salesforce's login host: the consent page and the token endpoint under its own prefix.
pub(super) async fn salesforce_authorize(
    state: State<FakeState>,
    q: Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> axum::response::Response {
    oauth_authorize(state, Path("salesforce".to_owned()), q, headers).await
}

pub(super) async fn salesforce_token(
    State(state): State<FakeState>,
    headers: HeaderMap,
    axum::extract::Form(form): axum::extract::Form<HashMap<String, String>>,
) -> (StatusCode, Json<Value>) {
    state.record(
        "POST",
        "/salesforce-login/services/oauth2/token".to_owned(),
        &headers,
        Value::Null,
    );
    token_grant(&state, "salesforce", &headers, &form)
}

/// Whether `headers` carry a live Salesforce access token; else Salesforce's 401 answer.
fn salesforce_bearer(
    state: &FakeState,
    headers: &HeaderMap,
) -> Result<(), (StatusCode, Json<Value>)> {
    let token = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let live = state.0.lock().is_ok_and(|i| {
        token
            .and_then(|t| i.access_tokens.get(t))
            .is_some_and(|p| p == "salesforce")
    });
    if live {
        Ok(())
    } else {
        Err((
            StatusCode::UNAUTHORIZED,
            Json(
                json!([{ "message": "Session expired or invalid", "errorCode": "INVALID_SESSION_ID" }]),
            ),
        ))
    }
}

/// The org's SOQL endpoint: answers the record types query and the contact lookups
/// [`salesforce_contact_query`] evaluates.
pub(super) async fn salesforce_query(
    State(state): State<FakeState>,
    Path(version): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    use axum::response::IntoResponse;
    let soql = q.get("q").cloned().unwrap_or_default();
    state.record(
        "GET",
        format!("/salesforce-instance/services/data/{version}/query"),
        &headers,
        json!({ "q": soql }),
    );
    if soql.starts_with("SELECT Id FROM Contact") {
        if let Some(r) = crm_limited(&state, "salesforce") {
            return r;
        }
    }
    if let Err(e) = salesforce_bearer(&state, &headers) {
        return e.into_response();
    }
    if soql.starts_with("SELECT Id FROM Contact") {
        return match salesforce_contact_query(&state, &soql) {
            Some(records) => reply(
                StatusCode::OK,
                json!({ "totalSize": records.len(), "done": true, "records": records }),
            ),
            None => salesforce_error("MALFORMED_QUERY", "unsupported query"),
        };
    }
    if !soql.starts_with("SELECT Id, Name, DeveloperName FROM RecordType") {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!([{ "message": "unsupported query", "errorCode": "MALFORMED_QUERY" }])),
        )
            .into_response();
    }
    let records: Vec<Value> = SALESFORCE_RECORD_TYPES
        .iter()
        .map(|(id, name, dev)| {
            json!({
                "attributes": { "type": "RecordType", "url": format!("/services/data/{version}/sobjects/RecordType/{id}") },
                "Id": id, "Name": name, "DeveloperName": dev,
            })
        })
        .collect();
    (
        StatusCode::OK,
        Json(json!({ "totalSize": records.len(), "done": true, "records": records })),
    )
        .into_response()
}

/// The UI API's object info: `User` with a few fields, for a known record type.
pub(super) async fn salesforce_object_info(
    State(state): State<FakeState>,
    Path((version, object)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> (StatusCode, Json<Value>) {
    state.record(
        "GET",
        format!("/salesforce-instance/services/data/{version}/ui-api/object-info/{object}"),
        &headers,
        json!(q),
    );
    if let Err(e) = salesforce_bearer(&state, &headers) {
        return e;
    }
    let known_type = q
        .get("recordTypeId")
        .is_some_and(|id| SALESFORCE_RECORD_TYPES.iter().any(|(rt, _, _)| rt == id));
    if object != "User" || !known_type {
        return (
            StatusCode::NOT_FOUND,
            Json(json!([{ "message": "not found", "errorCode": "NOT_FOUND" }])),
        );
    }
    let field = |api: &str, label: &str, ty: &str| json!({ "apiName": api, "label": label, "dataType": ty, "updateable": true });
    (
        StatusCode::OK,
        Json(json!({
            "apiName": "User",
            "label": "User",
            "fields": {
                "MobilePhone": field("MobilePhone", "Mobile", "Phone"),
                "Phone": field("Phone", "Phone", "Phone"),
                "Name": field("Name", "Full Name", "String"),
            },
        })),
    )
}

/// One condition of the SOQL subset the fake org evaluates.
enum Soql {
    Eq(String, String),
    And(Box<Soql>, Box<Soql>),
    Or(Box<Soql>, Box<Soql>),
}

#[derive(Debug, PartialEq)]
enum SoqlToken {
    Open,
    Close,
    Equals,
    Text(String),
    Word(String),
}

fn soql_tokens(s: &str) -> Option<Vec<SoqlToken>> {
    let mut out = Vec::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\n' | '\t' => {}
            '(' => out.push(SoqlToken::Open),
            ')' => out.push(SoqlToken::Close),
            '=' => out.push(SoqlToken::Equals),
            '\'' => {
                let mut text = String::new();
                loop {
                    match chars.next()? {
                        '\'' => break,
                        '\\' => text.push(match chars.next()? {
                            'n' => '\n',
                            'r' => '\r',
                            't' => '\t',
                            other => other,
                        }),
                        other => text.push(other),
                    }
                }
                out.push(SoqlToken::Text(text));
            }
            c if c.is_ascii_alphanumeric() || c == '_' => {
                let mut word = c.to_string();
                while let Some(&n) = chars.peek() {
                    if n.is_ascii_alphanumeric() || n == '_' || n == '.' {
                        word.push(n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push(SoqlToken::Word(word));
            }
            _ => return None,
        }
    }
    Some(out)
}

fn soql_keyword(t: Option<&SoqlToken>, kw: &str) -> bool {
    matches!(t, Some(SoqlToken::Word(w)) if w.eq_ignore_ascii_case(kw))
}

fn soql_or(t: &[SoqlToken], at: &mut usize) -> Option<Soql> {
    let mut left = soql_and(t, at)?;
    while soql_keyword(t.get(*at), "OR") {
        *at += 1;
        left = Soql::Or(Box::new(left), Box::new(soql_and(t, at)?));
    }
    Some(left)
}

fn soql_and(t: &[SoqlToken], at: &mut usize) -> Option<Soql> {
    let mut left = soql_atom(t, at)?;
    while soql_keyword(t.get(*at), "AND") {
        *at += 1;
        left = Soql::And(Box::new(left), Box::new(soql_atom(t, at)?));
    }
    Some(left)
}

fn soql_atom(t: &[SoqlToken], at: &mut usize) -> Option<Soql> {
    match t.get(*at)? {
        SoqlToken::Open => {
            *at += 1;
            let inner = soql_or(t, at)?;
            (t.get(*at)? == &SoqlToken::Close).then_some(())?;
            *at += 1;
            Some(inner)
        }
        SoqlToken::Word(field) => match (t.get(*at + 1)?, t.get(*at + 2)?) {
            (SoqlToken::Equals, SoqlToken::Text(v)) => {
                *at += 3;
                Some(Soql::Eq(field.clone(), v.clone()))
            }
            _ => None,
        },
        _ => None,
    }
}

fn soql_holds(c: &Soql, record: &Value) -> bool {
    match c {
        Soql::Eq(f, v) => record[f].as_str() == Some(v.as_str()),
        Soql::And(a, b) => soql_holds(a, record) && soql_holds(b, record),
        Soql::Or(a, b) => soql_holds(a, record) || soql_holds(b, record),
    }
}

/// `SELECT Id FROM Contact WHERE <conditions> [ORDER BY <field>] [LIMIT <n>]` over the fake
/// org's contacts: `=` on string literals, AND, OR and parentheses. None for anything else.
fn salesforce_contact_query(state: &FakeState, soql: &str) -> Option<Vec<Value>> {
    let rest = soql.strip_prefix("SELECT Id FROM Contact WHERE ")?;
    let tokens = soql_tokens(rest)?;
    let mut at = 0;
    let cond = soql_or(&tokens, &mut at)?;
    if soql_keyword(tokens.get(at), "ORDER") && soql_keyword(tokens.get(at + 1), "BY") {
        matches!(tokens.get(at + 2), Some(SoqlToken::Word(_))).then_some(())?;
        at += 3;
    }
    let mut limit = usize::MAX;
    if soql_keyword(tokens.get(at), "LIMIT") {
        match tokens.get(at + 1) {
            Some(SoqlToken::Word(n)) => limit = n.parse().ok()?,
            _ => return None,
        }
        at += 2;
    }
    (at == tokens.len()).then_some(())?;
    Some(with_crm(state, "salesforce", |c, _| {
        c.contacts
            .iter()
            .filter(|x| soql_holds(&cond, x))
            .take(limit)
            .map(|x| json!({ "attributes": { "type": "Contact" }, "Id": x["id"] }))
            .collect()
    }))
}

/// The Contact fields the fake org has.
const SALESFORCE_CONTACT_FIELDS: &[&str] = &[
    "FirstName",
    "LastName",
    "Phone",
    "MobilePhone",
    "HomePhone",
    "OtherPhone",
    "AssistantPhone",
    "RecordTypeId",
];

fn salesforce_error(code: &str, message: &str) -> Reply {
    reply(
        StatusCode::BAD_REQUEST,
        json!([{ "message": message, "errorCode": code, "fields": [] }]),
    )
}

/// `sobjects/Contact` and `sobjects/Task` creation in the fake org.
pub(super) async fn salesforce_create(
    State(state): State<FakeState>,
    Path((version, object)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    state.record(
        "POST",
        format!("/salesforce-instance/services/data/{version}/sobjects/{object}"),
        &headers,
        body.clone(),
    );
    if let Some(r) = crm_limited(&state, "salesforce") {
        return r;
    }
    if let Err((s, b)) = salesforce_bearer(&state, &headers) {
        return reply(s, b.0);
    }
    let Some(fields) = body.as_object() else {
        return salesforce_error("JSON_PARSER_ERROR", "not an object");
    };
    let created = |id: String| {
        reply(
            StatusCode::CREATED,
            json!({ "id": id, "success": true, "errors": [] }),
        )
    };
    match object.as_str() {
        "Contact" => {
            if let Some(bad) = fields
                .keys()
                .find(|k| !SALESFORCE_CONTACT_FIELDS.contains(&k.as_str()))
            {
                return salesforce_error(
                    "INVALID_FIELD",
                    &format!("No such column '{bad}' on sobject of type Contact"),
                );
            }
            if body["LastName"].as_str().is_none_or(str::is_empty) {
                return salesforce_error(
                    "REQUIRED_FIELD_MISSING",
                    "Required fields are missing: [LastName]",
                );
            }
            if let Some(rt) = body.get("RecordTypeId") {
                if !SALESFORCE_RECORD_TYPES.iter().any(|(id, _, _)| rt == id) {
                    return salesforce_error(
                        "INVALID_CROSS_REFERENCE_KEY",
                        "Record Type ID: this ID value isn't valid for the user",
                    );
                }
            }
            created(add_contact(
                &state,
                "salesforce",
                body.clone(),
                Some("003"),
                &["Id"],
            ))
        }
        "Task" => {
            let who = body["WhoId"].as_str().unwrap_or_default().to_owned();
            if crm_contact(&state, "salesforce", &who).is_none() {
                return salesforce_error(
                    "INVALID_CROSS_REFERENCE_KEY",
                    "Name ID: id value of incorrect type",
                );
            }
            if !body["Subject"].is_string() || !body["Status"].is_string() {
                return salesforce_error(
                    "REQUIRED_FIELD_MISSING",
                    "Required fields are missing: [Subject, Status]",
                );
            }
            let id = add_activity(
                &state,
                "salesforce",
                json!({
                    "contact_id": who,
                    "body": body["Description"],
                    "subject": body["Subject"],
                    "activity_date": body["ActivityDate"],
                    "status": body["Status"],
                }),
                Some("00T"),
            );
            created(id)
        }
        _ => reply(
            StatusCode::NOT_FOUND,
            json!([{ "message": "The requested resource does not exist", "errorCode": "NOT_FOUND" }]),
        ),
    }
}
