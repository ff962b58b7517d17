//! Small wire shapes shared by several rules: the API and the browser are loose about whether an
//! id is a number or text, a flag is `true` or `1`, and a time is epoch milliseconds or ISO text.
//! Reading them once here keeps every rule's input honest about what it accepts.

use serde::{Deserialize, Deserializer, Serialize};

/// An id the API sends either as a number or as text (`CreatedByUser` is text, `user_id` a
/// number). Always held as text; numbers are written in decimal.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Id(pub String);

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Int(i64),
            Float(f64),
            Text(String),
        }
        Ok(Id(match Raw::deserialize(d)? {
            Raw::Int(n) => n.to_string(),
            // A float id only arrives from JavaScript as a whole number (`1.0` prints as `1`).
            Raw::Float(f) => f.to_string(),
            Raw::Text(s) => s.trim().to_string(),
        }))
    }
}

impl From<&str> for Id {
    fn from(s: &str) -> Self {
        Id(s.to_string())
    }
}

/// Reads a flag sent as a boolean, as `1`/`0`, or as text (`"1"`, `"true"`). Anything else is
/// false: the spec's flags (`is_default_org`, `is_trial`, `syncing_active`) are set only by 1.
pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Bool(bool),
        Int(i64),
        Float(f64),
        Text(String),
    }
    Ok(Option::<Raw>::deserialize(d)?.map(|raw| match raw {
        Raw::Bool(b) => b,
        Raw::Int(n) => n == 1,
        Raw::Float(f) => f == 1.0,
        Raw::Text(s) => matches!(s.trim(), "1" | "true"),
    }))
}

/// A point in time as the browser or the API gives it: UTC epoch milliseconds, or text (RFC 3339,
/// `YYYY-MM-DD HH:MM:SS` read as UTC, `YYYY-MM-DD` read as the start of that day in the zone, or
/// digits read as epoch milliseconds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum TimeValue {
    Ms(#[cfg_attr(feature = "ts", ts(type = "number"))] i64),
    Text(String),
}
