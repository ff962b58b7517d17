//! The browser's wire format: a plain JSON-like value tree and the two traits that read a rule's
//! input from it and write its outcome into it. The wasm module converts JavaScript values to
//! and from [`Value`] in one place; every type reads and writes itself through
//! `#[derive(FromValue, ToValue)]`, which follows the type's own `#[serde(...)]` attributes so
//! the browser sees exactly the JSON shape the server's serde path produces.
//!
//! Why not serde here: serde's derived visitors, instantiated for a JavaScript deserializer,
//! were over half of the wasm module's code (docs/BENCHMARKS.md, "Web app size"). These traits
//! are object-light — one non-generic lookup per field, one generic reader per field *type* —
//! and the server keeps serde. The shared vectors run through both paths (tests/vectors.rs).
//!
//! Reading follows what the browser has always accepted: a JavaScript number is an integer
//! when it is a safe integer, `null` and a missing key both read as `None`, keys a type does not
//! know are ignored.

use std::borrow::Cow;
use std::collections::BTreeMap;

pub use switchboard_domain_derive::{wire, FromValue, ToValue};

/// An object key or text: the field names, variant names and error codes a type writes are
/// `&'static str` (no allocation, and the wasm module turns each into a JS string only once —
/// decoding short strings is the dearest part of a small call); text read from the browser is
/// owned.
pub type Key = Cow<'static, str>;

/// A JSON-like value as it crosses the browser boundary. Object keys keep their order.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Num(f64),
    Str(Key),
    Arr(Vec<Value>),
    Obj(Vec<(Key, Value)>),
}

/// Why a value could not be read as a type: the text of a thrown `bad_input` error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueError(pub String);

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl ValueError {
    /// `expected <what>` (the value's own kind is added by [`Value::kind`] callers).
    pub fn expected(what: &str, got: &Value) -> ValueError {
        ValueError(crate::text::concat(&[
            "expected ",
            what,
            ", found ",
            got.kind(),
        ]))
    }

    /// Prefixes the path of the field or index the error happened in.
    #[must_use]
    pub fn at(self, key: &str) -> ValueError {
        ValueError(crate::text::concat(&[key, ": ", &self.0]))
    }

    pub fn missing(key: &str) -> ValueError {
        ValueError(crate::text::concat(&["missing field `", key, "`"]))
    }
}

/// Above this a JavaScript number is no longer an exact integer (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

impl Value {
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Num(_) => "a number",
            Value::Str(_) => "text",
            Value::Arr(_) => "an array",
            Value::Obj(_) => "an object",
        }
    }

    /// The members of an object.
    pub fn object(&self) -> Result<&[(Key, Value)], ValueError> {
        match self {
            Value::Obj(members) => Ok(members),
            other => Err(ValueError::expected("an object", other)),
        }
    }

    /// A JavaScript safe integer (a whole number of at most 2^53 − 1 in size).
    pub fn safe_integer(&self) -> Option<i64> {
        match self {
            Value::Num(n) if n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER => Some(*n as i64),
            _ => None,
        }
    }
}

/// The value of `key` among an object's members (the first of `key` and its aliases present).
pub fn member<'a>(members: &'a [(Key, Value)], names: &[&str]) -> Option<&'a Value> {
    names
        .iter()
        .find_map(|name| members.iter().find(|(k, _)| k == name).map(|(_, v)| v))
}

/// Reads a type from a [`Value`].
pub trait FromValue: Sized {
    fn from_value(value: &Value) -> Result<Self, ValueError>;

    /// What a missing key reads as: an error, except for `Option` (`None`).
    fn missing() -> Option<Self> {
        None
    }
}

/// Writes a type as a [`Value`].
pub trait ToValue {
    fn to_value(&self) -> Value;
}

/// Appends `name: value` to an object being written. Out of line (like the readers below):
/// one copy for every field of every type keeps the module small.
#[inline(never)]
pub fn put(out: &mut Vec<(Key, Value)>, name: &'static str, value: Value) {
    out.push((Cow::Borrowed(name), value));
}

/// A variant or other fixed name as a text value.
#[inline(never)]
pub fn text(name: &'static str) -> Value {
    Value::Str(Cow::Borrowed(name))
}

/// Reads field `names[0]` (or one of its aliases) of an object.
#[inline(never)]
pub fn field<T: FromValue>(members: &[(Key, Value)], names: &[&str]) -> Result<T, ValueError> {
    match member(members, names) {
        Some(v) => T::from_value(v).map_err(|e| e.at(names[0])),
        None => T::missing().ok_or_else(|| ValueError::missing(names[0])),
    }
}

/// Reads a `#[serde(default)]` field: missing reads as the type's default.
#[inline(never)]
pub fn field_or_default<T: FromValue + Default>(
    members: &[(Key, Value)],
    names: &[&str],
) -> Result<T, ValueError> {
    match member(members, names) {
        Some(v) => T::from_value(v).map_err(|e| e.at(names[0])),
        None => Ok(T::default()),
    }
}

/// Reads a field through a custom reader (`#[value(from = …)]`, the twin of serde's
/// `deserialize_with`); `default` says what a missing key reads as.
pub fn field_with<T>(
    members: &[(Key, Value)],
    names: &[&str],
    read: fn(&Value) -> Result<T, ValueError>,
    default: Option<fn() -> T>,
) -> Result<T, ValueError> {
    match member(members, names) {
        Some(v) => read(v).map_err(|e| e.at(names[0])),
        None => match default {
            Some(d) => Ok(d()),
            None => Err(ValueError::missing(names[0])),
        },
    }
}

/// Reads the one-key object `{variant: payload}` of an externally tagged enum, or a bare
/// variant name.
pub fn variant(value: &Value) -> Result<(&str, Option<&Value>), ValueError> {
    match value {
        Value::Str(name) => Ok((name, None)),
        Value::Obj(members) if members.len() == 1 => Ok((&members[0].0, Some(&members[0].1))),
        other => Err(ValueError::expected("a variant name", other)),
    }
}

pub fn unknown_variant(name: &str) -> ValueError {
    ValueError(crate::text::concat(&["unknown variant `", name, "`"]))
}

impl FromValue for Value {
    fn from_value(value: &Value) -> Result<Self, ValueError> {
        Ok(value.clone())
    }
}

impl ToValue for Value {
    fn to_value(&self) -> Value {
        self.clone()
    }
}

impl FromValue for bool {
    fn from_value(value: &Value) -> Result<Self, ValueError> {
        match value {
            Value::Bool(b) => Ok(*b),
            other => Err(ValueError::expected("a boolean", other)),
        }
    }
}

impl ToValue for bool {
    fn to_value(&self) -> Value {
        Value::Bool(*self)
    }
}

impl FromValue for f64 {
    fn from_value(value: &Value) -> Result<Self, ValueError> {
        match value {
            Value::Num(n) => Ok(*n),
            other => Err(ValueError::expected("a number", other)),
        }
    }
}

impl ToValue for f64 {
    fn to_value(&self) -> Value {
        Value::Num(*self)
    }
}

/// Integers read from safe-integer numbers only, range-checked.
fn integer(value: &Value, min: i64, max: i64) -> Result<i64, ValueError> {
    match value.safe_integer() {
        Some(n) if (min..=max).contains(&n) => Ok(n),
        Some(n) => Err(ValueError(crate::text::concat(&[
            &crate::text::int(n),
            " is out of range",
        ]))),
        None => Err(ValueError::expected("an integer", value)),
    }
}

macro_rules! integers {
    ($($t:ty),+) => {$(
        impl FromValue for $t {
            fn from_value(value: &Value) -> Result<Self, ValueError> {
                let min = (<$t>::MIN as i128).max(-(MAX_SAFE_INTEGER as i128)) as i64;
                let max = (<$t>::MAX as i128).min(MAX_SAFE_INTEGER as i128) as i64;
                integer(value, min, max).map(|n| n as $t)
            }
        }
        impl ToValue for $t {
            fn to_value(&self) -> Value {
                Value::Num(*self as f64)
            }
        }
    )+};
}

integers!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl FromValue for String {
    fn from_value(value: &Value) -> Result<Self, ValueError> {
        match value {
            Value::Str(s) => Ok(s.to_string()),
            other => Err(ValueError::expected("text", other)),
        }
    }
}

impl ToValue for String {
    fn to_value(&self) -> Value {
        Value::Str(Cow::Owned(self.clone()))
    }
}

impl ToValue for str {
    fn to_value(&self) -> Value {
        Value::Str(Cow::Owned(self.to_string()))
    }
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Value {
        (**self).to_value()
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: &Value) -> Result<Self, ValueError> {
        match value {
            Value::Null => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }

    fn missing() -> Option<Self> {
        Some(None)
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value {
        self.as_ref().map_or(Value::Null, ToValue::to_value)
    }
}

/// The items of an array.
fn items(value: &Value) -> Result<&[Value], ValueError> {
    match value {
        Value::Arr(items) => Ok(items),
        other => Err(ValueError::expected("an array", other)),
    }
}

#[inline(never)]
fn at_index(e: ValueError, i: usize) -> ValueError {
    e.at(&crate::text::int(i as i64))
}

impl<T: FromValue> FromValue for Vec<T> {
    // A plain loop, its error path out of line: this is instantiated once per item type.
    fn from_value(value: &Value) -> Result<Self, ValueError> {
        let items = items(value)?;
        let mut out = Vec::with_capacity(items.len());
        for (i, v) in items.iter().enumerate() {
            match T::from_value(v) {
                Ok(x) => out.push(x),
                Err(e) => return Err(at_index(e, i)),
            }
        }
        Ok(out)
    }
}

impl<T: ToValue> ToValue for Vec<T> {
    fn to_value(&self) -> Value {
        self.as_slice().to_value()
    }
}

impl<T: ToValue> ToValue for [T] {
    fn to_value(&self) -> Value {
        Value::Arr(self.iter().map(ToValue::to_value).collect())
    }
}

impl<K: AsRef<str>, V: ToValue> ToValue for BTreeMap<K, V> {
    fn to_value(&self) -> Value {
        Value::Obj(
            self.iter()
                .map(|(k, v)| (Cow::Owned(k.as_ref().to_string()), v.to_value()))
                .collect(),
        )
    }
}

/// Conversions to and from `serde_json::Value`, for the native tests that run every shared
/// vector through this path.
impl From<&serde_json::Value> for Value {
    fn from(v: &serde_json::Value) -> Self {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => Value::Num(n.as_f64().unwrap_or(f64::NAN)),
            serde_json::Value::String(s) => Value::Str(Cow::Owned(s.clone())),
            serde_json::Value::Array(a) => Value::Arr(a.iter().map(Value::from).collect()),
            serde_json::Value::Object(o) => Value::Obj(
                o.iter()
                    .map(|(k, v)| (Cow::Owned(k.clone()), Value::from(v)))
                    .collect(),
            ),
        }
    }
}

impl From<&Value> for serde_json::Value {
    fn from(v: &Value) -> Self {
        match v {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Num(n) => serde_json::Number::from_f64(*n)
                .map_or(serde_json::Value::Null, serde_json::Value::Number),
            Value::Str(s) => serde_json::Value::String(s.to_string()),
            Value::Arr(a) => serde_json::Value::Array(a.iter().map(Into::into).collect()),
            Value::Obj(o) => serde_json::Value::Object(
                o.iter()
                    .map(|(k, v)| (k.to_string(), serde_json::Value::from(v)))
                    .collect(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, FromValue, ToValue)]
    #[serde(rename_all = "camelCase")]
    struct Sample {
        plan_id: u8,
        #[serde(rename = "Label", alias = "label")]
        label: Option<String>,
        #[serde(default)]
        seats: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    }

    #[derive(Debug, PartialEq, FromValue, ToValue)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        ProPlus,
        #[serde(rename = "free")]
        Basic,
    }

    #[derive(Debug, PartialEq, FromValue, ToValue)]
    #[serde(untagged)]
    enum Loose {
        Whole(u8),
        Text(String),
    }

    #[derive(Debug, PartialEq, FromValue, ToValue)]
    #[serde(tag = "action", rename_all = "snake_case")]
    enum Step {
        Done,
        Retry {
            #[serde(rename = "delayMs")]
            delay_ms: u64,
        },
    }

    fn obj(members: &[(&str, Value)]) -> Value {
        Value::Obj(
            members
                .iter()
                .map(|(k, v)| (Cow::Owned(k.to_string()), v.clone()))
                .collect(),
        )
    }

    #[test]
    fn structs_follow_their_serde_names_defaults_and_aliases() {
        let read = Sample::from_value(&obj(&[
            ("planId", Value::Num(7.0)),
            ("label", Value::Str("x".into())),
            ("unknown", Value::Bool(true)),
        ]))
        .unwrap();
        assert_eq!(
            read,
            Sample {
                plan_id: 7,
                label: Some("x".into()),
                seats: 0,
                note: None
            }
        );
        // Missing and null options are None; a missing non-option is an error.
        assert_eq!(
            Sample::from_value(&obj(&[("planId", Value::Num(1.0)), ("Label", Value::Null)]))
                .unwrap()
                .label,
            None
        );
        assert_eq!(
            Sample::from_value(&obj(&[])).unwrap_err(),
            ValueError::missing("planId")
        );
        assert_eq!(
            read.to_value(),
            obj(&[
                ("planId", Value::Num(7.0)),
                ("Label", Value::Str("x".into())),
                ("seats", Value::Num(0.0)),
            ])
        );
    }

    #[test]
    fn numbers_are_integers_only_when_whole_safe_and_in_range() {
        assert_eq!(u8::from_value(&Value::Num(255.0)), Ok(255));
        assert!(u8::from_value(&Value::Num(256.0)).is_err());
        assert!(u8::from_value(&Value::Num(-1.0)).is_err());
        assert!(i64::from_value(&Value::Num(1.5)).is_err());
        assert!(i64::from_value(&Value::Num(9_007_199_254_740_992.0)).is_err());
        assert_eq!(
            i64::from_value(&Value::Num(-9_007_199_254_740_991.0)),
            Ok(-9_007_199_254_740_991)
        );
        assert!(u32::from_value(&Value::Str("3".into())).is_err());
        assert_eq!(f64::from_value(&Value::Num(2.5)), Ok(2.5));
    }

    #[test]
    fn enums_by_name_untagged_and_internally_tagged() {
        assert_eq!(
            Kind::from_value(&Value::Str("pro_plus".into())),
            Ok(Kind::ProPlus)
        );
        assert_eq!(Kind::Basic.to_value(), Value::Str("free".into()));
        assert!(Kind::from_value(&Value::Str("Basic".into())).is_err());
        assert_eq!(Loose::from_value(&Value::Num(8.0)), Ok(Loose::Whole(8)));
        assert_eq!(
            Loose::from_value(&Value::Str("8".into())),
            Ok(Loose::Text("8".into()))
        );
        assert!(Loose::from_value(&Value::Num(8.5)).is_err());
        assert_eq!(Loose::Whole(3).to_value(), Value::Num(3.0));
        let retry = obj(&[
            ("action", Value::Str("retry".into())),
            ("delayMs", Value::Num(500.0)),
        ]);
        assert_eq!(Step::Retry { delay_ms: 500 }.to_value(), retry);
        assert_eq!(Step::from_value(&retry), Ok(Step::Retry { delay_ms: 500 }));
        assert_eq!(
            Step::Done.to_value(),
            obj(&[("action", Value::Str("done".into()))])
        );
    }
}
