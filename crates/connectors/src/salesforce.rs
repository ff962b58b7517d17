//! Salesforce: OAuth (web-server flow with PKCE) against the login host. The token answer names
//! the org's `instance_url`, the base of its REST API, which is kept with the link. The chat log
//! finds a Contact by the selected record types' phone fields (SOQL), creates one only when the
//! link allows it, and logs a completed Task per message.

use crate::oauth::{OAuthError, Tokens};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

/// The connected app, from configuration.
#[derive(Debug, Clone)]
pub struct SalesforceApp {
    pub client_id: String,
    pub client_secret: SecretString,
    /// e.g. `https://login.salesforce.com`.
    pub login_url: String,
    pub redirect_url: String,
}

/// What a token answer adds to the tokens.
#[derive(Debug, Clone)]
pub struct Grant {
    pub tokens: Tokens,
    pub instance_url: Option<String>,
}

/// The consent page, with the PKCE (S256) `challenge`.
pub fn authorize_url(
    app: &SalesforceApp,
    state: &str,
    challenge: &str,
) -> Result<String, OAuthError> {
    if app.client_id.is_empty() {
        return Err(OAuthError::Misconfigured("client_id".to_owned()));
    }
    let base = app.login_url.trim_end_matches('/');
    let mut url = url::Url::parse(&format!("{base}/services/oauth2/authorize"))
        .map_err(|_| OAuthError::Misconfigured("login_url".to_owned()))?;
    url.query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("client_id", &app.client_id)
        .append_pair("redirect_uri", &app.redirect_url)
        .append_pair("scope", "api refresh_token")
        .append_pair("state", state)
        .append_pair("code_challenge", challenge)
        .append_pair("code_challenge_method", "S256");
    Ok(url.to_string())
}

async fn token_request(app: &SalesforceApp, params: &[(&str, &str)]) -> Result<Grant, OAuthError> {
    let mut form = vec![
        ("client_id", app.client_id.as_str()),
        ("client_secret", app.client_secret.expose_secret()),
    ];
    form.extend_from_slice(params);
    let base = app.login_url.trim_end_matches('/');
    let (tokens, answer) = crate::oauth::token_call("salesforce", &["invalid_grant"], |client| {
        client
            .post(format!("{base}/services/oauth2/token"))
            .form(&form)
    })
    .await?;
    Ok(Grant {
        // Salesforce gives no lifetime: the session policy of the org decides.
        tokens: Tokens {
            expires_in: None,
            ..tokens
        },
        instance_url: answer.instance_url,
    })
}

/// Exchanges the code with the PKCE `verifier`.
pub async fn exchange_code(
    app: &SalesforceApp,
    code: &str,
    verifier: &str,
) -> Result<Grant, OAuthError> {
    token_request(
        app,
        &[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", &app.redirect_url),
            ("code_verifier", verifier),
        ],
    )
    .await
}

/// A new access token for `refresh_token`.
pub async fn refresh(app: &SalesforceApp, refresh_token: &str) -> Result<Grant, OAuthError> {
    token_request(
        app,
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
        ],
    )
    .await
}

/// The REST API version the server calls at the org's instance.
pub const API_VERSION: &str = "v59.0";

/// Why a call to the org's REST API failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 401: the access token expired or was revoked (refresh and try again once).
    #[error("salesforce refused the access token")]
    Unauthorized,
    #[error("salesforce call failed: {0}")]
    Upstream(String),
}

/// One record type (000 §3 'Salesforce record type').
#[derive(Debug, Clone, Deserialize)]
pub struct RecordType {
    #[serde(rename = "Id")]
    pub id: String,
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "DeveloperName", default)]
    pub developer_name: Option<String>,
}

/// One field of an object's UI-API object info.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldInfo {
    pub api_name: String,
    pub label: String,
    #[serde(default)]
    pub data_type: Option<String>,
}

/// Whether `id` looks like a Salesforce record id (15 or 18 letters and digits), so it can be
/// put in a path or query without escaping surprises.
pub fn is_record_id(id: &str) -> bool {
    matches!(id.len(), 15 | 18) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

async fn api_get<T: for<'de> Deserialize<'de>>(
    instance_url: &str,
    access_token: &str,
    path_and_query: &str,
) -> Result<T, ApiError> {
    let client = reqwest::Client::builder()
        .timeout(crate::TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| ApiError::Upstream(e.without_url().to_string()))?;
    let base = instance_url.trim_end_matches('/');
    let res = client
        .get(format!(
            "{base}/services/data/{API_VERSION}{path_and_query}"
        ))
        .bearer_auth(access_token)
        .send()
        .await
        .map_err(|e| ApiError::Upstream(e.without_url().to_string()))?;
    let status = res.status();
    if status == reqwest::StatusCode::UNAUTHORIZED {
        return Err(ApiError::Unauthorized);
    }
    if !status.is_success() {
        return Err(ApiError::Upstream(format!("salesforce answered {status}")));
    }
    res.json()
        .await
        .map_err(|_| ApiError::Upstream(format!("salesforce answered {status} unreadably")))
}

#[derive(Deserialize)]
struct QueryAnswer {
    records: Vec<RecordType>,
}

/// The org's active contact record types (SOQL on `RecordType`).
pub async fn record_types(
    instance_url: &str,
    access_token: &str,
) -> Result<Vec<RecordType>, ApiError> {
    let soql = "SELECT Id, Name, DeveloperName FROM RecordType \
                WHERE SobjectType = 'Contact' AND IsActive = true ORDER BY Name";
    let q: String = url::form_urlencoded::byte_serialize(soql.as_bytes()).collect();
    let answer: QueryAnswer = api_get(instance_url, access_token, &format!("/query?q={q}")).await?;
    Ok(answer.records)
}

#[derive(Deserialize)]
struct ObjectInfo {
    fields: std::collections::BTreeMap<String, FieldInfo>,
}

/// The `User` object's fields (UI API object info) for record type `record_type_id`, which
/// must pass [`is_record_id`].
pub async fn user_fields(
    instance_url: &str,
    access_token: &str,
    record_type_id: &str,
) -> Result<std::collections::BTreeMap<String, FieldInfo>, ApiError> {
    if !is_record_id(record_type_id) {
        return Err(ApiError::Upstream("not a record type id".to_owned()));
    }
    let info: ObjectInfo = api_get(
        instance_url,
        access_token,
        &format!("/ui-api/object-info/User?recordTypeId={record_type_id}"),
    )
    .await?;
    Ok(info.fields)
}

/// `value` as a SOQL string literal: quoted, with backslashes and quotes escaped.
pub fn soql_literal(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Whether `name` can be a field API name (letters, digits, underscores, starting with a
/// letter), so it can be put in SOQL as is.
fn is_field_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The selected phone fields that are field names, `Phone` when none is.
fn phone_fields(rt: &crate::activity::SalesforceRecordType) -> Vec<&str> {
    let fields: Vec<&str> = rt
        .phone_fields
        .iter()
        .map(String::as_str)
        .filter(|f| is_field_name(f))
        .collect();
    if fields.is_empty() {
        vec!["Phone"]
    } else {
        fields
    }
}

/// The SOQL that finds a Contact with `phone` (written with or without `+`) in one of the
/// selected phone fields of its record type; with no record type selected, in `Phone`.
pub fn contact_query(
    phone_digits: &str,
    record_types: &[crate::activity::SalesforceRecordType],
) -> String {
    let values = [
        soql_literal(&format!("+{phone_digits}")),
        soql_literal(phone_digits),
    ];
    let any_field = |fields: &[&str]| {
        let terms: Vec<String> = fields
            .iter()
            .flat_map(|f| values.iter().map(move |v| format!("{f} = {v}")))
            .collect();
        format!("({})", terms.join(" OR "))
    };
    let selected: Vec<_> = record_types
        .iter()
        .filter(|rt| is_record_id(&rt.id))
        .collect();
    let filter = if selected.is_empty() {
        any_field(&["Phone"])
    } else {
        selected
            .iter()
            .map(|rt| {
                format!(
                    "(RecordTypeId = {} AND {})",
                    soql_literal(&rt.id),
                    any_field(&phone_fields(rt))
                )
            })
            .collect::<Vec<_>>()
            .join(" OR ")
    };
    format!("SELECT Id FROM Contact WHERE {filter} ORDER BY CreatedDate LIMIT 1")
}

/// Finds the chat's Contact ([`contact_query`]); when none, skips (creation off) or creates it
/// with the first selected record type and the number in that type's first phone field; then
/// logs a completed Task on it.
pub async fn log_chat(
    instance_url: &str,
    access_token: &str,
    contact_creation: bool,
    record_types: &[crate::activity::SalesforceRecordType],
    activity: &crate::activity::ChatActivity,
    allow: &[std::net::SocketAddr],
) -> Result<crate::activity::Outcome, crate::ConnectorError> {
    use crate::activity::{digits, id_at, send, Auth, Logged, Outcome};
    use reqwest::Method;
    use serde_json::json;
    let api = format!(
        "{}/services/data/{API_VERSION}",
        instance_url.trim_end_matches('/')
    );
    let soql = contact_query(&digits(&activity.phone), record_types);
    let found = send(
        "salesforce",
        Auth::OAuth,
        Method::GET,
        &format!("{api}/query"),
        allow,
        |b| b.bearer_auth(access_token).query(&[("q", soql.as_str())]),
    )
    .await?;
    let existing = found
        .as_ref()
        .and_then(|a| a.pointer("/records/0/Id"))
        .and_then(crate::activity::id_string);
    let post = |object: &str, body: serde_json::Value| {
        let url = format!("{api}/sobjects/{object}");
        async move {
            send("salesforce", Auth::OAuth, Method::POST, &url, allow, |b| {
                b.bearer_auth(access_token).json(&body)
            })
            .await
        }
    };
    let (contact_id, contact_created) = match existing {
        Some(id) => (id, false),
        None if !contact_creation => return Ok(Outcome::SkippedNoContact),
        None => {
            let first = record_types.iter().find(|rt| is_record_id(&rt.id));
            let field = first.map_or("Phone", |rt| phone_fields(rt)[0]);
            let mut contact = json!({ "LastName": activity.display_name() });
            contact[field] = json!(activity.international_phone());
            if let Some(rt) = first {
                contact["RecordTypeId"] = json!(rt.id);
            }
            let created = post("Contact", contact).await?;
            (id_at(&created, "/id", "salesforce contact creation")?, true)
        }
    };
    let task = post(
        "Task",
        json!({
            "Subject": activity.title(),
            "Description": activity.note_text(),
            "WhoId": contact_id,
            "ActivityDate": crate::activity::utc_date(activity.occurred_at_ms),
            "Status": "Completed",
        }),
    )
    .await?;
    Ok(Outcome::Logged(Logged {
        activity_id: id_at(&task, "/id", "salesforce task creation")?,
        contact_id,
        contact_created,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::activity::SalesforceRecordType;

    #[test]
    fn soql_literals_escape_quotes_and_backslashes() {
        assert_eq!(soql_literal("91'98\\x"), "'91\\'98\\\\x'");
    }

    #[test]
    fn the_contact_query_searches_each_selected_types_fields_and_drops_unsafe_names() {
        let rts = vec![
            SalesforceRecordType {
                id: "012000000000001AAA".to_owned(),
                phone_fields: vec!["MobilePhone".to_owned(), "x' OR Id != '".to_owned()],
            },
            SalesforceRecordType {
                id: "012000000000002AAA".to_owned(),
                phone_fields: vec![],
            },
        ];
        assert_eq!(
            contact_query("91", &rts),
            "SELECT Id FROM Contact WHERE \
             (RecordTypeId = '012000000000001AAA' AND (MobilePhone = '+91' OR MobilePhone = '91')) \
             OR (RecordTypeId = '012000000000002AAA' AND (Phone = '+91' OR Phone = '91')) \
             ORDER BY CreatedDate LIMIT 1"
        );
        assert_eq!(
            contact_query("91", &[]),
            "SELECT Id FROM Contact WHERE (Phone = '+91' OR Phone = '91') ORDER BY CreatedDate LIMIT 1"
        );
    }
}
