//! ISO 8601 text, read and written by hand rather than through chrono's strftime machinery,
//! which is most of chrono's size in the wasm module. Each function answers exactly what the
//! chrono call it replaces answers (named on each); the tests compare them on generated text.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime};

/// `YYYY-MM-DD` as chrono's `format("%Y-%m-%d")` writes it (years outside 0..=9999 signed).
pub fn iso_date(d: NaiveDate) -> String {
    use crate::text::push_uint;
    let y = d.year();
    let mut s = String::with_capacity(11);
    if !(0..=9999).contains(&y) {
        s.push(if y < 0 { '-' } else { '+' });
    }
    push_uint(&mut s, u64::from(y.unsigned_abs()), 4);
    s.push('-');
    push_uint(&mut s, u64::from(d.month()), 2);
    s.push('-');
    push_uint(&mut s, u64::from(d.day()), 2);
    s
}

/// `HH:MM:SS` as chrono's `format("%H:%M:%S")` writes it.
pub fn iso_time(t: NaiveDateTime) -> String {
    use crate::text::push_uint;
    use chrono::Timelike;
    let second = t.second() + t.nanosecond() / 1_000_000_000;
    let mut s = String::with_capacity(8);
    push_uint(&mut s, u64::from(t.hour()), 2);
    s.push(':');
    push_uint(&mut s, u64::from(t.minute()), 2);
    s.push(':');
    push_uint(&mut s, u64::from(second), 2);
    s
}

/// chrono's `scan::number`: `min..=max` ASCII digits.
fn digits(s: &str, min: usize, max: usize) -> Option<(&str, i64)> {
    let b = s.as_bytes();
    if b.len() < min {
        return None;
    }
    let mut n = 0i64;
    for (i, c) in b.iter().take(max).enumerate() {
        if !c.is_ascii_digit() {
            return (i >= min).then(|| (&s[i..], n));
        }
        n = n.checked_mul(10)?.checked_add(i64::from(c - b'0'))?;
    }
    Some((&s[max.min(b.len())..], n))
}

/// A numeric field of chrono's strftime parser: leading whitespace skipped, 1..=`width` digits,
/// within `range`.
fn field(s: &str, width: usize, range: std::ops::RangeInclusive<i64>) -> Option<(&str, u32)> {
    let (s, v) = digits(s.trim_start(), 1, width)?;
    range.contains(&v).then_some((s, v as u32))
}

/// The fractional seconds after a `.` (chrono's `scan::nanosecond`: 1 to 9 digits count,
/// further digits are skipped).
fn nanoseconds(s: &str) -> Option<(&str, u32)> {
    const SCALE: [u32; 10] = [
        0,
        100_000_000,
        10_000_000,
        1_000_000,
        100_000,
        10_000,
        1_000,
        100,
        10,
        1,
    ];
    let (rest, v) = digits(s, 1, 9)?;
    let nano = (v as u32).checked_mul(SCALE[s.len() - rest.len()])?;
    Some((rest.trim_start_matches(|c: char| c.is_ascii_digit()), nano))
}

/// `%Y-%m-%d` as chrono's parser reads it: each field may follow whitespace, the year has up to
/// four digits or a sign and any number.
fn read_ymd(s: &str) -> Option<(&str, NaiveDate)> {
    let s = s.trim_start();
    let (s, year) = if let Some(r) = s.strip_prefix('-') {
        let (r, v) = digits(r, 1, usize::MAX)?;
        (r, 0i64.checked_sub(v)?)
    } else if let Some(r) = s.strip_prefix('+') {
        digits(r, 1, usize::MAX)?
    } else {
        digits(s, 1, 4)?
    };
    let year = i32::try_from(year).ok()?;
    let (s, month) = field(s.strip_prefix('-')?, 2, 1..=12)?;
    let (s, day) = field(s.strip_prefix('-')?, 2, 1..=31)?;
    Some((s, NaiveDate::from_ymd_opt(year, month, day)?))
}

/// `NaiveDate::parse_from_str(s, "%Y-%m-%d")`.
pub fn parse_ymd(s: &str) -> Option<NaiveDate> {
    let (rest, date) = read_ymd(s)?;
    rest.is_empty().then_some(date)
}

/// UTC epoch ms of `NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f")`, else of
/// `NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M")`.
pub(super) fn naive_iso_ms(s: &str) -> Option<i64> {
    let (s, date) = read_ymd(s)?;
    let s = s.strip_prefix('T')?;
    let (s, hour) = field(s, 2, 0..=23)?;
    let (s, minute) = field(s.strip_prefix(':')?, 2, 0..=59)?;
    let (second, nano) = if s.is_empty() {
        (0, 0) // "%Y-%m-%dT%H:%M"
    } else {
        let (s, second) = field(s.strip_prefix(':')?, 2, 0..=60)?;
        let (s, nano) = match s.strip_prefix('.') {
            Some(f) => nanoseconds(f)?,
            None => (s, 0),
        };
        if !s.is_empty() {
            return None;
        }
        match second {
            60 => (59, 1_000_000_000 + nano),
            s => (s, nano),
        }
    };
    let time = NaiveTime::from_hms_nano_opt(hour, minute, second, nano)?;
    Some(date.and_time(time).and_utc().timestamp_millis())
}

/// UTC epoch ms of `DateTime::parse_from_rfc3339(s)` (chrono's `parse_rfc3339`).
pub(super) fn rfc3339_ms(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() < 19 {
        return None;
    }
    let d = |i: usize| b[i].is_ascii_digit().then(|| u32::from(b[i] - b'0'));
    let two = |i: usize| Some(d(i)? * 10 + d(i + 1)?);
    let year = d(0)? * 1000 + two(1)? * 10 + d(3)?;
    let sep = |i: usize, c: u8| (b[i] == c).then_some(());
    sep(4, b'-')?;
    let month = two(5)?;
    sep(7, b'-')?;
    let day = two(8)?;
    let date = NaiveDate::from_ymd_opt(year as i32, month, day)?;
    if !matches!(b[10], b't' | b'T' | b' ') {
        return None;
    }
    let hour = two(11)?;
    sep(13, b':')?;
    let minute = two(14)?;
    sep(16, b':')?;
    let (second, extra) = match two(17)? {
        60 => (59, 1_000_000_000),
        s => (s, 0),
    };
    let (rest, nano) = if b[19..].first() == Some(&b'.') {
        let (rest, n) = nanoseconds(&s[20..])?;
        (rest, extra + n)
    } else {
        (&s[19..], extra)
    };
    let time = NaiveTime::from_hms_nano_opt(hour, minute, second, nano)?;
    let (rest, offset) = rfc3339_offset(rest)?;
    if !rest.is_empty() || offset.abs() >= 86_400 {
        return None;
    }
    let local = date.and_time(time).and_utc().timestamp_millis();
    Some(local - i64::from(offset) * 1000)
}

/// chrono's `scan::timezone_offset` as RFC 3339 calls it: `Z`, or a sign (`+`, `-`, `−`) and
/// `HH:MM` with the colon.
fn rfc3339_offset(s: &str) -> Option<(&str, i32)> {
    if let Some(rest) = s.strip_prefix(['Z', 'z']) {
        return Some((rest, 0));
    }
    let (negative, s) = if let Some(r) = s.strip_prefix('+') {
        (false, r)
    } else if let Some(r) = s.strip_prefix(['-', '\u{2212}']) {
        (true, r)
    } else {
        return None;
    };
    let b = s.as_bytes();
    if b.len() < 2 || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
        return None;
    }
    let hours = i32::from(b[0] - b'0') * 10 + i32::from(b[1] - b'0');
    let s = s[2..].strip_prefix(':')?;
    let b = s.as_bytes();
    if b.len() < 2 || !(b'0'..=b'5').contains(&b[0]) || !b[1].is_ascii_digit() {
        return None;
    }
    let minutes = i32::from(b[0] - b'0') * 10 + i32::from(b[1] - b'0');
    let seconds = hours * 3600 + minutes * 60;
    Some((&s[2..], if negative { -seconds } else { seconds }))
}
