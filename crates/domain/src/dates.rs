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

use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, NaiveDateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use crate::wire::TimeValue;
use crate::zones::{parse_time_zone, Tz, DEFAULT_TIME_ZONE};
use crate::RuleError;

mod iso;

pub use iso::{iso_date, iso_time, parse_ymd};
use iso::{naive_iso_ms, rfc3339_ms};

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
#[crate::value::wire(Copy, Hash)]
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
pub(crate) mod tests;
