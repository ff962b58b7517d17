//! The manage tools' input rules (001 §2 'Templates and quick replies', labels and funnels,
//! user properties, tags, reminders and scheduled messages; §3 fields; §5 messages; §9 limits):
//! each form is checked here, in the browser through the manage tools' wasm module and on the
//! server, so both refuse the same input with the same code.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::recurrence::{schedule_from, Recurrence, RepeatUnit};
use crate::RuleError;

/// The longest quick-reply or label name.
pub const MAX_NAME_CHARS: usize = 60;
/// The longest quick-reply or scheduled message (WhatsApp allows 65 536; a reply is short).
pub const MAX_MESSAGE_CHARS: usize = 4_096;
/// 001 §5 'Max length could be only 10': a tag.
pub const MAX_TAG_CHARS: usize = 10;
/// 001 §9 'At most two tags per contact, at least one'.
pub const MAX_TAGS: usize = 2;
/// The longest funnel stage name.
pub const MAX_STAGE_CHARS: usize = 30;
/// The most stages of one funnel.
pub const MAX_STAGES: usize = 20;
/// The most options of one list property.
pub const MAX_OPTIONS: usize = 50;
/// 001 §2 'upload any file up to a maximum whose value is not shown': 16 MiB, WhatsApp's own
/// limit for media sent from the web client (docs/DECISIONS.md).
pub const MAX_ATTACHMENT_BYTES: u64 = 16 * 1024 * 1024;

/// The limits above, for the screens' messages ('at most {{nameMax}} characters'), so a message
/// names the very limit the rule checks (issue #25).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ManageLimits {
    pub name_max: u32,
    pub message_max: u32,
    pub tag_max: u32,
    pub tags_max: u32,
    pub stage_max: u32,
    pub stages_max: u32,
    pub options_max: u32,
    pub attachment_mb: u32,
}

pub const fn limits() -> ManageLimits {
    ManageLimits {
        name_max: MAX_NAME_CHARS as u32,
        message_max: MAX_MESSAGE_CHARS as u32,
        tag_max: MAX_TAG_CHARS as u32,
        tags_max: MAX_TAGS as u32,
        stage_max: MAX_STAGE_CHARS as u32,
        stages_max: MAX_STAGES as u32,
        options_max: MAX_OPTIONS as u32,
        attachment_mb: (MAX_ATTACHMENT_BYTES / (1024 * 1024)) as u32,
    }
}

fn trimmed(raw: &str) -> String {
    raw.trim().to_string()
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// Input of the `quick_reply` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuickReplyInput {
    pub name: String,
    pub message: String,
    pub has_attachment: Option<bool>,
}

/// A quick reply's checked name and message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct QuickReplyDraft {
    pub name: String,
    pub message: String,
}

/// 001 §5 'Enter a valid quick reply name' (empty or longer than [`MAX_NAME_CHARS`]); 'Enter a
/// valid quick reply message' (empty without an attachment, or longer than
/// [`MAX_MESSAGE_CHARS`]). The message keeps its inner line breaks; only its ends are trimmed.
pub fn quick_reply(input: &QuickReplyInput) -> Result<QuickReplyDraft, RuleError> {
    let name = trimmed(&input.name);
    if name.is_empty() || chars(&name) > MAX_NAME_CHARS {
        return Err(RuleError::QuickReplyNameInvalid);
    }
    let message = trimmed(&input.message);
    let empty = message.is_empty() && !input.has_attachment.unwrap_or(false);
    if empty || chars(&message) > MAX_MESSAGE_CHARS {
        return Err(RuleError::QuickReplyMessageInvalid);
    }
    Ok(QuickReplyDraft { name, message })
}

/// The contact and sender a message is rendered for (every field optional).
#[derive(Debug, Clone, Default, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TemplateVars {
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub company: Option<String>,
    /// The sender's own name.
    pub my_name: Option<String>,
}

/// The variables a message may use, as written between double braces.
pub const VARIABLES: [&str; 7] = [
    "name",
    "first_name",
    "last_name",
    "phone",
    "email",
    "company",
    "my_name",
];

impl TemplateVars {
    fn get(&self, key: &str) -> Option<String> {
        let name = self
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty());
        let split = name.map(|n| n.split_once(' ').unwrap_or((n, "")));
        let value = match key {
            "name" => name.map(str::to_string),
            "first_name" => self
                .first_name
                .clone()
                .or_else(|| split.map(|(f, _)| f.to_string())),
            "last_name" => self
                .last_name
                .clone()
                .or_else(|| split.map(|(_, l)| l.trim().to_string())),
            "phone" => self.phone.clone(),
            "email" => self.email.clone(),
            "company" => self.company.clone(),
            "my_name" => self.my_name.clone(),
            _ => return None,
        };
        Some(value.unwrap_or_default())
    }
}

/// Input of the `render_message` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RenderInput {
    pub message: String,
    pub vars: Option<TemplateVars>,
}

/// A rendered message and the variables it names that do not exist (kept as written, so the
/// writer sees the typo).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Rendered {
    pub text: String,
    pub unknown: Vec<String>,
}

/// Fills `{{variable}}` (spaces inside the braces allowed, names in any case) from `vars`:
/// `{{first_name}}` and `{{last_name}}` fall back to the parts of `name`; a known variable with
/// no value becomes empty; an unknown one stays as written and is listed.
pub fn render_message(input: &RenderInput) -> Rendered {
    let vars = input.vars.clone().unwrap_or_default();
    let mut text = String::with_capacity(input.message.len());
    let mut unknown: Vec<String> = Vec::new();
    let mut rest = input.message.as_str();
    while let Some(open) = rest.find("{{") {
        text.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            text.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let key = after[..close].trim().to_ascii_lowercase();
        match vars.get(&key) {
            Some(value) => text.push_str(&value),
            None => {
                text.push_str(&rest[open..open + 2 + close + 2]);
                if !unknown.contains(&key) {
                    unknown.push(key);
                }
            }
        }
        rest = &after[close + 2..];
    }
    text.push_str(rest);
    Rendered { text, unknown }
}

/// Input of the `label` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LabelInput {
    pub name: String,
    /// `#RRGGBB`.
    pub color: String,
}

/// A label's checked name and colour (the colour in lower case).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LabelDraft {
    pub name: String,
    pub color: String,
}

/// A label: a name of 1 to [`MAX_NAME_CHARS`] characters ('Label name can not be empty') and a
/// `#RRGGBB` colour.
pub fn label(input: &LabelInput) -> Result<LabelDraft, RuleError> {
    let name = trimmed(&input.name);
    if name.is_empty() {
        return Err(RuleError::LabelNameEmpty);
    }
    if chars(&name) > MAX_NAME_CHARS {
        return Err(RuleError::LabelNameTooLong);
    }
    let color = input.color.trim().to_ascii_lowercase();
    let hex = color.strip_prefix('#').unwrap_or_default();
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(RuleError::LabelColorInvalid);
    }
    Ok(LabelDraft { name, color })
}

/// Input of the `funnel` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FunnelInput {
    pub name: String,
    pub stages: Vec<String>,
}

/// A funnel's checked name and ordered stages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FunnelDraft {
    pub name: String,
    pub stages: Vec<String>,
}

/// A funnel: a name as a label's, and 1 to [`MAX_STAGES`] stages in order, each 1 to
/// [`MAX_STAGE_CHARS`] characters, no two alike (case ignored).
pub fn funnel(input: &FunnelInput) -> Result<FunnelDraft, RuleError> {
    let name = trimmed(&input.name);
    if name.is_empty() || chars(&name) > MAX_NAME_CHARS {
        return Err(RuleError::FunnelNameInvalid);
    }
    let stages: Vec<String> = input.stages.iter().map(|s| trimmed(s)).collect();
    if stages.is_empty() || stages.len() > MAX_STAGES {
        return Err(RuleError::FunnelStagesRequired);
    }
    for (i, s) in stages.iter().enumerate() {
        if s.is_empty() || chars(s) > MAX_STAGE_CHARS {
            return Err(RuleError::FunnelStageInvalid);
        }
        if stages[..i]
            .iter()
            .any(|t| t.to_lowercase() == s.to_lowercase())
        {
            return Err(RuleError::FunnelStageDuplicate);
        }
    }
    Ok(FunnelDraft { name, stages })
}

/// A user property's type (001 §3 'User property: name, value, type; options may be added').
#[crate::value::wire(Copy)]
#[serde(rename_all = "snake_case")]
pub enum PropertyKind {
    Text,
    Number,
    Date,
    Boolean,
    /// One of the property's options.
    Select,
}

impl PropertyKind {
    pub const ALL: [PropertyKind; 5] = [
        PropertyKind::Text,
        PropertyKind::Number,
        PropertyKind::Date,
        PropertyKind::Boolean,
        PropertyKind::Select,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            PropertyKind::Text => "text",
            PropertyKind::Number => "number",
            PropertyKind::Date => "date",
            PropertyKind::Boolean => "boolean",
            PropertyKind::Select => "select",
        }
    }

    pub fn parse(raw: &str) -> Option<PropertyKind> {
        Self::ALL.into_iter().find(|k| k.code() == raw)
    }
}

/// Input of the `user_property` rule: the property and the names of the organisation's other
/// properties.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PropertyInput {
    pub name: String,
    pub kind: PropertyKind,
    pub options: Option<Vec<String>>,
    /// The names already taken (the property's own name left out when it is renamed).
    pub existing: Vec<String>,
}

/// A user property's checked definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PropertyDraft {
    pub name: String,
    pub kind: PropertyKind,
    pub options: Vec<String>,
}

/// 001 §5: an empty name is 'Please fill all mandatory fields'; 'Property names should not
/// contain numbers'; 'You can not have properties with same name' (case and outer spaces
/// ignored). A list property needs 1 to [`MAX_OPTIONS`] distinct options; other kinds keep none.
pub fn user_property(input: &PropertyInput) -> Result<PropertyDraft, RuleError> {
    let name = trimmed(&input.name);
    if name.is_empty() {
        return Err(RuleError::FieldsRequired);
    }
    if crate::inputs::has_digit(&name) {
        return Err(RuleError::PropertyNameHasNumber);
    }
    if chars(&name) > MAX_NAME_CHARS {
        return Err(RuleError::LabelNameTooLong);
    }
    let key = name.to_lowercase();
    if input
        .existing
        .iter()
        .any(|e| e.trim().to_lowercase() == key)
    {
        return Err(RuleError::PropertyNameDuplicate);
    }
    let mut options: Vec<String> = Vec::new();
    if input.kind == PropertyKind::Select {
        for o in input.options.iter().flatten().map(|o| trimmed(o)) {
            if !o.is_empty() && !options.iter().any(|p| p.to_lowercase() == o.to_lowercase()) {
                options.push(o);
            }
        }
        if options.is_empty() || options.len() > MAX_OPTIONS {
            return Err(RuleError::PropertyOptionsRequired);
        }
    }
    Ok(PropertyDraft {
        name,
        kind: input.kind,
        options,
    })
}

/// Input of the `property_value` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PropertyValueInput {
    pub kind: PropertyKind,
    pub options: Option<Vec<String>>,
    pub value: String,
}

/// A value kept as text in its canonical spelling.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct PropertyValue(pub String);

/// 001 §5 'Property values should match property type': a number (`12`, `-3.5`), a date
/// (`YYYY-MM-DD`), `true`/`false` (any case), one of the options (its own spelling), or any
/// text up to [`MAX_MESSAGE_CHARS`]. An empty value clears the property and is always allowed.
pub fn property_value(input: &PropertyValueInput) -> Result<PropertyValue, RuleError> {
    let v = input.value.trim();
    if v.is_empty() {
        return Ok(PropertyValue(String::new()));
    }
    let ok = match input.kind {
        PropertyKind::Text => (chars(v) <= MAX_MESSAGE_CHARS).then(|| v.to_string()),
        PropertyKind::Number => crate::inputs::parse_number(v).ok().map(|_| v.to_string()),
        PropertyKind::Date => crate::inputs::parse_iso_date(v).ok().map(|_| v.to_string()),
        PropertyKind::Boolean => match v.to_ascii_lowercase().as_str() {
            "true" => Some("true".to_string()),
            "false" => Some("false".to_string()),
            _ => None,
        },
        PropertyKind::Select => input
            .options
            .iter()
            .flatten()
            .find(|o| o.trim().to_lowercase() == v.to_lowercase())
            .map(|o| o.trim().to_string()),
    };
    ok.map(PropertyValue)
        .ok_or(RuleError::PropertyValueMismatch)
}

/// Input of the `contact_tags` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TagsInput {
    pub tags: Vec<String>,
}

/// A contact's tags, trimmed, without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Tags(pub Vec<String>);

/// 001 §5, §9: 'You can only select two tags at a time; you must select one tag at all times';
/// 'Max length could be only 10'.
pub fn contact_tags(input: &TagsInput) -> Result<Tags, RuleError> {
    let mut tags: Vec<String> = Vec::new();
    for t in input.tags.iter().map(|t| trimmed(t)) {
        if t.is_empty() {
            continue;
        }
        if chars(&t) > MAX_TAG_CHARS {
            return Err(RuleError::TagTooLong);
        }
        if !tags.iter().any(|u| u.to_lowercase() == t.to_lowercase()) {
            tags.push(t);
        }
    }
    match tags.len() {
        0 => Err(RuleError::TagRequired),
        n if n > MAX_TAGS => Err(RuleError::TagsTooMany),
        _ => Ok(Tags(tags)),
    }
}

/// One tag typed for a bulk change of many contacts' tags: trimmed, not blank, at most
/// [`MAX_TAG_CHARS`].
pub fn bulk_tag(raw: &str) -> Result<String, RuleError> {
    let t = trimmed(raw);
    if t.is_empty() {
        Err(RuleError::TagRequired)
    } else if chars(&t) > MAX_TAG_CHARS {
        Err(RuleError::TagTooLong)
    } else {
        Ok(t)
    }
}

/// A contact's tags after a bulk change: `remove` taken off (any case), then `add` put on
/// unless it is there already (any case). Refused with `TagsTooMany` past [`MAX_TAGS`]; an
/// empty answer leaves the contact untagged, as one never tagged is (docs/DECISIONS.md).
pub fn retagged(
    current: &[String],
    add: Option<&str>,
    remove: Option<&str>,
) -> Result<Vec<String>, RuleError> {
    let same = |a: &str, b: &str| a.to_lowercase() == b.to_lowercase();
    let mut tags: Vec<String> = current
        .iter()
        .filter(|t| !remove.is_some_and(|r| same(t, r)))
        .cloned()
        .collect();
    if let Some(a) = add {
        if !tags.iter().any(|t| same(t, a)) {
            tags.push(a.to_owned());
        }
    }
    if tags.len() > MAX_TAGS {
        return Err(RuleError::TagsTooMany);
    }
    Ok(tags)
}

/// 001 §3 'Priority: none, low, medium, high, very low, very high'.
#[crate::value::wire(Copy, Default)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    #[default]
    None,
    VeryLow,
    Low,
    Medium,
    High,
    VeryHigh,
}

impl Priority {
    pub const ALL: [Priority; 6] = [
        Priority::None,
        Priority::VeryLow,
        Priority::Low,
        Priority::Medium,
        Priority::High,
        Priority::VeryHigh,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            Priority::None => "none",
            Priority::VeryLow => "very_low",
            Priority::Low => "low",
            Priority::Medium => "medium",
            Priority::High => "high",
            Priority::VeryHigh => "very_high",
        }
    }

    pub fn parse(raw: &str) -> Option<Priority> {
        Self::ALL.into_iter().find(|p| p.code() == raw)
    }
}

/// Input of the `follow_up` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FollowUpInput {
    pub title: String,
    /// `YYYY-MM-DDTHH:MM` in `time_zone`.
    pub due: String,
    pub time_zone: String,
    pub amount: Option<String>,
    pub recurrence: Option<Recurrence>,
    /// The instant the form is sent (the browser's clock; the server uses its own).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub now_ms: i64,
    /// A new follow-up, or one whose time changed, must be in the future.
    pub check_past: Option<bool>,
}

/// A follow-up's checked fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FollowUpDraft {
    pub title: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub due_ms: i64,
    pub amount: Option<String>,
}

/// 001 §5 'Please enter a title'; 'Time has already passed' (a due time not after `now`, when
/// asked); an amount is a number ≥ 0 (`amount_invalid`).
pub fn follow_up(input: &FollowUpInput) -> Result<FollowUpDraft, RuleError> {
    let title = trimmed(&input.title);
    if title.is_empty() || chars(&title) > MAX_NAME_CHARS * 2 {
        return Err(RuleError::TitleRequired);
    }
    let schedule = schedule_from(&input.due, &input.time_zone, None, None, None)?;
    let due = schedule.occurrence(0).ok_or(RuleError::DateInvalid)?.at;
    if input.check_past.unwrap_or(true) && due.timestamp_millis() <= input.now_ms {
        return Err(RuleError::TimeHasPassed);
    }
    let amount = match input.amount.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(a) => match crate::inputs::parse_number(a) {
            Ok(n) if n >= 0.0 => Some(a.to_string()),
            _ => return Err(RuleError::AmountInvalid),
        },
    };
    Ok(FollowUpDraft {
        title,
        due_ms: due.timestamp_millis(),
        amount,
    })
}

/// Input of the `scheduled_message` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScheduledMessageInput {
    pub recipient: String,
    pub message: String,
    pub has_attachment: Option<bool>,
    /// `YYYY-MM-DDTHH:MM` in `time_zone`.
    pub start: String,
    pub time_zone: String,
    pub every: Option<u32>,
    pub unit: Option<RepeatUnit>,
    pub stop_after: Option<u32>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub now_ms: i64,
}

/// A scheduled message's checked fields: the recipient in international form and the first
/// send's instant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ScheduledMessageDraft {
    pub recipient: String,
    pub message: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub first_ms: i64,
}

/// 001 §5: the recipient is a phone number with its country code ('Invalid phone number. Phone
/// numbers need a country code.'); 'Message and Upload can't be empty'; 'Time has already
/// passed' (the first send not after `now`); a repeat of 1 to 1 000 units and a stop after 1 to
/// 10 000 sends (`repeat_invalid`).
pub fn scheduled_message(
    input: &ScheduledMessageInput,
) -> Result<ScheduledMessageDraft, RuleError> {
    let recipient = crate::accounts::PhoneNumber::parse(&input.recipient)?;
    let message = trimmed(&input.message);
    if message.is_empty() && !input.has_attachment.unwrap_or(false) {
        return Err(RuleError::MessageAndUploadEmpty);
    }
    if chars(&message) > MAX_MESSAGE_CHARS {
        return Err(RuleError::QuickReplyMessageInvalid);
    }
    let schedule = schedule_from(
        &input.start,
        &input.time_zone,
        input.every,
        input.unit,
        input.stop_after,
    )?;
    let first = schedule.occurrence(0).ok_or(RuleError::DateInvalid)?.at;
    if first.timestamp_millis() <= input.now_ms {
        return Err(RuleError::TimeHasPassed);
    }
    Ok(ScheduledMessageDraft {
        recipient: recipient.as_str().to_string(),
        message,
        first_ms: first.timestamp_millis(),
    })
}

/// What a follow-up shows as (001 §4 'Pending, Upcoming, Completed').
#[crate::value::wire(Copy)]
#[serde(rename_all = "snake_case")]
pub enum FollowUpState {
    /// Due now or overdue, not done.
    Pending,
    /// Due later.
    Upcoming,
    Completed,
}

/// Pending once its time has come, Upcoming before, Completed when ticked.
pub fn follow_up_state(due: DateTime<Utc>, completed: bool, now: DateTime<Utc>) -> FollowUpState {
    if completed {
        FollowUpState::Completed
    } else if due <= now {
        FollowUpState::Pending
    } else {
        FollowUpState::Upcoming
    }
}

#[cfg(test)]
mod tests;
