//! The OAuth 2.0 authorization-code flow the CRMs share (HubSpot now; Zoho, Salesforce and
//! Google follow the same shape), on the `oauth2` crate: the consent URL with the server-issued
//! `state` (and a PKCE challenge where the provider takes one), the code exchange with the
//! client secret (which never leaves the server), and the refresh. A refresh the provider refuses
//! with `invalid_grant` is [`OAuthError::Revoked`]: the link needs a new consent.

use oauth2::basic::{BasicClient, BasicErrorResponseType};
use oauth2::{
    AuthType, AuthUrl, AuthorizationCode, ClientId, ClientSecret, CsrfToken, PkceCodeChallenge,
    PkceCodeVerifier, RedirectUrl, RefreshToken, RequestTokenError, Scope, TokenResponse, TokenUrl,
};
use secrecy::{ExposeSecret, SecretString};

/// One provider's OAuth application, all from configuration.
#[derive(Debug, Clone)]
pub struct OAuthApp {
    pub client_id: String,
    pub client_secret: SecretString,
    pub authorize_url: String,
    pub token_url: String,
    pub redirect_url: String,
    /// Scopes the user must grant.
    pub scopes: Vec<String>,
    /// Scopes the user may grant (HubSpot's `optional_scope`), space-separated on the wire.
    pub optional_scopes: Vec<String>,
    /// Send a PKCE (S256) challenge.
    pub pkce: bool,
    /// Client credentials in the form body (HubSpot, Zoho) rather than HTTP basic auth.
    pub credentials_in_body: bool,
}

/// Tokens a provider granted.
#[derive(Clone)]
pub struct Tokens {
    pub access_token: String,
    pub refresh_token: Option<String>,
    /// Seconds until the access token expires, when the provider says.
    pub expires_in: Option<u64>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tokens")
            .field("expires_in", &self.expires_in)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum OAuthError {
    #[error("the OAuth application is not configured: {0}")]
    Misconfigured(String),
    /// The provider refused the code or the refresh token (`invalid_grant`).
    #[error("the provider refused the grant")]
    Revoked,
    #[error("token request failed: {0}")]
    Upstream(String),
}

/// A provider's answer to a token request made by hand (Salesforce, Zoho and Bitrix, whose
/// token calls are not the standard one): the tokens, the provider's own extra field, or its
/// error code.
#[derive(serde::Deserialize)]
pub(crate) struct TokenAnswer {
    pub access_token: Option<String>,
    pub refresh_token: Option<String>,
    pub expires_in: Option<u64>,
    pub error: Option<String>,
    /// Salesforce: the organisation's instance.
    pub instance_url: Option<String>,
    /// Bitrix: the portal's REST endpoint.
    pub client_endpoint: Option<String>,
}

/// Sends the token request `request` builds (on a client that follows no redirect) and reads
/// the answer: the tokens with the whole answer, [`OAuthError::Revoked`] for one of the
/// provider's `revoked` error codes, [`OAuthError::Upstream`] for anything else.
pub(crate) async fn token_call(
    provider: &str,
    revoked: &[&str],
    request: impl FnOnce(&reqwest::Client) -> reqwest::RequestBuilder,
) -> Result<(Tokens, TokenAnswer), OAuthError> {
    let upstream = |e: reqwest::Error| OAuthError::Upstream(e.without_url().to_string());
    let client = reqwest::Client::builder()
        .timeout(crate::TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(upstream)?;
    let res = request(&client).send().await.map_err(upstream)?;
    let status = res.status();
    let answer: TokenAnswer = res
        .json()
        .await
        .map_err(|_| OAuthError::Upstream(format!("{provider} answered {status} unreadably")))?;
    match (answer.access_token.clone(), answer.error.as_deref()) {
        (Some(access_token), None) if status.is_success() => {
            let tokens = Tokens {
                access_token,
                refresh_token: answer.refresh_token.clone(),
                expires_in: answer.expires_in,
            };
            Ok((tokens, answer))
        }
        (_, Some(e)) if revoked.contains(&e) => Err(OAuthError::Revoked),
        (_, e) => Err(OAuthError::Upstream(format!(
            "{provider} answered {status}: {}",
            e.unwrap_or("no token")
        ))),
    }
}

/// A PKCE pair: the challenge goes in the consent URL, the verifier stays on the server.
pub fn pkce_pair() -> (String, String) {
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    (challenge.as_str().to_owned(), verifier.secret().to_owned())
}

macro_rules! client {
    ($app:expr) => {{
        let app: &OAuthApp = $app;
        let bad = |what: &str| OAuthError::Misconfigured(what.to_owned());
        let auth = AuthUrl::new(app.authorize_url.clone()).map_err(|_| bad("authorize_url"))?;
        let token = TokenUrl::new(app.token_url.clone()).map_err(|_| bad("token_url"))?;
        let redirect =
            RedirectUrl::new(app.redirect_url.clone()).map_err(|_| bad("redirect_url"))?;
        if app.client_id.is_empty() {
            return Err(bad("client_id"));
        }
        BasicClient::new(ClientId::new(app.client_id.clone()))
            .set_client_secret(ClientSecret::new(
                app.client_secret.expose_secret().to_owned(),
            ))
            .set_auth_uri(auth)
            .set_token_uri(token)
            .set_redirect_uri(redirect)
            .set_auth_type(if app.credentials_in_body {
                AuthType::RequestBody
            } else {
                AuthType::BasicAuth
            })
    }};
}

/// The consent page for `state` (and the PKCE `challenge` when the app uses one).
pub fn authorize_url(
    app: &OAuthApp,
    state: &str,
    challenge: Option<&str>,
) -> Result<String, OAuthError> {
    let client = client!(app);
    let state = state.to_owned();
    let mut req = client.authorize_url(move || CsrfToken::new(state));
    for s in &app.scopes {
        req = req.add_scope(Scope::new(s.clone()));
    }
    if !app.optional_scopes.is_empty() {
        req = req.add_extra_param("optional_scope", app.optional_scopes.join(" "));
    }
    let (mut url, _) = req.url();
    if let Some(c) = challenge.filter(|_| app.pkce) {
        url.query_pairs_mut()
            .append_pair("code_challenge", c)
            .append_pair("code_challenge_method", "S256");
    }
    Ok(url.to_string())
}

fn http() -> Result<reqwest::Client, OAuthError> {
    reqwest::Client::builder()
        .timeout(crate::TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| OAuthError::Upstream(e.without_url().to_string()))
}

fn tokens_of(t: &oauth2::basic::BasicTokenResponse) -> Tokens {
    Tokens {
        access_token: t.access_token().secret().clone(),
        refresh_token: t.refresh_token().map(|r| r.secret().clone()),
        expires_in: t.expires_in().map(|d| d.as_secs()),
    }
}

fn token_error<RE: std::error::Error + 'static>(
    e: RequestTokenError<RE, oauth2::basic::BasicErrorResponse>,
) -> OAuthError {
    match e {
        RequestTokenError::ServerResponse(r)
            if matches!(r.error(), BasicErrorResponseType::InvalidGrant) =>
        {
            OAuthError::Revoked
        }
        RequestTokenError::ServerResponse(r) => {
            OAuthError::Upstream(format!("provider error {}", r.error()))
        }
        RequestTokenError::Request(_) => OAuthError::Upstream("request failed".to_owned()),
        RequestTokenError::Parse(_, _) => {
            OAuthError::Upstream("unreadable token answer".to_owned())
        }
        RequestTokenError::Other(o) => OAuthError::Upstream(o),
    }
}

/// Exchanges the code the provider returned, with the client secret and the PKCE verifier.
pub async fn exchange_code(
    app: &OAuthApp,
    code: &str,
    verifier: Option<&str>,
) -> Result<Tokens, OAuthError> {
    let client = client!(app);
    let mut req = client.exchange_code(AuthorizationCode::new(code.to_owned()));
    if let Some(v) = verifier.filter(|_| app.pkce) {
        req = req.set_pkce_verifier(PkceCodeVerifier::new(v.to_owned()));
    }
    let t = req.request_async(&http()?).await.map_err(token_error)?;
    Ok(tokens_of(&t))
}

/// A new access token for `refresh_token`. Providers that rotate refresh tokens answer a new
/// one; the others keep the old one (the caller keeps it when `refresh_token` is None).
pub async fn refresh(app: &OAuthApp, refresh_token: &str) -> Result<Tokens, OAuthError> {
    let client = client!(app);
    let t = client
        .exchange_refresh_token(&RefreshToken::new(refresh_token.to_owned()))
        .request_async(&http()?)
        .await
        .map_err(token_error)?;
    Ok(tokens_of(&t))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn app(pkce: bool) -> OAuthApp {
        OAuthApp {
            client_id: "cid".into(),
            client_secret: "shh".to_owned().into(),
            authorize_url: "https://auth.example.com/authorize".into(),
            token_url: "https://auth.example.com/token".into(),
            redirect_url: "https://app.example.com/integrations".into(),
            scopes: vec!["a.read".into()],
            optional_scopes: vec!["b.read".into(), "c.write".into()],
            pkce,
            credentials_in_body: true,
        }
    }

    #[test]
    fn the_consent_url_carries_state_scopes_and_the_challenge_but_never_the_secret() {
        let url = authorize_url(&app(true), "st4te", Some("chal")).unwrap();
        let parsed = url::Url::parse(&url).unwrap();
        let q: std::collections::HashMap<_, _> = parsed.query_pairs().into_owned().collect();
        assert_eq!(q["state"], "st4te");
        assert_eq!(q["client_id"], "cid");
        assert_eq!(q["scope"], "a.read");
        assert_eq!(q["optional_scope"], "b.read c.write");
        assert_eq!(q["redirect_uri"], "https://app.example.com/integrations");
        assert_eq!(q["code_challenge"], "chal");
        assert_eq!(q["code_challenge_method"], "S256");
        assert!(!url.contains("shh"));
        let plain = authorize_url(&app(false), "s", Some("chal")).unwrap();
        assert!(!plain.contains("code_challenge"));
    }

    #[test]
    fn an_unconfigured_application_is_refused() {
        let mut a = app(false);
        a.client_id = String::new();
        assert!(matches!(
            authorize_url(&a, "s", None),
            Err(OAuthError::Misconfigured(_))
        ));
    }
}
