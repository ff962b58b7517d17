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
mod members;
mod oauth;
mod salesforce;

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

    /// Creates an organisation this person administers; its id.
    async fn new_organisation(&self, name: &str) -> i64 {
        let org = self
            .expect_post(
                200,
                "/api/v1/whatzapp/organizations",
                json!({ "org_name": name }),
            )
            .await;
        org["data"]["org_id"].as_i64().unwrap()
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
        let org_id = admin.new_organisation("Hooks").await;
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
        let org_id = admin.new_organisation("Roles").await;
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
