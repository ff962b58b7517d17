//! The server's foundation over real HTTP, on SQLite and PostgreSQL: health, the one error
//! shape for unknown paths, wrong methods and malformed bodies, and the OpenAPI document.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::Value;
use testkit::{db_test, TestApp};

async fn get_json(app: &TestApp, path: &str) -> (u16, Value) {
    let res = app.client.get(app.url(path)).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

/// POSTs a JSON browser-error report; the status and the body (when there is one).
async fn post_report(app: &TestApp, report: Value) -> (u16, Value) {
    let res = app
        .client
        .post(app.url("/api/client-errors"))
        .json(&report)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn assert_error_shape(body: &Value, code: &str) {
    assert_eq!(body["error"]["code"], code, "body: {body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "body: {body}"
    );
}

db_test!(
    health_reports_the_version_and_the_database_kind,
    |app| async move {
        let (status, body) = get_json(&app, "/api/health").await;
        assert_eq!(status, 200);
        assert_eq!(body["status"], "ok");
        assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
        let expected = match app.store.kind() {
            store::DbKind::Sqlite => "sqlite",
            store::DbKind::Postgres => "postgres",
        };
        assert_eq!(body["database"], expected);
        println!("health answered on {expected}");
    }
);

db_test!(
    an_unknown_api_path_answers_404_in_the_error_shape,
    |app| async move {
        let (status, body) = get_json(&app, "/api/v1/whatzapp/no-such-call").await;
        assert_eq!(status, 404);
        assert_error_shape(&body, "not_found");
    }
);

db_test!(
    a_wrong_method_answers_405_in_the_error_shape,
    |app| async move {
        let res = app
            .client
            .delete(app.url("/api/health"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 405);
        assert_error_shape(&res.json::<Value>().await.unwrap(), "method_not_allowed");
    }
);

db_test!(
    a_malformed_json_body_answers_400_in_the_error_shape,
    |app| async move {
        let res = app
            .client
            .post(app.url("/api/client-errors"))
            .header("content-type", "application/json")
            .body("{\"message\": \"boom\", ")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 400);
        assert_error_shape(&res.json::<Value>().await.unwrap(), "malformed_body");
    }
);

db_test!(
    a_body_of_the_wrong_shape_answers_malformed_body,
    |app| async move {
        let (status, body) =
            post_report(&app, serde_json::json!({"message": 42, "path": "/"})).await;
        assert_eq!(status, 400);
        assert_error_shape(&body, "malformed_body");
    }
);

db_test!(
    a_body_over_the_limit_answers_413_in_the_error_shape,
    |app| async move {
        let big = "x".repeat(3 * 1024 * 1024);
        let (status, body) =
            post_report(&app, serde_json::json!({"message": big, "path": "/"})).await;
        assert_eq!(status, 413);
        assert_error_shape(&body, "payload_too_large");
    }
);

db_test!(a_browser_error_report_is_accepted, |app| async move {
    let report =
        serde_json::json!({"message": "TypeError: x is undefined", "path": "/organization"});
    assert_eq!(post_report(&app, report).await.0, 204);
});

db_test!(
    the_openapi_document_lists_the_health_route,
    |app| async move {
        let (status, body) = get_json(&app, "/api/openapi.json").await;
        assert_eq!(status, 200);
        assert!(body["openapi"].as_str().unwrap().starts_with('3'));
        assert!(body["paths"]["/api/health"]["get"].is_object(), "{body}");
        assert!(body["components"]["schemas"]["ErrorBody"].is_object());
    }
);

#[tokio::test]
async fn the_web_app_is_served_with_a_single_page_fallback_but_api_paths_stay_json() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><title>Switchboard</title>",
    )
    .unwrap();
    std::fs::create_dir(web.path().join("assets")).unwrap();
    std::fs::write(web.path().join("assets/app.js"), "console.log(1)").unwrap();
    let dir = web.path().to_path_buf();
    let app = testkit::spawn_app_with(testkit::Backend::Sqlite, |c| c.web_dir = dir)
        .await
        .unwrap();

    for path in ["/", "/organization/12", "/workspace/signup"] {
        let res = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 200, "{path}");
        assert!(
            res.text()
                .await
                .unwrap()
                .contains("<title>Switchboard</title>"),
            "{path}"
        );
    }
    let js = app
        .client
        .get(app.url("/assets/app.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(js.text().await.unwrap(), "console.log(1)");
    let (status, body) = get_json(&app, "/api/nothing-here").await;
    assert_eq!(status, 404);
    assert_error_shape(&body, "not_found");
}

db_test!(an_anonymous_visit_has_no_session_user, |app| async move {
    let (status, body) = get_json(&app, "/api/auth/session").await;
    assert_eq!(status, 200);
    assert!(body["user"].is_null(), "{body}");
});

db_test!(
    a_live_session_token_names_its_user_and_signing_out_revokes_it,
    |app| async move {
        use store::sea_orm::{ActiveModelTrait, Set};
        let user = store::entity::user::ActiveModel {
            email: Set(Some("ana@example.com".into())),
            name: Set(Some("Ana".into())),
            created_at: Set(0),
            updated_at: Set(0),
            ..Default::default()
        }
        .insert(app.store.conn())
        .await
        .unwrap();
        let token = "test-token-0123456789";
        let now = chrono::Utc::now().timestamp_millis();
        store::sessions::create(
            &app.store,
            user.id,
            &server::auth::hash_token(token),
            now,
            60_000,
        )
        .await
        .unwrap();

        let cookie = format!("{}={token}", server::auth::SESSION_COOKIE);
        let body: Value = app
            .client
            .get(app.url("/api/auth/session"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(body["user"]["email"], "ana@example.com");
        // The extension's way: a bearer token.
        let body: Value = app
            .client
            .get(app.url("/api/auth/session"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(body["user"]["id"], user.id);

        let out = app
            .client
            .delete(app.url("/api/auth/session"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(out.status().as_u16(), 204);
        let set_cookie = out
            .headers()
            .get("set-cookie")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        assert!(set_cookie.starts_with("sb_session="), "{set_cookie}");
        let body: Value = app
            .client
            .get(app.url("/api/auth/session"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(
            body["user"].is_null(),
            "a revoked session must not name a user: {body}"
        );
    }
);
