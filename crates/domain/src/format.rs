//! Display values that depend on rules rather than on language (000 §8, §9; 001 §2, §9):
//! call durations in h/m/s, relative dates ('Today', 'n days ago' — as a unit and a number the
//! UI translates), the truncated organisation name and the fallbacks for missing names.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::dates::{local_date_from_ms, parse_time_value, zone_or_default};
use crate::wire::TimeValue;
use crate::RuleError;

/// A duration split for display: `text` uses the spec's h, m, s units (000 §9 'Duration
/// display formats use h, m and s').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DurationText {
    /// `1h 2m 3s`, `45s`, `2m`, `1h 5s`, `0s`.
    pub text: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub hours: u64,
    pub minutes: u8,
    pub seconds: u8,
}

/// Formats whole seconds: zero parts are left out (`1h 5s`), except that no time at all is `0s`.
pub fn format_duration(total_seconds: u64) -> DurationText {
    let hours = total_seconds / 3600;
    let minutes = ((total_seconds % 3600) / 60) as u8;
    let seconds = (total_seconds % 60) as u8;
    let mut text = String::new();
    for (n, unit, shown) in [
        (hours, 'h', hours > 0),
        (u64::from(minutes), 'm', minutes > 0),
        (
            u64::from(seconds),
            's',
            seconds > 0 || (hours == 0 && minutes == 0),
        ),
    ] {
        if shown {
            if !text.is_empty() {
                text.push(' ');
            }
            crate::text::push_uint(&mut text, n, 0);
            text.push(unit);
        }
    }
    DurationText {
        text,
        hours,
        minutes,
        seconds,
    }
}

/// A duration as the API sends it: seconds as a number, or text (`"83"`, `"83.4"`, `"1:23"`,
/// `"00:01:23"`).
#[derive(Debug, Clone, PartialEq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum DurationValue {
    Seconds(f64),
    Text(String),
}

impl DurationValue {
    /// Whole seconds: fractions are dropped, negatives are 0; unreadable text is `not_a_number`.
    pub fn whole_seconds(&self) -> Result<u64, RuleError> {
        let secs = match self {
            DurationValue::Seconds(s) => *s,
            DurationValue::Text(t) => {
                let t = t.trim();
                if t.contains(':') {
                    let mut total = 0f64;
                    let parts: Vec<&str> = t.split(':').collect();
                    if parts.len() > 3 {
                        return Err(RuleError::NotANumber);
                    }
                    for p in parts {
                        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                            return Err(RuleError::NotANumber);
                        }
                        total = total * 60.0 + crate::decimal::to_f64(false, p, "");
                    }
                    total
                } else {
                    crate::inputs::parse_number(t)?
                }
            }
        };
        Ok(if secs.is_finite() && secs > 0.0 {
            secs.floor().min(u64::MAX as f64) as u64
        } else {
            0
        })
    }
}

/// Input of the `format_duration` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DurationInput {
    pub seconds: DurationValue,
}

/// 000 §9: 'Relative time shows Today, Yesterday, or n days, weeks, months or years ago'.
#[crate::value::wire(Copy, PartialOrd, Ord, Hash)]
#[serde(rename_all = "snake_case")]
pub enum RelativeUnit {
    Today,
    Yesterday,
    Days,
    Weeks,
    Months,
    Years,
}

/// A relative date for the UI to phrase: `{unit: "days", n: 3}` is '3 days ago'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RelativeTime {
    pub unit: RelativeUnit,
    pub n: u32,
}

/// Whole calendar months from `from` to `to` (`to` ≥ `from`).
fn whole_months(from: NaiveDate, to: NaiveDate) -> i64 {
    let months =
        i64::from(to.year() - from.year()) * 12 + i64::from(to.month()) - i64::from(from.month());
    if to.day() < from.day() {
        months - 1
    } else {
        months
    }
}

/// Compares calendar days in the zone, not 24-hour spans: 23:59 yesterday is 'Yesterday' at
/// 00:01 today.
///
/// Decisions where the spec is silent: 2–6 days are days; from 7 days until a whole calendar
/// month has passed, whole weeks (1–4); then whole calendar months (1–11); then whole years.
/// A date in the future (a clock ahead of ours) is 'Today'.
pub fn relative_days(date: NaiveDate, today: NaiveDate) -> RelativeTime {
    let days = (today - date).num_days();
    let months = whole_months(date, today);
    let (unit, n) = match days {
        i64::MIN..=0 => (RelativeUnit::Today, 0),
        1 => (RelativeUnit::Yesterday, 1),
        2..=6 => (RelativeUnit::Days, days),
        _ if months < 1 => (RelativeUnit::Weeks, days / 7),
        _ if months < 12 => (RelativeUnit::Months, months),
        _ => (RelativeUnit::Years, months / 12),
    };
    RelativeTime {
        unit,
        n: u32::try_from(n).unwrap_or(u32::MAX),
    }
}

/// Input of the `relative_time` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RelativeTimeInput {
    /// The date to describe (epoch ms or text).
    pub value: TimeValue,
    /// The current instant, UTC epoch ms.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub now: i64,
    pub time_zone: Option<String>,
}

/// The `relative_time` rule: `no_date` when the value cannot be read (000 §8).
pub fn relative_time(input: &RelativeTimeInput) -> Result<RelativeTime, RuleError> {
    let tz = zone_or_default(input.time_zone.as_deref())?;
    let at = parse_time_value(&input.value, tz)?;
    let date = local_date_from_ms(tz, at).map_err(|_| RuleError::NoDate)?;
    let today = local_date_from_ms(tz, input.now)?;
    Ok(relative_days(date, today))
}

/// Input of the `parse_date` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ParseDateInput {
    pub value: TimeValue,
    pub time_zone: Option<String>,
}

/// An instant with its local calendar date and wall-clock time in the zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LocalInstant {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub epoch_ms: i64,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `HH:MM:SS`.
    pub time: String,
}

/// The `parse_date` rule: reads a time for display, or `no_date` (000 §8).
pub fn parse_date(input: &ParseDateInput) -> Result<LocalInstant, RuleError> {
    let tz = zone_or_default(input.time_zone.as_deref())?;
    let ms = parse_time_value(&input.value, tz)?;
    let local = crate::dates::local_from_ms(tz, ms).map_err(|_| RuleError::NoDate)?;
    Ok(LocalInstant {
        epoch_ms: ms,
        date: crate::dates::iso_date(local.date()),
        time: crate::dates::iso_time(local),
    })
}

/// 001 §2, §9: 'The organisation name is truncated to 10 characters'.
pub const ORG_NAME_MAX_CHARS: usize = 10;

/// A name cut for the top bar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShortName {
    /// What to show.
    pub text: String,
    /// Whether it was cut (show the full name as a tooltip).
    pub truncated: bool,
}

/// True for characters that continue the previous one on screen: combining accents, Indic
/// vowel signs and viramas, joiners, variation selectors and emoji skin tones. Cutting before
/// one of them would split what the reader sees as one letter.
fn continues_cluster(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F // combining diacritical marks
        | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0951..=0x0957 | 0x0962..=0x0963 // Devanagari signs
        | 0x200C..=0x200D // zero-width (non-)joiner
        | 0xFE00..=0xFE0F // variation selectors
        | 0x1F3FB..=0x1F3FF) // skin tones
}

/// Keeps at most the first 10 characters (Unicode scalar values, never bytes) of the trimmed
/// name and, when anything was cut, drops trailing spaces and appends one `…` (U+2026): the
/// reader must see the name goes on, and the ellipsis is the single character that says so.
/// The cut moves back rather than split a letter built of several characters (a Hindi
/// consonant and its vowel sign, a conjunct joined by a virama, an accented letter).
pub fn truncate_name(name: &str) -> ShortName {
    let name = name.trim();
    let chars: Vec<(usize, char)> = name.char_indices().collect();
    if chars.len() <= ORG_NAME_MAX_CHARS {
        return ShortName {
            text: name.to_string(),
            truncated: false,
        };
    }
    let mut k = ORG_NAME_MAX_CHARS;
    while k > 0
        && (continues_cluster(chars[k].1) || matches!(chars[k - 1].1, '\u{094D}' | '\u{200D}'))
    {
        k -= 1;
    }
    ShortName {
        text: crate::text::concat(&[name[..chars[k].0].trim_end(), "…"]),
        truncated: true,
    }
}

/// Input of the `org_name` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrgNameInput {
    pub name: String,
}

/// Input of the `top_bar_name` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TopBarNameInput {
    pub org_name: Option<String>,
    pub user_name: Option<String>,
    /// The mapping's `is_default_org` / `default_org` (1 or true).
    #[serde(default, deserialize_with = "crate::wire::flag")]
    #[value(from = "crate::wire::flag_value")]
    #[cfg_attr(feature = "ts", ts(type = "boolean | number | null", optional))]
    pub is_default_org: Option<bool>,
}

/// 001 §2: 'The organisation name is truncated to 10 characters. When the user's mapping is
/// not the default organisation, the user's own name is shown instead.' Either name is cut the
/// same way; a missing name is empty text.
pub fn top_bar_name(input: &TopBarNameInput) -> ShortName {
    let name = if input.is_default_org.unwrap_or(false) {
        input.org_name.as_deref()
    } else {
        input.user_name.as_deref()
    };
    truncate_name(name.unwrap_or_default())
}

/// Why a name is missing, for the UI to translate (001 §9 'Missing names display NA, or Admin
/// for the admin role').
#[crate::value::wire(Copy, Hash)]
#[serde(rename_all = "snake_case")]
pub enum NameFallback {
    /// Shown as 'Admin'.
    Admin,
    /// Shown as 'NA'.
    Na,
}

/// A person's display name: `{"name": "Ravi"}` or `{"fallback": "admin" | "na"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum DisplayName {
    Name(String),
    Fallback(NameFallback),
}

/// Input of the `display_name` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DisplayNameInput {
    pub name: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub role_id: Option<i64>,
}

/// A blank or missing name falls back to Admin for role id 1, else NA.
pub fn display_name(input: &DisplayNameInput) -> DisplayName {
    match input.name.as_deref().map(str::trim) {
        Some(n) if !n.is_empty() => DisplayName::Name(n.to_string()),
        _ if input.role_id == Some(crate::roles::ADMIN_ROLE_ID) => {
            DisplayName::Fallback(NameFallback::Admin)
        }
        _ => DisplayName::Fallback(NameFallback::Na),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dates::tests::ms;
    use proptest::prelude::*;

    fn d(s: &str) -> NaiveDate {
        crate::inputs::parse_iso_date(s).unwrap()
    }

    #[test]
    fn durations_use_h_m_s_and_leave_out_zero_parts() {
        // 000 §9: 'Duration display formats use h, m and s'
        assert_eq!(format_duration(3723).text, "1h 2m 3s");
        assert_eq!(format_duration(45).text, "45s");
        assert_eq!(format_duration(0).text, "0s");
        assert_eq!(format_duration(120).text, "2m");
        assert_eq!(format_duration(3605).text, "1h 5s");
        assert_eq!(format_duration(90_000).text, "25h");
    }

    #[test]
    fn duration_text_from_the_call_log_is_read_as_seconds() {
        // 000 §3: 'Call log list: items carry a call_duration string'
        let s = |t: &str| DurationValue::Text(t.into()).whole_seconds();
        assert_eq!(s("83"), Ok(83));
        assert_eq!(s("83.9"), Ok(83));
        assert_eq!(s("1:23"), Ok(83));
        assert_eq!(s("01:01:23"), Ok(3683));
        assert_eq!(s("abc"), Err(RuleError::NotANumber));
        assert_eq!(s("1::2"), Err(RuleError::NotANumber));
        assert_eq!(DurationValue::Seconds(-5.0).whole_seconds(), Ok(0));
    }

    #[test]
    fn relative_time_names_today_yesterday_and_whole_units() {
        // 000 §9: 'Relative time shows Today, Yesterday, or n days, weeks, months or years ago'
        let r = |a: &str| {
            let x = relative_days(d(a), d("2026-03-11"));
            (x.unit, x.n)
        };
        assert_eq!(r("2026-03-11"), (RelativeUnit::Today, 0));
        assert_eq!(r("2026-03-10"), (RelativeUnit::Yesterday, 1));
        assert_eq!(r("2026-03-08"), (RelativeUnit::Days, 3));
        assert_eq!(r("2026-03-05"), (RelativeUnit::Days, 6));
        assert_eq!(r("2026-03-04"), (RelativeUnit::Weeks, 1));
        assert_eq!(r("2026-02-12"), (RelativeUnit::Weeks, 3));
        assert_eq!(r("2026-02-11"), (RelativeUnit::Months, 1));
        assert_eq!(r("2025-03-12"), (RelativeUnit::Months, 11));
        assert_eq!(r("2025-03-11"), (RelativeUnit::Years, 1));
        assert_eq!(r("2020-01-01"), (RelativeUnit::Years, 6));
        assert_eq!(r("2026-04-01"), (RelativeUnit::Today, 0));
    }

    #[test]
    fn relative_time_counts_days_in_the_zone() {
        // 000 §9 relative time, computed on the organisation's calendar (DESIGN time zones)
        let input = |v: &str, now: &str| RelativeTimeInput {
            value: TimeValue::Text(v.into()),
            now: ms(now),
            time_zone: None,
        };
        // 18:29:59Z on the 7th is still the 7th in Kolkata; 18:30Z is the 8th
        let a = relative_time(&input("2026-03-07T18:29:59Z", "2026-03-08T01:00:00Z")).unwrap();
        assert_eq!(a.unit, RelativeUnit::Yesterday);
        let b = relative_time(&input("2026-03-07T18:30:00Z", "2026-03-08T01:00:00Z")).unwrap();
        assert_eq!(b.unit, RelativeUnit::Today);
        assert_eq!(
            relative_time(&input("not a date", "2026-03-08T01:00:00Z")),
            Err(RuleError::NoDate)
        );
    }

    #[test]
    fn org_names_are_cut_to_ten_characters_not_bytes() {
        // 001 §2: 'The organisation name is truncated to 10 characters'
        assert_eq!(
            truncate_name("Acme"),
            ShortName {
                text: "Acme".into(),
                truncated: false
            }
        );
        assert_eq!(truncate_name("0123456789").text, "0123456789");
        assert_eq!(truncate_name("Switchboard Labs").text, "Switchboar…");
        assert_eq!(truncate_name("São Paulo Vendas").text, "São Paulo…");
        assert_eq!(truncate_name("संगठन का नाम बहुत").text, "संगठन का…");
        assert_eq!(truncate_name("  Acme  ").text, "Acme");
        // a vowel sign or a virama-joined consonant is never split from its letter
        assert_eq!(truncate_name("नमस्ते दुनिया").text, "नमस्ते दु…");
        assert_eq!(
            truncate_name("Cafe\u{301} Cafe\u{301} Cafe\u{301}").text,
            "Cafe\u{301} Caf…"
        );
    }

    #[test]
    fn the_top_bar_shows_the_users_name_off_the_default_org() {
        // 001 §2: 'When the user's mapping is not the default organisation, the user's own name is shown instead'
        let i = |def: Option<bool>| TopBarNameInput {
            org_name: Some("Acme Corporation".into()),
            user_name: Some("Ravi".into()),
            is_default_org: def,
        };
        assert_eq!(top_bar_name(&i(Some(true))).text, "Acme Corpo…");
        assert_eq!(top_bar_name(&i(Some(false))).text, "Ravi");
        assert_eq!(top_bar_name(&i(None)).text, "Ravi");
    }

    #[test]
    fn missing_names_fall_back_to_admin_for_admins_and_na_otherwise() {
        // 001 §9: 'Missing names display NA, or Admin for the admin role'
        let n = |name: Option<&str>, role: Option<i64>| {
            display_name(&DisplayNameInput {
                name: name.map(Into::into),
                role_id: role,
            })
        };
        assert_eq!(n(Some(" Ravi "), Some(1)), DisplayName::Name("Ravi".into()));
        assert_eq!(n(None, Some(1)), DisplayName::Fallback(NameFallback::Admin));
        assert_eq!(
            n(Some("  "), Some(1)),
            DisplayName::Fallback(NameFallback::Admin)
        );
        assert_eq!(n(None, Some(2)), DisplayName::Fallback(NameFallback::Na));
        assert_eq!(n(None, None), DisplayName::Fallback(NameFallback::Na));
    }

    proptest! {
        #[test]
        fn duration_parts_add_back_to_the_seconds(s in 0u64..10_000_000) {
            // 000 §9 h/m/s display
            let t = format_duration(s);
            prop_assert_eq!(t.hours * 3600 + u64::from(t.minutes) * 60 + u64::from(t.seconds), s);
            prop_assert!(t.minutes < 60 && t.seconds < 60);
        }

        #[test]
        fn a_truncated_name_never_exceeds_ten_characters_and_the_ellipsis(name in "\\PC{0,30}") {
            // 001 §2: truncated to 10 characters
            let s = truncate_name(&name);
            prop_assert!(s.text.chars().count() <= ORG_NAME_MAX_CHARS + 1);
            prop_assert_eq!(s.truncated, name.trim().chars().count() > ORG_NAME_MAX_CHARS);
        }

        #[test]
        fn relative_units_grow_with_age(a in 0i64..3000, b in 0i64..3000) {
            // 000 §9: 'Today, Yesterday, or n days, weeks, months or years ago' — older never reads as newer
            let today = d("2026-03-11");
            let (lo, hi) = (a.min(b), a.max(b));
            let near = relative_days(today - chrono::Duration::days(lo), today);
            let far = relative_days(today - chrono::Duration::days(hi), today);
            prop_assert!((near.unit, near.n) <= (far.unit, far.n));
        }
    }
}
