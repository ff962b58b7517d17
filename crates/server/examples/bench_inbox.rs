//! Benchmark of the team inbox (issue #27), run by `just bench-inbox`: on SQLite and on
//! PostgreSQL, the real server in-process on a fresh database, one organisation of 50 members
//! (an admin, a manager of a ten-member team) with its shared number connected to the fake WAHA
//! gateway, `BENCH_CONVERSATIONS` conversations (default 20 000: shared-number chats and members'
//! own, groups, closed ones) and `BENCH_MESSAGES` messages and notes (default 1 000 000, with
//! read marks, mentions, tasks, schedules and follow-ups). Everything is measured through HTTP:
//!
//! 1. the chatter list, every tab, first page and 50th page, as the admin and as the manager
//!    (`BENCH_RUNS` requests each, default 100, one at a time; a figure whose requests take
//!    over `BENCH_BUDGET_SECS`, default 60, stops there with at least 20): p50/p95, target
//!    p95 ≤ 30 ms;
//! 2. search (`q=`): a rare word, a common one, a very common one, two words, a prefix:
//!    target p95 ≤ 100 ms;
//! 3. webhook intake: signed `message.any` envelopes posted by concurrent senders, one in ten
//!    posted again (a retry) — a short run at each of `BENCH_CONCURRENCY` (default 2,8,32),
//!    then `BENCH_INTAKE_SECS` (default 30) at the best: new messages per second (target ≥ 2 000),
//!    and every message stored exactly once;
//! 4. live fan-out: `BENCH_STREAMS` (default 200) live feeds open, webhook messages at
//!    `BENCH_FANOUT_RATE` per second (default 20) for `BENCH_FANOUT_SECS` (default 30): the time
//!    from the webhook's answer to the event's arrival on each feed, target p99 ≤ 300 ms.
//!
//! Figures go to stdout and, as they come, to `target/bench/bench-inbox.txt` (docs/BENCHMARKS.md
//! has them). `BENCH_DB=sqlite|postgres` runs one database; `BENCH_KEEP=1` keeps the databases
//! (their names are printed) for query plans by hand; `BENCH_EXTRA_INDEXES=1` adds the indexes
//! the section proposes after seeding, to measure what they change.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

#[path = "bench_inbox/hooks.rs"]
mod hooks;
#[path = "bench_inbox/list.rs"]
mod list;
#[path = "bench_inbox/rows.rs"]
mod rows;
#[path = "bench_inbox/seed.rs"]
mod seed;
#[path = "bench_inbox/text.rs"]
mod text;

use std::io::Write as _;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use store::sea_orm::ConnectionTrait as _;
use testkit::{env_num, spawn_app, Backend};

/// Where the figures are appended as they come.
const OUT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../target/bench/bench-inbox.txt"
);

static FILE: OnceLock<Mutex<std::fs::File>> = OnceLock::new();

/// Prints `line` and appends it to the figures file at once (a run that is cut keeps them).
pub fn say(line: &str) {
    println!("{line}");
    let file = FILE.get_or_init(|| {
        let path = std::path::Path::new(OUT);
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .unwrap(),
        )
    });
    if let Ok(mut f) = file.lock() {
        let _ = writeln!(f, "{line}");
        let _ = f.flush();
    }
}

/// One row of a database's summary table.
pub struct Figure {
    pub what: String,
    pub figure: String,
    pub target: String,
    pub met: Option<bool>,
}

impl Figure {
    /// p50 and p95 of sorted times in ms; met when p95 is within `target` (ms).
    pub fn latency(what: String, ms: &[f64], target: Option<f64>) -> Figure {
        let p95 = list::pct(ms, 0.95);
        Figure {
            what,
            figure: format!(
                "p50 {:.1} ms, p95 **{:.1} ms** (n={})",
                list::pct(ms, 0.5),
                p95,
                ms.len()
            ),
            target: target.map_or("—".to_owned(), |t| format!("p95 ≤ {t:.0} ms")),
            met: target.map(|t| p95 <= t),
        }
    }

    /// A chatter-list page.
    pub fn list(who: &str, tab: &str, page: usize, ms: &[f64]) -> Figure {
        Figure::latency(format!("{who}: list `{tab}`, page {page}"), ms, Some(30.0))
    }

    /// Webhook intake: new messages per second.
    pub fn rate(what: String, per_s: f64, target: f64) -> Figure {
        Figure {
            what,
            figure: format!("**{per_s:.0} messages/s**"),
            target: format!("≥ {target:.0} messages/s"),
            met: Some(per_s >= target),
        }
    }

    /// The live feed: p50/p95/p99 after the webhook's answer; met when p99 is within `target`
    /// and every feed got every event.
    pub fn fanout(what: String, ms: &[f64], complete: bool, target: f64) -> Figure {
        let p99 = list::pct(ms, 0.99);
        Figure {
            what,
            figure: format!(
                "p50 {:.1} ms, p95 {:.1} ms, p99 **{:.1} ms**",
                list::pct(ms, 0.5),
                list::pct(ms, 0.95),
                p99
            ),
            target: format!("p99 ≤ {target:.0} ms, every event on every feed"),
            met: Some(p99 <= target && complete),
        }
    }
}

/// `BENCH_EXTRA_INDEXES=1`: indexes the server does not have yet, made after seeding to measure
/// what they would change (docs/BENCHMARKS.md, the team inbox's section).
const EXTRA_INDEXES: [&str; 0] = [
    // None proposed now: the follow-up and scheduled tabs' lookups and the read marks' foreign
    // key are indexed by migration 000021 (they were proposed here first).
];

/// The run's knobs.
struct Knobs {
    conversations: usize,
    messages: usize,
    runs: usize,
    budget: Duration,
    levels: Vec<usize>,
    ramp_secs: f64,
    intake_secs: f64,
    streams: usize,
    rate: f64,
    fanout_secs: f64,
    keep: bool,
    extra_indexes: bool,
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

fn phase(name: &str) {
    say(&format!(
        "-- {name} ({} UTC, load average {})",
        chrono::Utc::now().format("%H:%M:%S"),
        load_average()
    ));
}

async fn run(backend: Backend, k: &Knobs) {
    let started = Instant::now();
    let app = spawn_app(backend).await.unwrap();
    phase(&format!("{backend:?}: seeding"));
    let t = Instant::now();
    let w = seed::world(&app, k.conversations, k.messages).await;
    let s = &w.sizes;
    say(&format!(
        "  seeded in {:.1} s: setup through the API {:.1} s (50 members signed in, the shared number connected and paired, settings), generating {:.1} s, inserting {:.1} s ({:.0} message rows/s), {}{:.1} s",
        t.elapsed().as_secs_f64(),
        s.setup_s,
        s.generate_s,
        s.insert_s,
        (s.messages + s.notes) as f64 / s.insert_s,
        if backend == Backend::Postgres { "VACUUM ANALYZE " } else { "nothing to analyse " },
        s.analyze_s
    ));
    say(&format!(
        "  data: {} conversations ({} members' own chats, {} groups, {} closed), {} messages + {} notes, {} mentions, {} read marks, {} tasks, {} schedules, {} follow-ups",
        s.conversations, s.member_chats, s.groups, s.closed, s.messages, s.notes, s.mentions,
        s.reads, s.tasks, s.schedules, s.follow_ups
    ));
    if k.extra_indexes {
        let t = Instant::now();
        for sql in EXTRA_INDEXES {
            app.store.conn().execute_unprepared(sql).await.unwrap();
        }
        say(&format!(
            "  BENCH_EXTRA_INDEXES=1: the indexes docs/BENCHMARKS.md proposes, made in {:.1} s: {}",
            t.elapsed().as_secs_f64(),
            EXTRA_INDEXES.join("; ")
        ));
    }
    let mut figures = Vec::new();
    phase(&format!("{backend:?}: chatter list"));
    list::chatter(&app, &w, k.runs, k.budget, &mut figures).await;
    phase(&format!("{backend:?}: search"));
    let words = Arc::new(text::Words::new());
    let searches = text::Searches::of(&words);
    list::search(&app, &w, &searches.all(), k.runs, k.budget, &mut figures).await;
    phase(&format!("{backend:?}: webhook intake"));
    hooks::intake_runs(
        &app,
        &w,
        &words,
        &k.levels,
        k.ramp_secs,
        k.intake_secs,
        &mut figures,
    )
    .await;
    phase(&format!("{backend:?}: live feeds"));
    hooks::fanout(
        &app,
        &w,
        &words,
        k.streams,
        k.rate,
        k.fanout_secs,
        &mut figures,
    )
    .await;
    phase(&format!("{backend:?}: summary"));
    say("| measure | figure | target | met |");
    say("|---|---|---|---|");
    for f in &figures {
        let met = match f.met {
            Some(true) => "yes",
            Some(false) => "**no**",
            None => "—",
        };
        say(&format!(
            "| {} | {} | {} | {met} |",
            f.what, f.figure, f.target
        ));
    }
    let missed = figures.iter().filter(|f| f.met == Some(false)).count();
    let checked = figures.iter().filter(|f| f.met.is_some()).count();
    say(&format!(
        "  {backend:?}: {} of {checked} targets met; the whole run took {:.0} s",
        checked - missed,
        started.elapsed().as_secs_f64()
    ));
    if k.keep {
        let rows = rows::query(
            app.store.conn(),
            if backend == Backend::Postgres {
                "SELECT current_database() AS name"
            } else {
                "SELECT file AS name FROM pragma_database_list WHERE name = 'main'"
            },
            vec![],
        )
        .await;
        let name: String = rows[0].try_get("", "name").unwrap();
        say(&format!(
            "  kept {backend:?} database {name} (organisation {}, admin {}, manager {})",
            w.org.org_id, w.members[0], w.members[1]
        ));
        std::mem::forget(app);
    }
}

#[tokio::main]
async fn main() {
    // The server's failures (a 500's detail) on standard error; `RUST_LOG` for more.
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("error"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_writer(std::io::stderr)
        .try_init();
    let levels = std::env::var("BENCH_CONCURRENCY")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![2, 8, 32]);
    let k = Knobs {
        conversations: env_num("BENCH_CONVERSATIONS", 20_000),
        messages: env_num("BENCH_MESSAGES", 1_000_000),
        runs: env_num("BENCH_RUNS", 100),
        budget: Duration::from_secs(env_num("BENCH_BUDGET_SECS", 60) as u64),
        levels,
        ramp_secs: env_num("BENCH_RAMP_SECS", 8) as f64,
        intake_secs: env_num("BENCH_INTAKE_SECS", 30) as f64,
        streams: env_num("BENCH_STREAMS", 200),
        rate: env_num("BENCH_FANOUT_RATE", 20) as f64,
        fanout_secs: env_num("BENCH_FANOUT_SECS", 30) as f64,
        keep: std::env::var("BENCH_KEEP").is_ok_and(|v| v == "1"),
        extra_indexes: std::env::var("BENCH_EXTRA_INDEXES").is_ok_and(|v| v == "1"),
    };
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    say(&format!(
        "== bench_inbox {}: {} conversations, {} messages, {} requests a figure{}; {cores} cores, load average {}",
        chrono::Utc::now().format("%Y-%m-%d %H:%M UTC"),
        k.conversations,
        k.messages,
        k.runs,
        if k.extra_indexes { ", with the proposed indexes" } else { "" },
        load_average()
    ));
    let only = std::env::var("BENCH_DB").unwrap_or_default();
    if only != "postgres" {
        run(Backend::Sqlite, &k).await;
    }
    if only == "sqlite" {
        return;
    }
    if testkit::postgres_available().await {
        run(Backend::Postgres, &k).await;
    } else {
        say("PostgreSQL not reachable: skipped");
    }
}
