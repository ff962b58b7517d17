//! The team inbox through HTTP on both databases, its shared number on the fake WAHA gateway:
//! connecting and pairing (QR, scan, WORKING); messages arriving by signed webhook, stored once
//! however often a delivery is retried and refused with nothing stored when the signature is
//! wrong; acks in any order; replies kept while the gateway is away and sent when it returns;
//! the chatter list's tabs, counts and keyset pages; notes with mentions and the Free plan's
//! limit on them; fair assignment; the needs-reply clock across a business-hours boundary.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use std::future::Future;
use std::time::{Duration, Instant};
use testkit::{db_test, fake, TestApp, TestOrg, WithSession};

pub(super) const CUSTOMER: &str = "919876543210@c.us";

/// Waits (up to 15 s) until `check` holds.
pub(super) async fn eventually<F, Fut>(what: &str, check: F)
where
    F: Fn() -> Fut,
    Fut: Future<Output = bool>,
{
    let start = Instant::now();
    while !check().await {
        assert!(start.elapsed() < Duration::from_secs(15), "never: {what}");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The inbox's settings for tests: fast retries.
pub(super) fn fast(c: &mut server::config::Config) {
    c.inbox.poll_ms = 50;
    c.inbox.backoff_base_ms = 50;
    c.inbox.backoff_max_ms = 200;
}

/// Connects the shared number of `org`; answers the gateway's session name.
pub(super) async fn connect(app: &TestApp, org: &TestOrg) -> String {
    // The session's first events are sent before the shared number is stored and land only on
    // a retry: 15 re-sends 100 ms apart leave a loaded machine 1.5 s to store it (20 ms apart,
    // 0.3 s, was once too short on CI).
    app.fake
        .waha_configure(|s| s.retry_delay = Some(Duration::from_millis(100)));
    let status = app
        .put_ok(
            "/api/inbox/gateway",
            &org.admin,
            json!({"org_id": org.org_id, "name": "Sales line", "base_url": app.fake.waha_url(), "api_key": fake::WAHA_API_KEY}),
        )
        .await;
    assert_eq!(status["connected"], true);
    assert!(!status.to_string().contains(fake::WAHA_API_KEY));
    store::inbox::channels::gateway_of(&app.store, org.org_id)
        .await
        .unwrap()
        .unwrap()
        .session
        .unwrap()
}

fn gateway_state(v: &Value) -> String {
    v["state"].as_str().unwrap_or_default().to_owned()
}

/// Connects and pairs the shared number (QR shown, the fake scans it, WORKING).
pub(super) async fn paired(app: &TestApp, org: &TestOrg) -> String {
    let session = connect(app, org).await;
    // The stored state follows the gateway's events (sent while it was being connected, so
    // retried once the shared number existed): the screen's card shows the QR without asking.
    let status = format!("/api/inbox/gateway?org_id={}", org.org_id);
    eventually("the stored state is SCAN_QR_CODE", || async {
        gateway_state(&app.get_ok(&status, &org.admin).await) == "SCAN_QR_CODE"
    })
    .await;
    let path = format!("/api/inbox/gateway/qr?org_id={}", org.org_id);
    let qr = app.get_ok(&path, &org.admin).await;
    assert_eq!(qr["state"], "SCAN_QR_CODE");
    assert!(qr["qr"]
        .as_str()
        .unwrap()
        .starts_with("data:image/png;base64,"));
    app.fake.waha_scan(&session, "14155550100").unwrap();
    eventually("the number is WORKING", || async {
        gateway_state(&app.get_ok(&status, &org.admin).await) == "WORKING"
    })
    .await;
    // The WORKING event names the paired number (no call to the gateway needed).
    assert_eq!(
        app.get_ok(&status, &org.admin).await["number"],
        "14155550100"
    );
    let qr = app.get_ok(&path, &org.admin).await;
    assert_eq!(
        (qr["state"].as_str(), &qr["qr"]),
        (Some("WORKING"), &Value::Null)
    );
    assert_eq!(
        app.get_ok(&status, &org.admin).await["number"],
        "14155550100"
    );
    session
}

pub(super) async fn list(app: &TestApp, org: &TestOrg, session: &str, tab: &str) -> Value {
    app.get_ok(
        &format!("/api/inbox/conversations?org_id={}&tab={tab}", org.org_id),
        session,
    )
    .await
}

async fn count(app: &TestApp, org: &TestOrg, session: &str, tab: &str) -> Option<u64> {
    let counts = app
        .get_ok(&format!("/api/inbox/counts?org_id={}", org.org_id), session)
        .await;
    counts["tabs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["tab"] == tab)
        .unwrap()["count"]
        .as_u64()
}

/// The one conversation with `chat`, once it arrived.
pub(super) async fn conversation_with(app: &TestApp, org: &TestOrg, chat: &str) -> Value {
    let found = std::sync::Mutex::new(Value::Null);
    eventually("the conversation arrives", || async {
        let page = list(app, org, &org.admin, "all").await;
        let hit = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["chat_id"] == chat)
            .cloned();
        if let Some(c) = hit {
            *found.lock().unwrap() = c;
            true
        } else {
            false
        }
    })
    .await;
    found.into_inner().unwrap()
}

pub(super) async fn messages(app: &TestApp, org: &TestOrg, id: i64) -> Vec<Value> {
    app.get_ok(
        &format!(
            "/api/inbox/conversations/{id}/messages?org_id={}",
            org.org_id
        ),
        &org.admin,
    )
    .await["items"]
        .as_array()
        .unwrap()
        .clone()
}

db_test!(
    connect_pair_receive_reply_and_see_the_ticks,
    config = fast,
    |app| async move {
        let org = app.organisation("inbox-admin@inbox.test").await;
        let session = paired(&app, &org).await;
        app.fake
            .waha_inbound(&session, CUSTOMER, "Hello, is the blue one in stock?")
            .unwrap();
        let conv = conversation_with(&app, &org, CUSTOMER).await;
        assert_eq!(conv["standing"], "needs_reply");
        assert_eq!(conv["unread"], true);
        assert_eq!(conv["channel"], "shared");
        assert_eq!(conv["contact"], "919876543210");
        assert_eq!(conv["preview"], "Hello, is the blue one in stock?");
        assert_eq!(count(&app, &org, &org.admin, "needs_reply").await, Some(1));
        assert_eq!(count(&app, &org, &org.admin, "unread").await, Some(1));
        // The chat's contact is neither qualified nor linked to a CRM yet.
        assert_eq!(
            count(&app, &org, &org.admin, "hub_lifecycle").await,
            Some(0)
        );
        assert_eq!(count(&app, &org, &org.admin, "hub_contacts").await, Some(0));
        let id = conv["id"].as_i64().unwrap();
        // Reading it clears unread for the reader.
        let read = app
            .post_ok(
                &format!("/api/inbox/conversations/{id}/read?org_id={}", org.org_id),
                &org.admin,
                json!({}),
            )
            .await;
        assert_eq!(read["unread"], false);
        assert_eq!(count(&app, &org, &org.admin, "unread").await, Some(0));
        // The reply is queued, handed to the gateway, and its ticks follow.
        let reply = app
            .post_ok(
                &format!("/api/inbox/conversations/{id}/replies"),
                &org.admin,
                json!({"org_id": org.org_id, "text": "  Yes, we have it!  "}),
            )
            .await;
        assert_eq!(reply["body"], "Yes, we have it!");
        assert_eq!(reply["outbound"], true);
        eventually("the reply is read", || async {
            messages(&app, &org, id)
                .await
                .iter()
                .any(|m| m["body"] == "Yes, we have it!" && m["ack"] == "read")
        })
        .await;
        let sent = app.fake.waha_sent();
        assert_eq!(sent.len(), 1, "sent once: {sent:?}");
        let all = messages(&app, &org, id).await;
        assert_eq!(
            all.len(),
            2,
            "the echo of our own reply is not a second message: {all:?}"
        );
        let conv = app
            .get_ok(
                &format!("/api/inbox/conversations/{id}?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(conv["standing"], "awaiting_reply");
        // Closing moves it out of the open tabs.
        assert_eq!(
            count(&app, &org, &org.admin, "awaiting_reply").await,
            Some(1)
        );
        app.put_ok(
            &format!("/api/inbox/conversations/{id}/status"),
            &org.admin,
            json!({"org_id": org.org_id, "open": false}),
        )
        .await;
        assert_eq!(
            count(&app, &org, &org.admin, "awaiting_reply").await,
            Some(0)
        );
        assert_eq!(count(&app, &org, &org.admin, "open").await, Some(0));
        // The customer writing again reopens it.
        app.fake
            .waha_inbound(&session, CUSTOMER, "Great, I'll take it")
            .unwrap();
        eventually("reopened", || async {
            count(&app, &org, &org.admin, "needs_reply").await == Some(1)
        })
        .await;
    }
);

db_test!(
    a_bad_signature_stores_nothing_and_a_retried_webhook_stores_one_message,
    config = fast,
    |app| async move {
        let org = app.organisation("signed@inbox.test").await;
        let session = paired(&app, &org).await;
        let before = app.fake.waha_deliveries().len();
        app.fake.waha_inbound(&session, CUSTOMER, "first").unwrap();
        conversation_with(&app, &org, CUSTOMER).await;
        // The fake records a delivery once it has our answer.
        eventually("the delivery is recorded", || async {
            app.fake.waha_deliveries()[before..]
                .iter()
                .any(|d| d.event == "message.any" && d.status == Some(200))
        })
        .await;
        let delivery = app.fake.waha_deliveries()[before..]
            .iter()
            .find(|d| d.event == "message.any")
            .cloned()
            .expect("the message's delivery");
        let header = |name: &str| {
            delivery
                .headers
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .unwrap()
        };
        let post = |body: String, hmac: String| {
            let client = app.client.clone();
            let url = delivery.url.clone();
            async move {
                client
                    .post(url)
                    .header("content-type", "application/json")
                    .header("x-webhook-hmac", hmac)
                    .header("x-webhook-hmac-algorithm", "sha512")
                    .body(body)
                    .send()
                    .await
                    .unwrap()
            }
        };
        // The same delivery three more times: one message.
        for _ in 0..3 {
            let res = post(delivery.body.clone(), header("x-webhook-hmac")).await;
            assert_eq!(res.status(), 200);
            assert_eq!(res.json::<Value>().await.unwrap()["duplicate"], true);
        }
        let id = conversation_with(&app, &org, CUSTOMER).await["id"]
            .as_i64()
            .unwrap();
        assert_eq!(messages(&app, &org, id).await.len(), 1);
        // Another message signed with a wrong key, a tampered body, no signature: nothing stored.
        let forged = delivery
            .body
            .replace("first", "forged")
            .replace(&CUSTOMER[..12], "447700900123@c.us");
        for (body, hmac) in [
            (forged.clone(), header("x-webhook-hmac")),
            (
                forged.clone(),
                fake::waha_sign("not-the-key", forged.as_bytes()),
            ),
            (forged.clone(), String::new()),
        ] {
            let res = post(body, hmac).await;
            assert_eq!(res.status(), 400);
            assert_eq!(
                res.json::<Value>().await.unwrap()["error"]["code"],
                "signature_invalid"
            );
        }
        let page = list(&app, &org, &org.admin, "all").await;
        assert_eq!(page["items"].as_array().unwrap().len(), 1, "{page}");
        assert_eq!(messages(&app, &org, id).await.len(), 1);
        // An unknown token is not found.
        let res = app
            .client
            .post(format!("{}/api/inbox/hooks/nope", app.base))
            .body("{}")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 404);
    }
);

db_test!(
    acks_out_of_order_end_read_and_a_reply_waits_for_the_gateway,
    config = fast,
    |app| async move {
        let org = app.organisation("acks@inbox.test").await;
        let session = paired(&app, &org).await;
        app.fake.waha_inbound(&session, CUSTOMER, "hi").unwrap();
        let id = conversation_with(&app, &org, CUSTOMER).await["id"]
            .as_i64()
            .unwrap();
        app.fake.waha_acks_out_of_order(true);
        let path = format!("/api/inbox/conversations/{id}/replies");
        app.post_ok(
            &path,
            &org.admin,
            json!({"org_id": org.org_id, "text": "one"}),
        )
        .await;
        eventually("READ before DEVICE still ends read", || async {
            messages(&app, &org, id)
                .await
                .iter()
                .any(|m| m["body"] == "one" && m["ack"] == "read")
        })
        .await;
        // The gateway goes away: the reply is kept, queued, and sent when it is back.
        app.fake.waha_outage(true);
        app.post_ok(
            &path,
            &org.admin,
            json!({"org_id": org.org_id, "text": "two"}),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(600)).await;
        let two = messages(&app, &org, id).await;
        let two = two.iter().find(|m| m["body"] == "two").unwrap();
        assert_eq!(two["ack"], "queued");
        let status = app
            .get_ok(
                &format!("/api/inbox/gateway?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(status["waiting_replies"], 1);
        assert!(app
            .fake
            .waha_sent()
            .iter()
            .all(|s| s.request["text"] != "two"));
        app.fake.waha_outage(false);
        eventually("sent once the gateway is back", || async {
            messages(&app, &org, id)
                .await
                .iter()
                .any(|m| m["body"] == "two" && m["ack"] != "queued" && m["ack"] != "failed")
        })
        .await;
        assert_eq!(
            app.fake
                .waha_sent()
                .iter()
                .filter(|s| s.request["text"] == "two")
                .count(),
            1
        );
        // The gateway's own webhook (the sent ack) may land before the worker records the hand-over.
        eventually("no reply left waiting", || async {
            app.get_ok(
                &format!("/api/inbox/gateway?org_id={}", org.org_id),
                &org.admin,
            )
            .await["waiting_replies"]
                == 0
        })
        .await;
    }
);

db_test!(
    who_may_see_and_change_the_inbox,
    config = fast,
    |app| async move {
        let org = app.organisation("owner@inbox.test").await;
        let employee = app.member(&org, "employee@inbox.test", 3).await;
        let manager = app.member(&org, "manager@inbox.test", 2).await;
        let q = format!("/api/inbox/conversations?org_id={}", org.org_id);
        assert_eq!(
            app.call_as(Method::GET, &q, &employee.session, None)
                .await
                .0,
            403
        );
        assert_eq!(
            app.call_as(Method::GET, &q, &manager.session, None).await.0,
            200
        );
        let connect = json!({"org_id": org.org_id, "name": "x", "base_url": app.fake.waha_url(), "api_key": "k"});
        assert_eq!(
            app.call_as(
                Method::PUT,
                "/api/inbox/gateway",
                &manager.session,
                Some(connect)
            )
            .await
            .0,
            403
        );
        // A wrong key is refused by the gateway and nothing is connected.
        let (status, body) = app
        .call_as(
            Method::PUT,
            "/api/inbox/gateway",
            &org.admin,
            Some(json!({"org_id": org.org_id, "name": "x", "base_url": app.fake.waha_url(), "api_key": "wrong"})),
        )
        .await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (422, Some("gateway_key_refused"))
        );
        let status = app
            .get_ok(
                &format!("/api/inbox/gateway?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(status["connected"], false);
        // An address the guard refuses, bad tabs and cursors.
        let (status, body) = app
        .call_as(
            Method::PUT,
            "/api/inbox/gateway",
            &org.admin,
            Some(json!({"org_id": org.org_id, "name": "x", "base_url": "http://169.254.169.254/", "api_key": "k"})),
        )
        .await;
        assert_eq!(
            (status, body["error"]["fields"]["base_url"].as_str()),
            (422, Some("address_refused"))
        );
        for (query, field, code) in [
            ("tab=everything", "tab", "value_invalid"),
            ("cursor=12", "cursor", "value_invalid"),
        ] {
            let (status, body) = app
                .call_as(Method::GET, &format!("{q}&{query}"), &org.admin, None)
                .await;
            assert_eq!(
                (status, body["error"]["fields"][field].as_str()),
                (422, Some(code)),
                "{query}"
            );
        }
        let session = paired(&app, &org).await;
        app.fake.waha_inbound(&session, CUSTOMER, "hi").unwrap();
        let id = conversation_with(&app, &org, CUSTOMER).await["id"]
            .as_i64()
            .unwrap();
        for text in ["   ", &"x".repeat(4097)] {
            let (status, body) = app
                .call_as(
                    Method::POST,
                    &format!("/api/inbox/conversations/{id}/replies"),
                    &org.admin,
                    Some(json!({"org_id": org.org_id, "text": text})),
                )
                .await;
            assert_eq!(
                (status, body["error"]["fields"]["text"].as_str()),
                (422, Some("fields_required"))
            );
        }
        // Open chat by number needs the country code.
        let (status, body) = app
            .call_as(
                Method::POST,
                "/api/inbox/open",
                &org.admin,
                Some(json!({"org_id": org.org_id, "number": "98765 43210"})),
            )
            .await;
        assert_eq!(
            (status, body["error"]["fields"]["number"].as_str()),
            (422, Some("phone_country_code_missing"))
        );
        let opened = app
            .post_ok(
                "/api/inbox/open",
                &org.admin,
                json!({"org_id": org.org_id, "number": "+44 7700 900123"}),
            )
            .await;
        assert_eq!(opened["chat_id"], "447700900123@c.us");
        let again = app
            .post_ok(
                "/api/inbox/open",
                &org.admin,
                json!({"org_id": org.org_id, "number": "0044 7700-900-123"}),
            )
            .await;
        assert_eq!(again["id"], opened["id"]);
    }
);

/// Reads the event stream `res` until an event of `kind` arrives (or 10 s pass).
async fn next_event(res: &mut reqwest::Response, seen: &mut String, kind: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !seen.contains(&format!("event: {kind}")) {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, res.chunk()).await {
            Ok(Ok(Some(bytes))) => seen.push_str(&String::from_utf8_lossy(&bytes)),
            _ => return false,
        }
    }
    true
}

db_test!(
    the_hub_tabs_list_chats_whose_contact_is_qualified_or_linked_to_a_crm,
    config = fast,
    |app| async move {
        let org = app.organisation("hub@inbox.test").await;
        let session = paired(&app, &org).await;
        app.fake
            .waha_inbound(&session, CUSTOMER, "Price list?")
            .unwrap();
        app.fake
            .waha_inbound(&session, "447700900123@c.us", "Hi there")
            .unwrap();
        let conv = conversation_with(&app, &org, CUSTOMER).await;
        conversation_with(&app, &org, "447700900123@c.us").await;
        let ids = |page: Value| -> Vec<i64> {
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["id"].as_i64().unwrap())
                .collect()
        };
        // The chat's contact, made by its first message.
        let contacts = app
            .get_ok(
                &format!("/api/contacts?org_id={}&q=919876543210", org.org_id),
                &org.admin,
            )
            .await;
        let contact_id = contacts["items"][0]["id"].as_i64().unwrap();
        app.ok(
            Method::PATCH,
            &format!("/api/contacts/{contact_id}"),
            &org.admin,
            Some(json!({ "org_id": org.org_id, "lifecycle_stage": "salesqualifiedlead" })),
        )
        .await;
        assert_eq!(
            count(&app, &org, &org.admin, "hub_lifecycle").await,
            Some(1)
        );
        assert_eq!(
            ids(list(&app, &org, &org.admin, "hub_lifecycle").await),
            vec![conv["id"].as_i64().unwrap()]
        );
        assert_eq!(count(&app, &org, &org.admin, "hub_contacts").await, Some(0));
        store::crm_links::link(
            &app.store,
            org.org_id,
            contact_id,
            "hubspot",
            org.workspace_id,
            "901",
            None,
            app.clock.now_ms(),
        )
        .await
        .unwrap();
        assert_eq!(
            ids(list(&app, &org, &org.admin, "hub_contacts").await),
            vec![conv["id"].as_i64().unwrap()]
        );
        assert_eq!(count(&app, &org, &org.admin, "hub_contacts").await, Some(1));
        assert_eq!(count(&app, &org, &org.admin, "all").await, Some(2));
    }
);

db_test!(
    a_new_message_reaches_a_second_members_open_inbox_and_a_reconnect_misses_nothing,
    config = fast,
    |app| async move {
        let org = app.organisation("live@inbox.test").await;
        let manager = app.member(&org, "live-manager@inbox.test", 2).await;
        let session = paired(&app, &org).await;
        let mut stream = app
            .client
            .get(format!(
                "{}/api/inbox/events?org_id={}",
                app.base, org.org_id
            ))
            .session(&manager.session)
            .send()
            .await
            .unwrap();
        assert_eq!(stream.status(), 200);
        assert_eq!(
            stream.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        let started = Instant::now();
        app.fake.waha_inbound(&session, CUSTOMER, "live?").unwrap();
        let mut seen = String::new();
        assert!(
            next_event(&mut stream, &mut seen, "message").await,
            "no message event: {seen}"
        );
        assert!(started.elapsed() < Duration::from_secs(5));
        let first_id: i64 = seen
            .lines()
            .find_map(|l| l.strip_prefix("id: "))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        drop(stream);
        // While the screen is away: a reply and its acks. Reconnecting with the last id seen
        // answers all of them, in order, and nothing before.
        let id = conversation_with(&app, &org, CUSTOMER).await["id"]
            .as_i64()
            .unwrap();
        app.post_ok(
            &format!("/api/inbox/conversations/{id}/replies"),
            &org.admin,
            json!({"org_id": org.org_id, "text": "here"}),
        )
        .await;
        eventually("read", || async {
            messages(&app, &org, id)
                .await
                .iter()
                .any(|m| m["ack"] == "read")
        })
        .await;
        let caught_up = app
            .client
            .get(format!(
                "{}/api/inbox/events?org_id={}&follow=false",
                app.base, org.org_id
            ))
            .session(&manager.session)
            .header("last-event-id", first_id.to_string())
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let ids: Vec<i64> = caught_up
            .lines()
            .filter_map(|l| l.strip_prefix("id: "))
            .map(|i| i.trim().parse().unwrap())
            .collect();
        assert!(!ids.is_empty(), "{caught_up}");
        assert!(
            ids.windows(2).all(|w| w[0] < w[1]) && ids[0] > first_id,
            "{ids:?}"
        );
        assert!(
            caught_up.contains("event: ack") && caught_up.contains("\"read\""),
            "{caught_up}"
        );
        // An employee may not follow the inbox.
        let employee = app.member(&org, "live-employee@inbox.test", 3).await;
        let (status, _) = app
            .call_as(
                Method::GET,
                &format!("/api/inbox/events?org_id={}&follow=false", org.org_id),
                &employee.session,
                None,
            )
            .await;
        assert_eq!(status, 403);
    }
);
