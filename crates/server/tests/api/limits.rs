//! The limits on what strangers can ask for, each attack reproduced over real HTTP (issue #23):
//! concurrent operator sign-ins never pass the lock-out, a crowd of sign-ins for unknown
//! addresses neither grows the process past +300 MB nor stops it serving, the caller is the
//! entry our own proxy wrote (IPv6 by its /64), sign-in codes stop at the daily cap, and error
//! reports are bounded in size and rate.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::admin::{add_admin, sign_in_from, PASSWORD};
use reqwest::Client;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use store::entity::operator::{admin_session, login_attempt};
use store::sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use testkit::process::{ServerProcess, TestDatabase};
use testkit::{db_test, Backend, TestApp};

/// One trusted proxy: the caller is the last `X-Forwarded-For` entry.
fn behind_a_proxy(c: &mut server::config::Config) {
    c.trusted_proxy_hops = 1;
}

/// One operator sign-in from `client` (as `X-Forwarded-For`): status, body, whether a session
/// cookie was set.
async fn attempt(
    client: Client,
    url: String,
    email: String,
    password: String,
    from: String,
) -> (u16, Value, bool) {
    let (status, body, cookie) = sign_in_from(client, url, email, password, from).await;
    (status, body, cookie.is_some())
}

fn sign_in(
    app: &TestApp,
    email: &str,
    password: &str,
    from: &str,
) -> impl std::future::Future<Output = (u16, Value, bool)> {
    attempt(
        app.client.clone(),
        app.url("/api/admin/session"),
        email.to_owned(),
        password.to_owned(),
        from.to_owned(),
    )
}

async fn failures_of(app: &TestApp, email: &str) -> u64 {
    login_attempt::Entity::find()
        .filter(login_attempt::Column::Email.eq(email))
        .filter(login_attempt::Column::Ok.eq(false))
        .count(app.store.conn())
        .await
        .unwrap()
}

async fn health(client: &Client, base: &str) -> u16 {
    client
        .get(format!("{base}/api/health"))
        .send()
        .await
        .map_or(0, |r| r.status().as_u16())
}

db_test!(
    thirty_concurrent_operator_attempts_with_the_right_password_last_never_succeed_past_the_limit,
    config = behind_a_proxy,
    |app| async move {
        add_admin(&app, "ops@example.com").await;
        // 29 wrong guesses at once, each from its own client (only the address's limit of 5
        // is in play).
        let wrong: Vec<_> = (0..29)
            .map(|i| {
                tokio::spawn(sign_in(
                    &app,
                    "ops@example.com",
                    &format!("guess {i}"),
                    &format!("203.0.113.{}", i + 1),
                ))
            })
            .collect();
        // The right password comes last, while the guesses are still in flight: once more
        // failures than the limit are on record.
        let deadline = Instant::now() + Duration::from_secs(10);
        while failures_of(&app, "ops@example.com").await <= 5 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let (status, body, cookie) =
            sign_in(&app, "ops@example.com", PASSWORD, "198.51.100.77").await;
        assert_eq!(status, 401, "{body}");
        assert_eq!(body["error"]["code"], "invalid_login_credentials");
        assert!(!cookie);
        for task in wrong {
            let (status, body, cookie) = task.await.unwrap();
            assert!(matches!(status, 401 | 429), "{status} {body}");
            assert!(body["error"]["code"].is_string(), "{body}");
            assert!(!cookie);
        }
        let sessions = admin_session::Entity::find()
            .count(app.store.conn())
            .await
            .unwrap();
        assert_eq!(sessions, 0, "no attempt signed in");
        // An address longer than any column answers like any failure.
        let long = format!("{}@example.com", "a".repeat(400));
        let (status, body, _) = sign_in(&app, &long, PASSWORD, "198.51.100.78").await;
        assert_eq!(status, 401, "{body}");
        // The server lives on, and the right password works once the window has passed.
        assert_eq!(health(&app.client, &app.base).await, 200);
        app.clock.advance(15 * 60 * 1000 + 1);
        let (status, body, cookie) =
            sign_in(&app, "ops@example.com", PASSWORD, "198.51.100.77").await;
        assert_eq!(status, 200, "{body}");
        assert!(cookie);
    }
);

db_test!(
    the_caller_is_the_entry_our_proxy_wrote_and_ipv6_callers_count_by_their_slash_64,
    config = behind_a_proxy,
    |app| async move {
        add_admin(&app, "ops@example.com").await;
        // Twenty failures from one client, each time writing another "first" address: the
        // proxy's entry is what counts, so the client is refused.
        for i in 0..20 {
            sign_in(
                &app,
                &format!("guess{i}@example.com"),
                "x",
                &format!("10.9.8.{i}, 192.0.2.9"),
            )
            .await;
        }
        let (status, ..) = sign_in(&app, "ops@example.com", PASSWORD, "1.1.1.1, 192.0.2.9").await;
        assert_eq!(status, 401, "a client-written first entry changes nothing");
        // Twenty failures from twenty addresses of one IPv6 /64 lock that /64 …
        for i in 0..20 {
            sign_in(
                &app,
                &format!("v6guess{i}@example.com"),
                "x",
                &format!("2001:db8:1:2::{:x}", i + 1),
            )
            .await;
        }
        let (status, ..) = sign_in(&app, "ops@example.com", PASSWORD, "2001:db8:1:2:ffff::1").await;
        assert_eq!(status, 401, "the same /64 is the same client");
        // … and not the next one.
        let (status, body, _) = sign_in(&app, "ops@example.com", PASSWORD, "2001:db8:1:3::1").await;
        assert_eq!(status, 200, "{body}");
    }
);

/// VmRSS of the server process, in KiB.
fn rss(server: &ServerProcess) -> u64 {
    server.rss_kib().expect("/proc/<pid>/status VmRSS")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_concurrent_operator_sign_ins_for_unknown_addresses_keep_the_server_under_300_mb_more_and_serving(
) {
    let db = TestDatabase::create(Backend::Sqlite).await.unwrap();
    let server = ServerProcess::start_bin(
        env!("CARGO_BIN_EXE_switchboard"),
        db.url(),
        &[("SWITCHBOARD_TRUSTED_PROXY_HOPS", "1")],
    )
    .await
    .unwrap();
    let client = Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    let url = server.url("/api/admin/session");
    // One attempt first, so the process has taken its steady memory (one check's block).
    attempt(
        client.clone(),
        url.clone(),
        "warm@example.com".into(),
        "x".into(),
        "192.0.2.1".into(),
    )
    .await;
    let before = rss(&server);
    let started = Instant::now();
    let tasks: Vec<_> = (0..100)
        .map(|i| {
            tokio::spawn(attempt(
                client.clone(),
                url.clone(),
                format!("unknown{i}@example.com"),
                "not the password".into(),
                format!("198.51.{}.{}", i / 200, i % 200 + 1),
            ))
        })
        .collect();
    let mut peak = before;
    let mut served_meanwhile = false;
    while tasks.iter().any(|t| !t.is_finished()) {
        peak = peak.max(rss(&server));
        if !served_meanwhile {
            served_meanwhile = health(&client, server.base_url()).await == 200;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut by_status = std::collections::BTreeMap::<u16, usize>::new();
    for t in tasks {
        let (status, body, cookie) = t.await.unwrap();
        assert!(matches!(status, 401 | 429), "{status} {body}");
        assert!(body["error"]["code"].is_string(), "{body}");
        assert!(!cookie);
        *by_status.entry(status).or_default() += 1;
    }
    peak = peak.max(rss(&server));
    println!(
        "100 sign-ins in {:?}: {by_status:?}; RSS {} MB before, peak {} MB",
        started.elapsed(),
        before / 1024,
        peak / 1024
    );
    assert!(
        peak - before < 300 * 1024,
        "RSS grew by {} MB",
        (peak - before) / 1024
    );
    assert!(served_meanwhile, "/api/health answered while they ran");
    assert_eq!(health(&client, server.base_url()).await, 200);
}

/// Asks for a sign-in code for `email`; the status and body.
async fn ask_code(app: &TestApp, email: &str) -> (u16, Value) {
    app.call(
        reqwest::Method::POST,
        "/api/auth/code",
        None,
        Some(json!({ "email": email })),
    )
    .await
}

db_test!(
    sign_in_codes_stop_at_the_daily_cap_per_address_and_the_last_code_still_works,
    |app| async move {
        let email = "someone@example.com";
        for i in 0..10 {
            let (status, body) = ask_code(&app, email).await;
            assert_eq!(status, 200, "code {i}: {body}");
            app.clock.advance(61_000);
        }
        let (status, body) = ask_code(&app, email).await;
        assert_eq!(status, 429, "{body}");
        assert_eq!(body["error"]["code"], "daily_limit_reached");
        // Another address is not affected; the refused request retired nothing.
        let (status, _) = ask_code(&app, "other@example.com").await;
        assert_eq!(status, 200);
        let code = app.latest_code(email).await.unwrap();
        app.expect(
            200,
            reqwest::Method::POST,
            "/api/auth/verify",
            None,
            Some(json!({ "email": email, "code": code })),
        )
        .await;
        // A day after the first code, codes are sent again.
        app.clock.advance(24 * 60 * 60 * 1000 - 10 * 61_000 + 1);
        let (status, body) = ask_code(&app, email).await;
        assert_eq!(status, 200, "{body}");
    }
);

db_test!(
    twenty_concurrent_code_requests_for_one_address_never_pass_the_daily_cap,
    |app| async move {
        let email = "burst@example.com";
        let tasks: Vec<_> = (0..20)
            .map(|_| {
                let req = app
                    .client
                    .post(app.url("/api/auth/code"))
                    .json(&json!({ "email": email }));
                tokio::spawn(async move { req.send().await.unwrap().status().as_u16() })
            })
            .collect();
        let mut sent = 0;
        for t in tasks {
            let status = t.await.unwrap();
            assert!(matches!(status, 200 | 429), "{status}");
            sent += usize::from(status == 200);
        }
        let stored = store::entity::login_code::Entity::find()
            .filter(store::entity::login_code::Column::Email.eq(email))
            .count(app.store.conn())
            .await
            .unwrap();
        assert!(sent <= 10 && stored <= 10, "{sent} sent, {stored} stored");
        assert_eq!(health(&app.client, &app.base).await, 200);
    }
);

/// Posts an error report from `from`; the status and the body.
async fn report(app: &TestApp, from: &str, body: reqwest::Body, json_type: bool) -> (u16, Value) {
    let req = app
        .client
        .post(app.url("/api/client-errors"))
        .header("X-Forwarded-For", from)
        .header(
            "content-type",
            if json_type {
                "application/json"
            } else {
                "text/plain"
            },
        )
        .body(body);
    testkit::send_json(req).await
}

fn a_report(message: &str) -> reqwest::Body {
    json!({ "message": message, "path": "/organization" })
        .to_string()
        .into()
}

db_test!(
    error_reports_are_bounded_in_size_and_rate_per_client,
    config = behind_a_proxy,
    |app| async move {
        // Ten a minute from one client; the eleventh is refused, another client is not.
        for i in 0..10 {
            let (status, body) = report(
                &app,
                "203.0.113.5",
                a_report(&format!("boom {i}\nFAKE ERROR line")),
                true,
            )
            .await;
            assert_eq!(status, 204, "{i}: {body}");
        }
        let (status, body) = report(&app, "203.0.113.5", a_report("again"), true).await;
        assert_eq!(status, 429, "{body}");
        assert_eq!(body["error"]["code"], "rate_limited");
        let (status, _) = report(&app, "203.0.113.6", a_report("other"), true).await;
        assert_eq!(status, 204);
        // Over 16 KiB, or not JSON: refused in the error shape.
        let big = "x".repeat(17 * 1024);
        let (status, body) = report(&app, "203.0.113.7", a_report(&big), true).await;
        assert_eq!(status, 413, "{body}");
        assert_eq!(body["error"]["code"], "payload_too_large");
        let (status, body) = report(&app, "203.0.113.8", a_report("x"), false).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["error"]["code"], "malformed_body");
        // A minute later the first client may report again; the server serves throughout.
        app.clock.advance(60_000);
        let (status, _) = report(&app, "203.0.113.5", a_report("later"), true).await;
        assert_eq!(status, 204);
        assert_eq!(health(&app.client, &app.base).await, 200);
    }
);
