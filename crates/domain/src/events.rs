//! The events the extension sends for the dashboards — call logs (001 §3 call log document) and
//! chat messages (000 §3 webhook sample fields) — read one by one, so a batch keeps its valid
//! events and reports each broken one with the field and the rule it broke.
//!
//! Conventions: times arrive as epoch milliseconds or text (see [`TimeValue`]); text without an
//! offset is UTC. An event may not lie more than a day after `now` (the extension's clock may be
//! a little ahead, never a day). `createdAt` defaults to `Datetime`, `updatedAt` to `createdAt`.

use serde::{Deserialize, Serialize};

use crate::analytics::CallDirection;
use crate::dates::parse_time_value;
use crate::wire::{Id, TimeValue};

/// The zone type the parsers take, so callers need not depend on chrono-tz themselves.
pub use crate::zones::Tz as Zone;
use crate::RuleError;

/// Longest event id and chat id kept (longer is `value_invalid`).
pub const MAX_EVENT_ID_LEN: usize = 128;
pub const MAX_CHAT_ID_LEN: usize = 255;
/// Longest call kept: a day, in seconds.
pub const MAX_CALL_DURATION_S: f64 = 86_400.0;
/// How far after `now` an event may be dated.
pub const MAX_CLOCK_SKEW_MS: i64 = 86_400_000;
/// The earliest event time accepted: 2000-01-01T00:00:00Z.
pub const EARLIEST_EVENT_MS: i64 = 946_684_800_000;

/// A number the extension sends either as a number or as text (`Duration`, `Ack`); text is
/// read by the number check of [`crate::inputs::parse_number`] (plain decimals).
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, crate::value::FromValue, crate::value::ToValue,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum LooseNumber {
    Number(f64),
    Text(String),
}

impl LooseNumber {
    fn value(&self) -> Option<f64> {
        match self {
            LooseNumber::Number(n) => Some(*n),
            LooseNumber::Text(t) => crate::inputs::parse_number(t).ok(),
        }
        .filter(|n| n.is_finite())
    }
}

/// One call-log event as the extension sends it (001 §3).
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, crate::value::FromValue, crate::value::ToValue,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct CallEventInput {
    /// The event's own id: the same id sent twice is stored once.
    #[serde(alias = "_id", alias = "EventId")]
    pub id: Option<Id>,
    #[serde(rename = "Datetime")]
    pub datetime: Option<TimeValue>,
    /// 1 incoming, 2 outgoing, 3 missed, 5 rejected.
    #[serde(rename = "Direction")]
    pub direction: Option<Id>,
    /// Seconds.
    #[serde(rename = "Duration")]
    pub duration: Option<LooseNumber>,
    #[serde(rename = "Chatid")]
    pub chatid: Option<Id>,
    #[serde(rename = "CreatedByUser")]
    pub created_by_user: Option<Id>,
    #[serde(rename = "createdAt")]
    pub created_at: Option<TimeValue>,
    #[serde(rename = "updatedAt")]
    pub updated_at: Option<TimeValue>,
}

/// One chat-message event (000 §3 'Webhook sample payload fields').
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, crate::value::FromValue, crate::value::ToValue,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct MessageEventInput {
    #[serde(rename = "MessageId")]
    pub message_id: Option<Id>,
    #[serde(rename = "Message")]
    pub message: Option<String>,
    #[serde(rename = "Chatid")]
    pub chatid: Option<Id>,
    #[serde(rename = "File")]
    pub file: Option<String>,
    #[serde(rename = "FileName")]
    pub file_name: Option<String>,
    #[serde(rename = "Ack")]
    pub ack: Option<LooseNumber>,
    #[serde(rename = "Datetime")]
    pub datetime: Option<TimeValue>,
    /// The extension's own date text, kept as sent.
    #[serde(rename = "Date")]
    pub date: Option<String>,
    /// OUTGOING or INCOMING.
    #[serde(rename = "Direction")]
    pub direction: Option<String>,
    #[serde(rename = "SentById")]
    pub sent_by_id: Option<Id>,
    #[serde(rename = "ChannelName")]
    pub channel_name: Option<String>,
    #[serde(rename = "ChannelId")]
    pub channel_id: Option<Id>,
    #[serde(rename = "SentByNumber")]
    pub sent_by_number: Option<Id>,
    #[serde(rename = "sentByUserId")]
    pub sent_by_user_id: Option<Id>,
    #[serde(rename = "CreatedByUser")]
    pub created_by_user: Option<Id>,
    #[serde(rename = "senderName")]
    pub sender_name: Option<String>,
    /// The chat's WhatsApp label ids when the message was sent; the CRM label rules
    /// (`crmLabelSyncData`) decide from them which CRMs the message syncs to.
    #[serde(rename = "Labels")]
    pub labels: Option<Vec<Id>>,
}

/// The most labels one message may carry.
pub const MAX_MESSAGE_LABELS: usize = 100;

/// A valid call event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallEvent {
    pub event_id: String,
    pub user_id: i64,
    pub chat_id: String,
    /// 1, 2, 3 or 5.
    pub direction: i16,
    pub duration_s: i64,
    pub occurred_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// 000 §3: a message's direction, stored as 1 incoming, 2 outgoing.
pub const MESSAGE_INCOMING: i16 = 1;
pub const MESSAGE_OUTGOING: i16 = 2;

/// A valid chat-message event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageEvent {
    pub event_id: String,
    pub user_id: i64,
    pub chat_id: String,
    /// [`MESSAGE_INCOMING`] or [`MESSAGE_OUTGOING`].
    pub direction: i16,
    pub message: Option<String>,
    pub file: Option<String>,
    pub file_name: Option<String>,
    pub ack: Option<i32>,
    pub occurred_at: i64,
    pub date_text: Option<String>,
    pub sent_by_id: Option<String>,
    pub channel_name: Option<String>,
    pub channel_id: Option<String>,
    pub sent_by_number: Option<String>,
    pub sent_by_user_id: Option<String>,
    pub sender_name: Option<String>,
    /// The chat's label ids, trimmed, without repeats.
    pub labels: Vec<String>,
}

/// A broken field of one event: its wire name and the rule it broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldError {
    pub field: &'static str,
    pub code: RuleError,
}

struct Errors(Vec<FieldError>);

impl Errors {
    fn push(&mut self, field: &'static str, code: RuleError) {
        self.0.push(FieldError { field, code });
    }

    fn text(&mut self, field: &'static str, v: Option<&Id>, max: usize) -> Option<String> {
        match v.map(|i| i.0.trim()).filter(|s| !s.is_empty()) {
            None => {
                self.push(field, RuleError::FieldsRequired);
                None
            }
            Some(s) if s.chars().count() > max => {
                self.push(field, RuleError::ValueInvalid);
                None
            }
            Some(s) => Some(s.to_owned()),
        }
    }

    fn user(&mut self, v: Option<&Id>) -> Option<i64> {
        let s = self.text("CreatedByUser", v, 20)?;
        match s.parse::<i64>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                self.push("CreatedByUser", RuleError::ValueInvalid);
                None
            }
        }
    }

    fn time(
        &mut self,
        field: &'static str,
        v: Option<&TimeValue>,
        tz: Zone,
        now_ms: i64,
    ) -> Option<i64> {
        let Some(v) = v else {
            self.push(field, RuleError::FieldsRequired);
            return None;
        };
        match parse_time_value(v, tz) {
            Ok(ms)
                if (EARLIEST_EVENT_MS..=now_ms.saturating_add(MAX_CLOCK_SKEW_MS)).contains(&ms) =>
            {
                Some(ms)
            }
            Ok(_) => {
                self.push(field, RuleError::DateInvalid);
                None
            }
            Err(e) => {
                self.push(field, e);
                None
            }
        }
    }

    fn optional_time(
        &mut self,
        field: &'static str,
        v: Option<&TimeValue>,
        tz: Zone,
        now_ms: i64,
    ) -> Option<Option<i64>> {
        match v {
            None => Some(None),
            Some(_) => self.time(field, v, tz, now_ms).map(Some),
        }
    }

    fn done<T>(self, value: Option<T>) -> Result<T, Vec<FieldError>> {
        match value {
            Some(v) if self.0.is_empty() => Ok(v),
            _ => Err(self.0),
        }
    }
}

fn clean(s: Option<&str>, max: usize) -> Option<String> {
    s.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.chars().take(max).collect())
}

/// Reads one call event; `tz` reads a bare date, `now_ms` bounds the future.
pub fn parse_call_event(
    input: &CallEventInput,
    tz: Zone,
    now_ms: i64,
) -> Result<CallEvent, Vec<FieldError>> {
    let mut e = Errors(Vec::new());
    let event_id = e.text("id", input.id.as_ref(), MAX_EVENT_ID_LEN);
    let occurred_at = e.time("Datetime", input.datetime.as_ref(), tz, now_ms);
    let direction = match input.direction.as_ref() {
        None => {
            e.push("Direction", RuleError::FieldsRequired);
            None
        }
        Some(d) => match d
            .0
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|c| CallDirection::from_code(*c).is_some())
        {
            Some(c) => Some(c as i16),
            None => {
                e.push("Direction", RuleError::ValueInvalid);
                None
            }
        },
    };
    let duration_s = match input.duration.as_ref() {
        None => Some(0),
        Some(d) => match d
            .value()
            .filter(|v| (0.0..=MAX_CALL_DURATION_S).contains(v))
        {
            Some(v) => Some(v.round() as i64),
            None => {
                e.push("Duration", RuleError::ValueInvalid);
                None
            }
        },
    };
    let chat_id = e.text("Chatid", input.chatid.as_ref(), MAX_CHAT_ID_LEN);
    let user_id = e.user(input.created_by_user.as_ref());
    let created_at = e.optional_time("createdAt", input.created_at.as_ref(), tz, now_ms);
    let updated_at = e.optional_time("updatedAt", input.updated_at.as_ref(), tz, now_ms);
    let value = (|| {
        let occurred_at = occurred_at?;
        let created_at = created_at?.unwrap_or(occurred_at);
        Some(CallEvent {
            event_id: event_id?,
            user_id: user_id?,
            chat_id: chat_id?,
            direction: direction?,
            duration_s: duration_s?,
            occurred_at,
            created_at,
            updated_at: updated_at?.unwrap_or(created_at),
        })
    })();
    e.done(value)
}

/// Reads one chat-message event.
pub fn parse_message_event(
    input: &MessageEventInput,
    tz: Zone,
    now_ms: i64,
) -> Result<MessageEvent, Vec<FieldError>> {
    let mut e = Errors(Vec::new());
    let event_id = e.text("MessageId", input.message_id.as_ref(), MAX_EVENT_ID_LEN);
    let occurred_at = e.time("Datetime", input.datetime.as_ref(), tz, now_ms);
    let direction = match input.direction.as_deref().map(str::trim) {
        None | Some("") => {
            e.push("Direction", RuleError::FieldsRequired);
            None
        }
        Some(d) if d.eq_ignore_ascii_case("INCOMING") => Some(MESSAGE_INCOMING),
        Some(d) if d.eq_ignore_ascii_case("OUTGOING") => Some(MESSAGE_OUTGOING),
        Some(_) => {
            e.push("Direction", RuleError::ValueInvalid);
            None
        }
    };
    let chat_id = e.text("Chatid", input.chatid.as_ref(), MAX_CHAT_ID_LEN);
    let user_id = e.user(input.created_by_user.as_ref());
    let ack = match input.ack.as_ref() {
        None => Some(None),
        Some(a) => match a
            .value()
            .filter(|v| v.fract() == 0.0 && (-1.0..=10.0).contains(v))
        {
            Some(v) => Some(Some(v as i32)),
            None => {
                e.push("Ack", RuleError::ValueInvalid);
                None
            }
        },
    };
    let id_text = |v: &Option<Id>| clean(v.as_ref().map(|i| i.0.as_str()), 255);
    let labels = match input.labels.as_deref() {
        None => Some(Vec::new()),
        Some(l) if l.len() > MAX_MESSAGE_LABELS => {
            e.push("Labels", RuleError::ValueInvalid);
            None
        }
        Some(l) => {
            let mut out: Vec<String> = Vec::new();
            for id in l.iter().filter_map(|i| clean(Some(i.0.as_str()), 128)) {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
            Some(out)
        }
    };
    let value = (|| {
        Some(MessageEvent {
            event_id: event_id?,
            user_id: user_id?,
            chat_id: chat_id?,
            direction: direction?,
            message: input.message.clone().filter(|m| !m.is_empty()),
            file: clean(input.file.as_deref(), 2048),
            file_name: clean(input.file_name.as_deref(), 500),
            ack: ack?,
            occurred_at: occurred_at?,
            date_text: clean(input.date.as_deref(), 64),
            sent_by_id: id_text(&input.sent_by_id),
            channel_name: clean(input.channel_name.as_deref(), 255),
            channel_id: id_text(&input.channel_id),
            sent_by_number: clean(input.sent_by_number.as_ref().map(|i| i.0.as_str()), 64),
            sent_by_user_id: id_text(&input.sent_by_user_id),
            sender_name: clean(input.sender_name.as_deref(), 255),
            labels: labels?,
        })
    })();
    e.done(value)
}

/// One usage event (a quick reply sent, a message scheduled) as the extension sends it.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, crate::value::FromValue, crate::value::ToValue,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct UsageEventInput {
    #[serde(alias = "_id", alias = "EventId")]
    pub id: Option<Id>,
    #[serde(rename = "Datetime")]
    pub datetime: Option<TimeValue>,
    #[serde(rename = "CreatedByUser")]
    pub created_by_user: Option<Id>,
}

/// A valid usage event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageEvent {
    pub event_id: String,
    pub user_id: i64,
    pub occurred_at: i64,
}

/// Reads one usage event.
pub fn parse_usage_event(
    input: &UsageEventInput,
    tz: Zone,
    now_ms: i64,
) -> Result<UsageEvent, Vec<FieldError>> {
    let mut e = Errors(Vec::new());
    let event_id = e.text("id", input.id.as_ref(), MAX_EVENT_ID_LEN);
    let occurred_at = e.time("Datetime", input.datetime.as_ref(), tz, now_ms);
    let user_id = e.user(input.created_by_user.as_ref());
    let value = (|| {
        Some(UsageEvent {
            event_id: event_id?,
            user_id: user_id?,
            occurred_at: occurred_at?,
        })
    })();
    e.done(value)
}

/// The phone number of a one-to-one WhatsApp chat id (`919812345678@c.us` → `919812345678`);
/// None for groups and anything that is not 6 to 15 digits. The CRMs find or create the contact
/// by it.
pub fn chat_phone(chat_id: &str) -> Option<String> {
    let (user, server) = chat_id.split_once('@').unwrap_or((chat_id, "c.us"));
    let digits = user.trim_start_matches('+');
    let ok = matches!(server, "c.us" | "s.whatsapp.net")
        && (6..=15).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| digits.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_to_one_chat_id_gives_its_phone_and_a_group_none() {
        assert_eq!(
            chat_phone("919812345678@c.us").as_deref(),
            Some("919812345678")
        );
        assert_eq!(
            chat_phone("+5511987654321@s.whatsapp.net").as_deref(),
            Some("5511987654321")
        );
        assert_eq!(chat_phone("919812345678").as_deref(), Some("919812345678"));
        assert_eq!(chat_phone("120363025246125486@g.us"), None);
        assert_eq!(chat_phone("12345@c.us"), None, "too short");
        assert_eq!(chat_phone("9198123456789012@c.us"), None, "too long");
        assert_eq!(chat_phone("91981234x678@c.us"), None);
    }
    use chrono_tz::Asia::Kolkata;
    use serde_json::json;

    const NOW: i64 = 1_773_000_000_000; // 2026-03-08

    fn call(v: serde_json::Value) -> Result<CallEvent, Vec<FieldError>> {
        parse_call_event(&serde_json::from_value(v).unwrap(), Kolkata, NOW)
    }

    #[test]
    fn a_complete_call_event_is_read_with_its_defaults() {
        // 001 §3: Datetime, createdAt, updatedAt, Direction, Duration, Chatid, CreatedByUser
        let ev = call(json!({
            "id": "c-1", "Datetime": NOW - 1000, "Direction": "2", "Duration": "61.6",
            "Chatid": "9198@c.us", "CreatedByUser": "42"
        }))
        .unwrap();
        assert_eq!(ev.direction, 2);
        assert_eq!(ev.duration_s, 62);
        assert_eq!(ev.user_id, 42);
        assert_eq!((ev.created_at, ev.updated_at), (NOW - 1000, NOW - 1000));
    }

    #[test]
    fn every_broken_field_of_a_call_event_is_reported() {
        // 001 §3 directions 1, 2, 3, 5 only; a user id is a number
        let errs = call(json!({
            "Datetime": "yesterday", "Direction": 4, "Duration": -1,
            "Chatid": "", "CreatedByUser": "bob"
        }))
        .unwrap_err();
        let fields: Vec<_> = errs.iter().map(|e| (e.field, e.code.code())).collect();
        assert_eq!(
            fields,
            vec![
                ("id", "fields_required"),
                ("Datetime", "no_date"),
                ("Direction", "value_invalid"),
                ("Duration", "value_invalid"),
                ("Chatid", "fields_required"),
                ("CreatedByUser", "value_invalid"),
            ]
        );
    }

    #[test]
    fn an_event_dated_more_than_a_day_ahead_is_refused() {
        let errs = call(json!({
            "id": "c", "Datetime": NOW + MAX_CLOCK_SKEW_MS + 1, "Direction": 1,
            "Chatid": "x", "CreatedByUser": 1
        }))
        .unwrap_err();
        assert_eq!(errs[0].code, RuleError::DateInvalid);
    }

    #[test]
    fn a_message_event_reads_the_webhook_fields() {
        // 000 §3: 'Direction (OUTGOING or INCOMING)'
        let input: MessageEventInput = serde_json::from_value(json!({
            "MessageId": "m1", "Message": "hi", "Chatid": "c", "Ack": 2,
            "Datetime": "2026-03-07T18:30:00Z", "Direction": "outgoing",
            "CreatedByUser": "7", "SentByNumber": 919812345678_i64
        }))
        .unwrap();
        let ev = parse_message_event(&input, Kolkata, NOW).unwrap();
        assert_eq!(ev.direction, MESSAGE_OUTGOING);
        assert_eq!(ev.sent_by_number.as_deref(), Some("919812345678"));
        assert_eq!(ev.ack, Some(2));
        let bad: MessageEventInput =
            serde_json::from_value(json!({ "MessageId": "m", "Direction": "SIDEWAYS" })).unwrap();
        let errs = parse_message_event(&bad, Kolkata, NOW).unwrap_err();
        assert!(errs
            .iter()
            .any(|e| e.field == "Direction" && e.code == RuleError::ValueInvalid));
    }
}
