//! Who has the knowledge base (issue #24), over real HTTP on SQLite and PostgreSQL: it comes with
//! the Teams plan (trial, paid, grace) and with the operator's audited grant whatever the plan;
//! an organisation without either is told why (402 `not_in_plan`) rather than a bare refusal.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::admin::{as_admin, expect_as_admin, operator};
use crate::kb::documents;
use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, TestOrg as Org, WithSession};

const DAY_MS: i64 = 86_400_000;

/// The operator `ops` grants (or withdraws) the knowledge base at `path` for `reason`.
async fn grant(app: &TestApp, ops: &str, path: &str, granted: bool, reason: &str) -> Value {
    let body = json!({ "granted": granted, "reason": reason });
    expect_as_admin(200, app, ops, Method::POST, path, Some(body)).await
}

/// The organisation's details as the signed-in frame reads them.
async fn details_say(app: &TestApp, org: &Org) -> Value {
    let body = app
        .get_ok(
            &format!(
                "/api/v1/whatzapp/getOrganizationDetails?organization_code={}",
                org.code
            ),
            &org.admin,
        )
        .await;
    body["data"][0]["knowledge_base"].clone()
}

db_test!(
    the_knowledge_base_comes_with_the_teams_plan_and_goes_when_it_lapses,
    |app| async move {
        let org = app.organisation("teams@example.com").await;
        // The 7-day Teams trial includes it.
        assert_eq!(documents(&app, &org).await.0, 200);
        assert_eq!(details_say(&app, &org).await, json!(true));
        // Past the trial and its grace period the organisation is on Free: refused with why.
        app.clock.advance(11 * DAY_MS);
        let (status, body) = documents(&app, &org).await;
        assert_eq!(
            (
                status,
                body["error"]["code"].clone(),
                body["error"]["fields"]["feature"].clone()
            ),
            (402, json!("not_in_plan"), json!("knowledge_base")),
            "{body}"
        );
        assert_eq!(details_say(&app, &org).await, json!(false));
        // Paying for Teams brings it back (the operator records a paid plan here, as a
        // completed checkout does; billing's own tests cover the checkout).
        let ops = operator(&app).await;
        let body = expect_as_admin(200, &app, &ops, Method::POST, &format!("/api/admin/organisations/{}/plan", org.org_id), Some(json!({ "plan_id": 11, "is_trial": false, "valid_days": 30, "seats": 5, "reason": "paid by invoice" }))).await;
        assert_eq!(body["knowledge_base"], json!(true));
        assert_eq!(body["knowledge_base_granted"], json!(false));
        assert_eq!(documents(&app, &org).await.0, 200);
        assert_eq!(details_say(&app, &org).await, json!(true));
    }
);

db_test!(
    the_operator_grants_the_knowledge_base_whatever_the_plan_with_a_reason_audited,
    |app| async move {
        let org = app.organisation("pilot@example.com").await;
        app.clock.advance(11 * DAY_MS);
        assert_eq!(documents(&app, &org).await.0, 402);
        let ops = operator(&app).await;
        let path = format!("/api/admin/organisations/{}/knowledge-base", org.org_id);
        // A reason is required; nothing changes without one.
        let (status, body) = as_admin(
            &app,
            &ops,
            Method::POST,
            &path,
            Some(json!({ "granted": true, "reason": "  " })),
        )
        .await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (422, json!("validation_failed"))
        );
        assert_eq!(documents(&app, &org).await.0, 402);
        // A user's session is no operator's.
        app.expect(
            401,
            Method::POST,
            &path,
            Some(&org.admin),
            Some(json!({ "granted": true, "reason": "me" })),
        )
        .await;

        let body = grant(&app, &ops, &path, true, "pilot customer").await;
        assert_eq!(
            (
                body["knowledge_base"].clone(),
                body["knowledge_base_granted"].clone()
            ),
            (json!(true), json!(true))
        );
        assert_eq!(documents(&app, &org).await.0, 200);
        assert_eq!(details_say(&app, &org).await, json!(true));

        let log = expect_as_admin(200, &app, &ops, Method::GET, "/api/admin/audit", None).await;
        let entry = log["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["action"] == "grant_knowledge_base")
            .cloned()
            .expect("the grant is in the audit log");
        assert_eq!(entry["reason"], json!("pilot customer"));
        assert_eq!(
            entry["target"],
            json!(format!("organisation {}", org.org_id))
        );

        // Withdrawn: the organisation is back to what its plan gives (nothing, on Free).
        let body = grant(&app, &ops, &path, false, "pilot ended").await;
        assert_eq!(body["knowledge_base"], json!(false));
        assert_eq!(documents(&app, &org).await.0, 402);
        // An unknown organisation is 404.
        expect_as_admin(
            404,
            &app,
            &ops,
            Method::POST,
            "/api/admin/organisations/999999/knowledge-base",
            Some(json!({ "granted": true, "reason": "typo" })),
        )
        .await;
    }
);

/// The sentence a catalogue gives a code.
fn catalogue(lang: &str, code: &str) -> String {
    let path = format!(
        "{}/../../locales/{lang}/errors.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let all: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    all[code].as_str().unwrap().to_owned()
}

db_test!(
    a_refused_file_is_answered_with_a_sentence_in_the_callers_language,
    |app| async move {
        let org = app.organisation("files@example.com").await;
        let upload = |lang: &'static str, bytes: Vec<u8>| {
            let app = &app;
            let org = &org;
            async move {
                let res = app
                    .client
                    .post(app.url(&format!(
                        "/api/kb/documents?org_id={}&name=photo.pdf",
                        org.org_id
                    )))
                    .session(&org.admin)
                    .header("Content-Type", "application/pdf")
                    .header("Accept-Language", lang)
                    .body(bytes)
                    .send()
                    .await
                    .unwrap();
                let status = res.status().as_u16();
                (status, res.json::<Value>().await.unwrap())
            }
        };
        // A PNG named .pdf: the code and field as before, the message a sentence.
        let png = b"\x89PNG\r\n\x1a\n not a pdf at all".to_vec();
        for (lang, catalogue_lang) in [
            ("es-ES,es;q=0.9", "es"),
            ("pt-PT", "pt-PT"),
            ("hi", "hi"),
            ("fr", "en"),
            ("", "en"),
        ] {
            let (status, body) = upload(lang, png.clone()).await;
            assert_eq!(status, 422, "{body}");
            assert_eq!(
                body["error"]["fields"]["file"],
                json!("attachment_not_supported")
            );
            assert_eq!(
                body["error"]["message"],
                json!(catalogue(catalogue_lang, "attachment_not_supported")),
                "for Accept-Language {lang:?}"
            );
        }
        // A broken PDF: its own code, its sentence.
        let (status, body) = upload("id", b"%PDF-1.7\nbroken".to_vec()).await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (422, json!("pdf_unreadable")),
            "{body}"
        );
        assert_eq!(
            body["error"]["message"],
            json!(catalogue("id", "pdf_unreadable"))
        );
        // Errors not about a file keep their texts.
        let body = app
            .expect(
                404,
                Method::GET,
                "/api/kb/documents?org_id=999999",
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(body["error"]["message"], json!("no such organisation"));
    }
);
