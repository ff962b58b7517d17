//! Two replicas on one PostgreSQL share the sync queue (issue #7): 1 000 chat messages ingested
//! through one `switchboard` process reach the webhook receiver once each (by `webhook-id`, the
//! receiver's idempotency key) while both processes deliver, even though the first is killed
//! with SIGKILL midway; the survivor takes over the killed one's leased jobs when their lease
//! ends, and at most the killed worker's in-flight deliveries are ever sent twice.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use testkit::process::{ServerProcess, TestDatabase};
use testkit::receiver::{Mode, WebhookReceiver};
use testkit::Backend;

const BIN: &str = env!("CARGO_BIN_EXE_switchboard");
const MESSAGES: usize = 1_000;
/// Deliveries one worker makes at once: the most a killed worker can leave half-done.
const CONCURRENCY: usize = 8;

async fn job_counts(db_url: &str) -> HashMap<String, i64> {
    use store::sea_orm::{ConnectionTrait, Statement};
    let store = store::Store::connect(db_url).await.unwrap();
    let db = store.conn();
    let rows = db
        .query_all(Statement::from_string(
            db.get_database_backend(),
            "SELECT status, COUNT(*) AS n FROM sync_jobs GROUP BY status",
        ))
        .await
        .unwrap();
    let out = rows
        .iter()
        .map(|r| {
            (
                r.try_get::<String>("", "status").unwrap(),
                r.try_get::<i64>("", "n").unwrap(),
            )
        })
        .collect();
    store.close().await.unwrap();
    out
}

#[tokio::test]
async fn two_replicas_deliver_a_thousand_messages_once_each_with_one_killed_midway() {
    if !testkit::postgres_available().await {
        return;
    }
    let hook = WebhookReceiver::start(Mode::Accept).await.unwrap();
    // A real endpoint takes a moment; it also keeps deliveries in flight when the kill comes.
    hook.set_delay(Duration::from_millis(15));
    let db = TestDatabase::create(Backend::Postgres).await.unwrap();
    let allow = format!("[\"{}\"]", hook.addr);
    let concurrency = CONCURRENCY.to_string();
    let envs = [
        ("SWITCHBOARD_ADDRESS_ALLOW", allow.as_str()),
        ("SWITCHBOARD_SYNC__CONCURRENCY", concurrency.as_str()),
        ("SWITCHBOARD_SYNC__POLL_MS", "50"),
        ("SWITCHBOARD_SYNC__LEASE_MS", "3000"),
        ("SWITCHBOARD_SYNC__BACKOFF_BASE_MS", "100"),
    ];
    let mut first = ServerProcess::start_bin(BIN, db.url(), &envs)
        .await
        .unwrap();
    let second = ServerProcess::start_bin(BIN, db.url(), &envs)
        .await
        .unwrap();

    let email = "owner@replicas.test";
    let token = first.sign_in(email).await.unwrap();
    let org = first
        .post_ok(
            &token,
            "/api/v1/whatzapp/organizations",
            json!({ "org_name": "Replica Traders" }),
        )
        .await;
    let org_id = org["data"]["org_id"].as_i64().unwrap();
    first
        .post_ok(
            &token,
            "/api/v1/whatzapp/webhook/endpoints",
            json!({ "org_id": org_id, "duplex_webhook": hook.url(), "status": 1 }),
        )
        .await;
    let me = first.get_body("/api/auth/session", &token).await;
    let user_id = me["user"]["id"]
        .as_i64()
        .or_else(|| me["data"]["user"]["id"].as_i64())
        .unwrap_or_else(|| panic!("no user id in {me}"));

    let now = chrono::Utc::now().timestamp_millis();
    for batch in 0..MESSAGES / 100 {
        let events: Vec<Value> = (0..100)
            .map(|i| {
                let n = batch * 100 + i;
                json!({
                    "MessageId": format!("r-{n}"), "Message": format!("message {n}"),
                    "Chatid": format!("9198{:08}@c.us", n % 50), "Datetime": now - 60_000,
                    "Direction": "INCOMING", "CreatedByUser": user_id.to_string()
                })
            })
            .collect();
        let v = first
            .post_ok(
                &token,
                "/api/v2/events/messages",
                json!({ "org_id": org_id, "events": events }),
            )
            .await;
        assert_eq!(v["data"]["stored"], 100, "{v}");
    }

    // Midway, the first replica dies without a chance to finish anything.
    assert!(
        hook.wait_for(Duration::from_secs(60), |h| h.len() >= MESSAGES / 3)
            .await,
        "deliveries did not start"
    );
    first.kill().unwrap();
    let at_kill = hook.count();
    assert!(
        at_kill < MESSAGES,
        "the kill came after everything was delivered"
    );

    // The survivor finishes the queue, including the leased jobs of the dead one.
    let all = hook
        .wait_for(Duration::from_secs(120), |hits| {
            let mut ids: Vec<&str> = hits
                .iter()
                .filter_map(|h| h.webhook_id.as_deref())
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids.len() >= MESSAGES
        })
        .await;
    assert!(
        all,
        "only {} deliveries arrived; survivor log:\n{}",
        hook.count(),
        second.output()
    );
    // Every message has arrived, but deliveries the dead replica made without recording them
    // stay leased to it until the lease ends; the survivor then delivers them again (the
    // repeats counted below) and records them. Wait for the queue to settle.
    let settled = Instant::now() + Duration::from_secs(120);
    let mut counts = job_counts(db.url()).await;
    while counts.get("delivered") != Some(&(MESSAGES as i64)) && Instant::now() < settled {
        tokio::time::sleep(Duration::from_millis(250)).await;
        counts = job_counts(db.url()).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;

    let hits = hook.hits();
    let mut per_id: HashMap<String, usize> = HashMap::new();
    let mut per_message: HashMap<String, String> = HashMap::new();
    for h in &hits {
        let id = h.webhook_id.clone().unwrap();
        *per_id.entry(id.clone()).or_default() += 1;
        let body: Value = serde_json::from_str(&h.body).unwrap();
        let message = body["MessageId"].as_str().unwrap().to_owned();
        // One webhook-id per message, the same on a repeat.
        let seen = per_message
            .entry(message.clone())
            .or_insert_with(|| id.clone());
        assert_eq!(*seen, id, "{message} arrived under two webhook-ids");
    }
    assert_eq!(per_id.len(), MESSAGES, "every message arrived");
    assert_eq!(per_message.len(), MESSAGES);
    let repeats: usize = per_id.values().map(|n| n - 1).sum();
    assert!(
        repeats <= CONCURRENCY,
        "{repeats} repeats: more than the killed worker had in flight"
    );
    assert_eq!(
        counts.get("delivered").copied(),
        Some(MESSAGES as i64),
        "{counts:?}"
    );
    assert_eq!(counts.len(), 1, "nothing pending or dead: {counts:?}");
    drop(second);
}
