//! Killing the server between two batches loses nothing and duplicates nothing (issue #6): the
//! real `switchboard` binary takes batch 1, is killed with SIGKILL, starts again on the same
//! database, takes batch 2 and batch 1 again; every event is stored exactly once and the
//! ingestion rollups equal a recomputation from the raw rows.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};
use testkit::process::{ServerProcess, TestDatabase};
use testkit::Backend;

const BIN: &str = env!("CARGO_BIN_EXE_switchboard");
/// 2026-11-10T00:00:00Z.
const DAY0: i64 = 1_794_268_800_000;
const DAY_MS: i64 = 86_400_000;

/// `n` call events of `users`, ids `{prefix}-{i}`, over two days, with repeated chats (so the
/// distinct counts differ from the counts) and several calls per quarter hour.
fn batch(prefix: &str, n: usize, users: &[i64]) -> Vec<Value> {
    (0..n)
        .map(|i| {
            let at = DAY0 + (i as i64 * 7_919_000) % (2 * DAY_MS);
            let direction = [1, 2, 3, 5][i % 4];
            json!({
                "id": format!("{prefix}-{i}"), "Datetime": at, "Direction": direction,
                "Duration": if direction <= 2 { (i % 300) as i64 } else { 0 },
                "Chatid": format!("91{:010}@c.us", i % 37),
                "CreatedByUser": users[i % users.len()].to_string(),
                "createdAt": at + 30_000, "updatedAt": at + 30_000
            })
        })
        .collect()
}

async fn send(server: &ServerProcess, token: &str, org_id: i64, events: &[Value]) -> u64 {
    let mut stored = 0;
    for chunk in events.chunks(200) {
        let v = server
            .post_ok(
                token,
                "/api/v2/events/calls",
                json!({ "org_id": org_id, "events": chunk }),
            )
            .await;
        assert_eq!(v["data"]["rejected"], json!([]), "{v}");
        stored += v["data"]["stored"].as_u64().unwrap();
    }
    stored
}

async fn killing_the_server_between_batches_stores_every_event_once(backend: Backend) {
    let db = TestDatabase::create(backend).await.unwrap();
    let mut server = ServerProcess::start_bin(BIN, db.url(), &[]).await.unwrap();

    let admin = server.sign_in("admin@restart.test").await.unwrap();
    let org = server
        .post_ok(
            &admin,
            "/api/v1/whatzapp/organizations",
            json!({ "org_name": "Restart", "time_zone": "Asia/Kolkata" }),
        )
        .await;
    let org_id = org["data"]["org_id"].as_i64().unwrap();
    let added = server
        .post_ok(
            &admin,
            "/api/v1/whatzapp/employees",
            json!({ "org_id": org_id, "employees": [
            { "email": "member@restart.test", "role_id": 3, "team_id": null }
        ] }),
        )
        .await;
    let member = added["data"]["employees"][0]["user_id"].as_i64().unwrap();
    // The member signs in once (an invited member's calls count after they joined).
    server.sign_in("member@restart.test").await.unwrap();
    let store = store::Store::connect(db.url()).await.unwrap();
    let admin_id = store::accounts::find_user_by_email(&store, "admin@restart.test")
        .await
        .unwrap()
        .unwrap()
        .id;
    let users = [admin_id, member];

    let one = batch("one", 700, &users);
    let two = batch("two", 500, &users);
    assert_eq!(send(&server, &admin, org_id, &one).await, 700);

    server.kill().unwrap();
    assert!(server
        .client
        .get(server.url("/api/health"))
        .send()
        .await
        .is_err());
    server.restart().await.unwrap();

    // The session survives the restart (it is in the database).
    assert_eq!(send(&server, &admin, org_id, &two).await, 500);
    assert_eq!(
        send(&server, &admin, org_id, &one).await,
        0,
        "batch 1 resent"
    );

    // The raw table holds each event once.
    let (calls, _) = store::analytics::event_counts(&store, org_id)
        .await
        .unwrap();
    assert_eq!(calls, 1_200);

    // The overview endpoint counts each event once, over the two days in Kolkata.
    let v = server
        .get_ok(
            &admin,
            &format!(
            "/api/v1/analytics/overview?org_id={org_id}&start_date=2026-11-09&end_date=2026-11-12"
        ),
        )
        .await;
    let total: i64 = v["data"]["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            ["incoming", "outgoing", "missed", "rejected"]
                .iter()
                .map(|d| u[d]["total_count"].as_i64().unwrap())
                .sum::<i64>()
        })
        .sum();
    assert_eq!(total, 1_200, "{v}");
    // The rollups kept at ingestion equal a recomputation from the raw rows.
    let drift = store::analytics::rollup_drift(&store, org_id)
        .await
        .unwrap();
    assert!(
        drift.is_empty(),
        "rollups differ from the events: {drift:?}"
    );

    server.kill().unwrap();
    store.close().await.unwrap();
}

#[tokio::test]
async fn killing_the_server_between_batches_stores_every_event_once_on_sqlite() {
    killing_the_server_between_batches_stores_every_event_once(Backend::Sqlite).await;
}

#[tokio::test]
async fn killing_the_server_between_batches_stores_every_event_once_on_postgres() {
    if !testkit::postgres_available().await {
        return;
    }
    killing_the_server_between_batches_stores_every_event_once(Backend::Postgres).await;
}
