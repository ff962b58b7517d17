//! The chatter list and search, measured through HTTP one request at a time (a person's screen
//! asks for one page at a time): every tab's first page and its 50th (the cursor found by
//! walking the 49 pages before it once), as an admin and as a manager of a ten-member team; then
//! the search box's kinds of query.

use super::seed::World;
use super::{say, Figure};
use serde_json::Value;
use std::time::{Duration, Instant};
use testkit::{TestApp, WithSession};

/// Every tab, in the spec's order.
pub const TABS: [&str; 12] = [
    "all",
    "unread",
    "groups",
    "scheduled",
    "followup",
    "mentions",
    "needs_reply",
    "awaiting_reply",
    "tasks",
    "open",
    "hub_contacts",
    "hub_lifecycle",
];

/// One GET as the web app makes it: its time and its body.
pub async fn get(app: &TestApp, path: &str, session: &str) -> (Duration, Value) {
    let t = Instant::now();
    let res = app
        .client
        .get(app.url(path))
        .session(session)
        .send()
        .await
        .unwrap();
    let status = res.status();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    let took = t.elapsed();
    assert!(status.is_success(), "{path}: {status} {body}");
    (took, body)
}

/// Nearest-rank percentile of sorted values.
pub fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len());
    sorted[i - 1]
}

/// `runs` requests of `path` (one warm-up first), or fewer when they take longer than `budget`
/// in all; their times in ms, sorted.
pub async fn timed(
    app: &TestApp,
    path: &str,
    session: &str,
    runs: usize,
    budget: Duration,
) -> Vec<f64> {
    get(app, path, session).await;
    let started = Instant::now();
    let mut ms = Vec::with_capacity(runs);
    for _ in 0..runs {
        let (took, _) = get(app, path, session).await;
        ms.push(took.as_secs_f64() * 1000.0);
        if started.elapsed() > budget && ms.len() >= 20 {
            break;
        }
    }
    ms.sort_by(f64::total_cmp);
    ms
}

/// Every tab's first and 50th page, for the admin and the manager.
pub async fn chatter(
    app: &TestApp,
    w: &World,
    runs: usize,
    budget: Duration,
    figures: &mut Vec<Figure>,
) {
    let org = w.org.org_id;
    for (who, session) in [
        ("admin", w.org.admin.as_str()),
        ("manager", w.manager.session.as_str()),
    ] {
        for tab in TABS {
            let first = format!("/api/inbox/conversations?org_id={org}&tab={tab}");
            // Walk to the 50th page once (or the tab's last).
            let mut page = 1;
            let mut rows = 0;
            let mut cursor: Option<String> = None;
            let mut body = get(app, &first, session).await.1;
            loop {
                rows += body["items"].as_array().map_or(0, Vec::len);
                let Some(next) = body["next_cursor"].as_str().map(str::to_owned) else {
                    break;
                };
                if page == 50 {
                    break;
                }
                cursor = Some(next.clone());
                page += 1;
                body = get(app, &format!("{first}&cursor={next}"), session).await.1;
            }
            let ms = timed(app, &first, session, runs, budget).await;
            figures.push(Figure::list(who, tab, 1, &ms));
            let mut line = format!(
                "  {who:7} {tab:14} page 1: p50 {:6.1} ms, p95 {:6.1} ms (n={})",
                pct(&ms, 0.5),
                pct(&ms, 0.95),
                ms.len()
            );
            if let Some(c) = cursor {
                let ms = timed(app, &format!("{first}&cursor={c}"), session, runs, budget).await;
                figures.push(Figure::list(who, tab, page, &ms));
                line.push_str(&format!(
                    "; page {page}: p50 {:6.1} ms, p95 {:6.1} ms (n={})",
                    pct(&ms, 0.5),
                    pct(&ms, 0.95),
                    ms.len()
                ));
            }
            let more = if page == 50 { "+" } else { "" };
            line.push_str(&format!(" — {rows}{more} rows in {page} pages walked"));
            say(&line);
        }
        let ms = timed(
            app,
            &format!("/api/inbox/counts?org_id={org}"),
            session,
            runs,
            budget,
        )
        .await;
        say(&format!(
            "  {who:7} counts (every tab's count at once): p50 {:.1} ms, p95 {:.1} ms (n={})",
            pct(&ms, 0.5),
            pct(&ms, 0.95),
            ms.len()
        ));
        figures.push(Figure::latency(
            format!("{who}: tab counts (`/api/inbox/counts`, every tab)"),
            &ms,
            None,
        ));
    }
}

/// The search box: first page of the all tab with `q`, for the admin and the manager.
pub async fn search(
    app: &TestApp,
    w: &World,
    searches: &[(&'static str, &str)],
    runs: usize,
    budget: Duration,
    figures: &mut Vec<Figure>,
) {
    let org = w.org.org_id;
    for (label, q) in searches {
        let matching = matching_messages(app, q).await;
        let encoded: String = url::form_urlencoded::byte_serialize(q.as_bytes()).collect();
        for (who, session) in [
            ("admin", w.org.admin.as_str()),
            ("manager", w.manager.session.as_str()),
        ] {
            let path = format!("/api/inbox/conversations?org_id={org}&q={encoded}");
            let (_, body) = get(app, &path, session).await;
            let found = body["items"].as_array().map_or(0, Vec::len);
            let more = body["next_cursor"].is_string();
            let ms = timed(app, &path, session, runs, budget).await;
            say(&format!(
                "  {who:7} {label:16} q={q:?} ({matching} messages hold it): p50 {:7.1} ms, p95 {:7.1} ms (n={}); first page {found} conversations{}",
                pct(&ms, 0.5),
                pct(&ms, 0.95),
                ms.len(),
                if more { ", more pages" } else { "" }
            ));
            figures.push(Figure::latency(
                format!("{who}: search, {label} `{q}` ({matching} messages)"),
                &ms,
                Some(100.0),
            ));
        }
    }
}

/// How many messages hold every word of `q` (the last as a prefix), counted in the index the
/// server searches; for the report only.
async fn matching_messages(app: &TestApp, q: &str) -> i64 {
    let words = domain::inbox::text::search_words(q);
    let last = words.len().saturating_sub(1);
    let (sql, arg) = match app.store.kind() {
        store::DbKind::Sqlite => {
            let query: Vec<String> = words
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    if i == last {
                        format!("\"{w}\"*")
                    } else {
                        format!("\"{w}\"")
                    }
                })
                .collect();
            (
                "SELECT COUNT(*) AS n FROM inbox_messages_fts WHERE inbox_messages_fts MATCH $1",
                query.join(" "),
            )
        }
        store::DbKind::Postgres => {
            let query: Vec<String> = words
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    if i == last {
                        format!("{w}:*")
                    } else {
                        w.clone()
                    }
                })
                .collect();
            (
                "SELECT COUNT(*) AS n FROM inbox_messages WHERE to_tsvector('simple', \
                 translate(lower(COALESCE(body, '')), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', \
                 'aaaaaaeeeeiiiiooooouuuucny')) @@ to_tsquery('simple', $1)",
                query.join(" & "),
            )
        }
    };
    let rows = super::rows::query(app.store.conn(), sql, vec![arg.into()]).await;
    rows.first()
        .and_then(|r| r.try_get::<i64>("", "n").ok())
        .unwrap_or(-1)
}
