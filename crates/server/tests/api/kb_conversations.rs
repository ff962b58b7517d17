//! A person's knowledge-base conversations over real HTTP on SQLite and PostgreSQL (issue #25):
//! a long first question makes a one-line title; the owner renames (trimmed, 1 to 80
//! characters) and deletes them with their messages; nobody else can do either, nor see them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp};

async fn organisation(app: &TestApp, email: &str) -> (String, i64) {
    let org = app.organisation(email).await;
    (org.admin, org.org_id)
}

async fn conversations(app: &TestApp, session: &str, org_id: i64) -> Vec<Value> {
    let body = app
        .get_ok(&format!("/api/kb/conversations?org_id={org_id}"), session)
        .await;
    body["data"].as_array().unwrap().clone()
}

db_test!(
    conversations_are_titled_in_one_line_renamed_and_deleted_by_their_owner,
    |app| async move {
        let (admin, org_id) = organisation(&app, "kb-owner@example.com").await;
        let question = "I bought the annual plan for my team last week and one of the seats was charged twice, can I get a refund for it?";
        let asked = app
            .post_ok(
                "/api/kb/ask",
                &admin,
                json!({ "org_id": org_id, "question": question }),
            )
            .await;
        let id = asked["conversation_id"].as_i64().unwrap();
        let listed = conversations(&app, &admin, org_id).await;
        let title = listed[0]["title"].as_str().unwrap();
        assert!(
            title.ends_with('…') && title.chars().count() <= 61,
            "{title}"
        );

        let path = format!("/api/kb/conversations/{id}?org_id={org_id}");
        // Blank and too long are refused with their rule; nothing changes.
        for (body, rule) in [
            (json!({ "title": "   " }), "title_required"),
            (json!({ "title": "x".repeat(81) }), "title_too_long"),
        ] {
            let (status, answer) = app
                .call(Method::PATCH, &path, Some(&admin), Some(body))
                .await;
            assert_eq!(
                (status, answer["error"]["fields"]["title"].clone()),
                (422, json!(rule)),
                "{answer}"
            );
        }
        let renamed = app
            .ok(
                Method::PATCH,
                &path,
                &admin,
                Some(json!({ "title": "  Double   charge " })),
            )
            .await;
        assert_eq!(renamed["title"], json!("Double charge"));
        assert_eq!(
            conversations(&app, &admin, org_id).await[0]["title"],
            json!("Double charge")
        );

        // Another member of the organisation neither sees, renames nor deletes it.
        app.post_ok("/api/v1/whatzapp/employees", &admin, json!({ "org_id": org_id, "employees": [{ "email": "kb-other@example.com", "role_id": 3 }] })).await;
        let other = app.sign_in("kb-other@example.com").await.unwrap();
        assert!(conversations(&app, &other, org_id).await.is_empty());
        for (method, body) in [
            (Method::PATCH, Some(json!({ "title": "mine now" }))),
            (Method::DELETE, None),
        ] {
            app.expect(404, method, &path, Some(&other), body).await;
        }

        // The owner deletes it with its messages.
        app.expect(204, Method::DELETE, &path, Some(&admin), None)
            .await;
        assert!(conversations(&app, &admin, org_id).await.is_empty());
        app.expect(404, Method::GET, &path, Some(&admin), None)
            .await;
        app.expect(404, Method::DELETE, &path, Some(&admin), None)
            .await;
    }
);
