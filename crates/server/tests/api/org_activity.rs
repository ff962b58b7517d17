//! The organisation's change log as its admins read it (issue #25), over real HTTP on SQLite and
//! PostgreSQL: each change an admin makes — the name, the time zone, a member's role and team, a
//! resent invitation — is a line naming who, whom, and from → to in names (teams by name, people
//! by name or e-mail), newest first and paged; members who are not admins are refused.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::json;
use testkit::db_test;

db_test!(
    an_admin_reads_who_changed_what_from_and_to_newest_first,
    |app| async move {
        let org = app
            .organisation_with(
                "ana@acme.test",
                json!({ "org_name": "Acme", "time_zone": "Europe/Lisbon" }),
            )
            .await;
        let (admin, org_id) = (org.admin, org.org_id);
        let team_id = app.team(&admin, org_id, "Ventas").await;
        let added = app.post_ok("/api/v1/whatzapp/employees", &admin, json!({ "org_id": org_id, "employees": [{ "name": "Lucía", "email": "lucia@acme.test", "mobile": "+34600000001" }] }))
        .await;
        let lucia = added["data"]["employees"][0]["user_id"].as_i64().unwrap();

        // Four changes: the name, the zone, Lucía made a manager of Ventas, her invitation resent.
        app.ok(Method::PATCH, "/api/v1/whatzapp/organizations", &admin, Some(json!({ "org_id": org_id, "org_name": "Acme Iberia", "time_zone": "America/Sao_Paulo" })))
        .await;
        app.ok(
            Method::PATCH,
            "/api/v1/whatzapp/employees",
            &admin,
            Some(json!({ "org_id": org_id, "user_id": lucia, "role_id": 2, "team_id": team_id })),
        )
        .await;
        app.clock.advance(11 * 60 * 1000);
        app.post_ok(
            "/api/v1/whatzapp/employees/resend-invitation",
            &admin,
            json!({ "org_id": org_id, "user_id": lucia }),
        )
        .await;

        let log = app
            .get_ok(
                &format!("/api/v1/whatzapp/organizations/activity?org_id={org_id}"),
                &admin,
            )
            .await;
        assert_eq!(log["total"], 4, "{log}");
        let items = log["items"].as_array().unwrap();
        let actions: Vec<&str> = items
            .iter()
            .map(|i| i["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "invitation_resent",
                "member_updated",
                "time_zone_changed",
                "organisation_renamed"
            ]
        );
        // Ana has no name yet: she is named by her e-mail.
        assert!(items.iter().all(|i| i["actor"] == "ana@acme.test"), "{log}");
        assert_eq!(items[0]["target"], "Lucía");
        assert_eq!(
            items[0]["changes"],
            json!([{ "field": "email", "from": null, "to": "lucia@acme.test" }])
        );
        let mut member = items[1]["changes"].as_array().unwrap().clone();
        member.sort_by_key(|c| c["field"].as_str().unwrap().to_owned());
        assert_eq!(
            member,
            vec![
                json!({ "field": "role_id", "from": "3", "to": "2" }),
                json!({ "field": "team_id", "from": null, "to": "Ventas" }),
            ]
        );
        assert_eq!(
            items[2]["changes"],
            json!([{ "field": "time_zone", "from": "Europe/Lisbon", "to": "America/Sao_Paulo" }])
        );
        assert_eq!(
            items[3]["changes"],
            json!([{ "field": "org_name", "from": "Acme", "to": "Acme Iberia" }])
        );
        assert!(items[0]["at"].as_str().unwrap() > items[3]["at"].as_str().unwrap());

        // Paged: two a page, the second page the two oldest.
        let second = app
            .get_ok(
                &format!(
                    "/api/v1/whatzapp/organizations/activity?org_id={org_id}&page=1&per_page=2"
                ),
                &admin,
            )
            .await;
        assert_eq!(
            (second["page"].clone(), second["per_page"].clone()),
            (json!(1), json!(2))
        );
        let oldest: Vec<&str> = second["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["action"].as_str().unwrap())
            .collect();
        assert_eq!(oldest, ["time_zone_changed", "organisation_renamed"]);

        // Lucía, now a manager, may not read it; nor may someone of another organisation.
        let lucia_session = app.sign_in("lucia@acme.test").await.unwrap();
        app.expect(
            403,
            Method::GET,
            &format!("/api/v1/whatzapp/organizations/activity?org_id={org_id}"),
            Some(&lucia_session),
            None,
        )
        .await;
        let stranger = app.sign_in("someone@else.test").await.unwrap();
        app.expect(
            404,
            Method::GET,
            &format!("/api/v1/whatzapp/organizations/activity?org_id={org_id}"),
            Some(&stranger),
            None,
        )
        .await;
    }
);
