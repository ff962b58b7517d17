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
