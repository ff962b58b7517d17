//! A Zoho-linked contact's deals, tickets and logged calls (issue #29) reach Zoho's own Deals
//! (in the account's `Stage` values, read from the account), Cases and Calls, over real HTTP on
//! SQLite and PostgreSQL against the Zoho fake.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, TestOrg};

async fn zoho_contact(app: &TestApp, org: &TestOrg) -> (i64, String) {
    app.connect_crm(&org.admin, org.workspace_id, "zoho").await;
    let (status, c) = app
        .call(
            Method::POST,
            "/api/contacts",
            Some(&org.admin),
            Some(json!({ "org_id": org.org_id, "phone": "+919822223333", "name": "Rhea Kapoor" })),
        )
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
    (id, link["crm_id"].as_str().unwrap().to_owned())
}

async fn post(app: &TestApp, org: &TestOrg, path: &str, body: Value) -> Value {
    let (status, v) = app
        .call(Method::POST, path, Some(&org.admin), Some(body))
        .await;
    assert_eq!(status, 201, "{path}: {v}");
    v
}

db_test!(
    a_zoho_linked_contacts_deals_cases_and_calls_reach_zoho,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let (id, crm_id) = zoho_contact(&app, &org).await;

        // A deal with no closing day: Zoho needs one, the day it was made.
        let deal = post(&app, &org, "/api/deals",
            json!({ "org_id": org.org_id, "contact_id": id, "name": "Annual plan", "amount": "1200.50" })).await;
        let zd = app.fake.zoho_deals();
        assert_eq!(zd.len(), 1);
        assert_eq!(
            (
                &zd[0]["Deal_Name"],
                &zd[0]["Stage"],
                &zd[0]["Contact_Name"]["id"],
                &zd[0]["Amount"]
            ),
            (
                &json!("Annual plan"),
                &json!("Qualification"),
                &json!(crm_id),
                &json!(1200.5)
            )
        );
        assert!(
            zd[0]["Closing_Date"]
                .as_str()
                .is_some_and(|d| d.len() == 10),
            "{zd:?}"
        );
        let (status, won) = app
            .call(
                Method::PATCH,
                &format!("/api/deals/{}", deal["id"]),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "stage": "closedwon" })),
            )
            .await;
        assert_eq!(status, 200, "{won}");
        let zd = app.fake.zoho_deals();
        assert_eq!((zd.len(), &zd[0]["Stage"]), (1, &json!("Closed Won")));

        let ticket = post(
            &app,
            &org,
            "/api/tickets",
            json!({ "org_id": org.org_id, "contact_id": id, "name": "Refund for order 1042",
                    "description": "Paid twice", "ticket_type": "billing_issue" }),
        )
        .await;
        assert_eq!(ticket["crm_provider"], "zoho");
        let (status, _) = app
            .call(
                Method::PATCH,
                &format!("/api/tickets/{}", ticket["id"]),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "status": "waiting_on_contact" })),
            )
            .await;
        assert_eq!(status, 200);
        let cases = app.fake.zoho_cases();
        assert_eq!(cases.len(), 1);
        assert_eq!(
            (
                &cases[0]["Subject"],
                &cases[0]["Status"],
                &cases[0]["Type"],
                &cases[0]["Related_To"]["id"]
            ),
            (
                &json!("Refund for order 1042"),
                &json!("On Hold"),
                &json!("Problem"),
                &json!(crm_id)
            )
        );

        post(
            &app,
            &org,
            "/api/calls",
            json!({ "org_id": org.org_id, "contact_id": id, "outcome": "busy", "duration_secs": 125,
                    "description": "Call back after 6" }),
        )
        .await;
        let calls = app.fake.zoho_calls();
        assert_eq!(calls.len(), 1);
        assert_eq!(
            (
                &calls[0]["Call_Duration"],
                &calls[0]["Call_Result"],
                &calls[0]["Who_Id"]["id"]
            ),
            (&json!("02:05"), &json!("Busy"), &json!(crm_id))
        );
    }
);

db_test!(
    a_zoho_account_with_its_own_stages_gets_deals_in_the_stage_that_means_the_same,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let value = |v: &str, order: u32, forecast: &str, p: u32| {
            json!({ "display_value": v, "actual_value": v, "sequence_number": order,
                    "forecast_type": forecast, "probability": p })
        };
        app.fake.zoho_set_deal_stages(json!([
            value("Enquiry", 1, "Open", 10),
            value("Qualified to buy", 2, "Open", 30),
            value("Demo", 3, "Open", 50),
            value("Signed", 4, "Closed Won", 100),
            value("Dropped", 5, "Closed Lost", 0),
        ]));
        let (id, _) = zoho_contact(&app, &org).await;
        for (stage, theirs) in [
            ("qualifiedtobuy", "Qualified to buy"),
            ("presentationscheduled", "Demo"),
            ("closedlost", "Dropped"),
        ] {
            post(
                &app,
                &org,
                "/api/deals",
                json!({ "org_id": org.org_id, "contact_id": id, "name": format!("Deal {stage}"),
                        "stage": stage, "close_date": "2031-01-31" }),
            )
            .await;
            let last = app.fake.zoho_deals().pop().unwrap();
            assert_eq!(
                (&last["Stage"], &last["Closing_Date"]),
                (&json!(theirs), &json!("2031-01-31")),
                "{stage}"
            );
        }
    }
);
