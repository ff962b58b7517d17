//! Accounts over real HTTP, on SQLite and PostgreSQL: signing up and in by e-mail code (wrong,
//! expired, resent too soon, attempts exhausted), then an organisation with teams and
//! employees, the lists each role may see (001 §6), imports from CSV and XLSX, and bad input
//! that changes nothing stored.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::WithSession;
use testkit::{db_test, TestApp};

async fn ask_code(app: &TestApp, email: &str) -> (u16, Value) {
    app.call(
        Method::POST,
        "/api/auth/code",
        None,
        Some(json!({ "email": email })),
    )
    .await
}

async fn verify(app: &TestApp, email: &str, code: &str) -> (u16, Value) {
    app.call(
        Method::POST,
        "/api/auth/verify",
        None,
        Some(json!({ "email": email, "code": code })),
    )
    .await
}

fn wrong(code: &str) -> String {
    let first = code.as_bytes()[0] - b'0';
    format!("{}{}", (first + 1) % 10, &code[1..])
}

async fn counts(app: &TestApp) -> [u64; 4] {
    store::orgs::table_counts(&app.store).await.unwrap()
}

db_test!(
    signing_up_by_code_creates_the_account_and_a_session,
    |app| async move {
        let (status, sent) = ask_code(&app, "  Ana@Example.com ").await;
        assert_eq!(status, 200, "{sent}");
        assert_eq!(sent["email"], "ana@example.com");
        assert_eq!(sent["expires_in_ms"], 600_000);
        let code = app.latest_code("ana@example.com").await.unwrap();
        assert_eq!(code.len(), 6);

        let res = app
            .client
            .post(app.url("/api/auth/verify"))
            .json(&json!({ "email": "ana@example.com", "code": code }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let cookie = res.headers()["set-cookie"].to_str().unwrap().to_owned();
        assert!(cookie.starts_with("sb_session="), "{cookie}");
        assert!(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
            "{cookie}"
        );
        assert!(
            !cookie.contains("Secure"),
            "not Secure unless configured: {cookie}"
        );
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["signed_up"], true);
        assert_eq!(body["user"]["email"], "ana@example.com");
        // The session is the cookie alone: its value is in no field of the answer.
        let cookie_pair = cookie.split(';').next().unwrap();
        let token = cookie_pair.strip_prefix("sb_session=").unwrap();
        assert_eq!(token.len(), 64);
        assert!(!body.to_string().contains(token), "{body}");
        assert!(body.get("token").is_none(), "{body}");
        let me = app.get_body("/api/auth/session", token).await;
        assert_eq!(me["user"]["id"], body["user"]["id"]);

        // A code is single-use; signing in again later is a sign-in, not a sign-up.
        let (status, again) = verify(&app, "ana@example.com", &code).await;
        assert_eq!(status, 422);
        assert_eq!(again["error"]["fields"]["code"], "otp_invalid");
        app.clock.advance(61_000);
        ask_code(&app, "ana@example.com").await;
        let code = app.latest_code("ana@example.com").await.unwrap();
        let (status, second) = verify(&app, "ana@example.com", &code).await;
        assert_eq!(status, 200);
        assert_eq!(second["signed_up"], false);
        assert_eq!(second["user"]["id"], body["user"]["id"]);
        assert_eq!(counts(&app).await[0], 1);
    }
);

#[tokio::test]
async fn a_secure_cookie_is_set_when_the_configuration_says_so() {
    {
        let app = testkit::spawn_app_with(testkit::Backend::Sqlite, |c| c.cookie_secure = true)
            .await
            .unwrap();
        ask_code(&app, "sec@example.com").await;
        let code = app.latest_code("sec@example.com").await.unwrap();
        let res = app
            .client
            .post(app.url("/api/auth/verify"))
            .json(&json!({ "email": "sec@example.com", "code": code }))
            .send()
            .await
            .unwrap();
        let cookie = res.headers()["set-cookie"].to_str().unwrap().to_owned();
        assert!(cookie.contains("; Secure"), "{cookie}");
    }
}

db_test!(
    a_wrong_code_is_refused_as_otp_invalid_and_creates_nothing,
    |app| async move {
        ask_code(&app, "bo@example.com").await;
        let code = app.latest_code("bo@example.com").await.unwrap();
        let before = counts(&app).await;
        let (status, body) = verify(&app, "bo@example.com", &wrong(&code)).await;
        assert_eq!(status, 422);
        assert_eq!(body["error"]["code"], "validation_failed");
        assert_eq!(body["error"]["fields"]["code"], "otp_invalid");
        // Not six digits: the same message, before any lookup.
        let (status, body) = verify(&app, "bo@example.com", "12ab").await;
        assert_eq!(status, 422);
        assert_eq!(body["error"]["fields"]["code"], "otp_invalid");
        // No code was ever sent to this address.
        let (_, body) = verify(&app, "nobody@example.com", "123456").await;
        assert_eq!(body["error"]["fields"]["code"], "otp_invalid");
        assert_eq!(counts(&app).await, before);
        // The right code still works after a wrong try.
        let (status, _) = verify(&app, "bo@example.com", &code).await;
        assert_eq!(status, 200);
    }
);

db_test!(
    an_expired_code_is_refused_as_code_expired_and_creates_nothing,
    |app| async move {
        ask_code(&app, "cy@example.com").await;
        let code = app.latest_code("cy@example.com").await.unwrap();
        let before = counts(&app).await;
        app.clock.advance(10 * 60_000);
        let (status, body) = verify(&app, "cy@example.com", &code).await;
        assert_eq!(status, 422);
        assert_eq!(body["error"]["fields"]["code"], "code_expired");
        assert_eq!(counts(&app).await, before);
        // A fresh code works.
        ask_code(&app, "cy@example.com").await;
        let code = app.latest_code("cy@example.com").await.unwrap();
        assert_eq!(verify(&app, "cy@example.com", &code).await.0, 200);
    }
);

db_test!(
    asking_again_within_a_minute_is_rate_limited_and_a_new_code_retires_the_old,
    |app| async move {
        assert_eq!(ask_code(&app, "di@example.com").await.0, 200);
        let first = app.latest_code("di@example.com").await.unwrap();
        app.clock.advance(59_000);
        let res = app
            .client
            .post(app.url("/api/auth/code"))
            .json(&json!({ "email": "DI@example.com" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 429);
        // The answer says how long to wait (issue #25): the second left of the minute.
        assert_eq!(res.headers()["retry-after"], "1");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["error"]["code"], "rate_limited");
        app.clock.advance(1_000);
        assert_eq!(ask_code(&app, "di@example.com").await.0, 200);
        let second = app.latest_code("di@example.com").await.unwrap();
        if first != second {
            let (status, body) = verify(&app, "di@example.com", &first).await;
            assert_eq!(status, 422, "the older code is retired");
            assert_eq!(body["error"]["fields"]["code"], "otp_invalid");
        }
        assert_eq!(verify(&app, "di@example.com", &second).await.0, 200);
    }
);

db_test!(
    after_five_wrong_codes_even_the_right_one_is_refused,
    |app| async move {
        ask_code(&app, "ed@example.com").await;
        let code = app.latest_code("ed@example.com").await.unwrap();
        for _ in 0..5 {
            let (_, body) = verify(&app, "ed@example.com", &wrong(&code)).await;
            assert_eq!(body["error"]["fields"]["code"], "otp_invalid");
        }
        let (status, body) = verify(&app, "ed@example.com", &code).await;
        assert_eq!(status, 422);
        assert_eq!(body["error"]["fields"]["code"], "code_attempts_exhausted");
        assert_eq!(counts(&app).await[0], 0, "no account was created");
    }
);

db_test!(
    an_address_that_is_not_an_email_is_refused_with_the_domain_rule,
    |app| async move {
        let (status, body) = ask_code(&app, "not-an-email").await;
        assert_eq!(status, 422);
        assert_eq!(body["error"]["fields"]["email"], "email_invalid");
    }
);

#[tokio::test]
async fn the_development_mailbox_is_not_served_unless_enabled() {
    {
        let app = testkit::spawn_app_with(testkit::Backend::Sqlite, |c| c.dev_mailbox = false)
            .await
            .unwrap();
        assert_eq!(ask_code(&app, "fi@example.com").await.0, 200);
        let body = app
            .expect(
                404,
                Method::GET,
                "/api/dev/mailbox?email=fi@example.com",
                None,
                None,
            )
            .await;
        assert_eq!(body["error"]["code"], "not_found");
    }
}

db_test!(
    the_demo_admin_can_sign_in_by_code_after_seeding,
    |app| async move {
        let now = app.clock.now_ms();
        store::seed::seed_demo(&app.store, now).await.unwrap();
        let token = app.sign_in(store::seed::DEMO_ADMIN_EMAIL).await.unwrap();
        let me = app
            .get_body(
                &format!(
                    "/api/v1/whatzapp/checkuserexistance?user_email={}",
                    store::seed::DEMO_ADMIN_EMAIL
                ),
                &token,
            )
            .await;
        assert_eq!(me["data"]["callyzer_user_mappings"][0]["role_id"], 1);
        assert_eq!(me["data"]["callyzer_user_mappings"][0]["is_default_org"], 1);
    }
);

/// An organisation built over HTTP: its admin, teams and people.
struct Org {
    admin: String,
    org_id: i64,
    code: String,
    sales: i64,
    support: i64,
}

async fn org_with_teams(app: &TestApp, admin_email: &str, name: &str) -> Org {
    let admin = app.sign_in(admin_email).await.unwrap();
    let created = app
        .post_ok(
            "/api/v1/whatzapp/organizations",
            &admin,
            json!({ "org_name": name }),
        )
        .await;
    let org_id = created["data"]["org_id"].as_i64().unwrap();
    let code = created["data"]["organization_code"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut teams = Vec::new();
    for (team, color) in [("Sales", 1), ("Support", 2)] {
        let t = app
            .post_ok(
                "/api/v1/whatzapp/teams",
                &admin,
                json!({ "org_id": org_id, "team_name": team, "team_color": color }),
            )
            .await;
        teams.push(t["data"]["id"].as_i64().unwrap());
    }
    Org {
        admin,
        org_id,
        code,
        sales: teams[0],
        support: teams[1],
    }
}

fn user_ids(list: &Value) -> Vec<String> {
    let mut ids: Vec<String> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            e["whatzapp_basic_info"]["name"]
                .as_str()
                .unwrap_or("?")
                .to_owned()
        })
        .collect();
    ids.sort();
    ids
}

db_test!(
    an_admin_builds_an_organisation_and_each_role_sees_its_own_employees,
    |app| async move {
        let org = org_with_teams(&app, "owner@acme.test", "Acme Traders").await;
        let created = app
            .get_ok(
                &format!(
                    "/api/v1/whatzapp/getOrganizationDetails?organization_code={}",
                    org.code.to_lowercase()
                ),
                &org.admin,
            )
            .await;
        assert_eq!(created["type"], true);
        assert_eq!(created["data"][0]["org_name"], "Acme Traders");
        assert_eq!(created["data"][0]["is_trial"], true);
        assert_eq!(created["data"][0]["seat_issued"], 3);
        // Six seats bought: more people than the trial's three.
        app.set_seats(org.org_id, 6).await.unwrap();

        let added = app.post_ok("/api/v1/whatzapp/employees", &org.admin, json!({ "org_id": org.org_id, "employees": [
                { "name": "Maya", "email": "maya@acme.test", "mobile": "+91 98100 00001", "role_id": 2, "team_id": org.sales },
                { "name": "Sam", "email": "sam@acme.test", "number": "+919810000002", "team_id": org.sales },
                { "name": "Tia", "email": "tia@acme.test", "mobile": "+919810000003", "team_id": org.support },
                { "name": "Nemo", "email": "nemo@acme.test", "role_id": 2 },
                { "name": "Phone Only", "mobile": "+5511987650000" }
            ]})).await;
        let first = &added["data"]["employees"][0];
        assert_eq!(first["user_status"], 1);
        assert_eq!(first["invitation_status"], "pending");
        assert_eq!(first["callyzer_orgamnization_team"]["team_name"], "Sales");
        assert_eq!(first["callyzer_orgamnization_team"]["bg_color"], "#BCC7F8");
        assert_eq!(first["callyzer_user_role"]["role_name"], "Manager");
        assert_eq!(first["whatzapp_basic_info"]["mobile"], "+919810000001");
        // Invitations went out by e-mail.
        let (_, mail) = app
            .call(
                Method::GET,
                "/api/dev/mailbox?email=tia@acme.test",
                None,
                None,
            )
            .await;
        assert!(mail["messages"][0]["subject"]
            .as_str()
            .unwrap()
            .contains("Acme Traders"));

        // Before they sign in, they are invited, not active.
        let list_path = format!(
            "/api/v1/whatzapp/employees?org_id={}&status=2&type=teams",
            org.org_id
        );
        let active = app.get_body(&list_path, &org.admin).await;
        assert_eq!(
            active["data"].as_array().unwrap().len(),
            1,
            "only the admin: {active}"
        );
        let invited_path = format!("/api/v1/whatzapp/employees/invited?org_id={}", org.org_id);
        let invited = app.get_body(&invited_path, &org.admin).await;
        assert_eq!(invited["data"].as_array().unwrap().len(), 6);

        let maya = app.sign_in("maya@acme.test").await.unwrap();
        let sam = app.sign_in("sam@acme.test").await.unwrap();
        let _tia = app.sign_in("tia@acme.test").await.unwrap();
        let nemo = app.sign_in("nemo@acme.test").await.unwrap();

        let all = app.get_ok(&list_path, &org.admin).await;
        let names = user_ids(&all);
        assert_eq!(names.len(), 5, "admin + 4 who signed in: {names:?}");
        for n in ["Maya", "Nemo", "Sam", "Tia"] {
            assert!(names.contains(&n.to_owned()), "{n} in {names:?}");
        }
        assert_eq!(all["mapping_details"]["role_id"], 1);
        assert_eq!(all["sync_list"].as_array().unwrap().len(), 5);

        let team = app.get_body(&list_path, &maya).await;
        assert_eq!(
            user_ids(&team),
            ["Maya", "Sam"],
            "a manager sees their team"
        );
        let alone = app.get_body(&list_path, &nemo).await;
        assert_eq!(
            user_ids(&alone),
            ["Nemo"],
            "a manager without a team sees only themself"
        );
        let me = app.get_body(&list_path, &sam).await;
        assert_eq!(user_ids(&me), ["Sam"], "an employee sees only themself");

        // The dashboard's teams list follows the same rule, in the default organisation.
        let sam_id = me["data"][0]["user_id"].as_i64().unwrap();
        let sam_list = app
            .get_ok(
                &format!(
                    "/api/v1/whatzapp/teams/list?user_id={sam_id}&org_id={}",
                    org.org_id
                ),
                &sam,
            )
            .await;
        assert_eq!(sam_list["data"].as_array().unwrap().len(), 1);
        assert_eq!(
            sam_list["data"][0]["callyzer_orgamnization_team"]["team_name"],
            "Sales"
        );

        // An employee cannot manage; a manager cannot touch another team.
        let body = app
            .expect(
                403,
                Method::POST,
                "/api/v1/whatzapp/teams",
                Some(&sam),
                Some(json!({ "org_id": org.org_id, "team_name": "Mine" })),
            )
            .await;
        assert_eq!(body["error"]["fields"]["role"], "admins_managers_only");
        app.expect(
            403,
            Method::PATCH,
            "/api/v1/whatzapp/teams",
            Some(&maya),
            Some(
                json!({ "org_id": org.org_id, "team_id": org.support, "team_name": "Taken over" }),
            ),
        )
        .await;
        let renamed = app.ok(Method::PATCH, "/api/v1/whatzapp/teams", &maya, Some(json!({ "org_id": org.org_id, "team_id": org.sales, "team_name": "Field Sales", "team_color": 3 }))).await;
        assert_eq!(renamed["data"]["team_name"], "Field Sales");

        // The admin moves Tia into Sales; Maya now sees her.
        let tia_id = all["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["whatzapp_basic_info"]["name"] == "Tia")
            .unwrap()["user_id"]
            .as_i64()
            .unwrap();
        app.ok(
            Method::PATCH,
            "/api/v1/whatzapp/teams/members",
            &org.admin,
            Some(json!({ "org_id": org.org_id, "team_id": org.sales, "user_ids": [tia_id] })),
        )
        .await;
        let team = app.get_body(&list_path, &maya).await;
        assert_eq!(user_ids(&team), ["Maya", "Sam", "Tia"]);

        // Teams with member counts, the palette and the roles list.
        let teams = app
            .get_body(
                &format!("/api/v1/whatzapp/teams?org_id={}", org.org_id),
                &sam,
            )
            .await;
        let field_sales = teams["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["team_name"] == "Field Sales")
            .unwrap();
        assert_eq!(field_sales["member_count"], 3);
        let palette = app.get_body("/api/v1/whatzapp/teams/colors", &sam).await;
        assert_eq!(palette["data"]["color_data"][0]["bg_color"], "#BCC7F8");
        let roles = app.get_body("/api/v1/whatzapp/roles", &sam).await;
        assert_eq!(
            roles["data"][2],
            json!({ "id": 3, "role_name": "Employee" })
        );

        // Seats: 6 bought, 6 held.
        let seats = app
            .get_body(
                &format!("/api/v1/whatzapp/remainseatsavablity?org_id={}", org.org_id),
                &sam,
            )
            .await;
        assert_eq!(
            seats["data"],
            json!({ "seat_issued": 6, "seats_used": 6, "remaining_seats": 0 })
        );
    }
);

db_test!(
    memberships_the_personal_entry_and_switching_the_active_organisation,
    |app| async move {
        let a = org_with_teams(&app, "switch@acme.test", "First").await;
        let (_, second) = app
            .call(
                Method::POST,
                "/api/v1/whatzapp/organizations",
                Some(&a.admin),
                Some(json!({ "org_name": "Second", "time_zone": "Asia/Calcutta" })),
            )
            .await;
        assert_eq!(second["data"]["time_zone"], "Asia/Kolkata");
        let second_id = second["data"]["org_id"].as_i64().unwrap();
        let me = app
            .get_body(
                "/api/v1/whatzapp/checkuserexistance?user_email=switch@acme.test",
                &a.admin,
            )
            .await;
        let ws = me["data"]["id"].as_i64().unwrap();
        assert_eq!(me["data"]["integrations"]["googleSheet"], false);
        assert_eq!(me["data"]["integrations"].as_object().unwrap().len(), 8);
        let defaults: Vec<i64> = me["data"]["callyzer_user_mappings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["is_default_org"].as_i64().unwrap())
            .collect();
        assert_eq!(defaults, [0, 1], "the newest organisation is the default");

        let list = app
            .get_body(
                &format!("/api/v1/whatzapp/organizations?workspace_id={ws}"),
                &a.admin,
            )
            .await;
        let list = list["data"].as_array().unwrap();
        assert_eq!(list.len(), 3);
        assert_eq!(list[2]["org_id"], Value::Null);
        assert_eq!(list[2]["callyzer_organization"]["org_name"], "Personal");
        assert_eq!(list[2]["default_org"], 0);

        let after = app
            .ok(
                Method::PATCH,
                &format!(
                    "/api/v1/whatzapp/organizations/active?workspace_id={ws}&org_id={}",
                    a.org_id
                ),
                &a.admin,
                None,
            )
            .await;
        let flags: Vec<(Value, Value)> = after["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["org_id"].clone(), m["is_default_org"].clone()))
            .collect();
        assert_eq!(
            flags,
            [
                (json!(a.org_id), json!(1)),
                (json!(second_id), json!(0)),
                (Value::Null, json!(0))
            ]
        );
        // To Personal: no organisation is the default.
        let (_, after) = app
            .call(
                Method::PATCH,
                &format!("/api/v1/whatzapp/organizations/active?workspace_id={ws}"),
                Some(&a.admin),
                None,
            )
            .await;
        assert_eq!(after["data"][2]["is_default_org"], 1);
        assert_eq!(after["data"][0]["is_default_org"], 0);

        let history = app
            .get_body(
                &format!("/api/v1/whatzapp/usercredithistory?workspace_id={ws}"),
                &a.admin,
            )
            .await;
        assert_eq!(history["data"]["seat_issued"], 1);
        let org_history = app
            .get_body(
                &format!(
                    "/api/v1/whatzapp/organizations/credit-history?org_id={}",
                    a.org_id
                ),
                &a.admin,
            )
            .await;
        assert_eq!(org_history["data"]["is_trial"], true);
        assert!(org_history["data"]["validity"]
            .as_str()
            .unwrap()
            .ends_with('Z'));

        let accounts = app
            .get_ok("/api/v2/auth/accounts?email=switch@acme.test", &a.admin)
            .await;
        assert_eq!(accounts["status"], true);
        // The web app's cookie session is never answered back.
        assert_eq!(accounts["data"]["active_account"]["access_token"], "");
        // The extension gets the token it presented.
        let ext = app.extension_token(&a.admin).await.unwrap();
        let accounts = app
            .call_bearer(
                Method::GET,
                "/api/v2/auth/accounts?email=switch@acme.test",
                &ext,
                None,
            )
            .await
            .1;
        assert_eq!(accounts["data"]["active_account"]["access_token"], ext);
        assert_eq!(accounts["data"]["accounts"][0]["access_token"], ext);
        app.expect(
            403,
            Method::GET,
            "/api/v2/auth/accounts?email=someone@else.test",
            Some(&a.admin),
            None,
        )
        .await;
    }
);

db_test!(
    user_existence_shows_only_oneself_or_members_of_administered_organisations,
    |app| async move {
        let org = org_with_teams(&app, "boss@acme.test", "Acme").await;
        app.call(Method::POST,
            "/api/v1/whatzapp/employees",
            Some(&org.admin),
            Some(json!({ "org_id": org.org_id, "employees": [{ "email": "worker@acme.test", "mobile": "+919800000077" }] })),
        )
        .await;
        let worker = app.sign_in("worker@acme.test").await.unwrap();
        let stranger = app.sign_in("stranger@else.test").await.unwrap();
        let path = "/api/v1/whatzapp/checkuserexistance?user_email=worker@acme.test";
        let seen = app.get_ok(path, &org.admin).await;
        assert_eq!(seen["data"]["callyzer_user_mappings"][0]["role_id"], 3);
        app.expect(404, Method::GET, path, Some(&stranger), None)
            .await;
        app.get_ok(
            "/api/v1/whatzapp/checkuserexistance?user_mobile=%2B919800000077",
            &org.admin,
        )
        .await;
        // An employee may not look up their admin.
        app.expect(
            404,
            Method::GET,
            "/api/v1/whatzapp/checkuserexistance?user_email=boss@acme.test",
            Some(&worker),
            None,
        )
        .await;
        app.expect(401, Method::GET, path, None, None).await;
    }
);

db_test!(
    an_unknown_or_malformed_organisation_code_has_a_clear_error,
    |app| async move {
        let org = org_with_teams(&app, "codes@acme.test", "Codes").await;
        let before = counts(&app).await;
        for (code, status) in [("NOPE-0000", 404), ("a%20b", 422)] {
            let body = app
                .expect(
                    status,
                    Method::GET,
                    &format!("/api/v1/whatzapp/getOrganizationDetails?organization_code={code}"),
                    Some(&org.admin),
                    None,
                )
                .await;
            assert_eq!(
                body["error"]["fields"]["organization_code"],
                "organisation_code_invalid"
            );
        }
        assert_eq!(counts(&app).await, before);
    }
);

db_test!(
    a_duplicate_or_invalid_employee_is_refused_and_nothing_is_added,
    |app| async move {
        let org = org_with_teams(&app, "dup@acme.test", "Dups").await;
        let add = |employees: Value| {
            app.call(
                Method::POST,
                "/api/v1/whatzapp/employees",
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "employees": employees })),
            )
        };
        let (status, _) =
            add(json!([{ "email": "one@acme.test", "mobile": "+919811111111" }])).await;
        assert_eq!(status, 200);
        let before = counts(&app).await;
        let (status, body) = add(json!([
            { "email": "two@acme.test", "mobile": "+919822222222" },
            { "email": "ONE@acme.test" }
        ]))
        .await;
        assert_eq!(status, 422);
        assert_eq!(
            body["error"]["fields"]["employees[1].number"],
            "employee_exists"
        );
        let (status, body) = add(json!([
            { "mobile": "9812345678" },
            { "mobile": "+91 98x" },
            { "email": "bad@" },
            {},
            { "mobile": "+919833333333" },
            { "mobile": "+91 98333 33333" }
        ]))
        .await;
        assert_eq!(status, 422);
        let f = &body["error"]["fields"];
        assert_eq!(f["employees[0].number"], "phone_country_code_missing");
        assert_eq!(f["employees[1].number"], "phone_invalid");
        assert_eq!(f["employees[2].email"], "email_invalid");
        assert_eq!(f["employees[3].number"], "contact_required");
        assert_eq!(f["employees[5].number"], "import_row_duplicate");
        // Another organisation's team is not found, and nothing is added either.
        let other = org_with_teams(&app, "other@else.test", "Else").await;
        let before_other = counts(&app).await;
        let (status, _) =
            add(json!([{ "email": "three@acme.test", "team_id": other.sales }])).await;
        assert_eq!(status, 404);
        assert_eq!(counts(&app).await, before_other);
        assert_eq!(
            before[3] + 1,
            before_other[3],
            "only the other organisation's admin joined in between"
        );
    }
);

async fn patch(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    app.call(
        Method::PATCH,
        "/api/v1/whatzapp/employees",
        Some(token),
        Some(body),
    )
    .await
}

async fn import(
    app: &TestApp,
    token: &str,
    org_id: i64,
    body: Vec<u8>,
    content_type: &str,
) -> (u16, Value) {
    let path = format!("/api/v1/whatzapp/employees/import?org_id={org_id}");
    app.upload(&path, token, content_type, body).await
}

db_test!(
    a_csv_import_adds_the_valid_rows_and_reports_each_bad_one,
    |app| async move {
        let org = org_with_teams(&app, "csv@acme.test", "Csv").await;
        app.set_seats(org.org_id, 6).await.unwrap();
        app.call(Method::POST,
            "/api/v1/whatzapp/employees",
            Some(&org.admin),
            Some(json!({ "org_id": org.org_id, "employees": [{ "mobile": "+919844444444", "name": "Already" }] })),
        )
        .await;
        let before = counts(&app).await;
        let csv = "Name,Number,Email,Address\n\
                   Asha,+91 98555 55555,asha@acme.test,\"1 Main St, Pune\"\n\
                   Local,9812345678,,\n\
                   Letters,+91 98x55,,\n\
                   Asha again,+919855555555,,\n\
                   ,,,\n\
                   Already,+919844444444,,\n\
                   Bad mail,+14155550100,nope@,\n\
                   Beto,+5511987650001,,São Paulo\n";
        let (status, body) = import(
            &app,
            &org.admin,
            org.org_id,
            csv.as_bytes().to_vec(),
            "text/csv",
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let report = &body["data"];
        assert_eq!(report["rows"], 7);
        assert_eq!(report["inserted"], 2);
        let errors: Vec<(u64, String)> = report["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["row"].as_u64().unwrap(),
                    e["code"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(
            errors,
            [
                (3, "phone_country_code_missing".to_owned()),
                (4, "phone_invalid".to_owned()),
                (5, "import_row_duplicate".to_owned()),
                (7, "employee_exists".to_owned()),
                (8, "email_invalid".to_owned()),
            ]
        );
        let after = counts(&app).await;
        assert_eq!(after[3], before[3] + 2);
        let invited = app
            .get_body(
                &format!("/api/v1/whatzapp/employees/invited?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        let asha = invited["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["whatzapp_basic_info"]["name"] == "Asha")
            .unwrap();
        assert_eq!(asha["address"], "1 Main St, Pune");
        assert_eq!(asha["whatsapp_no"], "+919855555555");
        assert_eq!(asha["email"], "asha@acme.test");

        // The sample file is offered and passes its own import.
        let res = app
            .client
            .get(app.url("/api/v1/whatzapp/employees/import/sample"))
            .session(&org.admin)
            .send()
            .await
            .unwrap();
        assert!(res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv"));
        let sample = res.bytes().await.unwrap().to_vec();
        let (status, body) = import(&app, &org.admin, org.org_id, sample, "text/csv").await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["inserted"], 2, "{body}");
    }
);

fn xlsx(rows: &[&[&str]], number_as_float: bool) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (r, c) = (r as u32, c as u16);
            match cell.parse::<f64>() {
                Ok(n) if number_as_float && r > 0 => sheet.write_number(r, c, n).unwrap(),
                _ => sheet.write_string(r, c, *cell).unwrap(),
            };
        }
    }
    book.save_to_buffer().unwrap()
}

db_test!(
    an_xlsx_import_reads_numbers_typed_as_numbers_and_as_text,
    |app| async move {
        let org = org_with_teams(&app, "xlsx@acme.test", "Xlsx").await;
        let file = xlsx(
            &[
                &["number", "name"],
                &["919866666666", "Typed as number"],
                &["9866666667", "No country code"],
            ],
            true,
        );
        let (status, body) = import(
            &app,
            &org.admin,
            org.org_id,
            file,
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["inserted"], 1);
        assert_eq!(
            body["data"]["errors"][0]["code"],
            "phone_country_code_missing"
        );

        // The same through a multipart form, as the browser's file picker sends it.
        let file = xlsx(
            &[&["Mobile", "Name"], &["+91 98777 77777", "Form upload"]],
            false,
        );
        let form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(file).file_name("people.xlsx"),
        );
        let res = app
            .client
            .post(app.url(&format!(
                "/api/v1/whatzapp/employees/import?org_id={}",
                org.org_id
            )))
            .session(&org.admin)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["data"]["inserted"], 1, "{body}");
    }
);

db_test!(
    a_malformed_import_file_is_refused_whole_and_changes_nothing,
    |app| async move {
        let org = org_with_teams(&app, "broken@acme.test", "Broken").await;
        let before = counts(&app).await;
        let cases: Vec<(Vec<u8>, &str, &str)> = vec![
            (
                b"PK\x03\x04garbage that is no zip".to_vec(),
                "application/octet-stream",
                "import_file_unreadable",
            ),
            (
                vec![0xff, 0xfe, 0x00, 0x01, 0x02],
                "text/csv",
                "import_file_unreadable",
            ),
            (Vec::new(), "text/csv", "import_file_unreadable"),
            (
                b"name,email\nAna,ana@x.io\n".to_vec(),
                "text/csv",
                "import_number_column_missing",
            ),
            (
                xlsx(&[&["name"], &["Ana"]], false),
                "application/octet-stream",
                "import_number_column_missing",
            ),
        ];
        for (file, content_type, code) in cases {
            let (status, body) = import(&app, &org.admin, org.org_id, file, content_type).await;
            assert_eq!(status, 422, "{body}");
            assert_eq!(body["error"]["fields"]["file"], code);
        }
        let mut big = String::from("number\n");
        for i in 0..5_001 {
            big.push_str(&format!("+9198{:08}\n", i));
        }
        let (status, body) =
            import(&app, &org.admin, org.org_id, big.into_bytes(), "text/csv").await;
        assert_eq!(status, 422);
        assert_eq!(body["error"]["fields"]["file"], "import_too_many_rows");
        assert_eq!(counts(&app).await, before);
    }
);

db_test!(
    employees_are_updated_and_removed_by_admins_but_the_last_admin_stays,
    |app| async move {
        let org = org_with_teams(&app, "lead@acme.test", "Lead").await;
        let (_, added) = app.call(Method::POST,
            "/api/v1/whatzapp/employees",
            Some(&org.admin),
            Some(json!({ "org_id": org.org_id, "employees": [{ "email": "kim@acme.test", "team_id": org.support }] })),
        )
        .await;
        let kim_id = added["data"]["employees"][0]["user_id"].as_i64().unwrap();
        let kim = app.sign_in("kim@acme.test").await.unwrap();
        let (status, _) = patch(
            &app,
            &kim,
            json!({ "org_id": org.org_id, "user_id": kim_id, "role_id": 1 }),
        )
        .await;
        assert_eq!(status, 403, "an employee cannot promote themself");
        let (status, body) = patch(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "user_id": kim_id, "role_id": 2, "team_id": 0, "syncing_active": true, "address": "Goa" }),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["callyzer_user_role"]["id"], 2);
        assert_eq!(body["data"]["team_id"], Value::Null);
        assert_eq!(body["data"]["syncing_active"], 1);
        assert_eq!(body["data"]["address"], "Goa");
        let (status, body) = patch(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "user_id": kim_id, "role_id": 7 }),
        )
        .await;
        assert_eq!(status, 422);
        assert_eq!(body["error"]["fields"]["role_id"], "role_unknown");

        let me = app
            .get_body(
                "/api/v1/whatzapp/checkuserexistance?user_email=lead@acme.test",
                &org.admin,
            )
            .await;
        let admin_id = me["data"]["id"].as_i64().unwrap();
        let before = counts(&app).await;
        let (status, body) = patch(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "user_id": admin_id, "role_id": 3 }),
        )
        .await;
        assert_eq!(status, 409, "{body}");
        app.expect(
            409,
            Method::POST,
            &format!(
                "/api/v1/whatzapp/organizations/remove-user?user_id={admin_id}&org_id={}",
                org.org_id
            ),
            Some(&org.admin),
            None,
        )
        .await;
        assert_eq!(counts(&app).await, before);
        app.ok(
            Method::POST,
            &format!(
                "/api/v1/whatzapp/organizations/remove-user?user_id={kim_id}&org_id={}",
                org.org_id
            ),
            &org.admin,
            None,
        )
        .await;
        assert_eq!(counts(&app).await[3], before[3] - 1);
        // Kim is no longer a member.
        app.expect(
            404,
            Method::GET,
            &format!("/api/v1/whatzapp/employees?org_id={}", org.org_id),
            Some(&kim),
            None,
        )
        .await;

        let body = app
            .expect(
                422,
                Method::PATCH,
                "/api/v1/whatzapp/organizations",
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "org_name": "  ", "org_logo": "ftp://x" })),
            )
            .await;
        assert_eq!(
            body["error"]["fields"]["org_name"],
            "organisation_name_required"
        );
        let body = app.ok(Method::PATCH, "/api/v1/whatzapp/organizations", &org.admin, Some(json!({ "org_id": org.org_id, "org_name": "Lead Co", "org_logo": "https://cdn.example.com/l.png" }))).await;
        assert_eq!(body["data"]["org_logo"], "https://cdn.example.com/l.png");
    }
);
