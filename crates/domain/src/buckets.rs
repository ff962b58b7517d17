//! Chart buckets (001 §7, §9): daily buckets for totals, 12-hour buckets for new calls and
//! hour-of-day buckets (08 to 20 only) for active hours, all on the organisation's calendar.
//!
//! A bucket is named by an ISO key — `2026-03-08` for a day, `2026-03-08T00` / `2026-03-08T12`
//! for the halves of a day, the hour number `8`..`20` for hour-of-day — and the web app formats
//! the labels. Buckets are found by converting each instant to local wall time (chrono-tz), never
//! by adding 86 400 000 ms, so a 23- or 25-hour daylight-saving day is still one bucket.

use chrono::{NaiveDate, Timelike};
use serde::{Deserialize, Serialize};

use crate::dates::{local_from_ms, zone_or_default};
use crate::zones::Tz;
use crate::RuleError;

/// 001 §9: 'Active-hours chart: hours 8 to 20 only'.
pub const ACTIVE_HOURS: std::ops::RangeInclusive<u8> = 8..=20;

/// The most buckets one series may have (about 270 years of days); more is `range_too_long`.
pub const MAX_BUCKETS: usize = 100_000;

/// How a series is cut.
#[crate::value::wire(Copy, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Granularity {
    /// 001 §9: 'daily for totals'.
    Day,
    /// 001 §9: '12 hours for new calls' — local 00:00–11:59 and 12:00–23:59.
    TwelveHours,
    /// 001 §7 item 3: hour of the local day, 8 to 20 only, sorted by hour.
    HourOfDay,
}

/// A bucket's name: an ISO key for days and half-days, the hour number for hour-of-day.
#[crate::value::wire(Hash, PartialOrd, Ord)]
#[serde(untagged)]
pub enum BucketKey {
    Hour(u8),
    Iso(String),
}

/// The buckets of one range: how to find an instant's bucket and how to name bucket `i`.
#[derive(Debug, Clone, Copy)]
pub struct Grid {
    tz: Tz,
    granularity: Granularity,
    /// First local day (day and half-day grids).
    first: NaiveDate,
    /// `first` as days since 1970-01-01.
    first_epoch_day: i64,
    /// 1 when the first half-day bucket is an afternoon.
    first_half: i64,
    len: usize,
}

/// `YYYY-MM-DD`, written directly (chrono's `format` parses its pattern on every call, which
/// dominates shaping a long series).
fn iso_day(d: NaiveDate) -> String {
    let mut s = String::with_capacity(13);
    push_iso_day(d, &mut s);
    s
}

/// Appends `YYYY-MM-DD` to `out` without allocating.
#[cfg_attr(switchboard_wasm_size, optimize(speed))]
fn push_iso_day(d: NaiveDate, out: &mut String) {
    use chrono::Datelike;
    let (y, m, day) = (d.year(), d.month(), d.day());
    if !(0..=9999).contains(&y) {
        out.push_str(&crate::dates::iso_date(d));
        return;
    }
    let y = y as u32;
    let digit = |n: u32| char::from(b'0' + (n % 10) as u8);
    for c in [
        digit(y / 1000),
        digit(y / 100),
        digit(y / 10),
        digit(y),
        '-',
        digit(m / 10),
        digit(m),
        '-',
        digit(day / 10),
        digit(day),
    ] {
        out.push(c);
    }
}

fn half(hour: u32) -> i64 {
    i64::from(hour >= 12)
}

impl Grid {
    /// The buckets covering `start_ms..=end_ms` (UTC epoch ms, both inclusive) in `tz`. For
    /// hour-of-day the range only has to be well-formed: the buckets are always 8..=20.
    pub fn new(
        tz: Tz,
        granularity: Granularity,
        start_ms: i64,
        end_ms: i64,
    ) -> Result<Grid, RuleError> {
        if end_ms < start_ms {
            return Err(RuleError::DateRangeReversed);
        }
        let start = local_from_ms(tz, start_ms)?;
        let end = local_from_ms(tz, end_ms)?;
        let days = (end.date() - start.date()).num_days();
        let (first_half, len) = match granularity {
            Granularity::Day => (0, days + 1),
            Granularity::TwelveHours => {
                let (a, b) = (half(start.hour()), half(end.hour()));
                (a, days * 2 + b - a + 1)
            }
            Granularity::HourOfDay => (0, ACTIVE_HOURS.len() as i64),
        };
        let len = usize::try_from(len).map_err(|_| RuleError::DateInvalid)?;
        if len > MAX_BUCKETS {
            return Err(RuleError::RangeTooLong);
        }
        Ok(Grid {
            tz,
            granularity,
            first: start.date(),
            first_epoch_day: (start.date() - NaiveDate::default()).num_days(),
            first_half,
            len,
        })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn index(&self, date: NaiveDate, hour: u32) -> Option<usize> {
        let i = match self.granularity {
            Granularity::Day => (date - self.first).num_days(),
            Granularity::TwelveHours => {
                (date - self.first).num_days() * 2 + half(hour) - self.first_half
            }
            Granularity::HourOfDay => i64::from(hour) - i64::from(*ACTIVE_HOURS.start()),
        };
        usize::try_from(i).ok().filter(|i| *i < self.len)
    }

    /// The bucket index of an instant, or None when it falls outside the grid (before or after
    /// the range, or an hour outside 8..=20).
    #[cfg_attr(switchboard_wasm_size, optimize(speed))]
    pub fn index_of_ms(&self, ms: i64) -> Option<usize> {
        // Integer arithmetic on the local epoch milliseconds (instant + the zone's offset at
        // that instant) instead of building a calendar date per instant: the same answer as
        // `local_from_ms` + `index`, several times faster on long series.
        use chrono::{Offset, TimeZone};
        const DAY_MS: i64 = 86_400_000;
        const HOUR_MS: i64 = 3_600_000;
        let utc = crate::dates::utc_from_ms(ms).ok()?.naive_utc();
        let offset_s = self
            .tz
            .offset_from_utc_datetime(&utc)
            .fix()
            .local_minus_utc();
        let local_ms = ms.checked_add(i64::from(offset_s) * 1000)?;
        let day = local_ms.div_euclid(DAY_MS) - self.first_epoch_day;
        let hour = local_ms.rem_euclid(DAY_MS) / HOUR_MS;
        let i = match self.granularity {
            Granularity::Day => day,
            Granularity::TwelveHours => day * 2 + i64::from(hour >= 12) - self.first_half,
            Granularity::HourOfDay => hour - i64::from(*ACTIVE_HOURS.start()),
        };
        usize::try_from(i).ok().filter(|i| *i < self.len)
    }

    /// The bucket index of a key as [`Grid::key`] writes it (hour-of-day also accepts `"08"`).
    pub fn index_of_key(&self, key: &str) -> Option<usize> {
        let key = key.trim();
        match self.granularity {
            Granularity::Day => {
                let d = crate::inputs::parse_iso_date(key).ok()?;
                self.index(d, 0)
            }
            Granularity::TwelveHours => {
                let (d, h) = key.split_once('T')?;
                let d = crate::inputs::parse_iso_date(d).ok()?;
                let hour = match h {
                    "00" => 0,
                    "12" => 12,
                    _ => return None,
                };
                self.index(d, hour)
            }
            Granularity::HourOfDay => {
                let h: u32 = key.parse().ok()?;
                (h < 24).then(|| self.index(self.first, h)).flatten()
            }
        }
    }

    /// The name of bucket `i` (`i < len`).
    pub fn key(&self, i: usize) -> BucketKey {
        let i = i as i64;
        match self.granularity {
            Granularity::Day => BucketKey::Iso(iso_day(self.date_at(i))),
            Granularity::TwelveHours => {
                let j = i + self.first_half;
                let h = if j % 2 == 0 { "00" } else { "12" };
                let mut key = iso_day(self.date_at(j / 2));
                key.push('T');
                key.push_str(h);
                BucketKey::Iso(key)
            }
            Granularity::HourOfDay => BucketKey::Hour(*ACTIVE_HOURS.start() + i as u8),
        }
    }

    fn date_at(&self, days: i64) -> NaiveDate {
        self.first
            .checked_add_signed(chrono::Duration::days(days))
            .unwrap_or(NaiveDate::MAX)
    }

    /// Every bucket name in order, joined by `sep`, written into one string (the browser's
    /// column path: no allocation per bucket).
    #[cfg_attr(switchboard_wasm_size, optimize(speed))]
    pub fn joined_keys(&self, sep: char) -> String {
        let mut out = String::with_capacity(self.len * 14);
        let mut date = self.first;
        for i in 0..self.len {
            if i > 0 {
                out.push(sep);
            }
            match self.granularity {
                Granularity::Day => {
                    push_iso_day(date, &mut out);
                    date = date.succ_opt().unwrap_or(NaiveDate::MAX);
                }
                Granularity::TwelveHours => {
                    let j = i as i64 + self.first_half;
                    push_iso_day(self.date_at(j / 2), &mut out);
                    out.push_str(if j % 2 == 0 { "T00" } else { "T12" });
                }
                Granularity::HourOfDay => {
                    let h = *ACTIVE_HOURS.start() + i as u8;
                    if h >= 10 {
                        out.push(char::from(b'0' + h / 10));
                    }
                    out.push(char::from(b'0' + h % 10));
                }
            }
        }
        out
    }

    /// Every bucket name in order.
    pub fn keys(&self) -> Vec<BucketKey> {
        (0..self.len).map(|i| self.key(i)).collect()
    }
}

/// The bucket of one instant, independent of any range: the local day, the local half-day, or
/// the local hour (None outside 8..=20).
pub fn bucket_of_ms(
    tz: Tz,
    granularity: Granularity,
    ms: i64,
) -> Result<Option<BucketKey>, RuleError> {
    let t = local_from_ms(tz, ms)?;
    Ok(match granularity {
        Granularity::Day => Some(BucketKey::Iso(iso_day(t.date()))),
        Granularity::TwelveHours => {
            let mut key = iso_day(t.date());
            key.push_str(if t.hour() >= 12 { "T12" } else { "T00" });
            Some(BucketKey::Iso(key))
        }
        Granularity::HourOfDay => {
            let h = t.hour() as u8;
            ACTIVE_HOURS.contains(&h).then_some(BucketKey::Hour(h))
        }
    })
}

/// A timeline step of a histogram (the search proxy's `date_histogram`, 001 §7.4): every local
/// hour, half-day or day in order, not folded by hour of day as `Granularity::HourOfDay` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Hour,
    HalfDay,
    Day,
}

impl Step {
    /// The first instant (UTC epoch ms) of the local hour, half-day or day holding `ms`. A
    /// local start skipped by a daylight-saving jump is the first instant after the gap.
    pub fn start_of(self, tz: Tz, ms: i64) -> Option<i64> {
        let t = local_from_ms(tz, ms).ok()?;
        let hour = match self {
            // The local hour holding `ms` began this many milliseconds ago: counted back in
            // real time, so a repeated hour (fall back) is a bucket of its own.
            Step::Hour => {
                let into = i64::from(t.minute()) * 60_000
                    + i64::from(t.second()) * 1000
                    + ms.rem_euclid(1000);
                return ms.checked_sub(into);
            }
            Step::HalfDay => t.hour() / 12 * 12,
            Step::Day => 0,
        };
        let local = t.date().and_hms_opt(hour, 0, 0)?;
        crate::dates::first_instant_at_or_after(tz, local).ok()
    }

    /// The start of the bucket after the one starting at `start`: an hour later in real time
    /// for hours; the next local noon or midnight for half-days and days (a 23- or 25-hour day
    /// is one bucket).
    pub fn next_after(self, tz: Tz, start: i64) -> Option<i64> {
        let step = match self {
            Step::Hour => return self.start_of(tz, start.checked_add(3_600_000)?),
            Step::HalfDay => chrono::Duration::hours(12),
            Step::Day => chrono::Duration::days(1),
        };
        let t = local_from_ms(tz, start).ok()? + step;
        let next = self.start_of(tz, crate::dates::first_instant_at_or_after(tz, t).ok()?)?;
        if next <= start {
            return self.start_of(tz, start + 3_600_000).filter(|n| *n > start);
        }
        Some(next)
    }
}

/// Input of the `bucket_keys` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BucketRangeInput {
    pub granularity: Granularity,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub start_ms: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub end_ms: i64,
    pub time_zone: Option<String>,
}

/// The bucket names of a range, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct BucketKeys(pub Vec<BucketKey>);

/// The `bucket_keys` rule.
pub fn bucket_keys(input: &BucketRangeInput) -> Result<BucketKeys, RuleError> {
    let tz = zone_or_default(input.time_zone.as_deref())?;
    Ok(BucketKeys(
        Grid::new(tz, input.granularity, input.start_ms, input.end_ms)?.keys(),
    ))
}

/// Input of the `bucket_of` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BucketOfInput {
    pub granularity: Granularity,
    /// The instant, UTC epoch ms.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub at: i64,
    pub time_zone: Option<String>,
}

/// The bucket an instant falls in; null for an hour outside 8..=20.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BucketOf {
    pub key: Option<BucketKey>,
}

/// The `bucket_of` rule.
pub fn bucket_of(input: &BucketOfInput) -> Result<BucketOf, RuleError> {
    let tz = zone_or_default(input.time_zone.as_deref())?;
    Ok(BucketOf {
        key: bucket_of_ms(tz, input.granularity, input.at)?,
    })
}

/// An aggregation bucket's key: a number is the UTC epoch ms of the bucket's start (what a
/// `date_histogram` returns); text is a bucket name as [`Grid::key`] writes it.
#[derive(Debug, Clone, PartialEq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum RawBucketKey {
    Ms(#[cfg_attr(feature = "ts", ts(type = "number"))] i64),
    Key(String),
}

/// One aggregation bucket as the analytics API returns it (`{key, doc_count}`; other fields
/// such as `key_as_string` are ignored).
#[derive(Debug, Clone, PartialEq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RawBucket {
    pub key: RawBucketKey,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub doc_count: u64,
}

/// Input of the `shape_buckets` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShapeInput {
    pub granularity: Granularity,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub start_ms: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub end_ms: i64,
    pub time_zone: Option<String>,
    pub buckets: Vec<RawBucket>,
}

/// One point of a chart series.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Point {
    pub key: BucketKey,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub count: u64,
}

/// A chart series: every bucket of the range in order, empty ones at 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChartSeries {
    pub points: Vec<Point>,
    /// Sum of the points.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total: u64,
    /// Documents in input buckets that fall outside the grid (before or after the range, an
    /// hour outside 8..=20, or an unreadable key); `total + outside` is the input's sum.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub outside: u64,
}

/// Turns aggregation buckets into a chart series (001 §7 items 1, 3, 4): each input bucket is
/// added to the bucket its key falls in (several hourly buckets add up into one day, or into
/// one hour of the day), and every bucket of the range is present, empty ones at 0.
pub fn shape(grid: &Grid, buckets: &[RawBucket]) -> ChartSeries {
    let mut counts = vec![0u64; grid.len()];
    let mut outside = 0u64;
    for b in buckets {
        let i = match &b.key {
            RawBucketKey::Ms(ms) => grid.index_of_ms(*ms),
            RawBucketKey::Key(k) => grid.index_of_key(k),
        };
        match i {
            Some(i) => counts[i] = counts[i].saturating_add(b.doc_count),
            None => outside = outside.saturating_add(b.doc_count),
        }
    }
    let total = counts.iter().fold(0u64, |a, c| a.saturating_add(*c));
    ChartSeries {
        points: counts
            .into_iter()
            .enumerate()
            .map(|(i, count)| Point {
                key: grid.key(i),
                count,
            })
            .collect(),
        total,
        outside,
    }
}

/// [`shape`] for buckets given as two columns — bucket start (UTC epoch ms) and document
/// count — instead of one object per bucket: the browser's path for long series, where building
/// and reading ten thousand objects would cost more than the shaping. Returns each grid bucket's
/// count and the documents outside the grid. A start that is not a whole number of milliseconds,
/// or a count that is negative or not whole, is counted as outside (never silently dropped).
#[cfg_attr(switchboard_wasm_size, optimize(speed))]
pub fn shape_columns(grid: &Grid, starts_ms: &[f64], counts: &[f64]) -> (Vec<u64>, u64) {
    let mut out = vec![0u64; grid.len()];
    let mut outside = 0u64;
    for (start, count) in starts_ms.iter().zip(counts) {
        let count = if count.is_finite() && *count >= 0.0 && count.fract() == 0.0 {
            *count as u64
        } else {
            continue;
        };
        let index = (start.is_finite() && start.fract() == 0.0)
            .then(|| grid.index_of_ms(*start as i64))
            .flatten();
        match index {
            Some(i) => out[i] = out[i].saturating_add(count),
            None => outside = outside.saturating_add(count),
        }
    }
    (out, outside)
}

/// The `shape_buckets` rule.
pub fn shape_buckets(input: &ShapeInput) -> Result<ChartSeries, RuleError> {
    let tz = zone_or_default(input.time_zone.as_deref())?;
    let grid = Grid::new(tz, input.granularity, input.start_ms, input.end_ms)?;
    Ok(shape(&grid, &input.buckets))
}

#[cfg(test)]
mod tests;
