//! Salesforce (PKCE, settings, record types) and the Google Sheet link.

use super::*;

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
        ana.new_organisation("SfSet").await;
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
        ana.new_organisation("Sheets").await;
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
        let org_id = boss.new_organisation("SfRole").await;
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
