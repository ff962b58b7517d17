//! The WAHA client against the fake gateway (`crates/fakes`, `docs/design/waha-gateway.md`):
//! sessions with our webhook config, QR pairing, sending per engine answer style, outages,
//! oversized answers, media, and the webhooks the fake actually delivers, verified and parsed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use base64::Engine as _;
use connectors::waha::{
    parse_envelope, signature_ok, Event, Gateway, GatewayError, SessionInfo, WebhookSetup,
};
use fakes::providers::{FakeProviders, WahaEngine, WAHA_API_KEY};
use fakes::receiver::{Hit, Mode, WebhookReceiver};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const SESSION: &str = "inbox-7f3a";
const HMAC_KEY: &str = "per-session-secret-7f3a";
const PHONE: &str = "79111111111";

fn client(timeout: Duration) -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(timeout)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

fn gateway(fake: &FakeProviders) -> Gateway {
    Gateway::new(
        client(Duration::from_secs(5)),
        &fake.waha_url(),
        WAHA_API_KEY,
    )
    .unwrap()
}

fn setup(url: &str) -> WebhookSetup {
    WebhookSetup {
        url: url.to_owned(),
        hmac_key: HMAC_KEY.to_owned(),
        channel: "7f3a".to_owned(),
    }
}

async fn hook() -> WebhookReceiver {
    WebhookReceiver::start(Mode::Accept).await.unwrap()
}

/// Polls the session through our client (bounded) until it reaches `status`.
async fn wait_status(gw: &Gateway, status: &str) -> SessionInfo {
    let end = Instant::now() + Duration::from_secs(5);
    loop {
        let s = gw.session(SESSION).await.unwrap();
        if s.status == status {
            return s;
        }
        assert!(
            Instant::now() < end,
            "still {} (waiting for {status})",
            s.status
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Creates the session with our webhook and scans its QR as the phone would.
async fn paired(fake: &FakeProviders, gw: &Gateway, hook_url: &str) -> SessionInfo {
    gw.ensure_session(SESSION, &setup(hook_url)).await.unwrap();
    wait_status(gw, "SCAN_QR_CODE").await;
    fake.waha_scan(SESSION, PHONE).unwrap();
    wait_status(gw, "WORKING").await
}

/// Waits (bounded) until `pred` holds for the receiver's hits.
async fn wait_hits(hook: &WebhookReceiver, what: &str, pred: impl Fn(&[Hit]) -> bool) {
    assert!(
        hook.wait_for(Duration::from_secs(5), pred).await,
        "timed out waiting for {what}: {:#?}",
        hook.hits()
    );
}

fn event_name(hit: &Hit) -> String {
    serde_json::from_str::<Value>(&hit.body).unwrap()["event"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn count(hits: &[Hit], event: &str) -> usize {
    hits.iter().filter(|h| event_name(h) == event).count()
}

/// No error text or debug output may carry the API key.
fn assert_keyless(e: &GatewayError) {
    assert!(!e.to_string().contains(WAHA_API_KEY), "{e}");
    assert!(!format!("{e:?}").contains(WAHA_API_KEY), "{e:?}");
}

/// A server on loopback answering every request 200 with a chunked body of `size` bytes (no
/// Content-Length, so only reading in chunks can stop it).
fn chunked_server(size: usize) -> String {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut seen = Vec::new();
            let mut buf = [0u8; 1024];
            while !seen.windows(4).any(|w| w == b"\r\n\r\n") {
                match stream.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => seen.extend_from_slice(&buf[..n]),
                }
            }
            let head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\
                        transfer-encoding: chunked\r\nconnection: close\r\n\r\n";
            if stream.write_all(head.as_bytes()).is_err() {
                continue;
            }
            let chunk = vec![b' '; 16 * 1024];
            let mut sent = 0;
            while sent < size {
                let n = chunk.len().min(size - sent);
                let mut piece = format!("{n:x}\r\n").into_bytes();
                piece.extend_from_slice(&chunk[..n]);
                piece.extend_from_slice(b"\r\n");
                if stream.write_all(&piece).is_err() {
                    break;
                }
                sent += n;
            }
            let _ = stream.write_all(b"0\r\n\r\n");
        }
    });
    format!("http://{addr}")
}

#[tokio::test]
async fn ensure_session_creates_it_started_with_our_webhook_and_again_updates_it() {
    let fake = FakeProviders::start().await.unwrap();
    let gw = gateway(&fake);
    let hook = hook().await;

    let info = gw
        .ensure_session(SESSION, &setup(&hook.url()))
        .await
        .unwrap();
    assert_eq!(info.name, SESSION);
    assert_eq!(info.status, "STARTING");
    assert_eq!(info.me, None);

    // `start` sent explicitly, and the gateway holds our config as sent.
    let create = &fake.received_under("/waha/api/sessions")[0];
    assert_eq!(create.method, "POST");
    assert_eq!(create.path, "/waha/api/sessions");
    assert_eq!(create.body["name"], SESSION);
    assert_eq!(create.body["start"], true);
    let config = fake.waha_session(SESSION).unwrap()["config"].clone();
    assert_eq!(
        config["webhooks"],
        json!([{
            "url": hook.url(),
            "events": ["message.any", "message.ack", "session.status"],
            "hmac": {"key": HMAC_KEY},
            "retries": {"policy": "exponential", "delaySeconds": 2, "attempts": 6},
        }])
    );
    assert_eq!(config["webjs"]["tagsEventsOn"], true);
    assert_eq!(config["metadata"], json!({"switchboard.channel": "7f3a"}));
    wait_status(&gw, "SCAN_QR_CODE").await;

    // Again, with a new receiver URL: 422 "already exists" → PUT the config, then start.
    let moved = WebhookSetup {
        url: "http://127.0.0.1:9/hooks/waha/7f3a".to_owned(),
        ..setup(&hook.url())
    };
    let again = gw.ensure_session(SESSION, &moved).await.unwrap();
    assert_eq!(again.name, SESSION);
    let calls: Vec<(String, String)> = fake
        .received_under("/waha/api/sessions")
        .iter()
        .map(|r| (r.method.clone(), r.path.clone()))
        .collect();
    let session_path = format!("/waha/api/sessions/{SESSION}");
    assert!(
        calls.ends_with(&[
            ("POST".to_owned(), "/waha/api/sessions".to_owned()),
            ("PUT".to_owned(), session_path.clone()),
            ("POST".to_owned(), format!("{session_path}/start")),
        ]),
        "{calls:?}"
    );
    let put = fake
        .received_under(&session_path)
        .into_iter()
        .find(|r| r.method == "PUT")
        .unwrap();
    assert_eq!(put.body, json!({"config": moved.config()}));
    let config = fake.waha_session(SESSION).unwrap()["config"].clone();
    assert_eq!(
        config["webhooks"][0]["url"],
        "http://127.0.0.1:9/hooks/waha/7f3a"
    );
    assert_eq!(config["webjs"]["tagsEventsOn"], true);
    wait_status(&gw, "SCAN_QR_CODE").await;

    // A name that could leave its path segment never reaches the gateway.
    let before = fake.received().len();
    for bad in ["..", "a/b", ""] {
        let e = gw
            .ensure_session(bad, &setup(&hook.url()))
            .await
            .unwrap_err();
        assert!(matches!(e, GatewayError::Refused(_)), "{e:?}");
        assert!(!e.retryable());
    }
    assert_eq!(fake.received().len(), before);
}

#[tokio::test]
async fn a_wrong_key_is_unauthorized_and_not_retried() {
    let fake = FakeProviders::start().await.unwrap();
    let wrong = Gateway::new(
        client(Duration::from_secs(5)),
        &fake.waha_url(),
        "not-the-key",
    )
    .unwrap();
    let e = wrong.session(SESSION).await.unwrap_err();
    assert_eq!(e, GatewayError::Unauthorized);
    assert!(!e.retryable());
    let e = wrong
        .ensure_session(SESSION, &setup("http://127.0.0.1:9/hook"))
        .await
        .unwrap_err();
    assert_eq!(e, GatewayError::Unauthorized);
    assert!(fake.waha_session(SESSION).is_none());
    assert_eq!(
        wrong.send_text(SESSION, "1@c.us", "x", None).await,
        Err(GatewayError::Unauthorized)
    );
    assert!(!format!("{wrong:?}").contains("not-the-key"));
    let right = gateway(&fake);
    assert!(!format!("{right:?}").contains(WAHA_API_KEY));

    // What cannot be a gateway or a key is refused up front.
    let http = client(Duration::from_secs(5));
    for (url, key) in [
        ("ftp://127.0.0.1/", WAHA_API_KEY),
        ("not a url", WAHA_API_KEY),
        ("http://user:pass@127.0.0.1:3000", WAHA_API_KEY),
        ("http://127.0.0.1:3000/?x=1", WAHA_API_KEY),
        ("http://127.0.0.1:3000", ""),
        ("http://127.0.0.1:3000", "line\nbreak"),
    ] {
        let e = Gateway::new(http.clone(), url, key).unwrap_err();
        assert!(
            matches!(e, GatewayError::Refused(_)),
            "{url} {key:?}: {e:?}"
        );
    }
}

#[tokio::test]
async fn the_qr_is_a_png_data_url_until_the_phone_scans_it() {
    let fake = FakeProviders::start().await.unwrap();
    let gw = gateway(&fake);
    gw.ensure_session(SESSION, &setup("http://127.0.0.1:9/hook"))
        .await
        .unwrap();
    wait_status(&gw, "SCAN_QR_CODE").await;

    let qr = gw
        .qr(SESSION)
        .await
        .unwrap()
        .expect("a QR while SCAN_QR_CODE");
    let b64 = qr.strip_prefix("data:image/png;base64,").expect(&qr);
    let png = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(!fake
        .received_under(&format!("/waha/api/{SESSION}/auth/qr"))
        .is_empty());

    fake.waha_scan(SESSION, PHONE).unwrap();
    let working = gw.session(SESSION).await.unwrap();
    assert_eq!(working.status, "WORKING");
    assert!(working.is_working());
    let me = working.me.expect("me once paired");
    assert_eq!(me.id, "79111111111@c.us");
    assert_eq!(me.push_name.as_deref(), Some("Team Inbox"));
    assert_eq!(gw.qr(SESSION).await, Ok(None));

    // A session that does not run has no QR to show: 404.
    assert_eq!(gw.qr("nobody").await, Err(GatewayError::NotFound));
}

#[tokio::test]
async fn send_text_waits_for_working_then_answers_the_id_in_every_engine_style() {
    let fake = FakeProviders::start().await.unwrap();
    let gw = gateway(&fake);
    gw.ensure_session(SESSION, &setup("http://127.0.0.1:9/hook"))
        .await
        .unwrap();
    wait_status(&gw, "SCAN_QR_CODE").await;
    let e = gw
        .send_text(SESSION, "12132132130@c.us", "too early", None)
        .await
        .unwrap_err();
    assert_eq!(
        e,
        GatewayError::NotReady {
            status: Some("SCAN_QR_CODE".to_owned())
        }
    );
    assert!(!e.retryable());
    assert!(e.session_not_ready());
    assert!(fake.waha_sent().is_empty());

    fake.waha_scan(SESSION, PHONE).unwrap();
    wait_status(&gw, "WORKING").await;

    // WEBJS (the default): `id._serialized`.
    let id = gw
        .send_text(SESSION, "12132132130@c.us", "Hi there!", None)
        .await
        .unwrap()
        .expect("WEBJS answers the id");
    let sent = fake.waha_sent();
    assert_eq!(sent[0].id.as_deref(), Some(id.as_str()));
    assert!(id.starts_with("true_12132132130@c.us_"), "{id}");
    assert_eq!(
        sent[0].request,
        json!({"session": SESSION, "chatId": "12132132130@c.us", "text": "Hi there!", "linkPreview": false})
    );

    // NOWEB: `key.id`, built into the serialized id (a bare number gets `@c.us`).
    fake.waha_configure(|s| s.engine = WahaEngine::Noweb);
    let noweb = gw
        .send_text(SESSION, "12132132130", "As a reply", Some(&id))
        .await
        .unwrap()
        .expect("NOWEB answers key.id");
    let sent = fake.waha_sent();
    assert_eq!(sent[1].id.as_deref(), Some(noweb.as_str()));
    assert!(noweb.starts_with("true_12132132130@c.us_3EB0"), "{noweb}");
    assert_eq!(sent[1].request["reply_to"], id.as_str());
    assert_eq!(sent[1].request["linkPreview"], false);

    // WEBJS releases answering 201 with nothing: sent, id unknown.
    fake.waha_configure(|s| s.engine = WahaEngine::WebjsEmptyAnswer);
    assert_eq!(
        gw.send_text(SESSION, "12132132130@c.us", "No id", None)
            .await,
        Ok(None)
    );
    assert_eq!(fake.waha_sent().len(), 3);

    // A validation error (400) is refused with the gateway's message, not retried.
    let e = gw
        .send_text(SESSION, "12132132130@c.us", "", None)
        .await
        .unwrap_err();
    assert_eq!(
        e,
        GatewayError::Refused("the gateway answered 400: text should not be empty".to_owned())
    );
    assert!(!e.retryable());
    // An unknown session is not running: 404.
    assert_eq!(
        gw.send_text("nobody", "1@c.us", "x", None).await,
        Err(GatewayError::NotFound)
    );
}

#[tokio::test]
async fn outages_timeouts_and_refused_connections_are_unavailable_and_retryable() {
    let fake = FakeProviders::start().await.unwrap();
    let gw = gateway(&fake);
    let hook = hook().await;
    paired(&fake, &gw, &hook.url()).await;

    for code in [500u16, 502, 503] {
        fake.waha_configure(|s| s.outage = Some(code));
        let calls = [
            gw.session(SESSION).await.unwrap_err(),
            gw.send_text(SESSION, "1@c.us", "x", None)
                .await
                .unwrap_err(),
            gw.ensure_session(SESSION, &setup(&hook.url()))
                .await
                .unwrap_err(),
            gw.qr(SESSION).await.unwrap_err(),
        ];
        for e in calls {
            assert_eq!(
                e,
                GatewayError::Unavailable(format!("the gateway answered {code}"))
            );
            assert!(e.retryable());
            assert_keyless(&e);
        }
    }
    fake.waha_configure(|s| s.outage = None);
    assert!(gw.session(SESSION).await.unwrap().is_working());

    // An answer that never comes: the caller's timeout, then Unavailable.
    let impatient = Gateway::new(
        client(Duration::from_millis(300)),
        &fake.waha_url(),
        WAHA_API_KEY,
    )
    .unwrap();
    fake.waha_configure(|s| s.hang = true);
    let e = impatient.session(SESSION).await.unwrap_err();
    fake.waha_configure(|s| s.hang = false);
    assert_eq!(
        e,
        GatewayError::Unavailable("no answer before the timeout".to_owned())
    );
    assert!(e.retryable());

    // Nobody listening.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let gone = Gateway::new(
        client(Duration::from_secs(5)),
        &format!("http://127.0.0.1:{port}"),
        WAHA_API_KEY,
    )
    .unwrap();
    let e = gone.session(SESSION).await.unwrap_err();
    assert!(matches!(&e, GatewayError::Unavailable(_)), "{e:?}");
    assert!(e.retryable());
    assert_keyless(&e);
    assert!(!e.to_string().contains(&port.to_string()), "no URL: {e}");
    let e = gone.delete(SESSION).await.unwrap_err();
    assert!(e.retryable());
}

#[tokio::test]
async fn oversized_answers_are_cut_off_not_buffered() {
    // 300 KiB for a session (cap 256 KiB), 2.5 MiB for a QR (cap 2 MiB), no Content-Length.
    let big_json = Gateway::new(
        client(Duration::from_secs(5)),
        &chunked_server(300 * 1024),
        WAHA_API_KEY,
    )
    .unwrap();
    let e = big_json.session(SESSION).await.unwrap_err();
    assert_eq!(
        e,
        GatewayError::Unavailable("the gateway's answer is larger than 256 KiB".to_owned())
    );
    assert!(e.retryable());
    let big_qr = Gateway::new(
        client(Duration::from_secs(5)),
        &chunked_server(2560 * 1024),
        WAHA_API_KEY,
    )
    .unwrap();
    assert_eq!(
        big_qr.qr(SESSION).await,
        Err(GatewayError::Unavailable(
            "the gateway's answer is larger than 2048 KiB".to_owned()
        ))
    );
    // Under the cap, the same server's body is read to its end (and is not a session).
    let small = Gateway::new(
        client(Duration::from_secs(5)),
        &chunked_server(100 * 1024),
        WAHA_API_KEY,
    )
    .unwrap();
    assert_eq!(
        small.session(SESSION).await,
        Err(GatewayError::Unavailable(
            "the gateway answered 200 unreadably".to_owned()
        ))
    );
    // A send whose 2xx answer is unreadable was still sent: Ok(None), never an error to retry.
    assert_eq!(
        big_json.send_text(SESSION, "1@c.us", "x", None).await,
        Ok(None)
    );
}

#[tokio::test]
async fn media_is_fetched_from_the_gateway_with_the_key_and_within_the_limit() {
    let fake = FakeProviders::start().await.unwrap();
    let gw = gateway(&fake);
    let hook = hook().await;
    paired(&fake, &gw, &hook.url()).await;
    let bytes: Vec<u8> = (0..5000u32).map(|i| (i % 251) as u8).collect();
    let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
    fake.waha_inbound_message(
        SESSION,
        json!({"from": "11111111111", "body": "photo",
               "media": {"mimetype": "image/jpeg", "filename": "a.jpg", "data": data}}),
    )
    .unwrap();
    wait_hits(&hook, "the media message", |h| count(h, "message.any") == 1).await;
    let hit = hook
        .hits()
        .into_iter()
        .find(|h| event_name(h) == "message.any")
        .unwrap();
    let Event::Message(m) = parse_envelope(hit.body.as_bytes()).unwrap().event else {
        panic!("not a message");
    };
    assert!(m.has_media);
    let media = m.media.expect("downloaded media");
    assert_eq!(media.mimetype.as_deref(), Some("image/jpeg"));
    assert_eq!(media.filename.as_deref(), Some("a.jpg"));
    assert_eq!(media.error, None);
    let url = media.url.unwrap();

    assert_eq!(
        gw.media(&url, 1024 * 1024).await.unwrap(),
        ("image/jpeg".to_owned(), bytes.clone())
    );
    assert_eq!(gw.media(&url, 5000).await.unwrap().1, bytes);
    let e = gw.media(&url, 4999).await.unwrap_err();
    assert_eq!(
        e,
        GatewayError::Refused("the media is larger than 4999 bytes".to_owned())
    );
    // The key goes to the gateway's origin only.
    let path = url::Url::parse(&url).unwrap().path().to_owned();
    let before = fake.received().len();
    for foreign in [
        format!("http://127.0.0.2:{}{path}", fake.addr.port()),
        format!("https://127.0.0.1:{}{path}", fake.addr.port()),
        "file:///etc/passwd".to_owned(),
        "not a url".to_owned(),
    ] {
        let e = gw.media(&foreign, 1024 * 1024).await.unwrap_err();
        assert!(matches!(e, GatewayError::Refused(_)), "{foreign}: {e:?}");
    }
    assert_eq!(fake.received().len(), before);
    // Unknown file: 404; wrong key: 401.
    assert_eq!(
        gw.media(&url.replace(".jpg", ".png"), 1024).await,
        Err(GatewayError::NotFound)
    );
    let wrong = Gateway::new(client(Duration::from_secs(5)), &fake.waha_url(), "nope").unwrap();
    assert_eq!(
        wrong.media(&url, 1024 * 1024).await,
        Err(GatewayError::Unauthorized)
    );
}

#[tokio::test]
async fn restart_logout_and_delete() {
    let fake = FakeProviders::start().await.unwrap();
    let gw = gateway(&fake);
    paired(&fake, &gw, "http://127.0.0.1:9/hook").await;

    let restarted = gw.restart(SESSION).await.unwrap();
    assert_eq!(restarted.status, "STARTING");
    // Still paired: back to WORKING on its own.
    wait_status(&gw, "WORKING").await;

    let out = gw.logout(SESSION).await.unwrap();
    assert_eq!((out.status.as_str(), out.me), ("STARTING", None));
    wait_status(&gw, "SCAN_QR_CODE").await;
    assert!(gw.qr(SESSION).await.unwrap().is_some());

    gw.delete(SESSION).await.unwrap();
    assert_eq!(gw.session(SESSION).await, Err(GatewayError::NotFound));
    gw.delete(SESSION).await.unwrap();
    assert_eq!(gw.restart(SESSION).await, Err(GatewayError::NotFound));
    assert_eq!(gw.logout(SESSION).await, Err(GatewayError::NotFound));
}

#[test]
fn signature_ok_checks_the_documented_vector_in_constant_time() {
    let body = br#"{"event":"message","session":"default","engine":"WEBJS"}"#;
    let key = b"my-secret-key";
    let hex = "208f8a55dde9e05519e898b10b89bf0d0b3b0fdf11fdbf09b6b90476301b98d8097c462b2b17a6ce93b6b47a136cf2e78a33a63f6752c2c1631777076153fa89";
    assert!(signature_ok(key, body, hex));
    assert!(signature_ok(key, body, &hex.to_uppercase()));
    assert!(signature_ok(key, body, &format!(" {hex}\t")));

    // One byte of the body flipped.
    let mut tampered = body.to_vec();
    tampered[10] ^= 0x01;
    assert!(!signature_ok(key, &tampered, hex));
    // One digit of the signature changed.
    let mut wrong_digit = hex.to_owned();
    wrong_digit.replace_range(0..1, "3");
    assert!(!signature_ok(key, body, &wrong_digit));
    // Wrong or empty key.
    assert!(!signature_ok(b"my-secret-kez", body, hex));
    assert!(!signature_ok(b"", body, hex));
    // Not 128 hex digits.
    for garbage in [
        "",
        "zz",
        &hex[..127],
        &hex[..126],
        format!("{hex}00").as_str(),
        hex.replacen('8', "g", 1).as_str(),
        "sha512=208f8a55",
    ] {
        assert!(!signature_ok(key, body, garbage), "{garbage:?}");
    }
}

#[tokio::test]
async fn the_webhooks_the_gateway_delivers_verify_and_parse() {
    let fake = FakeProviders::start().await.unwrap();
    let gw = gateway(&fake);
    let hook = hook().await;
    paired(&fake, &gw, &hook.url()).await;

    let sent_id = gw
        .send_text(SESSION, "12132132130@c.us", "Hi there!", None)
        .await
        .unwrap()
        .unwrap();
    let inbound_id = fake
        .waha_inbound(SESSION, "11111111111", "Check this out!")
        .unwrap();
    let reply = fake
        .waha_inbound_message(
            SESSION,
            json!({"from": "12132132130", "body": "Thanks", "replyTo": sent_id}),
        )
        .unwrap();
    let group = fake
        .waha_inbound_message(
            SESSION,
            json!({"from": "120363000000000001@g.us", "participant": "33333333333@c.us",
                   "body": "Hello group"}),
        )
        .unwrap();
    // Acks come only because ensure_session turned WEBJS's tagsEventsOn on.
    wait_hits(&hook, "every event", |h| {
        count(h, "message.any") == 4 && count(h, "message.ack") == 3
    })
    .await;
    let hits = hook.hits();
    // Only what we subscribed to: no `message` duplicates.
    assert_eq!(count(&hits, "message"), 0);

    let mut messages = Vec::new();
    let mut acks = Vec::new();
    let mut statuses = Vec::new();
    let mut event_ids = std::collections::HashSet::new();
    for hit in &hits {
        let signature = hit.header("x-webhook-hmac").unwrap();
        assert!(signature_ok(
            HMAC_KEY.as_bytes(),
            hit.body.as_bytes(),
            signature
        ));
        assert!(!signature_ok(
            b"another-key",
            hit.body.as_bytes(),
            signature
        ));
        let envelope = parse_envelope(hit.body.as_bytes()).unwrap();
        assert!(envelope.id.starts_with("evt_"), "{}", envelope.id);
        assert!(event_ids.insert(envelope.id.clone()));
        assert!(envelope.timestamp_ms > 1_000_000_000_000, "milliseconds");
        assert_eq!(envelope.session, SESSION);
        match envelope.event {
            Event::Message(m) => messages.push(m),
            Event::Ack(a) => acks.push(a),
            Event::Status(s) => {
                // Once linked, every event names the paired account: WORKING learns the number.
                if s.status == "WORKING" {
                    assert_eq!(envelope.me.as_deref(), Some("79111111111@c.us"));
                } else if s.status == "SCAN_QR_CODE" {
                    assert_eq!(envelope.me, None);
                }
                statuses.push(s.status);
            }
            Event::Other(name) => panic!("unexpected event {name}"),
        }
    }
    assert!(
        statuses.ends_with(&[
            "STARTING".to_owned(),
            "SCAN_QR_CODE".to_owned(),
            "WORKING".to_owned()
        ]),
        "{statuses:?}"
    );

    let now_s = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let ours = messages.iter().find(|m| m.id == sent_id).unwrap();
    assert!(ours.from_me);
    assert_eq!(ours.source.as_deref(), Some("api"));
    assert_eq!(ours.from, "79111111111@c.us");
    assert_eq!(ours.chat_id(), "12132132130@c.us");
    assert_eq!(ours.body.as_deref(), Some("Hi there!"));
    assert_eq!(ours.ack, Some(0));

    let theirs = messages.iter().find(|m| m.id == inbound_id).unwrap();
    assert!(!theirs.from_me);
    assert_eq!(theirs.chat_id(), "11111111111@c.us");
    assert_eq!(theirs.to.as_deref(), Some("79111111111@c.us"));
    assert_eq!(theirs.body.as_deref(), Some("Check this out!"));
    assert!(!theirs.has_media);
    assert_eq!(theirs.media, None);
    assert_eq!(theirs.ack, Some(1));
    assert_eq!(theirs.participant, None);
    assert_eq!(theirs.reply_to, None);
    assert_eq!(theirs.push_name, None);
    assert!((theirs.timestamp_s - now_s).abs() < 60, "seconds");

    let answer = messages.iter().find(|m| m.id == reply["id"]).unwrap();
    assert_eq!(answer.reply_to.as_deref(), Some(sent_id.as_str()));
    assert_eq!(answer.chat_id(), "12132132130@c.us");

    let in_group = messages.iter().find(|m| m.id == group["id"]).unwrap();
    assert_eq!(in_group.chat_id(), "120363000000000001@g.us");
    assert_eq!(in_group.participant.as_deref(), Some("33333333333@c.us"));

    let ticks: Vec<i8> = acks.iter().map(|a| a.ack).collect();
    assert_eq!(ticks, [1, 2, 3]);
    for a in &acks {
        assert_eq!(a.id, sent_id);
        assert!(a.from_me);
        assert_eq!(a.to.as_deref(), Some("12132132130@c.us"));
        assert_eq!(a.from.as_deref(), Some("79111111111@c.us"));
    }
}

#[test]
fn hand_written_bodies_group_messages_unknown_events_and_bad_input() {
    // A group message as another engine might send it: numeric strings, extra fields, `_data`.
    let group = json!({
        "id": "evt_01jnqz2y8m4k7v3x5w9t6r1p0a", "timestamp": "1741249702485",
        "event": "message", "session": "inbox-7f3a", "engine": "NOWEB",
        "me": {"id": "79111111111@c.us", "pushName": "~"},
        "metadata": {"switchboard.channel": "7f3a"},
        "environment": {"version": "2026.7.1", "engine": "NOWEB", "tier": "CORE"},
        "payload": {
            "id": "false_120363000000000001@g.us_AAAA_33333333333@c.us", "timestamp": 1741249702,
            "from": "120363000000000001@g.us", "fromMe": false, "to": "79111111111@c.us",
            "participant": "33333333333@c.us", "body": "Hello group", "hasMedia": false,
            "media": null, "ack": 7, "ackName": "UNKNOWN",
            "replyTo": {"id": "AAAAAAAAAAAAAAAAAAAA", "participant": null, "body": "hi"},
            "_data": {"notifyName": "Asha", "pushName": "Asha"}, "newField": [1, 2],
        },
    });
    let envelope = parse_envelope(group.to_string().as_bytes()).unwrap();
    assert_eq!(envelope.id, "evt_01jnqz2y8m4k7v3x5w9t6r1p0a");
    assert_eq!(envelope.timestamp_ms, 1_741_249_702_485);
    let Event::Message(m) = envelope.event else {
        panic!("a message");
    };
    assert_eq!(m.chat_id(), "120363000000000001@g.us");
    assert_eq!(m.participant.as_deref(), Some("33333333333@c.us"));
    assert_eq!(m.timestamp_s, 1_741_249_702);
    assert_eq!(m.ack, Some(7));
    assert_eq!(m.reply_to.as_deref(), Some("AAAAAAAAAAAAAAAAAAAA"));
    // `_data` is never read.
    assert_eq!(m.push_name, None);

    // Our own message typed on the phone: the chat is `to`.
    let typed = json!({"id": "evt_x", "timestamp": 1, "event": "message.any", "session": "s",
        "payload": {"id": "true_5@c.us_B", "timestamp": 2, "from": "7@c.us", "fromMe": true,
                    "source": "app", "to": "5@c.us", "hasMedia": true, "media": null}});
    let Event::Message(m) = parse_envelope(typed.to_string().as_bytes()).unwrap().event else {
        panic!("a message");
    };
    assert_eq!((m.chat_id(), m.source.as_deref()), ("5@c.us", Some("app")));
    assert!(m.has_media && m.media.is_none());

    // Unknown events by name, including the group read receipts.
    for name in ["presence.update", "message.ack.group", "message.reaction"] {
        let body = json!({"id": "evt_y", "timestamp": 1, "event": name, "session": "s",
                          "payload": {"anything": true}});
        assert_eq!(
            parse_envelope(body.to_string().as_bytes()).unwrap().event,
            Event::Other(name.to_owned())
        );
    }

    // Refused: not JSON, a missing field, a mistyped field (without quoting it), too big.
    let refused = |body: &[u8]| match parse_envelope(body) {
        Err(GatewayError::Refused(why)) => why,
        other => panic!("not refused: {other:?}"),
    };
    assert!(refused(b"{not json").contains("not JSON"));
    let no_id = json!({"timestamp": 1, "event": "message", "session": "s", "payload": {}});
    assert!(refused(no_id.to_string().as_bytes()).contains("missing field `id`"));
    let secret_text = json!({"id": "evt_z", "timestamp": 1, "event": "message.ack", "session": "s",
                             "payload": {"id": "m", "ack": "private words"}});
    let why = refused(secret_text.to_string().as_bytes());
    assert!(!why.contains("private words"), "{why}");
    let status_without = json!({"id": "e", "timestamp": 1, "event": "session.status",
                                "session": "s", "payload": {"name": "s"}});
    assert!(refused(status_without.to_string().as_bytes()).contains("missing field `status`"));
    let huge = format!(
        r#"{{"id":"e","timestamp":1,"event":"x","session":"s","payload":"{}"}}"#,
        "a".repeat(1024 * 1024)
    );
    assert!(refused(huge.as_bytes()).contains("larger than"));
}
