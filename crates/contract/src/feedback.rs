//! The public feedback form (`POST /api/feedback/{topic}`, 000 §2 `/feedback/{id}`) and the
//! operator's list of what was sent (`GET /api/admin/feedback`). The topic is the page's id:
//! `contact`, `demo` and `uninstall` have their own wording; any other slug is the general form
//! (docs/DECISIONS.md).

/// The longest name kept, in characters.
pub const NAME_CHARS: usize = 120;
/// The longest e-mail address accepted, in characters (RFC 5321's path limit).
pub const EMAIL_CHARS: usize = 254;
/// The longest WhatsApp number accepted as typed, in characters (spaces and dashes included).
pub const WHATSAPP_CHARS: usize = 40;
/// The longest message accepted, in characters.
pub const MESSAGE_CHARS: usize = 5_000;
/// The longest topic, in characters: a slug of `a-z`, `0-9`, `-` and `_`.
pub const TOPIC_CHARS: usize = 40;
/// The topic's pattern, as the OpenAPI document states it.
pub const TOPIC_PATTERN: &str = "^[a-z0-9_-]{1,40}$";

/// What the form sends. Every field is bounded; unknown fields are refused.
#[crate::wire]
#[serde(deny_unknown_fields)]
pub struct FeedbackRequest {
    /// Who writes (not blank, at most 120 characters).
    #[schema(pattern = r"\S", max_length = 120)]
    pub name: String,
    /// Where to answer them (at most 254 characters).
    #[schema(schema_with = crate::schemas::feedback_email)]
    pub email: String,
    /// What they say (not blank, at most 5 000 characters).
    #[schema(pattern = r"\S", max_length = 5000)]
    pub message: String,
    /// A WhatsApp number with its country code, to answer there.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    #[schema(schema_with = crate::schemas::feedback_whatsapp)]
    pub whatsapp: Option<String>,
}

/// One message as the operator's list shows it.
#[crate::wire]
pub struct FeedbackEntry {
    pub id: i64,
    pub topic: String,
    pub name: String,
    pub email: String,
    /// In international form (`+` and digits), when one was given.
    pub whatsapp: Option<String>,
    pub message: String,
    /// RFC 3339, UTC.
    pub created_at: String,
}
