//! Benchmark of the sync engine (issue #7), run by `just bench-sync`: on SQLite and on
//! PostgreSQL, one server process with its worker delivers chat messages to a local webhook
//! receiver (signed, as in production). Two phases: a burst of `BENCH_MESSAGES` (default
//! 10 000) queued at once — sustained deliveries per second from the first queued to the last
//! delivered; then a steady 200 messages per second for 10 s — queue latency (message
//! acknowledged by the ingestion API → received by the endpoint), p50 and p99. Figures go to
//! docs/BENCHMARKS.md.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use testkit::receiver::{Mode, WebhookReceiver};
use testkit::WithSession;
use testkit::{env_num, spawn_app_with, Backend, TestApp};

async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    let res = app
        .client
        .post(app.url(path))
        .session(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap()
}

fn events(from: usize, n: usize, user: i64, now: i64) -> Vec<Value> {
    (from..from + n)
        .map(|i| {
            json!({
                "MessageId": format!("b-{i}"), "Message": format!("benchmark message {i}"),
                "Chatid": format!("9198{:08}@c.us", i % 500), "Datetime": now - 60_000,
                "Direction": if i % 2 == 0 { "INCOMING" } else { "OUTGOING" },
                "CreatedByUser": user.to_string(), "senderName": "Bench"
            })
        })
        .collect()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

async fn run(backend: Backend, burst: usize) {
    let hook = WebhookReceiver::start(Mode::Accept).await.unwrap();
    let t0 = Instant::now();
    let addr = hook.addr;
    let app = spawn_app_with(backend, |c| c.address_allow.push(addr))
        .await
        .unwrap();
    let email = "bench@sync.test";
    let token = app.sign_in(email).await.unwrap();
    let org = post(
        &app,
        &token,
        "/api/v1/whatzapp/organizations",
        json!({ "org_name": "Bench" }),
    )
    .await;
    let org_id = org["data"]["org_id"].as_i64().unwrap();
    let user = store::accounts::find_user_by_email(&app.store, email)
        .await
        .unwrap()
        .unwrap()
        .id;
    post(
        &app,
        &token,
        "/api/v1/whatzapp/webhook/endpoints",
        json!({ "org_id": org_id, "duplex_webhook": hook.url(), "status": 1 }),
    )
    .await;
    let now = chrono::Utc::now().timestamp_millis();

    // Burst: everything queued, then delivered as fast as the worker goes.
    let start = Instant::now();
    for from in (0..burst).step_by(1_000) {
        let n = 1_000.min(burst - from);
        let body = json!({ "org_id": org_id, "events": events(from, n, user, now) });
        post(&app, &token, "/api/v2/events/messages", body).await;
    }
    let queued = start.elapsed();
    assert!(
        hook.wait_for(Duration::from_secs(600), |h| h.len() >= burst)
            .await
    );
    let took = start.elapsed();
    let rate = burst as f64 / took.as_secs_f64();

    // Steady: 20 messages every 100 ms for 10 s; latency from the API's answer to receipt.
    let before = hook.count();
    let mut acked: Vec<(usize, Duration)> = Vec::new();
    let steady = 2_000;
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    for k in 0..steady / 20 {
        tick.tick().await;
        let from = burst + k * 20;
        let body = json!({ "org_id": org_id, "events": events(from, 20, user, now) });
        post(&app, &token, "/api/v2/events/messages", body).await;
        acked.push((from, t0.elapsed()));
    }
    assert!(
        hook.wait_for(Duration::from_secs(120), |h| h.len() >= before + steady)
            .await
    );
    let hits = hook.hits();
    let mut latencies: Vec<f64> = Vec::new();
    for h in &hits[before..] {
        let body: Value = serde_json::from_str(&h.body).unwrap();
        let n: usize = body["MessageId"].as_str().unwrap()[2..].parse().unwrap();
        let (_, ack) = acked.iter().rev().find(|(from, _)| *from <= n).unwrap();
        latencies.push((h.at.as_secs_f64() - ack.as_secs_f64()) * 1000.0);
    }
    latencies.sort_by(|a, b| a.total_cmp(b));
    println!(
        "{backend:?}: burst of {burst}: queued in {:.2} s, delivered in {:.2} s = {rate:.0} deliveries/s; \
         steady 200/s: queue latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} messages)",
        queued.as_secs_f64(),
        took.as_secs_f64(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or(f64::NAN),
        latencies.len()
    );
}

#[tokio::main]
async fn main() {
    let burst = env_num("BENCH_MESSAGES", 10_000);
    run(Backend::Sqlite, burst).await;
    if testkit::postgres_available().await {
        run(Backend::Postgres, burst).await;
    }
}
