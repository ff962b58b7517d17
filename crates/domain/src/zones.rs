//! The IANA time zones an organisation may choose. The wasm build compiles chrono-tz with only
//! these zones (see `just wasm`), so the list is shared by the server, the browser and the build.

use crate::RuleError;
use chrono_tz::Tz;

/// The zone every organisation starts with: the original product bucketed everything in India.
pub const DEFAULT_TIME_ZONE: &str = "Asia/Kolkata";

/// One zone name per line; `just wasm` turns this file into chrono-tz's build filter.
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
    if !offered_time_zones().any(|z| z == name) {
        return Err(RuleError::UnknownTimeZone);
    }
    name.parse::<Tz>().map_err(|_| RuleError::UnknownTimeZone)
}

/// Input of the `time_zone` rule.
#[derive(Debug, Clone, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TimeZoneInput {
    pub name: String,
}

/// A zone name the product offers, in its canonical spelling.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct TimeZoneName(pub String);

/// The `time_zone` rule: the canonical name of an offered zone (`Asia/Calcutta` → `Asia/Kolkata`).
pub fn time_zone(input: &TimeZoneInput) -> Result<TimeZoneName, RuleError> {
    parse_time_zone(&input.name).map(|tz| TimeZoneName(tz.name().to_string()))
}

/// The offered zones, for the organisation settings' picker.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct TimeZoneList(pub Vec<String>);

/// The `time_zones` rule.
pub fn time_zones() -> TimeZoneList {
    TimeZoneList(offered_time_zones().map(str::to_string).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_zone_parses() {
        // DESIGN.md 'Time zones': every organisation has an IANA zone from the offered list
        for z in offered_time_zones() {
            assert!(parse_time_zone(z).is_ok(), "{z}");
        }
    }

    #[test]
    fn the_spec_spelling_calcutta_means_kolkata() {
        // 001 §7: 'All bucketing is in the Asia/Calcutta time zone'
        assert_eq!(
            parse_time_zone("Asia/Calcutta").unwrap(),
            chrono_tz::Asia::Kolkata
        );
    }

    #[test]
    fn a_zone_not_offered_is_refused() {
        // DESIGN.md 'Time zones': only offered zones
        assert_eq!(
            parse_time_zone("Mars/Olympus"),
            Err(RuleError::UnknownTimeZone)
        );
        assert_eq!(parse_time_zone(""), Err(RuleError::UnknownTimeZone));
    }
}
