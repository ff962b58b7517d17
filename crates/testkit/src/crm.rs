//! Connecting a member's CRM the way a person does: the consent page asked for, the fake
//! provider consenting, and the code sent back to the server.

use crate::TestApp;
use reqwest::Method;
use serde_json::json;
use std::collections::HashMap;

impl TestApp {
    /// Asks for `provider`'s consent page as `session` (workspace `workspace`), lets the fake
    /// consent, and answers what the provider sent back (`code`, `state`, Zoho's
    /// `accounts-server`).
    pub async fn consent(
        &self,
        session: &str,
        workspace: i64,
        provider: &str,
    ) -> HashMap<String, String> {
        let v = self
            .ok(
                Method::GET,
                &format!("/api/v1/whatzapp/integrations/{provider}/authorize?workspace_id={workspace}&redirect_uri=https://evil.test/"),
                session,
                None,
            )
            .await;
        let url = v["data"]["url"].as_str().unwrap_or_default().to_owned();
        let no_redirects = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap_or_default();
        let Ok(res) = no_redirects.get(&url).send().await else {
            panic!("{provider}'s consent page did not answer");
        };
        let back = res
            .headers()
            .get("location")
            .and_then(|l| l.to_str().ok())
            .and_then(|l| url::Url::parse(l).ok());
        let Some(back) = back else {
            panic!("{provider}'s consent page sent nobody back");
        };
        back.query_pairs().into_owned().collect()
    }

    /// Connects `provider` (`hubspot` or `zoho`) for `session`'s workspace through its real
    /// consent flow.
    pub async fn connect_crm(&self, session: &str, workspace: i64, provider: &str) {
        let q = self.consent(session, workspace, provider).await;
        let v = match provider {
            "hubspot" => {
                let path = format!(
                    "/api/v1/whatzapp/hubspotauthentication?workspace_id={workspace}&grant_type=authorization_code&code={}&state={}&redirect_uri=x&client_id=x&client_secret=x",
                    q["code"], q["state"]
                );
                self.ok(Method::POST, &path, session, Some(json!({}))).await
            }
            "zoho" => {
                self.ok(
                    Method::POST,
                    "/api/v1/whatzapp/zoho/auth/token",
                    session,
                    Some(json!({
                        "workspace_id": workspace, "temp_code": q["code"],
                        "temp_account_server_url": q["accounts-server"], "state": q["state"],
                        "client_id": "x", "client_secret": "x", "redirect_uri": "x"
                    })),
                )
                .await
            }
            other => panic!("no consent flow for {other}"),
        };
        assert_eq!(v["data"]["connected"], true, "{v}");
    }
}
