//! The knowledge base's limits over real HTTP, on SQLite and PostgreSQL (issue #23): a PDF of
//! 4 M words is refused and a large one indexed while another client keeps writing, each write
//! answered within a second (the index is written in short batches under a document nobody sees
//! until the last); an abandoned half-written document is never answered from and is removed by
//! the next upload; the organisation's document and storage quotas and each person's daily
//! questions; only admins and managers upload and delete; a download is an attachment whose
//! name, whatever it holds, never breaks the answer.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use testkit::{db_test, pdf, TestApp, WithSession};

async fn organisation(app: &TestApp, email: &str) -> (String, i64) {
    let org = app.organisation(email).await;
    app.enable_knowledge_base(org.org_id).await.unwrap();
    (org.admin, org.org_id)
}

async fn upload(
    app: &TestApp,
    token: &str,
    org_id: i64,
    name: &str,
    bytes: Vec<u8>,
) -> (u16, Value) {
    let path = format!("/api/kb/documents?org_id={org_id}&name={name}");
    app.upload(&path, token, "application/pdf", bytes).await
}

async fn documents(app: &TestApp, token: &str, org_id: i64) -> Vec<Value> {
    let docs = app
        .get_ok(&format!("/api/kb/documents?org_id={org_id}"), token)
        .await;
    docs["data"].as_array().unwrap().clone()
}

async fn ask(app: &TestApp, token: &str, org_id: i64, question: &str) -> (u16, Value) {
    app.call(
        Method::POST,
        "/api/kb/ask",
        Some(token),
        Some(json!({ "org_id": org_id, "question": question })),
    )
    .await
}

/// The passages the organisation's answers rank over (kept with the documents' `ready` flip).
async fn indexed_passages(app: &TestApp, org_id: i64) -> i64 {
    use store::sea_orm::EntityTrait;
    store::entity::kb::stats::Entity::find_by_id(org_id)
        .one(app.store.conn())
        .await
        .unwrap()
        .map_or(0, |s| s.passages)
}

/// What the other client saw: how long each write took, and any that failed.
#[derive(Default)]
struct Writes {
    took: Vec<Duration>,
    failed: Vec<String>,
}

/// Asks for sign-in codes for new addresses (each a write: the code and the mail), one after the
/// other until `stop`.
async fn keep_writing(client: reqwest::Client, base: String, stop: Arc<AtomicBool>) -> Writes {
    let mut seen = Writes::default();
    let mut i = 0;
    while !stop.load(Ordering::Relaxed) {
        i += 1;
        let started = Instant::now();
        let res = client
            .post(format!("{base}/api/auth/code"))
            .json(&json!({ "email": format!("writer{i}@example.com") }))
            .send()
            .await;
        seen.took.push(started.elapsed());
        match res {
            Ok(r) if r.status().is_success() => {}
            Ok(r) => seen.failed.push(format!(
                "{}: {}",
                r.status(),
                r.text().await.unwrap_or_default()
            )),
            Err(e) => seen.failed.push(e.to_string()),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    seen
}

/// Text caps lowered so the indexed document stays quick to index in a debug build; the 4 M-word
/// PDF is far past these and the defaults (3 000 000 characters) alike.
fn smaller_caps(c: &mut server::config::Config) {
    c.knowledge_base.max_text_chars = 700_000;
}

db_test!(
    a_four_million_word_pdf_is_refused_and_a_large_one_indexed_while_other_writes_answer_within_a_second,
    config = smaller_caps,
    |app| async move {
        let (admin, org_id) = organisation(&app, "big@example.com").await;
        let stop = Arc::new(AtomicBool::new(false));
        let writer = tokio::spawn(keep_writing(
            app.client.clone(),
            app.base.clone(),
            stop.clone(),
        ));

        // 200 pages of 20 000 words, as the PDF that once locked the database for 80 s.
        let huge = pdf::many_words(200, 20_000);
        assert!(huge.len() < 15 * 1024 * 1024, "{}", huge.len());
        let (status, body) = upload(&app, &admin, org_id, "huge.pdf", huge).await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (413, json!("file_too_large")),
            "{body}"
        );
        assert!(documents(&app, &admin, org_id).await.is_empty(), "nothing stored");

        // 80 000 words: 1 000 passages and some 75 000 term rows, written in batches; the list
        // never shows it before it is whole.
        let large = pdf::many_words(25, 3_200);
        let uploading = upload(&app, &admin, org_id, "large.pdf", large);
        tokio::pin!(uploading);
        // Listed means whole: the organisation's counts already hold all its passages.
        let mut counted_when_listed = Vec::new();
        let (status, doc) = loop {
            tokio::select! {
                done = &mut uploading => break done,
                () = tokio::time::sleep(Duration::from_millis(200)) => {
                    if !documents(&app, &admin, org_id).await.is_empty() {
                        counted_when_listed.push(indexed_passages(&app, org_id).await);
                    }
                }
            }
        };
        assert_eq!(status, 200, "{doc}");
        let passages = doc["passages"].as_i64().unwrap();
        assert!(passages > 900, "{doc}");
        assert!(
            counted_when_listed.iter().all(|n| *n == passages),
            "{counted_when_listed:?} of {passages}"
        );

        stop.store(true, Ordering::Relaxed);
        let writes = writer.await.unwrap();
        assert!(writes.failed.is_empty(), "{:?}", writes.failed);
        assert!(writes.took.len() >= 10, "{} writes", writes.took.len());
        let slowest = writes.took.iter().max().unwrap();
        eprintln!("{} writes, the slowest {slowest:?}", writes.took.len());
        assert!(
            *slowest < Duration::from_secs(1),
            "slowest write {slowest:?} of {}",
            writes.took.len()
        );

        let (status, answer) = ask(&app, &admin, org_id, &pdf::word(1_234)).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["answer"]["status"], "answered", "{answer}");
        assert_eq!(documents(&app, &admin, org_id).await.len(), 1);
    }
);

db_test!(
    a_half_written_document_is_never_answered_from_and_the_next_upload_removes_it,
    |app| async move {
        let (admin, org_id) = organisation(&app, "staging@example.com").await;
        // An upload whose process died after its first batch, an hour ago.
        let hour_ago = app.clock.now_ms() - 3_600_000;
        let reserved = store::kb::reserve_document(
            &app.store,
            store::kb::NewDocument {
                org_id,
                name: "dead.pdf".into(),
                size_bytes: 1_000,
                pages: 1,
                storage_key: format!("kb/{org_id}/dead.pdf"),
                uploaded_by: 1,
            },
            store::kb::Quota {
                max_documents: 10,
                max_bytes: 1 << 30,
            },
            hour_ago,
        )
        .await
        .unwrap();
        let store::kb::Reserved::Document(dead) = reserved else {
            panic!("{reserved:?}")
        };
        let text = "Zanzibar shipments leave on Fridays".to_owned();
        store::kb::add_passages(
            &app.store,
            &dead,
            vec![(1, text.clone(), domain::kb::terms(&text))],
        )
        .await
        .unwrap();
        let (_, answer) = ask(&app, &admin, org_id, "When do Zanzibar shipments leave?").await;
        assert_eq!(answer["answer"]["status"], "not_found", "{answer}");
        assert!(documents(&app, &admin, org_id).await.is_empty());
        assert_eq!(store::kb::usage(&app.store, org_id).await.unwrap().0, 1);

        let (status, body) = upload(
            &app,
            &admin,
            org_id,
            "live.pdf",
            pdf::document(&["Parcels leave on Tuesdays."]),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            store::kb::usage(&app.store, org_id).await.unwrap().0,
            1,
            "the abandoned document is gone, the new one stays"
        );
        let (_, answer) = ask(&app, &admin, org_id, "When do parcels leave?").await;
        assert_eq!(answer["answer"]["status"], "answered", "{answer}");
    }
);

/// Two documents and 1 MB per organisation; three questions a person a day.
fn small_quotas(c: &mut server::config::Config) {
    c.knowledge_base.max_documents = 2;
    c.knowledge_base.max_storage_mb = 1;
    c.knowledge_base.questions_per_day = 3;
}

db_test!(
    the_document_storage_and_question_quotas_refuse_with_their_codes_and_store_nothing,
    config = small_quotas,
    |app| async move {
        let (admin, org_id) = organisation(&app, "quota@example.com").await;
        // Between half a MB and a MB each (however the test PDF writer lays lines out): the
        // first fits, the second would pass 1 MB.
        let mut lines = 2_800;
        let heavy = loop {
            let page = "Refunds within 45 days of delivery.\n".repeat(lines);
            let heavy = pdf::document(&[page.as_str(); 6]);
            if heavy.len() < 900_000 || lines < 200 {
                break heavy;
            }
            lines -= 100;
        };
        assert!(
            heavy.len() > 524_288 && heavy.len() < 1_048_576,
            "{}",
            heavy.len()
        );
        let (status, body) = upload(&app, &admin, org_id, "first.pdf", heavy.clone()).await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = upload(&app, &admin, org_id, "second.pdf", heavy).await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (413, json!("storage_quota_exceeded")),
            "{body}"
        );
        let (status, body) = upload(
            &app,
            &admin,
            org_id,
            "small.pdf",
            pdf::document(&["Our logo is blue."]),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = upload(
            &app,
            &admin,
            org_id,
            "third.pdf",
            pdf::document(&["Holidays are in August."]),
        )
        .await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (402, json!("plan_limit_reached")),
            "{body}"
        );
        assert_eq!(
            documents(&app, &admin, org_id).await.len(),
            2,
            "nothing more stored"
        );

        for _ in 0..3 {
            let (status, body) = ask(&app, &admin, org_id, "What colour is the logo?").await;
            assert_eq!(status, 200, "{body}");
        }
        let (status, body) = ask(&app, &admin, org_id, "What colour is the logo?").await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (429, json!("daily_limit_reached")),
            "{body}"
        );
        // Another organisation is no way around it; the next UTC day is.
        let (_, created) = app
            .call(
                Method::POST,
                "/api/v1/whatzapp/organizations",
                Some(&admin),
                Some(json!({ "org_name": "Acme Two" })),
            )
            .await;
        let other = created["data"]["org_id"].as_i64().unwrap();
        app.enable_knowledge_base(other).await.unwrap();
        let (status, _) = ask(&app, &admin, other, "What colour is the logo?").await;
        assert_eq!(status, 429);
        app.clock.advance(86_400_000);
        let (status, body) = ask(&app, &admin, org_id, "What colour is the logo?").await;
        assert_eq!(status, 200, "{body}");
    }
);

db_test!(
    only_admins_and_managers_upload_or_delete_and_a_download_is_an_attachment_whatever_its_name,
    |app| async move {
        let (admin, org_id) = organisation(&app, "owner@example.com").await;
        app.post_ok("/api/v1/whatzapp/employees", &admin, json!({ "org_id": org_id, "employees": [{ "email": "clerk@example.com", "role_id": 3 }] })).await;
        let clerk = app.sign_in("clerk@example.com").await.unwrap();
        let handbook = pdf::document(&["Refunds within 45 days."]);
        let (status, body) = upload(&app, &clerk, org_id, "mine.pdf", handbook.clone()).await;
        assert_eq!(
            (
                status,
                body["error"]["code"].clone(),
                body["error"]["fields"]["role"].clone()
            ),
            (403, json!("forbidden"), json!("admins_managers_only")),
            "{body}"
        );
        // A name with a control character, quotes, markup and a folder.
        let (status, doc) = upload(
            &app,
            &admin,
            org_id,
            "..%2F%3Cb%3EPre%C3%A7os%01%0A%22novos%22.pdf",
            handbook,
        )
        .await;
        assert_eq!(status, 200, "{doc}");
        let id = doc["id"].as_i64().unwrap();
        app.expect(
            403,
            Method::DELETE,
            &format!("/api/kb/documents/{id}?org_id={org_id}"),
            Some(&clerk),
            None,
        )
        .await;
        // The employee reads it, as an attachment.
        let res = app
            .client
            .get(app.url(&format!("/api/kb/documents/{id}/file?org_id={org_id}")))
            .session(&clerk)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let h = res.headers();
        assert_eq!(h["content-type"], "application/pdf");
        assert_eq!(h["x-content-type-options"], "nosniff");
        let disposition = h["content-disposition"].to_str().unwrap();
        assert!(
            disposition.starts_with("inline; filename=\""),
            "{disposition}"
        );
        assert!(
            disposition.ends_with("filename*=UTF-8''%3Cb%3EPre%C3%A7os%22novos%22.pdf"),
            "{disposition}"
        );
        assert!(!disposition.contains(['<', '/', '\u{1}']), "{disposition}");
        assert!(res.bytes().await.unwrap().starts_with(b"%PDF-"));
        app.delete_ok(&format!("/api/kb/documents/{id}?org_id={org_id}"), &admin)
            .await;
        assert!(documents(&app, &admin, org_id).await.is_empty());
    }
);

/// One PDF read at a time, and no waiting for the reader.
fn one_reader(c: &mut server::config::Config) {
    c.knowledge_base.max_concurrent_reads = 1;
    c.knowledge_base.read_wait_ms = 0;
}

db_test!(
    past_the_readers_allowed_an_upload_is_told_to_come_back_later,
    config = one_reader,
    |app| async move {
        let (admin, org_id) = organisation(&app, "busy@example.com").await;
        // Seconds of reading before it is refused for its length.
        let long = pdf::many_words(60, 20_000);
        let reading = upload(&app, &admin, org_id, "long.pdf", long);
        tokio::pin!(reading);
        let small = || pdf::document(&["Parcels leave on Tuesdays."]);
        let busy = loop {
            tokio::select! {
                done = &mut reading => panic!("read before any upload was turned away: {done:?}"),
                () = tokio::time::sleep(Duration::from_millis(100)) => {
                    let res = app
                        .client
                        .post(app.url(&format!("/api/kb/documents?org_id={org_id}&name=small.pdf")))
                        .session(&admin)
                        .header("Content-Type", "application/pdf")
                        .body(small())
                        .send()
                        .await
                        .unwrap();
                    if res.status().as_u16() == 503 {
                        break res;
                    }
                }
            }
        };
        assert_eq!(busy.headers()["retry-after"], "30");
        let body: Value = busy.json().await.unwrap();
        assert_eq!(body["error"]["code"], "server_busy", "{body}");
        let (status, body) = (&mut reading).await;
        assert_eq!(
            (status, body["error"]["code"].clone()),
            (413, json!("file_too_large"))
        );
        // The reader is free again.
        let (status, body) = upload(&app, &admin, org_id, "after.pdf", small()).await;
        assert_eq!(status, 200, "{body}");
    }
);
