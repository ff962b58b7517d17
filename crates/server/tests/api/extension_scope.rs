//! The browser extension's token is no organisation takeover (issue #23), over real HTTP on
//! SQLite and PostgreSQL: with an admin's bearer token, changing the webhook endpoint, rotating
//! its secret, adding or changing an employee, creating or changing an organisation or a team,
//! removing a member and starting a checkout each answer 403 `extension_token_not_allowed` and
//! change nothing (read back with the cookie session), while the extension's own calls keep
//! working. The token renews through `POST /api/v2/extension/token/renew`: the fresh one works,
//! the old one stops after the grace, and a revoked, expired or already renewed token cannot
//! renew. A member removed from an organisation claims none of its scheduled sends and cannot
//! report one.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use store::sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use testkit::{db_test, TestApp, WithSession};

/// An organisation with a team, one signed-in employee and a webhook endpoint, made with the
/// admin's cookie session.
struct Org {
    admin: String,
    org_id: i64,
    team_id: i64,
    rep_id: i64,
    rep: String,
}

async fn organisation(app: &TestApp, prefix: &str) -> Org {
    let org = app
        .organisation_with(
            &format!("{prefix}-admin@scope.test"),
            json!({ "org_name": "Acme" }),
        )
        .await;
    let (admin, org_id) = (org.admin, org.org_id);
    let team_id = app.team(&admin, org_id, "Sales").await;
    let added = app
        .post_ok(
            "/api/v1/whatzapp/employees",
            &admin,
            json!({ "org_id": org_id, "employees": [
                { "email": format!("{prefix}-rep@scope.test"), "team_id": team_id }
            ] }),
        )
        .await;
    let rep_id = added["data"]["employees"][0]["user_id"].as_i64().unwrap();
    let rep = app
        .sign_in(&format!("{prefix}-rep@scope.test"))
        .await
        .unwrap();
    app.post_ok(
        "/api/v1/whatzapp/webhook/endpoints",
        &admin,
        json!({
            "org_id": org_id, "duplex_webhook": app.fake.url("/webhook/receive"),
            "auth_token": "the-organisations-own-token", "status": 1
        }),
    )
    .await;
    Org {
        admin,
        org_id,
        team_id,
        rep_id,
        rep,
    }
}

/// What the organisation looks like to its admin's cookie session, and its webhook link row
/// (with the sealed signing secret), as one comparable text.
async fn state_of(app: &TestApp, admin: &str, org_id: i64) -> String {
    let mut out = String::new();
    for path in [
        format!("/api/v1/whatzapp/webhook/endpoints?org_id={org_id}"),
        format!("/api/v1/whatzapp/employees/invited?org_id={org_id}"),
        format!("/api/v1/whatzapp/teams?org_id={org_id}"),
        format!("/api/v1/whatzapp/organizations/credit-history?org_id={org_id}"),
        format!("/api/v1/whatzapp/userplanlist?org_id={org_id}"),
        "/api/auth/session".to_owned(),
    ] {
        let (status, body) = app.call(Method::GET, &path, Some(admin), None).await;
        assert_eq!(status, 200, "{path}: {body}");
        out.push_str(&format!("{path} {body}\n"));
    }
    let link = store::integrations::find(
        &app.store,
        "webhooks",
        store::integrations::Owner::Org(org_id),
    )
    .await
    .unwrap();
    out.push_str(&format!("{link:?}\n"));
    out.push_str(&format!(
        "{:?}",
        store::orgs::table_counts(&app.store).await.unwrap()
    ));
    out
}

db_test!(
    a_bearer_token_cannot_change_a_webhook_an_employee_an_organisation_a_team_or_a_plan,
    |app| async move {
        let Org {
            admin,
            org_id,
            team_id,
            rep_id,
            ..
        } = organisation(&app, "take").await;
        let token = app.extension_token(&admin).await.unwrap();
        let workspace_id = store::accounts::find_user_by_email(&app.store, "take-admin@scope.test")
            .await
            .unwrap()
            .unwrap()
            .id;
        let before = state_of(&app, &admin, org_id).await;
        let outside = "https://collector.example/hook";
        let attempts: Vec<(Method, String, Option<Value>)> = vec![
            (
                Method::POST,
                "/api/v1/whatzapp/webhook/endpoints".into(),
                Some(json!({ "org_id": org_id, "duplex_webhook": outside, "status": 1 })),
            ),
            (
                Method::POST,
                "/api/v1/whatzapp/webhook/endpoints/secret".into(),
                Some(json!({ "org_id": org_id })),
            ),
            (
                Method::POST,
                "/api/v1/whatzapp/employees".into(),
                Some(json!({ "org_id": org_id, "employees": [
                    { "email": "intruder@scope.test", "role_id": 1 }
                ] })),
            ),
            (
                Method::PATCH,
                "/api/v1/whatzapp/employees".into(),
                Some(json!({ "org_id": org_id, "user_id": rep_id, "role_id": 1 })),
            ),
            (
                Method::POST,
                "/api/v1/whatzapp/organizations".into(),
                Some(json!({ "org_name": "Another" })),
            ),
            (
                Method::PATCH,
                "/api/v1/whatzapp/organizations".into(),
                Some(json!({ "org_id": org_id, "org_name": "Taken" })),
            ),
            (
                Method::POST,
                format!(
                    "/api/v1/whatzapp/organizations/remove-user?user_id={rep_id}&org_id={org_id}"
                ),
                None,
            ),
            (
                Method::POST,
                "/api/v1/whatzapp/teams".into(),
                Some(json!({ "org_id": org_id, "team_name": "Shadow" })),
            ),
            (
                Method::PATCH,
                "/api/v1/whatzapp/teams".into(),
                Some(json!({ "org_id": org_id, "team_id": team_id, "team_name": "Renamed" })),
            ),
            (
                Method::POST,
                "/api/v1/whatzapp/createorgcheckoutsession".into(),
                Some(json!({
                    "workspace_id": workspace_id, "plan_id": 10, "quantity": 5, "org_id": org_id
                })),
            ),
            (
                Method::POST,
                "/api/billing/seats".into(),
                Some(json!({ "org_id": org_id, "seats": 9 })),
            ),
            (
                Method::POST,
                "/api/auth/extension-tokens".into(),
                Some(json!({ "name": "A second one" })),
            ),
        ];
        for (method, path, body) in attempts {
            let name = format!("{method} {path}");
            let (status, answer) = app.call_bearer(method, &path, &token, body).await;
            assert_eq!(status, 403, "{name}: {answer}");
            assert_eq!(
                answer["error"]["code"], "extension_token_not_allowed",
                "{name}: {answer}"
            );
            assert!(
                !answer.to_string().contains("whsec_"),
                "{name} answered a secret: {answer}"
            );
        }
        // A cookie sent along does not rescue a bearer token: the request is judged by it alone.
        let res = app
            .client
            .post(app.url("/api/v1/whatzapp/webhook/endpoints"))
            .bearer_auth(&token)
            .session(&admin)
            .json(&json!({ "org_id": org_id, "duplex_webhook": outside }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 403);
        assert!(app.fake.received_under("/stripe/").is_empty());
        assert_eq!(state_of(&app, &admin, org_id).await, before);

        // The server keeps serving, and the extension's own calls still work with the token.
        let (status, answer) = app
            .call_bearer(
                Method::POST,
                "/api/v2/events/calls",
                &token,
                Some(json!({ "org_id": org_id, "events": [{
                "id": "scope-call-1", "Datetime": app.clock.now_ms() - 60_000, "Direction": 1,
                "Duration": 30, "Chatid": "919800000001@c.us",
                "CreatedByUser": workspace_id.to_string()
            }] })),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["data"]["stored"], 1, "{answer}");
        let (status, answer) = app
            .call_bearer(
                Method::GET,
                &format!("/api/v1/whatzapp/organizations?workspace_id={workspace_id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{answer}");
        // The cookie session makes the same change the token could not.
        app.ok(
            Method::PATCH,
            "/api/v1/whatzapp/organizations",
            &admin,
            Some(json!({ "org_id": org_id, "org_name": "Renamed by the admin" })),
        )
        .await;
    }
);

db_test!(
    the_label_rules_are_read_with_the_token_and_changed_only_in_the_web_app,
    |app| async move {
        let Org {
            admin,
            org_id,
            rep_id,
            ..
        } = organisation(&app, "rules").await;
        let token = app.extension_token(&admin).await.unwrap();
        let path = format!("/api/v2/crm-label-sync?org_id={org_id}&user_id={rep_id}");
        let (status, before) = app.call_bearer(Method::GET, &path, &token, None).await;
        assert_eq!(status, 200, "{before}");
        let body = json!({ "org_id": org_id, "user_id": rep_id, "crmLabelSyncData": [
            { "crm_name": "hubspot", "included_labels": [], "excluded_labels": ["7"] }
        ] });
        let (status, answer) = app
            .call_bearer(
                Method::PUT,
                "/api/v2/crm-label-sync",
                &token,
                Some(body.clone()),
            )
            .await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (403, Some("extension_token_not_allowed"))
        );
        let (_, after) = app.call_bearer(Method::GET, &path, &token, None).await;
        assert_eq!(after, before);
        app.put_ok("/api/v2/crm-label-sync", &admin, body).await;
    }
);

/// Renews `token`: `(status, answer)`.
async fn renew(app: &TestApp, token: &str) -> (u16, Value) {
    app.call_bearer(Method::POST, "/api/v2/extension/token/renew", token, None)
        .await
}

/// The status of the extension's accounts call with `token`.
async fn works(app: &TestApp, token: &str) -> u16 {
    app.call_bearer(Method::GET, "/api/v2/auth/accounts", token, None)
        .await
        .0
}

const DAY_MS: i64 = 86_400_000;
const GRACE_MS: i64 = 5 * 60 * 1000;

db_test!(
    a_renewed_token_works_and_the_old_one_stops_after_five_minutes,
    |app| async move {
        let session = app.sign_in("renew@scope.test").await.unwrap();
        let old = app.extension_token(&session).await.unwrap();
        let (status, renewed) = renew(&app, &old).await;
        assert_eq!(status, 201, "{renewed}");
        let fresh = renewed["token"].as_str().unwrap().to_owned();
        assert!(fresh.starts_with("sbx_") && fresh != old);
        let info = &renewed["info"];
        assert_eq!(info["name"], "Test extension");
        assert_eq!(
            info["expires_at"].as_i64().unwrap() - info["created_at"].as_i64().unwrap(),
            30 * DAY_MS,
            "a token lasts 30 days"
        );
        // The fresh one works and is the one the extension's accounts call answers.
        let (status, accounts) = app
            .call_bearer(Method::GET, "/api/v2/auth/accounts", &fresh, None)
            .await;
        assert_eq!(status, 200);
        assert_eq!(accounts["data"]["active_account"]["access_token"], fresh);
        // The old one still serves a request under way, but cannot renew again.
        assert_eq!(works(&app, &old).await, 200);
        assert_eq!(renew(&app, &old).await.0, 401);
        // The owner's list shows one token: the line's newest.
        let list = app.get_body("/api/auth/extension-tokens", &session).await;
        assert_eq!(list["tokens"].as_array().unwrap().len(), 1, "{list}");
        assert_eq!(list["tokens"][0]["id"], info["id"]);
        // After the grace, the old one stops; the fresh one goes on.
        app.clock.advance(GRACE_MS - 1_000);
        assert_eq!(works(&app, &old).await, 200);
        app.clock.advance(2_000);
        assert_eq!(works(&app, &old).await, 401);
        assert_eq!(works(&app, &fresh).await, 200);

        // Renewed again 29 days on, the line lives on past the first token's 30 days.
        app.clock.advance(29 * DAY_MS);
        let (status, again) = renew(&app, &fresh).await;
        assert_eq!(status, 201, "{again}");
        let third = again["token"].as_str().unwrap().to_owned();
        app.clock.advance(2 * DAY_MS);
        assert_eq!(works(&app, &third).await, 200);
        assert_eq!(works(&app, &fresh).await, 401);

        // Revoking the newest revokes its line, a predecessor still in its grace included.
        let (status, fourth) = renew(&app, &third).await;
        assert_eq!(status, 201);
        let fourth_token = fourth["token"].as_str().unwrap().to_owned();
        let session = app.sign_in("renew@scope.test").await.unwrap();
        let res = app
            .client
            .delete(app.url(&format!(
                "/api/auth/extension-tokens/{}",
                fourth["info"]["id"]
            )))
            .session(&session)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 204);
        assert_eq!(works(&app, &fourth_token).await, 401);
        assert_eq!(
            works(&app, &third).await,
            401,
            "the grace ends with a revocation"
        );
    }
);

db_test!(
    an_expired_or_revoked_token_cannot_renew_nor_can_the_cookie_session,
    |app| async move {
        let session = app.sign_in("dead@scope.test").await.unwrap();
        // Revoked.
        let revoked = app.extension_token(&session).await.unwrap();
        let list = app.get_body("/api/auth/extension-tokens", &session).await;
        let id = list["tokens"][0]["id"].as_i64().unwrap();
        app.expect(
            204,
            Method::DELETE,
            &format!("/api/auth/extension-tokens/{id}"),
            Some(&session),
            None,
        )
        .await;
        let (status, answer) = renew(&app, &revoked).await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (401, Some("unauthenticated"))
        );
        // The web app's session has no token to renew.
        app.expect(
            401,
            Method::POST,
            "/api/v2/extension/token/renew",
            Some(&session),
            None,
        )
        .await;
        // A made-up token.
        assert_eq!(renew(&app, &format!("sbx_{}", "0".repeat(64))).await.0, 401);
        // Expired: 30 days on.
        let expiring = app.extension_token(&session).await.unwrap();
        app.clock.advance(30 * DAY_MS);
        assert_eq!(works(&app, &expiring).await, 401);
        assert_eq!(renew(&app, &expiring).await.0, 401);
        // No token was made by any of these: the list is empty.
        let session = app.sign_in("dead@scope.test").await.unwrap();
        let list = app.get_body("/api/auth/extension-tokens", &session).await;
        assert_eq!(list["tokens"], json!([]), "{list}");
    }
);

db_test!(
    two_concurrent_renewals_of_one_token_renew_it_once,
    |app| async move {
        let session = app.sign_in("twice@scope.test").await.unwrap();
        let token = app.extension_token(&session).await.unwrap();
        let (a, b, c) = tokio::join!(
            renew(&app, &token),
            renew(&app, &token),
            renew(&app, &token)
        );
        let mut statuses = vec![a.0, b.0, c.0];
        statuses.sort_unstable();
        assert_eq!(statuses, vec![201, 401, 401], "{a:?} {b:?} {c:?}");
        let rows = store::entity::extension_token::Entity::find()
            .all(app.store.conn())
            .await
            .unwrap();
        assert_eq!(rows.len(), 2, "{rows:?}");
    }
);

/// Schedules one message for `start` in `org_id` (0: the caller's own workspace).
async fn schedule(app: &TestApp, who: &str, org_id: i64, start: &str) {
    app.post_ok(
        "/api/manage/schedules",
        who,
        json!({
            "org_id": org_id, "recipient": "+12125550123", "message": "Hello",
            "start": start, "time_zone": "UTC"
        }),
    )
    .await;
}

db_test!(
    a_member_removed_from_the_organisation_claims_none_of_its_sends_and_cannot_report_them,
    |app| async move {
        let Org {
            admin,
            org_id,
            rep_id,
            rep,
            ..
        } = organisation(&app, "gone").await;
        let token = app.extension_token(&rep).await.unwrap();
        let start = chrono::DateTime::from_timestamp_millis(app.clock.now_ms() + 120_000)
            .unwrap()
            .format("%Y-%m-%dT%H:%M")
            .to_string();
        // Two of the organisation's, and one of the rep's own workspace.
        schedule(&app, &rep, org_id, &start).await;
        schedule(&app, &rep, org_id, &start).await;
        schedule(&app, &rep, 0, &start).await;
        app.clock.advance(180_000);
        let claim = |limit: u32| {
            app.call_bearer(
                Method::POST,
                "/api/v2/schedules/claim",
                &token,
                Some(json!({ "limit": limit, "lease_seconds": 60 })),
            )
        };
        // While a member, one organisation send is claimed (the others stay due).
        let (status, first) = claim(1).await;
        assert_eq!(status, 200, "{first}");
        let held = first["sends"][0].clone();
        assert!(held["send_id"].is_i64(), "{first}");

        app.ok(
            Method::POST,
            &format!("/api/v1/whatzapp/organizations/remove-user?user_id={rep_id}&org_id={org_id}"),
            &admin,
            None,
        )
        .await;

        // Removed: the claim hands out only the rep's own send, now and after the lease.
        let own_sends = |answer: &Value| -> Vec<i64> {
            answer["sends"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["schedule_id"].as_i64().unwrap())
                .collect()
        };
        let (status, second) = claim(500).await;
        assert_eq!(status, 200, "{second}");
        let mine = app.get_body("/api/manage/schedules", &rep).await;
        let own_id = mine["data"][0]["id"].as_i64().unwrap();
        assert_eq!(own_sends(&second), vec![own_id], "{second}");
        app.clock.advance(61_000);
        let (status, third) = claim(500).await;
        assert_eq!(status, 200);
        assert_eq!(own_sends(&third), vec![own_id], "{third}");
        // A report of the organisation's send held from before is refused and records nothing.
        let (status, answer) = app
            .call_bearer(
                Method::POST,
                &format!("/api/v2/schedules/sends/{}/report", held["send_id"]),
                &token,
                Some(json!({ "claim_token": held["claim_token"], "status": "sent" })),
            )
            .await;
        assert_eq!(status, 404, "{answer}");
        let sent = store::entity::manage::send::Entity::find()
            .filter(store::entity::manage::send::Column::Status.eq("sent"))
            .count(app.store.conn())
            .await
            .unwrap();
        assert_eq!(sent, 0);
        // The rep's own send is still reported.
        let own = &third["sends"][0];
        let (status, answer) = app
            .call_bearer(
                Method::POST,
                &format!("/api/v2/schedules/sends/{}/report", own["send_id"]),
                &token,
                Some(json!({ "claim_token": own["claim_token"], "status": "sent" })),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
    }
);
