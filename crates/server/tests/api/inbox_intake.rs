//! The shared number's webhooks under load, on both databases: many messages of many chats posted
//! at once — each also retried at once, in any order — are stored once each (in the batches the
//! intake gathers), every conversation made once and led by its newest message, and each stored
//! message announced once on the live feed; many live feeds open at once (sharing one reader of
//! the log) each receive every event once.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::inbox::{conversation_with, eventually, fast, messages, paired, CUSTOMER};
use futures_util::future::join_all;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};
use testkit::{db_test, fake, TestApp, TestOrg, WithSession};

/// Chats the messages are spread over.
const CHATS: usize = 8;
/// Messages posted (each also posted again as a retry).
const MESSAGES: usize = 64;

/// Chat of message `i`.
fn chat(i: usize) -> String {
    format!("91700000{:04}@c.us", i % CHATS)
}

/// The webhook's address and [`MESSAGES`] signed `message.any` envelopes, message `i` in chat
/// `i % CHATS`, a second apart (each chat's newest is its highest `i`), made from a real
/// delivery of the fake gateway (one more message, of [`CUSTOMER`]).
async fn signed_messages(
    app: &TestApp,
    org: &TestOrg,
    session: &str,
) -> (String, Vec<(String, String)>) {
    app.fake.waha_inbound(session, CUSTOMER, "first").unwrap();
    conversation_with(app, org, CUSTOMER).await;
    eventually("the delivery is recorded", || async {
        app.fake
            .waha_deliveries()
            .iter()
            .any(|d| d.event == "message.any" && d.status == Some(200))
    })
    .await;
    let delivery = app
        .fake
        .waha_deliveries()
        .into_iter()
        .find(|d| d.event == "message.any")
        .unwrap();
    let key = app.fake.waha_session(session).unwrap()["config"]["webhooks"][0]["hmac"]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    let template: Value = serde_json::from_str(&delivery.body).unwrap();
    let base_s = template["payload"]["timestamp"].as_i64().unwrap() + 10;
    let signed = (0..MESSAGES)
        .map(|i| {
            let mut env = template.clone();
            env["id"] = format!("evt_load_{i}").into();
            let p = &mut env["payload"];
            p["id"] = format!("false_{}_LOAD{i:04}", chat(i)).into();
            p["from"] = chat(i).into();
            p["body"] = format!("message {i}").into();
            p["timestamp"] = (base_s + i as i64).into();
            let body = env.to_string();
            let hmac = fake::waha_sign(&key, body.as_bytes());
            (body, hmac)
        })
        .collect();
    (delivery.url, signed)
}

/// Posts a signed envelope; answers whether it stored something new.
async fn post(app: &TestApp, url: &str, body: &str, hmac: &str) -> bool {
    let res = app
        .client
        .post(url)
        .header("content-type", "application/json")
        .header("x-webhook-hmac", hmac)
        .header("x-webhook-hmac-algorithm", "sha512")
        .body(body.to_owned())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json::<Value>().await.unwrap()["duplicate"] == false
}

db_test!(
    concurrent_webhooks_and_their_retries_store_each_message_once,
    config = fast,
    |app| async move {
        let org = app.organisation("intake@inbox.test").await;
        let session = paired(&app, &org).await;
        let (url, signed) = signed_messages(&app, &org, &session).await;
        // Every message twice, the retries interleaved with the first posts, all at once.
        let posts = signed
            .iter()
            .chain(signed.iter().rev())
            .map(|(body, hmac)| post(&app, &url, body, hmac));
        let fresh = join_all(posts).await.into_iter().filter(|f| *f).count();
        assert_eq!(fresh, MESSAGES, "each message is new exactly once");
        for c in 0..CHATS {
            let conv = conversation_with(&app, &org, &chat(c)).await;
            let newest = (0..MESSAGES).filter(|i| i % CHATS == c).max().unwrap();
            assert_eq!(conv["preview"], format!("message {newest}"), "{conv}");
            assert_eq!(conv["standing"], "needs_reply");
            let stored = messages(&app, &org, conv["id"].as_i64().unwrap()).await;
            assert_eq!(stored.len(), MESSAGES / CHATS, "{stored:?}");
        }
        // One live `message` event per stored message (the template's and the 64).
        let events = store::inbox::events::after(&app.store, org.org_id, 0, 1_000)
            .await
            .unwrap();
        let mut per_conversation: BTreeMap<i64, usize> = BTreeMap::new();
        for e in events.iter().filter(|e| e.kind == "message") {
            *per_conversation
                .entry(e.conversation_id.unwrap())
                .or_default() += 1;
        }
        assert_eq!(per_conversation.len(), CHATS + 1);
        assert_eq!(per_conversation.values().sum::<usize>(), MESSAGES + 1);
    }
);

db_test!(
    many_live_feeds_at_once_each_receive_every_event_once,
    config = fast,
    |app| async move {
        const FEEDS: usize = 12;
        let org = app.organisation("feeds@inbox.test").await;
        let session = paired(&app, &org).await;
        let (url, signed) = signed_messages(&app, &org, &session).await;
        let mut feeds = Vec::new();
        for _ in 0..FEEDS {
            let res = app
                .client
                .get(format!(
                    "{}/api/inbox/events?org_id={}",
                    app.base, org.org_id
                ))
                .session(&org.admin)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200);
            feeds.push(res);
        }
        join_all(
            signed
                .iter()
                .map(|(body, hmac)| post(&app, &url, body, hmac)),
        )
        .await;
        // Each feed: every message's event, each number once.
        let reads = feeds.into_iter().map(|mut res| async move {
            let deadline = Instant::now() + Duration::from_secs(15);
            let mut text = String::new();
            while text.matches("event: message").count() < MESSAGES {
                let left = deadline.saturating_duration_since(Instant::now());
                match tokio::time::timeout(left, res.chunk()).await {
                    Ok(Ok(Some(bytes))) => text.push_str(&String::from_utf8_lossy(&bytes)),
                    _ => break,
                }
            }
            text
        });
        for text in join_all(reads).await {
            let ids: Vec<&str> = text
                .lines()
                .filter_map(|l| l.strip_prefix("id: "))
                .collect();
            let distinct: BTreeSet<&str> = ids.iter().copied().collect();
            assert_eq!(ids.len(), distinct.len(), "an event sent twice: {text}");
            assert_eq!(
                text.matches("event: message").count(),
                MESSAGES,
                "every message once: {text}"
            );
        }
    }
);
