//! Benchmark of scheduled-message delivery (issue #18), run by `just bench-scheduler`: on SQLite
//! and on PostgreSQL, one server process; `BENCH_SENDS` sends (default 10 000) all due in the
//! same minute, spread over `BENCH_USERS` people (default 100, each their own extension), are
//! claimed through the API — every extension claiming at once, 500 at a time, until nothing is
//! left. The figure is how long after their time the last send was handed out (target: 5 s),
//! and the same for one person holding all of them. Figures go to docs/BENCHMARKS.md.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use serde_json::{json, Value};
use std::time::Instant;
use testkit::{env_num, spawn_app, Backend, TestApp, WithSession};

/// Stores `n` one-off schedules of `user_id` whose sends are due at `due` (the setup, not
/// measured: straight into the store).
async fn schedules(app: &TestApp, user_id: i64, n: usize, due: i64) {
    for i in 0..n {
        store::manage::insert_schedule(
            &app.store,
            store::entity::manage::schedule::Model {
                id: 0,
                org_id: 0,
                owner_id: user_id,
                recipient: "+12125550123".into(),
                message: format!("Reminder {i}"),
                start_local: "2026-01-01T09:00".into(),
                time_zone: "UTC".into(),
                every: None,
                unit: None,
                stop_after: None,
                missed_policy: "send_late".into(),
                cancel_if_replied: false,
                status: "active".into(),
                created_at: due,
                updated_at: due,
                attachment_key: None,
                attachment_name: None,
                attachment_type: None,
                attachment_size: None,
            },
            due,
        )
        .await
        .unwrap();
    }
}

/// One extension claiming until nothing is left: how many it got.
async fn drain(client: reqwest::Client, url: String, session: String) -> usize {
    let mut got = 0;
    loop {
        let answer: Value = client
            .post(&url)
            .session(&session)
            .json(&json!({ "limit": 500, "lease_seconds": 600 }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let n = answer["sends"].as_array().map_or(0, Vec::len);
        if n == 0 {
            return got;
        }
        got += n;
    }
}

async fn run(backend: Backend, sends: usize, users: usize) {
    let app = spawn_app(backend).await.unwrap();
    let mut sessions = Vec::with_capacity(users);
    for u in 0..users {
        sessions.push(app.sign_in_with_id(&format!("ext{u}@sched.test")).await);
    }
    let due = app.clock.now_ms() + 60_000;
    for (_, id) in &sessions {
        schedules(&app, *id, sends / users, due).await;
    }
    // The minute comes.
    app.clock.advance(60_000);
    let started = Instant::now();
    let mut claimers = tokio::task::JoinSet::new();
    for (s, _) in &sessions {
        claimers.spawn(drain(
            app.client.clone(),
            app.url("/api/v2/schedules/claim"),
            s.clone(),
        ));
    }
    let mut claimed = 0;
    while let Some(n) = claimers.join_next().await {
        claimed += n.unwrap();
    }
    let spread = started.elapsed();
    assert_eq!(claimed, sends / users * users, "every send handed out once");

    // One person with all of them.
    let (solo, solo_id) = app.sign_in_with_id("solo@sched.test").await;
    let due = app.clock.now_ms() + 60_000;
    schedules(&app, solo_id, sends, due).await;
    app.clock.advance(60_000);
    let started = Instant::now();
    let one = drain(
        app.client.clone(),
        app.url("/api/v2/schedules/claim"),
        solo.clone(),
    )
    .await;
    let single = started.elapsed();
    assert_eq!(one, sends);
    println!(
        "{backend:?}: {sends} sends due in one minute — {users} extensions claiming at once: last handed out {:.2} s after their time ({:.0} sends/s); one extension: {:.2} s ({:.0} sends/s)",
        spread.as_secs_f64(),
        claimed as f64 / spread.as_secs_f64(),
        single.as_secs_f64(),
        one as f64 / single.as_secs_f64(),
    );
}

#[tokio::main]
async fn main() {
    let sends = env_num("BENCH_SENDS", 10_000);
    let users = env_num("BENCH_USERS", 100);
    run(Backend::Sqlite, sends, users).await;
    if testkit::postgres_available().await {
        run(Backend::Postgres, sends, users).await;
    } else {
        println!("PostgreSQL not reachable: skipped");
    }
}
