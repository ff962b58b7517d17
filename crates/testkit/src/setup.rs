//! The setups the API tests share, made through the API as a user would: an organisation with
//! its admin signed in, a member invited and signed in (optionally given another role), and a
//! call that must succeed. Each test module used to carry its own copy of these.

use crate::TestApp;
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
