//! Zoho CRM: OAuth with Zoho's data centres. The consent page is on the main accounts server;
//! Zoho sends the user back with `accounts-server` naming the data centre that holds the account,
//! and the code must be exchanged there (and tokens refreshed there). That address comes from the
//! browser, so it is accepted only when it is one of the configured Zoho accounts servers. Zoho
//! answers some errors with HTTP 200 and an `error` field, so the token calls are made here
//! rather than through the `oauth2` crate. The chat log finds or creates a Contact by phone and
//! adds a Note per message.

use crate::oauth::{OAuthError, Tokens};
use secrecy::{ExposeSecret, SecretString};

/// 000 §7 'GET zoho/scopes returns data.scopes. On failure a fixed scope list is used': the list.
pub const SCOPES: &[&str] = &[
    "ZohoCRM.modules.ALL",
    "ZohoCRM.settings.ALL",
    "ZohoCRM.users.READ",
    "ZohoCRM.org.READ",
    "ZohoCRM.coql.READ",
];

/// The Zoho application, from configuration.
#[derive(Debug, Clone)]
pub struct ZohoApp {
    pub client_id: String,
    pub client_secret: SecretString,
    pub authorize_url: String,
    pub redirect_url: String,
}

/// The consent page: offline access (a refresh token) and a fresh consent each time.
pub fn authorize_url(app: &ZohoApp, state: &str) -> Result<String, OAuthError> {
    if app.client_id.is_empty() {
        return Err(OAuthError::Misconfigured("client_id".to_owned()));
    }
    let mut url = url::Url::parse(&app.authorize_url)
        .map_err(|_| OAuthError::Misconfigured("authorize_url".to_owned()))?;
    url.query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("client_id", &app.client_id)
        .append_pair("scope", &SCOPES.join(","))
        .append_pair("redirect_uri", &app.redirect_url)
        .append_pair("access_type", "offline")
        .append_pair("prompt", "consent")
        .append_pair("state", state);
    Ok(url.to_string())
}

/// `raw` (the `accounts-server` the browser got back) when it is one of `allowed` (compared
/// without a trailing slash, case-insensitively); its token endpoint is `<it>/oauth/v2/token`.
pub fn accounts_server(raw: &str, allowed: &[String]) -> Option<String> {
    let want = raw.trim().trim_end_matches('/').to_ascii_lowercase();
    allowed
        .iter()
        .map(|a| a.trim().trim_end_matches('/'))
        .find(|a| a.to_ascii_lowercase() == want)
        .map(str::to_owned)
}

async fn token_request(
    app: &ZohoApp,
    server: &str,
    params: &[(&str, &str)],
) -> Result<Tokens, OAuthError> {
    let mut form = vec![
        ("client_id", app.client_id.as_str()),
        ("client_secret", app.client_secret.expose_secret()),
    ];
    form.extend_from_slice(params);
    let revoked = ["invalid_code", "invalid_grant", "invalid_token"];
    let (tokens, _) = crate::oauth::token_call("zoho", &revoked, |client| {
        client.post(format!("{server}/oauth/v2/token")).form(&form)
    })
    .await?;
    Ok(tokens)
}

/// Exchanges the code at the account's data centre.
pub async fn exchange_code(app: &ZohoApp, server: &str, code: &str) -> Result<Tokens, OAuthError> {
    token_request(
        app,
        server,
        &[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", &app.redirect_url),
        ],
    )
    .await
}

/// A new access token (Zoho keeps the refresh token).
pub async fn refresh(
    app: &ZohoApp,
    server: &str,
    refresh_token: &str,
) -> Result<Tokens, OAuthError> {
    token_request(
        app,
        server,
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
        ],
    )
    .await
}

/// Finds the contact by phone (`Contacts/search?phone=`, 204 when none), else creates it, and
/// attaches a note with the message. Zoho takes the token as `Zoho-oauthtoken <token>`.
pub async fn log_chat(
    api_url: &str,
    access_token: &str,
    activity: &crate::activity::ChatActivity,
    allow: &[std::net::SocketAddr],
) -> Result<crate::activity::Outcome, crate::ConnectorError> {
    use crate::activity::{id_at, send, Auth, Logged, Outcome};
    use reqwest::Method;
    use serde_json::json;
    let api = api_url.trim_end_matches('/');
    let authorization = format!("Zoho-oauthtoken {access_token}");
    let phone = activity.international_phone();
    let found = send(
        "zoho",
        Auth::OAuth,
        Method::GET,
        &format!("{api}/crm/v2/Contacts/search"),
        allow,
        |b| {
            b.header(reqwest::header::AUTHORIZATION, &authorization)
                .query(&[("phone", phone.as_str())])
        },
    )
    .await?;
    let existing = found
        .as_ref()
        .and_then(|a| a.pointer("/data/0/id"))
        .and_then(crate::activity::id_string);
    let post = |path: &str, record: serde_json::Value| {
        let url = format!("{api}{path}");
        let authorization = authorization.clone();
        async move {
            send("zoho", Auth::OAuth, Method::POST, &url, allow, |b| {
                b.header(reqwest::header::AUTHORIZATION, authorization)
                    .json(&json!({ "data": [record] }))
            })
            .await
        }
    };
    let (contact_id, contact_created) = match existing {
        Some(id) => (id, false),
        None => {
            let created = post(
                "/crm/v2/Contacts",
                json!({ "Last_Name": activity.display_name(), "Phone": phone }),
            )
            .await?;
            (
                id_at(&created, "/data/0/details/id", "zoho contact creation")?,
                true,
            )
        }
    };
    let note = post(
        "/crm/v2/Notes",
        json!({
            "Note_Title": activity.title(),
            "Note_Content": activity.note_text(),
            "Parent_Id": contact_id,
            "se_module": "Contacts",
        }),
    )
    .await?;
    Ok(Outcome::Logged(Logged {
        activity_id: id_at(&note, "/data/0/details/id", "zoho note creation")?,
        contact_id,
        contact_created,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_configured_zoho_accounts_server_is_accepted() {
        let allowed = vec![
            "https://accounts.zoho.com".to_owned(),
            "https://accounts.zoho.eu/".to_owned(),
        ];
        assert_eq!(
            accounts_server("https://Accounts.Zoho.EU/", &allowed).as_deref(),
            Some("https://accounts.zoho.eu")
        );
        assert_eq!(
            accounts_server("https://accounts.zoho.eu.evil.test", &allowed),
            None
        );
        assert_eq!(accounts_server("http://169.254.169.254", &allowed), None);
        assert_eq!(accounts_server("", &allowed), None);
    }
}
