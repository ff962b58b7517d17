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
        format!("{}T{}", &s[..10], &s[11..])
    } else {
        s.to_string()
    };
    if let Ok(dt) = DateTime::parse_from_rfc3339(&t) {
        return Ok(dt.timestamp_millis());
    }
    for f in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"] {
        if let Ok(naive) = NaiveDateTime::parse_from_str(&t, f) {
            return Ok(naive.and_utc().timestamp_millis());
        }
    }
    Err(RuleError::NoDate)
}

/// A filter range: whole local days, both ends inclusive (see the module doc).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
            start_date: first.format("%Y-%m-%d").to_string(),
            end_date: last.format("%Y-%m-%d").to_string(),
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Deserialize)]
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
#[derive(Debug, Clone, Deserialize)]
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chrono_tz::America::New_York;
    use chrono_tz::Asia::Kolkata;

    /// Epoch ms of an RFC 3339 instant.
    pub(crate) fn ms(rfc3339: &str) -> i64 {
        DateTime::parse_from_rfc3339(rfc3339)
            .unwrap()
            .timestamp_millis()
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
