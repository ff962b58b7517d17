//! The team inbox's client for a self-hosted WAHA WhatsApp gateway, as
//! `docs/design/waha-gateway.md` describes it: sessions (create with our webhook, read, restart,
//! log out, delete), pairing by QR, sending text, downloading media, and reading and verifying
//! the webhooks the gateway posts back.
//!
//! The gateway is the organisation's own server, so everything it answers is outside input:
//! every answer is read in chunks up to a cap and refused beyond it, session names are checked
//! before they go into a path, media is fetched only from the gateway's own origin (the API key
//! goes nowhere else), and no error text carries the key or a 5xx body (WAHA's 500 body echoes
//! the request, headers included).
//!
//! The caller supplies the `reqwest::Client`: built from the address guard's vetted addresses,
//! with redirects off and a timeout, so this module never resolves a name itself.

use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use reqwest::header::{HeaderValue, ACCEPT, CONTENT_LENGTH, CONTENT_TYPE};
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::fmt;
use url::Url;

mod hooks;
pub use hooks::*;

/// The most we read of a JSON answer (sessions, sends): far above any real one.
pub const MAX_JSON_BYTES: usize = 256 * 1024;
/// The most we read of the QR answer (`{mimetype, data}`, a base64 PNG).
pub const MAX_QR_BYTES: usize = 2 * 1024 * 1024;
/// The largest webhook body [`parse_envelope`] reads: WEBJS's raw `_data` can carry inline
/// thumbnails, so more than an API answer, but still bounded.
pub const MAX_ENVELOPE_BYTES: usize = 1024 * 1024;
/// The most we read of an error answer, only to find its `message` / `status`.
const MAX_ERROR_BYTES: usize = 16 * 1024;
/// How much of a gateway's error message goes into a [`GatewayError::Refused`].
const MAX_MESSAGE_CHARS: usize = 300;
/// WAHA's limit on session names (`sessions.dto.ts`).
const MAX_NAME_CHARS: usize = 54;

/// The events our webhook subscribes to: `message.any` already carries every inbound message
/// (adding `message` would deliver each twice), our own sends (`source: "api"`) and those typed
/// on the phone; acks and status changes drive delivery ticks and the pairing screen.
pub const EVENTS: [&str; 3] = ["message.any", "message.ack", "session.status"];

/// The metadata key naming our channel on a session (echoed in every webhook's `metadata`).
pub const CHANNEL_METADATA_KEY: &str = "switchboard.channel";

/// Why a gateway call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GatewayError {
    /// 401: the API key is wrong. Retrying will not help; the link needs a new key.
    #[error("the gateway refused the API key")]
    Unauthorized,
    /// 404: the session is unknown, or not running (runtime endpoints).
    #[error("the gateway has no such running session")]
    NotFound,
    /// 422: the session runs but is not in the status the call needs (`status` as the gateway
    /// reported it, when it did).
    #[error("the session is not ready{}", status_suffix(.status))]
    NotReady { status: Option<String> },
    /// 5xx, timeout, connection refused, an answer too big or unreadable: try again later.
    #[error("the gateway is unavailable: {0}")]
    Unavailable(String),
    /// Any other refusal (400 validation, a bad URL or name): the same call will fail again.
    #[error("the gateway refused the request: {0}")]
    Refused(String),
}

fn status_suffix(status: &Option<String>) -> String {
    status
        .as_deref()
        .map(|s| format!(" (status {s})"))
        .unwrap_or_default()
}

impl GatewayError {
    /// Whether the same call may succeed later with nothing changed (back off and retry).
    /// `NotFound` and `NotReady` are not: the reference's policy is to refresh the session's
    /// status first (see [`GatewayError::session_not_ready`]).
    pub fn retryable(&self) -> bool {
        matches!(self, GatewayError::Unavailable(_))
    }

    /// Whether the session is missing or not in the needed status: read it with
    /// [`Gateway::session`] and start, restart or re-pair it.
    pub fn session_not_ready(&self) -> bool {
        matches!(self, GatewayError::NotFound | GatewayError::NotReady { .. })
    }
}

/// Where the gateway posts our session's events.
#[derive(Clone, PartialEq, Eq)]
pub struct WebhookSetup {
    /// Our receiver's URL for this channel.
    pub url: String,
    /// The per-session secret the gateway signs with (`X-Webhook-Hmac`).
    pub hmac_key: String,
    /// Our channel's id, stored as session metadata so every webhook names it.
    pub channel: String,
}

impl fmt::Debug for WebhookSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WebhookSetup")
            .field("url", &self.url)
            .field("hmac_key", &"[redacted]")
            .field("channel", &self.channel)
            .finish()
    }
}

impl WebhookSetup {
    /// The session `config` we create and update with. Retries: exponential from 2 s, 6 times
    /// (about two minutes), so a short outage of ours loses nothing. `webjs.tagsEventsOn`:
    /// WEBJS emits `message.ack` only with it (other engines ignore the key).
    pub fn config(&self) -> Value {
        json!({
            "metadata": {CHANNEL_METADATA_KEY: self.channel},
            "webhooks": [{
                "url": self.url,
                "events": EVENTS,
                "hmac": {"key": self.hmac_key},
                "retries": {"policy": "exponential", "delaySeconds": 2, "attempts": 6},
            }],
            "webjs": {"tagsEventsOn": true},
        })
    }
}

/// A session as the gateway reports it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct SessionInfo {
    pub name: String,
    /// As reported (`STOPPED`, `STARTING`, `SCAN_QR_CODE`, `WORKING`, `FAILED`, and newer ones
    /// such as `PASSKEY_REQUIRED`): kept raw, since anything but `WORKING` means "not ready".
    pub status: String,
    /// The paired account; None until authenticated.
    #[serde(default)]
    pub me: Option<Me>,
}

impl SessionInfo {
    /// Whether messages can be sent now.
    pub fn is_working(&self) -> bool {
        self.status == "WORKING"
    }
}

/// The WhatsApp account a session is paired with.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Me {
    /// `<number>@c.us`.
    pub id: String,
    #[serde(rename = "pushName", default)]
    pub push_name: Option<String>,
}

/// One organisation's gateway: its base URL and API key, and the caller's client.
#[derive(Clone)]
pub struct Gateway {
    client: reqwest::Client,
    base: Url,
    /// Marked sensitive, so it is left out of request debug output.
    key: HeaderValue,
}

impl fmt::Debug for Gateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gateway")
            .field("base", &self.base.as_str())
            .field("key", &"[redacted]")
            .finish()
    }
}

/// Why reading an answer's body stopped.
enum ReadError {
    TooBig,
    Failed(reqwest::Error),
}

impl Gateway {
    /// A gateway at `base_url` (e.g. `http://127.0.0.1:3000`, a path prefix allowed) with
    /// `api_key`. Refused when the URL is not plain http(s) (credentials, query or fragment
    /// would be sent or mangled on every call) or the key cannot be a header value.
    pub fn new(
        client: reqwest::Client,
        base_url: &str,
        api_key: &str,
    ) -> Result<Gateway, GatewayError> {
        let refuse = |why: &str| Err(GatewayError::Refused(why.to_owned()));
        let Ok(base) = Url::parse(base_url.trim()) else {
            return refuse("the gateway URL is not an absolute URL");
        };
        if !matches!(base.scheme(), "http" | "https") {
            return refuse("the gateway URL must be http or https");
        }
        if base.cannot_be_a_base() || base.host_str().is_none_or(str::is_empty) {
            return refuse("the gateway URL has no host");
        }
        if !base.username().is_empty() || base.password().is_some() {
            return refuse("the gateway URL must not carry credentials");
        }
        if base.query().is_some() || base.fragment().is_some() {
            return refuse("the gateway URL must not have a query or fragment");
        }
        if api_key.trim().is_empty() {
            return refuse("the API key is empty");
        }
        // The error would not name the key anyway; say only what is wrong.
        let Ok(mut key) = HeaderValue::from_str(api_key) else {
            return refuse("the API key has characters a header cannot carry");
        };
        key.set_sensitive(true);
        Ok(Gateway { client, base, key })
    }

    /// Creates session `name` started, with our webhook config. If it already exists (422
    /// "already exists"), replaces its config with ours (WAHA restarts a running session on
    /// update) and starts it (idempotent). Answers the session as the last call left it.
    pub async fn ensure_session(
        &self,
        name: &str,
        hook: &WebhookSetup,
    ) -> Result<SessionInfo, GatewayError> {
        let name = session_name(name)?;
        let config = hook.config();
        // `start` explicitly: the docs default it to true, the 2024 source to false.
        let create = json!({"name": name, "start": true, "config": config});
        let res = self
            .send(
                self.request(Method::POST, &["api", "sessions"])?
                    .json(&create),
            )
            .await?;
        if res.status() != StatusCode::UNPROCESSABLE_ENTITY {
            return read_json(self.check(res).await?, MAX_JSON_BYTES).await;
        }
        let body = read_error_body(res).await;
        if !says_already_exists(&body) {
            return Err(self.error_from(StatusCode::UNPROCESSABLE_ENTITY, &body));
        }
        let update = self
            .request(Method::PUT, &["api", "sessions", name])?
            .json(&json!({"config": config}));
        let updated = self.check(self.send(update).await?).await?;
        // Only the status matters; the answer is read (bounded) to keep the connection usable.
        let _ = read_capped(updated, MAX_JSON_BYTES).await;
        self.lifecycle(name, "start").await
    }

    /// `GET /api/sessions/{name}`.
    pub async fn session(&self, name: &str) -> Result<SessionInfo, GatewayError> {
        let name = session_name(name)?;
        let res = self
            .send(self.request(Method::GET, &["api", "sessions", name])?)
            .await?;
        read_json(self.check(res).await?, MAX_JSON_BYTES).await
    }

    /// The QR to scan, as a PNG data URL (`data:image/png;base64,…`) for an `<img>`; None when
    /// the gateway answers 422 (the session is not waiting for a scan: paired already, or still
    /// starting). Asks for the base64 JSON form so the answer's size and type can be checked.
    pub async fn qr(&self, name: &str) -> Result<Option<String>, GatewayError> {
        let name = session_name(name)?;
        let req = self
            .request(Method::GET, &["api", name, "auth", "qr"])?
            .query(&[("format", "image")])
            .header(ACCEPT, "application/json");
        let res = self.send(req).await?;
        if res.status() == StatusCode::UNPROCESSABLE_ENTITY {
            let _ = read_error_body(res).await;
            return Ok(None);
        }
        let answer: QrAnswer = read_json(self.check(res).await?, MAX_QR_BYTES).await?;
        png_data_url(&answer).map(Some)
    }

    /// `POST /api/sessions/{name}/restart`: what to try first on `FAILED`.
    pub async fn restart(&self, name: &str) -> Result<SessionInfo, GatewayError> {
        self.lifecycle(session_name(name)?, "restart").await
    }

    /// `POST /api/sessions/{name}/logout`: drops the pairing (config kept); a running session
    /// starts again and shows a new QR.
    pub async fn logout(&self, name: &str) -> Result<SessionInfo, GatewayError> {
        self.lifecycle(session_name(name)?, "logout").await
    }

    /// `DELETE /api/sessions/{name}`: stop, log out and forget. A 404 counts as done, so a
    /// repeated disconnect succeeds.
    pub async fn delete(&self, name: &str) -> Result<(), GatewayError> {
        let name = session_name(name)?;
        let res = self
            .send(self.request(Method::DELETE, &["api", "sessions", name])?)
            .await?;
        if res.status() == StatusCode::NOT_FOUND {
            let _ = read_error_body(res).await;
            return Ok(());
        }
        let res = self.check(res).await?;
        let _ = read_capped(res, MAX_JSON_BYTES).await;
        Ok(())
    }

    /// Sends `text` to `chat_id` (link previews off: they fetch arbitrary URLs from the
    /// gateway), optionally as a reply to message `reply_to` (a serialized id). Answers the new
    /// message's id when the engine's answer carries one; None means sent, id unknown — match
    /// it later by its `message.any` (`fromMe`, `source: "api"`).
    ///
    /// Once the gateway has answered 2xx the message is sent, so an unreadable or oversized
    /// answer is still Ok(None): an error would invite a retry and a second copy.
    pub async fn send_text(
        &self,
        name: &str,
        chat_id: &str,
        text: &str,
        reply_to: Option<&str>,
    ) -> Result<Option<String>, GatewayError> {
        let name = session_name(name)?;
        let mut body =
            json!({"session": name, "chatId": chat_id, "text": text, "linkPreview": false});
        if let Some(id) = reply_to {
            body["reply_to"] = json!(id);
        }
        let req = self
            .request(Method::POST, &["api", "sendText"])?
            .json(&body);
        let res = self.check(self.send(req).await?).await?;
        let Ok(bytes) = read_capped(res, MAX_JSON_BYTES).await else {
            return Ok(None);
        };
        let answer: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Ok(sent_message_id(&answer, chat_id))
    }

    /// Downloads a message's media from `url` (its `media.url`) with the API key, at most
    /// `max_bytes`; answers the mimetype (`Content-Type`, parameters dropped) and the bytes.
    /// Only URLs on the gateway's own origin are fetched: the key must go nowhere else, and the
    /// caller's client is vetted for the gateway's address only. (A gateway whose
    /// `WAHA_BASE_URL` names another origin, e.g. `localhost:3000` behind a proxy, is refused
    /// here: set it to the address we reach it by.) Media over `max_bytes` is `Refused`: it
    /// will not shrink on a retry.
    pub async fn media(
        &self,
        url: &str,
        max_bytes: usize,
    ) -> Result<(String, Vec<u8>), GatewayError> {
        let Ok(url) = Url::parse(url.trim()) else {
            return Err(GatewayError::Refused(
                "the media URL is not an absolute URL".to_owned(),
            ));
        };
        if url.origin() != self.base.origin()
            || !url.username().is_empty()
            || url.password().is_some()
        {
            return Err(GatewayError::Refused(
                "the media URL is not on the gateway".to_owned(),
            ));
        }
        let req = self.client.get(url).header("X-Api-Key", self.key.clone());
        let res = self.check(self.send(req).await?).await?;
        let mimetype = res
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|v| v.trim().to_ascii_lowercase())
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| "application/octet-stream".to_owned());
        let bytes = read_capped(res, max_bytes).await.map_err(|e| match e {
            ReadError::TooBig => {
                GatewayError::Refused(format!("the media is larger than {max_bytes} bytes"))
            }
            ReadError::Failed(e) => transport(e),
        })?;
        Ok((mimetype, bytes))
    }

    /// `POST /api/sessions/{name}/{action}` (start, restart, logout): 201 with the session.
    async fn lifecycle(&self, name: &str, action: &str) -> Result<SessionInfo, GatewayError> {
        let res = self
            .send(self.request(Method::POST, &["api", "sessions", name, action])?)
            .await?;
        read_json(self.check(res).await?, MAX_JSON_BYTES).await
    }

    /// A request to the base URL plus `segments` (each percent-encoded as one segment), with
    /// the API key.
    fn request(&self, method: Method, segments: &[&str]) -> Result<RequestBuilder, GatewayError> {
        let mut url = self.base.clone();
        url.path_segments_mut()
            .map_err(|()| GatewayError::Refused("the gateway URL has no path".to_owned()))?
            .pop_if_empty()
            .extend(segments);
        Ok(self
            .client
            .request(method, url)
            .header("X-Api-Key", self.key.clone()))
    }

    async fn send(&self, req: RequestBuilder) -> Result<Response, GatewayError> {
        req.send().await.map_err(transport)
    }

    /// The answer when it is 2xx, else the error its status (and body) means.
    async fn check(&self, res: Response) -> Result<Response, GatewayError> {
        let status = res.status();
        if status.is_success() {
            return Ok(res);
        }
        let body = read_error_body(res).await;
        Err(self.error_from(status, &body))
    }

    /// The reference's error table (§7): 401, 404, 422 (with the session's `status` when the
    /// body names it), 5xx (and 408/429, which proxies answer for a busy upstream) retryable,
    /// anything else refused with the gateway's message (never a 5xx body: WAHA's echoes the
    /// request, API key included).
    fn error_from(&self, status: StatusCode, body: &[u8]) -> GatewayError {
        let parsed: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        match status.as_u16() {
            401 => GatewayError::Unauthorized,
            404 => GatewayError::NotFound,
            422 => GatewayError::NotReady {
                status: parsed["status"].as_str().map(str::to_owned),
            },
            408 | 429 | 500..=599 => {
                GatewayError::Unavailable(format!("the gateway answered {}", status.as_u16()))
            }
            code => {
                let message = self.scrub(&error_message(&parsed));
                GatewayError::Refused(if message.is_empty() {
                    format!("the gateway answered {code}")
                } else {
                    format!("the gateway answered {code}: {message}")
                })
            }
        }
    }

    /// `text` with the API key blanked out, should a gateway ever echo it.
    fn scrub(&self, text: &str) -> String {
        match self.key.to_str() {
            Ok(key) if !key.is_empty() => text.replace(key, "[redacted]"),
            _ => text.to_owned(),
        }
    }
}

/// `name` if it is one we may put in a path: 1–54 of `A-Z a-z 0-9 _ -`. Anything else could
/// escape its path segment (`..` is dropped by URL building) or be refused by WAHA.
fn session_name(name: &str) -> Result<&str, GatewayError> {
    let ok = !name.is_empty()
        && name.chars().count() <= MAX_NAME_CHARS
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if ok {
        Ok(name)
    } else {
        Err(GatewayError::Refused(format!(
            "a session name must be 1 to {MAX_NAME_CHARS} letters, digits, '_' or '-'"
        )))
    }
}

/// A transport failure (no answer, timeout, broken body) as an error, without the URL.
fn transport(e: reqwest::Error) -> GatewayError {
    if e.is_builder() {
        return GatewayError::Refused("the request could not be built".to_owned());
    }
    if e.is_timeout() {
        return GatewayError::Unavailable("no answer before the timeout".to_owned());
    }
    // reqwest's text names the URL; ours carries no key, but the reason is what matters.
    let e = e.without_url();
    let mut text = e.to_string();
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        let part = s.to_string();
        if !text.contains(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
        source = s.source();
    }
    GatewayError::Unavailable(text)
}

/// Reads `res`'s body chunk by chunk, refusing it once it passes `cap` (a declared
/// `Content-Length` over the cap is refused before reading anything).
async fn read_capped(mut res: Response, cap: usize) -> Result<Vec<u8>, ReadError> {
    let declared = res
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > cap as u64) {
        return Err(ReadError::TooBig);
    }
    let mut body = Vec::with_capacity(declared.map_or(0, |n| n as usize));
    while let Some(chunk) = res.chunk().await.map_err(ReadError::Failed)? {
        if body.len() + chunk.len() > cap {
            return Err(ReadError::TooBig);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// An error answer's body, for its `message` and `status`; empty when unreadable or too big
/// (the status code alone still says what happened).
async fn read_error_body(res: Response) -> Vec<u8> {
    read_capped(res, MAX_ERROR_BYTES).await.unwrap_or_default()
}

/// A 2xx answer read as `T`; too big, broken or unreadable is `Unavailable` (a gateway
/// answering nonsense is a gateway fault, as is one cut off mid-answer).
async fn read_json<T: DeserializeOwned>(res: Response, cap: usize) -> Result<T, GatewayError> {
    let status = res.status().as_u16();
    let bytes = read_capped(res, cap).await.map_err(|e| match e {
        ReadError::TooBig => GatewayError::Unavailable(format!(
            "the gateway's answer is larger than {} KiB",
            cap / 1024
        )),
        ReadError::Failed(e) => transport(e),
    })?;
    serde_json::from_slice(&bytes)
        .map_err(|_| GatewayError::Unavailable(format!("the gateway answered {status} unreadably")))
}

/// Whether a 422 body is WAHA's "Session '<s>' already exists. Use PUT to update it."
fn says_already_exists(body: &[u8]) -> bool {
    let parsed: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    parsed["message"]
        .as_str()
        .is_some_and(|m| m.contains("already exists"))
}

/// A NestJS error's `message` (a string, or a list of validation messages) or `error`,
/// shortened.
fn error_message(body: &Value) -> String {
    let text = match &body["message"] {
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("; "),
        _ => body["error"].as_str().unwrap_or_default().to_owned(),
    };
    text.chars()
        .filter(|c| !c.is_control())
        .take(MAX_MESSAGE_CHARS)
        .collect()
}

/// `GET /api/{session}/auth/qr` with `Accept: application/json`.
#[derive(Deserialize)]
struct QrAnswer {
    #[serde(default)]
    mimetype: Option<String>,
    data: String,
}

/// The QR as a data URL, re-encoded from the decoded bytes so that nothing but base64 of a
/// real PNG reaches the page that shows it.
fn png_data_url(answer: &QrAnswer) -> Result<String, GatewayError> {
    const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    let unreadable =
        || GatewayError::Unavailable("the gateway answered an unreadable QR".to_owned());
    if answer.mimetype.as_deref().is_some_and(|m| m != "image/png") {
        return Err(unreadable());
    }
    let png = B64.decode(answer.data.trim()).map_err(|_| unreadable())?;
    if !png.starts_with(PNG_SIGNATURE) {
        return Err(unreadable());
    }
    Ok(format!("data:image/png;base64,{}", B64.encode(png)))
}

/// The sent message's serialized id from the engine's own answer (reference §4): `id` when it
/// is a string; WEBJS's `id._serialized`; else NOWEB's `key.id` built into
/// `true_<chatId>_<key.id>`. None when the answer has none (some WEBJS releases answer empty).
fn sent_message_id(answer: &Value, chat_id: &str) -> Option<String> {
    let non_empty = |v: &Value| v.as_str().filter(|s| !s.is_empty()).map(str::to_owned);
    non_empty(&answer["id"])
        .or_else(|| non_empty(&answer["id"]["_serialized"]))
        .or_else(|| {
            non_empty(&answer["key"]["id"])
                .map(|raw| format!("true_{}_{raw}", full_chat_id(chat_id)))
        })
}

/// `chat_id` as WAHA normalises it before sending: a bare number gets `@c.us` (`ensureSuffix`).
fn full_chat_id(chat_id: &str) -> String {
    if chat_id.contains('@') {
        chat_id.to_owned()
    } else {
        format!("{chat_id}@c.us")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_sent_id_is_taken_in_the_documented_order() {
        let chat = "12132132130@c.us";
        // A string `id` wins (an engine answering WAMessage as the OpenAPI says).
        let plain = json!({"id": "true_12132132130@c.us_AAA", "key": {"id": "BBB"}});
        assert_eq!(
            sent_message_id(&plain, chat).as_deref(),
            Some("true_12132132130@c.us_AAA")
        );
        let webjs = json!({"id": {"fromMe": true, "id": "X", "_serialized": "true_1@c.us_X"}});
        assert_eq!(
            sent_message_id(&webjs, chat).as_deref(),
            Some("true_1@c.us_X")
        );
        let noweb = json!({"key": {"remoteJid": "12132132130@s.whatsapp.net", "id": "3EB0"}});
        assert_eq!(
            sent_message_id(&noweb, "12132132130").as_deref(),
            Some("true_12132132130@c.us_3EB0")
        );
        assert_eq!(
            sent_message_id(&noweb, "120363000000000001@g.us").as_deref(),
            Some("true_120363000000000001@g.us_3EB0")
        );
        assert_eq!(sent_message_id(&Value::Null, chat), None);
        assert_eq!(sent_message_id(&json!({"id": ""}), chat), None);
    }

    #[test]
    fn session_names_that_could_leave_their_segment_are_refused() {
        for bad in ["", "..", ".", "a/b", "a b", "a%2F", "ü", &"x".repeat(55)] {
            assert!(session_name(bad).is_err(), "{bad:?}");
        }
        assert_eq!(session_name("inbox-7f3a_1").unwrap(), "inbox-7f3a_1");
    }

    #[test]
    fn error_messages_are_shortened_and_never_quote_5xx_bodies() {
        let gw = Gateway::new(reqwest::Client::new(), "http://127.0.0.1:9", "k3y-secret").unwrap();
        let body = br#"{"statusCode":400,"message":["text should not be empty","k3y-secret"],"error":"Bad Request"}"#;
        assert_eq!(
            gw.error_from(StatusCode::BAD_REQUEST, body),
            GatewayError::Refused(
                "the gateway answered 400: text should not be empty; [redacted]".to_owned()
            )
        );
        let echo = br#"{"statusCode":500,"request":{"headers":{"x-api-key":"k3y-secret"}}}"#;
        assert_eq!(
            gw.error_from(StatusCode::INTERNAL_SERVER_ERROR, echo),
            GatewayError::Unavailable("the gateway answered 500".to_owned())
        );
        assert!(!format!("{gw:?}").contains("k3y-secret"));
    }
}
