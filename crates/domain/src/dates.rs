//! The dashboards' date filter (000 §3, 001 §7): the nine presets, the default 'last 7 days'
//! and the previous period of equal length, computed on the organisation's calendar, never the
//! machine's.
//!
//! Conventions, fixed here once for every caller:
//! - a range is whole local days, from the first instant of its first day to the last
//!   millisecond of its last day: `startMs` and `endMs` are UTC epoch milliseconds and BOTH are
//!   inclusive (`endMs` ends in .999, the spec's '00:00:00 to 23:59:59'), so a query uses
//!   `gte startMs` and `lte endMs`; `startDate`/`endDate` are the same days as ISO local dates;
//! - days are cut at the zone's local midnights (via chrono-tz), so a day is 23, 24 or 25 hours
//!   long where the zone has daylight saving, and a day whose midnight is skipped starts when
//!   the clocks jump;
//! - weeks start on Monday (ISO 8601, and the custom of the product's markets);
//! - the zone defaults to Asia/Kolkata (the spec buckets everything there).

use chrono::{
    DateTime, Datelike, Duration, Months, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc,
};
use serde::{Deserialize, Serialize};

use crate::wire::TimeValue;
use crate::zones::{parse_time_zone, Tz, DEFAULT_TIME_ZONE};
use crate::RuleError;

/// 000 §9: 'Default filter: last 7 days'.
pub const DEFAULT_FILTER_DAYS: u32 = 7;

/// The zone named by `name`, or Asia/Kolkata when none is given.
pub fn zone_or_default(name: Option<&str>) -> Result<Tz, RuleError> {
    match name.map(str::trim) {
        None | Some("") => parse_time_zone(DEFAULT_TIME_ZONE),
        Some(n) => parse_time_zone(n),
    }
}

/// A UTC instant from epoch milliseconds (`date_invalid` outside chrono's range).
pub fn utc_from_ms(ms: i64) -> Result<DateTime<Utc>, RuleError> {
    DateTime::from_timestamp_millis(ms).ok_or(RuleError::DateInvalid)
}

/// The wall-clock time in `tz` of an instant.
pub fn local_from_ms(tz: Tz, ms: i64) -> Result<NaiveDateTime, RuleError> {
    Ok(utc_from_ms(ms)?.with_timezone(&tz).naive_local())
}

/// The calendar day in `tz` of an instant.
pub fn local_date_from_ms(tz: Tz, ms: i64) -> Result<NaiveDate, RuleError> {
    local_from_ms(tz, ms).map(|t| t.date())
}

/// The first instant (epoch ms) whose wall-clock time in `tz` is at or after `local`: the
/// earlier of two when the hour repeats, the moment the clocks jump when it is skipped.
pub fn first_instant_at_or_after(tz: Tz, local: NaiveDateTime) -> Result<i64, RuleError> {
    if let Some(dt) = tz.from_local_datetime(&local).earliest() {
        return Ok(dt.timestamp_millis());
    }
    // Skipped wall time: every zone's transitions fall on a quarter hour, and no gap is longer
    // than a day, so the first existing quarter hour after it is the moment of the jump.
    let mut t = local;
    for _ in 0..96 {
        t = t
            .checked_add_signed(Duration::minutes(15))
            .ok_or(RuleError::DateInvalid)?;
        if let Some(dt) = tz.from_local_datetime(&t).earliest() {
            return Ok(dt.timestamp_millis());
        }
    }
    Err(RuleError::DateInvalid)
}

/// The first instant of a local day.
pub fn start_of_day_ms(tz: Tz, date: NaiveDate) -> Result<i64, RuleError> {
    first_instant_at_or_after(tz, date.and_time(chrono::NaiveTime::MIN))
}

fn add_days(date: NaiveDate, days: i64) -> Result<NaiveDate, RuleError> {
    date.checked_add_signed(Duration::days(days))
        .ok_or(RuleError::DateInvalid)
}

fn first_of_month(date: NaiveDate) -> NaiveDate {
    date.with_day(1).unwrap_or(date)
}

/// Reads a point in time as the API or the browser sends it (see [`TimeValue`]); anything
/// unreadable is `no_date` (000 §8 'Date formatting failures return 'No date'').
///
/// Text forms: digits (epoch ms); RFC 3339 with an offset (`T` or a space between date and
/// time); a date and time without an offset, read as UTC (the API's timestamps are UTC text,
/// 000 §3 'date (UTC timestamp text)'); a bare `YYYY-MM-DD`, read as the start of that day in
/// `tz`.
pub fn parse_time_value(value: &TimeValue, tz: Tz) -> Result<i64, RuleError> {
    let ms = match value {
        TimeValue::Ms(ms) => *ms,
        TimeValue::Text(text) => parse_time_text(text.trim(), tz)?,
    };
    utc_from_ms(ms).map(|_| ms).map_err(|_| RuleError::NoDate)
}

fn parse_time_text(s: &str, tz: Tz) -> Result<i64, RuleError> {
    if s.is_empty() {
        return Err(RuleError::NoDate);
    }
    if s.bytes().all(|b| b.is_ascii_digit())
        || (s.starts_with('-') && s.len() > 1 && s[1..].bytes().all(|b| b.is_ascii_digit()))
    {
        return s.parse::<i64>().map_err(|_| RuleError::NoDate);
    }
    if s.len() == 10 {
        let d = crate::inputs::parse_iso_date(s).map_err(|_| RuleError::NoDate)?;
        return start_of_day_ms(tz, d).map_err(|_| RuleError::NoDate);
    }
    let t = if s.as_bytes().get(10) == Some(&b' ') {
        crate::text::concat(&[&s[..10], "T", &s[11..]])
    } else {
        s.to_string()
    };
    if let Some(ms) = rfc3339_ms(&t) {
        return Ok(ms);
    }
    naive_iso_ms(&t).ok_or(RuleError::NoDate)
}

// ISO 8601 text, read and written by hand rather than through chrono's strftime machinery,
// which is most of chrono's size in the wasm module. Each function answers exactly what the
// chrono call it replaces answers (named on each); the tests compare them on generated text.

/// `YYYY-MM-DD` as chrono's `format("%Y-%m-%d")` writes it (years outside 0..=9999 signed).
pub fn iso_date(d: NaiveDate) -> String {
    use crate::text::push_uint;
    let y = d.year();
    let mut s = String::with_capacity(11);
    if !(0..=9999).contains(&y) {
        s.push(if y < 0 { '-' } else { '+' });
    }
    push_uint(&mut s, u64::from(y.unsigned_abs()), 4);
    s.push('-');
    push_uint(&mut s, u64::from(d.month()), 2);
    s.push('-');
    push_uint(&mut s, u64::from(d.day()), 2);
    s
}

/// `HH:MM:SS` as chrono's `format("%H:%M:%S")` writes it.
pub fn iso_time(t: NaiveDateTime) -> String {
    use crate::text::push_uint;
    use chrono::Timelike;
    let second = t.second() + t.nanosecond() / 1_000_000_000;
    let mut s = String::with_capacity(8);
    push_uint(&mut s, u64::from(t.hour()), 2);
    s.push(':');
    push_uint(&mut s, u64::from(t.minute()), 2);
    s.push(':');
    push_uint(&mut s, u64::from(second), 2);
    s
}

/// chrono's `scan::number`: `min..=max` ASCII digits.
fn digits(s: &str, min: usize, max: usize) -> Option<(&str, i64)> {
    let b = s.as_bytes();
    if b.len() < min {
        return None;
    }
    let mut n = 0i64;
    for (i, c) in b.iter().take(max).enumerate() {
        if !c.is_ascii_digit() {
            return (i >= min).then(|| (&s[i..], n));
        }
        n = n.checked_mul(10)?.checked_add(i64::from(c - b'0'))?;
    }
    Some((&s[max.min(b.len())..], n))
}

/// A numeric field of chrono's strftime parser: leading whitespace skipped, 1..=`width` digits,
/// within `range`.
fn field(s: &str, width: usize, range: std::ops::RangeInclusive<i64>) -> Option<(&str, u32)> {
    let (s, v) = digits(s.trim_start(), 1, width)?;
    range.contains(&v).then_some((s, v as u32))
}

/// The fractional seconds after a `.` (chrono's `scan::nanosecond`: 1 to 9 digits count,
/// further digits are skipped).
fn nanoseconds(s: &str) -> Option<(&str, u32)> {
    const SCALE: [u32; 10] = [
        0,
        100_000_000,
        10_000_000,
        1_000_000,
        100_000,
        10_000,
        1_000,
        100,
        10,
        1,
    ];
    let (rest, v) = digits(s, 1, 9)?;
    let nano = (v as u32).checked_mul(SCALE[s.len() - rest.len()])?;
    Some((rest.trim_start_matches(|c: char| c.is_ascii_digit()), nano))
}

/// `%Y-%m-%d` as chrono's parser reads it: each field may follow whitespace, the year has up to
/// four digits or a sign and any number.
fn read_ymd(s: &str) -> Option<(&str, NaiveDate)> {
    let s = s.trim_start();
    let (s, year) = if let Some(r) = s.strip_prefix('-') {
        let (r, v) = digits(r, 1, usize::MAX)?;
        (r, 0i64.checked_sub(v)?)
    } else if let Some(r) = s.strip_prefix('+') {
        digits(r, 1, usize::MAX)?
    } else {
        digits(s, 1, 4)?
    };
    let year = i32::try_from(year).ok()?;
    let (s, month) = field(s.strip_prefix('-')?, 2, 1..=12)?;
    let (s, day) = field(s.strip_prefix('-')?, 2, 1..=31)?;
    Some((s, NaiveDate::from_ymd_opt(year, month, day)?))
}

/// `NaiveDate::parse_from_str(s, "%Y-%m-%d")`.
pub fn parse_ymd(s: &str) -> Option<NaiveDate> {
    let (rest, date) = read_ymd(s)?;
    rest.is_empty().then_some(date)
}

/// UTC epoch ms of `NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f")`, else of
/// `NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M")`.
fn naive_iso_ms(s: &str) -> Option<i64> {
    let (s, date) = read_ymd(s)?;
    let s = s.strip_prefix('T')?;
    let (s, hour) = field(s, 2, 0..=23)?;
    let (s, minute) = field(s.strip_prefix(':')?, 2, 0..=59)?;
    let (second, nano) = if s.is_empty() {
        (0, 0) // "%Y-%m-%dT%H:%M"
    } else {
        let (s, second) = field(s.strip_prefix(':')?, 2, 0..=60)?;
        let (s, nano) = match s.strip_prefix('.') {
            Some(f) => nanoseconds(f)?,
            None => (s, 0),
        };
        if !s.is_empty() {
            return None;
        }
        match second {
            60 => (59, 1_000_000_000 + nano),
            s => (s, nano),
        }
    };
    let time = NaiveTime::from_hms_nano_opt(hour, minute, second, nano)?;
    Some(date.and_time(time).and_utc().timestamp_millis())
}

/// UTC epoch ms of `DateTime::parse_from_rfc3339(s)` (chrono's `parse_rfc3339`).
fn rfc3339_ms(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() < 19 {
        return None;
    }
    let d = |i: usize| b[i].is_ascii_digit().then(|| u32::from(b[i] - b'0'));
    let two = |i: usize| Some(d(i)? * 10 + d(i + 1)?);
    let year = d(0)? * 1000 + two(1)? * 10 + d(3)?;
    let sep = |i: usize, c: u8| (b[i] == c).then_some(());
    sep(4, b'-')?;
    let month = two(5)?;
    sep(7, b'-')?;
    let day = two(8)?;
    let date = NaiveDate::from_ymd_opt(year as i32, month, day)?;
    if !matches!(b[10], b't' | b'T' | b' ') {
        return None;
    }
    let hour = two(11)?;
    sep(13, b':')?;
    let minute = two(14)?;
    sep(16, b':')?;
    let (second, extra) = match two(17)? {
        60 => (59, 1_000_000_000),
        s => (s, 0),
    };
    let (rest, nano) = if b[19..].first() == Some(&b'.') {
        let (rest, n) = nanoseconds(&s[20..])?;
        (rest, extra + n)
    } else {
        (&s[19..], extra)
    };
    let time = NaiveTime::from_hms_nano_opt(hour, minute, second, nano)?;
    let (rest, offset) = rfc3339_offset(rest)?;
    if !rest.is_empty() || offset.abs() >= 86_400 {
        return None;
    }
    let local = date.and_time(time).and_utc().timestamp_millis();
    Some(local - i64::from(offset) * 1000)
}

/// chrono's `scan::timezone_offset` as RFC 3339 calls it: `Z`, or a sign (`+`, `-`, `−`) and
/// `HH:MM` with the colon.
fn rfc3339_offset(s: &str) -> Option<(&str, i32)> {
    if let Some(rest) = s.strip_prefix(['Z', 'z']) {
        return Some((rest, 0));
    }
    let (negative, s) = if let Some(r) = s.strip_prefix('+') {
        (false, r)
    } else if let Some(r) = s.strip_prefix(['-', '\u{2212}']) {
        (true, r)
    } else {
        return None;
    };
    let b = s.as_bytes();
    if b.len() < 2 || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
        return None;
    }
    let hours = i32::from(b[0] - b'0') * 10 + i32::from(b[1] - b'0');
    let s = s[2..].strip_prefix(':')?;
    let b = s.as_bytes();
    if b.len() < 2 || !(b'0'..=b'5').contains(&b[0]) || !b[1].is_ascii_digit() {
        return None;
    }
    let minutes = i32::from(b[0] - b'0') * 10 + i32::from(b[1] - b'0');
    let seconds = hours * 3600 + minutes * 60;
    Some((&s[2..], if negative { -seconds } else { seconds }))
}

/// A filter range: whole local days, both ends inclusive (see the module doc).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DateRange {
    /// First millisecond of the first day, UTC epoch ms (inclusive).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub start_ms: i64,
    /// Last millisecond of the last day, UTC epoch ms (inclusive, ends in .999).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub end_ms: i64,
    /// First local day, `YYYY-MM-DD`.
    pub start_date: String,
    /// Last local day, `YYYY-MM-DD`.
    pub end_date: String,
    /// Number of local days in the range.
    pub days: u32,
}

impl DateRange {
    /// The range covering local days `first..=last` in `tz`.
    pub fn of_days(tz: Tz, first: NaiveDate, last: NaiveDate) -> Result<DateRange, RuleError> {
        if last < first {
            return Err(RuleError::DateRangeReversed);
        }
        let start_ms = start_of_day_ms(tz, first)?;
        let end_ms = start_of_day_ms(tz, add_days(last, 1)?)? - 1;
        let days =
            u32::try_from((last - first).num_days() + 1).map_err(|_| RuleError::DateInvalid)?;
        Ok(DateRange {
            start_ms,
            end_ms,
            start_date: iso_date(first),
            end_date: iso_date(last),
            days,
        })
    }

    /// 001 §7 item 2: 'the previous period of equal length' — the same number of local days
    /// ending the day before this range starts (so 'Last Month' of 31 days compares with the 31
    /// days before it, not with the calendar month before).
    pub fn previous(&self, tz: Tz) -> Result<DateRange, RuleError> {
        let first = crate::inputs::parse_iso_date(&self.start_date)?;
        let n = i64::from(self.days);
        DateRange::of_days(tz, add_days(first, -n)?, add_days(first, -1)?)
    }
}

/// 000 §3: the date presets, plus the default filter.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    crate::value::FromValue,
    crate::value::ToValue,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DatePreset {
    Today,
    Yesterday,
    ThisWeek,
    LastWeek,
    ThisMonth,
    LastMonth,
    #[serde(rename = "last_6_months")]
    #[cfg_attr(feature = "ts", ts(rename = "last_6_months"))]
    LastSixMonths,
    ThisYear,
    LastYear,
    /// 000 §3: 'Filter defaults: date range of the last 7 days (00:00:00 to 23:59:59)'.
    #[serde(rename = "last_7_days")]
    #[cfg_attr(feature = "ts", ts(rename = "last_7_days"))]
    LastSevenDays,
}

impl DatePreset {
    /// The preset's wire name (`last_7_days`, …), as its serde attributes spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            DatePreset::Today => "today",
            DatePreset::Yesterday => "yesterday",
            DatePreset::ThisWeek => "this_week",
            DatePreset::LastWeek => "last_week",
            DatePreset::ThisMonth => "this_month",
            DatePreset::LastMonth => "last_month",
            DatePreset::LastSixMonths => "last_6_months",
            DatePreset::ThisYear => "this_year",
            DatePreset::LastYear => "last_year",
            DatePreset::LastSevenDays => "last_7_days",
        }
    }

    /// The nine presets of 000 §3 in the spec's order, then the default filter.
    pub const ALL: [DatePreset; 10] = [
        DatePreset::Today,
        DatePreset::Yesterday,
        DatePreset::ThisWeek,
        DatePreset::LastWeek,
        DatePreset::ThisMonth,
        DatePreset::LastMonth,
        DatePreset::LastSixMonths,
        DatePreset::ThisYear,
        DatePreset::LastYear,
        DatePreset::LastSevenDays,
    ];

    /// The local days a preset covers on the day `today`.
    ///
    /// Decisions where the spec is silent: the 'This …' presets and 'Last 6 Months' end today
    /// (there is no data in the future, and charts should not draw empty future days); 'Last
    /// 6 Months' is this month and the five before it, from the 1st; 'Last Week', 'Last Month'
    /// and 'Last Year' are whole calendar units; 'last 7 days' is today and the six days before.
    pub fn days(self, today: NaiveDate) -> Result<(NaiveDate, NaiveDate), RuleError> {
        let monday = add_days(today, -i64::from(today.weekday().num_days_from_monday()))?;
        let month = first_of_month(today);
        let jan1 = NaiveDate::from_ymd_opt(today.year(), 1, 1).ok_or(RuleError::DateInvalid)?;
        let months_back = |n: u32| {
            month
                .checked_sub_months(Months::new(n))
                .ok_or(RuleError::DateInvalid)
        };
        Ok(match self {
            DatePreset::Today => (today, today),
            DatePreset::Yesterday => {
                let y = add_days(today, -1)?;
                (y, y)
            }
            DatePreset::ThisWeek => (monday, today),
            DatePreset::LastWeek => (add_days(monday, -7)?, add_days(monday, -1)?),
            DatePreset::ThisMonth => (month, today),
            DatePreset::LastMonth => (months_back(1)?, add_days(month, -1)?),
            DatePreset::LastSixMonths => (months_back(5)?, today),
            DatePreset::ThisYear => (jan1, today),
            DatePreset::LastYear => {
                let last_jan1 = NaiveDate::from_ymd_opt(today.year() - 1, 1, 1)
                    .ok_or(RuleError::DateInvalid)?;
                (last_jan1, add_days(jan1, -1)?)
            }
            DatePreset::LastSevenDays => {
                (add_days(today, 1 - i64::from(DEFAULT_FILTER_DAYS))?, today)
            }
        })
    }

    /// The preset's range at the instant `now_ms` in `tz`.
    pub fn range(self, now_ms: i64, tz: Tz) -> Result<DateRange, RuleError> {
        let today = local_date_from_ms(tz, now_ms)?;
        let (first, last) = self.days(today)?;
        DateRange::of_days(tz, first, last)
    }
}

/// Input of the `date_preset` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DatePresetInput {
    pub preset: DatePreset,
    /// The current instant, UTC epoch milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub now: i64,
    /// IANA zone; Asia/Kolkata when absent.
    pub time_zone: Option<String>,
}

/// Input of the `date_range` and `previous_period` rules: local days, both inclusive.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DaysInput {
    pub start_date: String,
    pub end_date: String,
    pub time_zone: Option<String>,
}

/// The `date_preset` rule.
pub fn date_preset(input: &DatePresetInput) -> Result<DateRange, RuleError> {
    let tz = zone_or_default(input.time_zone.as_deref())?;
    input.preset.range(input.now, tz)
}

/// The `date_range` rule: a custom range picked as two local dates.
pub fn date_range(input: &DaysInput) -> Result<DateRange, RuleError> {
    let tz = zone_or_default(input.time_zone.as_deref())?;
    let first = crate::inputs::parse_iso_date(&input.start_date)?;
    let last = crate::inputs::parse_iso_date(&input.end_date)?;
    DateRange::of_days(tz, first, last)
}

/// The `previous_period` rule.
pub fn previous_period(input: &DaysInput) -> Result<DateRange, RuleError> {
    let tz = zone_or_default(input.time_zone.as_deref())?;
    date_range(input)?.previous(tz)
}

impl core::str::FromStr for DatePreset {
    type Err = RuleError;
    /// A wire name back to its preset; anything else is `value_invalid`.
    fn from_str(s: &str) -> Result<Self, RuleError> {
        DatePreset::ALL
            .into_iter()
            .find(|p| p.as_str() == s)
            .ok_or(RuleError::ValueInvalid)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn a_presets_text_is_its_serde_name_and_reads_back() {
        for p in DatePreset::ALL {
            assert_eq!(
                serde_json::to_value(p).unwrap(),
                serde_json::json!(p.as_str())
            );
            assert_eq!(p.as_str().parse::<DatePreset>(), Ok(p));
        }
        assert_eq!("Today".parse::<DatePreset>(), Err(RuleError::ValueInvalid));
    }
    use chrono_tz::America::New_York;
    use chrono_tz::Asia::Kolkata;

    /// Epoch ms of an RFC 3339 instant.
    pub(crate) fn ms(rfc3339: &str) -> i64 {
        DateTime::parse_from_rfc3339(rfc3339)
            .unwrap()
            .timestamp_millis()
    }

    /// Text near the ISO shapes: valid stamps with one or two characters changed, inserted or
    /// dropped, from a fixed pseudo-random sequence.
    fn iso_like_texts() -> Vec<String> {
        const BASES: [&str; 12] = [
            "2024-02-29T23:59:60.123456789123+05:30",
            "2024-03-10T02:30:00-05:00",
            "1999-12-31 23:59:59Z",
            "2024-01-05T10:30",
            "2024-01-05T10:30:59.5",
            "0000-01-01T00:00:00\u{2212}23:59",
            "9999-12-31T23:59:59.999z",
            "+12024-1-5T1:2:3",
            "-0044-03-15T12:00:00",
            "2023-02-29T12:00:00+00:00",
            " 2024- 1- 5T 9: 5: 7.",
            "2024-06-30t24:00:00+99:00",
        ];
        const ALPHABET: &[char] = &[
            '0', '1', '2', '5', '6', '9', '-', '+', ':', '.', 'T', 't', 'Z', ' ', '\u{a0}', 'x',
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut out: Vec<String> = BASES.iter().map(|b| b.to_string()).collect();
        for _ in 0..60_000 {
            let mut chars: Vec<char> = BASES[next(BASES.len())].chars().collect();
            for _ in 0..1 + next(2) {
                let at = next(chars.len() + 1);
                let c = ALPHABET[next(ALPHABET.len())];
                match next(3) {
                    0 if at < chars.len() => chars[at] = c,
                    1 => chars.insert(at, c),
                    _ if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => chars.push(c),
                }
            }
            let text: String = chars.into_iter().collect();
            out.push(text.clone());
            // the date alone, and cut anywhere
            out.push(text.chars().take(10).collect());
            out.push(text.chars().take(next(text.chars().count() + 1)).collect());
        }
        out
    }

    #[test]
    fn hand_written_iso_reading_answers_as_chrono_does() {
        // one answer in the server and the browser: the readers replace chrono's (see above)
        let mut accepted = [0usize; 4];
        for text in iso_like_texts() {
            let t = text.as_str();
            let want = DateTime::parse_from_rfc3339(t)
                .ok()
                .map(|d| d.timestamp_millis());
            assert_eq!(rfc3339_ms(t), want, "rfc3339 {t:?}");
            let want = NaiveDate::parse_from_str(t, "%Y-%m-%d").ok();
            assert_eq!(parse_ymd(t), want, "ymd {t:?}");
            let want = ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"]
                .iter()
                .find_map(|f| NaiveDateTime::parse_from_str(t, f).ok())
                .map(|n| n.and_utc().timestamp_millis());
            assert_eq!(naive_iso_ms(t), want, "naive {t:?}");
            for (i, ok) in [
                rfc3339_ms(t).is_some(),
                parse_ymd(t).is_some(),
                naive_iso_ms(t).is_some(),
                true,
            ]
            .into_iter()
            .enumerate()
            {
                accepted[i] += usize::from(ok);
            }
        }
        // the corpus exercises both outcomes of every reader
        assert!(
            accepted[..3]
                .iter()
                .all(|n| *n > 500 && *n < accepted[3] / 2),
            "{accepted:?}"
        );
    }

    #[test]
    fn hand_written_iso_writing_answers_as_chrono_does() {
        // one answer in the server and the browser: the writers replace chrono's (see above)
        let days = (-1_100_000..-1_000_000)
            .chain(-800_000..-700_000)
            .chain(-20_000..3_000_000)
            .step_by(7);
        for n in days {
            let d = NaiveDate::from_num_days_from_ce_opt(n).unwrap();
            assert_eq!(iso_date(d), d.format("%Y-%m-%d").to_string());
        }
        for s in (0..86_400).step_by(17) {
            let t = DateTime::from_timestamp(1_700_000_000 + s, 0)
                .unwrap()
                .naive_utc();
            assert_eq!(iso_time(t), t.format("%H:%M:%S").to_string());
        }
        let leap = NaiveDate::from_ymd_opt(2016, 12, 31)
            .unwrap()
            .and_hms_milli_opt(23, 59, 59, 1_500)
            .unwrap();
        assert_eq!(iso_time(leap), leap.format("%H:%M:%S").to_string());
    }

    fn range(p: DatePreset, now: &str) -> (String, String) {
        let r = p.range(ms(now), Kolkata).unwrap();
        (r.start_date, r.end_date)
    }

    fn pair(a: &str, b: &str) -> (String, String) {
        (a.to_string(), b.to_string())
    }

    // 2026-03-11 is a Wednesday.
    const NOW: &str = "2026-03-11T10:00:00+05:30";

    #[test]
    fn today_and_yesterday_are_whole_local_days() {
        // 000 §3: 'Date presets: Today, Yesterday'
        assert_eq!(
            range(DatePreset::Today, NOW),
            pair("2026-03-11", "2026-03-11")
        );
        assert_eq!(
            range(DatePreset::Yesterday, NOW),
            pair("2026-03-10", "2026-03-10")
        );
        let r = DatePreset::Today.range(ms(NOW), Kolkata).unwrap();
        assert_eq!(r.start_ms, ms("2026-03-11T00:00:00+05:30"));
        assert_eq!(r.end_ms, ms("2026-03-11T23:59:59.999+05:30"));
    }

    #[test]
    fn weeks_start_on_monday() {
        // 000 §3: 'This Week, Last Week' — decided: Monday to Sunday
        assert_eq!(
            range(DatePreset::ThisWeek, NOW),
            pair("2026-03-09", "2026-03-11")
        );
        assert_eq!(
            range(DatePreset::LastWeek, NOW),
            pair("2026-03-02", "2026-03-08")
        );
        // on a Monday this week is that Monday only; on a Sunday it is the whole week
        assert_eq!(
            range(DatePreset::ThisWeek, "2026-03-09T09:00:00+05:30"),
            pair("2026-03-09", "2026-03-09")
        );
        assert_eq!(
            range(DatePreset::ThisWeek, "2026-03-15T09:00:00+05:30"),
            pair("2026-03-09", "2026-03-15")
        );
    }

    #[test]
    fn months_and_years_follow_the_calendar() {
        // 000 §3: 'This Month, Last Month, Last 6 Months, This Year, Last Year'
        assert_eq!(
            range(DatePreset::ThisMonth, NOW),
            pair("2026-03-01", "2026-03-11")
        );
        assert_eq!(
            range(DatePreset::LastMonth, NOW),
            pair("2026-02-01", "2026-02-28")
        );
        assert_eq!(
            range(DatePreset::LastSixMonths, NOW),
            pair("2025-10-01", "2026-03-11")
        );
        assert_eq!(
            range(DatePreset::ThisYear, NOW),
            pair("2026-01-01", "2026-03-11")
        );
        assert_eq!(
            range(DatePreset::LastYear, NOW),
            pair("2025-01-01", "2025-12-31")
        );
        assert_eq!(
            range(DatePreset::LastMonth, "2026-01-15T12:00:00+05:30"),
            pair("2025-12-01", "2025-12-31")
        );
    }

    #[test]
    fn the_default_filter_is_the_last_seven_days_to_the_end_of_today() {
        // 000 §3: 'date range of the last 7 days (00:00:00 to 23:59:59)'
        let r = DatePreset::LastSevenDays.range(ms(NOW), Kolkata).unwrap();
        assert_eq!(
            (r.start_date.as_str(), r.end_date.as_str()),
            ("2026-03-05", "2026-03-11")
        );
        assert_eq!(r.days, 7);
        assert_eq!(r.start_ms, ms("2026-03-05T00:00:00+05:30"));
        assert_eq!(r.end_ms, ms("2026-03-11T23:59:59.999+05:30"));
    }

    #[test]
    fn the_local_day_changes_at_kolkata_midnight_not_utc_midnight() {
        // 001 §7: 'All bucketing is in the Asia/Calcutta time zone'
        let before = DatePreset::Today
            .range(ms("2026-03-07T18:29:59Z"), Kolkata)
            .unwrap();
        let after = DatePreset::Today
            .range(ms("2026-03-07T18:30:00Z"), Kolkata)
            .unwrap();
        assert_eq!(before.start_date, "2026-03-07");
        assert_eq!(after.start_date, "2026-03-08");
    }

    #[test]
    fn a_new_york_spring_forward_day_is_23_hours_and_a_fall_back_day_25() {
        // 001 §7 bucketing in a zone; DESIGN: 'Bucketing is exact, DST included'
        let spring = DateRange::of_days(
            New_York,
            NaiveDate::from_ymd_opt(2026, 3, 8).unwrap(),
            NaiveDate::from_ymd_opt(2026, 3, 8).unwrap(),
        )
        .unwrap();
        assert_eq!(spring.start_ms, ms("2026-03-08T05:00:00Z"));
        assert_eq!(spring.end_ms + 1 - spring.start_ms, 23 * 3_600_000);
        let fall = DateRange::of_days(
            New_York,
            NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
            NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
        )
        .unwrap();
        assert_eq!(fall.end_ms + 1 - fall.start_ms, 25 * 3_600_000);
    }

    #[test]
    fn a_day_whose_midnight_is_skipped_starts_when_the_clocks_jump() {
        // DESIGN: 'Bucketing is exact, DST included' — Sao Paulo skipped 2018-11-04 00:00
        let tz = chrono_tz::America::Sao_Paulo;
        let d = NaiveDate::from_ymd_opt(2018, 11, 4).unwrap();
        assert_eq!(start_of_day_ms(tz, d).unwrap(), ms("2018-11-04T03:00:00Z"));
    }

    #[test]
    fn the_previous_period_has_the_same_number_of_days() {
        // 001 §7 item 2: 'for the previous period of equal length and the current one'
        let input = DaysInput {
            start_date: "2026-03-05".into(),
            end_date: "2026-03-11".into(),
            time_zone: None,
        };
        let p = previous_period(&input).unwrap();
        assert_eq!(
            (p.start_date.as_str(), p.end_date.as_str(), p.days),
            ("2026-02-26", "2026-03-04", 7)
        );
        assert_eq!(p.end_ms + 1, date_range(&input).unwrap().start_ms);
    }

    #[test]
    fn a_reversed_custom_range_is_refused() {
        // 000 §3 date range filter: the start comes first
        let input = DaysInput {
            start_date: "2026-03-11".into(),
            end_date: "2026-03-05".into(),
            time_zone: None,
        };
        assert_eq!(date_range(&input), Err(RuleError::DateRangeReversed));
    }

    #[test]
    fn times_are_read_from_epoch_ms_or_iso_text_and_anything_else_is_no_date() {
        // 000 §8: 'Date formatting failures return 'No date' or null'
        let p = |s: &str| parse_time_value(&TimeValue::Text(s.into()), Kolkata);
        let at = ms("2026-03-08T10:00:00Z");
        assert_eq!(p("2026-03-08T10:00:00Z"), Ok(at));
        assert_eq!(p("2026-03-08 15:30:00+05:30"), Ok(at));
        assert_eq!(p("2026-03-08T10:00:00"), Ok(at));
        assert_eq!(p("2026-03-08 10:00:00.000"), Ok(at));
        assert_eq!(p(&at.to_string()), Ok(at));
        assert_eq!(p("2026-03-08"), Ok(ms("2026-03-08T00:00:00+05:30")));
        assert_eq!(parse_time_value(&TimeValue::Ms(at), Kolkata), Ok(at));
        for bad in [
            "",
            "yesterday",
            "2026-13-01",
            "08/03/2026",
            "2026-03-08T25:00:00Z",
        ] {
            assert_eq!(p(bad), Err(RuleError::NoDate), "{bad}");
        }
        assert_eq!(
            parse_time_value(&TimeValue::Ms(i64::MAX), Kolkata),
            Err(RuleError::NoDate)
        );
    }

    #[test]
    fn the_zone_defaults_to_kolkata_and_unknown_zones_are_refused() {
        // 001 §7: 'All bucketing is in the Asia/Calcutta time zone'
        assert_eq!(zone_or_default(None).unwrap(), Kolkata);
        assert_eq!(zone_or_default(Some("Asia/Calcutta")).unwrap(), Kolkata);
        assert_eq!(
            zone_or_default(Some("Mars/Base")),
            Err(RuleError::UnknownTimeZone)
        );
    }
}
