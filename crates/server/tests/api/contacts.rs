//! The organisation's contacts (issue #29, `/leads`), over real HTTP on SQLite and PostgreSQL: a
//! number written in any form is one contact; every refused field is named at once and nothing
//! is stored; the list searches, filters, sorts and pages; each changed field is in the history
//! with who changed it; an admin sees every contact, a manager their team's, an employee their
//! own, and everyone the ones nobody owns; owners are given only as each role may.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, TestOrg};

async fn create(app: &TestApp, session: &str, body: Value) -> (u16, Value) {
    app.call(Method::POST, "/api/contacts", Some(session), Some(body))
        .await
}

async fn list(app: &TestApp, session: &str, org: &TestOrg, query: &str) -> Value {
    app.get_ok(
        &format!("/api/contacts?org_id={}{query}", org.org_id),
        session,
    )
    .await
}

fn names(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["display_name"].as_str().unwrap_or("").to_owned())
        .collect()
}

db_test!(
    a_number_is_one_contact_and_its_fields_are_checked_all_at_once,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let (status, c) = create(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "phone": "+91 98765 43210", "first_name": " Rhea ",
                    "last_name": "Kapoor", "email": "rhea@shop.test", "lifecycle_stage": "lead",
                    "lead_status": "NEW" }),
        )
        .await;
        assert_eq!(status, 201, "{c}");
        assert_eq!(
            (c["contact"].as_str(), c["phone"].as_str()),
            (Some("919876543210"), Some("+919876543210"))
        );
        assert_eq!(c["display_name"], "Rhea Kapoor");
        assert_eq!(c["first_name"], "Rhea");
        assert_eq!(c["source"], "member");
        assert_eq!(c["owner_id"], Value::Null);

        // The same number written otherwise is the same contact.
        let (status, body) = create(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "phone": "+919876543210" }),
        )
        .await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["error"]["code"], "conflict");

        // Every refused field at once; nothing stored.
        let (status, body) = create(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "phone": "+44 7700 900123", "name": "x".repeat(121),
                    "email": "not an address", "company": "Acme\nTraders",
                    "lifecycle_stage": "Customer", "lead_status": "CONNECTED" }),
        )
        .await;
        assert_eq!(status, 422, "{body}");
        let fields = &body["error"]["fields"];
        assert_eq!(fields["name"], "value_invalid");
        assert_eq!(fields["email"], "email_invalid");
        assert_eq!(fields["company"], "value_invalid");
        assert_eq!(fields["lifecycle_stage"], "value_invalid");
        assert_eq!(fields["lead_status"], "value_invalid");
        let (status, body) = create(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "phone": "98765" }),
        )
        .await;
        assert_eq!(status, 422, "{body}");
        assert!(body["error"]["fields"]["phone"].is_string());
        let (status, _) = create(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "phone": "+447700900123", "shoe_size": 9 }),
        )
        .await;
        assert_eq!(status, 400, "an unknown field is refused");
        assert_eq!(list(&app, &org.admin, &org, "").await["total"], 1);

        // Not a member: 404 for every call.
        let stranger = app.sign_in("stranger@elsewhere.test").await.unwrap();
        let (status, _) = create(
            &app,
            &stranger,
            json!({ "org_id": org.org_id, "phone": "+447700900999" }),
        )
        .await;
        assert_eq!(status, 404);
        let id = c["id"].as_i64().unwrap();
        for path in [
            format!("/api/contacts?org_id={}", org.org_id),
            format!("/api/contacts/{id}?org_id={}", org.org_id),
            format!("/api/contacts/{id}/history?org_id={}", org.org_id),
        ] {
            let (status, _) = app.call(Method::GET, &path, Some(&stranger), None).await;
            assert_eq!(status, 404, "{path}");
        }
    }
);

db_test!(
    the_list_searches_filters_sorts_and_pages,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        for (i, (name, stage, company)) in [
            ("Rhea Kapoor", "customer", "Kapoor Textiles"),
            ("Arjun Mehta", "lead", "Mehta & Sons"),
            ("Bea Souza", "lead", "Casa Souza"),
            ("Dewi Lestari", "opportunity", "Toko Dewi"),
        ]
        .into_iter()
        .enumerate()
        {
            let (status, body) = create(
                &app,
                &org.admin,
                json!({ "org_id": org.org_id, "phone": format!("+5511987650{i:03}"),
                        "name": name, "lifecycle_stage": stage, "company": company }),
            )
            .await;
            assert_eq!(status, 201, "{body}");
            app.clock.advance(1_000);
        }
        // Newest first by default; by name ascending on request.
        assert_eq!(
            names(&list(&app, &org.admin, &org, "").await),
            ["Dewi Lestari", "Bea Souza", "Arjun Mehta", "Rhea Kapoor"]
        );
        assert_eq!(
            names(&list(&app, &org.admin, &org, "&sort=name&dir=asc").await),
            ["Arjun Mehta", "Bea Souza", "Dewi Lestari", "Rhea Kapoor"]
        );
        // A word of the company, any case; part of the number.
        assert_eq!(
            names(&list(&app, &org.admin, &org, "&q=TEXTILES").await),
            ["Rhea Kapoor"]
        );
        assert_eq!(
            names(&list(&app, &org.admin, &org, "&q=987650002").await),
            ["Bea Souza"]
        );
        assert_eq!(
            names(&list(&app, &org.admin, &org, "&q=%25").await).len(),
            4,
            "a wildcard typed is a character, not a pattern"
        );
        let leads = list(
            &app,
            &org.admin,
            &org,
            "&lifecycle_stage=lead&sort=name&dir=asc",
        )
        .await;
        assert_eq!(names(&leads), ["Arjun Mehta", "Bea Souza"]);
        assert_eq!(leads["total"], 2);
        // Pages, bounded.
        let page = list(&app, &org.admin, &org, "&per_page=3&page=1").await;
        assert_eq!(
            (
                page["total"].as_u64(),
                page["items"].as_array().unwrap().len()
            ),
            (Some(4), 1)
        );
        let page = list(&app, &org.admin, &org, "&per_page=100000").await;
        assert_eq!(page["per_page"], 100);
        // Unknown keys are refused by name.
        for (query, field) in [
            ("&lifecycle_stage=vip", "lifecycle_stage"),
            ("&lead_status=new", "lead_status"),
            ("&sort=phone", "sort"),
            ("&dir=up", "dir"),
        ] {
            let (status, body) = app
                .call(
                    Method::GET,
                    &format!("/api/contacts?org_id={}{query}", org.org_id),
                    Some(&org.admin),
                    None,
                )
                .await;
            assert_eq!(status, 422, "{query}: {body}");
            assert_eq!(body["error"]["fields"][field], "value_invalid");
        }
    }
);

db_test!(
    each_changed_field_is_kept_in_the_history_with_who_changed_it,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let ana_id = app.get_ok("/api/account/profile", &org.admin).await["id"]
            .as_i64()
            .unwrap();
        let (_, c) = create(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "phone": "+919876543210", "name": "Rhea",
                    "company": "Kapoor Textiles" }),
        )
        .await;
        let id = c["id"].as_i64().unwrap();
        let path = format!("/api/contacts/{id}");
        app.clock.advance(5_000);
        let after = app
            .ok(
                Method::PATCH,
                &path,
                &org.admin,
                Some(json!({ "org_id": org.org_id, "name": "Rhea Kapoor", "company": "Kapoor Textiles",
                             "lifecycle_stage": "salesqualifiedlead", "lead_status": "IN_PROGRESS",
                             "job_title": "", "owner_id": ana_id })),
            )
            .await;
        assert_eq!(after["name"], "Rhea Kapoor");
        assert_eq!(after["lifecycle_stage"], "salesqualifiedlead");
        assert_eq!(after["owner_id"], ana_id);
        assert_ne!(after["updated_at"], c["updated_at"]);
        let history = app
            .get_ok(&format!("{path}/history?org_id={}", org.org_id), &org.admin)
            .await;
        let mut fields: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["field"].as_str().unwrap())
            .collect();
        fields.sort_unstable();
        // The company did not change and the job title stayed blank: not in the history.
        assert_eq!(
            fields,
            ["lead_status", "lifecycle_stage", "name", "owner_id"]
        );
        let name = history
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["field"] == "name")
            .unwrap();
        assert_eq!(
            (
                &name["old_value"],
                &name["new_value"],
                &name["origin"],
                &name["actor_id"]
            ),
            (
                &json!("Rhea"),
                &json!("Rhea Kapoor"),
                &json!("member"),
                &json!(ana_id)
            )
        );
        // A blank field clears it; a refused one changes nothing.
        app.ok(
            Method::PATCH,
            &path,
            &org.admin,
            Some(json!({ "org_id": org.org_id, "company": "  " })),
        )
        .await;
        let (status, body) = app
            .call(
                Method::PATCH,
                &path,
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "name": "Ok", "email": "nope" })),
            )
            .await;
        assert_eq!(status, 422, "{body}");
        let now = app
            .get_ok(&format!("{path}?org_id={}", org.org_id), &org.admin)
            .await;
        assert_eq!(
            (now["company"].clone(), now["name"].clone()),
            (Value::Null, json!("Rhea Kapoor"))
        );
    }
);

db_test!(
    each_role_sees_and_assigns_contacts_as_the_employee_list_allows,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let bo = app.member(&org, "bo@acme.test", 3).await;
        let cy = app.member(&org, "cy@acme.test", 2).await;
        let dee = app.member(&org, "dee@acme.test", 3).await;
        let team = app.team(&org.admin, org.org_id, "Field Sales").await;
        for who in [bo.user_id, cy.user_id] {
            app.ok(
                Method::PATCH,
                "/api/v1/whatzapp/employees",
                &org.admin,
                Some(json!({ "org_id": org.org_id, "user_id": who, "team_id": team })),
            )
            .await;
        }
        let mut ids = Vec::new();
        for (i, owner) in [Some(bo.user_id), Some(dee.user_id), None]
            .into_iter()
            .enumerate()
        {
            let (status, c) = create(
                &app,
                &org.admin,
                json!({ "org_id": org.org_id, "phone": format!("+5511987651{i:03}"),
                        "name": format!("Customer {i}"), "owner_id": owner }),
            )
            .await;
            assert_eq!(status, 201, "{c}");
            ids.push(c["id"].as_i64().unwrap());
        }
        let seen = |page: Value| {
            let mut v = names(&page);
            v.sort();
            v
        };
        assert_eq!(
            seen(list(&app, &org.admin, &org, "").await),
            ["Customer 0", "Customer 1", "Customer 2"]
        );
        // The manager: their team's (Bo's) and nobody's.
        assert_eq!(
            seen(list(&app, &cy.session, &org, "").await),
            ["Customer 0", "Customer 2"]
        );
        // Dee: her own and nobody's; Bo's is not found.
        assert_eq!(
            seen(list(&app, &dee.session, &org, "").await),
            ["Customer 1", "Customer 2"]
        );
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/contacts/{}?org_id={}", ids[0], org.org_id),
                Some(&dee.session),
                None,
            )
            .await;
        assert_eq!(status, 404);
        // Only the owners each may give: Dee takes the open one for herself, not for Bo.
        let (status, body) = app
            .call(
                Method::PATCH,
                &format!("/api/contacts/{}", ids[2]),
                Some(&dee.session),
                Some(json!({ "org_id": org.org_id, "owner_id": bo.user_id })),
            )
            .await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["error"]["fields"]["owner_id"], "value_invalid");
        let taken = app
            .ok(
                Method::PATCH,
                &format!("/api/contacts/{}", ids[2]),
                &dee.session,
                Some(json!({ "org_id": org.org_id, "owner_id": dee.user_id })),
            )
            .await;
        assert_eq!(taken["owner_id"], dee.user_id);
        // Now Dee's: the manager no longer sees it; the manager gives Bo's to himself.
        assert_eq!(
            seen(list(&app, &cy.session, &org, "").await),
            ["Customer 0"]
        );
        let moved = app
            .ok(
                Method::PATCH,
                &format!("/api/contacts/{}", ids[0]),
                &cy.session,
                Some(json!({ "org_id": org.org_id, "owner_id": cy.user_id })),
            )
            .await;
        assert_eq!(moved["owner_id"], cy.user_id);
        let only_nobodys = list(&app, &org.admin, &org, "&owner_id=0").await;
        assert_eq!(only_nobodys["total"], 0);
    }
);

db_test!(
    a_customer_met_on_two_members_numbers_is_one_contact,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let priya = app.member(&org, "priya@acme.test", 3).await;
        let joao = app.member(&org, "joao@acme.test", 3).await;
        let now = app.clock.now_ms();
        for (who, id, name) in [(&priya, "p-1", "Rhea K"), (&joao, "j-1", "Rhea Kapoor")] {
            let batch = json!({"org_id": org.org_id, "events": [{
                "MessageId": id, "Message": "Do you ship to Pune?", "Chatid": "919822223333@c.us",
                "Ack": 2, "Datetime": now, "Direction": "INCOMING",
                "CreatedByUser": who.user_id.to_string(), "senderName": name, "ChannelName": name}]});
            let stored = app
                .post_ok("/api/v2/events/messages", &who.session, batch)
                .await;
            assert_eq!(stored["data"]["stored"], 1, "{stored}");
        }
        // A group chat is not a contact.
        let group = json!({"org_id": org.org_id, "events": [{
            "MessageId": "g-1", "Message": "Hello all", "Chatid": "120363000000000001@g.us",
            "Ack": 2, "Datetime": now, "Direction": "INCOMING",
            "CreatedByUser": priya.user_id.to_string(), "senderName": "Group", "ChannelName": "Group"}]});
        app.post_ok("/api/v2/events/messages", &priya.session, group)
            .await;

        let all = list(&app, &org.admin, &org, "").await;
        assert_eq!(all["total"], 1, "{all}");
        let c = &all["items"][0];
        assert_eq!(c["contact"], "919822223333");
        assert_eq!(c["source"], "chat");
        // The first member's chat made it: theirs, under the name their chat showed.
        assert_eq!(c["owner_id"], priya.user_id);
        assert_eq!(c["name"], "Rhea K");
        // A person typing the number finds the contact exists.
        let (status, _) = create(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "phone": "+91 98222 23333" }),
        )
        .await;
        assert_eq!(status, 409);
    }
);

db_test!(
    the_list_filters_by_the_manage_tools_tags_and_user_properties,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        for (phone, name) in [
            ("+919876543210", "Rhea Kapoor"),
            ("+447700900123", "Arjun Mehta"),
            ("+5511987654321", "Bea Souza"),
        ] {
            let (status, c) = create(
                &app,
                &org.admin,
                json!({ "org_id": org.org_id, "phone": phone, "name": name }),
            )
            .await;
            assert_eq!(status, 201, "{c}");
        }
        // Tags as the extension sets them: on the chat id, or on the number with a +.
        for (contact, tags) in [
            ("919876543210@c.us", json!(["VIP", "50%_off"])),
            ("+447700900123", json!(["vip"])),
            ("5511987654321@c.us", json!(["Cold"])),
        ] {
            app.ok(
                Method::PUT,
                &format!("/api/manage/contacts/{contact}/tags"),
                &org.admin,
                Some(json!({ "org_id": org.org_id, "tags": tags })),
            )
            .await;
        }
        let property = app
            .call(
                Method::POST,
                "/api/manage/user-properties",
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "name": "City", "kind": "text" })),
            )
            .await
            .1["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "City")
            .unwrap()["id"]
            .as_i64()
            .unwrap();
        for (contact, city) in [
            ("919876543210@c.us", "New Delhi"),
            ("5511987654321", "São Paulo"),
        ] {
            app.ok(
                Method::PUT,
                &format!("/api/manage/contacts/{contact}/properties"),
                &org.admin,
                Some(json!({ "org_id": org.org_id, "values": [{ "property_id": property, "value": city }] })),
            )
            .await;
        }
        let found = |query: String| {
            let app = &app;
            let org = &org;
            async move {
                let mut n = names(&list(app, &org.admin, org, &query).await);
                n.sort();
                n
            }
        };
        assert_eq!(
            found("&tag=vip".into()).await,
            ["Arjun Mehta", "Rhea Kapoor"]
        );
        // A tag's own % and _ are taken as they are, and a part of a tag is not the tag.
        assert_eq!(found("&tag=50%25_off".into()).await, ["Rhea Kapoor"]);
        assert_eq!(found("&tag=50".into()).await, Vec::<String>::new());
        assert_eq!(
            found(format!("&property_id={property}&property_value=delhi")).await,
            ["Rhea Kapoor"]
        );
        assert_eq!(
            found(format!("&property_id={property}")).await,
            ["Bea Souza", "Rhea Kapoor"]
        );
        assert_eq!(
            found(format!("&property_id={property}&tag=cold&sort=name")).await,
            ["Bea Souza"]
        );
    }
);
