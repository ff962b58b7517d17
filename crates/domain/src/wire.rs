//! Small wire shapes shared by several rules: the API and the browser are loose about whether an
//! id is a number or text, a flag is `true` or `1`, and a time is epoch milliseconds or ISO text.
//! Reading them once here keeps every rule's input honest about what it accepts.

use serde::{Deserialize, Deserializer, Serialize};

/// An id the API sends either as a number or as text (`CreatedByUser` is text, `user_id` a
/// number). Always held as text; numbers are written in decimal.
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default, crate::value::ToValue,
)]
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
            Raw::Float(f) => id_from_number(f)
                .ok_or_else(|| serde::de::Error::custom("an id is a whole number or text"))?,
            Raw::Text(s) => s.trim().to_string(),
        }))
    }
}

/// A numeric id as text: whole numbers only (JavaScript sends `1.0` for `1`; no id has a
/// fraction). Written as an integer, so no float printing is needed (the wasm module carries
/// none).
fn id_from_number(f: f64) -> Option<String> {
    (f.fract() == 0.0 && f.abs() < 1e38).then(|| crate::text::whole_f64(f))
}

impl crate::value::FromValue for Id {
    /// As the serde reader: a whole number in decimal, text trimmed.
    fn from_value(value: &crate::value::Value) -> Result<Self, crate::value::ValueError> {
        use crate::value::{Value, ValueError};
        Ok(Id(match value {
            Value::Num(n) => id_from_number(*n)
                .ok_or_else(|| ValueError("an id is a whole number or text".to_string()))?,
            Value::Str(s) => s.trim().to_string(),
            other => return Err(ValueError::expected("an id (a number or text)", other)),
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

/// [`flag`] for the browser's wire format.
pub fn flag_value(value: &crate::value::Value) -> Result<Option<bool>, crate::value::ValueError> {
    use crate::value::{Value, ValueError};
    Ok(match value {
        Value::Null => None,
        Value::Bool(b) => Some(*b),
        Value::Num(n) => Some(*n == 1.0),
        Value::Str(s) => Some(matches!(s.trim(), "1" | "true")),
        other => return Err(ValueError::expected("a flag", other)),
    })
}

/// A point in time as the browser or the API gives it: UTC epoch milliseconds, or text (RFC 3339,
/// `YYYY-MM-DD HH:MM:SS` read as UTC, `YYYY-MM-DD` read as the start of that day in the zone, or
/// digits read as epoch milliseconds).
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, crate::value::FromValue, crate::value::ToValue,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum TimeValue {
    Ms(#[cfg_attr(feature = "ts", ts(type = "number"))] i64),
    Text(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{FromValue, Value};

    #[test]
    fn ids_read_the_same_on_both_paths() {
        for (json, want) in [
            ("42", Some("42")),
            ("42.0", Some("42")),
            ("1e20", Some("100000000000000000000")),
            ("\" 7 \"", Some("7")),
            ("1.5", None),
            ("true", None),
        ] {
            let v: serde_json::Value = serde_json::from_str(json).unwrap();
            let server = serde_json::from_value::<Id>(v.clone()).ok().map(|i| i.0);
            let browser = Id::from_value(&Value::from(&v)).ok().map(|i| i.0);
            assert_eq!(server.as_deref(), want, "{json} (server)");
            assert_eq!(browser.as_deref(), want, "{json} (browser)");
        }
    }
}
