//! The knowledge base's evaluation (issue #24), run by `just bench-kb` (and alone by
//! `cargo run -p switchboard-server --example kb_eval`): the documents in `kb_eval/` (business
//! documents in English, Spanish and Portuguese, one `===` line between pages) are uploaded as
//! PDFs through the API to a fresh organisation on SQLite and on PostgreSQL, then every question
//! of `kb_eval/questions.json` is asked through `POST /api/kb/ask`. Answerable questions are
//! worded unlike the text; near misses share common words with a page that does not say what
//! they ask; unanswerable ones are about nothing in the documents. Reported: answered with the
//! right document and page first, the right page among the citations, honest not-found and
//! false answers. `KB_EVAL_VERBOSE=1` prints every miss. Figures go to docs/BENCHMARKS.md.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{pdf, spawn_app, Backend, TestApp, WithSession};

/// The documents: (file name without `.pdf`, text with `===` lines between pages).
const DOCUMENTS: &[(&str, &str)] = &[
    ("refund-policy", include_str!("kb_eval/refund-policy.txt")),
    ("shipping-guide", include_str!("kb_eval/shipping-guide.txt")),
    ("pricing-plans", include_str!("kb_eval/pricing-plans.txt")),
    ("garantia", include_str!("kb_eval/garantia.txt")),
    (
        "horarios-y-tiendas",
        include_str!("kb_eval/horarios-y-tiendas.txt"),
    ),
    (
        "guia-de-integracao",
        include_str!("kb_eval/guia-de-integracao.txt"),
    ),
    (
        "politica-de-trocas",
        include_str!("kb_eval/politica-de-trocas.txt"),
    ),
];
const QUESTIONS: &str = include_str!("kb_eval/questions.json");

#[derive(Default)]
struct Tally {
    answerable: usize,
    right_first: usize,
    right_cited: usize,
    answerable_not_found: usize,
    refusable: usize,
    honest: usize,
    false_answers: usize,
}

async fn run(backend: Backend, verbose: bool) {
    let app: TestApp = spawn_app(backend).await.unwrap();
    let org = app
        .organisation_with("eval@kb.test", json!({ "org_name": "Evaluation" }))
        .await;
    let (admin, org_id) = (org.admin, org.org_id);
    app.enable_knowledge_base(org_id).await.unwrap();
    for (name, text) in DOCUMENTS {
        let pages: Vec<&str> = text.split("\n===\n").map(str::trim).collect();
        let res = app
            .client
            .post(app.url(&format!(
                "/api/kb/documents?org_id={org_id}&name={name}.pdf"
            )))
            .session(&admin)
            .header("content-type", "application/pdf")
            .body(pdf::document(&pages))
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "upload {name}: {}", res.status());
    }
    let set: Value = serde_json::from_str(QUESTIONS).unwrap();
    let mut t = Tally::default();
    for q in set["questions"].as_array().unwrap() {
        let question = q["question"].as_str().unwrap();
        let ask = json!({ "org_id": org_id, "question": question });
        let (_, res) = app
            .call_as(Method::POST, "/api/kb/ask", &admin, Some(ask))
            .await;
        let answer = &res["answer"];
        let cited: Vec<(String, i64)> = answer["citations"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|c| {
                (
                    c["document_name"].as_str().unwrap_or("").to_owned(),
                    c["page"].as_i64().unwrap_or(0),
                )
            })
            .collect();
        let not_found = answer["status"] == "not_found";
        if q["kind"] == "answerable" {
            t.answerable += 1;
            let want = (
                q["document"].as_str().unwrap().to_owned(),
                q["page"].as_i64().unwrap(),
            );
            if cited.first() == Some(&want) {
                t.right_first += 1;
            } else if verbose {
                println!("  miss: {question} → {cited:?} (want {want:?})");
            }
            if cited.contains(&want) {
                t.right_cited += 1;
            }
            if not_found {
                t.answerable_not_found += 1;
            }
        } else {
            t.refusable += 1;
            if not_found {
                t.honest += 1;
            } else {
                t.false_answers += 1;
                if verbose {
                    println!("  false answer: {question} → {cited:?}");
                }
            }
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "{backend:?}: {} answerable — right document and page first {}/{} ({:.0} %), right page cited {}/{} ({:.0} %), not found {}; {} near misses and unanswerable — honest not-found {}/{} ({:.0} %), false answers {}/{} ({:.1} %)",
        t.answerable,
        t.right_first,
        t.answerable,
        pct(t.right_first, t.answerable),
        t.right_cited,
        t.answerable,
        pct(t.right_cited, t.answerable),
        t.answerable_not_found,
        t.refusable,
        t.honest,
        t.refusable,
        pct(t.honest, t.refusable),
        t.false_answers,
        t.refusable,
        pct(t.false_answers, t.refusable),
    );
}

#[tokio::main]
async fn main() {
    let verbose = std::env::var("KB_EVAL_VERBOSE").is_ok_and(|v| v == "1");
    run(Backend::Sqlite, verbose).await;
    if testkit::postgres_available().await {
        run(Backend::Postgres, verbose).await;
    } else {
        println!("PostgreSQL not reachable: skipped");
    }
}
