//! The owner role (issue #28; owner, CEO, CXO — role 4), over real HTTP on SQLite and
//! PostgreSQL: in the roles list, assigned by an admin, manager-level at every manager check, seeing
//! every member as an admin does, and administering nothing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::json;
use testkit::db_test;

db_test!(
    an_owner_passes_manager_checks_sees_everyone_and_administers_nothing,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let roles = app.get_body("/api/v1/whatzapp/roles", &org.admin).await;
        assert_eq!(roles["data"][3], json!({ "id": 4, "role_name": "Owner" }));

        let owner = app.member(&org, "ceo@acme.test", 4).await;
        let team = app.team(&org.admin, org.org_id, "Field Sales").await;
        let seller = app.member(&org, "sam@acme.test", 3).await;
        app.ok(
            Method::PATCH,
            "/api/v1/whatzapp/employees",
            &org.admin,
            Some(json!({ "org_id": org.org_id, "user_id": seller.user_id, "team_id": team })),
        )
        .await;

        // Manager-level: the owner (in no team) creates a team and renames any team.
        let made = app
            .post_ok(
                "/api/v1/whatzapp/teams",
                &owner.session,
                json!({ "org_id": org.org_id, "team_name": "Inside Sales" }),
            )
            .await;
        assert_eq!(made["data"]["team_name"], "Inside Sales", "{made}");
        let (status, body) = app
            .call_as(
                Method::PATCH,
                "/api/v1/whatzapp/teams",
                &owner.session,
                Some(json!({ "org_id": org.org_id, "team_id": team, "team_name": "Field Sales North" })),
            )
            .await;
        assert_eq!(status, 200, "{body}");

        // Everyone, as an admin sees them: Ana, the owner and Sam.
        let list = app
            .get_ok(
                &format!("/api/v1/whatzapp/employees?org_id={}", org.org_id),
                &owner.session,
            )
            .await;
        let mut seen: Vec<i64> = list["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["user_id"].as_i64().unwrap())
            .collect();
        seen.sort_unstable();
        let mut all = vec![org.workspace_id, owner.user_id, seller.user_id];
        all.sort_unstable();
        assert_eq!(seen, all, "{list}");

        // Not an admin: no removing people, no changing roles, no change log.
        let (status, _) = app
            .call_as(
                Method::POST,
                &format!(
                    "/api/v1/whatzapp/organizations/remove-user?user_id={}&org_id={}",
                    seller.user_id, org.org_id
                ),
                &owner.session,
                None,
            )
            .await;
        assert_eq!(status, 403);
        let (status, _) = app
            .call_as(
                Method::PATCH,
                "/api/v1/whatzapp/employees",
                &owner.session,
                Some(json!({ "org_id": org.org_id, "user_id": seller.user_id, "role_id": 1 })),
            )
            .await;
        assert_eq!(status, 403);
        let (status, _) = app
            .call_as(
                Method::GET,
                &format!(
                    "/api/v1/whatzapp/organizations/activity?org_id={}",
                    org.org_id
                ),
                &owner.session,
                None,
            )
            .await;
        assert_eq!(status, 403);
        // An unknown role is still refused.
        let (status, body) = app
            .call_as(
                Method::PATCH,
                "/api/v1/whatzapp/employees",
                &org.admin,
                Some(json!({ "org_id": org.org_id, "user_id": seller.user_id, "role_id": 5 })),
            )
            .await;
        assert_eq!(status, 422, "{body}");
    }
);
