//! HubSpot, Zoho and Bitrix24: linking by OAuth consent, refreshing, unlinking.

use super::*;

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
