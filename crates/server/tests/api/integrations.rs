//! Integrations over real HTTP against the fake providers, on SQLite and PostgreSQL: each
//! finished provider's connect → status → unlink cycle, wrong credentials refused with the
//! spec's messages and nothing stored, the restricted LeadSquared proxy and the webhook
//! endpoint refusing private, loopback, link-local and non-http addresses, the connected flags
//! of the user-existence answer, and no secret in any answer or in plain text in the database.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use std::sync::Mutex;
use store::entity::integration;
use store::sea_orm::EntityTrait;
use testkit::fake::{
    FRESHDESK_API_KEY, FRESHDESK_MISSING_DOMAIN, LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY,
    LEADSQUARED_USER_ID, SECRETS,
};
use testkit::WithSession;
use testkit::{db_test, TestApp};

/// A signed-in person driving the API; every answer body is kept so a test can scan them all.
struct Person<'a> {
    app: &'a TestApp,
    token: String,
    id: i64,
    email: String,
    answers: Mutex<Vec<String>>,
}

impl<'a> Person<'a> {
    async fn sign_in(app: &'a TestApp, email: &str) -> Person<'a> {
        let token = app.sign_in(email).await.unwrap();
        let id = store::accounts::find_user_by_email(&app.store, email)
            .await
            .unwrap()
            .unwrap()
            .id;
        Person {
            app,
            token,
            id,
            email: email.to_owned(),
            answers: Mutex::new(Vec::new()),
        }
    }

    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut req = self
            .app
            .client
            .request(method, self.app.url(path))
            .session(&self.token);
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        let text = res.text().await.unwrap();
        self.answers.lock().unwrap().push(text.clone());
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        self.call(Method::GET, path, None).await
    }

    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.call(Method::POST, path, Some(body)).await
    }

    async fn delete(&self, path: &str) -> (u16, Value) {
        self.call(Method::DELETE, path, None).await
    }

    /// `method path` must answer `status`; answers the body.
    async fn expect_call(
        &self,
        status: u16,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Value {
        let (got, answer) = self.call(method, path, body).await;
        assert_eq!(got, status, "{path}: {answer}");
        answer
    }

    async fn expect_get(&self, status: u16, path: &str) -> Value {
        self.expect_call(status, Method::GET, path, None).await
    }

    async fn expect_post(&self, status: u16, path: &str, body: Value) -> Value {
        self.expect_call(status, Method::POST, path, Some(body))
            .await
    }

    /// The connected flags of the caller's own user-existence answer.
    async fn flags(&self) -> Value {
        let body = self
            .expect_get(
                200,
                &format!(
                    "/api/v1/whatzapp/checkuserexistance?user_email={}",
                    self.email
                ),
            )
            .await;
        body["data"]["integrations"].clone()
    }

    /// Fails when any answer this person received contains one of the fake's secrets.
    fn assert_no_secret_in_answers(&self) {
        let answers = self.answers.lock().unwrap();
        assert!(!answers.is_empty());
        for a in answers.iter() {
            for s in SECRETS {
                assert!(!a.contains(s), "an answer contains the secret {s}: {a}");
            }
        }
    }
}

/// Every integration row as text, for scanning.
async fn stored_links(app: &TestApp) -> String {
    format!(
        "{:?}",
        integration::Entity::find()
            .all(app.store.conn())
            .await
            .unwrap()
    )
}

async fn assert_no_plain_secret_stored(app: &TestApp) {
    let rows = stored_links(app).await;
    for s in SECRETS {
        assert!(
            !rows.contains(s),
            "the database holds {s} in plain text: {rows}"
        );
    }
}

/// The addresses an attacker would try (000 §7 other/proxy was an open proxy in the original).
const PRIVATE_TARGETS: &[&str] = &[
    "http://127.0.0.1/",
    "http://127.0.0.1:6379/",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://192.168.0.10/admin",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://localhost:9/",
    "file:///etc/passwd",
];

db_test!(
    freshdesk_links_after_the_key_is_checked_and_unlinks,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@desk.test").await;
        let ws = ana.id;
        assert_eq!(ana.flags().await["freshdesk"], false);
        let (status, body) = ana
            .get(&format!(
                "/api/v1/whatzapp/freshdesk/getauth?workspace_id={ws}"
            ))
            .await;
        assert_eq!((status, &body["result"]), (200, &json!(false)), "{body}");

        // The credential check: ok for the right key, the spec's message for a wrong one.
        ana.expect_get(
            200,
            &format!("/api/v1/whatzapp/freshdesk/tickets?domain=acme&api_key={FRESHDESK_API_KEY}"),
        )
        .await;
        let body = ana
            .expect_get(
                422,
                "/api/v1/whatzapp/freshdesk/tickets?domain=acme&api_key=wrong",
            )
            .await;
        assert_eq!(body["error"]["code"], "wrong_api_key_or_domain");
        assert_eq!(body["error"]["message"], "Wrong Api Key or domain");

        // Linking re-checks the key on the server: wrong key or unknown helpdesk store nothing.
        for (domain, key) in [
            ("acme", "wrong-key"),
            (FRESHDESK_MISSING_DOMAIN, FRESHDESK_API_KEY),
        ] {
            let body = ana
                .expect_post(
                    422,
                    "/api/v1/whatzapp/freshdesk/createauth",
                    json!({ "workspace_id": ws, "domain": domain, "api_key": key }),
                )
                .await;
            assert_eq!(body["error"]["code"], "wrong_api_key_or_domain");
        }
        let body = ana
            .expect_post(
                422,
                "/api/v1/whatzapp/freshdesk/createauth",
                json!({ "workspace_id": ws, "domain": " ", "api_key": FRESHDESK_API_KEY }),
            )
            .await;
        assert_eq!(body["error"]["fields"]["domain"], "freshdesk_domain_empty");
        assert_eq!(stored_links(&app).await, "[]");

        // Another person's workspace is refused.
        ana.expect_post(
            403,
            "/api/v1/whatzapp/freshdesk/createauth",
            json!({ "workspace_id": ws + 1000, "domain": "acme", "api_key": FRESHDESK_API_KEY }),
        )
        .await;

        let body = ana.expect_post(200, "/api/v1/whatzapp/freshdesk/createauth", json!({ "workspace_id": ws, "domain": "https://Acme.freshdesk.com/", "api_key": FRESHDESK_API_KEY })).await;
        assert_eq!(body["result"], true);
        assert_eq!(body["data"]["domain"], "acme.freshdesk.com");
        let (_, body) = ana
            .get(&format!(
                "/api/v1/whatzapp/freshdesk/getauth?workspace_id={ws}"
            ))
            .await;
        assert_eq!(body["result"], true);
        assert_eq!(body["data"]["connected"], true);
        assert_eq!(ana.flags().await["freshdesk"], true);
        // The server called Freshdesk with the key as the basic-auth user.
        let calls = app.fake.received_under("/freshdesk/acme.freshdesk.com/");
        assert!(calls.iter().all(|c| c
            .authorization
            .as_deref()
            .is_some_and(|a| a.starts_with("Basic "))));

        let (status, body) = ana
            .delete(&format!(
                "/api/v1/whatzapp/freshdesk/deleteauth?workspace_id={ws}"
            ))
            .await;
        assert_eq!((status, &body["result"]), (200, &json!(true)));
        let (_, body) = ana
            .get(&format!(
                "/api/v1/whatzapp/freshdesk/getauth?workspace_id={ws}"
            ))
            .await;
        assert_eq!(body["result"], false);
        assert_eq!(ana.flags().await["freshdesk"], false);
        ana.assert_no_secret_in_answers();
    }
);

db_test!(
    leadsquared_links_with_a_user_id_from_leadsquared_and_unlinks,
    |app| async move {
        let leo = Person::sign_in(&app, "leo@leads.test").await;
        let (status, body) = leo.get("/api/v2/leadsquared/auth").await;
        assert_eq!((status, &body["status"]), (200, &json!(false)));

        let link = |access: &str, secret: &str, host: &str| json!({ "host": host, "homepage": "ignored.example", "access_id": access, "secret_key": secret });
        let body = leo
            .expect_post(
                422,
                "/api/v2/leadsquared/auth",
                link(LEADSQUARED_ACCESS_KEY, "wrong", "api-in21.leadsquared.com"),
            )
            .await;
        assert_eq!(body["error"]["code"], "wrong_leadsquared_credentials");
        assert_eq!(
            body["error"]["message"],
            "Wrong Host, Access Key or Secret key"
        );
        // A host that is not LeadSquared's is refused before anything is called.
        let before = app.fake.received().len();
        let body = leo
            .expect_post(
                422,
                "/api/v2/leadsquared/auth",
                link(
                    LEADSQUARED_ACCESS_KEY,
                    LEADSQUARED_SECRET_KEY,
                    "api.evil.test",
                ),
            )
            .await;
        assert_eq!(body["error"]["code"], "wrong_leadsquared_credentials");
        assert_eq!(app.fake.received().len(), before);
        let body = leo
            .expect_post(
                422,
                "/api/v2/leadsquared/auth",
                link("", "x", "api-in21.leadsquared.com"),
            )
            .await;
        assert_eq!(body["error"]["fields"]["host"], "fields_required");
        assert_eq!(stored_links(&app).await, "[]");

        let body = leo
            .expect_post(
                200,
                "/api/v2/leadsquared/auth",
                link(
                    LEADSQUARED_ACCESS_KEY,
                    LEADSQUARED_SECRET_KEY,
                    "https://API-in21.leadsquared.com/",
                ),
            )
            .await;
        assert_eq!(body["status"], true);
        assert_eq!(body["data"]["host"], "api-in21.leadsquared.com");
        assert_eq!(body["data"]["homepage"], "in21.leadsquared.com");
        let (_, body) = leo.get("/api/v2/leadsquared/auth").await;
        assert_eq!(body["status"], true);
        assert_eq!(leo.flags().await["leadsquared"], true);
        let stored = stored_links(&app).await;
        assert!(stored.contains(LEADSQUARED_USER_ID), "{stored}");

        let (status, body) = leo.delete("/api/v2/leadsquared/auth").await;
        assert_eq!((status, &body["status"]), (200, &json!(true)));
        let (_, body) = leo.get("/api/v2/leadsquared/auth").await;
        assert_eq!(body["status"], false);
        assert_eq!(leo.flags().await["leadsquared"], false);
        leo.assert_no_secret_in_answers();
    }
);

db_test!(
    the_proxy_reaches_leadsquared_only_and_refuses_private_addresses,
    |app| async move {
        let leo = Person::sign_in(&app, "leo@proxy.test").await;
        let lookup = |access: &str, secret: &str| {
            app.fake.url(&format!(
                "/leadsquared/api-in21.leadsquared.com/v2/Authentication.svc/UserByAccessKey.Get?accessKey={}&secretKey={secret}",
                access.replace('$', "%24")
            ))
        };
        let body = leo.expect_post(200, "/api/v2/other/proxy", json!({ "url": lookup(LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY), "method": "GET", "payload": null, "headers": {} })).await;
        assert_eq!(body["data"]["Id"], LEADSQUARED_USER_ID);
        let body = leo
            .expect_post(
                422,
                "/api/v2/other/proxy",
                json!({ "url": lookup(LEADSQUARED_ACCESS_KEY, "nope"), "method": "GET" }),
            )
            .await;
        assert_eq!(body["error"]["code"], "wrong_leadsquared_credentials");

        let before = app.fake.received().len();
        for target in PRIVATE_TARGETS.iter().copied().chain([
            "https://example.com/",
            "http://api-in21.leadsquared.com.evil.test/",
        ]) {
            let (status, body) = leo
                .post(
                    "/api/v2/other/proxy",
                    json!({ "url": target, "method": "GET" }),
                )
                .await;
            assert_eq!(status, 422, "{target}: {body}");
            assert_eq!(body["error"]["code"], "address_refused", "{target}: {body}");
        }
        // Other methods are refused too, even to LeadSquared.
        leo.expect_post(422, "/api/v2/other/proxy", json!({ "url": lookup(LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY), "method": "DELETE" })).await;
        assert_eq!(
            app.fake.received().len(),
            before,
            "a refused call reached the network"
        );
    }
);

db_test!(
    an_admin_saves_the_webhook_endpoint_and_private_addresses_are_refused,
    |app| async move {
        let admin = Person::sign_in(&app, "boss@hooks.test").await;
        let (_, org) = admin
            .post(
                "/api/v1/whatzapp/organizations",
                json!({ "org_name": "Hooks" }),
            )
            .await;
        let org_id = org["data"]["org_id"].as_i64().unwrap();
        let path = format!("/api/v1/whatzapp/webhook/endpoints?org_id={org_id}");
        let body = admin.expect_get(200, &path).await;
        assert_eq!(
            body["data"],
            json!({ "org_id": org_id, "duplex_webhook": null, "auth_token": null, "status": 0, "has_signing_secret": false })
        );

        for target in PRIVATE_TARGETS {
            let (status, body) = admin
                .post(
                    "/api/v1/whatzapp/webhook/endpoints",
                    json!({ "org_id": org_id, "duplex_webhook": target }),
                )
                .await;
            assert_eq!(status, 422, "{target}: {body}");
            let code = &body["error"]["fields"]["duplex_webhook"];
            assert!(
                code == "address_refused" || code == "endpoint_invalid",
                "{target}: {body}"
            );
        }
        // A host name that does not resolve is "not found", not "not public" (issue #25).
        let body = admin
            .expect_post(
                422,
                "/api/v1/whatzapp/webhook/endpoints",
                json!({ "org_id": org_id, "duplex_webhook": "https://no-such-host.invalid/hook" }),
            )
            .await;
        assert_eq!(body["error"]["code"], "host_not_found", "{body}");
        assert_eq!(
            body["error"]["fields"]["duplex_webhook"], "host_not_found",
            "{body}"
        );
        assert_eq!(stored_links(&app).await, "[]");
        admin
            .expect_post(
                422,
                "/api/v1/whatzapp/webhook/endpoints",
                json!({ "org_id": org_id }),
            )
            .await;

        let hook = app.fake.url("/webhook/receive");
        let token = "whk-token-5d8e2f7a9c";
        admin
            .expect_post(
                200,
                "/api/v1/whatzapp/webhook/endpoints",
                json!({ "org_id": org_id, "duplex_webhook": hook }),
            )
            .await;
        let (_, body) = admin
            .post(
                "/api/v1/whatzapp/webhook/endpoints",
                json!({ "org_id": org_id, "auth_token": token }),
            )
            .await;
        assert_eq!(body["data"]["auth_token"], "••••7a9c");
        assert_eq!(admin.flags().await["webhooks"], false, "still off");
        let (_, body) = admin
            .post(
                "/api/v1/whatzapp/webhook/endpoints",
                json!({ "org_id": org_id, "status": 1 }),
            )
            .await;
        assert_eq!(body["data"]["duplex_webhook"], hook.as_str());
        assert_eq!(body["data"]["status"], 1);
        assert_eq!(admin.flags().await["webhooks"], true);
        admin
            .expect_post(
                422,
                "/api/v1/whatzapp/webhook/endpoints",
                json!({ "org_id": org_id, "status": 7 }),
            )
            .await;
        let (_, body) = admin.get(&path).await;
        assert_eq!(body["data"]["status"], 1);
        for answer in admin.answers.lock().unwrap().iter() {
            assert!(
                !answer.contains(token),
                "the webhook token came back: {answer}"
            );
        }
        assert!(!stored_links(&app).await.contains(token));

        // Turning it off is the unlink.
        let (_, body) = admin
            .post(
                "/api/v1/whatzapp/webhook/endpoints",
                json!({ "org_id": org_id, "status": 0 }),
            )
            .await;
        assert_eq!(body["data"]["status"], 0);
        assert_eq!(admin.flags().await["webhooks"], false);

        // A delivery carries the token as a bearer to the receiver.
        connectors::webhook::deliver(
            &hook,
            Some(token),
            &json!({ "MessageId": "m1" }),
            &[app.fake.addr],
        )
        .await
        .unwrap();
        let got = app.fake.received_under("/webhook/receive");
        assert_eq!(got.len(), 1);
        assert_eq!(
            got[0].authorization.as_deref(),
            Some(format!("Bearer {token}").as_str())
        );
        assert_eq!(got[0].body["MessageId"], "m1");
        assert!(connectors::webhook::deliver(
            "http://127.0.0.1:9/",
            None,
            &json!({}),
            &[app.fake.addr]
        )
        .await
        .is_err());
    }
);

db_test!(
    only_an_admin_of_the_organisation_reads_or_changes_its_webhook,
    |app| async move {
        let admin = Person::sign_in(&app, "boss@roles.test").await;
        let (_, org) = admin
            .post(
                "/api/v1/whatzapp/organizations",
                json!({ "org_name": "Roles" }),
            )
            .await;
        let org_id = org["data"]["org_id"].as_i64().unwrap();
        admin
            .post(
                "/api/v1/whatzapp/employees",
                json!({ "org_id": org_id, "employees": [{ "email": "emp@roles.test", "role_id": 3 }] }),
            )
            .await;
        let employee = Person::sign_in(&app, "emp@roles.test").await;
        let body = employee
            .expect_get(
                403,
                &format!("/api/v1/whatzapp/webhook/endpoints?org_id={org_id}"),
            )
            .await;
        assert_eq!(body["error"]["fields"]["role"], "admin_only");
        employee
            .expect_post(
                403,
                "/api/v1/whatzapp/webhook/endpoints",
                json!({ "org_id": org_id, "duplex_webhook": "https://93.184.215.14/hook" }),
            )
            .await;
        assert_eq!(stored_links(&app).await, "[]");
    }
);

db_test!(
    no_secret_reaches_an_answer_or_the_database_in_plain_text,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@secrets.test").await;
        let ws = ana.id;
        ana.expect_post(
            200,
            "/api/v1/whatzapp/freshdesk/createauth",
            json!({ "workspace_id": ws, "domain": "acme", "api_key": FRESHDESK_API_KEY }),
        )
        .await;
        ana.expect_post(200, "/api/v2/leadsquared/auth", json!({ "host": "api-in21.leadsquared.com", "access_id": LEADSQUARED_ACCESS_KEY, "secret_key": LEADSQUARED_SECRET_KEY })).await;
        ana.get(&format!(
            "/api/v1/whatzapp/freshdesk/getauth?workspace_id={ws}"
        ))
        .await;
        ana.get("/api/v2/leadsquared/auth").await;
        let flags = ana.flags().await;
        assert_eq!(
            (&flags["freshdesk"], &flags["leadsquared"]),
            (&json!(true), &json!(true))
        );
        ana.get("/api/openapi.json").await;
        ana.assert_no_secret_in_answers();
        assert_no_plain_secret_stored(&app).await;
        let rows = integration::Entity::find()
            .all(app.store.conn())
            .await
            .unwrap();
        assert_eq!(rows.len(), 2);
        assert!(rows
            .iter()
            .all(|r| r.secret.as_deref().is_some_and(|s| s.starts_with("v1:"))));
    }
);

/// Asks the server for `provider`'s consent page, lets the fake consent, and answers the `code`
/// and `state` the provider sends back (what the web app reads from its address).
async fn consent(person: &Person<'_>, provider: &str) -> (String, String) {
    consent_with(person, provider, "").await
}

/// `consent` with more query parameters for the authorize call (`&domain=…`).
async fn consent_with(person: &Person<'_>, provider: &str, extra: &str) -> (String, String) {
    let q = consent_query(person, provider, extra).await;
    (q["code"].clone(), q["state"].clone())
}

/// Everything the provider sent back in the address (Zoho adds `accounts-server`).
async fn consent_query(
    person: &Person<'_>,
    provider: &str,
    extra: &str,
) -> std::collections::HashMap<String, String> {
    let body = person.expect_get(200, &format!(
            "/api/v1/whatzapp/integrations/{provider}/authorize?workspace_id={}&redirect_uri=https://evil.test/{extra}",
            person.id
        )).await;
    let url = body["data"]["url"].as_str().unwrap().to_owned();
    let state = body["data"]["state"].as_str().unwrap().to_owned();
    assert!(url.contains(&format!("state={state}")), "{url}");
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = no_redirects.get(&url).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 302);
    let back = url::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap();
    assert_eq!(
        back.path(),
        "/integrations",
        "the configured redirect, not the browser's"
    );
    let q: std::collections::HashMap<_, _> = back.query_pairs().into_owned().collect();
    assert_eq!(q["state"], state);
    q
}

fn hubspot_return(ws: i64, code: &str, state: &str) -> String {
    format!(
        "/api/v1/whatzapp/hubspotauthentication?workspace_id={ws}&grant_type=authorization_code&code={code}&state={state}&redirect_uri=x&client_id=x&client_secret=from-the-browser"
    )
}

db_test!(
    hubspot_links_with_a_server_issued_state_refreshes_before_expiry_and_unlinks,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@hub.test").await;
        let ws = ana.id;
        let status_path = format!("/api/v1/whatzapp/gethubspotauthtokens?workspace_id={ws}");
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], false);

        let (code, state) = consent(&ana, "hubspot").await;
        let authorize = app.fake.received_under("/oauth/hubspot/authorize");
        let asked = &authorize[0].body;
        assert_eq!(asked["scope"], "crm.objects.contacts.read");
        assert!(asked["optional_scope"]
            .as_str()
            .unwrap()
            .contains("crm.objects.deals.read"));
        assert!(asked.get("client_secret").is_none());

        let body = ana
            .expect_post(200, &hubspot_return(ws, &code, &state), json!({}))
            .await;
        assert_eq!(body["result"], true);
        assert_eq!(body["data"]["connected"], true);
        assert_eq!(app.fake.token_calls("hubspot", "authorization_code"), 1);
        assert_eq!(ana.flags().await["hubspot"], true);

        // The state is single-use.
        let body = ana
            .expect_post(422, &hubspot_return(ws, &code, &state), json!({}))
            .await;
        assert_eq!(body["error"]["code"], "authentication_failed");
        assert_eq!(
            body["error"]["message"],
            "Failed to authenticate, please try again"
        );

        // Fresh for 30 minutes: no refresh yet. Five minutes before expiry it is refreshed.
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], true);
        assert_eq!(app.fake.token_calls("hubspot", "refresh_token"), 0);
        let before = stored_links(&app).await;
        app.clock.advance(26 * 60_000);
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], true);
        assert_eq!(app.fake.token_calls("hubspot", "refresh_token"), 1);
        assert_ne!(stored_links(&app).await, before, "the new token is stored");
        let (_, _) = ana.get(&status_path).await;
        assert_eq!(
            app.fake.token_calls("hubspot", "refresh_token"),
            1,
            "fresh again"
        );

        // HubSpot refuses the refresh token: the link needs a reconnect, visibly.
        app.fake.refuse_refresh("hubspot", true);
        app.clock.advance(26 * 60_000);
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], false);
        assert_eq!(body["data"]["needs_reconnect"], true);
        assert_eq!(ana.flags().await["hubspot"], false);
        app.fake.refuse_refresh("hubspot", false);

        // Connecting again repairs it.
        let (code, state) = consent(&ana, "hubspot").await;
        ana.expect_post(200, &hubspot_return(ws, &code, &state), json!({}))
            .await;
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(
            (&body["result"], &body["data"]["needs_reconnect"]),
            (&json!(true), &json!(false))
        );

        let (status, body) = ana
            .delete(&format!(
                "/api/v1/whatzapp/deletehubspotauthtoken?workspace_id={ws}"
            ))
            .await;
        assert_eq!((status, &body["result"]), (200, &json!(true)));
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], false);
        assert_eq!(body["data"]["needs_reconnect"], false);
        ana.assert_no_secret_in_answers();
        assert_no_plain_secret_stored(&app).await;
    }
);

db_test!(
    a_foreign_expired_or_unknown_oauth_state_is_refused,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@state.test").await;
        let bob = Person::sign_in(&app, "bob@state.test").await;
        let (code, state) = consent(&ana, "hubspot").await;
        // Bob replays Ana's state on his own workspace: refused, and Ana's state survives.
        let body = bob
            .expect_post(422, &hubspot_return(bob.id, &code, &state), json!({}))
            .await;
        assert_eq!(body["error"]["code"], "authentication_failed");
        // Nor may he use her workspace id.
        bob.expect_post(403, &hubspot_return(ana.id, &code, &state), json!({}))
            .await;
        bob.expect_get(
            403,
            &format!(
                "/api/v1/whatzapp/integrations/hubspot/authorize?workspace_id={}",
                ana.id
            ),
        )
        .await;
        ana.expect_post(200, &hubspot_return(ana.id, &code, &state), json!({}))
            .await;

        // An expired state (10 minutes) and one never issued.
        let (code, state) = consent(&bob, "hubspot").await;
        app.clock.advance(10 * 60_000 + 1);
        bob.expect_post(422, &hubspot_return(bob.id, &code, &state), json!({}))
            .await;
        bob.expect_post(
            422,
            &hubspot_return(bob.id, "hubspot-code-999", &"ab".repeat(32)),
            json!({}),
        )
        .await;
        // A valid state with a code HubSpot does not know.
        let (_, state) = consent(&bob, "hubspot").await;
        let body = bob
            .expect_post(422, &hubspot_return(bob.id, "forged", &state), json!({}))
            .await;
        assert_eq!(body["error"]["code"], "authentication_failed");
        assert_eq!(bob.flags().await["hubspot"], false);
        bob.expect_get(
            404,
            &format!(
                "/api/v1/whatzapp/integrations/myspace/authorize?workspace_id={}",
                bob.id
            ),
        )
        .await;
        bob.assert_no_secret_in_answers();
    }
);

db_test!(
    many_status_checks_at_once_refresh_the_token_only_once,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@once.test").await;
        let (code, state) = consent(&ana, "hubspot").await;
        ana.expect_post(200, &hubspot_return(ana.id, &code, &state), json!({}))
            .await;
        app.clock.advance(27 * 60_000);
        let path = format!(
            "/api/v1/whatzapp/gethubspotauthtokens?workspace_id={}",
            ana.id
        );
        let answers = futures_join(&ana, &path, 6).await;
        assert!(
            answers
                .iter()
                .all(|(s, b)| *s == 200 && b["result"] == true),
            "{answers:?}"
        );
        assert_eq!(app.fake.token_calls("hubspot", "refresh_token"), 1);
    }
);

async fn futures_join(person: &Person<'_>, path: &str, n: usize) -> Vec<(u16, Value)> {
    let calls = (0..n).map(|_| person.get(path));
    let mut out = Vec::new();
    let set: Vec<_> = calls.collect();
    for r in join_all(set).await {
        out.push(r);
    }
    out
}

/// Polls every future together (no extra dependency for `futures::join_all`).
async fn join_all<F: std::future::Future>(futures: Vec<F>) -> Vec<F::Output> {
    let mut pinned: Vec<_> = futures.into_iter().map(Box::pin).collect();
    let mut results: Vec<Option<F::Output>> = (0..pinned.len()).map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (i, f) in pinned.iter_mut().enumerate() {
            if results[i].is_none() {
                match f.as_mut().poll(cx) {
                    std::task::Poll::Ready(v) => results[i] = Some(v),
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    results.into_iter().map(|r| r.unwrap()).collect()
}

db_test!(
    bitrix_links_through_the_portal_refreshes_and_unlinks,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@bitrix.test").await;
        let ws = ana.id;
        let authorize = |domain: &str| {
            format!(
                "/api/v1/whatzapp/integrations/bitrix/authorize?workspace_id={ws}&domain={domain}"
            )
        };
        let body = ana.expect_get(422, &authorize("")).await;
        assert_eq!(body["error"]["fields"]["domain"], "domain_empty");
        let body = ana.expect_get(422, &authorize("acme.example.com")).await;
        assert_eq!(
            body["error"]["fields"]["domain"],
            "domain_must_include_bitrix"
        );

        let (code, state) =
            consent_with(&ana, "bitrix", "&domain=https://Acme.bitrix24.com/").await;
        assert_eq!(
            app.fake
                .received_under("/bitrix/acme.bitrix24.com/oauth/authorize/")
                .len(),
            1
        );
        let link = |code: &str, state: &str| {
            json!({ "workspace_id": ws, "code": code, "state": state,
                    "access_token": "from-the-browser", "refresh_token": "x", "client_endpoint": "http://10.0.0.1/", "expires": 1 })
        };
        // A state issued for Bitrix is not good for HubSpot.
        ana.expect_post(422, &hubspot_return(ws, &code, &state), json!({}))
            .await;
        let body = ana
            .expect_post(
                200,
                "/api/v1/whatzapp/bitrix/createauth",
                link(&code, &state),
            )
            .await;
        assert_eq!(body["data"]["connected"], true);
        assert_eq!(body["data"]["domain"], "acme.bitrix24.com");
        let body = ana
            .expect_post(
                422,
                "/api/v1/whatzapp/bitrix/createauth",
                link(&code, &state),
            )
            .await;
        assert_eq!(body["error"]["code"], "authentication_failed");

        let status_path = format!("/api/v1/whatzapp/bitrix/getauth?workspace_id={ws}");
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], true);
        assert_eq!(ana.flags().await["bitrix"], true);
        assert_eq!(app.fake.token_calls("bitrix", "refresh_token"), 0);
        app.clock.advance(56 * 60_000);
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], true);
        assert_eq!(app.fake.token_calls("bitrix", "refresh_token"), 1);
        // Bitrix rotates refresh tokens: the new one works for the next refresh.
        app.clock.advance(56 * 60_000);
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], true);
        assert_eq!(app.fake.token_calls("bitrix", "refresh_token"), 2);
        app.fake.refuse_refresh("bitrix", true);
        app.clock.advance(56 * 60_000);
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], false);
        assert_eq!(body["data"]["needs_reconnect"], true);
        assert_eq!(ana.flags().await["bitrix"], false);

        let (status, body) = ana
            .delete(&format!(
                "/api/v1/whatzapp/bitrix/deleteauth?workspace_id={ws}"
            ))
            .await;
        assert_eq!((status, &body["result"]), (200, &json!(true)));
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(
            (&body["result"], &body["data"]["needs_reconnect"]),
            (&json!(false), &json!(false))
        );
        ana.assert_no_secret_in_answers();
        assert_no_plain_secret_stored(&app).await;
    }
);

#[tokio::test]
async fn a_bitrix_portal_on_a_private_address_is_refused() {
    let app = testkit::spawn_app_with(testkit::Backend::Sqlite, |c| {
        c.providers.bitrix.portal_url = "http://127.0.0.1:1/{domain}".to_owned();
    })
    .await
    .unwrap();
    let ana = Person::sign_in(&app, "ana@portal.test").await;
    let body = ana.expect_get(422, &format!(
            "/api/v1/whatzapp/integrations/bitrix/authorize?workspace_id={}&domain=acme.bitrix24.com",
            ana.id
        )).await;
    assert_eq!(body["error"]["code"], "address_refused");
    assert_eq!(body["error"]["fields"]["domain"], "address_refused");
}

db_test!(
    zoho_links_at_the_returned_data_centre_refreshes_and_unlinks,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@zoho.test").await;
        let ws = ana.id;
        let body = ana.expect_get(200, "/api/v1/whatzapp/zoho/scopes").await;
        assert!(body["data"]["scopes"]
            .as_array()
            .unwrap()
            .contains(&json!("ZohoCRM.modules.ALL")));

        let back = consent_query(&ana, "zoho", "").await;
        let asked = &app.fake.received_under("/oauth/zoho/authorize")[0].body;
        assert_eq!(asked["access_type"], "offline");
        let link = |server: &str| {
            json!({ "workspace_id": ws, "temp_code": back["code"], "temp_account_server_url": server,
                    "state": back["state"], "client_id": "x", "client_secret": "from-the-browser", "redirect_uri": "x" })
        };
        // A data centre that is not Zoho's is refused, and the state survives it.
        for server in [
            "http://169.254.169.254",
            "https://accounts.zoho.com.evil.test",
        ] {
            let body = ana
                .expect_post(422, "/api/v1/whatzapp/zoho/auth/token", link(server))
                .await;
            assert_eq!(body["error"]["code"], "authentication_failed");
        }
        assert!(app.fake.received_under("/zoho-accounts").is_empty());
        let body = ana
            .expect_post(
                200,
                "/api/v1/whatzapp/zoho/auth/token",
                link(&back["accounts-server"]),
            )
            .await;
        assert_eq!(body["data"]["connected"], true);
        assert!(body["data"].get("refresh_token").is_none());
        let (status, _) = ana
            .post(
                "/api/v1/whatzapp/zoho/auth/token",
                link(&back["accounts-server"]),
            )
            .await;
        assert_eq!(status, 422, "replayed");

        let status_path = format!("/api/v1/whatzapp/zoho/auth/token?workspace_id={ws}");
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], true);
        assert_eq!(ana.flags().await["zoho"], true);
        app.clock.advance(26 * 60_000);
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], true);
        assert_eq!(app.fake.token_calls("zoho", "refresh_token"), 1);
        app.fake.refuse_refresh("zoho", true);
        app.clock.advance(26 * 60_000);
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["data"]["needs_reconnect"], true);
        assert_eq!(ana.flags().await["zoho"], false);
        let (status, body) = ana.delete(&status_path).await;
        assert_eq!((status, &body["result"]), (200, &json!(true)));
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], false);
        ana.assert_no_secret_in_answers();
        assert_no_plain_secret_stored(&app).await;
    }
);

db_test!(salesforce_links_with_pkce_and_unlinks, |app| async move {
    let ana = Person::sign_in(&app, "ana@force.test").await;
    let (_, body) = ana.get("/api/v2/salesforce/auth").await;
    assert_eq!(body["status"], false);
    let (code, state) = consent(&ana, "salesforce").await;
    let asked = &app.fake.received_under("/oauth/salesforce/authorize")[0].body;
    assert_eq!(asked["code_challenge_method"], "S256");
    assert_eq!(asked["code_challenge"].as_str().unwrap().len(), 43);
    let link = |code: &str, state: &str, ws: i64| json!({ "code": code, "state": state, "redirect_uri": "x", "workspace_id": ws });
    ana.expect_post(
        403,
        "/api/v2/salesforce/auth",
        link(&code, &state, ana.id + 1000),
    )
    .await;
    // The fake checks the PKCE verifier against the challenge: linking proves it was sent.
    let body = ana
        .expect_post(200, "/api/v2/salesforce/auth", link(&code, &state, ana.id))
        .await;
    assert_eq!(body["status"], true);
    let body = ana
        .expect_post(422, "/api/v2/salesforce/auth", link(&code, &state, ana.id))
        .await;
    assert_eq!(
        body["error"]["message"],
        "Failed to authenticate, please try again"
    );
    let (_, body) = ana.get("/api/v2/salesforce/auth").await;
    assert_eq!(body["status"], true);
    assert_eq!(ana.flags().await["salesforce"], true);
    assert!(stored_links(&app).await.contains("/salesforce-instance"));
    let (status, body) = ana.delete("/api/v2/salesforce/auth").await;
    assert_eq!((status, &body["status"]), (200, &json!(true)));
    let (_, body) = ana.get("/api/v2/salesforce/auth").await;
    assert_eq!(body["status"], false);
    assert_eq!(ana.flags().await["salesforce"], false);
    ana.assert_no_secret_in_answers();
    assert_no_plain_secret_stored(&app).await;
});

db_test!(
    salesforce_settings_start_with_contact_creation_on_and_keep_what_is_saved,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@sfset.test").await;
        // The panel is role 1's (000 §6): Ana administers her organisation.
        ana.expect_post(
            200,
            "/api/v1/whatzapp/organizations",
            json!({ "org_name": "SfSet" }),
        )
        .await;
        let (status, _) = ana.get("/api/v2/salesforce/settings").await;
        assert_eq!(status, 404, "not linked yet");
        let (code, state) = consent(&ana, "salesforce").await;
        ana.expect_post(
            200,
            "/api/v2/salesforce/auth",
            json!({ "code": code, "state": state }),
        )
        .await;
        let body = ana.expect_get(200, "/api/v2/salesforce/settings").await;
        assert_eq!(
            body["data"],
            json!({ "contactCreationEnabled": true, "contactRecordTypes": [] })
        );
        let saved = json!({
            "contactCreationEnabled": false,
            "contactRecordTypes": [{
                "id": "012A", "name": "Partner", "isSelected": true,
                "selectedField": [{ "id": "MobilePhone", "name": "Mobile" }]
            }]
        });
        ana.expect_post(200, "/api/v2/salesforce/settings", saved.clone())
            .await;
        let (_, body) = ana.get("/api/v2/salesforce/settings").await;
        assert_eq!(body["data"], saved);
        // The link still works: saving settings leaves the tokens alone.
        let (_, body) = ana.get("/api/v2/salesforce/auth").await;
        assert_eq!(body["status"], true);
        ana.assert_no_secret_in_answers();
    }
);

db_test!(
    a_google_sheet_links_as_admin_with_a_server_issued_state_and_unlinks,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@sheets.test").await;
        let ws = ana.id;
        let status_path = format!("/api/v1/whatzapp/googlesheet?workspace_id={ws}");
        let funnel_path = format!("/api/v1/whatzapp/getsheetfunnel?workspace_id={ws}");

        // The spreadsheet card is admin-only: without an organisation she is refused.
        let body = ana.expect_get(403, &status_path).await;
        assert_eq!(body["error"]["code"], "forbidden");
        ana.expect_post(
            200,
            "/api/v1/whatzapp/organizations",
            json!({ "org_name": "Sheets" }),
        )
        .await;
        let body = ana.expect_get(200, &status_path).await;
        assert_eq!(body["result"], false);
        let (_, body) = ana.get(&funnel_path).await;
        assert_eq!(body["result"], false);

        // The web app asks by the card's key; `google` is the same consent.
        let (code, state) = consent(&ana, "googleSheet").await;
        let asked = &app.fake.received_under("/oauth/google/authorize")[0].body;
        assert_eq!(asked["scope"], "https://www.googleapis.com/auth/drive.file");
        assert_eq!(asked["access_type"], "offline");
        assert!(asked.get("client_secret").is_none());

        // Tokens sent by the browser are ignored; the server exchanges the code.
        let link = json!({
            "workspace_id": ws, "code": code, "state": state, "label_name": " Leads ",
            "access_token": "from-the-browser", "refresh_token": "from-the-browser",
            "sheet_id": "browser-sheet", "file_name": "x", "sub_sheet_name": "y",
        });
        let body = ana
            .expect_post(200, "/api/v1/whatzapp/googlesheet", link.clone())
            .await;
        assert_eq!(body["result"], true);
        let sheet_id = body["data"]["sheet_id"].as_str().unwrap().to_owned();
        assert!(sheet_id.starts_with("fake-sheet-"), "{sheet_id}");
        assert_eq!(body["data"]["label_name"], "Leads");
        assert_eq!(body["data"]["file_name"], "Leads");
        assert_eq!(body["data"]["sub_sheet_name"], "Sheet1");
        assert_eq!(app.fake.token_calls("google", "authorization_code"), 1);
        let created = app.fake.received_under("/google-sheets/v4/spreadsheets");
        assert_eq!(created.len(), 1);
        assert_eq!(created[0].body["properties"]["title"], "Leads");
        assert_eq!(app.fake.sheet_rows(&sheet_id), Some(vec![]));
        assert_eq!(ana.flags().await["googleSheet"], true);

        // The state is single-use.
        let body = ana
            .expect_post(422, "/api/v1/whatzapp/googlesheet", link)
            .await;
        assert_eq!(body["error"]["code"], "authentication_failed");
        assert_eq!(app.fake.token_calls("google", "authorization_code"), 1);

        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], true);
        assert_eq!(body["data"]["sheet_id"], sheet_id);
        let (_, body) = ana.get(&funnel_path).await;
        assert_eq!(
            (&body["result"], &body["data"]["funnel_name"]),
            (&json!(true), &json!("Leads"))
        );

        // Label change: the rule refuses an empty one; a good one is kept, tokens untouched.
        let update = |name: &str| json!({ "workspace_id": ws, "updated_name": name });
        let body = ana
            .expect_call(
                422,
                Method::PATCH,
                "/api/v1/whatzapp/updatesheetfunnel",
                Some(update("   ")),
            )
            .await;
        assert_eq!(body["error"]["fields"]["updated_name"], "label_name_empty");
        let secrets = || async {
            integration::Entity::find()
                .all(app.store.conn())
                .await
                .unwrap()
                .into_iter()
                .map(|r| r.secret)
                .collect::<Vec<_>>()
        };
        let before = secrets().await;
        let (status, body) = ana
            .call(
                Method::PATCH,
                "/api/v1/whatzapp/updatesheetfunnel",
                Some(update("Hot leads")),
            )
            .await;
        assert_eq!((status, &body["result"]), (200, &json!(true)), "{body}");
        let (_, body) = ana.get(&funnel_path).await;
        assert_eq!(body["data"]["funnel_name"], "Hot leads");
        assert_eq!(before, secrets().await, "the tokens are untouched");

        // Refreshed five minutes before expiry.
        app.clock.advance(26 * 60_000);
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], true);
        assert_eq!(app.fake.token_calls("google", "refresh_token"), 1);

        // Another person's workspace is refused.
        ana.expect_get(
            403,
            &format!("/api/v1/whatzapp/googlesheet?workspace_id={}", ws + 1000),
        )
        .await;

        let (status, body) = ana
            .delete(&format!(
                "/api/v1/whatzapp/deletegooglesheet?workspace_id={ws}"
            ))
            .await;
        assert_eq!((status, &body["result"]), (200, &json!(true)));
        let (_, body) = ana.get(&status_path).await;
        assert_eq!(body["result"], false);
        assert_eq!(body["data"]["sheet_id"], Value::Null);
        assert_eq!(ana.flags().await["googleSheet"], false);
        ana.expect_call(
            404,
            Method::PATCH,
            "/api/v1/whatzapp/updatesheetfunnel",
            Some(update("Again")),
        )
        .await;
        ana.assert_no_secret_in_answers();
        assert_no_plain_secret_stored(&app).await;
    }
);

db_test!(
    the_google_connector_creates_a_spreadsheet_and_appends_rows,
    |app| async move {
        let api = app.fake.url("/google-sheets");
        let refused =
            connectors::google::create_spreadsheet(&api, "not-a-google-token", "Leads").await;
        assert!(matches!(
            refused,
            Err(connectors::ConnectorError::WrongCredentials)
        ));
        let token = "google-tok-access-test";
        let sheet = connectors::google::create_spreadsheet(&api, token, "Leads")
            .await
            .unwrap();
        assert_eq!(
            (sheet.title.as_str(), sheet.sheet_name.as_str()),
            ("Leads", "Sheet1")
        );
        let row = vec!["+15550100".to_owned(), "Ana".to_owned(), "Leads".to_owned()];
        connectors::google::append_row(&api, token, &sheet.id, &sheet.sheet_name, &row)
            .await
            .unwrap();
        connectors::google::append_row(&api, token, &sheet.id, &sheet.sheet_name, &row)
            .await
            .unwrap();
        let rows = app.fake.sheet_rows(&sheet.id).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            rows[0],
            vec![json!("+15550100"), json!("Ana"), json!("Leads")]
        );
        let appended = app.fake.received_under(&format!(
            "/google-sheets/v4/spreadsheets/{}/values/",
            sheet.id
        ));
        assert!(
            appended[0].path.ends_with("Sheet1:append"),
            "{}",
            appended[0].path
        );
        assert!(
            connectors::google::append_row(&api, token, "no-such-sheet", "Sheet1", &row)
                .await
                .is_err()
        );
    }
);

/// Links Salesforce for `person` through the fake's consent page.
async fn link_salesforce(person: &Person<'_>) {
    let (code, state) = consent(person, "salesforce").await;
    person
        .expect_post(
            200,
            "/api/v2/salesforce/auth",
            json!({ "code": code, "state": state }),
        )
        .await;
}

db_test!(
    salesforce_record_types_and_their_user_fields_come_from_the_org,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@sfrt.test").await;
        let (status, _) = ana.get("/api/v2/salesforce/record-types").await;
        assert_eq!(status, 404, "not linked yet");
        let (status, _) = ana
            .get("/api/v2/salesforce/record-type/fields?id=012000000000001AAA")
            .await;
        assert_eq!(status, 404, "not linked yet");
        link_salesforce(&ana).await;

        let body = ana.expect_get(200, "/api/v2/salesforce/record-types").await;
        assert_eq!(body["status"], true);
        assert_eq!(
            body["data"]["records"],
            json!([
                { "Id": "012000000000001AAA", "Name": "Customer", "DeveloperName": "Customer" },
                { "Id": "012000000000002AAA", "Name": "Partner Contact", "DeveloperName": "Partner_Contact" },
            ])
        );
        let asked = app
            .fake
            .received_under("/salesforce-instance/services/data/");
        assert_eq!(asked.len(), 1);
        assert!(asked[0]
            .authorization
            .as_deref()
            .unwrap()
            .starts_with("Bearer salesforce-tok-access-"));
        assert!(asked[0].body["q"]
            .as_str()
            .unwrap()
            .contains("FROM RecordType WHERE SobjectType = 'Contact'"));

        let body = ana
            .expect_get(
                200,
                "/api/v2/salesforce/record-type/fields?id=012000000000002AAA",
            )
            .await;
        let fields = &body["data"]["objectInfos"]["User"]["fields"];
        assert_eq!(
            fields["MobilePhone"],
            json!({ "apiName": "MobilePhone", "label": "Mobile", "dataType": "Phone" })
        );
        assert_eq!(fields["Phone"]["label"], "Phone");
        let asked = app
            .fake
            .received_under("/salesforce-instance/services/data/");
        assert_eq!(asked[1].body["recordTypeId"], "012000000000002AAA");

        // Not an id: refused before Salesforce is asked.
        for bad in ["", "012%27%20OR%201%3D1", "012000000000001AAA/../x", "abc"] {
            let (status, body) = ana
                .get(&format!("/api/v2/salesforce/record-type/fields?id={bad}"))
                .await;
            assert_eq!(status, 400, "{bad}: {body}");
        }
        ana.expect_get(400, "/api/v2/salesforce/record-type/fields")
            .await;
        assert_eq!(
            app.fake
                .received_under("/salesforce-instance/services/data/")
                .len(),
            2
        );
        // An org that answers 404 for an unknown record type: a provider failure.
        let body = ana
            .expect_get(
                502,
                "/api/v2/salesforce/record-type/fields?id=012000000000009AAA",
            )
            .await;
        assert_eq!(body["error"]["code"], "upstream_failed");
        ana.assert_no_secret_in_answers();
        assert_no_plain_secret_stored(&app).await;
    }
);

db_test!(
    an_expired_salesforce_token_is_refreshed_once_and_a_refused_refresh_needs_a_reconnect,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@sf401.test").await;
        link_salesforce(&ana).await;
        let before = stored_links(&app).await;
        app.fake.expire_access_tokens("salesforce");

        // 401 from the org: one refresh, then the call again with the new token.
        let body = ana.expect_get(200, "/api/v2/salesforce/record-types").await;
        assert_eq!(body["data"]["records"].as_array().unwrap().len(), 2);
        assert_eq!(app.fake.token_calls("salesforce", "refresh_token"), 1);
        let asked = app
            .fake
            .received_under("/salesforce-instance/services/data/");
        let auths: Vec<_> = asked
            .iter()
            .map(|r| r.authorization.clone().unwrap())
            .collect();
        assert_eq!(auths.len(), 2);
        assert!(auths
            .iter()
            .all(|a| a.starts_with("Bearer salesforce-tok-access-")));
        assert_ne!(auths[0], auths[1], "called again with the refreshed token");
        assert_ne!(stored_links(&app).await, before, "the new token is kept");
        // The kept token works without another refresh.
        ana.expect_get(
            200,
            "/api/v2/salesforce/record-type/fields?id=012000000000001AAA",
        )
        .await;
        assert_eq!(app.fake.token_calls("salesforce", "refresh_token"), 1);

        // Revoked: the refresh is refused, the link needs a reconnect.
        app.fake.expire_access_tokens("salesforce");
        app.fake.refuse_refresh("salesforce", true);
        let body = ana
            .expect_get(
                422,
                "/api/v2/salesforce/record-type/fields?id=012000000000001AAA",
            )
            .await;
        assert_eq!(body["error"]["code"], "authentication_failed");
        let (_, body) = ana.get("/api/v2/salesforce/auth").await;
        assert_eq!(body["status"], false);
        assert_eq!(body["data"]["needs_reconnect"], true);
        // No more calls to Salesforce until the user links again.
        let calls = app
            .fake
            .received_under("/salesforce-instance/services/data/")
            .len();
        ana.expect_get(422, "/api/v2/salesforce/record-types").await;
        assert_eq!(
            app.fake
                .received_under("/salesforce-instance/services/data/")
                .len(),
            calls
        );
        app.fake.refuse_refresh("salesforce", false);
        link_salesforce(&ana).await;
        ana.expect_get(200, "/api/v2/salesforce/record-types").await;
        ana.assert_no_secret_in_answers();
        assert_no_plain_secret_stored(&app).await;
    }
);

db_test!(
    an_employee_saving_salesforce_settings_gets_403_and_nothing_changes,
    |app| async move {
        let boss = Person::sign_in(&app, "boss@sfrole.test").await;
        let (_, org) = boss
            .post(
                "/api/v1/whatzapp/organizations",
                json!({ "org_name": "SfRole" }),
            )
            .await;
        let org_id = org["data"]["org_id"].as_i64().unwrap();
        boss.post(
            "/api/v1/whatzapp/employees",
            json!({ "org_id": org_id, "employees": [{ "email": "emp@sfrole.test", "role_id": 3 }] }),
        )
        .await;
        let employee = Person::sign_in(&app, "emp@sfrole.test").await;
        link_salesforce(&employee).await;
        let stored = || async {
            integration::Entity::find()
                .all(app.store.conn())
                .await
                .unwrap()
                .into_iter()
                .map(|r| (r.settings, r.updated_at))
                .collect::<Vec<_>>()
        };
        let before = stored().await;
        let body = employee
            .expect_post(
                403,
                "/api/v2/salesforce/settings",
                json!({ "contactCreationEnabled": false, "contactRecordTypes": [] }),
            )
            .await;
        assert_eq!(body["error"]["code"], "forbidden");
        assert_eq!(body["error"]["fields"]["role"], "admin_only");
        assert_eq!(stored().await, before, "nothing changed");
        let (_, body) = employee.get("/api/v2/salesforce/settings").await;
        assert_eq!(body["data"]["contactCreationEnabled"], true);
    }
);

db_test!(
    two_concurrent_401s_on_one_salesforce_link_cause_one_refresh,
    |app| async move {
        let ana = Person::sign_in(&app, "ana@sf401.test").await;
        link_salesforce(&ana).await;
        ana.expect_get(200, "/api/v2/salesforce/record-types").await;
        // The org stops accepting the stored access token before its time.
        app.fake.expire_access_tokens("salesforce");
        let refreshes = app.fake.token_calls("salesforce", "refresh_token");
        let (a, b) = tokio::join!(
            ana.get("/api/v2/salesforce/record-types"),
            ana.get("/api/v2/salesforce/record-types"),
        );
        assert_eq!(a.0, 200, "{}", a.1);
        assert_eq!(b.0, 200, "{}", b.1);
        assert_eq!(
            app.fake.token_calls("salesforce", "refresh_token"),
            refreshes + 1,
            "one refresh for both refused calls"
        );
    }
);
