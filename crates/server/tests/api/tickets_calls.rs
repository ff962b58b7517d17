//! Tickets and call logs of a contact (issue #29), over real HTTP on SQLite and PostgreSQL: made,
//! changed along the ticket pipeline and removed; every refused field named at once; written to
//! the HubSpot fake's own tickets and calls when the contact is linked; unseen to a stranger.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, TestOrg};

async fn contact(app: &TestApp, org: &TestOrg, phone: &str) -> i64 {
    let (status, c) = app
        .call(
            Method::POST,
            "/api/contacts",
            Some(&org.admin),
            Some(json!({ "org_id": org.org_id, "phone": phone, "name": "Rhea Kapoor" })),
        )
        .await;
    assert_eq!(status, 201, "{c}");
    c["id"].as_i64().unwrap()
}

async fn post(app: &TestApp, org: &TestOrg, path: &str, body: Value) -> (u16, Value) {
    app.call(Method::POST, path, Some(&org.admin), Some(body))
        .await
}

db_test!(
    a_contacts_tickets_move_along_the_pipeline_and_reach_hubspot,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        let id = contact(&app, &org, "+919876543210").await;
        let (status, bad) = post(
            &app,
            &org,
            "/api/tickets",
            json!({ "org_id": org.org_id, "contact_id": id, "name": " ", "status": "pending",
                    "ticket_type": "refund" }),
        )
        .await;
        assert_eq!(status, 422, "{bad}");
        assert_eq!(
            bad["error"]["fields"],
            json!({ "name": "fields_required", "status": "value_invalid", "ticket_type": "value_invalid" })
        );

        // Not linked yet: the ticket stays here.
        let (status, first) = post(
            &app,
            &org,
            "/api/tickets",
            json!({ "org_id": org.org_id, "contact_id": id, "name": "Order arrived damaged" }),
        )
        .await;
        assert_eq!(status, 201, "{first}");
        assert_eq!(
            (&first["status"], &first["pipeline"], &first["crm_provider"]),
            (&json!("new"), &json!("support"), &Value::Null)
        );
        let (status, link) = post(
            &app,
            &org,
            &format!("/api/contacts/{id}/crm/hubspot/create"),
            json!({ "org_id": org.org_id }),
        )
        .await;
        assert_eq!(status, 201, "{link}");

        // Linked: written to HubSpot's support pipeline, associated with the contact.
        let (status, t) = post(
            &app,
            &org,
            "/api/tickets",
            json!({ "org_id": org.org_id, "contact_id": id, "name": "Refund for order 1042",
                    "description": "Paid twice", "ticket_type": "billing_issue" }),
        )
        .await;
        assert_eq!(status, 201, "{t}");
        assert_eq!(t["crm_provider"], "hubspot");
        let hub = app.fake.hubspot_tickets();
        assert_eq!(hub.len(), 1);
        assert_eq!(hub[0]["contact_id"], link["crm_id"]);
        assert_eq!(
            (
                &hub[0]["properties"]["subject"],
                &hub[0]["properties"]["hs_pipeline_stage"],
                &hub[0]["properties"]["hs_ticket_category"]
            ),
            (
                &json!("Refund for order 1042"),
                &json!("1"),
                &json!("BILLING_ISSUE")
            )
        );
        // Closed: stamped here, moved there.
        let tid = t["id"].as_i64().unwrap();
        let closed = app
            .ok(
                Method::PATCH,
                &format!("/api/tickets/{tid}"),
                &org.admin,
                Some(json!({ "org_id": org.org_id, "status": "closed", "description": "" })),
            )
            .await;
        assert!(closed["closed_at"].is_string(), "{closed}");
        assert_eq!(closed["description"], Value::Null);
        assert_eq!(
            app.fake.hubspot_tickets()[0]["properties"]["hs_pipeline_stage"],
            "4"
        );
        let list = app
            .get_ok(
                &format!("/api/tickets?org_id={}&contact_id={id}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(list.as_array().unwrap().len(), 2);
        assert_eq!(list[0]["id"], tid, "most recently changed first");

        // A stranger sees none of it; removing leaves HubSpot's.
        let stranger = app.sign_in("stranger@elsewhere.test").await.unwrap();
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/tickets?org_id={}&contact_id={id}", org.org_id),
                Some(&stranger),
                None,
            )
            .await;
        assert_eq!(status, 404);
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/tickets/{tid}?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(status, 204);
        assert_eq!(app.fake.hubspot_tickets().len(), 1);
    }
);

db_test!(
    a_call_is_logged_with_its_outcome_and_reaches_hubspot_as_a_call,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        let id = contact(&app, &org, "+919876543210").await;
        let (status, _) = post(
            &app,
            &org,
            &format!("/api/contacts/{id}/crm/hubspot/create"),
            json!({ "org_id": org.org_id }),
        )
        .await;
        assert_eq!(status, 201);
        let (status, bad) = post(
            &app,
            &org,
            "/api/calls",
            json!({ "org_id": org.org_id, "contact_id": id, "outcome": "hung_up",
                    "duration_secs": 90_000, "called_at": "2999-01-01T00:00:00Z" }),
        )
        .await;
        assert_eq!(status, 422, "{bad}");
        assert_eq!(
            bad["error"]["fields"],
            json!({ "outcome": "value_invalid", "duration_secs": "value_invalid", "called_at": "value_invalid" })
        );
        let (status, call) = post(
            &app,
            &org,
            "/api/calls",
            json!({ "org_id": org.org_id, "contact_id": id, "outcome": "connected",
                    "duration_secs": 312, "description": "Wants the annual plan",
                    "called_at": "2026-11-28T10:15:00+05:30" }),
        )
        .await;
        assert_eq!(status, 201, "{call}");
        assert_eq!(
            (&call["called_at"], &call["crm_provider"]),
            (&json!("2026-11-28T04:45:00Z"), &json!("hubspot"))
        );
        let hub = app.fake.hubspot_calls();
        assert_eq!(hub.len(), 1);
        assert_eq!(
            (
                &hub[0]["properties"]["hs_call_duration"],
                &hub[0]["properties"]["hs_call_disposition"],
                &hub[0]["properties"]["hs_call_body"]
            ),
            (
                &json!("312000"),
                &json!("f240bbac-87c9-4f6e-bf70-924b57d47db7"),
                &json!("Wants the annual plan")
            )
        );
        let calls = app
            .get_ok(
                &format!("/api/calls?org_id={}&contact_id={id}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(calls.as_array().unwrap().len(), 1);
        let cid = call["id"].as_i64().unwrap();
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/calls/{cid}?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(status, 204);
        let calls = app
            .get_ok(
                &format!("/api/calls?org_id={}&contact_id={id}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(calls, json!([]));
    }
);
