//! Salesforce: OAuth (web-server flow with PKCE) against the login host. The token answer names
//! the org's `instance_url`, the base of its REST API, which is kept with the link.

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

#[derive(Deserialize)]
struct Answer {
    access_token: Option<String>,
    refresh_token: Option<String>,
    instance_url: Option<String>,
    error: Option<String>,
}

async fn token_request(app: &SalesforceApp, params: &[(&str, &str)]) -> Result<Grant, OAuthError> {
    let client = reqwest::Client::builder()
        .timeout(crate::TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| OAuthError::Upstream(e.without_url().to_string()))?;
    let mut form = vec![
        ("client_id", app.client_id.as_str()),
        ("client_secret", app.client_secret.expose_secret()),
    ];
    form.extend_from_slice(params);
    let base = app.login_url.trim_end_matches('/');
    let res = client
        .post(format!("{base}/services/oauth2/token"))
        .form(&form)
        .send()
        .await
        .map_err(|e| OAuthError::Upstream(e.without_url().to_string()))?;
    let status = res.status();
    let answer: Answer = res
        .json()
        .await
        .map_err(|_| OAuthError::Upstream(format!("salesforce answered {status} unreadably")))?;
    match (answer.access_token, answer.error.as_deref()) {
        (Some(access_token), None) if status.is_success() => Ok(Grant {
            // Salesforce gives no lifetime: the session policy of the org decides.
            tokens: Tokens {
                access_token,
                refresh_token: answer.refresh_token,
                expires_in: None,
            },
            instance_url: answer.instance_url,
        }),
        (_, Some("invalid_grant")) => Err(OAuthError::Revoked),
        (_, e) => Err(OAuthError::Upstream(format!(
            "salesforce answered {status}: {}",
            e.unwrap_or("no token")
        ))),
    }
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
