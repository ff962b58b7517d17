//! The fake WAHA gateway through HTTP, as the team inbox's client and webhook receiver will
//! meet it: the API key, the session lifecycle and QR pairing, sending with its acks, inbound
//! messages, signed webhooks and their retries, outages.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{event, payloads, start_hook, wait, Api, HMAC_KEY};
use fakes::providers::{waha_sign, FakeProviders, WahaEngine, WAHA_API_KEY};
use fakes::receiver::{Hit, Mode};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

#[tokio::test]
async fn every_api_route_needs_the_key() {
    let fake = FakeProviders::start().await.unwrap();
    let http = reqwest::Client::new();
    let unauthorized = json!({"message": "Unauthorized", "statusCode": 401});
    for key in [None, Some("wrong-key")] {
        for (method, path) in [
            (reqwest::Method::GET, "/api/sessions"),
            (reqwest::Method::POST, "/api/sendText"),
            (reqwest::Method::GET, "/api/default/auth/qr"),
        ] {
            let mut req = http.request(method, format!("{}{path}", fake.waha_url()));
            if let Some(k) = key {
                req = req.header("X-Api-Key", k);
            }
            let res = req.send().await.unwrap();
            assert_eq!(res.status(), 401, "{path} with {key:?}");
            assert_eq!(res.json::<Value>().await.unwrap(), unauthorized);
        }
    }
    let (status, list) = Api::new(&fake).call("GET", "/api/sessions", None).await;
    assert_eq!((status, list), (200, json!([])));
}

#[tokio::test]
async fn session_management_answers_as_waha() {
    let fake = FakeProviders::start().await.unwrap();
    let api = Api::new(&fake);
    let create = json!({"name": "inbox-1", "start": false, "config": {"debug": false}});
    let (status, s) = api
        .call("POST", "/api/sessions", Some(create.clone()))
        .await;
    assert_eq!(status, 201);
    assert_eq!(s["status"], "STOPPED");
    assert_eq!(s["me"], Value::Null);
    let (status, dup) = api.call("POST", "/api/sessions", Some(create)).await;
    assert_eq!(status, 422);
    assert_eq!(
        dup["message"],
        "Session 'inbox-1' already exists. Use PUT to update it."
    );
    let (status, missing) = api.call("GET", "/api/sessions/nope", None).await;
    assert_eq!(status, 404);
    assert_eq!(
        missing,
        json!({"statusCode": 404, "message": "Session not found", "error": "Not Found"})
    );
    assert_eq!(
        api.call("POST", "/api/sessions/nope/start", None).await.0,
        404
    );
    // Stopped sessions are listed only with all=true.
    assert_eq!(api.call("GET", "/api/sessions", None).await.1, json!([]));
    let (_, all) = api.call("GET", "/api/sessions?all=true", None).await;
    assert_eq!(all[0]["name"], "inbox-1");
    // A runtime endpoint on a stopped session: 404 naming the start call.
    let (status, qr) = api.call("GET", "/api/inbox-1/auth/qr", None).await;
    assert_eq!(status, 404);
    assert!(qr["message"]
        .as_str()
        .unwrap()
        .contains("POST /api/sessions/inbox-1/start"));
    let (status, started) = api.call("POST", "/api/sessions/inbox-1/start", None).await;
    assert_eq!(
        (status, started["status"].as_str()),
        (201, Some("STARTING"))
    );
    api.wait_status("inbox-1", "SCAN_QR_CODE").await;
    // start is idempotent; stop keeps the session.
    assert_eq!(
        api.call("POST", "/api/sessions/inbox-1/start", None)
            .await
            .1["status"],
        "SCAN_QR_CODE"
    );
    let (status, stopped) = api.call("POST", "/api/sessions/inbox-1/stop", None).await;
    assert_eq!((status, stopped["status"].as_str()), (201, Some("STOPPED")));
    let (status, body) = api.call("DELETE", "/api/sessions/inbox-1", None).await;
    assert_eq!((status, body), (200, Value::Null));
    assert_eq!(api.call("GET", "/api/sessions/inbox-1", None).await.0, 404);
    assert_eq!(
        api.call("DELETE", "/api/sessions/inbox-1", None).await.0,
        200
    );
}

#[tokio::test]
async fn pairing_by_qr_sends_signed_session_status_webhooks() {
    let fake = FakeProviders::start().await.unwrap();
    let api = Api::new(&fake);
    let hook = start_hook().await;
    let url = hook.url();
    api.session("inbox", &url, &["session.status"], json!({}))
        .await;

    let first = api.qr("inbox").await;
    let (status, b64) = api
        .http
        .get(format!("{}/api/inbox/auth/qr", api.base))
        .header("X-Api-Key", WAHA_API_KEY)
        .header("Accept", "application/json")
        .send()
        .await
        .map(|r| (r.status().as_u16(), r))
        .unwrap();
    assert_eq!(status, 200);
    let b64: Value = b64.json().await.unwrap();
    assert_eq!(b64["mimetype"], "image/png");
    let png = api
        .http
        .get(format!("{}/api/inbox/auth/qr", api.base))
        .header("X-Api-Key", WAHA_API_KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(png.headers()["content-type"], "image/png");
    assert!(png.bytes().await.unwrap().starts_with(b"\x89PNG"));

    // The QR expires: a new value, announced again as SCAN_QR_CODE.
    let second = fake.waha_rotate_qr("inbox").unwrap();
    assert_ne!(first, second);
    assert_eq!(api.qr("inbox").await, second);
    let (status, stale) = api
        .call(
            "POST",
            "/__fake/sessions/inbox/scan",
            Some(json!({"qr": first, "phone": "79111111111"})),
        )
        .await;
    assert_eq!(status, 409, "{stale}");
    assert_eq!(api.status_of("inbox").await, "SCAN_QR_CODE");
    let (status, working) = api
        .call(
            "POST",
            "/__fake/sessions/inbox/scan",
            Some(json!({"qr": second, "phone": "79111111111"})),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(working["status"], "WORKING");
    assert_eq!(working["me"]["id"], "79111111111@c.us");
    let (_, me) = api.call("GET", "/api/sessions/inbox/me", None).await;
    assert_eq!(me["id"], "79111111111@c.us");

    // The QR is gone once WORKING.
    let (status, not_now) = api.call("GET", "/api/inbox/auth/qr?format=raw", None).await;
    assert_eq!(status, 422);
    assert_eq!(
        not_now,
        json!({"error": "Session status is not as expected. Try again later or restart the session",
               "session": "inbox", "status": "WORKING", "expected": ["SCAN_QR_CODE"]})
    );

    wait(&hook, "WORKING", |h| {
        payloads(h, "session.status")
            .iter()
            .any(|p| p["status"] == "WORKING")
    })
    .await;
    let statuses: Vec<String> = payloads(&hook.hits(), "session.status")
        .iter()
        .map(|p| p["status"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        statuses,
        ["STARTING", "SCAN_QR_CODE", "SCAN_QR_CODE", "WORKING"]
    );
    let mut event_ids = std::collections::HashSet::new();
    for hit in hook.hits() {
        let header = |n: &str| hit.header(n).unwrap().to_owned();
        assert_eq!(
            header("x-webhook-hmac"),
            waha_sign(HMAC_KEY, hit.body.as_bytes())
        );
        assert_eq!(header("x-webhook-hmac-algorithm"), "sha512");
        assert_eq!(header("x-switchboard-gateway"), "7f3a");
        assert_eq!(header("content-type"), "application/json");
        assert!(header("user-agent").starts_with("WAHA/"));
        assert!(!header("x-webhook-request-id").is_empty());
        let sent_at: i64 = header("x-webhook-timestamp").parse().unwrap();
        assert!(sent_at > 1_000_000_000_000, "milliseconds");
        let event = event(&hit);
        let id = event["id"].as_str().unwrap();
        assert!(
            id.starts_with("evt_") && id.len() == 30 && id == id.to_lowercase(),
            "{id}"
        );
        assert!(event_ids.insert(id.to_owned()));
        assert!(event["timestamp"].as_i64().unwrap() > 1_000_000_000_000);
        assert_eq!(event["session"], "inbox");
        assert_eq!(event["engine"], "WEBJS");
        assert_eq!(event["environment"]["engine"], "WEBJS");
        assert_eq!(event["metadata"], json!({"workspace.id": "7f3a"}));
        assert_eq!(event["payload"]["name"], "inbox");
        assert!(event["payload"]["statuses"].as_array().unwrap().len() <= 3);
    }
    let last = event(&hook.hits().pop().unwrap());
    assert_eq!(last["me"]["id"], "79111111111@c.us");
    let trail: Vec<&str> = last["payload"]["statuses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(trail, ["SCAN_QR_CODE", "SCAN_QR_CODE", "WORKING"]);
    // A tampered body does not verify.
    let raw = hook.hits().pop().unwrap().body;
    assert_ne!(
        waha_sign(HMAC_KEY, raw.replace("WORKING", "FAILED").as_bytes()),
        waha_sign(HMAC_KEY, raw.as_bytes())
    );
}

#[tokio::test]
async fn send_text_needs_working_then_acks_follow() {
    let fake = FakeProviders::start().await.unwrap();
    let api = Api::new(&fake);
    let hook = start_hook().await;
    let url = hook.url();
    let events = ["message.any", "message.ack"];
    // WEBJS sends acks only with tagsEventsOn.
    api.session(
        "inbox",
        &url,
        &events,
        json!({"webjs": {"tagsEventsOn": true}}),
    )
    .await;
    let send = json!({"session": "inbox", "chatId": "12132132130", "text": "Hi there!"});
    let (status, refused) = api.call("POST", "/api/sendText", Some(send.clone())).await;
    assert_eq!(status, 422);
    assert_eq!(refused["status"], "SCAN_QR_CODE");
    assert_eq!(refused["expected"], json!(["WORKING"]));
    let (status, invalid) = api
        .call("POST", "/api/sendText", Some(json!({"session": "inbox"})))
        .await;
    assert_eq!(status, 400);
    assert_eq!(invalid["error"], "Bad Request");
    assert!(fake.waha_sent().is_empty());

    api.pair("inbox", "79111111111").await;
    let (status, sent) = api.call("POST", "/api/sendText", Some(send)).await;
    assert_eq!(status, 201, "{sent}");
    let id = sent["id"]["_serialized"].as_str().unwrap().to_owned();
    assert!(id.starts_with("true_12132132130@c.us_"), "{id}");
    assert_eq!(sent["id"]["remote"], "12132132130@c.us");

    let recorded = fake.waha_sent();
    assert_eq!(recorded.len(), 1);
    assert_eq!(recorded[0].chat_id, "12132132130@c.us");
    assert_eq!(recorded[0].id.as_deref(), Some(id.as_str()));
    assert_eq!(recorded[0].request["text"], "Hi there!");

    wait(&hook, "three acks", |h| {
        payloads(h, "message.ack").len() == 3
    })
    .await;
    let any = payloads(&hook.hits(), "message.any");
    assert_eq!(any.len(), 1);
    assert_eq!(any[0]["id"], id.as_str());
    assert_eq!(any[0]["fromMe"], true);
    assert_eq!(any[0]["source"], "api");
    assert_eq!(any[0]["from"], "79111111111@c.us");
    assert_eq!(any[0]["to"], "12132132130@c.us");
    assert_eq!(any[0]["body"], "Hi there!");
    let acks: Vec<(i64, String)> = payloads(&hook.hits(), "message.ack")
        .iter()
        .map(|a| {
            assert_eq!(a["id"], id.as_str());
            assert_eq!(a["fromMe"], true);
            (
                a["ack"].as_i64().unwrap(),
                a["ackName"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        acks,
        [
            (1, "SERVER".into()),
            (2, "DEVICE".into()),
            (3, "READ".into())
        ]
    );
    // message.any came before the acks.
    assert_eq!(event(&hook.hits()[0])["event"], "message.any");
}

#[tokio::test]
async fn acks_arrive_out_of_order_when_asked() {
    let fake = FakeProviders::start().await.unwrap();
    fake.waha_configure(|s| s.engine = WahaEngine::Noweb);
    fake.waha_acks_out_of_order(true);
    let api = Api::new(&fake);
    let hook = start_hook().await;
    let url = hook.url();
    api.session("inbox", &url, &["message.ack"], json!({}))
        .await;
    api.pair("inbox", "79111111111").await;
    let (status, sent) = api
        .call(
            "POST",
            "/api/sendText",
            Some(json!({"session": "inbox", "chatId": "12132132130@c.us", "text": "Hi"})),
        )
        .await;
    assert_eq!(status, 201);
    // NOWEB answers its own shape.
    assert_eq!(sent["key"]["fromMe"], true);
    assert_eq!(sent["key"]["remoteJid"], "12132132130@s.whatsapp.net");
    let raw = sent["key"]["id"].as_str().unwrap();
    wait(&hook, "three acks", |h| {
        payloads(h, "message.ack").len() == 3
    })
    .await;
    let acks: Vec<Value> = payloads(&hook.hits(), "message.ack")
        .iter()
        .map(|a| a["ackName"].clone())
        .collect();
    assert_eq!(acks, [json!("SERVER"), json!("READ"), json!("DEVICE")]);
    assert_eq!(
        payloads(&hook.hits(), "message.ack")[0]["id"],
        format!("true_12132132130@c.us_{raw}")
    );
    // The stored message keeps the highest ack.
    let (_, messages) = api
        .call(
            "GET",
            "/api/inbox/chats/12132132130@c.us/messages?limit=10",
            None,
        )
        .await;
    assert_eq!(messages[0]["ackName"], "READ");
}

#[tokio::test]
async fn inbound_messages_arrive_as_message_and_message_any() {
    let fake = FakeProviders::start().await.unwrap();
    let api = Api::new(&fake);
    let hook = start_hook().await;
    let url = hook.url();
    api.session("inbox", &url, &["message", "message.any"], json!({}))
        .await;
    // Not yet paired: the phone receives nothing.
    assert!(fake.waha_inbound("inbox", "11111111111", "early").is_err());
    api.pair("inbox", "79222222222").await;

    let id = fake
        .waha_inbound("inbox", "11111111111", "Check this out!")
        .unwrap();
    let (status, group) = api
        .call(
            "POST",
            "/__fake/sessions/inbox/inbound",
            Some(
                json!({"from": "120363000000000001@g.us", "participant": "33333333333@c.us",
                        "body": "Hello group"}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{group}");
    wait(&hook, "two messages twice", |h| {
        payloads(h, "message").len() == 2 && payloads(h, "message.any").len() == 2
    })
    .await;

    let message = &payloads(&hook.hits(), "message")[0];
    assert_eq!(message["id"], id.as_str());
    let hex = id.strip_prefix("false_11111111111@c.us_").unwrap();
    assert!(
        hex.len() == 32
            && hex
                .chars()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_lowercase())
    );
    let now_s = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    assert!(
        (message["timestamp"].as_i64().unwrap() - now_s).abs() < 60,
        "seconds"
    );
    assert_eq!(message["from"], "11111111111@c.us");
    assert_eq!(message["fromMe"], false);
    assert_eq!(message["to"], "79222222222@c.us");
    assert_eq!(message["participant"], Value::Null);
    assert_eq!(message["body"], "Check this out!");
    assert_eq!(message["hasMedia"], false);
    assert_eq!(message["ackName"], "SERVER");
    assert_eq!(payloads(&hook.hits(), "message.any")[0]["id"], id.as_str());
    // message and message.any: the same message, two events.
    let event_ids: Vec<Value> = hook.hits().iter().map(|h| event(h)["id"].clone()).collect();
    assert_ne!(event_ids[0], event_ids[1]);

    let in_group = &payloads(&hook.hits(), "message")[1];
    assert_eq!(in_group["from"], "120363000000000001@g.us");
    assert_eq!(in_group["participant"], "33333333333@c.us");
    let gid = in_group["id"].as_str().unwrap();
    assert!(
        gid.starts_with("false_120363000000000001@g.us_") && gid.ends_with("_33333333333@c.us")
    );

    let (status, chats) = api.call("GET", "/api/inbox/chats/overview", None).await;
    assert_eq!(status, 200);
    assert_eq!(chats[0]["id"], "120363000000000001@g.us");
    assert_eq!(chats[1]["lastMessage"]["body"], "Check this out!");
}

#[tokio::test]
async fn a_failed_delivery_is_retried_with_the_same_event() {
    let fake = FakeProviders::start().await.unwrap();
    let api = Api::new(&fake);
    let hook = start_hook().await;
    let url = hook.url();
    api.session("inbox", &url, &["message"], json!({})).await;
    api.pair("inbox", "79111111111").await;
    hook.set_mode(Mode::FailNext(2));
    fake.waha_inbound("inbox", "11111111111", "retry me")
        .unwrap();
    wait(&hook, "three attempts", |h| h.len() == 3).await;
    let hits = hook.hits();
    assert!(
        hits.iter().all(|h| h.body == hits[0].body),
        "same body every time"
    );
    let hmac = |h: &Hit| h.header("x-webhook-hmac").unwrap().to_owned();
    assert!(hits.iter().all(|h| hmac(h) == hmac(&hits[0])));
    let answered: Vec<u16> = hits.iter().map(|h| h.answered).collect();
    assert_eq!(answered, [500, 500, 200]);
    let wait_recorded = Instant::now() + Duration::from_secs(5);
    while fake.waha_deliveries().len() < 3 {
        assert!(Instant::now() < wait_recorded);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let attempts: Vec<(u32, Option<u16>)> = fake
        .waha_deliveries()
        .iter()
        .map(|d| (d.attempt, d.status))
        .collect();
    assert_eq!(attempts, [(1, Some(500)), (2, Some(500)), (3, Some(200))]);
    let (_, listed) = api.call("GET", "/__fake/deliveries", None).await;
    assert_eq!(listed.as_array().unwrap().len(), 3);
    // No more after the success.
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(hook.hits().len(), 3);
}

#[tokio::test]
async fn outages_and_dropped_sessions() {
    let fake = FakeProviders::start().await.unwrap();
    let api = Api::new(&fake);
    let hook = start_hook().await;
    let url = hook.url();
    api.session("inbox", &url, &["session.status"], json!({}))
        .await;
    api.pair("inbox", "79111111111").await;

    fake.waha_outage(true);
    let (status, _) = api.call("GET", "/api/sessions", None).await;
    assert_eq!(status, 503);
    let (status, _) = api
        .call(
            "POST",
            "/api/sendText",
            Some(json!({"session": "inbox", "chatId": "1@c.us", "text": "x"})),
        )
        .await;
    assert_eq!(status, 503);
    fake.waha_outage(false);
    assert_eq!(api.call("GET", "/api/sessions", None).await.0, 200);

    fake.waha_drop("inbox", "FAILED").unwrap();
    assert_eq!(api.status_of("inbox").await, "FAILED");
    wait(&hook, "FAILED", |h| {
        payloads(h, "session.status")
            .last()
            .is_some_and(|p| p["status"] == "FAILED")
    })
    .await;
    // Still paired: a restart goes straight back to WORKING.
    assert_eq!(
        api.call("POST", "/api/sessions/inbox/restart", None)
            .await
            .0,
        201
    );
    api.wait_status("inbox", "WORKING").await;
    fake.waha_drop("inbox", "STOPPED").unwrap();
    wait(&hook, "STOPPED", |h| {
        payloads(h, "session.status")
            .last()
            .is_some_and(|p| p["status"] == "STOPPED")
    })
    .await;
}

#[tokio::test]
async fn the_phone_side_code_pairing_device_logout_and_exhausted_qrs() {
    let fake = FakeProviders::start().await.unwrap();
    fake.waha_configure(|s| s.qr_max = 2);
    let api = Api::new(&fake);
    let hook = start_hook().await;
    let url = hook.url();
    api.session("inbox", &url, &["session.status"], json!({}))
        .await;
    // Pairing by code instead of QR.
    let (status, code) = api
        .call(
            "POST",
            "/api/inbox/auth/request-code",
            Some(json!({"phoneNumber": "79111111111"})),
        )
        .await;
    assert_eq!(status, 201);
    let code = code["code"].as_str().unwrap().to_owned();
    assert!(code.len() == 9 && code.as_bytes()[4] == b'-', "{code}");
    let (status, _) = api
        .call(
            "POST",
            "/__fake/sessions/inbox/scan",
            Some(json!({"code": "WXYZ-WXYZ", "phone": "79111111111"})),
        )
        .await;
    assert_eq!(status, 409);
    let (status, paired) = api
        .call(
            "POST",
            "/__fake/sessions/inbox/scan",
            Some(json!({"code": code, "phone": "+7 911 111-11-11"})),
        )
        .await;
    assert_eq!(
        (status, paired["me"]["id"].as_str()),
        (200, Some("79111111111@c.us"))
    );

    // The phone unlinks the device: FAILED, me kept; a restart asks for a QR again.
    assert!(fake.waha_device_logout("inbox"));
    let (_, failed) = api.call("GET", "/api/sessions/inbox", None).await;
    assert_eq!(failed["status"], "FAILED");
    assert_eq!(failed["me"]["id"], "79111111111@c.us");
    api.call("POST", "/api/sessions/inbox/restart", None).await;
    api.wait_status("inbox", "SCAN_QR_CODE").await;
    // Two QRs allowed here: the second expiry fails the session.
    assert!(fake.waha_rotate_qr("inbox").is_some());
    assert!(fake.waha_rotate_qr("inbox").is_none());
    assert_eq!(api.status_of("inbox").await, "FAILED");
    // Logout drops the account; the session and its config stay.
    api.call("POST", "/api/sessions/inbox/logout", None).await;
    assert_eq!(
        api.call("GET", "/api/sessions/inbox/me", None).await.1,
        Value::Null
    );
    wait(&hook, "the last FAILED", |h| {
        let s: Vec<Value> = payloads(h, "session.status")
            .iter()
            .map(|p| p["status"].clone())
            .collect();
        s.ends_with(&[
            json!("SCAN_QR_CODE"),
            json!("SCAN_QR_CODE"),
            json!("FAILED"),
        ])
    })
    .await;
    assert!(!fake
        .received_under("/waha/api/inbox/auth/request-code")
        .is_empty());
}

#[tokio::test]
async fn disorder_on_demand_held_duplicated_and_fresh_retry_ids() {
    let fake = FakeProviders::start().await.unwrap();
    let api = Api::new(&fake);
    let hook = start_hook().await;
    let url = hook.url();
    api.session("inbox", &url, &["*"], json!({})).await;
    api.pair("inbox", "79111111111").await;
    wait(&hook, "WORKING", |h| {
        payloads(h, "session.status").len() == 3
    })
    .await;

    // The first inbound `message` arrives after the second one's.
    fake.waha_configure(|s| s.hold_next = Some("message".into()));
    let first = fake.waha_inbound("inbox", "111", "first").unwrap();
    let second = fake.waha_inbound("inbox", "111", "second").unwrap();
    wait(&hook, "both messages", |h| {
        payloads(h, "message").len() == 2
    })
    .await;
    let order: Vec<Value> = payloads(&hook.hits(), "message")
        .iter()
        .map(|p| p["id"].clone())
        .collect();
    assert_eq!(order, [json!(second), json!(first)]);

    // Every delivery twice, same event id.
    fake.waha_configure(|s| {
        s.duplicate_deliveries = true;
        s.fresh_request_id_on_retry = true;
    });
    let third = fake.waha_inbound("inbox", "111", "third").unwrap();
    wait(&hook, "duplicated", |h| {
        ["message", "message.any"].iter().all(|e| {
            payloads(h, e)
                .iter()
                .filter(|p| p["id"] == third.as_str())
                .count()
                == 2
        })
    })
    .await;
    fake.waha_configure(|s| s.duplicate_deliveries = false);

    // Retries with a fresh request id when asked; the event id stays.
    let before = hook.count();
    hook.set_mode(Mode::FailNext(1));
    let (status, _) = api
        .call(
            "POST",
            "/__fake/sessions/inbox/inbound",
            Some(json!({"from": "123123@lid", "body": "from a linked id"})),
        )
        .await;
    assert_eq!(status, 201);
    wait(&hook, "message, its retry and message.any", |h| {
        h.len() == before + 3
    })
    .await;
    let retried: Vec<(String, String)> = hook.hits()[before..]
        .iter()
        .filter(|h| event(h)["event"] == "message")
        .map(|h| {
            let event = event(h);
            assert_eq!(event["payload"]["from"], "123123@lid");
            (
                event["id"].as_str().unwrap().to_owned(),
                h.header("x-webhook-request-id").unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(retried.len(), 2);
    assert_eq!(retried[0].0, retried[1].0);
    assert_ne!(retried[0].1, retried[1].1);
}

#[test]
fn signature_matches_the_documented_vector() {
    assert_eq!(
        waha_sign(
            "my-secret-key",
            br#"{"event":"message","session":"default","engine":"WEBJS"}"#
        ),
        "208f8a55dde9e05519e898b10b89bf0d0b3b0fdf11fdbf09b6b90476301b98d8097c462b2b17a6ce93b6b47a136cf2e78a33a63f6752c2c1631777076153fa89"
    );
}
