//! Google Sheets: the OAuth application (offline access, so Google grants a refresh token, and
//! the drive-file scope — 000 §7 'the spreadsheet permission scope is drive file access', which
//! reaches only the files this app creates), the spreadsheet the link writes to, and the row
//! append the sync engine uses. Consent, code exchange and refresh are the shared
//! [`crate::oauth`] flow; the Sheets base URL comes from configuration.

use crate::oauth::{OAuthApp, OAuthError};
use crate::ConnectorError;
use serde::Deserialize;
use serde_json::{json, Value};

/// The one scope asked for.
pub const SCOPES: &[&str] = &["https://www.googleapis.com/auth/drive.file"];

/// The consent page: the shared OAuth URL plus offline access and a fresh consent, without
/// which Google grants no refresh token on a second link.
pub fn authorize_url(app: &OAuthApp, state: &str) -> Result<String, OAuthError> {
    let url = crate::oauth::authorize_url(app, state, None)?;
    let mut parsed =
        url::Url::parse(&url).map_err(|_| OAuthError::Misconfigured("authorize_url".to_owned()))?;
    parsed
        .query_pairs_mut()
        .append_pair("access_type", "offline")
        .append_pair("prompt", "consent");
    Ok(parsed.to_string())
}

/// A spreadsheet the link writes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spreadsheet {
    pub id: String,
    /// The title of its first sheet (the range rows are appended to).
    pub sheet_name: String,
    /// The file's title.
    pub title: String,
}

fn client() -> Result<reqwest::Client, ConnectorError> {
    Ok(reqwest::Client::builder()
        .timeout(crate::TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()?)
}

fn refused(status: reqwest::StatusCode) -> ConnectorError {
    if status == reqwest::StatusCode::UNAUTHORIZED || status == reqwest::StatusCode::FORBIDDEN {
        ConnectorError::WrongCredentials
    } else {
        ConnectorError::Upstream(format!("google sheets answered {status}"))
    }
}

#[derive(Deserialize)]
struct Created {
    #[serde(rename = "spreadsheetId")]
    spreadsheet_id: String,
    #[serde(default)]
    properties: Option<Props>,
    #[serde(default)]
    sheets: Vec<SheetEntry>,
}
#[derive(Deserialize)]
struct Props {
    title: Option<String>,
}
#[derive(Deserialize)]
struct SheetEntry {
    properties: Option<Props>,
}

/// Creates a spreadsheet titled `title` (`POST {api}/v4/spreadsheets`) with one sheet.
pub async fn create_spreadsheet(
    api: &str,
    access_token: &str,
    title: &str,
) -> Result<Spreadsheet, ConnectorError> {
    let body = json!({
        "properties": { "title": title },
        "sheets": [{ "properties": { "title": "Sheet1" } }],
    });
    let res = client()?
        .post(format!("{}/v4/spreadsheets", api.trim_end_matches('/')))
        .bearer_auth(access_token)
        .json(&body)
        .send()
        .await?;
    if !res.status().is_success() {
        return Err(refused(res.status()));
    }
    let c: Created = res.json().await?;
    let sheet_name = c
        .sheets
        .into_iter()
        .find_map(|s| s.properties.and_then(|p| p.title))
        .unwrap_or_else(|| "Sheet1".to_owned());
    Ok(Spreadsheet {
        id: c.spreadsheet_id,
        sheet_name,
        title: c
            .properties
            .and_then(|p| p.title)
            .unwrap_or_else(|| title.to_owned()),
    })
}

/// Appends one row of cells after the last row of `sheet_name`
/// (`values/{sheet}:append`, raw input, new rows inserted).
pub async fn append_row(
    api: &str,
    access_token: &str,
    spreadsheet_id: &str,
    sheet_name: &str,
    cells: &[String],
) -> Result<(), ConnectorError> {
    let mut url = url::Url::parse(&format!("{}/v4/spreadsheets/", api.trim_end_matches('/')))
        .map_err(|_| ConnectorError::Upstream("bad sheets api url".to_owned()))?;
    url.path_segments_mut()
        .map_err(|()| ConnectorError::Upstream("bad sheets api url".to_owned()))?
        .pop_if_empty()
        .push(spreadsheet_id)
        .push("values")
        .push(&format!("{sheet_name}:append"));
    url.query_pairs_mut()
        .append_pair("valueInputOption", "RAW")
        .append_pair("insertDataOption", "INSERT_ROWS");
    let body: Value = json!({ "majorDimension": "ROWS", "values": [cells] });
    let res = client()?
        .post(url)
        .bearer_auth(access_token)
        .json(&body)
        .send()
        .await?;
    if !res.status().is_success() {
        return Err(refused(res.status()));
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_consent_asks_for_drive_file_access_offline() {
        let app = OAuthApp {
            client_id: "cid".into(),
            client_secret: "shh".to_owned().into(),
            authorize_url: "https://accounts.example.com/o/oauth2/v2/auth".into(),
            token_url: "https://oauth2.example.com/token".into(),
            redirect_url: "https://app.example.com/integrations".into(),
            scopes: SCOPES.iter().map(|s| (*s).to_owned()).collect(),
            optional_scopes: vec![],
            pkce: false,
            credentials_in_body: true,
        };
        let url = authorize_url(&app, "st").unwrap();
        let q: std::collections::HashMap<_, _> = url::Url::parse(&url)
            .unwrap()
            .query_pairs()
            .into_owned()
            .collect();
        assert_eq!(q["scope"], "https://www.googleapis.com/auth/drive.file");
        assert_eq!(q["access_type"], "offline");
        assert_eq!(q["prompt"], "consent");
        assert_eq!(q["state"], "st");
        assert!(!url.contains("shh"));
    }
}
