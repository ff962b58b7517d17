//! HubSpot's contact webhooks (issue #29 "the CRMs' change webhooks"): a signed announcement
//! brings the change made in HubSpot without waiting for the hourly pull — read with the
//! member's own token, settled as a pull settles it — while an unsigned, wrongly signed or
//! replayed one is refused and reads nothing. Real HTTP, both databases.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use connectors::hubspot_webhooks::sign;
use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, fake, TestApp};

const PATH: &str = "/api/contacts/crm/hubspot/webhook";
/// The URL HubSpot signs: the public URL (the tests' default) and the path.
const SIGNED_URL: &str = "http://127.0.0.1:8080/api/contacts/crm/hubspot/webhook";

async fn deliver(app: &TestApp, body: &Value, timestamp: i64, secret: &str) -> (u16, Value) {
    let raw = serde_json::to_vec(body).unwrap();
    let ts = timestamp.to_string();
    let signature = sign(secret.as_bytes(), ("POST", SIGNED_URL), &raw, &ts);
    let res = app
        .client
        .post(app.url(PATH))
        .header("content-type", "application/json")
        .header("x-hubspot-request-timestamp", ts)
        .header("x-hubspot-signature-v3", signature)
        .body(raw)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

db_test!(
    a_signed_hubspot_announcement_brings_the_change_and_a_forged_one_reads_nothing,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        let (status, c) = app
            .call(Method::POST, "/api/contacts", Some(&org.admin),
                  Some(json!({ "org_id": org.org_id, "phone": "+919822223333", "name": "Rhea Kapoor" })))
            .await;
        assert_eq!(status, 201, "{c}");
        let id = c["id"].as_i64().unwrap();
        let (status, link) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{id}/crm/hubspot/create"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id })),
            )
            .await;
        assert_eq!(status, 201, "{link}");
        let crm_id = link["crm_id"].as_str().unwrap().to_owned();
        let later = app.clock.now_ms() + 60_000;
        app.fake.hubspot_edit(
            &crm_id,
            json!({ "company": "Kapoor Textiles" }),
            Some(later),
        );
        let events = json!([
            { "eventId": 1, "subscriptionId": 7, "portalId": 62515, "appId": 1160452,
              "occurredAt": later, "subscriptionType": "contact.propertyChange", "attemptNumber": 0,
              "objectId": crm_id.parse::<i64>().unwrap(), "propertyName": "company",
              "propertyValue": "Forged in the event", "changeSource": "CRM_UI" },
            { "eventId": 2, "subscriptionType": "contact.propertyChange", "objectId": 99999999,
              "propertyName": "company", "propertyValue": "Nobody's" }
        ]);
        let now = app.clock.now_ms();
        let before = app.fake.received_under("/hubspot-api").len();

        // Refused: no signature, another secret, a replay six minutes old.
        let res = app
            .client
            .post(app.url(PATH))
            .json(&events)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 400);
        let (status, body) = deliver(&app, &events, now, "not-the-app-secret").await;
        assert_eq!(
            (status, &body["error"]["code"]),
            (400, &json!("signature_invalid"))
        );
        let (status, _) = deliver(&app, &events, now - 360_000, fake::OAUTH_CLIENT_SECRET).await;
        assert_eq!(status, 400);
        assert_eq!(
            app.fake.received_under("/hubspot-api").len(),
            before,
            "a refused delivery read HubSpot"
        );

        let (status, body) = deliver(&app, &events, now, fake::OAUTH_CLIENT_SECRET).await;
        assert_eq!((status, &body["received"]), (200, &json!(true)), "{body}");
        // Read from HubSpot with the admin's token: HubSpot's value, not the event's.
        let mut seen = Value::Null;
        for _ in 0..100 {
            seen = app
                .get_ok(
                    &format!("/api/contacts/{id}?org_id={}", org.org_id),
                    &org.admin,
                )
                .await;
            if seen["company"] == "Kapoor Textiles" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(seen["company"], "Kapoor Textiles", "{seen}");
        let history = app
            .get_ok(
                &format!("/api/contacts/{id}/history?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert!(
            history
                .as_array()
                .unwrap()
                .iter()
                .any(|h| h["field"] == "company" && h["origin"] == "crm"),
            "{history}"
        );
    }
);

async fn notify(app: &TestApp, body: &Value) -> (u16, Value) {
    let res = app
        .client
        .post(app.url("/api/contacts/crm/zoho/notify"))
        .json(body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

db_test!(
    a_zoho_channel_is_kept_by_the_pull_and_its_notification_brings_the_change,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "zoho").await;
        let (status, c) = app
            .call(Method::POST, "/api/contacts", Some(&org.admin),
                  Some(json!({ "org_id": org.org_id, "phone": "+919822223333", "name": "Rhea Kapoor" })))
            .await;
        assert_eq!(status, 201, "{c}");
        let id = c["id"].as_i64().unwrap();
        let (status, link) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{id}/crm/zoho/create"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id })),
            )
            .await;
        assert_eq!(status, 201, "{link}");
        let crm_id = link["crm_id"].as_str().unwrap().to_owned();
        let pull = || {
            app.ok(
                Method::POST,
                "/api/contacts/crm/pull",
                &org.admin,
                Some(json!({ "org_id": org.org_id })),
            )
        };

        // The pull subscribes the member link's channel, once.
        pull().await;
        let watches = app.fake.zoho_watches();
        assert_eq!(watches.len(), 1, "{watches:?}");
        let w = watches[0].clone();
        assert_eq!(
            w["notify_url"],
            "http://127.0.0.1:8080/api/contacts/crm/zoho/notify"
        );
        assert_eq!(w["events"], json!(["Contacts.create", "Contacts.edit"]));
        pull().await;
        assert_eq!(
            app.fake.zoho_watches()[0]["token"],
            w["token"],
            "renewed too early"
        );

        let later = app.clock.now_ms() + 60_000;
        app.fake
            .zoho_edit(&crm_id, json!({ "Title": "Head buyer" }), Some(later));
        let note = |token: &Value, channel: &Value| {
            json!({
            "server_time": later, "query_params": {}, "module": "Contacts",
            "resource_uri": "https://www.zohoapis.com/crm/v2/Contacts", "ids": [crm_id],
            "affected_fields": [{ crm_id.clone(): ["Title"] }], "operation": "update",
            "channel_id": channel, "token": token })
        };
        let (status, body) = notify(&app, &note(&json!("not-the-token"), &w["channel_id"])).await;
        assert_eq!(
            (status, &body["error"]["code"]),
            (400, &json!("signature_invalid"))
        );
        let (status, _) = notify(&app, &note(&w["token"], &json!("999999"))).await;
        assert_eq!(status, 400);
        let (status, _) = notify(&app, &json!({ "channel_id": [] })).await;
        assert_eq!(status, 400);

        let (status, body) = notify(&app, &note(&w["token"], &w["channel_id"])).await;
        assert_eq!(status, 200, "{body}");
        let mut seen = Value::Null;
        for _ in 0..100 {
            seen = app
                .get_ok(
                    &format!("/api/contacts/{id}?org_id={}", org.org_id),
                    &org.admin,
                )
                .await;
            if seen["job_title"] == "Head buyer" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(seen["job_title"], "Head buyer", "{seen}");

        // Near its end the pull renews the channel; the old token no longer opens it.
        app.clock.advance(22 * 3_600_000);
        pull().await;
        let renewed = app.fake.zoho_watches();
        assert_eq!(renewed.len(), 1);
        assert_ne!(renewed[0]["token"], w["token"]);
        let (status, _) = notify(&app, &note(&w["token"], &w["channel_id"])).await;
        assert_eq!(status, 400);
    }
);
