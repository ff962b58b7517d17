//! The operator's admin panel over real HTTP, on SQLite and PostgreSQL (issue #16): sign-in
//! failures all answer alike, the per-address and per-client limits trip and recover, operator
//! and user sessions never stand in for each other, every change is audited, and dynamic lead
//! assignment answers at the spec's path, checks the totals on the server and assigns sign-ups.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, fake, TestApp, WithSession};

pub(crate) const PASSWORD: &str = "a long enough passphrase";

pub(crate) async fn add_admin(app: &TestApp, email: &str) {
    let hash = server::operator::hash_password(PASSWORD).unwrap();
    store::operator::upsert_admin(&app.store, email, &hash, app.clock.now_ms())
        .await
        .unwrap();
}

/// Signs in at the secure admin screen from `client`; answers status, body and the cookie.
async fn admin_sign_in(
    app: &TestApp,
    email: &str,
    password: &str,
    client: &str,
) -> (u16, Value, Option<String>) {
    sign_in_from(
        app.client.clone(),
        app.url("/api/admin/session"),
        email.to_owned(),
        password.to_owned(),
        client.to_owned(),
    )
    .await
}

/// One operator sign-in at `url` from `from` (as `X-Forwarded-For`): status, body and the
/// session cookie, if one was set. Owned arguments, for sign-ins spawned at once.
pub(crate) async fn sign_in_from(
    client: reqwest::Client,
    url: String,
    email: String,
    password: String,
    from: String,
) -> (u16, Value, Option<String>) {
    let res = client
        .post(url)
        .header("X-Forwarded-For", from)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let cookie = res
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("sb_admin="))
        .map(str::to_owned);
    (status, res.json().await.unwrap_or(Value::Null), cookie)
}

fn token_of(cookie: &str) -> String {
    cookie
        .trim_start_matches("sb_admin=")
        .split(';')
        .next()
        .unwrap()
        .to_owned()
}

/// A call with the operator's cookie.
pub(crate) async fn as_admin(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = app
        .client
        .request(method, app.url(path))
        .header("Cookie", format!("sb_admin={token}"));
    if let Some(b) = body {
        req = req.json(&b);
    }
    testkit::send_json(req).await
}

/// [`as_admin`], which must answer `status`; answers the body.
pub(crate) async fn expect_as_admin(
    status: u16,
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> Value {
    let (got, answer) = as_admin(app, token, method, path, body).await;
    assert_eq!(got, status, "{path}: {answer}");
    answer
}

/// Signs in a new operator admin; answers their session token.
pub(crate) async fn operator(app: &TestApp) -> String {
    add_admin(app, "ops@example.com").await;
    let (status, body, cookie) =
        admin_sign_in(app, "ops@example.com", PASSWORD, "198.51.100.1").await;
    assert_eq!(status, 200, "{body}");
    token_of(&cookie.unwrap())
}

/// The limits count clients by `X-Forwarded-For` in these tests (every call comes from
/// loopback): one trusted proxy, whose entry is the header's last.
fn behind_a_proxy(c: &mut server::config::Config) {
    c.trusted_proxy_hops = 1;
}

db_test!(
    every_sign_in_failure_answers_alike_and_the_limits_trip_and_recover,
    config = behind_a_proxy,
    |app| async move {
        add_admin(&app, "ops@example.com").await;
        let (s1, wrong, c1) =
            admin_sign_in(&app, "ops@example.com", "not the passphrase", "203.0.113.1").await;
        let (s2, unknown, c2) =
            admin_sign_in(&app, "nobody@example.com", PASSWORD, "203.0.113.1").await;
        assert_eq!((s1, s2), (401, 401));
        assert_eq!(
            wrong, unknown,
            "wrong password and unknown address answer the same"
        );
        assert_eq!(wrong["error"]["code"], "invalid_login_credentials");
        assert_eq!(wrong["error"]["message"], "Invalid login credentials");
        assert!(c1.is_none() && c2.is_none());

        // Five failures lock the address: even the right password is refused, alike.
        for _ in 0..4 {
            admin_sign_in(&app, "ops@example.com", "wrong again", "203.0.113.2").await;
        }
        let (s, locked, _) = admin_sign_in(&app, "ops@example.com", PASSWORD, "203.0.113.3").await;
        assert_eq!(s, 401);
        assert_eq!(locked, wrong, "a locked-out address answers the same");
        app.clock.advance(15 * 60 * 1000 + 1);
        let (s, me, cookie) = admin_sign_in(&app, "ops@example.com", PASSWORD, "203.0.113.3").await;
        assert_eq!(s, 200, "{me}");
        let cookie = cookie.unwrap();
        assert!(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
            "{cookie}"
        );
        assert!(!me.to_string().contains(PASSWORD) && !me.to_string().contains("argon2"));

        // Twenty failures from one client refuse that client, whatever the address.
        add_admin(&app, "second@example.com").await;
        for i in 0..20 {
            admin_sign_in(&app, &format!("guess{i}@example.com"), "x", "192.0.2.9").await;
        }
        let (s, _, _) = admin_sign_in(&app, "second@example.com", PASSWORD, "192.0.2.9").await;
        assert_eq!(s, 401);
        let (s, _, _) = admin_sign_in(&app, "second@example.com", PASSWORD, "192.0.2.10").await;
        assert_eq!(s, 200, "another client is not refused");
        app.clock.advance(15 * 60 * 1000 + 1);
        let (s, _, _) = admin_sign_in(&app, "second@example.com", PASSWORD, "192.0.2.9").await;
        assert_eq!(s, 200, "the client recovers");
    }
);

db_test!(
    operator_and_user_sessions_never_stand_in_for_each_other,
    config = behind_a_proxy,
    |app| async move {
        let token = operator(&app).await;
        let user = app.sign_in("orgadmin@example.com").await.unwrap();
        app.call(
            Method::POST,
            "/api/v1/whatzapp/organizations",
            Some(&user),
            Some(json!({ "org_name": "Acme" })),
        )
        .await;
        // An organisation admin's session opens no operator route, and is no operator: the
        // session check answers that no operator is signed in.
        let res = app
            .client
            .get(app.url("/api/admin/session"))
            .session(&user)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 204);
        for path in [
            "/api/admin/organisations",
            "/api/v1/whatzapp/dashboard/dynamic-assignment",
        ] {
            let res = app
                .client
                .get(app.url(path))
                .session(&user)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status().as_u16(), 401, "{path}");
        }
        // The operator's session opens no user route.
        expect_as_admin(200, &app, &token, Method::GET, "/api/auth/session", None).await;
        let (_, who) = as_admin(&app, &token, Method::GET, "/api/auth/session", None).await;
        assert_eq!(who["user"], Value::Null);
        expect_as_admin(
            401,
            &app,
            &token,
            Method::GET,
            "/api/v1/whatzapp/roles",
            None,
        )
        .await;
        // Signing out ends the operator session.
        expect_as_admin(
            204,
            &app,
            &token,
            Method::DELETE,
            "/api/admin/session",
            None,
        )
        .await;
        // Asking who is signed in, signed out, is an answer rather than a failure (no console
        // error on the sign-in page, issue #25).
        expect_as_admin(204, &app, &token, Method::GET, "/api/admin/session", None).await;
    }
);

db_test!(
    the_panel_searches_pages_changes_plans_with_a_reason_and_audits_everything,
    config = behind_a_proxy,
    |app| async move {
        let token = operator(&app).await;
        for name in ["Acme Traders", "Beta Sales", "Acme Export"] {
            let user = app
                .sign_in(&format!(
                    "{}@example.com",
                    name.replace(' ', "").to_lowercase()
                ))
                .await
                .unwrap();
            app.call(
                Method::POST,
                "/api/v1/whatzapp/organizations",
                Some(&user),
                Some(json!({ "org_name": name })),
            )
            .await;
        }
        let (_, found) = as_admin(
            &app,
            &token,
            Method::GET,
            "/api/admin/organisations?q=acme&per_page=1",
            None,
        )
        .await;
        assert_eq!(found["total"], 2);
        assert_eq!(found["items"].as_array().unwrap().len(), 1);
        assert_eq!(found["items"][0]["standing"], "trial");
        let org_id = found["items"][0]["org_id"].as_i64().unwrap();
        let (_, users) = as_admin(&app, &token, Method::GET, "/api/admin/users?q=beta", None).await;
        assert_eq!(users["total"], 1);
        let user_id = users["items"][0]["id"].as_i64().unwrap();
        let (_, detail) = as_admin(
            &app,
            &token,
            Method::GET,
            &format!("/api/admin/users/{user_id}"),
            None,
        )
        .await;
        assert_eq!(detail["memberships"][0]["org"]["org_name"], "Beta Sales");
        assert_eq!(detail["live_sessions"], 1);

        let path = format!("/api/admin/organisations/{org_id}/plan");
        let (status, _) = as_admin(
            &app,
            &token,
            Method::POST,
            &path,
            Some(json!({ "seats": 10, "reason": "  " })),
        )
        .await;
        assert_eq!(status, 422, "a reason is required");
        let changed = expect_as_admin(200, &app, &token, Method::POST, &path, Some(json!({ "seats": 10, "is_trial": false, "valid_days": 30, "reason": "Annual deal signed offline" }))).await;
        assert_eq!(
            (changed["seat_issued"].clone(), changed["standing"].clone()),
            (json!(10), json!("active"))
        );

        as_admin(&app, &token, Method::POST, "/api/v1/whatzapp/dashboard/dynamic-assignment",
            Some(json!({ "owner_id": "9001", "name": "Lucia Moreno", "target_percentage": "40", "region": "latam", "onboarding_stage": [] }))).await;
        as_admin(
            &app,
            &token,
            Method::DELETE,
            "/api/v1/whatzapp/dashboard/dynamic-assignment?owner_id=9001",
            None,
        )
        .await;
        let (_, log) = as_admin(&app, &token, Method::GET, "/api/admin/audit", None).await;
        let actions: Vec<&str> = log["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "delete_assignment_member",
                "save_assignment_member",
                "change_plan",
                "sign_in"
            ]
        );
        let change = &log["items"][2];
        assert_eq!(change["reason"], "Annual deal signed offline");
        assert_eq!(change["admin_email"], "ops@example.com");
        assert_eq!(change["detail"]["after"]["seats"], 10);
    }
);

db_test!(
    dynamic_assignment_answers_at_the_specs_path_and_checks_the_totals_on_the_server,
    config = behind_a_proxy,
    |app| async move {
        let token = operator(&app).await;
        let path = "/api/v1/whatzapp/dashboard/dynamic-assignment";
        let empty = expect_as_admin(200, &app, &token, Method::GET, path, None).await;
        assert_eq!(empty["result"], true);
        assert_eq!(empty["activeMembers"], json!([]));
        let owners: Vec<&str> = empty["allMembers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["hubspot_owner_id"].as_str().unwrap())
            .collect();
        assert_eq!(
            owners,
            ["9001", "9002", "9003"],
            "all members come from the HubSpot owners"
        );
        assert_eq!(empty["allMembers"][0]["firstName"], "Lucia");

        let save = |body: Value| as_admin(&app, &token, Method::POST, path, Some(body));
        let expect_save = |status: u16, body: Value| {
            expect_as_admin(status, &app, &token, Method::POST, path, Some(body))
        };
        let add = |owner: &str, pct: Value| json!({ "owner_id": owner, "name": owner, "target_percentage": pct, "region": null, "onboarding_stage": ["user_added", "linkedin_ads"] });
        for (owner, pct) in [
            ("9001", json!("50")),
            ("9002", json!(30)),
            ("9003", json!("20")),
        ] {
            expect_save(200, add(owner, pct)).await;
        }
        let (_, state) = as_admin(&app, &token, Method::GET, path, None).await;
        let first = &state["activeMembers"][0];
        assert_eq!(first["target_percentage"], "50");
        assert_eq!(first["region"], "other", "the default region");
        assert_eq!(
            first["onboarding_stage"],
            json!(["linkedin_ads", "user_added"])
        );

        let body = expect_save(422, add("manual-1", json!("10"))).await;
        assert_eq!(
            body["error"]["fields"]["target_percentage"],
            "total_percentage_others"
        );
        let (status, body) = save(add("9001", json!("101"))).await;
        assert_eq!(
            (status, body["error"]["fields"]["target_percentage"].clone()),
            (422, json!("percentage_over_100"))
        );
        let (status, body) = save(json!({ "owner_id": "9001", "name": "x", "target_percentage": "10", "region": "mars", "onboarding_stage": [] })).await;
        assert_eq!(
            (status, body["error"]["fields"]["region"].clone()),
            (422, json!("region_unknown"))
        );
        // Lowering one member makes room for another.
        save(add("9001", json!("40"))).await;
        expect_save(200, add("manual-1", json!("10"))).await;
        expect_as_admin(
            404,
            &app,
            &token,
            Method::DELETE,
            &format!("{path}?owner_id=nobody"),
            None,
        )
        .await;
    }
);

db_test!(
    sign_ups_are_assigned_to_a_matching_member_written_to_hubspot_or_left_unassigned,
    config = behind_a_proxy,
    |app| async move {
        let token = operator(&app).await;
        let path = "/api/v1/whatzapp/dashboard/dynamic-assignment";
        as_admin(&app, &token, Method::POST, path, Some(json!({
            "owner_id": "9002", "name": "Javier Ruiz", "target_percentage": "100", "region": "other", "onboarding_stage": []
        }))).await;
        app.sign_in("newlead@example.com").await.unwrap();
        // The owner reaches the lead's HubSpot contact (written in the background).
        let mut written = false;
        for _ in 0..50 {
            written = app.fake.crm_contacts("hubspot").iter().any(|c| {
                c["properties"]["email"] == "newlead@example.com"
                    && c["properties"]["hubspot_owner_id"] == "9002"
            });
            if written {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(written, "{:?}", app.fake.crm_contacts("hubspot"));
        let (_, report) = as_admin(
            &app,
            &token,
            Method::GET,
            "/api/admin/assignment/report",
            None,
        )
        .await;
        assert_eq!(report["data"][0]["assigned"], 1);
        assert_eq!(report["data"][0]["actual"], 100.0);

        // Nobody takes other-region leads now: the next sign-up stays unassigned and is listed.
        as_admin(&app, &token, Method::POST, path, Some(json!({
            "owner_id": "9002", "name": "Javier Ruiz", "target_percentage": "100", "region": "latam", "onboarding_stage": []
        }))).await;
        app.sign_in("orphan@example.com").await.unwrap();
        let (_, leads) = as_admin(&app, &token, Method::GET, "/api/admin/leads", None).await;
        let emails: Vec<&str> = leads["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|l| l["email"].as_str())
            .collect();
        assert!(
            emails.contains(&"orphan@example.com") && !emails.contains(&"newlead@example.com"),
            "{emails:?}"
        );
        assert!(!leads.to_string().contains(fake::HUBSPOT_PRIVATE_APP_TOKEN));
    }
);
