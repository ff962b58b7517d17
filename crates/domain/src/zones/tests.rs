use super::*;
use chrono::{DateTime, NaiveDateTime, Offset, TimeZone};

#[test]
fn every_offered_zone_parses() {
    // DESIGN.md 'Time zones': every organisation has an IANA zone from the offered list
    for z in offered_time_zones() {
        assert!(parse_time_zone(z).is_ok(), "{z}");
        assert_eq!(compact::Zone::from_name(z).map(|c| c.name()), Some(z));
    }
}

#[test]
fn the_spec_spelling_calcutta_means_kolkata() {
    // 001 §7: 'All bucketing is in the Asia/Calcutta time zone'
    assert_eq!(
        parse_time_zone("Asia/Calcutta").unwrap(),
        chrono_tz::Asia::Kolkata
    );
}

#[test]
fn a_zone_not_offered_is_refused() {
    // DESIGN.md 'Time zones': only offered zones
    assert_eq!(
        parse_time_zone("Mars/Olympus"),
        Err(RuleError::UnknownTimeZone)
    );
    assert_eq!(parse_time_zone(""), Err(RuleError::UnknownTimeZone));
    assert!(compact::Zone::from_name("Europe/Dublin").is_none());
}

const SCAN_FROM: i64 = compact::BASE_DAY * 86_400;
const SCAN_TO: i64 = 4_400_000_000; // 2109: chrono-tz's tables stop at 2100

fn utc(s: i64) -> NaiveDateTime {
    DateTime::from_timestamp(s, 0).unwrap().naive_utc()
}

fn offset_at<Z: TimeZone>(tz: &Z, s: i64) -> i32 {
    tz.offset_from_utc_datetime(&utc(s)).fix().local_minus_utc()
}

fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Every change of UTC offset chrono-tz has for the zone: scanned a day at a time, then
/// bisected to the second.
fn chrono_tz_changes(tz: chrono_tz::Tz) -> (i32, Vec<(i64, i32)>) {
    let first = offset_at(&tz, SCAN_FROM);
    assert_eq!(
        offset_at(&tz, -8_000_000_000_000),
        first,
        "{tz:?} changes before the table"
    );
    let mut changes = Vec::new();
    let (mut t, mut cur) = (SCAN_FROM, first);
    while t < SCAN_TO {
        let next = t + 86_400;
        if offset_at(&tz, next) == cur {
            t = next;
            continue;
        }
        let (mut lo, mut hi) = (t, next);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if offset_at(&tz, mid) == cur {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        cur = offset_at(&tz, hi);
        changes.push((hi, cur));
        t = hi;
    }
    assert_eq!(
        offset_at(&tz, 8_000_000_000_000),
        cur,
        "{tz:?} changes after the table"
    );
    (first, changes)
}

fn encode_from_chrono_tz() -> Vec<u8> {
    let mut out = Vec::new();
    for name in offered_time_zones() {
        let (first, changes) = chrono_tz_changes(name.parse().unwrap());
        let mut offsets = vec![first];
        for (_, o) in &changes {
            if !offsets.contains(o) {
                offsets.push(*o);
            }
        }
        let index = |o: i32| offsets.iter().position(|x| *x == o).unwrap() as u64;
        varint(&mut out, offsets.len() as u64);
        for o in &offsets {
            let o = i64::from(*o);
            varint(&mut out, ((o << 1) ^ (o >> 63)) as u64);
        }
        varint(&mut out, index(first));
        varint(&mut out, changes.len() as u64);
        let mut day = compact::BASE_DAY;
        for (at, o) in &changes {
            let (d, s) = (at.div_euclid(86_400), at.rem_euclid(86_400));
            varint(&mut out, index(*o));
            varint(&mut out, (d - day) as u64);
            varint(
                &mut out,
                if s % 60 == 0 { s / 60 * 2 } else { s * 2 + 1 } as u64,
            );
            day = d;
        }
    }
    out
}

#[test]
fn the_compact_table_is_generated_from_chrono_tz() {
    // DESIGN.md 'Time zones': the browser's zone data is chrono-tz's, for the offered zones
    let want = encode_from_chrono_tz();
    if std::env::var_os("UPDATE_GENERATED").is_some() && want != compact::TABLE {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/zones/table.bin");
        std::fs::write(path, &want).unwrap();
        return;
    }
    assert!(
        want == compact::TABLE,
        "zones/table.bin is stale: UPDATE_GENERATED=1 cargo test -p switchboard-domain zones::"
    );
}

#[test]
fn the_compact_zones_answer_as_chrono_tz_does() {
    // one answer in the server (chrono-tz) and the browser (the compact table)
    let decoded = compact::decode(compact::TABLE);
    assert_eq!(decoded.len(), offered_time_zones().count());
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for name in offered_time_zones() {
        let full: chrono_tz::Tz = name.parse().unwrap();
        let small = compact::Zone::from_name(name).unwrap();
        let fix = |r: chrono::LocalResult<chrono::FixedOffset>| r;
        let local = |t: i64| {
            let at = utc(t);
            let a = fix(full.from_local_datetime(&at).map(|d| d.offset().fix()));
            let b = fix(small.from_local_datetime(&at).map(|d| d.offset().fix()));
            assert_eq!(a, b, "{name} local {at}");
            let day = at.date();
            #[allow(deprecated)]
            let (c, d) = (
                full.from_local_date(&day).map(|d| d.offset().fix()),
                small.from_local_date(&day).map(|d| d.offset().fix()),
            );
            assert_eq!(c, d, "{name} local day {day}");
        };
        let spans = small.spans();
        for (i, (at, _)) in spans.rest.iter().enumerate() {
            for t in [at - 1, *at, at + 1] {
                assert_eq!(offset_at(&full, t), offset_at(&small, t), "{name} at {t}");
            }
            let before = i64::from(if i == 0 {
                spans.first
            } else {
                spans.rest[i - 1].1
            });
            let after = i64::from(spans.rest[i].1);
            for edge in [at + before, at + after] {
                for d in [-1, 0, 1] {
                    local(edge + d);
                }
            }
            let mut t = at + before.min(after) - 3 * 3600;
            while t <= at + before.max(after) + 3 * 3600 {
                local(t);
                t += 900;
            }
        }
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let t = (seed % 10_000_000_000) as i64 - 5_000_000_000;
            assert_eq!(offset_at(&full, t), offset_at(&small, t), "{name} at {t}");
            local(t);
        }
        for t in [-8_000_000_000_000, 0, 8_000_000_000_000] {
            assert_eq!(offset_at(&full, t), offset_at(&small, t), "{name} at {t}");
            local(t);
        }
        assert_eq!(small.name(), full.name());
    }
}
