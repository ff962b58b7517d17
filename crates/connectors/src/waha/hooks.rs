//! The gateway's webhooks: the signature check and the envelope read into what the inbox uses
//! (reference §5). Verify [`signature_ok`] on the raw bytes before [`parse_envelope`].

use super::{GatewayError, MAX_ENVELOPE_BYTES};
use hmac::{Hmac, Mac};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use sha2::Sha512;

/// Whether `header_hex` (`X-Webhook-Hmac`) is the HMAC-SHA512 of the raw `body` under `key`:
/// hex of either case, compared in constant time. An empty key never verifies (anyone could
/// sign with it); neither does anything that is not 128 hex digits.
pub fn signature_ok(key: &[u8], body: &[u8], header_hex: &str) -> bool {
    if key.is_empty() {
        return false;
    }
    let Some(signature) = decode_hex(header_hex.trim()) else {
        return false;
    };
    if signature.len() != 64 {
        return false;
    }
    let Ok(mut mac) = Hmac::<Sha512>::new_from_slice(key) else {
        return false;
    };
    mac.update(body);
    mac.verify_slice(&signature).is_ok()
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    let digit = |b: u8| match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    };
    text.as_bytes()
        .chunks(2)
        .map(|pair| Some(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

/// A webhook body, read into what the inbox uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Envelope {
    /// `evt_…`: the same on every retry of one event, so the dedupe key.
    pub id: String,
    /// When the gateway emitted it, Unix milliseconds.
    pub timestamp_ms: i64,
    pub session: String,
    /// The paired account (`<number>@c.us`), which WAHA sends with every event once the phone
    /// is linked: how a `WORKING` status learns the number.
    pub me: Option<String>,
    pub event: Event,
}

/// What happened.
// One per webhook, parsed and handled at once, never stored in bulk: boxing the message would
// only add an allocation and a layer to every match.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// `message` or `message.any`: a message created in the account (received, or sent by us
    /// or on the phone).
    Message(WaMessage),
    /// `message.ack`: a sent or received message's delivery state changed.
    Ack(AckUpdate),
    /// `session.status`.
    Status(StatusUpdate),
    /// Any other event, by name (`message.ack.group`, `presence.update`, …).
    Other(String),
}

/// A message (`WAMessage`), common fields only: engines differ in the rest, and `_data` (raw
/// engine data) is never relied on.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct WaMessage {
    /// `{fromMe}_{chatId}_{rawId}[_{participant}]`.
    pub id: String,
    /// Unix seconds (unlike the envelope's milliseconds).
    #[serde(rename = "timestamp", deserialize_with = "integer")]
    pub timestamp_s: i64,
    pub from: String,
    #[serde(default)]
    pub to: Option<String>,
    #[serde(rename = "fromMe", default, deserialize_with = "lenient_bool")]
    pub from_me: bool,
    /// In groups, the sender (`from` is then the group).
    #[serde(default)]
    pub participant: Option<String>,
    #[serde(default)]
    pub body: Option<String>,
    #[serde(rename = "hasMedia", default, deserialize_with = "lenient_bool")]
    pub has_media: bool,
    /// None with `has_media` when the gateway did not download it.
    #[serde(default)]
    pub media: Option<Media>,
    /// -1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED.
    #[serde(default, deserialize_with = "optional_ack")]
    pub ack: Option<i8>,
    /// The quoted message's id, as the gateway gives it in `replyTo.id`.
    #[serde(rename = "replyTo", default, deserialize_with = "reply_to_id")]
    pub reply_to: Option<String>,
    /// `api` or `app`, on our own (`fromMe`) messages.
    #[serde(default)]
    pub source: Option<String>,
    /// The sender's profile name. No documented field carries it (only engine-specific
    /// `_data`), so it stays None.
    #[serde(skip)]
    pub push_name: Option<String>,
}

impl WaMessage {
    /// The conversation: the other side for our own messages, else the sender (or the group).
    pub fn chat_id(&self) -> &str {
        if self.from_me {
            self.to.as_deref().unwrap_or(&self.from)
        } else {
            &self.from
        }
    }
}

/// A message's downloaded media.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Media {
    /// Fetch with [`Gateway::media`] (it needs the API key).
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub mimetype: Option<String>,
    #[serde(default)]
    pub filename: Option<String>,
    /// Set when the gateway failed to download it.
    #[serde(default)]
    pub error: Option<Value>,
}

/// `message.ack`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct AckUpdate {
    pub id: String,
    #[serde(deserialize_with = "required_ack")]
    pub ack: i8,
    #[serde(rename = "fromMe", default, deserialize_with = "lenient_bool")]
    pub from_me: bool,
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default)]
    pub to: Option<String>,
}

/// `session.status`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct StatusUpdate {
    /// Raw, as in [`SessionInfo::status`].
    pub status: String,
}

/// The envelope's fields we read; the rest (`engine`, `environment`, `metadata`) is ignored.
#[derive(Deserialize)]
struct RawEnvelope {
    id: String,
    #[serde(deserialize_with = "integer")]
    timestamp: i64,
    session: String,
    event: String,
    /// Null until the phone is linked; its shape is never a reason to refuse the event.
    #[serde(default)]
    me: Value,
    #[serde(default)]
    payload: Value,
}

/// Reads a webhook body (verify [`signature_ok`] on the same raw bytes first). Unknown events
/// are [`Event::Other`]; unknown fields are ignored; bad JSON, a missing required field or a
/// body over [`MAX_ENVELOPE_BYTES`] is `Refused` (the error names no content of the body).
pub fn parse_envelope(body: &[u8]) -> Result<Envelope, GatewayError> {
    if body.len() > MAX_ENVELOPE_BYTES {
        return Err(GatewayError::Refused(format!(
            "the webhook body is larger than {} KiB",
            MAX_ENVELOPE_BYTES / 1024
        )));
    }
    let raw: RawEnvelope =
        serde_json::from_slice(body).map_err(|e| unreadable("the webhook body", &e))?;
    let event = match raw.event.as_str() {
        "message" | "message.any" => Event::Message(payload(raw.payload, &raw.event)?),
        "message.ack" => Event::Ack(payload(raw.payload, &raw.event)?),
        "session.status" => Event::Status(payload(raw.payload, &raw.event)?),
        _ => Event::Other(raw.event),
    };
    let me = raw.me["id"]
        .as_str()
        .filter(|id| !id.is_empty() && id.len() <= 100)
        .map(str::to_owned);
    Ok(Envelope {
        id: raw.id,
        timestamp_ms: raw.timestamp,
        session: raw.session,
        me,
        event,
    })
}

fn payload<T: DeserializeOwned>(payload: Value, event: &str) -> Result<T, GatewayError> {
    serde_json::from_value(payload).map_err(|e| unreadable(&format!("the {event} payload"), &e))
}

/// A parse error that names what is missing but never quotes the body (serde quotes
/// mistyped values, which may be message text).
fn unreadable(what: &str, e: &serde_json::Error) -> GatewayError {
    let text = e.to_string();
    let reason = if text.starts_with("missing field") {
        text.split(" at line").next().unwrap_or_default().to_owned()
    } else {
        match e.classify() {
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                "not JSON".to_owned()
            }
            _ => "a field has the wrong type".to_owned(),
        }
    };
    GatewayError::Refused(format!("{what} is unreadable: {reason}"))
}

/// An integer given as a number or a numeric string (engines differ).
fn integer<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    match Value::deserialize(d)? {
        Value::Number(n) => n
            .as_i64()
            .ok_or_else(|| D::Error::custom("expected an integer")),
        Value::String(s) => s
            .trim()
            .parse()
            .map_err(|_| D::Error::custom("expected an integer")),
        _ => Err(D::Error::custom("expected an integer")),
    }
}

/// A boolean, with null (or absence) as false.
fn lenient_bool<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(d)?.unwrap_or(false))
}

/// An ack in `i8` range, None for null or anything else (WAHA maps unknown acks to
/// `ackName: "UNKNOWN"`; an odd number must not lose the whole message).
fn optional_ack<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i8>, D::Error> {
    Ok(Value::deserialize(d)?
        .as_i64()
        .and_then(|n| i8::try_from(n).ok()))
}

fn required_ack<'de, D: Deserializer<'de>>(d: D) -> Result<i8, D::Error> {
    optional_ack(d)?.ok_or_else(|| D::Error::custom("expected an ack between -1 and 4"))
}

/// `replyTo`: an object with `id` (WAHA's `ReplyToMessage`), or a bare id, or null.
fn reply_to_id<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) if !s.is_empty() => Some(s),
        Value::Object(o) => o
            .get("id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
        _ => None,
    })
}
