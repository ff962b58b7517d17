//! How fast the rules are where speed matters: a form validation on every keystroke, the same
//! call through the registry (what the wasm bindings do), and shaping a long analytics answer
//! into a chart series. Results and the command that reproduces them: `BENCH_RESULTS.md`.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use domain::buckets::{shape, Granularity, Grid, RawBucket, RawBucketKey};
use domain::inputs::BitrixDomain;
use domain::registry::call_json;
use serde_json::json;

const DAY_MS: i64 = 86_400_000;
/// 2000-01-01T00:00:00+05:30 (a Kolkata midnight).
const START: i64 = 946_665_000_000;

fn validation(c: &mut Criterion) {
    c.bench_function("bitrix_domain parse", |b| {
        b.iter(|| BitrixDomain::parse(black_box(" https://Acme.bitrix24.com/ ")))
    });
    let input = json!({ "domain": " https://Acme.bitrix24.com/ " });
    c.bench_function("bitrix_domain via call_json", |b| {
        b.iter_batched(
            || input.clone(),
            |i| call_json(black_box("bitrix_domain"), i),
            BatchSize::SmallInput,
        )
    });
}

fn shaping(c: &mut Criterion) {
    let tz = chrono_tz::Asia::Kolkata;
    // 10 000 daily buckets keyed at each local midnight (India has no DST: 24-hour steps are
    // its midnights), over a 10 000-day range.
    let daily: Vec<RawBucket> = (0..10_000)
        .map(|i| RawBucket {
            key: RawBucketKey::Ms(START + i * DAY_MS),
            doc_count: (i % 17) as u64,
        })
        .collect();
    let day_grid = Grid::new(tz, Granularity::Day, START, START + 10_000 * DAY_MS - 1)
        .expect("a valid benchmark range");
    c.bench_function("shape 10k daily buckets into days", |b| {
        b.iter(|| shape(black_box(&day_grid), black_box(&daily)))
    });
    // 10 000 hourly buckets (a 1-hour histogram over ~417 days) into hour-of-day 8..=20.
    let hourly: Vec<RawBucket> = (0..10_000)
        .map(|i| RawBucket {
            key: RawBucketKey::Ms(START + i * 3_600_000),
            doc_count: (i % 5) as u64,
        })
        .collect();
    let hour_grid = Grid::new(
        tz,
        Granularity::HourOfDay,
        START,
        START + 10_000 * 3_600_000 - 1,
    )
    .expect("a valid benchmark range");
    c.bench_function("shape 10k hourly buckets into hour of day", |b| {
        b.iter(|| shape(black_box(&hour_grid), black_box(&hourly)))
    });
    // The same hourly answer into daily totals in a zone with DST.
    let ny = chrono_tz::America::New_York;
    let ny_grid = Grid::new(ny, Granularity::Day, START, START + 10_000 * 3_600_000 - 1)
        .expect("a valid benchmark range");
    c.bench_function("shape 10k hourly buckets into New York days", |b| {
        b.iter(|| shape(black_box(&ny_grid), black_box(&hourly)))
    });
    // Through the registry, JSON in and out (what the browser pays per chart).
    let input = json!({
        "granularity": "day", "startMs": START, "endMs": START + 10_000 * DAY_MS - 1,
        "timeZone": "Asia/Kolkata",
        "buckets": (0..10_000).map(|i| json!({"key": START + i * DAY_MS, "doc_count": i % 17})).collect::<Vec<_>>(),
    });
    c.bench_function("shape_buckets via call_json, 10k daily", |b| {
        b.iter_batched(
            || input.clone(),
            |i| call_json("shape_buckets", i),
            BatchSize::LargeInput,
        )
    });
}

criterion_group!(benches, validation, shaping);
criterion_main!(benches);
