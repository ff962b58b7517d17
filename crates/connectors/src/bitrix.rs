//! Bitrix24: OAuth against the user's own portal. The consent page is on the portal
//! (`https://<portal>/oauth/authorize/`), the token endpoint is Bitrix's central OAuth server,
//! called with GET and the client secret in the query (Bitrix's documented form); its answer
//! names the portal's REST endpoint (`client_endpoint`). Access tokens live an hour. The chat
//! log finds or creates a contact by phone there and adds a timeline comment per message.

use crate::oauth::{OAuthError, Tokens};
use secrecy::{ExposeSecret, SecretString};

/// The Bitrix24 application, from configuration.
#[derive(Debug, Clone)]
pub struct BitrixApp {
    pub client_id: String,
    pub client_secret: SecretString,
    /// Bitrix's OAuth server, e.g. `https://oauth.bitrix.info/oauth/token/`.
    pub token_url: String,
}

/// What a token answer adds to the tokens.
#[derive(Debug, Clone)]
pub struct Grant {
    pub tokens: Tokens,
    /// The portal's REST base, e.g. `https://acme.bitrix24.com/rest/`.
    pub client_endpoint: Option<String>,
}

/// The consent page on `portal_base` (e.g. `https://acme.bitrix24.com`).
pub fn authorize_url(
    portal_base: &str,
    client_id: &str,
    state: &str,
) -> Result<String, OAuthError> {
    let mut url = url::Url::parse(&format!(
        "{}/oauth/authorize/",
        portal_base.trim_end_matches('/')
    ))
    .map_err(|_| OAuthError::Misconfigured("bitrix portal url".to_owned()))?;
    url.query_pairs_mut()
        .append_pair("client_id", client_id)
        .append_pair("state", state);
    Ok(url.to_string())
}

async fn token_request(app: &BitrixApp, params: &[(&str, &str)]) -> Result<Grant, OAuthError> {
    if app.client_id.is_empty() {
        return Err(OAuthError::Misconfigured("client_id".to_owned()));
    }
    let mut query = vec![
        ("client_id", app.client_id.as_str()),
        ("client_secret", app.client_secret.expose_secret()),
    ];
    query.extend_from_slice(params);
    let revoked = ["invalid_grant", "expired_token", "invalid_token"];
    let (tokens, answer) = crate::oauth::token_call("bitrix", &revoked, |client| {
        client.get(&app.token_url).query(&query)
    })
    .await?;
    Ok(Grant {
        tokens,
        client_endpoint: answer.client_endpoint,
    })
}

/// Exchanges the code the portal returned.
pub async fn exchange_code(app: &BitrixApp, code: &str) -> Result<Grant, OAuthError> {
    token_request(app, &[("grant_type", "authorization_code"), ("code", code)]).await
}

/// A new token pair for `refresh_token` (Bitrix rotates refresh tokens).
pub async fn refresh(app: &BitrixApp, refresh_token: &str) -> Result<Grant, OAuthError> {
    token_request(
        app,
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
        ],
    )
    .await
}

/// Finds the contact by phone (`crm.contact.list` filtered on `PHONE`), else creates it
/// (`crm.contact.add`), and adds the message to its timeline (`crm.timeline.comment.add`).
/// Bitrix takes the token as the `auth` query parameter and answers an expired one with 401
/// `expired_token`.
pub async fn log_chat(
    client_endpoint: &str,
    access_token: &str,
    activity: &crate::activity::ChatActivity,
    allow: &[std::net::SocketAddr],
) -> Result<crate::activity::Outcome, crate::ConnectorError> {
    use crate::activity::{id_at, send, Auth, Logged, Outcome};
    use serde_json::json;
    let base = format!("{}/", client_endpoint.trim_end_matches('/'));
    let call = |method: &str, body: serde_json::Value| {
        let url = format!("{base}{method}.json");
        async move {
            send(
                "bitrix",
                Auth::OAuth,
                reqwest::Method::POST,
                &url,
                allow,
                |b| b.query(&[("auth", access_token)]).json(&body),
            )
            .await
        }
    };
    let phone = activity.international_phone();
    let found = call(
        "crm.contact.list",
        json!({ "filter": { "PHONE": phone }, "select": ["ID"] }),
    )
    .await?;
    let existing = found
        .as_ref()
        .and_then(|a| a.pointer("/result/0/ID"))
        .and_then(crate::activity::id_string);
    let (contact_id, contact_created) = match existing {
        Some(id) => (id, false),
        None => {
            let created = call(
                "crm.contact.add",
                json!({ "fields": {
                    "NAME": activity.display_name(),
                    "PHONE": [{ "VALUE": phone, "VALUE_TYPE": "MOBILE" }],
                }}),
            )
            .await?;
            (id_at(&created, "/result", "bitrix contact creation")?, true)
        }
    };
    let comment = call(
        "crm.timeline.comment.add",
        json!({ "fields": {
            "ENTITY_ID": contact_id,
            "ENTITY_TYPE": "contact",
            "COMMENT": activity.note_text(),
        }}),
    )
    .await?;
    Ok(Outcome::Logged(Logged {
        activity_id: id_at(&comment, "/result", "bitrix timeline comment")?,
        contact_id,
        contact_created,
    }))
}
