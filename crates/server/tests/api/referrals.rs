//! Refer and Earn (issue #28), over real HTTP on SQLite and PostgreSQL: the link and report, a
//! friend's sign-up through the link (their month of Pro Plus), the credit after the second
//! friend, the referrer under another address and a throwaway mailbox that do not earn, the
//! invitation e-mails with their refusals and daily cap, and the operator's store-review credit.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::admin::{expect_as_admin, operator};
use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp};

/// Signs `email` up as a person does, having come by `code`'s link; answers the session.
pub(crate) async fn sign_up_with(app: &TestApp, email: &str, code: &str) -> String {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/auth/code",
            None,
            Some(json!({ "email": email })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let otp = app.latest_code(email).await.unwrap();
    let res = app
        .client
        .post(app.url("/api/auth/verify"))
        .json(&json!({ "email": email, "code": otp, "referral_code": code }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    testkit::session_cookie(res.headers()).unwrap()
}

pub(crate) async fn report(app: &TestApp, session: &str) -> Value {
    app.get_ok("/api/referrals", session).await
}

db_test!(
    every_second_friend_who_signs_up_by_the_link_earns_a_credit_and_the_others_do_not,
    |app| async move {
        let (ana, ana_id) = app.sign_in_with_id("ana.rao@gmail.com").await;
        let r = report(&app, &ana).await;
        let code = r["code"].as_str().unwrap().to_owned();
        assert_eq!(code.len(), 8);
        assert!(r["link"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/workspace/signup?ref={code}")));
        assert_eq!(
            (r["signed_up"].as_u64(), r["next_credit_in"].as_u64()),
            (Some(0), Some(2))
        );
        assert_eq!(
            report(&app, &ana).await["code"],
            code.as_str(),
            "the code stays"
        );

        // The first friend: recorded, their month of Pro Plus, no credit yet.
        let bo = sign_up_with(&app, "bo@friends.test", &code.to_lowercase()).await;
        let bo_id = app.get_ok("/api/account/profile", &bo).await["id"]
            .as_i64()
            .unwrap();
        let plan = app
            .get_ok(
                &format!("/api/v1/whatzapp/usercredithistory?workspace_id={bo_id}"),
                &bo,
            )
            .await["data"]
            .clone();
        assert_eq!(
            (plan["plan_id"].as_i64(), plan["is_trial"].as_bool()),
            (Some(8), Some(true)),
            "{plan}"
        );
        let r = report(&app, &ana).await;
        assert_eq!(
            (
                r["signed_up"].as_u64(),
                r["earning"].as_u64(),
                r["next_credit_in"].as_u64()
            ),
            (Some(1), Some(1), Some(1))
        );
        assert_eq!(r["credits"], json!([]));

        // Ana under another address, and a throwaway mailbox: signed up, not earning.
        sign_up_with(&app, "anarao+2@googlemail.com", &code).await;
        sign_up_with(&app, "cy@mailinator.com", &code).await;
        let r = report(&app, &ana).await;
        assert_eq!(
            (r["signed_up"].as_u64(), r["earning"].as_u64()),
            (Some(3), Some(1))
        );
        assert_eq!(r["credits"], json!([]));

        // The second earning friend: 1 USD.
        sign_up_with(&app, "dee@friends.test", &code).await;
        let r = report(&app, &ana).await;
        assert_eq!(
            (r["earning"].as_u64(), r["next_credit_in"].as_u64()),
            (Some(2), Some(2))
        );
        assert_eq!(
            (
                r["credits_earned_minor"].as_i64(),
                r["balance_minor"].as_i64()
            ),
            (Some(100), Some(100))
        );
        assert_eq!(r["credits"][0]["source"], "referral");
        assert_eq!(r["credits"][0]["currency"], "USD");

        // Someone who already has an account signs in by a link: nothing is recorded; an unknown
        // or malformed code never stops a sign-up.
        app.clock.advance(61_000);
        sign_up_with(&app, "bo@friends.test", &code).await;
        sign_up_with(&app, "eve@friends.test", "NOPE0000").await;
        sign_up_with(&app, "fay@friends.test", "<script>").await;
        assert_eq!(report(&app, &ana).await["signed_up"], 4);

        // The operator grants Ana a credit for her store review.
        let ops = operator(&app).await;
        let granted = expect_as_admin(
            200,
            &app,
            &ops,
            Method::POST,
            &format!("/api/admin/users/{ana_id}/credits"),
            Some(json!({ "note": "Chrome Web Store review" })),
        )
        .await;
        assert_eq!(
            (granted["amount_minor"].as_i64(), granted["source"].as_str()),
            (Some(100), Some("store_review"))
        );
        expect_as_admin(
            422,
            &app,
            &ops,
            Method::POST,
            &format!("/api/admin/users/{ana_id}/credits"),
            Some(json!({ "amount_minor": 0 })),
        )
        .await;
        expect_as_admin(
            404,
            &app,
            &ops,
            Method::POST,
            "/api/admin/users/999999/credits",
            Some(json!({})),
        )
        .await;
        let (status, _) = app
            .call_as(
                Method::POST,
                &format!("/api/admin/users/{ana_id}/credits"),
                &ana,
                Some(json!({})),
            )
            .await;
        assert_eq!(status, 401, "a user's session is not an operator's");
        let r = report(&app, &ana).await;
        assert_eq!(
            (
                r["credits_earned_minor"].as_i64(),
                r["balance_minor"].as_i64()
            ),
            (Some(100), Some(200))
        );
    }
);

db_test!(
    invitations_go_to_friends_with_the_link_and_are_bounded,
    |app| async move {
        let ana = app.sign_in("ana@acme.test").await.unwrap();
        let code = report(&app, &ana).await["code"]
            .as_str()
            .unwrap()
            .to_owned();

        let (status, body) = app
            .call_as(
                Method::POST,
                "/api/referrals/invites",
                &ana,
                Some(json!({ "emails": ["bo@friends.test", "not an address"] })),
            )
            .await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["error"]["fields"]["emails[1]"], "email_invalid");
        let (status, _) = app
            .call_as(
                Method::POST,
                "/api/referrals/invites",
                &ana,
                Some(json!({ "emails": [] })),
            )
            .await;
        assert_eq!(status, 422);
        let eleven: Vec<String> = (0..11).map(|i| format!("f{i}@friends.test")).collect();
        let (status, _) = app
            .call_as(
                Method::POST,
                "/api/referrals/invites",
                &ana,
                Some(json!({ "emails": eleven })),
            )
            .await;
        assert_eq!(status, 422);

        // Her own address is skipped, a repeat counted once.
        let sent = app
            .post_ok("/api/referrals/invites", &ana, json!({ "emails": ["Bo@Friends.test", "bo@friends.test", "ANA+x@acme.test", "cy@friends.test"] }))
            .await;
        assert_eq!(sent["sent"], 2);
        let mail = app
            .get_body("/api/dev/mailbox?email=bo@friends.test", &ana)
            .await;
        assert!(
            mail["messages"][0]["body"]
                .as_str()
                .unwrap()
                .contains(&format!("/workspace/signup?ref={code}")),
            "{mail}"
        );
        assert_eq!(report(&app, &ana).await["invites_sent"], 2);

        // At most 50 a day.
        for batch in 0..4 {
            let emails: Vec<String> = (0..10)
                .map(|i| format!("b{batch}x{i}@friends.test"))
                .collect();
            app.post_ok("/api/referrals/invites", &ana, json!({ "emails": emails }))
                .await;
        }
        let emails: Vec<String> = (0..10).map(|i| format!("late{i}@friends.test")).collect();
        let (status, body) = app
            .call_as(
                Method::POST,
                "/api/referrals/invites",
                &ana,
                Some(json!({ "emails": emails })),
            )
            .await;
        assert_eq!(status, 429, "{body}");
        assert_eq!(body["error"]["code"], "daily_limit_reached");
        let (status, _) = app
            .call_as(
                Method::POST,
                "/api/referrals/invites",
                &ana,
                Some(json!({ "emails": ["x@y.test"], "bcc": "z" })),
            )
            .await;
        assert_eq!(status, 400, "unknown fields are refused");
    }
);
