#[test]
fn joined_keys_name_the_same_buckets_as_key() {
    // 001 §9: daily, 12-hour and hour-of-day names are identical on both paths.
    for g in [
        Granularity::Day,
        Granularity::TwelveHours,
        Granularity::HourOfDay,
    ] {
        let grid = Grid::new(
            New_York,
            g,
            ms("2026-03-07T17:00:00Z"),
            ms("2026-03-10T04:59:59Z"),
        )
        .unwrap();
        let expected: Vec<String> = grid
            .keys()
            .into_iter()
            .map(|k| match k {
                BucketKey::Iso(s) => s,
                BucketKey::Hour(h) => h.to_string(),
            })
            .collect();
        assert_eq!(grid.joined_keys('\n'), expected.join("\n"), "{g:?}");
    }
}

proptest::proptest! {
    #[test]
    fn the_fast_instant_lookup_agrees_with_local_wall_time(
        offset in 0i64..(4 * 366 * 86_400_000),
        zone in 0usize..4,
        granularity in 0usize..3,
    ) {
        // Exactness across DST (design: 'Bucketing is exact, DST included'): the integer
        // path of `index_of_ms` must equal converting to local wall time first.
        let tz = [New_York, Kolkata, chrono_tz::Australia::Sydney, chrono_tz::Europe::Lisbon][zone];
        let g = [Granularity::Day, Granularity::TwelveHours, Granularity::HourOfDay][granularity];
        let start = ms("2024-01-01T00:00:00Z");
        let grid = Grid::new(tz, g, start, start + 4 * 366 * 86_400_000).unwrap();
        let t = start + offset;
        let local = local_from_ms(tz, t).unwrap();
        proptest::prop_assert_eq!(grid.index_of_ms(t), grid.index(local.date(), local.hour()));
    }
}

#[test]
fn the_column_path_shapes_exactly_like_the_object_path() {
    // 001 §7 item 3: the browser's fast path must agree with `shape` bucket for bucket.
    let grid = Grid::new(
        New_York,
        Granularity::Day,
        ms("2026-03-01T05:00:00Z"),
        ms("2026-03-31T03:59:59Z"),
    )
    .unwrap();
    let starts: Vec<f64> = (0..5_000)
        .map(|i| (ms("2026-02-25T00:00:00Z") + i * 777_777) as f64)
        .collect();
    let counts: Vec<f64> = (0..5_000).map(|i| (i % 13) as f64).collect();
    let raw: Vec<RawBucket> = starts
        .iter()
        .zip(&counts)
        .map(|(s, c)| RawBucket {
            key: RawBucketKey::Ms(*s as i64),
            doc_count: *c as u64,
        })
        .collect();
    let objects = shape(&grid, &raw);
    let (columns, outside) = shape_columns(&grid, &starts, &counts);
    assert_eq!(
        objects.points.iter().map(|p| p.count).collect::<Vec<_>>(),
        columns
    );
    assert_eq!(objects.outside, outside);
}

#[test]
fn the_column_path_skips_unreadable_counts_and_counts_odd_starts_as_outside() {
    let grid = Grid::new(
        Kolkata,
        Granularity::Day,
        ms("2026-03-06T18:30:00Z"),
        ms("2026-03-07T18:29:59.999Z"),
    )
    .unwrap();
    let start = ms("2026-03-07T00:00:00Z") as f64;
    let (counts, outside) = shape_columns(&grid, &[start, start + 0.5, start], &[2.0, 3.0, -1.0]);
    assert_eq!(counts, vec![2]);
    assert_eq!(outside, 3);
}
use super::*;
use crate::dates::tests::ms;
use chrono_tz::America::New_York;
use chrono_tz::Asia::Kolkata;
use proptest::prelude::*;

fn iso(s: &str) -> BucketKey {
    BucketKey::Iso(s.to_string())
}

fn day_of(tz: Tz, at: &str) -> Option<BucketKey> {
    bucket_of_ms(tz, Granularity::Day, ms(at)).unwrap()
}

#[test]
fn the_india_midnight_edge_splits_at_18_30_utc() {
    // 001 §7: 'All bucketing is in the Asia/Calcutta time zone' — 18:29:59Z is the previous Kolkata day
    assert_eq!(
        day_of(Kolkata, "2026-03-07T18:29:59Z"),
        Some(iso("2026-03-07"))
    );
    assert_eq!(
        day_of(Kolkata, "2026-03-07T18:30:00Z"),
        Some(iso("2026-03-08"))
    );
}

#[test]
fn a_new_york_dst_day_is_one_bucket_of_23_hours() {
    // DESIGN: 'Bucketing is exact, DST included'; 001 §9 'daily for totals'
    assert_eq!(
        day_of(New_York, "2026-03-08T04:59:59Z"),
        Some(iso("2026-03-07"))
    );
    assert_eq!(
        day_of(New_York, "2026-03-08T05:00:00Z"),
        Some(iso("2026-03-08"))
    );
    // 23 hours later (not 24) the next day begins
    assert_eq!(
        day_of(New_York, "2026-03-09T03:59:59Z"),
        Some(iso("2026-03-08"))
    );
    assert_eq!(
        day_of(New_York, "2026-03-09T04:00:00Z"),
        Some(iso("2026-03-09"))
    );
    // the 25-hour fall-back day
    assert_eq!(
        day_of(New_York, "2026-11-02T04:59:59Z"),
        Some(iso("2026-11-01"))
    );
    assert_eq!(
        day_of(New_York, "2026-11-02T05:00:00Z"),
        Some(iso("2026-11-02"))
    );
}

fn utc_ms(at: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(at)
        .unwrap()
        .timestamp_millis()
}

#[test]
fn histogram_steps_walk_a_fall_back_day_as_25_hourly_buckets() {
    // 001 §7.4 'active hours (1-hour buckets)': the repeated 01:00 is a bucket of its own
    let day = utc_ms("2026-11-01T04:00:00Z"); // local midnight in New York
    assert_eq!(Step::Day.start_of(New_York, day + 1), Some(day));
    let mut t = day;
    let mut hours = 0;
    while t < utc_ms("2026-11-02T05:00:00Z") {
        let next = Step::Hour.next_after(New_York, t).unwrap();
        assert_eq!(next - t, 3_600_000, "every hourly bucket is one real hour");
        t = next;
        hours += 1;
    }
    assert_eq!(hours, 25);
    // 01:30 local happens twice that night, each in its own hour
    assert_eq!(
        Step::Hour.start_of(New_York, utc_ms("2026-11-01T05:30:00Z")),
        Some(utc_ms("2026-11-01T05:00:00Z"))
    );
    assert_eq!(
        Step::Hour.start_of(New_York, utc_ms("2026-11-01T06:30:00Z")),
        Some(utc_ms("2026-11-01T06:00:00Z"))
    );
    // a half-hour zone's hours start at :30 UTC
    assert_eq!(
        Step::Hour.start_of(Kolkata, utc_ms("2026-03-07T18:59:59.500Z")),
        Some(utc_ms("2026-03-07T18:30:00Z"))
    );
    assert_eq!(
        Step::Day.next_after(New_York, day),
        Some(utc_ms("2026-11-02T05:00:00Z"))
    );
}

#[test]
fn histogram_half_days_start_at_local_noon_and_skip_the_spring_gap() {
    let morning = utc_ms("2026-03-08T05:00:00Z"); // local midnight, a 23-hour day
    assert_eq!(
        Step::HalfDay.start_of(New_York, utc_ms("2026-03-08T15:59:59Z")),
        Some(morning)
    );
    assert_eq!(
        Step::HalfDay.next_after(New_York, morning),
        Some(utc_ms("2026-03-08T16:00:00Z")) // local noon, 11 real hours later
    );
    // 02:00 does not exist that night: the hour after 01:00 local is 03:00 local
    assert_eq!(
        Step::Hour.next_after(New_York, utc_ms("2026-03-08T06:00:00Z")),
        Some(utc_ms("2026-03-08T07:00:00Z"))
    );
    assert_eq!(
        Step::Hour.start_of(New_York, utc_ms("2026-03-08T07:30:00Z")),
        Some(utc_ms("2026-03-08T07:00:00Z"))
    );
    assert_eq!(
        Step::Day.start_of(Kolkata, utc_ms("2026-03-07T18:30:00Z")),
        Some(utc_ms("2026-03-07T18:30:00Z"))
    );
}

#[test]
fn twelve_hour_buckets_split_at_local_noon() {
    // 001 §9: '12 hours for new calls'
    let b = |at: &str| bucket_of_ms(Kolkata, Granularity::TwelveHours, ms(at)).unwrap();
    assert_eq!(b("2026-03-08T06:29:59Z"), Some(iso("2026-03-08T00")));
    assert_eq!(b("2026-03-08T06:30:00Z"), Some(iso("2026-03-08T12")));
    let grid = Grid::new(
        Kolkata,
        Granularity::TwelveHours,
        ms("2026-03-08T13:00:00+05:30"),
        ms("2026-03-10T09:00:00+05:30"),
    )
    .unwrap();
    assert_eq!(
        grid.keys(),
        vec![
            iso("2026-03-08T12"),
            iso("2026-03-09T00"),
            iso("2026-03-09T12"),
            iso("2026-03-10T00")
        ]
    );
}

#[test]
fn hour_of_day_keeps_only_hours_8_to_20() {
    // 001 §7 item 3: 'only hours 8 to 20 counted, sorted by hour'
    let b = |at: &str| bucket_of_ms(Kolkata, Granularity::HourOfDay, ms(at)).unwrap();
    assert_eq!(b("2026-03-08T07:59:59+05:30"), None);
    assert_eq!(b("2026-03-08T08:00:00+05:30"), Some(BucketKey::Hour(8)));
    assert_eq!(b("2026-03-08T20:59:59+05:30"), Some(BucketKey::Hour(20)));
    assert_eq!(b("2026-03-08T21:00:00+05:30"), None);
    let grid = Grid::new(Kolkata, Granularity::HourOfDay, 0, 0).unwrap();
    assert_eq!(
        grid.keys(),
        (8..=20).map(BucketKey::Hour).collect::<Vec<_>>()
    );
}

#[test]
fn daily_keys_cover_every_local_day_of_the_range() {
    // 001 §9: 'daily for totals'
    let r = crate::dates::DatePreset::LastSevenDays
        .range(ms("2026-03-11T10:00:00+05:30"), Kolkata)
        .unwrap();
    let grid = Grid::new(Kolkata, Granularity::Day, r.start_ms, r.end_ms).unwrap();
    let keys: Vec<_> = (5..=11).map(|d| iso(&format!("2026-03-{d:02}"))).collect();
    assert_eq!(grid.keys(), keys);
}

#[test]
fn shaping_fills_empty_days_with_zero_and_adds_hours_into_days() {
    // 001 §7 item 1: buckets with key and doc_count; DESIGN: empty buckets filled
    let grid = Grid::new(
        Kolkata,
        Granularity::Day,
        ms("2026-03-07T00:00:00+05:30"),
        ms("2026-03-09T23:59:59.999+05:30"),
    )
    .unwrap();
    let buckets = vec![
        RawBucket {
            key: RawBucketKey::Ms(ms("2026-03-07T18:29:59Z")),
            doc_count: 2,
        },
        RawBucket {
            key: RawBucketKey::Ms(ms("2026-03-07T18:30:00Z")),
            doc_count: 3,
        },
        RawBucket {
            key: RawBucketKey::Key("2026-03-08".into()),
            doc_count: 4,
        },
        RawBucket {
            key: RawBucketKey::Key("2026-04-01".into()),
            doc_count: 5,
        },
    ];
    let s = shape(&grid, &buckets);
    let counts: Vec<u64> = s.points.iter().map(|p| p.count).collect();
    assert_eq!(counts, vec![2, 7, 0]);
    assert_eq!((s.total, s.outside), (9, 5));
}

#[test]
fn shaping_hourly_buckets_sums_each_hour_of_the_day_across_days() {
    // 001 §7 item 3: 'hourly histogram ... only hours 8 to 20 counted, sorted by hour'
    let grid = Grid::new(Kolkata, Granularity::HourOfDay, 0, 0).unwrap();
    let buckets = vec![
        RawBucket {
            key: RawBucketKey::Ms(ms("2026-03-08T09:00:00+05:30")),
            doc_count: 1,
        },
        RawBucket {
            key: RawBucketKey::Ms(ms("2026-03-09T09:00:00+05:30")),
            doc_count: 2,
        },
        RawBucket {
            key: RawBucketKey::Ms(ms("2026-03-09T23:00:00+05:30")),
            doc_count: 4,
        },
    ];
    let s = shape(&grid, &buckets);
    assert_eq!(
        s.points[1],
        Point {
            key: BucketKey::Hour(9),
            count: 3
        }
    );
    assert_eq!((s.total, s.outside), (3, 4));
}

#[test]
fn ranges_too_long_or_reversed_are_refused() {
    // 001 §7: a range runs from the filter start to the filter end
    assert_eq!(
        Grid::new(Kolkata, Granularity::Day, 10, 9).unwrap_err(),
        RuleError::DateRangeReversed
    );
    let century = 100 * 366 * 86_400_000i64 * 3;
    assert_eq!(
        Grid::new(Kolkata, Granularity::Day, 0, century).unwrap_err(),
        RuleError::RangeTooLong
    );
}

fn zones() -> impl Strategy<Value = Tz> {
    prop_oneof![
        Just(Kolkata),
        Just(New_York),
        Just(chrono_tz::Europe::Lisbon),
        Just(chrono_tz::Australia::Sydney),
        Just(chrono_tz::Asia::Kathmandu),
    ]
}

const YEAR_MS: i64 = 366 * 86_400_000;
const BASE: i64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

proptest! {
    #[test]
    fn bucket_counts_sum_to_the_input_count(
        tz in zones(),
        gran in prop_oneof![Just(Granularity::Day), Just(Granularity::TwelveHours), Just(Granularity::HourOfDay)],
        start in 0..YEAR_MS,
        len in 0..(60 * 86_400_000i64),
        events in prop::collection::vec((0..(90 * 86_400_000i64), 0u64..1000), 0..60),
    ) {
        // 001 §7: every document lands in exactly one bucket or is reported outside
        let grid = Grid::new(tz, gran, BASE + start, BASE + start + len).unwrap();
        let buckets: Vec<RawBucket> = events
            .iter()
            .map(|(t, n)| RawBucket { key: RawBucketKey::Ms(BASE + start - 15 * 86_400_000 + t), doc_count: *n })
            .collect();
        let s = shape(&grid, &buckets);
        let input: u64 = events.iter().map(|(_, n)| n).sum();
        prop_assert_eq!(s.total + s.outside, input);
        prop_assert_eq!(s.points.len(), grid.len());
    }

    #[test]
    fn every_instant_of_the_range_falls_in_a_bucket_of_the_range(
        tz in zones(),
        gran in prop_oneof![Just(Granularity::Day), Just(Granularity::TwelveHours)],
        start in 0..YEAR_MS,
        len in 0..(40 * 86_400_000i64),
        frac in 0.0f64..=1.0,
    ) {
        // DESIGN: exact bucketing — the grid and bucket_of agree on every instant
        let grid = Grid::new(tz, gran, BASE + start, BASE + start + len).unwrap();
        let at = BASE + start + (len as f64 * frac) as i64;
        let i = grid.index_of_ms(at);
        prop_assert!(i.is_some());
        prop_assert_eq!(Some(grid.key(i.unwrap())), bucket_of_ms(tz, gran, at).unwrap());
    }

    #[test]
    fn keys_are_strictly_increasing_and_read_back_to_their_index(
        tz in zones(),
        gran in prop_oneof![Just(Granularity::Day), Just(Granularity::TwelveHours)],
        start in 0..YEAR_MS,
        len in 0..(400 * 86_400_000i64),
    ) {
        // DESIGN.md 'Buckets travel as ISO keys': keys sort in time order and name one bucket each
        let grid = Grid::new(tz, gran, BASE + start, BASE + start + len).unwrap();
        let keys = grid.keys();
        for (i, k) in keys.iter().enumerate() {
            let BucketKey::Iso(text) = k else { panic!("iso keys") };
            prop_assert_eq!(grid.index_of_key(text), Some(i));
            if i > 0 {
                prop_assert!(keys[i - 1] < *k);
            }
        }
    }
}
