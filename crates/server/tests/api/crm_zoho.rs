//! Contacts and Zoho CRM (issue #29), over real HTTP on SQLite and PostgreSQL against the fake
//! Zoho: the records that may be a contact ("No matched CRM contact" when none), a record made
//! from the contact with Zoho's own fields, linked and unlinked; a change made in Zoho comes
//! back with a pull and a conflicting one goes to the later writer, kept in the history; a
//! pull cut by rate limits or a refused token loses nothing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, TestOrg};

async fn contact(app: &TestApp, org: &TestOrg, body: Value) -> i64 {
    let mut body = body;
    body["org_id"] = json!(org.org_id);
    let (status, c) = app
        .call(Method::POST, "/api/contacts", Some(&org.admin), Some(body))
        .await;
    assert_eq!(status, 201, "{c}");
    c["id"].as_i64().unwrap()
}

fn zoho(app: &TestApp, id: &str) -> Value {
    app.fake
        .crm_contacts("zoho")
        .into_iter()
        .find(|c| c["id"] == id)
        .unwrap()
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

async fn get_contact(app: &TestApp, org: &TestOrg, id: i64) -> Value {
    app.get_ok(
        &format!("/api/contacts/{id}?org_id={}", org.org_id),
        &org.admin,
    )
    .await
}

db_test!(
    a_contact_is_created_in_linked_to_and_unlinked_from_zoho,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let id = contact(
            &app,
            &org,
            json!({ "phone": "+919876543210", "first_name": "Rhea", "last_name": "Kapoor",
                    "email": "rhea@kapoor.test", "job_title": "Owner", "company": "Kapoor Textiles",
                    "lifecycle_stage": "lead" }),
        )
        .await;
        let base = format!("/api/contacts/{id}/crm/zoho");
        // Not connected yet.
        let (status, body) = app
            .call(
                Method::GET,
                &format!("{base}/matches?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(
            (status, &body["error"]["code"]),
            (409, &json!("crm_not_connected"))
        );
        app.connect_crm(&org.admin, org.workspace_id, "zoho").await;
        let matches = app
            .get_ok(&format!("{base}/matches?org_id={}", org.org_id), &org.admin)
            .await;
        assert_eq!(matches, json!([]), "no matched CRM contact");

        // Made from the contact with Zoho's fields; company, stage and status stay here.
        let (status, link) = app
            .call(
                Method::POST,
                &format!("{base}/create"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id })),
            )
            .await;
        assert_eq!(status, 201, "{link}");
        assert_eq!(link["provider"], "zoho");
        let crm_id = link["crm_id"].as_str().unwrap().to_owned();
        assert!(link["crm_modified_at"].is_string(), "{link}");
        let made = zoho(&app, &crm_id);
        assert_eq!(
            (
                &made["First_Name"],
                &made["Last_Name"],
                &made["Phone"],
                &made["Email"],
                &made["Title"]
            ),
            (
                &json!("Rhea"),
                &json!("Kapoor"),
                &json!("+919876543210"),
                &json!("rhea@kapoor.test"),
                &json!("Owner")
            )
        );
        assert!(made.get("Company").is_none() && made.get("lifecycle_stage").is_none());
        let (status, _) = app
            .call(
                Method::POST,
                &format!("{base}/create"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id })),
            )
            .await;
        assert_eq!(status, 409, "linked already");

        // Unlinked: the record stays in Zoho and is found again by the number and the e-mail.
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("{base}?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(status, 204);
        let matches = app
            .get_ok(&format!("{base}/matches?org_id={}", org.org_id), &org.admin)
            .await;
        assert_eq!(matches.as_array().unwrap().len(), 1, "{matches}");
        assert_eq!(
            (&matches[0]["crm_id"], &matches[0]["name"]),
            (&json!(crm_id), &json!("Rhea Kapoor"))
        );

        // Another contact, and a Zoho record with one name found by its e-mail: linking takes
        // Zoho's values where the contact has none, and the one name reads as a first name.
        let other = contact(
            &app,
            &org,
            json!({ "phone": "+447700900123", "email": "dewi@toko.test" }),
        )
        .await;
        let seeded = app.fake.zoho_seed_contacts(1, app.clock.now_ms(), |_| {
            json!({ "Last_Name": "Dewi", "Email": "dewi@toko.test", "Title": "Buyer",
                    "Mailing_Street": "Jl. Sudirman 1" })
        });
        let found = app
            .get_ok(
                &format!(
                    "/api/contacts/{other}/crm/zoho/matches?org_id={}",
                    org.org_id
                ),
                &org.admin,
            )
            .await;
        assert_eq!(found[0]["crm_id"], seeded[0].as_str(), "{found}");
        app.ok(
            Method::POST,
            &format!("/api/contacts/{other}/crm/zoho/link"),
            &org.admin,
            Some(json!({ "org_id": org.org_id, "crm_id": seeded[0] })),
        )
        .await;
        let now = get_contact(&app, &org, other).await;
        assert_eq!(
            (
                &now["first_name"],
                &now["last_name"],
                &now["job_title"],
                &now["address"]
            ),
            (
                &json!("Dewi"),
                &Value::Null,
                &json!("Buyer"),
                &json!("Jl. Sudirman 1")
            )
        );
        // The contact's number, which Zoho lacked, went there.
        assert_eq!(zoho(&app, &seeded[0])["Phone"], "+447700900123");
        // A record Zoho does not have is 404.
        let (status, _) = app
            .call(
                Method::POST,
                &format!("/api/contacts/{id}/crm/zoho/link"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "crm_id": "99999999" })),
            )
            .await;
        assert_eq!(status, 404);
    }
);

db_test!(
    a_change_made_in_zoho_comes_back_and_a_conflict_goes_to_the_later_writer,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "zoho").await;
        let id = contact(
            &app,
            &org,
            json!({ "phone": "+919876543210", "first_name": "Rhea", "last_name": "Kapoor" }),
        )
        .await;
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

        // Zoho changes the title after the team last did: Zoho's value comes back.
        app.clock.advance(60_000);
        let later = app.clock.now_ms() + 5_000;
        assert!(app.fake.zoho_edit(
            &crm_id,
            json!({ "Title": "Managing Director", "Email": "md@kapoor.test" }),
            Some(later)
        ));
        let report = pull(&app, &org).await;
        assert_eq!(
            (&report["updated"], &report["failed_members"]),
            (&json!(1), &json!([])),
            "{report}"
        );
        let now = get_contact(&app, &org, id).await;
        assert_eq!(
            (&now["job_title"], &now["email"]),
            (&json!("Managing Director"), &json!("md@kapoor.test"))
        );

        // The team changes the title; an edit of it in Zoho made before the team's arrives
        // later: the team's stays, Zoho gets it back, the history keeps what Zoho had.
        app.clock.advance(60_000);
        app.ok(
            Method::PATCH,
            &format!("/api/contacts/{id}"),
            &org.admin,
            Some(json!({ "org_id": org.org_id, "job_title": "Founder" })),
        )
        .await;
        assert!(app.fake.zoho_edit(
            &crm_id,
            json!({ "Title": "Stale Title" }),
            Some(app.clock.now_ms() - 10_000)
        ));
        let report = pull(&app, &org).await;
        assert_eq!(report["conflicts"], 1, "{report}");
        assert_eq!(get_contact(&app, &org, id).await["job_title"], "Founder");
        assert_eq!(zoho(&app, &crm_id)["Title"], "Founder");
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
                &json!("job_title"),
                &json!("Stale Title"),
                &json!("Founder")
            )
        );
    }
);

db_test!(
    a_zoho_pull_over_pages_cut_by_rate_limits_and_a_refused_token_loses_nothing,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.connect_crm(&org.admin, org.workspace_id, "zoho").await;
        // 250 linked contacts: more than one page of Zoho's 200.
        let at = app.clock.now_ms() - 3_600_000;
        let crm_ids = app.fake.zoho_seed_contacts(
            250,
            at,
            |i| json!({ "Last_Name": format!("Buyer {i:03}"), "Phone": format!("+9198765{i:05}") }),
        );
        for (i, crm_id) in crm_ids.iter().enumerate() {
            let id = contact(&app, &org, json!({ "phone": format!("+9198765{i:05}") })).await;
            store::crm_links::link(
                &app.store,
                org.org_id,
                id,
                "zoho",
                org.workspace_id,
                crm_id,
                Some(at + i as i64),
                app.clock.now_ms(),
            )
            .await
            .unwrap();
        }
        let first = pull(&app, &org).await;
        assert_eq!(first["failed_members"], json!([]), "{first}");
        assert!(first["pulled"].as_u64().unwrap() >= 250, "{first}");

        // Everyone's title changed in Zoho; the pull is refused past its patience and stops
        // with its cursor where it was.
        let later = app.clock.now_ms() + 60_000;
        for crm_id in &crm_ids {
            app.fake
                .zoho_edit(crm_id, json!({ "Title": "Edited in Zoho" }), Some(later));
        }
        app.fake.rate_limit("zoho", 5);
        let cut = pull(&app, &org).await;
        assert_eq!(cut["failed_members"], json!([org.workspace_id]), "{cut}");
        // Then the token is refused: refreshed once, and every change arrives.
        app.fake.expire_access_tokens("zoho");
        let done = pull(&app, &org).await;
        assert_eq!(
            (&done["updated"], &done["failed_members"]),
            (&json!(250), &json!([])),
            "{done}"
        );
        assert!(app.fake.token_calls("zoho", "refresh_token") >= 1);
        let edited = app
            .get_ok(
                &format!("/api/contacts?org_id={}&q=Edited", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(edited["total"], 0, "the title is not searched");
        let titled = app
            .get_ok(
                &format!("/api/contacts?org_id={}&per_page=100", org.org_id),
                &org.admin,
            )
            .await;
        assert!(titled["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["job_title"] == "Edited in Zoho"));
    }
);
