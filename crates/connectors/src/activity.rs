//! Chat activity in CRMs: the one call the sync engine makes per chat message ([`log_chat`]) to
//! find or create the chat's contact by phone in the user's connected CRM and log the message
//! on it. The per-provider calls live in each provider's module; this module holds the shared
//! types, the dispatcher and the one request helper, which sends every call through the address
//! guard and reads the answers every provider gives alike (429, a refused token, other errors).

use crate::{guard_url, ConnectorError};
use serde_json::Value;
use std::net::SocketAddr;

/// One chat message to log in a CRM.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChatActivity {
    /// Stable id of the message (used as the dedupe key where the provider allows one).
    pub message_id: String,
    /// The chat's phone number: digits only including the country code, e.g. `919812345678`.
    pub phone: String,
    pub contact_name: Option<String>,
    /// `INCOMING` or `OUTGOING`.
    pub direction: String,
    /// The message text (or `[file] name.pdf`).
    pub body: String,
    /// UTC epoch milliseconds.
    pub occurred_at_ms: i64,
    pub agent_name: Option<String>,
    pub labels: Vec<String>,
}

/// A selected Salesforce record type and its selected phone fields (API names).
#[derive(Debug, Clone)]
pub struct SalesforceRecordType {
    pub id: String,
    pub phone_fields: Vec<String>,
}

/// A user's connected CRM: where its API is and the credential to call it with.
#[derive(Debug, Clone)]
pub enum CrmLink {
    /// `api_url` like `https://api.hubapi.com`.
    HubSpot {
        api_url: String,
        access_token: String,
    },
    /// `api_url` like `https://www.zohoapis.com`.
    Zoho {
        api_url: String,
        access_token: String,
    },
    Salesforce {
        instance_url: String,
        access_token: String,
        contact_creation: bool,
        record_types: Vec<SalesforceRecordType>,
    },
    /// `client_endpoint` like `https://x.bitrix24.com/rest/`.
    Bitrix {
        client_endpoint: String,
        access_token: String,
    },
    /// `api_url`: the already-filled base, like `https://acme.freshdesk.com`.
    Freshdesk { api_url: String, api_key: String },
    LeadSquared {
        api_url: String,
        access_id: String,
        secret_key: String,
    },
}

/// Where a message was logged.
#[derive(Debug, Clone, PartialEq)]
pub struct Logged {
    pub contact_id: String,
    /// True when the contact was created for this message.
    pub contact_created: bool,
    pub activity_id: String,
}

/// What [`log_chat`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Logged(Logged),
    /// No contact has the number and creating one is not allowed (Salesforce "Allow contact
    /// creation" off).
    SkippedNoContact,
}

/// Logs `activity` in the CRM of `link`: finds the contact by phone (creating it when none has
/// the number and creation is allowed), then attaches the message to it. Every request passes
/// the address guard with `allow`. A 429 is [`ConnectorError::RateLimited`]; an OAuth
/// provider's 401 is [`ConnectorError::TokenExpired`] (refresh and call again once); an API-key
/// provider's 401/403 is [`ConnectorError::WrongCredentials`].
pub async fn log_chat(
    link: &CrmLink,
    activity: &ChatActivity,
    allow: &[SocketAddr],
) -> Result<Outcome, ConnectorError> {
    if digits(&activity.phone).is_empty() {
        return Err(ConnectorError::Upstream(
            "the chat has no phone number".to_owned(),
        ));
    }
    match link {
        CrmLink::HubSpot {
            api_url,
            access_token,
        } => crate::hubspot::log_chat(api_url, access_token, activity, allow).await,
        CrmLink::Zoho {
            api_url,
            access_token,
        } => crate::zoho::log_chat(api_url, access_token, activity, allow).await,
        CrmLink::Salesforce {
            instance_url,
            access_token,
            contact_creation,
            record_types,
        } => {
            crate::salesforce::log_chat(
                instance_url,
                access_token,
                *contact_creation,
                record_types,
                activity,
                allow,
            )
            .await
        }
        CrmLink::Bitrix {
            client_endpoint,
            access_token,
        } => crate::bitrix::log_chat(client_endpoint, access_token, activity, allow).await,
        CrmLink::Freshdesk { api_url, api_key } => {
            crate::freshdesk::log_chat(api_url, api_key, activity, allow).await
        }
        CrmLink::LeadSquared {
            api_url,
            access_id,
            secret_key,
        } => crate::leadsquared::log_chat(api_url, access_id, secret_key, activity, allow).await,
    }
}

impl ChatActivity {
    /// The number as CRMs store it: `+` and the digits.
    pub fn international_phone(&self) -> String {
        format!("+{}", digits(&self.phone))
    }

    /// The name a new contact gets: the chat's name, else its number.
    pub fn display_name(&self) -> String {
        match self.contact_name.as_deref().map(str::trim) {
            Some(n) if !n.is_empty() => n.to_owned(),
            _ => self.international_phone(),
        }
    }

    /// A short title: `WhatsApp INCOMING`.
    pub fn title(&self) -> String {
        format!("WhatsApp {}", self.direction)
    }

    /// The note text logged in the CRM: the title with the agent, the message, and the labels.
    pub fn note_text(&self) -> String {
        let mut text = self.title();
        if let Some(agent) = self.agent_name.as_deref().filter(|a| !a.trim().is_empty()) {
            text.push_str(&format!(" ({agent})"));
        }
        text.push_str(&format!(
            " at {}\n{}",
            utc_iso(self.occurred_at_ms),
            self.body
        ));
        if !self.labels.is_empty() {
            text.push_str(&format!("\nLabels: {}", self.labels.join(", ")));
        }
        text
    }
}

/// The digits of `phone`.
pub fn digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

/// `ms` (UTC epoch milliseconds) as (year, month, day, hour, minute, second).
pub(crate) fn utc_parts(ms: i64) -> (i64, u32, u32, u32, u32, u32) {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        month,
        day,
        (rem / 3600) as u32,
        (rem % 3600 / 60) as u32,
        (rem % 60) as u32,
    )
}

/// `ms` as `YYYY-MM-DD` (UTC).
pub(crate) fn utc_date(ms: i64) -> String {
    let (y, m, d, ..) = utc_parts(ms);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `ms` as `YYYY-MM-DD HH:MM:SS` (UTC).
pub(crate) fn utc_datetime(ms: i64) -> String {
    let (y, mo, d, h, mi, s) = utc_parts(ms);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
}

/// `ms` as `YYYY-MM-DDTHH:MM:SSZ`.
pub(crate) fn utc_iso(ms: i64) -> String {
    let (y, mo, d, h, mi, s) = utc_parts(ms);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
}

/// How a provider's 401 is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Auth {
    /// An OAuth bearer token: 401 means it expired (the caller refreshes).
    OAuth,
    /// An API key: 401 and 403 mean the key is wrong.
    ApiKey,
}

/// One provider request: guards `url`, sends it with the guarded client after `build` added
/// headers, query and body, and answers the JSON body (None for 204 or an empty body). A 429
/// (or a provider's own limit answer) is `RateLimited`, with `Retry-After` seconds in ms.
pub(crate) async fn send(
    provider: &str,
    auth: Auth,
    method: reqwest::Method,
    url: &str,
    allow: &[SocketAddr],
    build: impl FnOnce(reqwest::RequestBuilder) -> reqwest::RequestBuilder,
) -> Result<Option<Value>, ConnectorError> {
    let target = guard_url(url, allow).await?;
    let res = build(target.client()?.request(method, target.url.clone()))
        .send()
        .await?;
    let status = res.status();
    match status.as_u16() {
        429 => {
            let retry_after_ms = res
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(|s| s.saturating_mul(1000));
            // HubSpot names the limit hit: `DAILY` lasts until the account's day ends.
            let body = res.bytes().await.unwrap_or_default();
            let policy = serde_json::from_slice::<Value>(&body[..body.len().min(4_096)])
                .ok()
                .and_then(|v| {
                    v.get("policyName")
                        .and_then(Value::as_str)
                        .map(str::to_owned)
                });
            if policy.as_deref() == Some("DAILY") {
                return Err(ConnectorError::DailyLimit);
            }
            return Err(ConnectorError::RateLimited { retry_after_ms });
        }
        401 if auth == Auth::OAuth => return Err(ConnectorError::TokenExpired),
        401 | 403 if auth == Auth::ApiKey => return Err(ConnectorError::WrongCredentials),
        _ if !status.is_success() => {
            // Salesforce's API limit is 403 REQUEST_LIMIT_EXCEEDED, Bitrix24's 503
            // QUERY_LIMIT_EXCEEDED: rate limits too, with no time named.
            let text = res.text().await.unwrap_or_default();
            if text.contains("REQUEST_LIMIT_EXCEEDED") || text.contains("QUERY_LIMIT_EXCEEDED") {
                return Err(ConnectorError::RateLimited {
                    retry_after_ms: None,
                });
            }
            return Err(ConnectorError::Upstream(format!(
                "{provider} answered {status}"
            )));
        }
        _ => {}
    }
    let bytes = res.bytes().await?;
    if status == reqwest::StatusCode::NO_CONTENT || bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    serde_json::from_slice(&bytes)
        .map(Some)
        .map_err(|_| ConnectorError::Upstream(format!("{provider} answered {status} unreadably")))
}

/// `v` as an id: a non-empty string, or a number written out.
pub(crate) fn id_string(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The id at `pointer` in `answer`, or an `Upstream` error naming what was missing.
pub(crate) fn id_at(
    answer: &Option<Value>,
    pointer: &str,
    what: &str,
) -> Result<String, ConnectorError> {
    answer
        .as_ref()
        .and_then(|a| a.pointer(pointer))
        .and_then(id_string)
        .ok_or_else(|| ConnectorError::Upstream(format!("{what} answered without an id")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_milliseconds_become_utc_calendar_dates_and_times() {
        assert_eq!(utc_datetime(0), "1970-01-01 00:00:00");
        // 2024-02-29T18:29:59Z, a leap day.
        assert_eq!(utc_datetime(1_709_231_399_000), "2024-02-29 18:29:59");
        assert_eq!(utc_date(1_709_231_399_000), "2024-02-29");
        assert_eq!(utc_iso(-1000), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn the_note_names_the_direction_the_agent_the_body_and_the_labels() {
        let a = ChatActivity {
            message_id: "m1".to_owned(),
            phone: "919812345678".to_owned(),
            contact_name: None,
            direction: "OUTGOING".to_owned(),
            body: "Hello there".to_owned(),
            occurred_at_ms: 0,
            agent_name: Some("Asha".to_owned()),
            labels: vec!["vip".to_owned(), "new".to_owned()],
        };
        assert_eq!(
            a.note_text(),
            "WhatsApp OUTGOING (Asha) at 1970-01-01T00:00:00Z\nHello there\nLabels: vip, new"
        );
        assert_eq!(a.display_name(), "+919812345678");
    }
}
