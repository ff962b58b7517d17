//! The setups the API tests share, made through the API as a user would: an organisation with
//! its admin signed in, a member invited and signed in (optionally given another role), and a
//! call that must succeed. Each test module used to carry its own copy of these.

use crate::{TestApp, WithSession};
use reqwest::Method;
use serde_json::{json, Value};

/// An organisation made by `admin_email` (a 7-day Teams trial with 3 seats).
#[derive(Debug, Clone)]
pub struct TestOrg {
    /// The admin's session.
    pub admin: String,
    pub admin_email: String,
    /// The admin's own workspace id (their user id).
    pub workspace_id: i64,
    pub org_id: i64,
    pub code: String,
}

/// A member of a [`TestOrg`], signed in.
#[derive(Debug, Clone)]
pub struct TestMember {
    pub session: String,
    pub user_id: i64,
}

impl TestApp {
    /// [`TestApp::call`] with a session.
    pub async fn call_as(
        &self,
        method: Method,
        path: &str,
        session: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        self.call(method, path, Some(session), body).await
    }

    /// `method path` (with the session, if any) must answer `status`; answers its body.
    pub async fn expect(
        &self,
        status: u16,
        method: Method,
        path: &str,
        session: Option<&str>,
        body: Option<Value>,
    ) -> Value {
        let (got, answer) = self.call(method, path, session, body).await;
        assert_eq!(got, status, "{path}: {answer}");
        answer
    }

    /// `GET path` must answer 200; answers its body.
    pub async fn get_ok(&self, path: &str, session: &str) -> Value {
        self.ok(Method::GET, path, session, None).await
    }

    /// The body `GET path` answers, whatever its status.
    pub async fn get_body(&self, path: &str, session: &str) -> Value {
        self.call(Method::GET, path, Some(session), None).await.1
    }

    /// `POST path` with `body` must answer 200; answers its body.
    pub async fn post_ok(&self, path: &str, session: &str, body: Value) -> Value {
        self.ok(Method::POST, path, session, Some(body)).await
    }

    /// `PUT path` with `body` must answer 200; answers its body.
    pub async fn put_ok(&self, path: &str, session: &str, body: Value) -> Value {
        self.ok(Method::PUT, path, session, Some(body)).await
    }

    /// `DELETE path` must answer 200; answers its body.
    pub async fn delete_ok(&self, path: &str, session: &str) -> Value {
        self.ok(Method::DELETE, path, session, None).await
    }

    /// One call with the extension's bearer token instead of the session cookie.
    pub async fn call_bearer(
        &self,
        method: Method,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut req = self
            .client
            .request(method, self.url(path))
            .bearer_auth(token);
        if let Some(b) = body {
            req = req.json(&b);
        }
        answer(req).await
    }

    /// Uploads `bytes` as `content_type` to `path` with the session (a knowledge-base document,
    /// an attachment); answers the status and the body as JSON (null when it is not JSON).
    pub async fn upload(
        &self,
        path: &str,
        session: &str,
        content_type: &str,
        bytes: Vec<u8>,
    ) -> (u16, Value) {
        let req = self
            .client
            .post(self.url(path))
            .session(session)
            .header("Content-Type", content_type)
            .body(bytes);
        send_json(req).await
    }

    /// Signs `email` in; answers the session and their own workspace id (their user id), as
    /// the user-existence call says it.
    pub async fn sign_in_with_id(&self, email: &str) -> (String, i64) {
        let session = self.sign_in(email).await.expect("signs in");
        let me = self
            .get_body(
                &format!("/api/v1/whatzapp/checkuserexistance?user_email={email}"),
                &session,
            )
            .await;
        let id = me["data"]["id"].as_i64().expect("the user's id");
        (session, id)
    }

    /// Adds the team `team_name` to `org_id` as `session`; answers its id.
    pub async fn team(&self, session: &str, org_id: i64, team_name: &str) -> i64 {
        let team = self
            .post_ok(
                "/api/v1/whatzapp/teams",
                session,
                json!({ "org_id": org_id, "team_name": team_name }),
            )
            .await;
        team["data"]["id"].as_i64().expect("the team's id")
    }

    /// `method path` must answer 200; answers its body.
    pub async fn ok(
        &self,
        method: Method,
        path: &str,
        session: &str,
        body: Option<Value>,
    ) -> Value {
        let (status, answer) = self.call(method, path, Some(session), body).await;
        assert_eq!(status, 200, "{path}: {answer}");
        answer
    }

    /// Signs `admin_email` in and creates the organisation "Acme Traders" in the default zone.
    pub async fn organisation(&self, admin_email: &str) -> TestOrg {
        self.organisation_with(admin_email, json!({ "org_name": "Acme Traders" }))
            .await
    }

    /// Signs `admin_email` in and creates an organisation from `body` (`org_name`, and
    /// `time_zone` or `org_logo` as the test needs).
    pub async fn organisation_with(&self, admin_email: &str, body: Value) -> TestOrg {
        let admin = self.sign_in(admin_email).await.expect("the admin signs in");
        let created = self
            .ok(
                Method::POST,
                "/api/v1/whatzapp/organizations",
                &admin,
                Some(body),
            )
            .await;
        let me = self
            .ok(
                Method::GET,
                &format!("/api/v1/whatzapp/checkuserexistance?user_email={admin_email}"),
                &admin,
                None,
            )
            .await;
        TestOrg {
            admin,
            admin_email: admin_email.to_owned(),
            workspace_id: me["data"]["id"].as_i64().expect("the admin's id"),
            org_id: created["data"]["org_id"]
                .as_i64()
                .expect("the organisation's id"),
            code: created["data"]["organization_code"]
                .as_str()
                .expect("the organisation's code")
                .to_owned(),
        }
    }

    /// Invites `email` into `org` (an employee, role 3), signs them in (which makes them active)
    /// and, for another `role_id`, has the admin change their role.
    pub async fn member(&self, org: &TestOrg, email: &str, role_id: i64) -> TestMember {
        let added = self
            .ok(
                Method::POST,
                "/api/v1/whatzapp/employees",
                &org.admin,
                Some(json!({ "org_id": org.org_id, "employees": [{ "name": email, "email": email }] })),
            )
            .await;
        let user_id = added["data"]["employees"][0]["user_id"]
            .as_i64()
            .expect("the member's id");
        let session = self.sign_in(email).await.expect("the member signs in");
        if role_id != 3 {
            self.ok(
                Method::PATCH,
                "/api/v1/whatzapp/employees",
                &org.admin,
                Some(json!({ "org_id": org.org_id, "user_id": user_id, "role_id": role_id })),
            )
            .await;
        }
        TestMember { session, user_id }
    }
}

/// Sends `req`; answers the status and the body as JSON (a string when it is not JSON).
pub(crate) async fn answer(req: reqwest::RequestBuilder) -> (u16, Value) {
    let res = req.send().await.expect("the server answers");
    let status = res.status().as_u16();
    let text = res.text().await.unwrap_or_default();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// Sends `req`; answers the status and the body as JSON (null when it is not JSON).
pub async fn send_json(req: reqwest::RequestBuilder) -> (u16, Value) {
    let res = req.send().await.expect("the server answers");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}
