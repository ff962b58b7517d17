//! Benchmark of the Lead CRM (issue #29), run by `just bench-crm`: on SQLite and PostgreSQL, one
//! server process, one organisation.
//! - Import of a `BENCH_CONTACTS`-row XLSX (default 100 000) through the API: the dry run and the
//!   commit, each timed, with the peak resident memory over each (target: ≤ 30 s and ≤ 300 MB
//!   each) — of `switchboard serve` alone in its own process (built beside the benchmark), and of
//!   this process (server, fakes and client together) for comparison.
//! - The leads table over those contacts: first and 100th page with each filter and sort, p95
//!   through HTTP over `BENCH_RUNS` requests (target: ≤ 50 ms).
//! - The pipeline board with `BENCH_DEALS` deals (default 20 000), 2 000 of them open (target:
//!   ≤ 100 ms).
//! - The pull of `BENCH_CHANGED` (default 10 000) contacts changed in the fake HubSpot, with
//!   429s and a refused token on the way (target: ≤ 2 minutes, every change arrived).
//!
//! Figures print as they come and go to target/bench/bench-crm.txt; docs/BENCHMARKS.md keeps
//! them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use serde_json::{json, Value};
use std::io::Write;
use std::time::Instant;
use testkit::{env_num, spawn_app_with, Backend, TestApp, WithSession};

fn note(line: &str) {
    println!("{line}");
    std::fs::create_dir_all("target/bench").ok();
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open("target/bench/bench-crm.txt")
    {
        let _ = writeln!(f, "{line}");
    }
}

/// The process's peak resident memory since the last reset, in MB (Linux).
fn peak_mb() -> f64 {
    status_mb("VmHWM:")
}

/// The process's resident memory now.
fn resident_mb() -> f64 {
    status_mb("VmRSS:")
}

fn status_mb(key: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Starts a new peak (Linux: writing 5 to clear_refs resets VmHWM).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

const STAGES: [&str; 8] = [
    "Subscriber",
    "Lead",
    "Marketing Qualified Lead",
    "Sales Qualified Lead",
    "Opportunity",
    "Customer",
    "Evangelist",
    "Other",
];
const STATUSES: [&str; 7] = [
    "New",
    "Open",
    "In Progress",
    "Open Deal",
    "Unqualified",
    "Attempted to Contact",
    "Bad Timing",
];
const WORDS: [&str; 12] = [
    "Kapoor", "Lima", "Santos", "Wijaya", "Sharma", "Garcia", "Costa", "Pereira", "Gupta",
    "Rahman", "Silva", "Tan",
];

fn workbook(rows: usize) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, h) in [
        "Phone",
        "Name",
        "Email",
        "Company",
        "Lifecycle stage",
        "Lead status",
    ]
    .iter()
    .enumerate()
    {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for i in 0..rows {
        let r = i as u32 + 1;
        let word = WORDS[i % WORDS.len()];
        sheet.write_string(r, 0, format!("+9198{i:08}")).unwrap();
        sheet
            .write_string(r, 1, format!("{word} Customer {i}"))
            .unwrap();
        sheet
            .write_string(r, 2, format!("c{i}@{}.test", word.to_lowercase()))
            .unwrap();
        sheet
            .write_string(r, 3, format!("{word} Traders {}", i % 500))
            .unwrap();
        sheet.write_string(r, 4, STAGES[i % STAGES.len()]).unwrap();
        sheet
            .write_string(r, 5, STATUSES[i % STATUSES.len()])
            .unwrap();
    }
    book.save_to_buffer().unwrap()
}

async fn import(
    app: &TestApp,
    session: &str,
    org: i64,
    file: &[u8],
    commit: bool,
) -> (f64, f64, f64, Value) {
    reset_peak();
    let before = resident_mb();
    let started = Instant::now();
    let (status, report) = app
        .upload(
            &format!(
                "/api/contacts/import?org_id={org}{}",
                if commit { "&commit=true" } else { "" }
            ),
            session,
            "application/octet-stream",
            file.to_vec(),
        )
        .await;
    let secs = started.elapsed().as_secs_f64();
    assert_eq!(status, 200, "{report}");
    (secs, peak_mb(), before, report)
}

/// The peak resident memory of process `pid` (`VmHWM`), in MB.
fn peak_of(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// The import as the target means it: `switchboard serve` alone, in its own process on a fresh
/// database, sent the workbook over HTTP; its own peak over each import (reset before each).
async fn import_alone(backend: Backend, file: &[u8], contacts: usize) {
    use testkit::process::{ServerProcess, TestDatabase};
    let started = async {
        let db = TestDatabase::create(backend).await?;
        let server = ServerProcess::start(db.url(), &[]).await?;
        anyhow::Ok((db, server))
    };
    let (_db, server) = match started.await {
        Ok(s) => s,
        Err(e) => {
            note(&format!("{backend:?}: the server alone not measured: {e}"));
            return;
        }
    };
    let pid = server.pid().unwrap();
    let session = server.sign_in("alone@crm.test").await.unwrap();
    let created = server
        .post_ok(
            &session,
            "/api/v1/whatzapp/organizations",
            json!({ "org_name": "Acme Traders" }),
        )
        .await;
    let org = created["data"]["org_id"].as_i64().unwrap();
    let client = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(300))
        .build()
        .unwrap();
    for commit in [false, true] {
        let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
        let before = peak_of(pid);
        let started = Instant::now();
        let res = client
            .post(server.url(&format!(
                "/api/contacts/import?org_id={org}{}",
                if commit { "&commit=true" } else { "" }
            )))
            .session(&session)
            .header("content-type", "application/octet-stream")
            .body(file.to_vec())
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "{}", res.status());
        let report: Value = res.json().await.unwrap();
        assert_eq!(report["rows"], contacts, "{report}");
        note(&format!(
            "{backend:?}: server alone, import {} of {contacts} rows: {:.2} s, peak memory {:.0} MB ({before:.0} MB before)",
            if commit { "commit" } else { "dry run" },
            started.elapsed().as_secs_f64(),
            peak_of(pid),
        ));
    }
}

async fn p95(app: &TestApp, session: &str, path: &str, runs: usize) -> f64 {
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        let res = app
            .client
            .get(app.url(path))
            .session(session)
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "{path}: {}", res.status());
        let _ = res.bytes().await.unwrap();
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    percentile(&times, 0.95)
}

async fn run(backend: Backend, contacts: usize, deals: usize, changed: usize, runs: usize) {
    // No background workers: the hourly pull would take part of the measured pull's records.
    let app = spawn_app_with(backend, |c| c.sync.worker = false)
        .await
        .unwrap();
    let org = app.organisation("bench@crm.test").await;
    let file = workbook(contacts);
    note(&format!(
        "{backend:?}: XLSX of {contacts} rows, {} KB",
        file.len() / 1024
    ));

    // The process (server, fakes and this client) already holds what came before, the
    // generated workbook included: the figure is the peak, beside what it started from.
    import_alone(backend, &file, contacts).await;
    let (secs, mb, before, report) = import(&app, &org.admin, org.org_id, &file, false).await;
    assert_eq!(report["created"], contacts, "{report}");
    note(&format!(
        "{backend:?}: import dry run of {contacts} rows: {secs:.2} s, peak memory {mb:.0} MB ({before:.0} MB before)"
    ));
    let (secs, mb, before, report) = import(&app, &org.admin, org.org_id, &file, true).await;
    assert_eq!(report["committed"], true);
    note(&format!(
        "{backend:?}: import commit of {contacts} rows: {secs:.2} s, peak memory {mb:.0} MB ({before:.0} MB before)"
    ));

    let views = [
        ("no filter, newest changed", String::new()),
        ("stage customer", "&lifecycle_stage=customer".to_owned()),
        ("status OPEN", "&lead_status=OPEN".to_owned()),
        ("nobody's", "&owner_id=0".to_owned()),
        ("search 'kapoor'", "&q=kapoor".to_owned()),
        ("sorted by name", "&sort=name&dir=asc".to_owned()),
        ("created, oldest first", "&sort=created&dir=asc".to_owned()),
        (
            "stage + status + name sort",
            "&lifecycle_stage=lead&lead_status=NEW&sort=name&dir=asc".to_owned(),
        ),
    ];
    let mut worst: f64 = 0.0;
    for (name, q) in &views {
        for page in [0, 99] {
            let path = format!(
                "/api/contacts?org_id={}&per_page=50&page={page}{q}",
                org.org_id
            );
            let ms = p95(&app, &org.admin, &path, runs).await;
            worst = worst.max(ms);
            note(&format!(
                "{backend:?}: leads table, {name}, page {}: p95 {ms:.1} ms",
                page + 1
            ));
        }
    }
    note(&format!(
        "{backend:?}: leads table worst p95 {worst:.1} ms (target 50 ms)"
    ));

    // Deals: straight into the store (the setup), 2 000 open across the open stages.
    let page = app
        .get_body(
            &format!("/api/contacts?org_id={}&per_page=100", org.org_id),
            &org.admin,
        )
        .await;
    let contact_ids: Vec<i64> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    let now = app.clock.now_ms();
    for i in 0..deals {
        let stage = if i < 2_000 {
            domain::contacts::deals::DEAL_STAGES[i % 5]
        } else if i % 2 == 0 {
            "closedwon"
        } else {
            "closedlost"
        };
        store::deals::create(
            &app.store,
            org.org_id,
            contact_ids[i % contact_ids.len()],
            store::deals::DealValues {
                name: Some(format!("Deal {i}")),
                amount_minor: Some(Some((i as i64 % 997) * 1_000)),
                currency: Some(if i % 3 == 0 { "INR" } else { "USD" }.to_owned()),
                stage: Some(stage),
                ..Default::default()
            },
            now + i as i64,
        )
        .await
        .unwrap();
    }
    let ms = p95(
        &app,
        &org.admin,
        &format!("/api/deals/board?org_id={}", org.org_id),
        runs,
    )
    .await;
    note(&format!(
        "{backend:?}: pipeline board, {deals} deals (2 000 open): p95 {ms:.1} ms (target 100 ms)"
    ));

    // The pull: `changed` linked contacts changed in HubSpot, with 429s and a refused token.
    app.connect_crm(&org.admin, org.workspace_id, "hubspot")
        .await;
    let at = app.clock.now_ms() - 7_200_000;
    // Linked records hold what the contacts hold (a pull then only brings the change).
    let crm_ids = app.fake.hubspot_seed_contacts(changed, at, |i| {
        let word = WORDS[i % WORDS.len()];
        json!({
            "phone": format!("+9198{i:08}"),
            "email": format!("c{i}@{}.test", word.to_lowercase()),
            "company": format!("{word} Traders {}", i % 500),
            "lifecyclestage": domain::contacts::LIFECYCLE_STAGES[i % 8],
            "hs_lead_status": domain::contacts::LEAD_STATUSES[i % 7],
        })
    });
    let keys: Vec<String> = (0..changed).map(|i| format!("9198{i:08}")).collect();
    let refs: Vec<&str> = keys.iter().map(String::as_str).collect();
    let found = store::contacts::by_keys(&app.store, org.org_id, &refs)
        .await
        .unwrap();
    for (i, crm_id) in crm_ids.iter().enumerate() {
        let contact = &found[&keys[i]];
        store::crm_links::link(
            &app.store,
            org.org_id,
            contact.id,
            "hubspot",
            org.workspace_id,
            crm_id,
            Some(at + i as i64),
            now,
        )
        .await
        .unwrap();
    }
    let later = app.clock.now_ms() + 60_000;
    for (i, crm_id) in crm_ids.iter().enumerate() {
        app.fake.hubspot_edit(
            crm_id,
            json!({ "jobtitle": format!("Buyer {i}") }),
            Some(later + i as i64),
        );
    }
    app.fake.rate_limit("hubspot", 3);
    app.fake.expire_access_tokens("hubspot");
    let started = Instant::now();
    // The pull is one request that may take its whole target: the test client's 30 s is not
    // its limit.
    let patient = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(300))
        .build()
        .unwrap();
    let report: Value = patient
        .post(app.url("/api/contacts/crm/pull"))
        .session(&org.admin)
        .json(&json!({ "org_id": org.org_id }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let secs = started.elapsed().as_secs_f64();
    assert_eq!(report["updated"], changed, "{report}");
    note(&format!(
        "{backend:?}: pull of {changed} contacts changed in HubSpot (3 × 429, one refused token): {secs:.1} s, {} updated (target 120 s)",
        report["updated"]
    ));
}

#[tokio::main]
async fn main() {
    let contacts = env_num("BENCH_CONTACTS", 100_000);
    let deals = env_num("BENCH_DEALS", 20_000);
    let changed = env_num("BENCH_CHANGED", 10_000).min(contacts);
    let runs = env_num("BENCH_RUNS", 40);
    let only = std::env::var("BENCH_DB").unwrap_or_default();
    if only != "postgres" {
        run(Backend::Sqlite, contacts, deals, changed, runs).await;
    }
    if only != "sqlite" {
        if testkit::postgres_available().await {
            run(Backend::Postgres, contacts, deals, changed, runs).await;
        } else {
            note("PostgreSQL not reachable: skipped");
        }
    }
}
