//! A contact's page (issue #29): its timeline — chats, calls, notes, tasks, deals, tickets,
//! logged calls — newest first and paged by a cursor that walks every entry once; an employee
//! sees their own chats and notes, not the admin's; notes and tasks made from a contact reach
//! every CRM it is linked to (the HubSpot and Zoho fakes), a 429 waited out; over real HTTP on
//! SQLite and PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use testkit::{db_test, TestApp};

const CHAT: &str = "919822223333@c.us";

async fn send_messages(
    app: &TestApp,
    session: &str,
    org_id: i64,
    user: i64,
    from: i64,
    n: i64,
    tag: &str,
) {
    let events: Vec<Value> = (0..n)
        .map(|i| {
            json!({ "MessageId": format!("{tag}-{i}"), "Message": format!("{tag} message {i}"),
                    "Chatid": CHAT, "Ack": 2, "Datetime": from + i * 1_000,
                    "Direction": if i % 2 == 0 { "INCOMING" } else { "OUTGOING" },
                    "CreatedByUser": user.to_string(), "senderName": "Rhea", "ChannelName": "Rhea" })
        })
        .collect();
    let stored = app
        .post_ok(
            "/api/v2/events/messages",
            session,
            json!({ "org_id": org_id, "events": events }),
        )
        .await;
    assert_eq!(stored["data"]["stored"], n, "{stored}");
}

async fn timeline(
    app: &TestApp,
    session: &str,
    org_id: i64,
    id: i64,
    before: Option<&str>,
) -> Value {
    let mut path = format!("/api/contacts/{id}/timeline?org_id={org_id}");
    if let Some(b) = before {
        path.push_str(&format!("&before={b}"));
    }
    app.get_ok(&path, session).await
}

/// Every entry of the timeline, page after page.
async fn walk(app: &TestApp, session: &str, org_id: i64, id: i64) -> Vec<Value> {
    let mut all = Vec::new();
    let mut before: Option<String> = None;
    for _ in 0..20 {
        let page = timeline(app, session, org_id, id, before.as_deref()).await;
        let items = page["items"].as_array().unwrap();
        assert!(items.len() <= 50);
        all.extend(items.iter().cloned());
        match page["next"].as_str() {
            Some(n) => before = Some(n.to_owned()),
            None => return all,
        }
    }
    panic!("the timeline never ended");
}

async fn contact_id(app: &TestApp, session: &str, org_id: i64) -> i64 {
    let list = app
        .get_ok(
            &format!("/api/contacts?org_id={org_id}&q=9822223333"),
            session,
        )
        .await;
    list["items"][0]["id"].as_i64().unwrap()
}

db_test!(
    a_contacts_timeline_holds_everything_newest_first_and_pages_without_loss,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let admin_id = app.get_ok("/api/auth/session", &org.admin).await["user"]["id"]
            .as_i64()
            .unwrap();
        let priya = app.member(&org, "priya@acme.test", 3).await;
        let start = app.clock.now_ms() - 3_600_000;
        // 70 of the admin's messages, 5 of Priya's, with the same customer.
        send_messages(&app, &org.admin, org.org_id, admin_id, start, 70, "ana").await;
        send_messages(
            &app,
            &priya.session,
            org.org_id,
            priya.user_id,
            start + 500,
            5,
            "priya",
        )
        .await;
        let calls = json!({ "org_id": org.org_id, "events": [
            { "id": "call-1", "Datetime": start + 100_000, "Direction": 3, "Duration": 0,
              "Chatid": CHAT, "CreatedByUser": admin_id.to_string() }] });
        app.post_ok("/api/v2/events/calls", &org.admin, calls).await;
        let id = contact_id(&app, &org.admin, org.org_id).await;

        let (status, note) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{id}/notes"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "body": "Wants the annual plan" })),
            )
            .await;
        assert_eq!(status, 201, "{note}");
        assert_eq!(note["written_to"], json!([]));
        let (status, deal) = app
            .call(
                Method::POST,
                "/api/deals",
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "contact_id": id, "name": "Annual plan" })),
            )
            .await;
        assert_eq!(status, 201, "{deal}");
        let (status, _) = app
            .call(
                Method::POST,
                "/api/tickets",
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "contact_id": id, "name": "Invoice copy" })),
            )
            .await;
        assert_eq!(status, 201);

        let first = timeline(&app, &org.admin, org.org_id, id, None).await;
        let kinds: Vec<&str> = first["items"].as_array().unwrap()[..3]
            .iter()
            .map(|i| i["kind"].as_str().unwrap())
            .collect();
        // Made last, at the same instant: the ticket, the deal, the note.
        assert_eq!(kinds, ["ticket", "deal", "note"], "{first}");
        assert_eq!(first["items"][2]["text"], "Wants the annual plan");
        assert!(first["next"].is_string());

        let all = walk(&app, &org.admin, org.org_id, id).await;
        assert_eq!(all.len(), 70 + 5 + 1 + 3);
        let keys: BTreeSet<(String, i64)> = all
            .iter()
            .map(|i| {
                (
                    i["kind"].as_str().unwrap().to_owned(),
                    i["id"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(keys.len(), all.len(), "an entry came twice");
        let times: Vec<&str> = all.iter().map(|i| i["at"].as_str().unwrap()).collect();
        let mut sorted = times.clone();
        sorted.sort_by(|a, b| b.cmp(a));
        assert_eq!(times, sorted, "not newest first");
        let call = all.iter().find(|i| i["kind"] == "call").unwrap();
        assert_eq!(
            (&call["direction"], &call["user_id"]),
            (&json!("missed"), &json!(admin_id))
        );
        let oldest = all.last().unwrap();
        assert_eq!(
            (&oldest["kind"], &oldest["text"], &oldest["direction"]),
            (
                &json!("message"),
                &json!("ana message 0"),
                &json!("incoming")
            )
        );

        // With nobody owning the contact, Priya sees it and her own chats with the customer,
        // not the admin's chats, call or note.
        app.call(
            Method::PATCH,
            &format!("/api/contacts/{id}"),
            Some(&org.admin),
            Some(json!({ "org_id": org.org_id, "owner_id": 0 })),
        )
        .await;
        let hers = walk(&app, &priya.session, org.org_id, id).await;
        let messages: Vec<&Value> = hers.iter().filter(|i| i["kind"] == "message").collect();
        assert_eq!(messages.len(), 5, "{hers:?}");
        assert!(messages.iter().all(|m| m["user_id"] == priya.user_id));
        assert!(!hers
            .iter()
            .any(|i| i["kind"] == "note" || i["kind"] == "call"));
        assert_eq!(hers.iter().filter(|i| i["kind"] == "deal").count(), 1);

        // A cursor this route did not give is refused.
        for bad in ["x", "1.9.1", "1.2"] {
            let (status, body) = app
                .call(
                    Method::GET,
                    &format!(
                        "/api/contacts/{id}/timeline?org_id={}&before={bad}",
                        org.org_id
                    ),
                    Some(&org.admin),
                    None,
                )
                .await;
            assert_eq!(status, 422, "{bad}: {body}");
            assert_eq!(body["error"]["fields"]["before"], "value_invalid");
        }
    }
);

db_test!(
    notes_and_tasks_made_from_a_contact_reach_hubspot_and_zoho,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        app.connect_crm(&org.admin, org.workspace_id, "zoho").await;
        let (status, c) = app
            .call(Method::POST, "/api/contacts", Some(&org.admin),
                  Some(json!({ "org_id": org.org_id, "phone": "+919822223333", "name": "Rhea Kapoor" })))
            .await;
        assert_eq!(status, 201, "{c}");
        let id = c["id"].as_i64().unwrap();
        let mut crm_ids = Vec::new();
        for provider in ["hubspot", "zoho"] {
            let (status, link) = app
                .call(
                    Method::POST,
                    &format!("/api/contacts/{id}/crm/{provider}/create"),
                    Some(&org.admin),
                    Some(json!({ "org_id": org.org_id })),
                )
                .await;
            assert_eq!(status, 201, "{link}");
            crm_ids.push(link["crm_id"].as_str().unwrap().to_owned());
        }

        // Refused input keeps nothing and names the field.
        let (status, bad) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{id}/notes"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "body": "  " })),
            )
            .await;
        assert_eq!(
            (status, &bad["error"]["fields"]["body"]),
            (422, &json!("fields_required"))
        );
        let (status, bad) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{id}/tasks"),
                Some(&org.admin),
                Some(
                    json!({ "org_id": org.org_id, "title": "Call back", "due": "2020-01-01T10:00",
                               "time_zone": "Asia/Kolkata" }),
                ),
            )
            .await;
        assert_eq!(status, 422, "{bad}");
        assert!(bad["error"]["fields"]["due"].is_string(), "{bad}");

        // HubSpot answers 429 once: waited out, still written.
        app.fake.rate_limit("hubspot", 1);
        let (status, note) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{id}/notes"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "body": "Asked for a quote\nTwo seats" })),
            )
            .await;
        assert_eq!(status, 201, "{note}");
        assert_eq!(note["written_to"], json!(["hubspot", "zoho"]));
        assert_eq!(note["failed"], json!([]));
        let hub_note = app
            .fake
            .crm_activities("hubspot")
            .into_iter()
            .find(|a| a["body"] == "Asked for a quote\nTwo seats")
            .expect("HubSpot's note");
        assert_eq!(hub_note["contact_id"], crm_ids[0]);
        let zoho_note = app
            .fake
            .crm_activities("zoho")
            .into_iter()
            .find(|a| a["body"] == "Asked for a quote\nTwo seats")
            .expect("Zoho's note");
        assert_eq!(
            (&zoho_note["contact_id"], &zoho_note["title"]),
            (&json!(crm_ids[1]), &json!("Asked for a quote"))
        );

        let due_local = "2031-03-14T09:30";
        let (status, task) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{id}/tasks"),
                Some(&org.admin),
                Some(
                    json!({ "org_id": org.org_id, "title": "Send the quote", "notes": "Two seats",
                               "due": due_local, "time_zone": "Asia/Kolkata" }),
                ),
            )
            .await;
        assert_eq!(status, 201, "{task}");
        assert_eq!(task["written_to"], json!(["hubspot", "zoho"]));
        // 09:30 in Kolkata is 04:00 UTC.
        let due_ms = chrono::DateTime::parse_from_rfc3339("2031-03-14T04:00:00Z")
            .unwrap()
            .timestamp_millis();
        let hub_task = app
            .fake
            .crm_activities("hubspot")
            .into_iter()
            .find(|a| a["kind"] == "task")
            .expect("HubSpot's task");
        assert_eq!(
            (
                &hub_task["subject"],
                &hub_task["timestamp"],
                &hub_task["contact_id"]
            ),
            (
                &json!("Send the quote"),
                &json!(due_ms.to_string()),
                &json!(crm_ids[0])
            )
        );
        let zoho_task = app
            .fake
            .crm_activities("zoho")
            .into_iter()
            .find(|a| a["kind"] == "task")
            .expect("Zoho's task");
        assert_eq!(
            (&zoho_task["due_date"], &zoho_task["contact_id"]),
            (&json!("2031-03-14"), &json!(crm_ids[1]))
        );

        // Both are the admin's note and follow-up of the chat, on the timeline.
        let page = timeline(&app, &org.admin, org.org_id, id, None).await;
        let task_item = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["kind"] == "task")
            .unwrap();
        assert_eq!(
            (&task_item["title"], &task_item["status"]),
            (&json!("Send the quote"), &json!("open"))
        );
        let notes = app
            .get_ok(
                &format!(
                    "/api/manage/notes?org_id={}&contact=919822223333",
                    org.org_id
                ),
                &org.admin,
            )
            .await;
        assert_eq!(notes["data"].as_array().map(Vec::len), Some(1), "{notes}");

        // A link whose token is refused and cannot be renewed: the note is kept and the
        // failure reported.
        app.fake.expire_access_tokens("zoho");
        app.fake.refuse_refresh("zoho", true);
        let (status, partial) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{id}/notes"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "body": "Paid by card" })),
            )
            .await;
        assert_eq!(status, 201, "{partial}");
        assert_eq!(partial["written_to"], json!(["hubspot"]));
        assert_eq!(partial["failed"][0]["provider"], "zoho");
    }
);
