//! The offered zones' UTC offsets in a few kilobytes, and a chrono [`TimeZone`] reading them
//! that answers exactly as chrono-tz does (its lookups are ported from chrono-tz 0.10's
//! `timezone_impl.rs`, and the tests compare the two).
//!
//! [`TimeZone`]: chrono::TimeZone

use chrono::{FixedOffset, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone};
use core::cmp::Ordering;
use core::fmt;
use std::sync::OnceLock;

/// Every offered zone's offsets in [`decode`]'s format: `table.bin`, generated from chrono-tz by
/// `UPDATE_GENERATED=1 cargo test -p switchboard-domain zones::` (`cargo test` fails when it no
/// longer matches chrono-tz or `zones.txt`). Not edited by hand.
pub const TABLE: &[u8] = include_bytes!("table.bin");

/// Days since 1970-01-01 that [`TABLE`]'s first day is counted from (1805-09-27); no
/// offered zone changes its offset before it.
pub const BASE_DAY: i64 = -60_000;

/// An offered zone: its position in `zones.txt`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Zone(u8);

/// A zone's offset at an instant ([`Offset::fix`] is the UTC offset).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ZoneOffset {
    zone: Zone,
    fixed: FixedOffset,
}

/// One zone's offsets: `first` until the first change, then `(UTC second, offset)` from
/// each change on.
pub struct Spans {
    pub first: i32,
    pub rest: Box<[(i64, i32)]>,
}

impl Zone {
    /// The offered zone named `name` (exact spelling).
    pub fn from_name(name: &str) -> Option<Zone> {
        super::offered_time_zones()
            .position(|z| z == name)
            .and_then(|i| u8::try_from(i).ok())
            .map(Zone)
    }

    /// The zone's IANA name.
    pub fn name(self) -> &'static str {
        super::offered_time_zones()
            .nth(usize::from(self.0))
            .unwrap_or("UTC")
    }

    /// The zone's offsets, decoded from [`TABLE`] on first use.
    pub fn spans(self) -> &'static Spans {
        static DECODED: OnceLock<Vec<Spans>> = OnceLock::new();
        let all = DECODED.get_or_init(|| decode(TABLE));
        &all[usize::from(self.0)]
    }

    fn offset(self, seconds: i32) -> ZoneOffset {
        ZoneOffset {
            zone: self,
            fixed: FixedOffset::east_opt(seconds).unwrap_or_else(|| chrono::Utc.fix()),
        }
    }
}

impl fmt::Debug for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for ZoneOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.fixed, f)
    }
}

impl fmt::Display for ZoneOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.fixed, f)
    }
}

impl Offset for ZoneOffset {
    fn fix(&self) -> FixedOffset {
        self.fixed
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn varint(&mut self) -> u64 {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let b = self.bytes.get(self.at).copied().unwrap_or(0);
            self.at += 1;
            v |= u64::from(b & 0x7f) << shift;
            shift += 7;
            if b < 0x80 || shift >= 64 {
                return v;
            }
        }
    }
    fn signed(&mut self) -> i64 {
        let v = self.varint();
        ((v >> 1) as i64) ^ -((v & 1) as i64)
    }
}

/// Reads [`TABLE`]: per zone, the offsets it uses (zigzag varints, seconds), the index of
/// the first, the number of changes, then per change the index of the new offset, the days
/// since the previous change's UTC day (from [`BASE_DAY`]) and its second of the UTC day
/// (`minutes * 2`, or `seconds * 2 + 1` when not on a whole minute), all varints.
pub fn decode(table: &[u8]) -> Vec<Spans> {
    let mut r = Reader {
        bytes: table,
        at: 0,
    };
    let mut zones = Vec::new();
    while r.at < table.len() {
        let n = r.varint() as usize;
        let offsets: Vec<i32> = (0..n).map(|_| r.signed() as i32).collect();
        let at = |i: u64| offsets.get(i as usize).copied().unwrap_or(0);
        let first = at(r.varint());
        let changes = r.varint() as usize;
        let mut day = BASE_DAY;
        let rest = (0..changes)
            .map(|_| {
                let offset = at(r.varint());
                day += r.varint() as i64;
                let code = r.varint() as i64;
                let second = if code & 1 == 0 {
                    code / 2 * 60
                } else {
                    code / 2
                };
                (day * 86_400 + second, offset)
            })
            .collect();
        zones.push(Spans { first, rest });
    }
    zones
}

/// chrono-tz's `Span` (a half-open interval, open-ended on either side).
struct Span {
    begin: Option<i64>,
    end: Option<i64>,
}

impl Span {
    fn contains(&self, x: i64) -> bool {
        match (self.begin, self.end) {
            (Some(a), Some(b)) => a <= x && x < b,
            (Some(a), None) => a <= x,
            (None, Some(b)) => b > x,
            (None, None) => true,
        }
    }

    fn cmp(&self, x: i64) -> Ordering {
        match (self.begin, self.end) {
            (Some(a), Some(b)) if a <= x && x < b => Ordering::Equal,
            (Some(a), Some(b)) if a <= x && b <= x => Ordering::Less,
            (Some(_), Some(_)) => Ordering::Greater,
            (Some(a), None) if a <= x => Ordering::Equal,
            (Some(_), None) => Ordering::Greater,
            (None, Some(b)) if b <= x => Ordering::Less,
            (None, Some(_)) => Ordering::Equal,
            (None, None) => Ordering::Equal,
        }
    }
}

impl Spans {
    fn len(&self) -> usize {
        1 + self.rest.len()
    }

    fn get(&self, i: usize) -> i32 {
        if i == 0 {
            self.first
        } else {
            self.rest[i - 1].1
        }
    }

    fn local_span(&self, i: usize) -> Span {
        Span {
            begin: (i > 0).then(|| self.rest[i - 1].0 + i64::from(self.rest[i - 1].1)),
            end: (i < self.rest.len()).then(|| self.rest[i].0 + i64::from(self.get(i))),
        }
    }
}

/// chrono-tz's index-only binary search (the semantics of `binary_search_by`).
fn binary_search(
    mut start: usize,
    mut end: usize,
    f: impl Fn(usize) -> Ordering,
) -> Result<usize, usize> {
    loop {
        let mid = start + (end - start) / 2;
        if mid == end {
            return Err(start);
        }
        match f(mid) {
            Ordering::Less => start = mid + 1,
            Ordering::Greater => end = mid,
            Ordering::Equal => return Ok(mid),
        }
    }
}

impl TimeZone for Zone {
    type Offset = ZoneOffset;

    fn from_offset(offset: &ZoneOffset) -> Self {
        offset.zone
    }

    fn offset_from_local_date(&self, local: &NaiveDate) -> LocalResult<ZoneOffset> {
        use LocalResult::{Ambiguous, None, Single};
        let earliest = self.offset_from_local_datetime(&local.and_time(NaiveTime::MIN));
        let latest = match local.and_hms_opt(23, 59, 59) {
            Some(t) => self.offset_from_local_datetime(&t),
            Option::None => None,
        };
        match (earliest, latest) {
            (result @ Single(_), _) => result,
            (_, result @ Single(_)) => result,
            (Ambiguous(offset, _), _) => Single(offset),
            (_, Ambiguous(offset, _)) => Single(offset),
            (None, None) => None,
        }
    }

    fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> LocalResult<ZoneOffset> {
        let t = local.and_utc().timestamp();
        let s = self.spans();
        let found = binary_search(0, s.len(), |i| s.local_span(i).cmp(t));
        let one = |i: usize| LocalResult::Single(self.offset(s.get(i)));
        let two =
            |i: usize| LocalResult::Ambiguous(self.offset(s.get(i)), self.offset(s.get(i + 1)));
        match found {
            Ok(0) if s.len() == 1 => one(0),
            Ok(0) if s.local_span(1).contains(t) => two(0),
            Ok(0) => one(0),
            Ok(i) if s.local_span(i - 1).contains(t) => two(i - 1),
            Ok(i) if i == s.len() - 1 => one(i),
            Ok(i) if s.local_span(i + 1).contains(t) => two(i),
            Ok(i) => one(i),
            Err(_) => LocalResult::None,
        }
    }

    fn offset_from_utc_date(&self, utc: &NaiveDate) -> ZoneOffset {
        self.offset_from_utc_datetime(&utc.and_time(NaiveTime::MIN))
    }

    #[cfg_attr(switchboard_wasm_size, optimize(speed))]
    fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> ZoneOffset {
        let t = utc.and_utc().timestamp();
        let s = self.spans();
        self.offset(s.get(s.rest.partition_point(|(at, _)| *at <= t)))
    }
}
