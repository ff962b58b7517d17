//! The sync engine over real HTTP on SQLite and PostgreSQL (issue #7): chat messages ingested
//! through `v2/events/messages` reach the organisation's webhook signed in the Standard Webhooks
//! scheme with the spec's sample fields; a receiver that fails twice gets the message on the
//! third try; one that always fails (or redirects) ends dead-lettered, visible in the log, and
//! "resend" delivers it again with the same `webhook-id`; a resent batch delivers nothing twice;
//! label rules are checked by the domain and kept per employee; last sync reports the states.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use std::time::Duration;
use testkit::receiver::{Mode, WebhookReceiver};
use testkit::{Backend, TestApp};

/// A running app whose retries are quick, the receiver, and an organisation with its admin.
struct World {
    app: TestApp,
    hook: WebhookReceiver,
    admin: String,
    admin_id: i64,
    org_id: i64,
}

/// The server's warnings (and its own info lines) in the test's output.
pub(crate) fn log_warnings() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter("warn,server=info")
        .with_test_writer()
        .try_init();
}

/// The sync workers retry `tries` times at most, quickly, and poll often.
pub(crate) fn quick_retries(c: &mut server::config::Config, tries: u32) {
    c.sync.max_attempts = tries;
    c.sync.backoff_base_ms = 40;
    c.sync.backoff_max_ms = 200;
    c.sync.poll_ms = 25;
}

async fn world(backend: Backend, mode: Mode, tries: u32) -> World {
    log_warnings();
    let hook = WebhookReceiver::start(mode).await.unwrap();
    let hook_addr = hook.addr;
    let app = testkit::spawn_app_with(backend, |c| {
        c.address_allow.push(hook_addr);
        quick_retries(c, tries);
        c.sync.webhook_timeout_ms = 2_000;
    })
    .await
    .unwrap();
    let org = app
        .organisation_with(
            "owner@sync.test",
            json!({ "org_name": "Sync Traders", "time_zone": "Asia/Kolkata" }),
        )
        .await;
    let (admin, admin_id, org_id) = (org.admin, org.workspace_id, org.org_id);
    World {
        app,
        hook,
        admin,
        admin_id,
        org_id,
    }
}

impl World {
    async fn last_sync(&self) -> Value {
        let path = format!(
            "/api/v1/whatzapp/integrations/lastsync?org_id={}",
            self.org_id
        );
        self.app.get_ok(&path, &self.admin).await
    }

    /// `who` resends delivery `id` of the organisation's log.
    async fn resend(&self, id: i64, who: &str) -> (u16, Value) {
        let path = format!("/api/v1/whatzapp/webhook/deliveries/{id}/resend");
        let body = json!({ "org_id": self.org_id });
        self.app.call_as(Method::POST, &path, who, Some(body)).await
    }

    /// Saves the webhook on and answers the signing secret shown once.
    async fn webhook_on(&self) -> String {
        let v = self
            .app
            .post_ok(
                "/api/v1/whatzapp/webhook/endpoints",
                &self.admin,
                json!({
                    "org_id": self.org_id, "duplex_webhook": self.hook.url(),
                    "auth_token": "tok-123456", "status": 1
                }),
            )
            .await;
        assert_eq!(v["data"]["has_signing_secret"], true, "{v}");
        let secret = v["data"]["signing_secret"].as_str().unwrap().to_owned();
        assert!(secret.starts_with("whsec_"));
        // Shown once: the next read has no secret.
        let again = self
            .app
            .get_ok(
                &format!("/api/v1/whatzapp/webhook/endpoints?org_id={}", self.org_id),
                &self.admin,
            )
            .await;
        assert!(again["data"].get("signing_secret").is_none(), "{again}");
        secret
    }

    fn message(&self, id: &str, labels: &[&str]) -> Value {
        let at = chrono::Utc::now().timestamp_millis() - 60_000;
        json!({
            "MessageId": id, "Message": format!("hello from {id}"), "Chatid": "919812345678@c.us",
            "Ack": 1, "Datetime": at, "Direction": "OUTGOING", "ChannelName": "WhatsApp",
            "CreatedByUser": self.admin_id.to_string(), "senderName": "Asha", "Labels": labels
        })
    }

    async fn send(&self, events: Vec<Value>) -> Value {
        self.app
            .post_ok(
                "/api/v2/events/messages",
                &self.admin,
                json!({ "org_id": self.org_id, "events": events }),
            )
            .await
    }

    async fn log(&self) -> Vec<Value> {
        let v = self
            .app
            .get_ok(
                &format!("/api/v1/whatzapp/webhook/deliveries?org_id={}", self.org_id),
                &self.admin,
            )
            .await;
        v["data"]["deliveries"].as_array().unwrap().clone()
    }

    /// Waits until every delivery in the log has `status`.
    async fn settle(&self, n: usize, status: &str) -> Vec<Value> {
        for _ in 0..300 {
            let log = self.log().await;
            if log.len() == n && log.iter().all(|d| d["status"] == status) {
                return log;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!(
            "deliveries did not all become {status}: {:?}",
            self.log().await
        );
    }
}

macro_rules! both {
    ($name:ident) => {
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$name(testkit::Backend::Sqlite).await;
            }

            #[tokio::test]
            async fn postgres() {
                if testkit::postgres_available().await {
                    super::$name(testkit::Backend::Postgres).await;
                }
            }
        }
    };
}

async fn messages_reach_the_webhook_signed_with_the_sample_fields_once_each(backend: Backend) {
    let w = world(backend, Mode::Accept, 3).await;
    let secret = w.webhook_on().await;
    let batch = vec![
        w.message("m-1", &["lead"]),
        w.message("m-2", &[]),
        w.message("m-3", &[]),
    ];
    let v = w.send(batch.clone()).await;
    assert_eq!(v["data"]["stored"], 3, "{v}");
    assert!(
        w.hook
            .wait_for(Duration::from_secs(15), |h| h.len() >= 3)
            .await
    );
    w.settle(3, "delivered").await;

    let hits = w.hook.hits();
    assert_eq!(hits.len(), 3);
    for hit in &hits {
        let id = hit.webhook_id.as_deref().unwrap();
        assert!(id.starts_with("msg_"), "{id}");
        let ts = hit.timestamp.unwrap();
        assert!((ts - chrono::Utc::now().timestamp()).abs() < 60);
        let sig = hit.signature.as_deref().unwrap();
        assert!(
            connectors::webhook::verify(&secret, id, ts, hit.body.as_bytes(), sig),
            "the signature verifies with the documented scheme"
        );
        assert!(!connectors::webhook::verify(&secret, id, ts, b"{}", sig));
        assert_eq!(hit.authorization.as_deref(), Some("Bearer tok-123456"));
        let body: Value = serde_json::from_str(&hit.body).unwrap();
        for field in [
            "MessageId",
            "Message",
            "Chatid",
            "File",
            "FileName",
            "Ack",
            "Datetime",
            "Date",
            "Direction",
            "SentById",
            "ChannelName",
            "ChannelId",
            "SentByNumber",
            "sentByUserId",
            "CreatedByUser",
            "senderName",
        ] {
            assert!(body.get(field).is_some(), "{field} missing from {body}");
        }
        assert_eq!(body["Direction"], "OUTGOING");
        assert_eq!(body["Chatid"], "919812345678@c.us");
        assert_eq!(body["CreatedByUser"], w.admin_id);
    }
    let first: Value =
        serde_json::from_str(&hits.iter().find(|h| h.body.contains("m-1")).unwrap().body).unwrap();
    assert_eq!(first["Labels"], json!(["lead"]));
    assert_eq!(first["Message"], "hello from m-1");

    // The same batch again: stored nothing, queued nothing, delivered nothing twice.
    let v = w.send(batch).await;
    assert_eq!(v["data"]["stored"], 0, "{v}");
    assert_eq!(v["data"]["duplicates"], 3, "{v}");
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(w.hook.count(), 3);
    assert_eq!(w.log().await.len(), 3);

    let last = w.last_sync().await;
    let hook = last["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["provider"] == "webhooks")
        .unwrap();
    assert_eq!(hook["sync_status"], "READY", "{last}");
    assert!(hook["last_sync_at"].as_i64().is_some());
    assert_eq!(hook["pending"], 0);
}
both!(messages_reach_the_webhook_signed_with_the_sample_fields_once_each);

async fn a_receiver_that_fails_twice_gets_the_message_on_the_third_try(backend: Backend) {
    let w = world(backend, Mode::FailNext(2), 3).await;
    w.webhook_on().await;
    w.send(vec![w.message("retry-1", &[])]).await;
    let log = w.settle(1, "delivered").await;
    assert_eq!(log[0]["attempts"], 3, "{log:?}");
    let hits = w.hook.hits();
    assert_eq!(
        hits.iter().map(|h| h.answered).collect::<Vec<_>>(),
        vec![500, 500, 200]
    );
    let ids: Vec<_> = hits.iter().map(|h| h.webhook_id.clone().unwrap()).collect();
    assert!(
        ids.iter().all(|i| *i == ids[0]),
        "one webhook-id across tries: {ids:?}"
    );
    assert_eq!(log[0]["webhook_id"], ids[0].as_str());
    // Backoff: each retry waited at least half the base delay.
    assert!(hits[1].at - hits[0].at >= Duration::from_millis(20));

    let tries = w
        .app
        .get_ok(
            &format!(
                "/api/v1/whatzapp/webhook/deliveries/{}/attempts?org_id={}",
                log[0]["id"], w.org_id
            ),
            &w.admin,
        )
        .await;
    let tries = tries["data"].as_array().unwrap();
    assert_eq!(tries.len(), 3);
    assert_eq!(tries[0]["status_code"], 500);
    assert_eq!(tries[0]["ok"], false);
    assert_eq!(tries[2]["status_code"], 200);
    assert_eq!(tries[2]["ok"], true);
    assert_eq!(tries[2]["attempt"], 3);
}
both!(a_receiver_that_fails_twice_gets_the_message_on_the_third_try);

async fn a_receiver_that_always_fails_ends_dead_lettered_and_resend_delivers_it(backend: Backend) {
    let w = world(backend, Mode::FailAlways, 3).await;
    w.webhook_on().await;
    w.send(vec![w.message("dead-1", &[])]).await;
    let log = w.settle(1, "dead").await;
    assert_eq!(log[0]["attempts"], 3);
    assert_eq!(log[0]["last_status_code"], 500);
    assert!(log[0]["last_error"].as_str().unwrap().contains("500"));
    assert_eq!(w.hook.count(), 3, "no try after the last");
    let last = w.last_sync().await;
    let hook = &last["data"][0];
    assert_eq!(hook["sync_status"], "ERROR", "{last}");
    assert_eq!(hook["dead"], 1);

    // The endpoint recovers; the admin resends from the log.
    w.hook.set_mode(Mode::Accept);
    let id = log[0]["id"].as_i64().unwrap();
    let (status, body) = w.resend(id, &w.admin).await;
    assert_eq!(status, 200, "{body}");
    let log = w.settle(1, "delivered").await;
    assert_eq!(log[0]["attempts"], 1);
    let hits = w.hook.hits();
    assert_eq!(hits.len(), 4);
    assert_eq!(
        hits[3].webhook_id, hits[0].webhook_id,
        "resend keeps the webhook-id"
    );

    // Another organisation's admin cannot see or resend it.
    let other = w.app.sign_in("stranger@sync.test").await.unwrap();
    let (status, _) = w.resend(id, &other).await;
    assert_eq!(status, 404);
    // The largest id there can be is simply not found (it once overflowed looking for it).
    let (status, _) = w.resend(i64::MAX, &w.admin).await;
    assert_eq!(status, 404);
}
both!(a_receiver_that_always_fails_ends_dead_lettered_and_resend_delivers_it);

async fn a_redirect_is_a_failed_delivery(backend: Backend) {
    let w = world(backend, Mode::Redirect, 1).await;
    w.webhook_on().await;
    w.send(vec![w.message("redirected", &[])]).await;
    let log = w.settle(1, "dead").await;
    assert_eq!(log[0]["last_status_code"], 302);
    assert!(log[0]["last_error"].as_str().unwrap().contains("redirect"));
    assert_eq!(w.hook.count(), 1, "the redirect is not followed");
}
both!(a_redirect_is_a_failed_delivery);

async fn a_webhook_that_is_off_gets_nothing_and_a_rotated_secret_signs_from_then_on(
    backend: Backend,
) {
    let w = world(backend, Mode::Accept, 3).await;
    w.webhook_on().await;
    w.app
        .post_ok(
            "/api/v1/whatzapp/webhook/endpoints",
            &w.admin,
            json!({ "org_id": w.org_id, "status": 0 }),
        )
        .await;
    w.send(vec![w.message("while-off", &[])]).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(w.log().await.is_empty());
    assert_eq!(w.hook.count(), 0);

    w.app
        .post_ok(
            "/api/v1/whatzapp/webhook/endpoints",
            &w.admin,
            json!({ "org_id": w.org_id, "status": 1 }),
        )
        .await;
    let rotated = w
        .app
        .post_ok(
            "/api/v1/whatzapp/webhook/endpoints/secret",
            &w.admin,
            json!({ "org_id": w.org_id }),
        )
        .await;
    let secret = rotated["data"]["signing_secret"]
        .as_str()
        .unwrap()
        .to_owned();
    w.send(vec![w.message("after-rotation", &[])]).await;
    assert!(
        w.hook
            .wait_for(Duration::from_secs(15), |h| h.len() == 1)
            .await
    );
    let hit = &w.hook.hits()[0];
    assert!(connectors::webhook::verify(
        &secret,
        hit.webhook_id.as_deref().unwrap(),
        hit.timestamp.unwrap(),
        hit.body.as_bytes(),
        hit.signature.as_deref().unwrap()
    ));
}
both!(a_webhook_that_is_off_gets_nothing_and_a_rotated_secret_signs_from_then_on);

async fn label_rules_are_checked_by_the_domain_and_kept_per_employee(backend: Backend) {
    let w = world(backend, Mode::Accept, 3).await;
    let path = format!(
        "/api/v2/crm-label-sync?org_id={}&user_id={}",
        w.org_id, w.admin_id
    );
    let empty = w.app.get_ok(&path, &w.admin).await;
    assert_eq!(empty["data"]["crmLabelSyncData"], json!([]));

    let bad = json!({ "org_id": w.org_id, "user_id": w.admin_id, "crmLabelSyncData": [
        { "crm_name": "hubspot", "included_labels": ["a"], "excluded_labels": ["a"] },
        { "crm_name": "pipedrive", "included_labels": [], "excluded_labels": [] }
    ]});
    let (status, body) = w
        .app
        .call_as(Method::PUT, "/api/v2/crm-label-sync", &w.admin, Some(bad))
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["error"]["fields"]["crmLabelSyncData[0]"],
        "label_in_both_lists"
    );
    assert_eq!(
        body["error"]["fields"]["crmLabelSyncData[1]"],
        "crm_unknown"
    );
    let still = w.app.get_ok(&path, &w.admin).await;
    assert_eq!(
        still["data"]["crmLabelSyncData"],
        json!([]),
        "nothing saved"
    );

    let good = json!({ "org_id": w.org_id, "user_id": w.admin_id, "crmLabelSyncData": [
        { "crm_name": " Zoho ", "included_labels": ["lead", "lead"], "excluded_labels": ["spam"] }
    ]});
    let saved = w.app.put_ok("/api/v2/crm-label-sync", &w.admin, good).await;
    assert_eq!(
        saved["data"]["crmLabelSyncData"],
        json!([{ "crm_name": "zoho", "included_labels": ["lead"], "excluded_labels": ["spam"] }])
    );

    // Somebody outside the organisation sees nothing of it.
    let other = w.app.sign_in("outsider@sync.test").await.unwrap();
    let (status, _) = w.app.call_as(Method::GET, &path, &other, None).await;
    assert_eq!(status, 404);
}
both!(label_rules_are_checked_by_the_domain_and_kept_per_employee);
