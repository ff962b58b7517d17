//! Benchmark of the dashboards' analytics (issue #6), run by `just bench-analytics`: generates
//! call logs for 200 users over 180 days (1 000 000 by default, `BENCH_ROWS` to change), then
//! times the queries a 30-day dashboard runs — overview, active hours, daily comparison — on
//! SQLite and on PostgreSQL (median of `BENCH_RUNS`, default 9), and the ingestion throughput
//! through the HTTP API (batches of 1 000 events). Figures go to docs/BENCHMARKS.md.
//! `BENCH_DB=sqlite|postgres` runs one database only; `BENCH_KEEP=1` keeps the generated
//! PostgreSQL database (its name is printed) for looking at query plans by hand.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use domain::events::CallEvent;
use serde_json::json;
use std::time::{Duration, Instant};
use store::analytics::{self as a, CallTime};
use store::sea_orm::ConnectionTrait;
use testkit::WithSession;
use testkit::{env_num, spawn_app, Backend, TestApp};

const USERS: i64 = 200;
const DAYS: i64 = 180;
const DAY_MS: i64 = 86_400_000;
/// 2026-11-01T00:00:00Z: the end of the generated period.
const END: i64 = 1_793_491_200_000;

/// Deterministic events: xorshift, office-hours weighted, users spread evenly.
fn generate(rows: usize, first_user: i64) -> Vec<CallEvent> {
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let start = END - DAYS * DAY_MS;
    (0..rows)
        .map(|i| {
            let day = (next() % DAYS as u64) as i64;
            // 03:30Z..15:30Z is 09:00..21:00 in Kolkata.
            let at = start + day * DAY_MS + 12_600_000 + (next() % 43_200_000) as i64;
            let direction = [1, 2, 2, 3, 5][(next() % 5) as usize];
            let duration = if direction <= 2 {
                (next() % 900) as i64
            } else {
                0
            };
            CallEvent {
                event_id: format!("b{i}"),
                user_id: first_user + (i as i64 % USERS),
                chat_id: format!("91{:010}@c.us", next() % 5_000),
                direction,
                duration_s: duration,
                occurred_at: at,
                created_at: at + 60_000,
                updated_at: at + 60_000,
            }
        })
        .collect()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

async fn time<F, Fut>(runs: usize, mut f: F) -> Duration
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    f().await; // warm the cache once
    let mut all = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        f().await;
        all.push(t.elapsed());
    }
    median(all)
}

async fn org_for(app: &TestApp) -> (String, i64, i64) {
    let org = app
        .organisation_with("bench@analytics.test", json!({ "org_name": "Bench" }))
        .await;
    (org.admin, org.org_id, org.workspace_id)
}

async fn bench(backend: Backend, rows: usize, runs: usize) {
    let app = spawn_app(backend).await.unwrap();
    let (token, org_id, me) = org_for(&app).await;
    let st = &app.store;

    // Load.
    let events = generate(rows, 1_000);
    let t = Instant::now();
    for chunk in events.chunks(10_000) {
        a::insert_calls(st, org_id, chunk, END).await.unwrap();
    }
    let load = t.elapsed();
    drop(events);
    let users: Vec<i64> = (1_000..1_000 + USERS).collect();
    let (s, e) = (END - 30 * DAY_MS, END - 1);
    let (ps, pe) = (s - 30 * DAY_MS, s - 1);
    let w = |start, end| a::Window {
        org_id,
        users: &users,
        start,
        end,
    };
    let (now, before, at) = (w(s, e), w(ps, pe), CallTime::Occurred);

    // What the overview endpoint runs.
    let overview = time(runs, || async {
        a::call_overview_with_uniques(st, now, at).await.unwrap();
    })
    .await;
    let grouped = time(runs, || async {
        a::call_overview(st, now, at).await.unwrap();
    })
    .await;
    // Active hours: quarter-hour slots of calls and messages.
    let hours = time(runs, || async {
        a::call_slots(st, now, at).await.unwrap();
        a::message_slots(st, now).await.unwrap();
    })
    .await;
    // Comparison: totals and days of both periods, all at once as the handler does.
    let comparison = time(runs, || async {
        tokio::try_join!(
            a::call_overview_with_uniques(st, now, at),
            a::call_overview_with_uniques(st, before, at),
            a::call_slots(st, now, at),
            a::call_slots(st, before, at),
        )
        .unwrap();
    })
    .await;
    let in_range = a::call_overview(st, now, at)
        .await
        .unwrap()
        .iter()
        .map(|r| r.count)
        .sum::<i64>();

    // Ingestion through the API: batches of 1 000 for the signed-in member.
    let batches = env_num("BENCH_BATCHES", 40);
    let bodies: Vec<serde_json::Value> = (0..batches)
        .map(|b| {
            let evs: Vec<serde_json::Value> = (0..1_000)
                .map(|i| {
                    json!({ "id": format!("http-{b}-{i}"), "Datetime": END - (i as i64) * 60_000,
                            "Direction": 2, "Duration": 30, "Chatid": format!("c{i}@c.us"),
                            "CreatedByUser": me })
                })
                .collect();
            json!({ "org_id": org_id, "events": evs })
        })
        .collect();
    let t = Instant::now();
    for body in &bodies {
        let res = app
            .client
            .post(app.url("/api/v2/events/calls"))
            .session(&token)
            .json(body)
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "{}", res.status());
    }
    let ingest = t.elapsed();
    // Four extension clients at once.
    let t = Instant::now();
    let mut tasks = Vec::new();
    for chunk in bodies.chunks(batches.div_ceil(4)) {
        let client = app.client.clone();
        let url = app.url("/api/v2/events/calls");
        let token = token.clone();
        let chunk: Vec<serde_json::Value> = chunk
            .iter()
            .map(|b| {
                let mut b = b.clone();
                for ev in b["events"].as_array_mut().unwrap() {
                    let id = ev["id"].as_str().unwrap().replace("http", "par");
                    ev["id"] = json!(id);
                }
                b
            })
            .collect();
        tasks.push(tokio::spawn(async move {
            for body in chunk {
                let res = client
                    .post(&url)
                    .session(&token)
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                assert!(res.status().is_success());
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let ingest4 = t.elapsed();

    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let n = (batches * 1_000) as f64;
    println!(
        "{backend:?}: {rows} rows loaded in {:.1} s; 30-day range = {in_range} rows; \
         median of {runs}: overview {:.1} ms (grouped part {:.1} ms), active hours {:.1} ms, \
         comparison {:.1} ms; ingestion {:.0} events/s sequential, {:.0} events/s with 4 clients",
        load.as_secs_f64(),
        ms(overview),
        ms(grouped),
        ms(hours),
        ms(comparison),
        n / ingest.as_secs_f64(),
        n / ingest4.as_secs_f64(),
    );
    if std::env::var("BENCH_KEEP").is_ok_and(|v| v == "1") {
        // Keep the generated database for EXPLAIN ANALYZE by hand (org id printed).
        if backend == Backend::Postgres {
            let db = st.conn();
            let name = db
                .query_one(store::sea_orm::Statement::from_string(
                    db.get_database_backend(),
                    "SELECT current_database() AS name",
                ))
                .await
                .unwrap()
                .unwrap()
                .try_get::<String>("", "name")
                .unwrap();
            println!("kept PostgreSQL database {name}, organisation {org_id}");
        }
        std::mem::forget(app);
    }
}

#[tokio::main]
async fn main() {
    let rows = env_num("BENCH_ROWS", 1_000_000);
    let runs = env_num("BENCH_RUNS", 9);
    // `BENCH_DB=sqlite` or `postgres` runs one database only.
    let only = std::env::var("BENCH_DB").unwrap_or_default();
    if only != "postgres" {
        bench(Backend::Sqlite, rows, runs).await;
    }
    if only == "sqlite" {
        return;
    }
    if testkit::postgres_available().await {
        bench(Backend::Postgres, rows, runs).await;
    } else {
        println!("Postgres: not reachable, skipped");
    }
}
