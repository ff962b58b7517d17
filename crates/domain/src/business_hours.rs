//! Business hours: when the organisation is open — each weekday's shifts in its own zone (a split
//! shift is two), and the holidays it is closed — how much of a span of time fell inside them,
//! and when N open minutes after an instant run out. Response times, SLA shares and call-back
//! compliance (issue #30) count only this time, so a message that arrives at closing time and is
//! answered first thing next morning took the minutes of the morning, not the night; the team
//! inbox's needs-reply clock escalates when its open minutes run out.
//!
//! Conventions, fixed here once:
//! - a shift is local wall time, `HH:MM` to `HH:MM` (`24:00` is the end of the day), start
//!   before end; a day's shifts do not overlap; a shift past midnight is two, one each day;
//! - a boundary the clocks skip (spring forward) is the moment they jump, a boundary they repeat
//!   (fall back) its first occurrence ([`first_instant_at_or_after`]): a shift spanning the change
//!   is as long as it really was (an hour shorter or longer);
//! - a holiday is a local date, closed all day, whatever its shifts;
//! - a span is `[start, end)` in epoch milliseconds; its business time is the part of it inside
//!   open hours, never negative.

use chrono::{Datelike, Duration, NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

use crate::dates::{first_instant_at_or_after, local_date_from_ms, parse_ymd};
use crate::zones::{parse_time_zone, Tz};
use crate::RuleError;

/// The most shifts of one day (a split shift is two).
pub const MAX_SHIFTS_PER_DAY: usize = 4;
/// The most holidays kept (a year and some of every day closed is more than anyone needs).
pub const MAX_HOLIDAYS: usize = 400;
/// The most spans one call of the `business_time` rule counts.
pub const MAX_SPANS: usize = 1_000;
/// The longest stretch counted: of a span longer than this, the business time of its first
/// `MAX_SPAN_DAYS` days (no service target reaches that far), so a span costs bounded work.
pub const MAX_SPAN_DAYS: i64 = 400;

/// One opening of a day: local wall time, `HH:MM` to `HH:MM` (`24:00` ends the day).
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    crate::value::FromValue,
    crate::value::ToValue,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Shift {
    pub start: String,
    pub end: String,
}

/// Input of the `business_hours` rule: the form an admin fills.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BusinessHoursInput {
    /// IANA zone the shifts are read in.
    pub time_zone: String,
    /// Seven days, Monday first; each day's shifts (none: closed).
    pub week: Vec<Vec<Shift>>,
    /// Local dates closed all day, `YYYY-MM-DD`.
    #[serde(default)]
    pub holidays: Vec<String>,
}

/// Business hours as kept: each day's shifts in order, the holidays sorted without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BusinessHours {
    pub time_zone: String,
    pub week: Vec<Vec<Shift>>,
    pub holidays: Vec<String>,
    /// Open minutes in a week without holidays (what the form shows as the weekly total).
    pub weekly_minutes: u32,
}

/// A span of time, epoch milliseconds, `[startMs, endMs)`.
#[derive(Debug, Clone, Copy, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Span {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub start_ms: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub end_ms: i64,
}

/// Input of the `business_time` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BusinessTimeInput {
    pub hours: BusinessHoursInput,
    /// At most [`MAX_SPANS`].
    pub spans: Vec<Span>,
}

/// The business time of each span, milliseconds, in the spans' order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BusinessTime {
    #[cfg_attr(feature = "ts", ts(type = "Array<number>"))]
    pub ms: Vec<i64>,
}

/// An organisation's hours until an admin sets them: Monday to Friday, 09:00–18:00.
pub fn default_week() -> Vec<Vec<Shift>> {
    (0..7)
        .map(|day| {
            if day < 5 {
                vec![Shift {
                    start: "09:00".into(),
                    end: "18:00".into(),
                }]
            } else {
                Vec::new()
            }
        })
        .collect()
}

/// `HH:MM` as minutes of the day; `24:00` is 1440 and only an end may be it.
fn minute_of(text: &str, end: bool) -> Result<u16, RuleError> {
    let (h, m) = text.trim().split_once(':').ok_or(RuleError::ShiftInvalid)?;
    let ok = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !ok(h) || !ok(m) {
        return Err(RuleError::ShiftInvalid);
    }
    let (h, m): (u16, u16) = (
        h.parse().map_err(|_| RuleError::ShiftInvalid)?,
        m.parse().map_err(|_| RuleError::ShiftInvalid)?,
    );
    match (h, m) {
        (24, 0) if end => Ok(1440),
        (0..=23, 0..=59) => Ok(h * 60 + m),
        _ => Err(RuleError::ShiftInvalid),
    }
}

/// `YYYY-MM-DD` exactly (a holiday is kept and shown in that form), a real date.
fn strict_date(text: &str) -> Result<NaiveDate, RuleError> {
    let b = text.as_bytes();
    let shaped = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        });
    shaped
        .then(|| parse_ymd(text))
        .flatten()
        .ok_or(RuleError::DateInvalid)
}

fn hhmm(minute: u16) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// Business hours, compiled for counting: the zone, each weekday's shifts in minutes, the
/// holidays.
#[derive(Debug, Clone)]
pub struct Schedule {
    tz: Tz,
    /// Monday first.
    week: [Vec<(u16, u16)>; 7],
    holidays: BTreeSet<NaiveDate>,
}

impl Schedule {
    /// Checks the form: a zone the product offers (`unknown_time_zone`), seven days
    /// (`value_invalid`), shifts that are times with the start first (`shift_invalid`), at most
    /// [`MAX_SHIFTS_PER_DAY`] a day (`shifts_too_many`) that do not overlap (`shifts_overlap`),
    /// dates (`date_invalid`), at most [`MAX_HOLIDAYS`] (`holidays_too_many`).
    pub fn new(input: &BusinessHoursInput) -> Result<Schedule, RuleError> {
        let tz = parse_time_zone(input.time_zone.trim())?;
        if input.week.len() != 7 {
            return Err(RuleError::ValueInvalid);
        }
        let mut week: [Vec<(u16, u16)>; 7] = Default::default();
        for (day, shifts) in input.week.iter().enumerate() {
            if shifts.len() > MAX_SHIFTS_PER_DAY {
                return Err(RuleError::ShiftsTooMany);
            }
            let mut mins = shifts
                .iter()
                .map(|s| {
                    let (a, b) = (minute_of(&s.start, false)?, minute_of(&s.end, true)?);
                    if a < b {
                        Ok((a, b))
                    } else {
                        Err(RuleError::ShiftInvalid)
                    }
                })
                .collect::<Result<Vec<_>, _>>()?;
            mins.sort_unstable();
            if mins.windows(2).any(|w| w[1].0 < w[0].1) {
                return Err(RuleError::ShiftsOverlap);
            }
            week[day] = mins;
        }
        if input.holidays.len() > MAX_HOLIDAYS {
            return Err(RuleError::HolidaysTooMany);
        }
        let holidays = input
            .holidays
            .iter()
            .map(|d| strict_date(d.trim()))
            .collect::<Result<BTreeSet<_>, _>>()?;
        Ok(Schedule { tz, week, holidays })
    }

    /// One window of local minutes, `start_min` to `end_min`, on the weekdays of `days` (bit 0
    /// Monday … bit 6 Sunday): the team inbox's form. At least one day and a window of at least
    /// 15 minutes inside the day (`value_invalid` otherwise).
    pub fn window(tz: Tz, days: u8, start_min: u16, end_min: u16) -> Result<Schedule, RuleError> {
        if days & 0x7f == 0 || end_min > 1440 || start_min.saturating_add(15) > end_min {
            return Err(RuleError::ValueInvalid);
        }
        let mut week: [Vec<(u16, u16)>; 7] = Default::default();
        for (day, shifts) in week.iter_mut().enumerate() {
            if days & (1 << day) != 0 {
                shifts.push((start_min, end_min));
            }
        }
        Ok(Schedule {
            tz,
            week,
            holidays: BTreeSet::new(),
        })
    }

    /// Around the clock, every day (the default until an admin sets hours).
    pub fn always(tz: Tz) -> Schedule {
        Schedule {
            tz,
            week: std::array::from_fn(|_| vec![(0, 1440)]),
            holidays: BTreeSet::new(),
        }
    }

    /// The open intervals of the local days `first..=last`, as instants, in order.
    fn intervals(
        &self,
        first: NaiveDate,
        last: NaiveDate,
    ) -> impl Iterator<Item = Result<(i64, i64), RuleError>> + '_ {
        first
            .iter_days()
            .take_while(move |d| *d <= last)
            .filter(|d| !self.holidays.contains(d))
            .flat_map(move |date| {
                self.week[date.weekday().num_days_from_monday() as usize]
                    .iter()
                    .map(move |&(a, b)| Ok((self.instant(date, a)?, self.instant(date, b)?)))
            })
    }

    /// The instant `minutes` open minutes after `since_ms` (None when the hours do not hold
    /// that many within [`MAX_SPAN_DAYS`]).
    pub fn after(&self, since_ms: i64, minutes: u32) -> Option<i64> {
        let mut left = i64::from(minutes) * 60_000;
        let first = local_date_from_ms(self.tz, since_ms).ok()?.pred_opt()?;
        let last = first.checked_add_signed(Duration::days(MAX_SPAN_DAYS))?;
        for interval in self.intervals(first, last) {
            let (open, close) = interval.ok()?;
            let from = open.max(since_ms);
            if close > from {
                if left <= close - from {
                    return Some(from + left);
                }
                left -= close - from;
            }
        }
        None
    }

    /// Whether the instant `at_ms` is inside open hours.
    pub fn is_open(&self, at_ms: i64) -> bool {
        let Some(day) = local_date_from_ms(self.tz, at_ms).ok() else {
            return false;
        };
        let Some(before) = day.pred_opt() else {
            return false;
        };
        self.intervals(before, day)
            .filter_map(Result::ok)
            .any(|(open, close)| open <= at_ms && at_ms < close)
    }

    /// The hours as kept (the form read back in order).
    pub fn hours(&self) -> BusinessHours {
        BusinessHours {
            time_zone: self.tz.name().to_owned(),
            week: self
                .week
                .iter()
                .map(|d| {
                    d.iter()
                        .map(|&(a, b)| Shift {
                            start: hhmm(a),
                            end: hhmm(b),
                        })
                        .collect()
                })
                .collect(),
            holidays: self.holidays.iter().map(|d| d.to_string()).collect(),
            weekly_minutes: self
                .week
                .iter()
                .flatten()
                .map(|&(a, b)| u32::from(b - a))
                .sum(),
        }
    }

    /// The instant a local day's minute begins (see the module's conventions).
    fn instant(&self, date: NaiveDate, minute: u16) -> Result<i64, RuleError> {
        let local = match minute {
            1440 => date
                .checked_add_signed(Duration::days(1))
                .ok_or(RuleError::DateInvalid)?
                .and_time(NaiveTime::MIN),
            m => date.and_time(
                NaiveTime::from_hms_opt(u32::from(m / 60), u32::from(m % 60), 0)
                    .ok_or(RuleError::DateInvalid)?,
            ),
        };
        first_instant_at_or_after(self.tz, local)
    }

    /// Milliseconds of `[start_ms, end_ms)` inside open hours (0 for an empty or reversed span;
    /// a span past [`MAX_SPAN_DAYS`] counted over its first days only).
    pub fn business_ms(&self, start_ms: i64, end_ms: i64) -> Result<i64, RuleError> {
        if end_ms <= start_ms {
            return Ok(0);
        }
        let end_ms = end_ms.min(start_ms.saturating_add(MAX_SPAN_DAYS * 86_400_000));
        // A shift of the day before may still be open at the start (a local day is at most
        // 25 hours, and a skipped midnight starts the day late), so begin a day early.
        let first = local_date_from_ms(self.tz, start_ms)?
            .pred_opt()
            .ok_or(RuleError::DateInvalid)?;
        let last = local_date_from_ms(self.tz, end_ms)?;
        let mut total = 0;
        for interval in self.intervals(first, last) {
            let (open, close) = interval?;
            total += (close.min(end_ms) - open.max(start_ms)).max(0);
        }
        Ok(total)
    }
}

/// The `business_hours` rule: the form checked and read back in order.
pub fn business_hours(input: &BusinessHoursInput) -> Result<BusinessHours, RuleError> {
    Schedule::new(input).map(|s| s.hours())
}

/// The `business_time` rule: the business time of each span.
pub fn business_time(input: &BusinessTimeInput) -> Result<BusinessTime, RuleError> {
    if input.spans.len() > MAX_SPANS {
        return Err(RuleError::ValueInvalid);
    }
    let schedule = Schedule::new(&input.hours)?;
    let ms = input
        .spans
        .iter()
        .map(|s| schedule.business_ms(s.start_ms, s.end_ms))
        .collect::<Result<_, _>>()?;
    Ok(BusinessTime { ms })
}

#[cfg(test)]
mod tests;
