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
