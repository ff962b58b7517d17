//! Knowledge-base retrieval against a part of the evaluation set (issue #24), over real HTTP on
//! SQLite and PostgreSQL: questions worded unlike the documents (other inflections, an irregular
//! verb, Spanish and Portuguese) are answered from the right document and page; a question that
//! shares common words with a page but whose distinctive term is in no document (Antarctica),
//! one whose number is not the page's, and one about nothing in the documents are "not found".
//! `just bench-kb` runs the whole set.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};
use testkit::{db_test, pdf, TestApp, WithSession};

const DOCUMENTS: &[(&str, &str)] = &[
    (
        "refund-policy",
        include_str!("../../examples/kb_eval/refund-policy.txt"),
    ),
    (
        "shipping-guide",
        include_str!("../../examples/kb_eval/shipping-guide.txt"),
    ),
    (
        "garantia",
        include_str!("../../examples/kb_eval/garantia.txt"),
    ),
    (
        "politica-de-trocas",
        include_str!("../../examples/kb_eval/politica-de-trocas.txt"),
    ),
];

async fn ask(app: &TestApp, admin: &str, org_id: i64, question: &str) -> Value {
    let answer = app
        .post_ok(
            "/api/kb/ask",
            admin,
            json!({ "org_id": org_id, "question": question }),
        )
        .await;
    answer["answer"].clone()
}

db_test!(
    questions_worded_unlike_the_documents_find_their_page_and_a_missing_distinctive_term_is_not_found,
    |app| async move {
        let admin = app.sign_in("retrieval@example.com").await.unwrap();
        let created = app.post_ok("/api/v1/whatzapp/organizations", &admin, json!({ "org_name": "Northwind" })).await;
        let org_id = created["data"]["org_id"].as_i64().unwrap();
        app.enable_knowledge_base(org_id).await.unwrap();
        for (name, text) in DOCUMENTS {
            let pages: Vec<&str> = text.split("\n===\n").map(str::trim).collect();
            let res = app
                .client
                .post(app.url(&format!(
                    "/api/kb/documents?org_id={org_id}&name={name}.pdf"
                )))
                .session(&admin)
                .header("Content-Type", "application/pdf")
                .body(pdf::document(&pages))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200, "{name}");
        }

        for (question, document, page) in [
            ("Can unused items be returned?", "refund-policy.pdf", 2),
            (
                "Where does the refund go when I paid by bank transfer?",
                "refund-policy.pdf",
                3,
            ),
            (
                "Can parcels be shipped to a post office box?",
                "shipping-guide.pdf",
                3,
            ),
            (
                "¿Cuánto cuesta la garantía extendida?",
                "garantia.pdf",
                2,
            ),
            ("Posso parcelar no cartão?", "politica-de-trocas.pdf", 3),
        ] {
            let a = ask(&app, &admin, org_id, question).await;
            assert_eq!(a["status"], "answered", "{question}: {a}");
            let cited = &a["citations"][0];
            assert_eq!(
                (cited["document_name"].as_str().unwrap(), cited["page"].as_i64().unwrap()),
                (document, page),
                "{question}"
            );
            assert!(
                !cited["highlights"].as_array().unwrap().is_empty(),
                "{question}: the matched words are highlighted"
            );
        }

        for question in [
            // Shares "ship" and "orders" with the page about Jakarta; Antarctica is in no page.
            "Do you ship orders to Antarctica?",
            // The refund page says 30 days, not 60.
            "Can I return an item after 60 days?",
            "How do I reset my password?",
        ] {
            let a = ask(&app, &admin, org_id, question).await;
            assert_eq!(a["status"], "not_found", "{question}: {a}");
            assert_eq!(a["citations"], json!([]), "{question}");
        }
        // The server lives on, and the not-found questions are listed for the admins.
        let unanswered = app.get_ok(&format!("/api/kb/unanswered?org_id={org_id}"), &admin).await;
        assert_eq!(unanswered["data"].as_array().unwrap().len(), 3, "{unanswered}");
    }
);
