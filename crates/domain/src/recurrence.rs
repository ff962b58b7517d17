//! When a scheduled message is sent and a follow-up comes round again (001 §3 'repeat every N
//! minute/hour/day/week/month', 'stop after N times'; reminders 'doesn't repeat, daily, weekly,
//! monthly, annually'), computed in the user's IANA zone.
//!
//! The rules, chosen so a person's "every day at 09:00" means what they meant:
//! - Minutes and hours are elapsed time: "every 90 minutes" is 90 real minutes apart, also across
//!   a change of UTC offset.
//! - Days, weeks, months and years keep the wall-clock time: occurrence k is the start's local
//!   date moved by k steps, at the start's local time, so 09:00 stays 09:00 across a change.
//!   Months keep the start's day, clamped to the month's last day (31 January → 28 February →
//!   31 March), never drifting.
//! - A local time that does not exist (the hour skipped when clocks go forward) moves to the next
//!   minute that exists (02:30 on a New York spring-forward night is 03:00); a local time that
//!   exists twice (clocks go back) is the first of the two.
//!
//! Occurrences are numbered from 0 (the start itself); `stop_after` N keeps occurrences 0..N.

use chrono::{DateTime, Duration, LocalResult, Months, NaiveDate, NaiveDateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use crate::zones::{parse_time_zone, Tz};
use crate::RuleError;

/// The most steps of one repeat (every 1 000 days is rare enough to be a typo).
pub const MAX_EVERY: u32 = 1_000;
/// The most sends one schedule may ask for with "stop after".
pub const MAX_STOP_AFTER: u32 = 10_000;
/// The most occurrences one preview lists.
pub const MAX_PREVIEW: u32 = 50;

/// A repeat's unit (001 §3 'repeat every N minute/hour/day/week/month'; reminders add years).
#[crate::value::wire(Copy)]
#[serde(rename_all = "snake_case")]
pub enum RepeatUnit {
    Minute,
    Hour,
    Day,
    Week,
    Month,
    Year,
}

impl RepeatUnit {
    pub const ALL: [RepeatUnit; 6] = [
        RepeatUnit::Minute,
        RepeatUnit::Hour,
        RepeatUnit::Day,
        RepeatUnit::Week,
        RepeatUnit::Month,
        RepeatUnit::Year,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            RepeatUnit::Minute => "minute",
            RepeatUnit::Hour => "hour",
            RepeatUnit::Day => "day",
            RepeatUnit::Week => "week",
            RepeatUnit::Month => "month",
            RepeatUnit::Year => "year",
        }
    }

    pub fn parse(raw: &str) -> Result<RepeatUnit, RuleError> {
        Self::ALL
            .into_iter()
            .find(|u| u.code() == raw.trim())
            .ok_or(RuleError::RepeatInvalid)
    }
}

/// A reminder's recurrence (001 §3 'doesn't repeat, daily, weekly, monthly, annually').
#[crate::value::wire(Copy, Default)]
#[serde(rename_all = "snake_case")]
pub enum Recurrence {
    #[default]
    None,
    Daily,
    Weekly,
    Monthly,
    Annually,
}

impl Recurrence {
    pub const ALL: [Recurrence; 5] = [
        Recurrence::None,
        Recurrence::Daily,
        Recurrence::Weekly,
        Recurrence::Monthly,
        Recurrence::Annually,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            Recurrence::None => "none",
            Recurrence::Daily => "daily",
            Recurrence::Weekly => "weekly",
            Recurrence::Monthly => "monthly",
            Recurrence::Annually => "annually",
        }
    }

    pub fn parse(raw: &str) -> Result<Recurrence, RuleError> {
        Self::ALL
            .into_iter()
            .find(|r| r.code() == raw.trim())
            .ok_or(RuleError::RepeatInvalid)
    }

    /// The repeat a reminder's recurrence means (none for "doesn't repeat").
    pub const fn repeat(self) -> Option<Repeat> {
        let unit = match self {
            Recurrence::None => return None,
            Recurrence::Daily => RepeatUnit::Day,
            Recurrence::Weekly => RepeatUnit::Week,
            Recurrence::Monthly => RepeatUnit::Month,
            Recurrence::Annually => RepeatUnit::Year,
        };
        Some(Repeat { every: 1, unit })
    }
}

/// "Repeat every `every` `unit`s".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Repeat {
    pub every: u32,
    pub unit: RepeatUnit,
}

impl Repeat {
    /// 1 ≤ every ≤ [`MAX_EVERY`].
    pub fn new(every: u32, unit: RepeatUnit) -> Result<Repeat, RuleError> {
        if every == 0 || every > MAX_EVERY {
            return Err(RuleError::RepeatInvalid);
        }
        Ok(Repeat { every, unit })
    }
}

/// A schedule: its first local time in a zone, how it repeats and when it stops.
#[derive(Debug, Clone, Copy)]
pub struct Schedule {
    pub start: NaiveDateTime,
    pub zone: Tz,
    pub repeat: Option<Repeat>,
    /// Keep occurrences `0..stop_after` (none: no end when it repeats; one when it does not).
    pub stop_after: Option<u32>,
}

/// An occurrence: its number, instant and local wall-clock time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occurrence {
    pub index: u32,
    pub at: DateTime<Utc>,
    pub local: NaiveDateTime,
    /// The asked local time did not exist and was moved to the next minute that does.
    pub shifted: bool,
}

/// The instant of a local time in `zone`: the first of two when it exists twice, the next minute
/// that exists when it does not (`shifted`). None only beyond chrono's range.
pub fn resolve_local(zone: Tz, local: NaiveDateTime) -> Option<(DateTime<Utc>, bool)> {
    match zone.from_local_datetime(&local) {
        LocalResult::Single(t) => Some((t.with_timezone(&Utc), false)),
        LocalResult::Ambiguous(first, _) => Some((first.with_timezone(&Utc), false)),
        LocalResult::None => {
            // Gaps are at most a few hours; walk forward to the first minute past it.
            let mut probe = local;
            for _ in 0..(26 * 60) {
                probe = probe.checked_add_signed(Duration::minutes(1))?;
                match zone.from_local_datetime(&probe) {
                    LocalResult::Single(t) => return Some((t.with_timezone(&Utc), true)),
                    LocalResult::Ambiguous(t, _) => return Some((t.with_timezone(&Utc), true)),
                    LocalResult::None => {}
                }
            }
            None
        }
    }
}

impl Schedule {
    /// The last index kept, exclusive (u32::MAX when it never stops).
    fn end(&self) -> u32 {
        match (self.repeat, self.stop_after) {
            (None, _) => 1,
            (Some(_), Some(n)) => n,
            (Some(_), None) => u32::MAX,
        }
    }

    /// Occurrence `k` (0 is the start), or None past "stop after" or chrono's range.
    pub fn occurrence(&self, k: u32) -> Option<Occurrence> {
        if k >= self.end() {
            return None;
        }
        let (first, first_shifted) = resolve_local(self.zone, self.start)?;
        let Some(repeat) = self.repeat else {
            return Some(self.occurrence_at(0, first, first_shifted));
        };
        let steps = i64::from(k).checked_mul(i64::from(repeat.every))?;
        let wall = |local: NaiveDateTime| {
            resolve_local(self.zone, local).map(|(at, shifted)| Occurrence {
                index: k,
                at,
                local,
                shifted,
            })
        };
        match repeat.unit {
            RepeatUnit::Minute | RepeatUnit::Hour => {
                let minutes = if repeat.unit == RepeatUnit::Hour {
                    steps.checked_mul(60)?
                } else {
                    steps
                };
                let at = first.checked_add_signed(Duration::try_minutes(minutes)?)?;
                Some(self.occurrence_at(k, at, k == 0 && first_shifted))
            }
            RepeatUnit::Day | RepeatUnit::Week => {
                let days = if repeat.unit == RepeatUnit::Week {
                    steps.checked_mul(7)?
                } else {
                    steps
                };
                let date = self
                    .start
                    .date()
                    .checked_add_signed(Duration::try_days(days)?)?;
                wall(date.and_time(self.start.time()))
            }
            RepeatUnit::Month | RepeatUnit::Year => {
                let months = if repeat.unit == RepeatUnit::Year {
                    steps.checked_mul(12)?
                } else {
                    steps
                };
                let date = add_months(self.start.date(), u32::try_from(months).ok()?)?;
                wall(date.and_time(self.start.time()))
            }
        }
    }

    fn occurrence_at(&self, index: u32, at: DateTime<Utc>, shifted: bool) -> Occurrence {
        let local = at.with_timezone(&self.zone).naive_local();
        Occurrence {
            index,
            at,
            local,
            shifted,
        }
    }

    /// The first occurrence with index ≥ `from` that is later than `after` (None when the
    /// schedule has ended by then).
    pub fn first_after(&self, after: DateTime<Utc>, from: u32) -> Option<Occurrence> {
        let first = self.occurrence(from)?;
        if first.at > after {
            return Some(first);
        }
        // Jump close by the average step, then walk (a step is never shorter than a fifth of
        // its average, so the walk is short).
        let guess = match self.repeat {
            None => return None,
            Some(r) => {
                let step_minutes: i64 = match r.unit {
                    RepeatUnit::Minute => 1,
                    RepeatUnit::Hour => 60,
                    RepeatUnit::Day => 1_440,
                    RepeatUnit::Week => 10_080,
                    RepeatUnit::Month => 40_320, // 28 days: never overshoots
                    RepeatUnit::Year => 525_600,
                } * i64::from(r.every);
                let behind = (after - first.at).num_minutes();
                let jump = (behind / step_minutes).saturating_sub(1).max(0);
                from.saturating_add(u32::try_from(jump).unwrap_or(u32::MAX))
            }
        };
        let mut k = guess;
        loop {
            let o = self.occurrence(k)?;
            if o.at > after {
                return Some(o);
            }
            k = k.checked_add(1)?;
        }
    }
}

/// `date` moved by `months`, its day clamped to the target month's last day.
fn add_months(date: NaiveDate, months: u32) -> Option<NaiveDate> {
    date.checked_add_months(Months::new(months))
}

/// Parses the browser's `datetime-local` value, `YYYY-MM-DDTHH:MM` (seconds, when sent, are
/// dropped: schedules are to the minute).
pub fn parse_local(raw: &str) -> Result<NaiveDateTime, RuleError> {
    let s = raw.trim();
    let (date, time) = s.split_once(['T', ' ']).ok_or(RuleError::DateInvalid)?;
    let date = crate::inputs::parse_iso_date(date)?;
    let b = time.as_bytes();
    let two = |i: usize| -> Option<u32> {
        let (h, l) = (*b.get(i)?, *b.get(i + 1)?);
        (h.is_ascii_digit() && l.is_ascii_digit())
            .then(|| u32::from(h - b'0') * 10 + u32::from(l - b'0'))
    };
    let ok_len = b.len() == 5 || (b.len() == 8 && b[5] == b':' && two(6).is_some());
    if !ok_len || b[2] != b':' {
        return Err(RuleError::DateInvalid);
    }
    let (h, m) = (two(0), two(3));
    match (h, m) {
        (Some(h), Some(m)) => date.and_hms_opt(h, m, 0).ok_or(RuleError::DateInvalid),
        _ => Err(RuleError::DateInvalid),
    }
}

/// `YYYY-MM-DDTHH:MM`.
pub fn format_local(t: NaiveDateTime) -> String {
    use chrono::{Datelike, Timelike};
    let mut out = String::with_capacity(16);
    crate::text::push_int(&mut out, i64::from(t.year()), 4);
    out.push('-');
    crate::text::push_uint(&mut out, u64::from(t.month()), 2);
    out.push('-');
    crate::text::push_uint(&mut out, u64::from(t.day()), 2);
    out.push('T');
    crate::text::push_uint(&mut out, u64::from(t.hour()), 2);
    out.push(':');
    crate::text::push_uint(&mut out, u64::from(t.minute()), 2);
    out
}

/// Input of the `schedule_preview` rule: the form's values.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SchedulePreviewInput {
    /// `YYYY-MM-DDTHH:MM`, local to `time_zone`.
    pub start: String,
    pub time_zone: String,
    /// Repeat every N units; none (or `unit` none) for a one-off.
    pub every: Option<u32>,
    pub unit: Option<RepeatUnit>,
    pub stop_after: Option<u32>,
    /// How many to list (at most [`MAX_PREVIEW`]).
    pub count: u32,
}

/// One previewed send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PreviewItem {
    pub index: u32,
    /// Milliseconds since the epoch.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub at_ms: i64,
    /// `YYYY-MM-DDTHH:MM` in the schedule's zone.
    pub local: String,
    /// The asked time did not exist that day (clocks went forward) and was moved.
    pub shifted: bool,
}

/// The occurrences a preview lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct SchedulePreview(pub Vec<PreviewItem>);

/// Reads a schedule from the form's values (zone, start, repeat, stop after).
pub fn schedule_from(
    start: &str,
    time_zone: &str,
    every: Option<u32>,
    unit: Option<RepeatUnit>,
    stop_after: Option<u32>,
) -> Result<Schedule, RuleError> {
    let zone = parse_time_zone(time_zone)?;
    let start = parse_local(start)?;
    let repeat = match unit {
        Some(unit) => Some(Repeat::new(every.unwrap_or(1), unit)?),
        None => None,
    };
    if let Some(n) = stop_after {
        if n == 0 || n > MAX_STOP_AFTER {
            return Err(RuleError::RepeatInvalid);
        }
    }
    Ok(Schedule {
        start,
        zone,
        repeat,
        stop_after,
    })
}

/// The `schedule_preview` rule: the first `count` sends ("next 5 sends" in the form).
pub fn schedule_preview(input: &SchedulePreviewInput) -> Result<SchedulePreview, RuleError> {
    let schedule = schedule_from(
        &input.start,
        &input.time_zone,
        input.every,
        input.unit,
        input.stop_after,
    )?;
    Ok(SchedulePreview(
        (0..input.count.min(MAX_PREVIEW))
            .map_while(|k| schedule.occurrence(k))
            .map(|o| PreviewItem {
                index: o.index,
                at_ms: o.at.timestamp_millis(),
                local: format_local(o.local),
                shifted: o.shifted,
            })
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule(start: &str, zone: &str, every: u32, unit: RepeatUnit) -> Schedule {
        schedule_from(start, zone, Some(every), Some(unit), None).unwrap()
    }

    fn locals(s: &Schedule, n: u32) -> Vec<String> {
        (0..n)
            .map(|k| format_local(s.occurrence(k).unwrap().local))
            .collect()
    }

    fn utc(s: &Schedule, k: u32) -> String {
        s.occurrence(k).unwrap().at.to_rfc3339()
    }

    #[test]
    fn a_daily_nine_oclock_stays_at_nine_across_both_changes_in_new_york() {
        // issue #18: 'a 09:00 daily message stays at 09:00 local across a change'
        let s = schedule("2026-03-07T09:00", "America/New_York", 1, RepeatUnit::Day);
        assert_eq!(
            locals(&s, 3),
            ["2026-03-07T09:00", "2026-03-08T09:00", "2026-03-09T09:00"]
        );
        assert_eq!(utc(&s, 0), "2026-03-07T14:00:00+00:00"); // EST
        assert_eq!(utc(&s, 1), "2026-03-08T13:00:00+00:00"); // EDT
        let fall = schedule("2026-10-31T09:00", "America/New_York", 1, RepeatUnit::Day);
        assert_eq!(utc(&fall, 0), "2026-10-31T13:00:00+00:00");
        assert_eq!(utc(&fall, 1), "2026-11-01T14:00:00+00:00");
    }

    #[test]
    fn a_time_in_the_skipped_hour_moves_to_the_next_minute_that_exists() {
        // issue #18: 'a local time that does not exist moves to the next valid minute'
        let s = schedule("2026-03-07T02:30", "America/New_York", 1, RepeatUnit::Day);
        let o = s.occurrence(1).unwrap();
        assert_eq!(format_local(o.local), "2026-03-08T02:30");
        assert!(o.shifted);
        assert_eq!(o.at.to_rfc3339(), "2026-03-08T07:00:00+00:00"); // 03:00 EDT
        let next = s.occurrence(2).unwrap();
        assert!(!next.shifted);
        assert_eq!(next.at.to_rfc3339(), "2026-03-09T06:30:00+00:00"); // back to 02:30
                                                                       // Lisbon skips 01:00–02:00 on the last Sunday of March.
        let l = schedule("2026-03-28T01:15", "Europe/Lisbon", 1, RepeatUnit::Day);
        assert_eq!(utc(&l, 1), "2026-03-29T01:00:00+00:00"); // 02:00 WEST
    }

    #[test]
    fn a_time_that_happens_twice_is_the_first() {
        let s = schedule("2026-10-31T01:30", "America/New_York", 1, RepeatUnit::Day);
        assert_eq!(utc(&s, 1), "2026-11-01T05:30:00+00:00"); // 01:30 EDT, not EST
        let l = schedule("2026-10-24T01:30", "Europe/Lisbon", 1, RepeatUnit::Day);
        assert_eq!(utc(&l, 1), "2026-10-25T00:30:00+00:00"); // 01:30 WEST
    }

    #[test]
    fn minutes_and_hours_are_elapsed_time() {
        let s = schedule(
            "2026-03-08T01:00",
            "America/New_York",
            90,
            RepeatUnit::Minute,
        );
        assert_eq!(
            locals(&s, 3),
            ["2026-03-08T01:00", "2026-03-08T03:30", "2026-03-08T05:00"]
        );
        let h = schedule("2026-10-25T00:00", "Europe/Lisbon", 1, RepeatUnit::Hour);
        assert_eq!(
            locals(&h, 4),
            [
                "2026-10-25T00:00",
                "2026-10-25T01:00",
                "2026-10-25T01:00",
                "2026-10-25T02:00"
            ]
        );
    }

    #[test]
    fn months_keep_the_start_day_clamped_and_never_drift() {
        let s = schedule("2026-01-31T10:00", "Europe/Lisbon", 1, RepeatUnit::Month);
        assert_eq!(
            locals(&s, 4),
            [
                "2026-01-31T10:00",
                "2026-02-28T10:00",
                "2026-03-31T10:00",
                "2026-04-30T10:00"
            ]
        );
        let y = schedule("2028-02-29T08:00", "America/New_York", 1, RepeatUnit::Year);
        assert_eq!(locals(&y, 2), ["2028-02-29T08:00", "2029-02-28T08:00"]);
        assert_eq!(
            format_local(y.occurrence(4).unwrap().local),
            "2032-02-29T08:00"
        );
    }

    #[test]
    fn weekly_and_stop_after() {
        let mut s = schedule("2026-10-19T09:00", "Europe/Lisbon", 1, RepeatUnit::Week);
        s.stop_after = Some(3);
        assert_eq!(utc(&s, 0), "2026-10-19T08:00:00+00:00");
        assert_eq!(utc(&s, 1), "2026-10-26T09:00:00+00:00");
        assert!(s.occurrence(2).is_some());
        assert!(s.occurrence(3).is_none());
        let once = schedule_from("2026-10-19T09:00", "Europe/Lisbon", None, None, None).unwrap();
        assert!(once.occurrence(1).is_none());
    }

    #[test]
    fn first_after_skips_what_is_past() {
        let s = schedule(
            "2026-01-01T09:00",
            "America/New_York",
            15,
            RepeatUnit::Minute,
        );
        let after = s.occurrence(1000).unwrap().at;
        assert_eq!(s.first_after(after, 0).unwrap().index, 1001);
        let d = schedule("2026-01-31T09:00", "America/New_York", 1, RepeatUnit::Month);
        let o = d.first_after(d.occurrence(13).unwrap().at, 2).unwrap();
        assert_eq!(o.index, 14);
        assert_eq!(
            d.first_after(d.occurrence(0).unwrap().at - Duration::minutes(1), 0)
                .unwrap()
                .index,
            0
        );
    }

    #[test]
    fn bad_input_is_refused() {
        assert_eq!(parse_local("2026-13-01T09:00"), Err(RuleError::DateInvalid));
        assert_eq!(parse_local("2026-01-01T24:00"), Err(RuleError::DateInvalid));
        assert_eq!(parse_local("2026-01-01"), Err(RuleError::DateInvalid));
        assert!(parse_local("2026-01-01T09:00:00").is_ok());
        assert_eq!(
            schedule_from(
                "2026-01-01T09:00",
                "Europe/Lisbon",
                Some(0),
                Some(RepeatUnit::Day),
                None
            )
            .err(),
            Some(RuleError::RepeatInvalid)
        );
        assert_eq!(
            schedule_from("2026-01-01T09:00", "Mars/Base", None, None, None).err(),
            Some(RuleError::UnknownTimeZone)
        );
    }
}
