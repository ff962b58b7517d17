use super::*;
use crate::zones::parse_time_zone;

fn nine_to_five(zone: &str) -> BusinessHoursInput {
    let shift = || {
        vec![Shift {
            start: "09:00".into(),
            end: "17:00".into(),
        }]
    };
    BusinessHoursInput {
        time_zone: zone.into(),
        week: vec![shift(), shift(), shift(), shift(), shift(), vec![], vec![]],
        holidays: vec![],
    }
}

fn ms(rfc3339: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(rfc3339)
        .unwrap()
        .timestamp_millis()
}

#[test]
fn friday_evening_to_monday_morning_counts_the_monday_minutes_only() {
    let s = Schedule::new(&nine_to_five("America/New_York")).unwrap();
    // Friday 2026-11-27 16:30 EST to Monday 2026-11-30 09:45 EST: 30 + 45 minutes.
    let got = s
        .business_ms(
            ms("2026-11-27T16:30:00-05:00"),
            ms("2026-11-30T09:45:00-05:00"),
        )
        .unwrap();
    assert_eq!(got, 75 * 60_000);
    assert_eq!(s.business_ms(10, 5).unwrap(), 0);
}

#[test]
fn a_span_longer_than_the_bound_costs_bounded_work() {
    let s = Schedule::new(&nine_to_five("Asia/Kolkata")).unwrap();
    let start = ms("2026-01-05T00:00:00+05:30");
    let capped = s.business_ms(start, i64::MAX / 2).unwrap();
    let bound = s
        .business_ms(start, start + MAX_SPAN_DAYS * 86_400_000)
        .unwrap();
    assert_eq!(capped, bound);
}

#[test]
fn the_form_reads_back_in_order_with_its_weekly_total() {
    let mut input = nine_to_five("Europe/Lisbon");
    input.week[5] = vec![
        Shift {
            start: "14:00".into(),
            end: "24:00".into(),
        },
        Shift {
            start: "08:00".into(),
            end: "12:00".into(),
        },
    ];
    input.holidays = vec![
        "2026-12-25".into(),
        "2026-12-01".into(),
        "2026-12-25".into(),
    ];
    let h = business_hours(&input).unwrap();
    assert_eq!(h.week[5][0].start, "08:00");
    assert_eq!(h.week[5][1].end, "24:00");
    assert_eq!(h.holidays, ["2026-12-01", "2026-12-25"]);
    assert_eq!(h.weekly_minutes, 5 * 480 + 240 + 600);
}

fn weekdays_9_to_18(zone: &str) -> Schedule {
    Schedule::window(parse_time_zone(zone).unwrap(), 0b001_1111, 9 * 60, 18 * 60).unwrap()
}

#[test]
fn open_minutes_run_out_only_inside_the_hours() {
    let h = weekdays_9_to_18("Asia/Kolkata");
    // Friday 2026-11-27 17:55 IST = 12:25Z; 5 minutes on Friday, 25 on Monday from 09:00 IST.
    let after = |at: &str, m| h.after(ms(at), m);
    assert_eq!(
        after("2026-11-27T12:25:00Z", 30),
        Some(ms("2026-11-30T03:55:00Z"))
    );
    // Inside the window: plain elapsed minutes.
    assert_eq!(
        after("2026-11-27T05:00:00Z", 30),
        Some(ms("2026-11-27T05:30:00Z"))
    );
    // Saturday night: Monday 09:00 IST + 30.
    assert_eq!(
        after("2026-11-28T20:00:00Z", 30),
        Some(ms("2026-11-30T04:00:00Z"))
    );
    // Exactly at the close, the remaining minute is the next open minute.
    assert_eq!(
        after("2026-11-27T12:29:00Z", 1),
        Some(ms("2026-11-27T12:30:00Z"))
    );
    assert_eq!(
        after("2026-11-27T12:30:00Z", 1),
        Some(ms("2026-11-30T03:31:00Z"))
    );
    // What `after` spends, `business_ms` counts back.
    let since = ms("2026-11-27T12:25:00Z");
    assert_eq!(
        h.business_ms(since, after("2026-11-27T12:25:00Z", 30).unwrap()),
        Ok(30 * 60_000)
    );
}

#[test]
fn the_zone_own_clock_change_is_followed() {
    // New York leaves DST on Sunday 2026-11-01: 09:00 EST is 14:00Z, the Friday before 13:00Z.
    let h = weekdays_9_to_18("America/New_York");
    assert_eq!(
        h.after(ms("2026-10-30T21:50:00Z"), 20), // Friday 17:50 EDT
        Some(ms("2026-11-02T14:10:00Z"))         // Monday 09:10 EST
    );
    assert!(h.is_open(ms("2026-11-02T14:00:00Z")));
    assert!(!h.is_open(ms("2026-11-02T13:59:00Z")));
}

#[test]
fn around_the_clock_is_elapsed_time_and_a_bad_window_is_refused() {
    let z = parse_time_zone("Europe/Lisbon").unwrap();
    let h = Schedule::always(z);
    assert_eq!(
        h.after(ms("2026-11-28T23:50:00Z"), 30),
        Some(ms("2026-11-29T00:20:00Z"))
    );
    assert!(h.is_open(ms("2026-11-29T00:00:00Z")));
    for (days, start, end) in [(0, 0, 600), (1, 600, 610), (1, 600, 1441)] {
        assert_eq!(
            Schedule::window(z, days, start, end).map(|_| ()),
            Err(RuleError::ValueInvalid)
        );
    }
}

#[test]
fn a_holiday_is_skipped_by_the_clock() {
    let mut input = nine_to_five("Asia/Kolkata");
    input.holidays = vec!["2026-11-30".into()];
    let h = Schedule::new(&input).unwrap();
    // Friday 16:50 IST + 20 open minutes: 10 on Friday, Monday a holiday, 10 on Tuesday.
    assert_eq!(
        h.after(ms("2026-11-27T16:50:00+05:30"), 20),
        Some(ms("2026-12-01T09:10:00+05:30"))
    );
}
