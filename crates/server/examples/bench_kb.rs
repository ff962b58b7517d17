//! Benchmark of the knowledge base (issue #17), run by `just bench-kb`: on SQLite and on
//! PostgreSQL, one server process; `BENCH_PAGES` pages (default 10 000) of generated handbook
//! text are uploaded through the API as PDFs of `BENCH_PAGES_PER_DOC` pages (default 100) —
//! indexing pages per second, from the first upload sent to the last answered — then
//! `BENCH_QUESTIONS` questions (default 300) are asked through the API one after another —
//! answer latency p50 and p95 as the caller sees it. Figures go to docs/BENCHMARKS.md.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use reqwest::Method;
use serde_json::json;
use std::time::Instant;
use testkit::{env_num, pdf, spawn_app, Backend, TestApp, WithSession};

const TOPICS: &[&str] = &[
    "refund",
    "shipping",
    "warranty",
    "invoice",
    "discount",
    "delivery",
    "payment",
    "account",
    "password",
    "return",
    "exchange",
    "subscription",
    "upgrade",
    "support",
    "holiday",
    "office",
    "parcel",
    "courier",
    "tracking",
    "voucher",
    "loyalty",
    "catalogue",
    "pricing",
    "contract",
];

const FILLER: &[&str] = &[
    "customers",
    "may",
    "request",
    "within",
    "business",
    "days",
    "after",
    "receiving",
    "their",
    "order",
    "team",
    "handles",
    "every",
    "case",
    "carefully",
    "according",
    "policy",
    "described",
    "below",
    "please",
    "contact",
    "agent",
    "whatsapp",
    "chat",
    "message",
    "hours",
    "weekend",
];

/// A deterministic page of about 250 words about two topics, with a fact only it holds.
fn page_text(n: usize) -> String {
    let a = TOPICS[n % TOPICS.len()];
    let b = TOPICS[(n / TOPICS.len()) % TOPICS.len()];
    let mut lines = vec![
        format!("Section {n}: {a} and {b}."),
        format!("Fact {n}: the {a} code for case {n} is K{n}X."),
    ];
    let mut line = String::new();
    for i in 0..240 {
        line.push_str(FILLER[(n * 7 + i * 3) % FILLER.len()]);
        line.push(' ');
        if i % 12 == 11 {
            lines.push(std::mem::take(&mut line));
        }
    }
    lines.join("\n")
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn run(backend: Backend, pages: usize, per_doc: usize, questions: usize) {
    let app: TestApp = spawn_app(backend).await.unwrap();
    let org = app
        .organisation_with("bench@kb.test", json!({ "org_name": "Bench" }))
        .await;
    let (admin, org_id) = (org.admin, org.org_id);
    app.enable_knowledge_base(org_id).await.unwrap();
    let docs: Vec<Vec<u8>> = (0..pages.div_ceil(per_doc))
        .map(|d| {
            let texts: Vec<String> = (d * per_doc..((d + 1) * per_doc).min(pages))
                .map(page_text)
                .collect();
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            pdf::document(&refs)
        })
        .collect();
    let t0 = Instant::now();
    for (i, bytes) in docs.into_iter().enumerate() {
        let res = app
            .client
            .post(app.url(&format!(
                "/api/kb/documents?org_id={org_id}&name=handbook-{i}.pdf"
            )))
            .session(&admin)
            .header("content-type", "application/pdf")
            .body(bytes)
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "upload {i}: {}", res.status());
    }
    let index_s = t0.elapsed().as_secs_f64();
    let mut latencies = Vec::with_capacity(questions);
    let mut answered = 0;
    for q in 0..questions {
        let n = (q * 7919) % pages;
        let topic = TOPICS[n % TOPICS.len()];
        let question = format!("What is the {topic} code for case {n}?");
        let t = Instant::now();
        let ask = json!({ "org_id": org_id, "question": question });
        let (_, res) = app
            .call_as(Method::POST, "/api/kb/ask", &admin, Some(ask))
            .await;
        latencies.push(t.elapsed().as_secs_f64() * 1000.0);
        if res["answer"]["citations"][0]["passage"]
            .as_str()
            .is_some_and(|p| p.contains(&format!("K{n}X")))
        {
            answered += 1;
        }
    }
    latencies.sort_by(f64::total_cmp);
    println!(
        "{backend:?}: indexed {pages} pages in {index_s:.1} s ({:.0} pages/s); {questions} answers p50 {:.1} ms, p95 {:.1} ms; the page holding the fact cited first in {answered}/{questions}",
        pages as f64 / index_s,
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.95),
    );
}

#[tokio::main]
async fn main() {
    let pages = env_num("BENCH_PAGES", 10_000);
    let per_doc = env_num("BENCH_PAGES_PER_DOC", 100);
    let questions = env_num("BENCH_QUESTIONS", 300);
    run(Backend::Sqlite, pages, per_doc, questions).await;
    if testkit::postgres_available().await {
        run(Backend::Postgres, pages, per_doc, questions).await;
    } else {
        println!("PostgreSQL not reachable: skipped");
    }
}
