//! Invitations, e-mails and the organisation's settings over real HTTP, on SQLite and
//! PostgreSQL (issue #25): every e-mail in the recipient's language with a plain-text and an
//! HTML part, the invitation's link, resending it (bounded), a first sign-in landing in the
//! inviting organisation, the organisation's time zone from its creator's browser (edited,
//! refused when not a zone, recorded), and label names unique in a workspace.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use store::sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use testkit::{db_test, TestApp};

/// The development mailbox of `email`, newest first.
async fn mailbox(app: &TestApp, email: &str) -> Vec<Value> {
    let body = app
        .expect(
            200,
            Method::GET,
            &format!("/api/dev/mailbox?email={email}"),
            None,
            None,
        )
        .await;
    body["messages"].as_array().unwrap().clone()
}

/// Signs in on a page shown in `lang` (None: no language sent); answers the session.
async fn sign_in_in(app: &TestApp, email: &str, lang: Option<&str>) -> String {
    let (status, _) = app
        .call_in(
            lang,
            Method::POST,
            "/api/auth/code",
            None,
            Some(json!({ "email": email })),
        )
        .await;
    assert_eq!(status, 200);
    let code = app.latest_code(email).await.unwrap();
    let mut req = app
        .client
        .post(app.url("/api/auth/verify"))
        .json(&json!({ "email": email, "code": code }));
    if let Some(l) = lang {
        req = req.header("accept-language", l);
    }
    let res = req.send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    testkit::session_cookie(res.headers()).unwrap()
}

async fn create_org(app: &TestApp, session: &str, name: &str, zone: Option<&str>) -> (u16, Value) {
    let mut body = json!({ "org_name": name });
    if let Some(z) = zone {
        body["time_zone"] = json!(z);
    }
    app.call(
        Method::POST,
        "/api/v1/whatzapp/organizations",
        Some(session),
        Some(body),
    )
    .await
}

/// The organisation marked default among the person's memberships (None: Personal).
async fn default_org(app: &TestApp, session: &str, email: &str) -> Option<i64> {
    let me = app
        .get_ok(
            &format!("/api/v1/whatzapp/checkuserexistance?user_email={email}"),
            session,
        )
        .await;
    me["data"]["callyzer_user_mappings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["is_default_org"] == 1)
        .and_then(|m| m["org_id"].as_i64())
}

async fn add_member(app: &TestApp, session: &str, org_id: i64, email: &str, mobile: &str) -> i64 {
    let added = app.post_ok("/api/v1/whatzapp/employees", session, json!({ "org_id": org_id, "employees": [{ "name": "Lucía", "email": email, "mobile": mobile }] })).await;
    added["data"]["employees"][0]["user_id"].as_i64().unwrap()
}

async fn resend(app: &TestApp, session: &str, org_id: i64, user_id: i64) -> (u16, Value) {
    app.call(
        Method::POST,
        "/api/v1/whatzapp/employees/resend-invitation",
        Some(session),
        Some(json!({ "org_id": org_id, "user_id": user_id })),
    )
    .await
}

async fn audit_actions(app: &TestApp, org_id: i64) -> Vec<(String, String)> {
    use store::entity::org_audit;
    org_audit::Entity::find()
        .filter(org_audit::Column::OrgId.eq(org_id))
        .all(app.store.conn())
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.action, r.detail))
        .collect()
}

db_test!(
    an_invitation_is_in_the_inviters_language_with_a_link_and_can_be_resent_within_bounds,
    |app| async move {
        // The admin signs up on a page in Spanish: the code e-mail is Spanish, in two parts.
        let admin = sign_in_in(&app, "ana@acme.test", Some("es-ES,es;q=0.9")).await;
        let code_mail = &mailbox(&app, "ana@acme.test").await[0];
        assert_eq!(code_mail["subject"], "Tu código de acceso a Switchboard");
        let code = app.latest_code("ana@acme.test").await.unwrap();
        let html = code_mail["html"].as_str().unwrap();
        assert!(html.contains("<html lang=\"es\">") && html.contains(&code));
        let (status, org) = create_org(&app, &admin, "Tom & Jerry <Ltd>", None).await;
        assert_eq!(status, 200, "{org}");
        let org_id = org["data"]["org_id"].as_i64().unwrap();
        let org_code = org["data"]["organization_code"]
            .as_str()
            .unwrap()
            .to_owned();

        // The invitation: Spanish (the inviter's language), a link to the sign-in page with the
        // address, the organisation and the language; the name escaped in the HTML part.
        let member = add_member(&app, &admin, org_id, "lucia@acme.test", "+34600000001").await;
        let mails = mailbox(&app, "lucia@acme.test").await;
        assert_eq!(mails.len(), 1);
        let mail = &mails[0];
        assert_eq!(
            mail["subject"],
            "Tienes una invitación a Tom & Jerry <Ltd> en Switchboard"
        );
        let link = format!(
            "http://127.0.0.1:8080/workspace/signup?email=lucia%40acme.test&org={org_code}&lang=es"
        );
        let text = mail["body"].as_str().unwrap();
        assert!(
            text.contains("ana@acme.test te ha invitado a unirte a Tom & Jerry <Ltd>"),
            "{text}"
        );
        assert!(text.contains(&link), "{text}");
        let html = mail["html"].as_str().unwrap();
        assert!(
            html.contains("Tom &amp; Jerry &lt;Ltd&gt;") && !html.contains("<Ltd>"),
            "{html}"
        );
        assert!(
            html.contains(&format!("href=\"{}\"", link.replace('&', "&amp;"))),
            "{html}"
        );

        // Sending it again at once is too soon; ten minutes later it goes, and is recorded.
        let (status, body) = resend(&app, &admin, org_id, member).await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (429, Some("rate_limited"))
        );
        app.clock.advance(10 * 60 * 1000);
        let (status, body) = resend(&app, &admin, org_id, member).await;
        assert_eq!(status, 200, "{body}");
        assert!(body["data"]["invitation_sent_at"].as_i64().is_some());
        assert_eq!(mailbox(&app, "lucia@acme.test").await.len(), 2);
        assert!(audit_actions(&app, org_id)
            .await
            .iter()
            .any(|(a, _)| a == "invitation_resent"));
        // Five resends a day at most.
        for _ in 0..4 {
            app.clock.advance(10 * 60 * 1000);
            assert_eq!(resend(&app, &admin, org_id, member).await.0, 200);
        }
        app.clock.advance(10 * 60 * 1000);
        let (status, body) = resend(&app, &admin, org_id, member).await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (429, Some("daily_limit_reached"))
        );

        // The invited person's sign-in code, asked without a language, is in the inviter's.
        app.clock.advance(24 * 60 * 60 * 1000);
        let session = sign_in_in(&app, "lucia@acme.test", None).await;
        assert_eq!(
            mailbox(&app, "lucia@acme.test").await[0]["subject"],
            "Tu código de acceso a Switchboard"
        );
        // The first sign-in lands in the inviting organisation.
        assert_eq!(
            default_org(&app, &session, "lucia@acme.test").await,
            Some(org_id)
        );
        // Joined: nothing to resend; an employee may not resend at all.
        let (status, body) = resend(&app, &admin, org_id, member).await;
        assert_eq!(status, 409);
        assert_eq!(
            body["error"]["fields"]["user_id"],
            "invitation_already_accepted"
        );
        let other = add_member(&app, &admin, org_id, "omar@acme.test", "+34600000002").await;
        assert_eq!(resend(&app, &session, org_id, other).await.0, 403);
    }
);

db_test!(
    a_first_sign_in_lands_in_the_inviting_organisation_unless_one_was_chosen,
    |app| async move {
        let admin = app.sign_in("admin@acme.test").await.unwrap();
        let (_, org) = create_org(&app, &admin, "Acme", None).await;
        let org_id = org["data"]["org_id"].as_i64().unwrap();
        // Someone already using the Personal workspace is invited: they arrive in Acme.
        let solo = app.sign_in("solo@else.test").await.unwrap();
        assert_eq!(default_org(&app, &solo, "solo@else.test").await, None);
        add_member(&app, &admin, org_id, "solo@else.test", "+919800000011").await;
        app.clock.advance(61_000); // another sign-in code may be asked for
        let solo = app.sign_in("solo@else.test").await.unwrap();
        assert_eq!(
            default_org(&app, &solo, "solo@else.test").await,
            Some(org_id)
        );
        // Someone whose default is their own organisation keeps it.
        let boss = app.sign_in("boss@beta.test").await.unwrap();
        let (_, beta) = create_org(&app, &boss, "Beta", None).await;
        let beta_id = beta["data"]["org_id"].as_i64().unwrap();
        add_member(&app, &admin, org_id, "boss@beta.test", "+919800000012").await;
        app.clock.advance(61_000);
        let boss = app.sign_in("boss@beta.test").await.unwrap();
        assert_eq!(
            default_org(&app, &boss, "boss@beta.test").await,
            Some(beta_id)
        );
        // The e-mails of a person who chose nothing, invited by someone who chose nothing: English.
        let mail = &mailbox(&app, "solo@else.test").await;
        assert!(mail
            .iter()
            .any(|m| m["subject"] == "You're invited to Acme on Switchboard"));
        assert!(mail[0]["html"]
            .as_str()
            .unwrap()
            .contains("<html lang=\"en\">"));
    }
);

db_test!(
    the_time_zone_comes_from_the_creator_is_edited_by_an_admin_and_must_be_a_zone,
    |app| async move {
        let admin = app.sign_in("tz@acme.test").await.unwrap();
        let (status, org) = create_org(&app, &admin, "Lisboa", Some("America/Sao_Paulo")).await;
        assert_eq!(status, 200, "{org}");
        assert_eq!(org["data"]["time_zone"], "America/Sao_Paulo");
        let org_id = org["data"]["org_id"].as_i64().unwrap();
        let (status, body) = create_org(&app, &admin, "Nowhere", Some("Mars/Olympus")).await;
        assert_eq!(status, 422);
        assert!(body["error"]["fields"]["time_zone"].is_string(), "{body}");
        let patch = |zone: &str| {
            app.call(
                Method::PATCH,
                "/api/v1/whatzapp/organizations",
                Some(&admin),
                Some(json!({ "org_id": org_id, "time_zone": zone })),
            )
        };
        let (status, body) = patch("Europe/Lisbon").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["time_zone"], "Europe/Lisbon");
        let (status, _) = patch("Europe/Atlantis").await;
        assert_eq!(status, 422);
        let log = audit_actions(&app, org_id).await;
        assert_eq!(log.len(), 1, "{log:?}");
        assert_eq!(log[0].0, "time_zone_changed");
        let detail: Value = serde_json::from_str(&log[0].1).unwrap();
        assert_eq!(
            detail,
            json!({ "from": "America/Sao_Paulo", "to": "Europe/Lisbon" })
        );
        // An employee may not change it.
        add_member(&app, &admin, org_id, "emp@acme.test", "+351910000001").await;
        let emp = app.sign_in("emp@acme.test").await.unwrap();
        app.expect(
            403,
            Method::PATCH,
            "/api/v1/whatzapp/organizations",
            Some(&emp),
            Some(json!({ "org_id": org_id, "time_zone": "Asia/Jakarta" })),
        )
        .await;
    }
);

db_test!(
    a_label_name_is_unique_in_its_workspace_whatever_its_case_and_spaces,
    |app| async move {
        let admin = app.sign_in("labels@acme.test").await.unwrap();
        let (_, org) = create_org(&app, &admin, "Labels", None).await;
        let org_id = org["data"]["org_id"].as_i64().unwrap();
        let create = |session: String, org: Option<i64>, name: &'static str| {
            let app = &app;
            async move {
                let mut body = json!({ "name": name, "color": "#00a884" });
                if let Some(o) = org {
                    body["org_id"] = json!(o);
                }
                app.call(
                    Method::POST,
                    "/api/manage/labels",
                    Some(&session),
                    Some(body),
                )
                .await
            }
        };
        let (status, board) = create(admin.clone(), Some(org_id), "Hot lead").await;
        assert_eq!(status, 200, "{board}");
        let (status, body) = create(admin.clone(), Some(org_id), "  hot   LEAD ").await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["error"]["code"], "conflict");
        assert_eq!(body["error"]["fields"]["name"], "label_name_taken");
        let (_, board) = create(admin.clone(), Some(org_id), "Cold").await;
        let cold = board["labels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == "Cold")
            .unwrap()["id"]
            .as_i64()
            .unwrap();
        let label_path = format!("/api/manage/labels/{cold}");
        let rename = |name: &str| {
            app.call(
                Method::PUT,
                &label_path,
                Some(&admin),
                Some(json!({ "org_id": org_id, "name": name, "color": "#00a884" })),
            )
        };
        let (status, body) = rename("HOT LEAD").await;
        assert_eq!(
            (status, &body["error"]["fields"]["name"]),
            (409, &json!("label_name_taken"))
        );
        // Its own name in another case is no clash.
        assert_eq!(rename("COLD").await.0, 200);
        // Another workspace (the admin's Personal one) may have the same name.
        assert_eq!(create(admin.clone(), None, "Hot lead").await.0, 200);
    }
);
