//! The server's foundation over real HTTP, on SQLite and PostgreSQL: health, the one error
//! shape for unknown paths, wrong methods and malformed bodies, the OpenAPI document, sessions,
//! and what a browser receives (security and cache headers, compression, extension tokens,
//! cross-site refusal).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::Value;
use store::sea_orm::EntityTrait;
use testkit::{db_test, TestApp};

async fn get_json(app: &TestApp, path: &str) -> (u16, Value) {
    let res = app.client.get(app.url(path)).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}

/// A JSON browser-error report, to send.
fn report(app: &TestApp, report: Value) -> reqwest::RequestBuilder {
    app.client.post(app.url("/api/client-errors")).json(&report)
}

/// `req` is answered with `status` in the error shape with `code`.
async fn assert_refused(req: reqwest::RequestBuilder, status: u16, code: &str) {
    let res = req.send().await.unwrap();
    assert_eq!(res.status().as_u16(), status);
    assert_error_shape(&res.json::<Value>().await.unwrap(), code);
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

fn extension_ids(c: &mut server::config::Config) {
    c.client.extension_ids = vec![
        "abcdefghijklmnopabcdefghijklmnop".to_owned(),
        " ponmlkjihgfedcbaponmlkjihgfedcba ".to_owned(),
        "not-an-id".to_owned(),
        "ABCDEFGHIJKLMNOPABCDEFGHIJKLMNOP".to_owned(),
    ];
    c.client.support_url = "https://help.example.com/contact".to_owned();
}

db_test!(
    the_web_app_is_told_the_extension_ids_and_links_at_run_time,
    config = extension_ids,
    |app| async move {
        let res = app
            .client
            .get(app.url("/api/client-config"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(
            res.headers()["cache-control"],
            "public, max-age=300",
            "asked once per start, cached briefly"
        );
        let body: serde_json::Value = res.json().await.unwrap();
        // Only extension ids pass (trimmed); no session is needed.
        assert_eq!(
            body["extension_ids"],
            serde_json::json!([
                "abcdefghijklmnopabcdefghijklmnop",
                "ponmlkjihgfedcbaponmlkjihgfedcba"
            ])
        );
        assert_eq!(body["support_url"], "https://help.example.com/contact");
        assert_eq!(body["demo_url"], "/feedback/demo");
    }
);

db_test!(
    with_no_extension_configured_the_web_app_is_told_none,
    |app| async move {
        let (status, body) = get_json(&app, "/api/client-config").await;
        assert_eq!(status, 200);
        assert_eq!(body["extension_ids"], serde_json::json!([]));
        assert_eq!(body["support_url"], "/feedback/contact");
    }
);

db_test!(
    an_unknown_api_path_answers_404_in_the_error_shape,
    |app| async move {
        let req = app.client.get(app.url("/api/v1/whatzapp/no-such-call"));
        assert_refused(req, 404, "not_found").await;
    }
);

db_test!(
    a_wrong_method_answers_405_in_the_error_shape,
    |app| async move {
        let req = app.client.delete(app.url("/api/health"));
        assert_refused(req, 405, "method_not_allowed").await;
    }
);

db_test!(
    a_malformed_json_body_answers_400_in_the_error_shape,
    |app| async move {
        let req = app
            .client
            .post(app.url("/api/client-errors"))
            .header("content-type", "application/json")
            .body("{\"message\": \"boom\", ");
        assert_refused(req, 400, "malformed_body").await;
    }
);

db_test!(
    a_body_of_the_wrong_shape_answers_malformed_body,
    |app| async move {
        let req = report(&app, serde_json::json!({"message": 42, "path": "/"}));
        assert_refused(req, 400, "malformed_body").await;
    }
);

db_test!(
    a_body_over_the_limit_answers_413_in_the_error_shape,
    |app| async move {
        let big = "x".repeat(3 * 1024 * 1024);
        let req = report(&app, serde_json::json!({"message": big, "path": "/"}));
        assert_refused(req, 413, "payload_too_large").await;
    }
);

db_test!(a_browser_error_report_is_accepted, |app| async move {
    let report =
        serde_json::json!({"message": "TypeError: x is undefined", "path": "/organization"});
    let res = self::report(&app, report).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 204);
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
        // The cookie a browser keeps: `sb_session=<token>`.
        let body = app.get_body("/api/auth/session", token).await;
        assert_eq!(body["user"]["email"], "ana@example.com");
        // A session's token is no bearer credential: only the cookie carries it (and a bearer
        // token outside the extension's calls is refused).
        let res = app
            .client
            .get(app.url("/api/auth/session"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 403);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["error"]["code"], "extension_token_not_allowed");

        let out = app
            .client
            .delete(app.url("/api/auth/session"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(out.status().as_u16(), 204);
        let set_cookie = out.headers()["set-cookie"].to_str().unwrap().to_owned();
        assert!(set_cookie.starts_with("sb_session="), "{set_cookie}");
        let body = app.get_body("/api/auth/session", token).await;
        assert!(
            body["user"].is_null(),
            "a revoked session must not name a user: {body}"
        );
    }
);

// ---- what a browser receives (issue #13) ------------------------------------------------------

/// A built web app in miniature: the page, a hashed asset with its precompressed variants, and a
/// root file. The variants' bytes are markers, so a test sees which file was served.
fn web_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("assets")).unwrap();
    std::fs::write(root.join("index.html"), "<!doctype html><title>app</title>").unwrap();
    std::fs::write(root.join("index.html.br"), "index-br").unwrap();
    std::fs::write(root.join("assets/index-AbC123.js"), "console.log('app')").unwrap();
    std::fs::write(root.join("assets/index-AbC123.js.br"), "asset-br").unwrap();
    std::fs::write(root.join("assets/index-AbC123.js.gz"), "asset-gz").unwrap();
    std::fs::write(root.join("robots.txt"), "User-agent: *").unwrap();
    dir
}

async fn spawn_with_web(dir: &std::path::Path, https: bool) -> TestApp {
    let dir = dir.to_owned();
    testkit::spawn_app_with(testkit::Backend::Sqlite, move |c| {
        c.web_dir = dir;
        c.cookie_secure = https;
    })
    .await
    .unwrap()
}

async fn fetch(app: &TestApp, path: &str, accept: &str) -> reqwest::Response {
    app.client
        .get(app.url(path))
        .header("accept-encoding", accept)
        .send()
        .await
        .unwrap()
}

fn header<'a>(res: &'a reqwest::Response, name: &str) -> &'a str {
    res.headers().get(name).map_or("", |v| v.to_str().unwrap())
}

fn assert_security_headers(res: &reqwest::Response, https: bool) {
    let what = res.url().path().to_owned();
    let csp = header(res, "content-security-policy");
    assert!(csp.contains("default-src 'self'"), "{what}: {csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval';"),
        "{what}: {csp}"
    );
    assert!(!csp.contains("'unsafe-eval'"), "{what}: {csp}");
    assert_eq!(header(res, "x-content-type-options"), "nosniff", "{what}");
    assert_eq!(
        header(res, "referrer-policy"),
        "strict-origin-when-cross-origin",
        "{what}"
    );
    assert!(
        header(res, "permissions-policy").contains("camera=()"),
        "{what}"
    );
    let hsts = header(res, "strict-transport-security");
    if https {
        assert!(hsts.starts_with("max-age=31536000"), "{what}: {hsts}");
    } else {
        assert_eq!(hsts, "", "{what}: no HSTS over plain HTTP");
    }
}

#[tokio::test]
async fn the_page_a_hashed_asset_and_an_api_answer_carry_the_security_and_cache_headers() {
    let dir = web_dir();
    let app = spawn_with_web(dir.path(), false).await;

    // The page: its brotli variant, revalidated on every visit.
    let res = fetch(&app, "/", "br, gzip").await;
    assert_eq!(res.status(), 200);
    assert_security_headers(&res, false);
    assert_eq!(header(&res, "content-encoding"), "br");
    assert_eq!(header(&res, "cache-control"), "no-cache");
    assert!(header(&res, "vary")
        .to_ascii_lowercase()
        .contains("accept-encoding"));
    let last_modified = header(&res, "last-modified").to_owned();
    assert!(!last_modified.is_empty(), "a validator");
    assert_eq!(res.text().await.unwrap(), "index-br");
    // Revalidation: unchanged is a 304 with no body.
    let res = app
        .client
        .get(app.url("/"))
        .header("if-modified-since", &last_modified)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 304);
    assert_security_headers(&res, false);
    // An app route is the page too, same policy; plain bytes for a client without br.
    let res = fetch(&app, "/conversations/analytics", "identity").await;
    assert_eq!(res.status(), 200);
    assert_eq!(header(&res, "cache-control"), "no-cache");
    assert_eq!(header(&res, "content-encoding"), "");
    assert!(res.text().await.unwrap().starts_with("<!doctype html>"));

    // A hashed asset: immutable for a year, in the encoding asked for.
    for (accept, encoding, body) in [
        ("br, gzip", "br", "asset-br"),
        ("gzip", "gzip", "asset-gz"),
        ("identity", "", "console.log('app')"),
    ] {
        let res = fetch(&app, "/assets/index-AbC123.js", accept).await;
        assert_eq!(res.status(), 200, "{accept}");
        assert_security_headers(&res, false);
        assert_eq!(
            header(&res, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(header(&res, "content-encoding"), encoding, "{accept}");
        assert!(header(&res, "content-type").contains("javascript"));
        assert_eq!(res.text().await.unwrap(), body, "{accept}");
    }
    // A missing asset is a 404, never the page cached for a year under the asset's name.
    let res = fetch(&app, "/assets/index-Gone99.js", "br").await;
    assert_eq!(res.status(), 404);
    assert_eq!(header(&res, "cache-control"), "no-cache");
    // A root file that is not hashed is revalidated.
    let res = fetch(&app, "/robots.txt", "br").await;
    assert_eq!(res.status(), 200);
    assert_eq!(header(&res, "cache-control"), "no-cache");

    // An API answer: compressed above 1 KB (the OpenAPI document), never stored.
    let res = fetch(&app, "/api/openapi.json", "br, gzip").await;
    assert_eq!(res.status(), 200);
    assert_security_headers(&res, false);
    assert_eq!(header(&res, "content-encoding"), "br");
    assert_eq!(header(&res, "cache-control"), "no-store");
    let compressed = res.bytes().await.unwrap().len();
    let res = fetch(&app, "/api/openapi.json", "gzip").await;
    assert_eq!(header(&res, "content-encoding"), "gzip");
    let plain = fetch(&app, "/api/openapi.json", "identity")
        .await
        .bytes()
        .await
        .unwrap()
        .len();
    assert!(
        compressed * 4 < plain,
        "br {compressed} B vs plain {plain} B"
    );
    // A small answer goes out as it is; errors carry the headers too.
    let res = fetch(&app, "/api/health", "br, gzip").await;
    assert_eq!(header(&res, "content-encoding"), "");
    assert_security_headers(&res, false);
    let res = fetch(&app, "/api/v1/whatzapp/no-such-call", "br").await;
    assert_eq!(res.status(), 404);
    assert_security_headers(&res, false);
}

#[tokio::test]
async fn hsts_is_sent_only_when_the_app_is_served_over_https() {
    let dir = web_dir();
    let app = spawn_with_web(dir.path(), true).await;
    for path in ["/", "/assets/index-AbC123.js", "/api/health"] {
        let res = fetch(&app, path, "br").await;
        assert_security_headers(&res, true);
    }
}

db_test!(
    an_extension_token_works_on_the_extensions_calls_only_and_stops_once_revoked,
    |app| async move {
        let session = app.sign_in("ext@tokens.test").await.unwrap();
        let token = app.extension_token(&session).await.unwrap();
        assert!(token.starts_with("sbx_") && token.len() == 68, "{token}");
        let with_bearer = |path: &'static str| app.call_bearer(Method::GET, path, &token, None);
        // A v2 call of the extension answers with the token it presented.
        let (status, body) = with_bearer("/api/v2/auth/accounts").await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["active_account"]["access_token"], token);
        assert_eq!(body["data"]["active_account"]["email"], "ext@tokens.test");
        // A v1 call too.
        assert_eq!(with_bearer("/api/v1/whatzapp/roles").await.0, 200);
        // Not the web app's own calls: the token cannot list or mint tokens, nor be a session.
        assert_eq!(with_bearer("/api/auth/extension-tokens").await.0, 403);
        let (status, body) = with_bearer("/api/auth/session").await;
        assert_eq!(status, 403);
        assert_eq!(body["error"]["code"], "extension_token_not_allowed");
        let (status, _) = app
            .call_bearer(
                Method::POST,
                "/api/auth/extension-tokens",
                &token,
                Some(serde_json::json!({})),
            )
            .await;
        assert_eq!(status, 403);

        // Its owner sees it listed — name and dates, never the token — after it was used.
        let list = app.get_body("/api/auth/extension-tokens", &session).await;
        assert_eq!(list["tokens"].as_array().unwrap().len(), 1, "{list}");
        assert_eq!(list["tokens"][0]["name"], "Test extension");
        assert!(list["tokens"][0]["last_used_at"].is_i64(), "{list}");
        assert!(!list.to_string().contains(&token[4..]), "{list}");
        let id = list["tokens"][0]["id"].as_i64().unwrap();
        // Only in hashed form in the database.
        let rows = format!(
            "{:?}",
            store::entity::extension_token::Entity::find()
                .all(app.store.conn())
                .await
                .unwrap()
        );
        assert!(!rows.contains(&token[4..]), "{rows}");

        // Someone else cannot revoke it.
        let other = app.sign_in("other@tokens.test").await.unwrap();
        let revoke = format!("/api/auth/extension-tokens/{id}");
        let (status, _) = app.call_as(Method::DELETE, &revoke, &other, None).await;
        assert_eq!(status, 404);
        assert_eq!(with_bearer("/api/v2/auth/accounts").await.0, 200);
        // Its owner revokes it: the extension's next call is 401, and the list is empty.
        let (status, _) = app.call_as(Method::DELETE, &revoke, &session, None).await;
        assert_eq!(status, 204);
        assert_eq!(with_bearer("/api/v2/auth/accounts").await.0, 401);
        let list = app.get_body("/api/auth/extension-tokens", &session).await;
        assert_eq!(list["tokens"], serde_json::json!([]));
        // The web app's session was never touched.
        let me = app.get_body("/api/auth/session", &session).await;
        assert_eq!(me["user"]["email"], "ext@tokens.test");
    }
);

db_test!(
    a_cross_site_state_change_with_the_session_cookie_is_refused,
    |app| async move {
        let session = app.sign_in("csrf@tokens.test").await.unwrap();
        let cookie = format!("sb_session={session}");
        let create = |headers: &[(&'static str, &'static str)]| {
            let mut req = app
                .client
                .post(app.url("/api/v1/whatzapp/organizations"))
                .header("cookie", &cookie)
                .json(&serde_json::json!({ "org_name": "Csrf" }));
            for (k, v) in headers {
                req = req.header(*k, *v);
            }
            req.send()
        };
        let orgs = || async { store::orgs::table_counts(&app.store).await.unwrap()[1] };
        let before = orgs().await;
        for refused in [
            &[("sec-fetch-site", "cross-site")][..],
            &[("sec-fetch-site", "same-site")][..],
            &[("origin", "https://evil.example")][..],
            &[("origin", "null")][..],
        ] {
            let res = create(refused).await.unwrap();
            assert_eq!(res.status(), 403, "{refused:?}");
            let body: Value = res.json().await.unwrap();
            assert_error_shape(&body, "cross_site_refused");
        }
        assert_eq!(orgs().await, before, "nothing was created");
        // A forced sign-in from another site is refused too.
        let res = app
            .client
            .post(app.url("/api/auth/code"))
            .header("sec-fetch-site", "cross-site")
            .json(&serde_json::json!({ "email": "victim@tokens.test" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 403);
        // Reading is not a state change.
        let res = app
            .client
            .get(app.url("/api/auth/session"))
            .header("cookie", &cookie)
            .header("sec-fetch-site", "cross-site")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        // The app's own pages pass.
        let own_origin = format!("http://{}", app.addr);
        let res = app
            .client
            .post(app.url("/api/v1/whatzapp/organizations"))
            .header("cookie", &cookie)
            .header("origin", &own_origin)
            .json(&serde_json::json!({ "org_name": "Csrf" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
        let res = create(&[("sec-fetch-site", "same-origin")]).await.unwrap();
        assert_ne!(res.status(), 403);
        assert_eq!(orgs().await, before + 2);
        // The extension's bearer token is no ambient credential: its calls may come from its
        // own origin.
        let token = app.extension_token(&session).await.unwrap();
        let res = app
            .client
            .patch(app.url("/api/v1/whatzapp/organizations/active?org_id=0"))
            .bearer_auth(&token)
            .header("sec-fetch-site", "cross-site")
            .header("origin", "chrome-extension://abcdefghijklmnop")
            .send()
            .await
            .unwrap();
        assert_ne!(res.status(), 403);
    }
);

#[tokio::test]
async fn a_prerendered_page_is_served_for_its_route_in_the_language_asked_for() {
    let dir = web_dir();
    let root = dir.path();
    for (file, text) in [
        ("terms/index.html", "terms-en"),
        ("terms/index.es.html", "terms-es"),
        ("terms/index.pt-BR.html", "terms-pt-BR"),
        ("feedback/index.html", "feedback-general"),
        ("feedback/demo/index.html", "feedback-demo"),
    ] {
        std::fs::create_dir_all(root.join(file).parent().unwrap()).unwrap();
        std::fs::write(root.join(file), text).unwrap();
    }
    let app = spawn_with_web(root, false).await;
    let page = |path: &'static str, lang: &'static str| {
        let app = &app;
        async move {
            let mut req = app.client.get(app.url(path));
            if !lang.is_empty() {
                req = req.header("accept-language", lang);
            }
            let res = req.send().await.unwrap();
            assert_eq!(res.status().as_u16(), 200, "{path}");
            let vary = header(&res, "vary").to_owned();
            (res.text().await.unwrap(), vary)
        }
    };
    let (en, vary) = page("/terms", "").await;
    assert_eq!(en, "terms-en");
    assert!(
        vary.contains("accept-language") && vary.contains("accept-encoding"),
        "{vary}"
    );
    assert_eq!(page("/terms/", "fr-FR, en;q=0.5").await.0, "terms-en");
    assert_eq!(page("/terms", "es-MX,es;q=0.9").await.0, "terms-es");
    assert_eq!(page("/terms", "pt").await.0, "terms-pt-BR");
    assert_eq!(page("/terms?lang=es", "pt-BR").await.0, "terms-es");
    // A language without its own file: the English page.
    assert_eq!(page("/terms", "hi").await.0, "terms-en");
    assert_eq!(page("/feedback/demo", "").await.0, "feedback-demo");
    assert_eq!(
        page("/feedback/anything-else", "").await.0,
        "feedback-general"
    );
    // Routes without a prerendered page keep the single-page fallback.
    assert!(page("/organization", "")
        .await
        .0
        .contains("<title>app</title>"));
    assert!(page("/feedback/a/b", "")
        .await
        .0
        .contains("<title>app</title>"));
}
