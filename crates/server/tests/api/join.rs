//! Joining an organisation by its code (issue #28), over real HTTP on SQLite and PostgreSQL: the
//! organisation's code sends a one-time code to the person's own mailbox and tells them only the
//! organisation's name; a wrong, expired or reused code is refused; the right one makes them an
//! employee whose default is the organisation; seats, a closed organisation, an admin-only
//! switch and too many codes tried are each refused.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp};

async fn send_code(app: &TestApp, session: &str, org_code: &str) -> (u16, Value) {
    app.call_as(
        Method::POST,
        "/api/organizations/join/code",
        session,
        Some(json!({ "organization_code": org_code })),
    )
    .await
}

async fn join(app: &TestApp, session: &str, org_code: &str, code: &str) -> (u16, Value) {
    app.call_as(
        Method::POST,
        "/api/organizations/join",
        session,
        Some(json!({ "organization_code": org_code, "code": code })),
    )
    .await
}

/// The member's mapping of `org_id` in the user-existence answer.
async fn mapping(app: &TestApp, session: &str, email: &str, org_id: i64) -> Value {
    let me = app
        .get_body(
            &format!("/api/v1/whatzapp/checkuserexistance?user_email={email}"),
            session,
        )
        .await;
    me["data"]["callyzer_user_mappings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["org_id"] == org_id)
        .cloned()
        .unwrap_or(Value::Null)
}

db_test!(
    a_person_joins_with_the_code_from_their_own_mailbox_and_lands_in_the_organisation,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let bo = app.sign_in("bo@solo.test").await.unwrap();

        // Malformed, unknown: the same refusal, nothing sent.
        for bad in ["x", "ZZZZ9999", " "] {
            let (status, body) = send_code(&app, &bo, bad).await;
            assert_eq!(status, 422, "{bad}: {body}");
            assert_eq!(
                body["error"]["fields"]["organization_code"],
                "organisation_code_invalid"
            );
        }

        // The right code, in any case: the name and where the code went, nothing else.
        let (status, sent) = send_code(&app, &bo, &org.code.to_lowercase()).await;
        assert_eq!(status, 200, "{sent}");
        let keys: Vec<&str> = sent
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            ["email", "expires_in_ms", "org_name", "resend_after_ms"]
        );
        assert_eq!(sent["email"], "bo@solo.test");
        assert_eq!(sent["expires_in_ms"], 600_000);
        let first = app.latest_code("bo@solo.test").await.unwrap();
        // Another at once: wait first.
        let (status, _) = send_code(&app, &bo, &org.code).await;
        assert_eq!(status, 429);

        // Wrong, then expired.
        let wrong = if first == "000000" {
            "111111"
        } else {
            "000000"
        };
        let (status, body) = join(&app, &bo, &org.code, wrong).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["error"]["fields"]["code"], "otp_invalid");
        app.clock.advance(11 * 60 * 1000);
        let (status, body) = join(&app, &bo, &org.code, &first).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["error"]["fields"]["code"], "code_expired");

        // A new code works once; Bo is an employee of Acme, his default now.
        let (status, _) = send_code(&app, &bo, &org.code).await;
        assert_eq!(status, 200);
        let second = app.latest_code("bo@solo.test").await.unwrap();
        let (status, joined) = join(&app, &bo, &org.code, &second).await;
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["org_id"], org.org_id);
        assert_eq!(joined["message"], "Successfully joined organisation");
        let m = mapping(&app, &bo, "bo@solo.test", org.org_id).await;
        assert_eq!(
            (m["role_id"].as_i64(), m["is_default_org"].as_i64()),
            (Some(3), Some(1)),
            "{m}"
        );
        assert_eq!(m["user_status"], 2);
        let (status, _) = join(&app, &bo, &org.code, &second).await;
        assert_eq!(status, 422, "a used code is refused");
        let (status, body) = send_code(&app, &bo, &org.code).await;
        assert_eq!(status, 409, "already a member: {body}");

        // The admins see who joined this way.
        let log = app
            .get_ok(
                &format!(
                    "/api/v1/whatzapp/organizations/activity?org_id={}",
                    org.org_id
                ),
                &org.admin,
            )
            .await;
        assert_eq!(log["items"][0]["action"], "member_joined_by_code", "{log}");
        assert_eq!(log["items"][0]["actor"], "bo@solo.test");
    }
);

db_test!(
    seats_a_closed_organisation_and_too_many_codes_tried_are_refused,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let bo = app.sign_in("bo@solo.test").await.unwrap();
        let cy = app.sign_in("cy@solo.test").await.unwrap();

        // Bo joins; then the plan's seats are all taken (Ana and Bo of 2).
        send_code(&app, &bo, &org.code).await;
        let code = app.latest_code("bo@solo.test").await.unwrap();
        assert_eq!(join(&app, &bo, &org.code, &code).await.0, 200);
        app.set_seats(org.org_id, 2).await.unwrap();
        let (status, _) = send_code(&app, &cy, &org.code).await;
        assert_eq!(status, 200);
        let code = app.latest_code("cy@solo.test").await.unwrap();
        let (status, body) = join(&app, &cy, &org.code, &code).await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["error"]["code"], "seats_exhausted");
        assert!(mapping(&app, &cy, "cy@solo.test", org.org_id)
            .await
            .is_null());

        // Only an admin closes joining by code; closed, the code is as good as unknown.
        let off = json!({ "org_id": org.org_id, "enabled": false });
        let (status, _) = app
            .call_as(
                Method::PUT,
                "/api/organizations/join-by-code",
                &bo,
                Some(off.clone()),
            )
            .await;
        assert_eq!(status, 403);
        app.ok(
            Method::PUT,
            "/api/organizations/join-by-code",
            &org.admin,
            Some(off),
        )
        .await;
        app.set_seats(org.org_id, 10).await.unwrap();
        app.clock.advance(61 * 1000);
        let (status, body) = send_code(&app, &cy, &org.code).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(
            body["error"]["fields"]["organization_code"],
            "organisation_code_invalid"
        );
        let details = app
            .get_body(
                &format!(
                    "/api/v1/whatzapp/getOrganizationDetails?organization_code={}",
                    org.code
                ),
                &org.admin,
            )
            .await;
        assert_eq!(details["data"][0]["join_by_code"], false);

        // A person guessing codes is stopped after ten a minute.
        let dee = app.sign_in("dee@solo.test").await.unwrap();
        for i in 0..10 {
            assert_eq!(send_code(&app, &dee, &format!("GUESS{i:03}")).await.0, 422);
        }
        let (status, body) = send_code(&app, &dee, "GUESS999").await;
        assert_eq!(status, 429, "{body}");
        // Unknown fields are refused.
        let (status, _) = app
            .call_as(
                Method::POST,
                "/api/organizations/join/code",
                &dee,
                Some(json!({ "organization_code": org.code, "role_id": 1 })),
            )
            .await;
        assert_eq!(status, 400);
    }
);
