//! The needs-reply clock: a conversation waiting for the team escalates when nobody has answered
//! within N minutes of the organisation's business hours — minutes outside them do not count, so
//! a message at 17:55 on a Friday with a 30-minute clock and hours of 09:00–18:00 Monday to
//! Friday escalates at 09:25 on Monday, in the organisation's zone (its own DST changes
//! included).

use chrono::{DateTime, Datelike, Duration, NaiveTime, TimeZone, Utc};

use crate::recurrence::resolve_local;
use crate::zones::Tz;
use crate::RuleError;

/// The most days the clock looks ahead for enough open minutes (a week's clock in one open
/// minute a week would need more; such hours are refused when set).
const LOOKAHEAD_DAYS: i64 = 400;

/// When an organisation answers: the open weekdays (bit 0 Monday … bit 6 Sunday) and one window
/// of local minutes after midnight, `start_min` < `end_min` ≤ 1440.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BusinessHours {
    pub zone: Tz,
    pub days: u8,
    pub start_min: u16,
    pub end_min: u16,
}

impl BusinessHours {
    /// Checked hours: at least one day, a window of at least 15 minutes inside the day.
    pub fn new(
        zone: Tz,
        days: u8,
        start_min: u16,
        end_min: u16,
    ) -> Result<BusinessHours, RuleError> {
        if days & 0x7f == 0 || end_min > 1440 || start_min.saturating_add(15) > end_min {
            return Err(RuleError::ValueInvalid);
        }
        Ok(BusinessHours {
            zone,
            days: days & 0x7f,
            start_min,
            end_min,
        })
    }

    /// Around the clock, every day (the default until an admin sets hours).
    pub fn always(zone: Tz) -> BusinessHours {
        BusinessHours {
            zone,
            days: 0x7f,
            start_min: 0,
            end_min: 1440,
        }
    }

    /// The open window of the local date `day`, as instants (None when closed that day).
    fn window(&self, day: chrono::NaiveDate) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
        if self.days & (1 << day.weekday().num_days_from_monday()) == 0 {
            return None;
        }
        let at = |min: u16| {
            let local = if min >= 1440 {
                day.succ_opt()?.and_time(NaiveTime::MIN)
            } else {
                day.and_time(NaiveTime::from_num_seconds_from_midnight_opt(
                    u32::from(min) * 60,
                    0,
                )?)
            };
            resolve_local(self.zone, local).map(|(t, _)| t)
        };
        Some((at(self.start_min)?, at(self.end_min)?))
    }

    /// The instant `minutes` open minutes after `since` (None when the hours never hold that
    /// many within the look-ahead).
    pub fn after(&self, since: DateTime<Utc>, minutes: u32) -> Option<DateTime<Utc>> {
        let mut left = Duration::minutes(i64::from(minutes));
        let mut day = self.zone.from_utc_datetime(&since.naive_utc()).date_naive();
        // Windows lie inside one local day, so the walk starts on `since`'s local date.
        for _ in 0..LOOKAHEAD_DAYS {
            if let Some((open, close)) = self.window(day) {
                let from = open.max(since);
                if close > from {
                    let room = close - from;
                    if left <= room {
                        return Some(from + left);
                    }
                    left -= room;
                }
            }
            day = day.succ_opt()?;
        }
        None
    }

    /// Whether `at` is inside the hours.
    pub fn is_open(&self, at: DateTime<Utc>) -> bool {
        let day = self.zone.from_utc_datetime(&at.naive_utc()).date_naive();
        self.window(day)
            .is_some_and(|(open, close)| open <= at && at < close)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zones::parse_time_zone;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn weekdays_9_to_18(zone: &str) -> BusinessHours {
        BusinessHours::new(parse_time_zone(zone).unwrap(), 0b001_1111, 9 * 60, 18 * 60).unwrap()
    }

    #[test]
    fn minutes_outside_the_hours_do_not_count() {
        let h = weekdays_9_to_18("Asia/Kolkata");
        // Friday 2026-11-27 17:55 IST = 12:25Z; 5 minutes on Friday, 25 on Monday from 09:00 IST.
        assert_eq!(
            h.after(utc("2026-11-27T12:25:00Z"), 30),
            Some(utc("2026-11-30T03:55:00Z"))
        );
        // Inside the window: plain elapsed minutes.
        assert_eq!(
            h.after(utc("2026-11-27T05:00:00Z"), 30),
            Some(utc("2026-11-27T05:30:00Z"))
        );
        // Saturday night: Monday 09:00 IST + 30.
        assert_eq!(
            h.after(utc("2026-11-28T20:00:00Z"), 30),
            Some(utc("2026-11-30T04:00:00Z"))
        );
        // Exactly at the close, the remaining minute is the next open minute.
        assert_eq!(
            h.after(utc("2026-11-27T12:29:00Z"), 1),
            Some(utc("2026-11-27T12:30:00Z"))
        );
        assert_eq!(
            h.after(utc("2026-11-27T12:30:00Z"), 1),
            Some(utc("2026-11-30T03:31:00Z"))
        );
    }

    #[test]
    fn the_zone_own_clock_change_is_followed() {
        // New York leaves DST on Sunday 2026-11-01: 09:00 EST is 14:00Z, the Friday before 13:00Z.
        let h = weekdays_9_to_18("America/New_York");
        assert_eq!(
            h.after(utc("2026-10-30T21:50:00Z"), 20), // Friday 17:50 EDT
            Some(utc("2026-11-02T14:10:00Z"))         // Monday 09:10 EST
        );
        assert!(h.is_open(utc("2026-11-02T14:00:00Z")));
        assert!(!h.is_open(utc("2026-11-02T13:59:00Z")));
    }

    #[test]
    fn around_the_clock_is_elapsed_time_and_bad_hours_are_refused() {
        let z = parse_time_zone("Europe/Lisbon").unwrap();
        let h = BusinessHours::always(z);
        assert_eq!(
            h.after(utc("2026-11-28T23:50:00Z"), 30),
            Some(utc("2026-11-29T00:20:00Z"))
        );
        assert_eq!(
            BusinessHours::new(z, 0, 0, 600),
            Err(RuleError::ValueInvalid)
        );
        assert_eq!(
            BusinessHours::new(z, 1, 600, 610),
            Err(RuleError::ValueInvalid)
        );
        assert_eq!(
            BusinessHours::new(z, 1, 600, 1441),
            Err(RuleError::ValueInvalid)
        );
    }
}
