//! A shared-number message's media through HTTP on both databases: the inbox worker downloads
//! it from the fake WAHA gateway (with the gateway's key) into the file store, the message says
//! it is ready, and those who may see the conversation download the same bytes; another
//! organisation, and a message without media, get 404.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::inbox::{conversation_with, eventually, fast, messages, paired, CUSTOMER};
use base64::Engine as _;
use serde_json::json;
use testkit::{db_test, WithSession};

db_test!(
    media_is_kept_in_the_file_store_and_served_to_those_who_see_the_conversation,
    config = fast,
    |app| async move {
        let org = app.organisation("media@inbox.test").await;
        let session = paired(&app, &org).await;
        let bytes: Vec<u8> = (0..40_000u32).map(|i| (i % 251) as u8).collect();
        app.fake
            .waha_inbound_message(
                &session,
                json!({
                    "from": CUSTOMER,
                    "body": "the invoice",
                    "media": {
                        "mimetype": "application/pdf",
                        "filename": "invoice.pdf",
                        "data": base64::engine::general_purpose::STANDARD.encode(&bytes),
                    },
                }),
            )
            .unwrap();
        let id = conversation_with(&app, &org, CUSTOMER).await["id"]
            .as_i64()
            .unwrap();
        let message = std::sync::Mutex::new(0i64);
        eventually("the media is kept", || async {
            let found = messages(&app, &org, id)
                .await
                .into_iter()
                .find(|m| m["media_name"] == "invoice.pdf");
            match found {
                Some(m) if m["media_ready"] == true => {
                    *message.lock().unwrap() = m["id"].as_i64().unwrap();
                    true
                }
                _ => false,
            }
        })
        .await;
        let mid = message.into_inner().unwrap();
        let path = format!(
            "/api/inbox/conversations/{id}/messages/{mid}/media?org_id={}",
            org.org_id
        );
        let res = app
            .client
            .get(app.url(&path))
            .session(&org.admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "application/pdf");
        assert!(res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment"));
        assert_eq!(res.bytes().await.unwrap().to_vec(), bytes);

        // Another organisation's admin, and a message that has none: 404.
        let other = app.organisation("media-other@inbox.test").await;
        let (status, _) = app
            .call(
                reqwest::Method::GET,
                &format!(
                    "/api/inbox/conversations/{id}/messages/{mid}/media?org_id={}",
                    other.org_id
                ),
                Some(&other.admin),
                None,
            )
            .await;
        assert_eq!(status, 404);
        app.fake
            .waha_inbound(&session, CUSTOMER, "no file")
            .unwrap();
        let plain = std::sync::Mutex::new(0i64);
        eventually("the plain message arrives", || async {
            match messages(&app, &org, id)
                .await
                .into_iter()
                .find(|m| m["body"] == "no file")
            {
                Some(m) => {
                    *plain.lock().unwrap() = m["id"].as_i64().unwrap();
                    true
                }
                None => false,
            }
        })
        .await;
        let plain = plain.into_inner().unwrap();
        let (status, _) = app
            .call(
                reqwest::Method::GET,
                &format!(
                    "/api/inbox/conversations/{id}/messages/{plain}/media?org_id={}",
                    org.org_id
                ),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(status, 404);
    }
);
