//! HubSpot's pipelines read from the account (issue #29): an account that replaced the default
//! deal pipeline and renamed its ticket stages gets each deal and ticket in the stage that means
//! the same there, over real HTTP on SQLite and PostgreSQL against the HubSpot fake.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::db_test;

fn stage(id: &str, label: &str, order: u32, meta: Value) -> Value {
    json!({ "id": id, "label": label, "displayOrder": order, "archived": false, "metadata": meta })
}

db_test!(
    deals_and_tickets_go_to_the_stages_the_hubspot_account_has,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        let open = |p: &str| json!({ "isClosed": "false", "probability": p });
        app.fake.hubspot_set_pipelines(
            "deals",
            json!([
                { "id": "old", "label": "Archived", "displayOrder": 0, "archived": true, "stages": [] },
                { "id": "84512", "label": "Inbound sales", "displayOrder": 1, "archived": false, "stages": [
                    stage("1001", "New enquiry", 0, open("0.1")),
                    stage("1002", "Qualified to buy", 1, open("0.3")),
                    stage("1003", "Demo booked", 2, open("0.5")),
                    stage("1005", "Won", 4, json!({ "isClosed": "true", "probability": "1.0" })),
                    stage("1006", "Lost", 5, json!({ "isClosed": "true", "probability": "0.0" })),
                ]},
            ]),
        );
        app.fake.hubspot_set_pipelines(
            "tickets",
            json!([{ "id": "77", "label": "Help desk", "displayOrder": 0, "stages": [
                stage("t-new", "New", 0, json!({ "ticketState": "OPEN" })),
                stage("t-us", "Waiting on us", 1, json!({ "ticketState": "OPEN" })),
                stage("t-them", "Waiting on contact", 2, json!({ "ticketState": "OPEN" })),
                stage("t-done", "Solved", 3, json!({ "ticketState": "CLOSED" })),
            ]}]),
        );
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

        let (status, deal) = app
            .call(
                Method::POST,
                "/api/deals",
                Some(&org.admin),
                Some(
                    json!({ "org_id": org.org_id, "contact_id": id, "name": "Annual plan",
                               "stage": "qualifiedtobuy" }),
                ),
            )
            .await;
        assert_eq!(status, 201, "{deal}");
        let hub = app.fake.hubspot_deals();
        assert_eq!(hub.len(), 1, "{hub:?}");
        assert_eq!(
            (
                &hub[0]["properties"]["pipeline"],
                &hub[0]["properties"]["dealstage"]
            ),
            (&json!("84512"), &json!("1002"))
        );
        let (status, moved) = app
            .call(
                Method::PATCH,
                &format!("/api/deals/{}", deal["id"]),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "stage": "closedwon" })),
            )
            .await;
        assert_eq!(status, 200, "{moved}");
        assert_eq!(
            app.fake.hubspot_deals()[0]["properties"]["dealstage"],
            "1005"
        );

        for (status_key, theirs) in [("new", "t-new"), ("waiting_on_contact", "t-them")] {
            let (code, t) = app
                .call(Method::POST, "/api/tickets", Some(&org.admin),
                      Some(json!({ "org_id": org.org_id, "contact_id": id, "name": format!("Ticket {status_key}"),
                                   "status": status_key })))
                .await;
            assert_eq!(code, 201, "{t}");
            let hub = app.fake.hubspot_tickets();
            let last = hub.last().unwrap();
            assert_eq!(
                (
                    &last["properties"]["hs_pipeline"],
                    &last["properties"]["hs_pipeline_stage"]
                ),
                (&json!("77"), &json!(theirs)),
                "{status_key}"
            );
        }
    }
);
