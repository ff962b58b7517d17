//! HubSpot's daily limit (issue #29): when the account's calls for the day are spent (429 with
//! the `DAILY` policy), a pull stops at once — no seconds waited, no calls repeated — with its
//! cursor kept, the member named; once the account has calls again the next pull brings every
//! change (a chat delivery's hour of waiting is in `sync_crm.rs`). Real HTTP, both databases.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, TestOrg};

async fn pull(app: &TestApp, org: &TestOrg) -> Value {
    app.ok(
        Method::POST,
        "/api/contacts/crm/pull",
        &org.admin,
        Some(json!({ "org_id": org.org_id })),
    )
    .await
}

db_test!(
    a_spent_daily_limit_stops_the_pull_at_once_and_the_next_day_loses_nothing,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        let mut crm_ids = Vec::new();
        for i in 0..3 {
            let (status, c) = app
                .call(Method::POST, "/api/contacts", Some(&org.admin),
                      Some(json!({ "org_id": org.org_id, "phone": format!("+91987650000{i}"), "name": format!("Customer {i}") })))
                .await;
            assert_eq!(status, 201, "{c}");
            let (status, link) = app
                .call(
                    Method::POST,
                    &format!("/api/contacts/{}/crm/hubspot/create", c["id"]),
                    Some(&org.admin),
                    Some(json!({ "org_id": org.org_id })),
                )
                .await;
            assert_eq!(status, 201, "{link}");
            crm_ids.push(link["crm_id"].as_str().unwrap().to_owned());
        }
        let first = pull(&app, &org).await;
        assert_eq!(first["failed_members"], json!([]), "{first}");
        let later = app.clock.now_ms() + 60_000;
        for id in &crm_ids {
            app.fake
                .hubspot_edit(id, json!({ "company": "Edited in HubSpot" }), Some(later));
        }

        app.fake.daily_limit("hubspot", Some(0));
        let before = app.fake.received_under("/hubspot-api").len();
        let cut = pull(&app, &org).await;
        assert_eq!(
            (&cut["failed_members"], &cut["updated"]),
            (&json!([org.workspace_id]), &json!(0)),
            "{cut}"
        );
        // One call answered the daily limit, and nothing asked again.
        assert_eq!(app.fake.received_under("/hubspot-api").len() - before, 1);
        assert_eq!(app.fake.token_calls("hubspot", "refresh_token"), 0);

        app.fake.daily_limit("hubspot", None);
        let done = pull(&app, &org).await;
        assert_eq!(
            (&done["updated"], &done["failed_members"]),
            (&json!(3), &json!([])),
            "{done}"
        );
        let edited = app
            .get_ok(
                &format!("/api/contacts?org_id={}&q=Edited", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(edited["total"], 3);
    }
);
