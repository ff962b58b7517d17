//! The members' connected integrations (001 §7 'GET user integrations, query org_id'; issue
//! #28 item 7), over real HTTP on SQLite and PostgreSQL: an admin sees every member's links, a
//! manager their team's, an employee their own; a dead link is named as needing a reconnect; a
//! non-member is refused; no key appears in the answer.

use super::stored_links;
use serde_json::{json, Value};
use store::entity::integration;
use store::sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use testkit::fake::FRESHDESK_API_KEY;
use testkit::{db_test, TestApp};

async fn members(app: &TestApp, session: &str, org_id: i64) -> Vec<Value> {
    app.get_ok(
        &format!("/api/v1/whatzapp/integrations/members?org_id={org_id}"),
        session,
    )
    .await["data"]
        .as_array()
        .unwrap()
        .clone()
}

fn ids(list: &[Value]) -> Vec<i64> {
    let mut v: Vec<i64> = list
        .iter()
        .map(|m| m["user_id"].as_i64().unwrap())
        .collect();
    v.sort_unstable();
    v
}

fn of(list: &[Value], user_id: i64) -> Value {
    list.iter()
        .find(|m| m["user_id"] == user_id)
        .cloned()
        .unwrap_or(Value::Null)
}

db_test!(
    an_organisation_sees_its_members_links_as_far_as_each_role_may,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let ana_id = app.get_ok("/api/account/profile", &org.admin).await["id"]
            .as_i64()
            .unwrap();
        app.set_seats(org.org_id, 10).await.unwrap();
        let bo = app.member(&org, "bo@acme.test", 3).await;
        let cy = app.member(&org, "cy@acme.test", 2).await;
        let dee = app.member(&org, "dee@acme.test", 3).await;
        let team = app.team(&org.admin, org.org_id, "Field Sales").await;
        for who in [bo.user_id, cy.user_id] {
            app.ok(
                reqwest::Method::PATCH,
                "/api/v1/whatzapp/employees",
                &org.admin,
                Some(json!({ "org_id": org.org_id, "user_id": who, "team_id": team })),
            )
            .await;
        }

        // Bo and Dee link Freshdesk in their own workspaces; Dee's link then dies.
        for (who, session) in [(bo.user_id, &bo.session), (dee.user_id, &dee.session)] {
            app.ok(
                reqwest::Method::POST,
                "/api/v1/whatzapp/freshdesk/createauth",
                session,
                Some(
                    json!({ "workspace_id": who, "domain": "acme", "api_key": FRESHDESK_API_KEY }),
                ),
            )
            .await;
        }
        integration::Entity::update_many()
            .col_expr(
                integration::Column::Status,
                store::sea_orm::sea_query::Expr::value("needs_reconnect"),
            )
            .filter(integration::Column::UserId.eq(dee.user_id))
            .exec(app.store.conn())
            .await
            .unwrap();
        assert!(stored_links(&app).await.contains("needs_reconnect"));

        // The admin: everyone.
        let all = members(&app, &org.admin, org.org_id).await;
        let mut expected = vec![ana_id, bo.user_id, cy.user_id, dee.user_id];
        expected.sort_unstable();
        assert_eq!(ids(&all), expected);
        let b = of(&all, bo.user_id);
        assert_eq!(b["integrations"]["freshdesk"], true, "{b}");
        assert_eq!(b["integrations"]["hubspot"], false);
        assert_eq!(b["integrations"]["webhooks"], false);
        assert_eq!(b["needs_reconnect"], json!([]));
        let d = of(&all, dee.user_id);
        assert_eq!(d["integrations"]["freshdesk"], false);
        assert_eq!(d["needs_reconnect"], json!(["freshdesk"]));
        assert_eq!(of(&all, ana_id)["needs_reconnect"], json!([]));
        let text = serde_json::to_string(&all).unwrap();
        assert!(!text.contains(FRESHDESK_API_KEY), "no key in the answer");
        assert!(!text.contains("acme.freshdesk"), "no setting in the answer");

        // The manager: their team. The employee: themselves.
        let mut team_ids = vec![bo.user_id, cy.user_id];
        team_ids.sort_unstable();
        assert_eq!(ids(&members(&app, &cy.session, org.org_id).await), team_ids);
        assert_eq!(
            ids(&members(&app, &dee.session, org.org_id).await),
            vec![dee.user_id]
        );

        // Not a member: 404; no organisation named: 400.
        let stranger = app.sign_in("stranger@elsewhere.test").await.unwrap();
        app.expect(
            404,
            reqwest::Method::GET,
            &format!(
                "/api/v1/whatzapp/integrations/members?org_id={}",
                org.org_id
            ),
            Some(&stranger),
            None,
        )
        .await;
        app.expect(
            400,
            reqwest::Method::GET,
            "/api/v1/whatzapp/integrations/members",
            Some(&org.admin),
            None,
        )
        .await;
    }
);
