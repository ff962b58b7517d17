//! Contacts and HubSpot (issue #29), over real HTTP on SQLite and PostgreSQL against the fake
//! HubSpot: the records that may be a contact ("No matched CRM contact" when none), a record
//! made from the contact, linked, unlinked; a change made in HubSpot comes back with a pull,
//! a conflicting one settled by the later writer and kept in the history; a pull cut by rate
//! limits loses nothing, and a refused token mid-pull is refreshed; a deal of a linked contact
//! is written to HubSpot and follows its stage.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, TestOrg};

async fn contact(app: &TestApp, org: &TestOrg, body: Value) -> Value {
    let mut body = body;
    body["org_id"] = json!(org.org_id);
    let (status, c) = app
        .call(Method::POST, "/api/contacts", Some(&org.admin), Some(body))
        .await;
    assert_eq!(status, 201, "{c}");
    c
}

fn hub(app: &TestApp, id: &str) -> Value {
    app.fake
        .crm_contacts("hubspot")
        .into_iter()
        .find(|c| c["id"] == id)
        .unwrap()
}

async fn create_in_hubspot(app: &TestApp, org: &TestOrg, id: i64) -> Value {
    let (status, link) = app
        .call(
            Method::POST,
            &format!("/api/contacts/{id}/crm/hubspot/create"),
            Some(&org.admin),
            Some(json!({ "org_id": org.org_id })),
        )
        .await;
    assert_eq!(status, 201, "{link}");
    link
}

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
    a_contact_is_created_in_linked_to_and_unlinked_from_hubspot,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let c = contact(&app, &org, json!({ "phone": "+919876543210", "name": "Rhea Kapoor",
                                             "company": "Kapoor Textiles", "lifecycle_stage": "lead" })).await;
        let id = c["id"].as_i64().unwrap();
        let base = format!("/api/contacts/{id}/crm");
        // Not connected yet.
        let (status, body) = app
            .call(
                Method::GET,
                &format!("{base}/hubspot/matches?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(
            (status, &body["error"]["code"]),
            (409, &json!("crm_not_connected"))
        );
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        let matches = app
            .get_ok(
                &format!("{base}/hubspot/matches?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(matches, json!([]), "no matched CRM contact");

        let (status, link) = app
            .call(
                Method::POST,
                &format!("{base}/hubspot/create"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id })),
            )
            .await;
        assert_eq!(status, 201, "{link}");
        let crm_id = link["crm_id"].as_str().unwrap().to_owned();
        let made = hub(&app, &crm_id);
        assert_eq!(
            (
                &made["properties"]["phone"],
                &made["properties"]["firstname"],
                &made["properties"]["company"],
                &made["properties"]["lifecyclestage"]
            ),
            (
                &json!("+919876543210"),
                &json!("Rhea Kapoor"),
                &json!("Kapoor Textiles"),
                &json!("lead")
            )
        );
        let (status, _) = app
            .call(
                Method::POST,
                &format!("{base}/hubspot/create"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id })),
            )
            .await;
        assert_eq!(status, 409);
        let links = app
            .get_ok(&format!("{base}?org_id={}", org.org_id), &org.admin)
            .await;
        assert_eq!(links[0]["provider"], "hubspot");

        // Unlinked: the record stays in HubSpot and is found again by the number.
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("{base}/hubspot?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(status, 204);
        assert_eq!(
            app.get_ok(&format!("{base}?org_id={}", org.org_id), &org.admin)
                .await,
            json!([])
        );
        let matches = app
            .get_ok(
                &format!("{base}/hubspot/matches?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(matches[0]["crm_id"], crm_id.as_str());
        assert_eq!(matches[0]["name"], "Rhea Kapoor");

        // Linking an existing record takes its newer values.
        app.fake.hubspot_edit(
            &crm_id,
            json!({ "jobtitle": "Buyer" }),
            Some(app.clock.now_ms() + 60_000),
        );
        let linked = app
            .ok(
                Method::POST,
                &format!("{base}/hubspot/link"),
                &org.admin,
                Some(json!({ "org_id": org.org_id, "crm_id": crm_id })),
            )
            .await;
        assert_eq!(linked["crm_id"], crm_id.as_str());
        let now = app
            .get_ok(
                &format!("/api/contacts/{id}?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(now["job_title"], "Buyer");
        // One record, one contact.
        let other = contact(&app, &org, json!({ "phone": "+5511987654321" })).await;
        let (status, _) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{}/crm/hubspot/link", other["id"]),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "crm_id": crm_id })),
            )
            .await;
        assert_eq!(status, 409);
        let (status, _) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{}/crm/hubspot/link", other["id"]),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "crm_id": "999999" })),
            )
            .await;
        assert_eq!(status, 404);
        let (status, _) = app
            .call(
                Method::GET,
                &format!("{base}/salesforce/matches?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(status, 404);

        // A change made here reaches HubSpot.
        app.ok(
            Method::PATCH,
            &format!("/api/contacts/{id}"),
            &org.admin,
            Some(json!({ "org_id": org.org_id, "lead_status": "IN_PROGRESS" })),
        )
        .await;
        assert_eq!(
            hub(&app, &crm_id)["properties"]["hs_lead_status"],
            "IN_PROGRESS"
        );
    }
);

db_test!(
    a_change_made_in_hubspot_comes_back_and_a_conflict_goes_to_the_later_writer,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        let c = contact(
            &app,
            &org,
            json!({ "phone": "+919876543210", "first_name": "Rhea", "company": "Kapoor" }),
        )
        .await;
        let id = c["id"].as_i64().unwrap();
        let link = create_in_hubspot(&app, &org, id).await;
        let crm_id = link["crm_id"].as_str().unwrap().to_owned();
        // The first link is a read: the hourly pull is not due until an hour after it, so it
        // does not race the member's own pull asked for minutes later.
        let hour = server::crm_sync::PULL_EVERY_MS;
        let due = |at: i64| store::crm_links::due(&app.store, "hubspot", at - hour);
        assert_eq!(due(app.clock.now_ms()).await.unwrap(), vec![]);
        assert_eq!(
            due(app.clock.now_ms() + hour + 1).await.unwrap(),
            vec![(org.org_id, org.workspace_id)]
        );

        // HubSpot changes the company after the team last did: HubSpot's value comes back.
        app.clock.advance(60_000);
        let later = app.clock.now_ms() + 5_000;
        assert!(app.fake.hubspot_edit(
            &crm_id,
            json!({ "company": "Kapoor Textiles Pvt Ltd", "jobtitle": "Owner" }),
            Some(later)
        ));
        let report = pull(&app, &org).await;
        assert_eq!(
            (&report["updated"], &report["failed_members"]),
            (&json!(1), &json!([])),
            "{report}"
        );
        let now = app
            .get_ok(
                &format!("/api/contacts/{id}?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(
            (&now["company"], &now["job_title"]),
            (&json!("Kapoor Textiles Pvt Ltd"), &json!("Owner"))
        );
        let history = app
            .get_ok(
                &format!("/api/contacts/{id}/history?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        let company = history
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["field"] == "company")
            .unwrap();
        assert_eq!(
            (&company["origin"], &company["actor_id"]),
            (&json!("crm"), &Value::Null)
        );

        // The team renames the company; an edit of it in HubSpot made before the team's
        // arrives later: the team's stays, HubSpot gets it back, and the history keeps what
        // HubSpot had.
        app.clock.advance(60_000);
        app.ok(
            Method::PATCH,
            &format!("/api/contacts/{id}"),
            &org.admin,
            Some(json!({ "org_id": org.org_id, "company": "Kapoor & Sons" })),
        )
        .await;
        assert!(app.fake.hubspot_edit(
            &crm_id,
            json!({ "company": "Stale Name" }),
            Some(app.clock.now_ms() - 10_000)
        ));
        let report = pull(&app, &org).await;
        assert_eq!(report["conflicts"], 1, "{report}");
        let now = app
            .get_ok(
                &format!("/api/contacts/{id}?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(now["company"], "Kapoor & Sons");
        assert_eq!(hub(&app, &crm_id)["properties"]["company"], "Kapoor & Sons");
        let history = app
            .get_ok(
                &format!("/api/contacts/{id}/history?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        let conflict = history
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["origin"] == "conflict")
            .unwrap();
        assert_eq!(
            (
                &conflict["field"],
                &conflict["old_value"],
                &conflict["new_value"]
            ),
            (
                &json!("company"),
                &json!("Stale Name"),
                &json!("Kapoor & Sons")
            )
        );
    }
);

db_test!(
    a_pull_cut_by_rate_limits_loses_nothing_and_a_refused_token_is_refreshed,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        // 120 contacts here and in HubSpot, linked: more than one page of changes.
        let mut csv = String::from("phone,name\n");
        for i in 0..120 {
            csv.push_str(&format!("+9198765{i:05},Customer {i}\n"));
        }
        let (status, report) = app
            .upload(
                &format!("/api/contacts/import?org_id={}&commit=true", org.org_id),
                &org.admin,
                "text/csv",
                csv.into_bytes(),
            )
            .await;
        assert_eq!((status, &report["created"]), (200, &json!(120)), "{report}");
        let at = app.clock.now_ms() - 3_600_000;
        let crm_ids = app.fake.hubspot_seed_contacts(
            120,
            at,
            |i| json!({ "phone": format!("+9198765{i:05}") }),
        );
        let page = app
            .get_ok(
                &format!(
                    "/api/contacts?org_id={}&per_page=100&sort=name&dir=asc",
                    org.org_id
                ),
                &org.admin,
            )
            .await;
        let mut ids: Vec<(String, i64)> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["contact"].as_str().unwrap().to_owned(),
                    c["id"].as_i64().unwrap(),
                )
            })
            .collect();
        let page = app
            .get_ok(
                &format!(
                    "/api/contacts?org_id={}&per_page=100&page=1&sort=name&dir=asc",
                    org.org_id
                ),
                &org.admin,
            )
            .await;
        ids.extend(page["items"].as_array().unwrap().iter().map(|c| {
            (
                c["contact"].as_str().unwrap().to_owned(),
                c["id"].as_i64().unwrap(),
            )
        }));
        ids.sort();
        assert_eq!(ids.len(), 120);
        for ((_, id), crm_id) in ids.iter().zip(&crm_ids) {
            app.ok(
                Method::POST,
                &format!("/api/contacts/{id}/crm/hubspot/link"),
                &org.admin,
                Some(json!({ "org_id": org.org_id, "crm_id": crm_id })),
            )
            .await;
        }
        let first = pull(&app, &org).await;
        assert_eq!(first["failed_members"], json!([]), "{first}");

        // Everyone's company changed in HubSpot; the pull is refused by rate limits past its
        // patience, and stops with its cursor where it was.
        let later = app.clock.now_ms() + 60_000;
        for crm_id in &crm_ids {
            app.fake.hubspot_edit(
                crm_id,
                json!({ "company": "Edited in HubSpot" }),
                Some(later),
            );
        }
        app.fake.rate_limit("hubspot", 5);
        let cut = pull(&app, &org).await;
        assert_eq!(cut["failed_members"], json!([org.workspace_id]), "{cut}");
        // Then the token is refused mid-pull: refreshed once, and every change arrives.
        app.fake.expire_access_tokens("hubspot");
        let done = pull(&app, &org).await;
        assert_eq!(
            (&done["updated"], &done["failed_members"]),
            (&json!(120), &json!([])),
            "{done}"
        );
        assert!(app.fake.token_calls("hubspot", "refresh_token") >= 1);
        let edited = app
            .get_ok(
                &format!("/api/contacts?org_id={}&q=Edited", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(edited["total"], 120);
    }
);

db_test!(
    a_deal_of_a_linked_contact_is_written_to_hubspot_and_follows_its_stage,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "hubspot")
            .await;
        let c = contact(
            &app,
            &org,
            json!({ "phone": "+919876543210", "name": "Rhea" }),
        )
        .await;
        let id = c["id"].as_i64().unwrap();
        let link = create_in_hubspot(&app, &org, id).await;
        let (status, deal) = app
            .call(Method::POST, "/api/deals", Some(&org.admin),
                  Some(json!({ "org_id": org.org_id, "contact_id": id, "name": "Annual plan", "amount": "1250.50" })))
            .await;
        assert_eq!(status, 201, "{deal}");
        let deals = app.fake.hubspot_deals();
        assert_eq!(deals.len(), 1);
        assert_eq!(
            (
                &deals[0]["properties"]["dealname"],
                &deals[0]["properties"]["amount"],
                &deals[0]["properties"]["dealstage"],
                &deals[0]["contact_id"]
            ),
            (
                &json!("Annual plan"),
                &json!("1250.50"),
                &json!("appointmentscheduled"),
                &link["crm_id"]
            )
        );
        app.ok(
            Method::PATCH,
            &format!("/api/deals/{}", deal["id"]),
            &org.admin,
            Some(json!({ "org_id": org.org_id, "stage": "closedwon" })),
        )
        .await;
        let deals = app.fake.hubspot_deals();
        assert_eq!(deals.len(), 1, "changed, not made again");
        assert_eq!(deals[0]["properties"]["dealstage"], "closedwon");
    }
);
