//! The IANA time zones an organisation may choose, and the zone type every rule computes with.
//!
//! Natively (the server) the zone type is chrono-tz's `Tz`. The wasm module carries no
//! chrono-tz: its `Tz` is [`compact::Zone`], the same offsets read from [`compact::TABLE`], a
//! few kilobytes (`zones/table.bin`) generated from chrono-tz for the offered zones only (every
//! change of UTC offset, as chrono-tz has them, 1800s to 2100). The tests (`zones/tests.rs`)
//! prove the two agree instant by instant and at every wall-clock time around every
//! transition, so both sides give one answer.

use crate::RuleError;

/// The zone type of the rules (see the module doc).
#[cfg(not(target_arch = "wasm32"))]
pub use chrono_tz::Tz;
/// The zone type of the rules (see the module doc).
#[cfg(target_arch = "wasm32")]
pub use compact::Zone as Tz;

/// The zone every organisation starts with: the original product bucketed everything in India.
pub const DEFAULT_TIME_ZONE: &str = "Asia/Kolkata";

/// One zone name per line; [`compact::TABLE`] is generated from it, in this order.
const OFFERED: &str = include_str!("zones.txt");

/// The offered zone names, in file order.
pub fn offered_time_zones() -> impl Iterator<Item = &'static str> {
    OFFERED.lines().map(str::trim).filter(|l| !l.is_empty())
}

/// Parses a zone name the product offers. `Asia/Calcutta` (the spec's spelling) is accepted as
/// the old name of `Asia/Kolkata`.
pub fn parse_time_zone(name: &str) -> Result<Tz, RuleError> {
    let name = match name.trim() {
        "Asia/Calcutta" => DEFAULT_TIME_ZONE,
        other => other,
    };
    #[cfg(not(target_arch = "wasm32"))]
    {
        if !offered_time_zones().any(|z| z == name) {
            return Err(RuleError::UnknownTimeZone);
        }
        name.parse::<Tz>().map_err(|_| RuleError::UnknownTimeZone)
    }
    #[cfg(target_arch = "wasm32")]
    {
        compact::Zone::from_name(name).ok_or(RuleError::UnknownTimeZone)
    }
}

/// Input of the `time_zone` rule.
#[derive(Debug, Clone, serde::Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TimeZoneInput {
    pub name: String,
}

/// A zone name the product offers, in its canonical spelling.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct TimeZoneName(pub String);

/// The `time_zone` rule: the canonical name of an offered zone (`Asia/Calcutta` → `Asia/Kolkata`).
pub fn time_zone(input: &TimeZoneInput) -> Result<TimeZoneName, RuleError> {
    parse_time_zone(&input.name).map(|tz| TimeZoneName(tz.name().to_string()))
}

/// The offered zones, for the organisation settings' picker.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct TimeZoneList(pub Vec<String>);

/// The `time_zones` rule.
pub fn time_zones() -> TimeZoneList {
    TimeZoneList(offered_time_zones().map(str::to_string).collect())
}

pub mod compact;

#[cfg(test)]
mod tests;
