//! The knowledge base over real HTTP, on SQLite and PostgreSQL (issue #17): PDFs the tests make
//! (several pages, one fact only on page 2) are uploaded and answered from with page-exact
//! citations; a question about nothing in them is "not found" and listed for admins; a 16 MB
//! file, a PNG named `.pdf`, a broken PDF, an encrypted one and a scan without text are refused
//! with nothing stored; deleting a document takes it out of the answers; the AI service answers
//! when configured and its failure falls back to the passages; conversations reopen.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, pdf, TestApp, TestOrg as Org, WithSession};

/// An organisation with the knowledge base on.
async fn organisation(app: &TestApp, email: &str) -> Org {
    let org = app.organisation(email).await;
    app.enable_knowledge_base(org.org_id).await.unwrap();
    org
}

async fn upload(app: &TestApp, org: &Org, name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let path = format!("/api/kb/documents?org_id={}&name={name}", org.org_id);
    app.upload(&path, &org.admin, "application/pdf", bytes)
        .await
}

async fn ask(app: &TestApp, org: &Org, question: &str, conversation: Option<i64>) -> Value {
    app.post_ok(
        "/api/kb/ask",
        &org.admin,
        json!({ "org_id": org.org_id, "question": question, "conversation_id": conversation }),
    )
    .await
}

const HANDBOOK: [&str; 3] = [
    "Welcome to Acme Traders.\nOur office opens at nine in the morning.",
    "Refund policy.\nCustomers may ask for a refund within 45 days of delivery.\nRefunds go back to the original card.",
    "Shipping.\nParcels leave the warehouse every Tuesday.",
];

/// What the knowledge base's list answers: its status and body.
pub(crate) async fn documents(app: &TestApp, org: &Org) -> (u16, Value) {
    let path = format!("/api/kb/documents?org_id={}", org.org_id);
    app.call(Method::GET, &path, Some(&org.admin), None).await
}

async fn document_count(app: &TestApp, org: &Org) -> usize {
    let (_, docs) = documents(app, org).await;
    docs["data"].as_array().unwrap().len()
}

db_test!(
    a_fact_only_on_page_two_is_answered_with_page_two_cited_and_nothing_else_is_not_found,
    |app| async move {
        let org = organisation(&app, "kb@example.com").await;
        let (status, doc) = upload(&app, &org, "handbook.pdf", pdf::document(&HANDBOOK)).await;
        assert_eq!(status, 200, "{doc}");
        assert_eq!(doc["pages"], 3);
        upload(
            &app,
            &org,
            "other.pdf",
            pdf::document(&["Our logo is blue.", "Holidays are in August."]),
        )
        .await;

        let answer = ask(
            &app,
            &org,
            "How many days do customers have to ask for a refund?",
            None,
        )
        .await;
        let a = &answer["answer"];
        assert_eq!(a["type"], "bot");
        assert_eq!(a["status"], "answered");
        let cited = &a["citations"][0];
        assert_eq!(cited["document_name"], "handbook.pdf");
        assert_eq!(cited["page"], 2);
        let passage = cited["passage"].as_str().unwrap();
        assert!(passage.contains("45 days"), "{passage}");
        // Every highlighted word is one of the question's words, and is in the passage.
        for h in cited["highlights"].as_array().unwrap() {
            let (s, e) = (
                h[0].as_u64().unwrap() as usize,
                h[1].as_u64().unwrap() as usize,
            );
            let word = passage[s..e].to_lowercase();
            assert!(
                ["refund", "refunds", "days", "customers", "ask"].contains(&word.as_str()),
                "{word}"
            );
        }
        assert!(cited["url"].as_str().unwrap().ends_with("#page=2"));
        assert!(a["citations"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["document_name"] == "handbook.pdf"));

        let nothing = ask(&app, &org, "What is the capital of Mongolia?", None).await;
        assert_eq!(nothing["answer"]["status"], "not_found");
        assert_eq!(nothing["answer"]["citations"], json!([]));
        let unanswered = app
            .get_body(
                &format!("/api/kb/unanswered?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(
            unanswered["data"][0]["question"],
            "What is the capital of Mongolia?"
        );

        // The file opens as a PDF.
        let url = cited["url"]
            .as_str()
            .unwrap()
            .split('#')
            .next()
            .unwrap()
            .to_owned();
        let res = app
            .client
            .get(app.url(&url))
            .session(&org.admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.headers()["content-type"], "application/pdf");
        assert!(res.bytes().await.unwrap().starts_with(b"%PDF-"));

        // Deleting the document takes it out of the answers.
        let id = doc["id"].as_i64().unwrap();
        app.delete_ok(
            &format!("/api/kb/documents/{id}?org_id={}", org.org_id),
            &org.admin,
        )
        .await;
        let after = ask(
            &app,
            &org,
            "How many days do customers have to ask for a refund?",
            None,
        )
        .await;
        assert_eq!(after["answer"]["status"], "not_found");
        assert_eq!(document_count(&app, &org).await, 1);
    }
);

db_test!(
    oversized_mislabelled_broken_encrypted_and_text_less_files_are_refused_with_nothing_stored,
    |app| async move {
        let org = organisation(&app, "refuse@example.com").await;
        let mut big = pdf::document(&["big"]);
        big.resize(16 * 1024 * 1024, b' ');
        let (status, body) = upload(&app, &org, "big.pdf", big).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["error"]["fields"]["file"], "attachment_not_supported");
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        let (status, body) = upload(&app, &org, "photo.pdf", png).await;
        assert_eq!(
            (status, body["error"]["fields"]["file"].clone()),
            (422, json!("attachment_not_supported"))
        );
        let mut broken = pdf::document(&HANDBOOK);
        broken.truncate(broken.len() / 3);
        let (status, body) = upload(&app, &org, "broken.pdf", broken).await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (422, json!("pdf_unreadable")),
            "{body}"
        );
        let (status, body) = upload(&app, &org, "locked.pdf", pdf::encrypted(&HANDBOOK)).await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (422, json!("pdf_encrypted")),
            "{body}"
        );
        let (status, body) = upload(&app, &org, "scan.pdf", pdf::without_text(2)).await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (422, json!("pdf_no_text")),
            "{body}"
        );
        assert_eq!(document_count(&app, &org).await, 0, "nothing stored");
    }
);

db_test!(
    conversations_are_kept_per_user_and_reopened_with_their_messages,
    |app| async move {
        let org = organisation(&app, "chat@example.com").await;
        upload(&app, &org, "handbook.pdf", pdf::document(&HANDBOOK)).await;
        let first = ask(&app, &org, "When do parcels leave the warehouse?", None).await;
        let id = first["conversation_id"].as_i64().unwrap();
        assert_eq!(first["answer"]["citations"][0]["page"], 3);
        let second = ask(&app, &org, "When does the office open?", Some(id)).await;
        assert_eq!(second["conversation_id"], id);
        ask(&app, &org, "Refund window?", None).await;
        let list = app
            .get_body(
                &format!("/api/kb/conversations?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(list["data"].as_array().unwrap().len(), 2);
        let detail = app
            .get_body(
                &format!("/api/kb/conversations/{id}?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        let kinds: Vec<&str> = detail["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["type"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["user", "bot", "user", "bot"]);
        assert_eq!(
            detail["messages"][0]["message"],
            "When do parcels leave the warehouse?"
        );
        // Another member cannot reopen it.
        let other = app.sign_in("colleague@example.com").await.unwrap();
        app.expect(
            404,
            Method::GET,
            &format!("/api/kb/conversations/{id}?org_id={}", org.org_id),
            Some(&other),
            None,
        )
        .await;
    }
);

/// Points the knowledge base at the fake AI service (beside the fake HubSpot API).
fn with_ai(c: &mut server::config::Config) {
    c.knowledge_base.ai_handler_url = Some(
        c.providers
            .hubspot
            .api_url
            .replace("/hubspot-api", "/ai-handler"),
    );
}

db_test!(
    the_ai_service_answers_with_the_passages_as_context_and_its_failure_falls_back,
    config = with_ai,
    |app| async move {
        let org = organisation(&app, "ai@example.com").await;
        upload(&app, &org, "handbook.pdf", pdf::document(&HANDBOOK)).await;
        let answer = ask(&app, &org, "How many days for a refund?", None).await;
        let text = answer["answer"]["message"].as_str().unwrap();
        assert!(text.starts_with("AI: about"), "{text}");
        assert_eq!(
            answer["answer"]["citations"][0]["page"], 2,
            "the cited passages stay"
        );
        let asked = app.fake.ai_asked();
        assert_eq!(asked[0]["searchText"], "How many days for a refund?");
        assert!(asked[0]["context"][0].as_str().unwrap().contains("45 days"));

        app.fake.ai_failing(true);
        let fallback = ask(&app, &org, "How many days for a refund?", None).await;
        let text = fallback["answer"]["message"].as_str().unwrap();
        assert!(
            !text.starts_with("AI:") && text.contains("45 days"),
            "{text}"
        );
        assert_eq!(fallback["answer"]["status"], "answered");
        // Nothing found: the AI service is not asked at all.
        let before = app.fake.ai_asked().len();
        let nothing = ask(&app, &org, "Who painted the Mona Lisa?", None).await;
        assert_eq!(nothing["answer"]["status"], "not_found");
        assert_eq!(app.fake.ai_asked().len(), before);
    }
);

db_test!(
    a_suggested_reply_comes_from_the_documents_and_counts_against_the_daily_limit,
    |app| async move {
        let org = organisation(&app, "reply@example.com").await;
        upload(&app, &org, "handbook.pdf", pdf::document(&HANDBOOK)).await;
        let body = json!({ "org_id": org.org_id, "messages": [
            { "text": "Hello! I bought a lamp last week.", "direction": "INCOMING" },
            { "text": "Hi, how can we help?", "direction": "OUTGOING" },
            { "text": "How many days do I have for a refund?", "direction": "INCOMING" }
        ] });
        let first = app
            .post_ok("/api/v2/ai/reply-suggestion", &org.admin, body.clone())
            .await;
        assert_eq!(first["source"], "documents");
        assert!(first["suggestion"].as_str().unwrap().contains("45 days"));
        assert_eq!(first["citations"][0]["page"], 2);
        let limit = domain::subscription::AI_REPLIES_PER_DAY;
        assert_eq!(
            (first["daily_limit"].clone(), first["replies_left"].clone()),
            (json!(limit), json!(limit - 1))
        );
        for _ in 1..limit {
            app.post_ok("/api/v2/ai/reply-suggestion", &org.admin, body.clone())
                .await;
        }
        app.expect(
            429,
            Method::POST,
            "/api/v2/ai/reply-suggestion",
            Some(&org.admin),
            Some(body.clone()),
        )
        .await;
        let left = app
            .get_body(
                &format!("/api/v2/ai/replies-left?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(left["replies_left"], 0);
        // A new day brings the replies back.
        app.clock.advance(86_400_000);
        let next = app
            .post_ok("/api/v2/ai/reply-suggestion", &org.admin, body)
            .await;
        assert_eq!(next["replies_left"], limit - 1);
    }
);

/// Keeps files in the fake S3-compatible bucket instead of the folder.
fn in_a_bucket(c: &mut server::config::Config) {
    c.files.s3_endpoint = Some(c.providers.hubspot.api_url.replace("/hubspot-api", "/s3"));
    c.files.bucket = Some("documents".to_owned());
    c.files.s3_access_key_id = Some("fake-access".to_owned());
    c.files.s3_secret_access_key = Some("fake-secret".to_owned().into());
}

db_test!(
    with_a_bucket_configured_the_files_live_in_it,
    config = in_a_bucket,
    |app| async move {
        let org = organisation(&app, "bucket@example.com").await;
        let (status, doc) = upload(&app, &org, "handbook.pdf", pdf::document(&HANDBOOK)).await;
        assert_eq!(status, 200, "{doc}");
        let keys = app.fake.bucket_keys();
        assert_eq!(keys.len(), 1, "{keys:?}");
        assert!(
            keys[0].starts_with(&format!("documents/kb/{}/", org.org_id)),
            "{keys:?}"
        );
        let id = doc["id"].as_i64().unwrap();
        let res = app
            .client
            .get(app.url(&format!(
                "/api/kb/documents/{id}/file?org_id={}",
                org.org_id
            )))
            .session(&org.admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        assert_eq!(
            res.bytes().await.unwrap().to_vec(),
            pdf::document(&HANDBOOK)
        );
        app.call(
            Method::DELETE,
            &format!("/api/kb/documents/{id}?org_id={}", org.org_id),
            Some(&org.admin),
            None,
        )
        .await;
        assert!(app.fake.bucket_keys().is_empty());
    }
);

db_test!(
    an_organisation_without_the_knowledge_base_is_refused,
    |app| async move {
        let org = app.organisation("off@example.com").await;
        // Past the Teams trial and its grace period: Free, which has no knowledge base.
        app.clock.advance(11 * 86_400_000);
        let (status, body) = upload(&app, &org, "handbook.pdf", pdf::document(&HANDBOOK)).await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (402, json!("not_in_plan"))
        );
        app.expect(
            402,
            Method::POST,
            "/api/kb/ask",
            Some(&org.admin),
            Some(json!({ "org_id": org.org_id, "question": "refund?" })),
        )
        .await;
        app.enable_knowledge_base(org.org_id).await.unwrap();
        let (status, _) = upload(&app, &org, "handbook.pdf", pdf::document(&HANDBOOK)).await;
        assert_eq!(status, 200);
    }
);

/// PDFs read by the `switchboard pdf-text` child under a 128 MB memory limit.
fn with_the_reader(c: &mut server::config::Config) {
    c.knowledge_base.pdf_reader = Some(env!("CARGO_BIN_EXE_switchboard").to_owned());
    c.knowledge_base.extract_memory_mb = 128;
}

db_test!(
    a_pdf_that_needs_more_memory_than_allowed_is_refused_and_the_server_lives_on,
    config = with_the_reader,
    |app| async move {
        let org = organisation(&app, "memory@example.com").await;
        // A few MB as sent (well under the 15 MB limit), 200 MB to read.
        let heavy = pdf::inflating("Refunds within 45 days.", 200);
        assert!(heavy.len() < 8 * 1024 * 1024, "{}", heavy.len());
        let (status, body) = upload(&app, &org, "heavy.pdf", heavy).await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (422, json!("pdf_unreadable")),
            "{body}"
        );
        assert_eq!(document_count(&app, &org).await, 0, "nothing stored");
        // The same reader reads an ordinary PDF, and a small inflated one, with every page.
        let (status, body) = upload(&app, &org, "handbook.pdf", pdf::document(&HANDBOOK)).await;
        assert_eq!((status, body["pages"].as_i64()), (200, Some(3)), "{body}");
        let (status, body) = upload(
            &app,
            &org,
            "light.pdf",
            pdf::inflating("Warranty lasts two years.", 20),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let answer = ask(&app, &org, "warranty years", None).await;
        assert_eq!(
            answer["answer"]["citations"][0]["document_name"], "light.pdf",
            "{answer}"
        );
    }
);

db_test!(
    a_suggested_reply_prefers_the_callers_quick_reply_with_its_variables_filled,
    |app| async move {
        let org = organisation(&app, "qr-suggest@example.com").await;
        let (status, body) = upload(&app, &org, "handbook.pdf", pdf::document(&HANDBOOK)).await;
        assert_eq!(status, 200, "{body}");
        app.post_ok("/api/manage/quick-replies", &org.admin, json!({ "org_id": org.org_id, "name": "Opening hours", "message": "Hi {{first_name}}, we open at nine, Monday to Saturday." })).await;
        let suggest = |text: &'static str| {
            app.call(
                Method::POST,
                "/api/v2/ai/reply-suggestion",
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "contact_name": "Priya Rao", "messages": [{ "text": text }] })),
            )
        };
        let (status, answer) = suggest("What are your opening hours?").await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["source"], "quick_reply");
        assert_eq!(
            answer["suggestion"],
            "Hi Priya, we open at nine, Monday to Saturday."
        );
        // A question no quick reply answers comes from the documents.
        let (_, answer) = suggest("How many days do I have for a refund?").await;
        assert_eq!(answer["source"], "documents", "{answer}");
    }
);
