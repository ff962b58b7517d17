//! The public feedback form over real HTTP, on SQLite and PostgreSQL (issue #28): a visitor's
//! message is stored under the page's topic and the operator lists it; every refusal (a blank
//! or over-long field, a bad e-mail or WhatsApp number, an unknown field, a topic that is not a
//! slug, a body past the cap) stores nothing; the per-address allowance trips.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::admin::{expect_as_admin, operator};
use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp};

/// The limits count clients by `X-Forwarded-For` in these tests (every call comes from loopback).
fn behind_a_proxy(c: &mut server::config::Config) {
    c.trusted_proxy_hops = 1;
}

/// Sends `body` to the form of `topic` from the address `from`: status and body.
async fn send(app: &TestApp, topic: &str, body: Value, from: &str) -> (u16, Value) {
    let req = app
        .client
        .post(app.url(&format!("/api/feedback/{topic}")))
        .header("X-Forwarded-For", from)
        .json(&body);
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn form() -> Value {
    json!({
        "name": "Ana Souza",
        "email": "Ana@Example.com",
        "message": "Can we see a demo for a team of twelve?",
        "whatsapp": "+55 11 91234-5678",
    })
}

async fn stored(app: &TestApp) -> Value {
    let op = operator(app).await;
    expect_as_admin(200, app, &op, Method::GET, "/api/admin/feedback", None).await
}

db_test!(
    a_message_is_stored_under_its_topic_and_the_operator_lists_it,
    config = behind_a_proxy,
    |app| async move {
        let (status, body) = send(&app, "demo", form(), "203.0.113.1").await;
        assert_eq!(status, 204, "{body}");
        let minimal = json!({"name": "Bo", "email": "bo@example.org", "message": "Uninstalled: too many tabs"});
        let (status, body) = send(&app, "uninstall", minimal, "203.0.113.2").await;
        assert_eq!(status, 204, "{body}");
        let page = stored(&app).await;
        assert_eq!(page["total"], 2, "{page}");
        let newest = &page["items"][0];
        assert_eq!(newest["topic"], "uninstall");
        assert_eq!(newest["whatsapp"], Value::Null);
        let first = &page["items"][1];
        assert_eq!(first["topic"], "demo");
        assert_eq!(first["name"], "Ana Souza");
        assert_eq!(first["email"], "ana@example.com");
        assert_eq!(first["whatsapp"], "+5511912345678");
        assert_eq!(first["message"], "Can we see a demo for a team of twelve?");
        assert!(first["created_at"].as_str().unwrap().ends_with('Z'));
        // Not for anyone else: anonymous callers are refused.
        let res = app
            .client
            .get(app.url("/api/admin/feedback"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 401);
    }
);

db_test!(
    every_refused_message_names_its_field_and_stores_nothing,
    config = behind_a_proxy,
    |app| async move {
        let with = |field: &str, value: Value| {
            let mut f = form();
            f[field] = value;
            f
        };
        let cases = [
            (with("message", json!("   ")), "message", "fields_required"),
            (with("name", json!("")), "name", "fields_required"),
            (
                with("message", json!("x".repeat(5001))),
                "message",
                "value_invalid",
            ),
            (
                with("name", json!("n".repeat(121))),
                "name",
                "value_invalid",
            ),
            (
                with("email", json!("not-an-address")),
                "email",
                "email_invalid",
            ),
            (
                with("email", json!(format!("{}@example.com", "a".repeat(250)))),
                "email",
                "value_invalid",
            ),
            (
                with("whatsapp", json!("12345")),
                "whatsapp",
                "phone_invalid",
            ),
        ];
        for (i, (body, field, rule)) in cases.into_iter().enumerate() {
            let (status, answer) =
                send(&app, "contact", body, &format!("203.0.113.{}", i + 10)).await;
            assert_eq!(status, 422, "{field}: {answer}");
            assert_eq!(answer["error"]["code"], "validation_failed");
            assert_eq!(answer["error"]["fields"][field], rule, "{answer}");
        }
        // An unknown field, a missing one, a topic that is not a slug, a body past the cap.
        let mut extra = form();
        extra["admin"] = json!(true);
        let (status, answer) = send(&app, "contact", extra, "203.0.113.40").await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (400, Some("malformed_body"))
        );
        let (status, _) = send(
            &app,
            "contact",
            json!({"name": "x", "email": "x@y.z"}),
            "203.0.113.41",
        )
        .await;
        assert_eq!(status, 400);
        let (status, _) = send(&app, "Not%20A%20Slug", form(), "203.0.113.42").await;
        assert_eq!(status, 404);
        let (status, _) = send(&app, &"a".repeat(41), form(), "203.0.113.43").await;
        assert_eq!(status, 404);
        let huge = with("message", json!("x".repeat(3 * 1024 * 1024)));
        let (status, answer) = send(&app, "contact", huge, "203.0.113.44").await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (413, Some("payload_too_large"))
        );
        assert_eq!(stored(&app).await["total"], 0);
    }
);

db_test!(
    an_address_past_its_allowance_is_refused_for_the_minute,
    config = behind_a_proxy,
    |app| async move {
        let limit = server::routes::feedback::PER_CLIENT_PER_MINUTE;
        for _ in 0..limit {
            let (status, body) = send(&app, "contact", form(), "198.51.100.7").await;
            assert_eq!(status, 204, "{body}");
        }
        let (status, body) = send(&app, "contact", form(), "198.51.100.7").await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (429, Some("rate_limited"))
        );
        // Another address is not held back by it.
        let (status, _) = send(&app, "contact", form(), "198.51.100.8").await;
        assert_eq!(status, 204);
        app.clock.advance(60_000);
        let (status, _) = send(&app, "contact", form(), "198.51.100.7").await;
        assert_eq!(status, 204, "a new minute");
    }
);
