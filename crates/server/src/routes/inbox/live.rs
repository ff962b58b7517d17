//! The inbox's live feed: server-sent events from the organisation's event log. A screen gets
//! every event after the last one it saw (`Last-Event-ID`, which `EventSource` sends when it
//! reconnects, or `after`), so a dropped connection resumes without a gap on any replica; it is
//! woken at once by this process's writes and, on PostgreSQL, by other replicas' `NOTIFY`. A
//! stream ends after a few minutes and the browser reconnects, so access is checked again.
//! Feeds take new events from this process's shared reader of the log (`inbox::tail`), and each
//! keeps its own [`Window`] of the numbers it has sent, so each event goes out once whatever
//! order the database committed them in.

use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Query;
use crate::inbox;
use crate::inbox::tail::{Window, BATCH};
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use contract::inbox::EventsQuery;
use futures_util::stream::{self, Stream};
use std::collections::VecDeque;
use std::convert::Infallible;
use std::time::{Duration, Instant};

/// How long one stream lasts before the browser reconnects (and access is checked again).
const STREAM_FOR: Duration = Duration::from_secs(300);
/// How often a stream looks at the log when nothing woke it (a missed wake costs this much).
const LOOK_EVERY: Duration = Duration::from_secs(2);

struct Feed {
    state: AppState,
    org_id: i64,
    members: Vec<i64>,
    window: Window,
    follow: bool,
    until: Instant,
    wake: tokio::sync::watch::Receiver<i64>,
    pending: VecDeque<Event>,
    done: bool,
}

impl Feed {
    /// Reads what came after the floor into `pending` (each event once), skipping member chats
    /// the viewer may not see, then raises the floor past what has settled.
    async fn read(&mut self) {
        let asked = Instant::now();
        match self
            .state
            .inbox_tails
            .after(&self.state.store, self.org_id, self.window.floor, asked)
            .await
        {
            Ok(Some(rows)) => {
                let now = Instant::now();
                for r in rows {
                    self.take(&r, now);
                }
                self.window.settle(Instant::now());
                return;
            }
            // Further behind than the shared reader keeps: read the log.
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(error = %e, "reading inbox events failed");
                return;
            }
        }
        let mut from = self.window.floor;
        loop {
            let rows = match store::inbox::events::after(
                &self.state.store,
                self.org_id,
                from,
                BATCH,
            )
            .await
            {
                Ok(rows) => rows,
                Err(e) => {
                    tracing::warn!(error = %e, "reading inbox events failed");
                    return;
                }
            };
            let full = rows.len() as u64 == BATCH;
            let now = Instant::now();
            for r in rows {
                from = r.id;
                self.take(&r, now);
            }
            if !full {
                break;
            }
        }
        self.window.settle(Instant::now());
    }

    /// Queues `r` when it is new to the feed and of a chat the viewer may see.
    fn take(&mut self, r: &store::entity::inbox::event::Model, now: Instant) {
        if !self.window.admit(r.id, now) {
            return;
        }
        if r.owner_id.is_some_and(|o| !self.members.contains(&o)) {
            return;
        }
        self.pending.push_back(
            Event::default()
                .id(r.id.to_string())
                .event(r.kind.as_str())
                .data(r.body.as_str()),
        );
    }
}

/// The organisation's inbox events as they happen.
#[utoipa::path(
    get,
    path = "/api/inbox/events",
    tag = "inbox",
    params(EventsQuery, ("Last-Event-ID" = Option<String>, Header, description = "The last event seen: the stream resumes after it")),
    responses(
        (status = 200, description = "`text/event-stream`: events `message`, `ack`, `assignment`, `conversation`, `state`, `overdue`, `task`, each with its number as `id` and JSON `data` naming the conversation", content_type = "text/event-stream", body = String),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn inbox_events(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<EventsQuery>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    let resumed = headers
        .get("last-event-id")
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.trim().parse::<i64>().ok())
        .or(q.after.and_then(|a| i64::try_from(a).ok()));
    let last = match resumed {
        Some(id) => id,
        None => store::inbox::events::last_id(&state.store, v.org_id()).await?,
    };
    let feed = Feed {
        wake: state.inbox_wake.subscribe(),
        org_id: v.org_id(),
        members: v.list.members.clone(),
        window: Window::from(last),
        follow: q.follow.unwrap_or(true),
        until: Instant::now() + STREAM_FOR,
        pending: VecDeque::new(),
        done: false,
        state,
    };
    let events = stream::unfold(feed, |mut feed| async move {
        loop {
            if let Some(ev) = feed.pending.pop_front() {
                return Some((Ok(ev), feed));
            }
            if feed.done {
                return None;
            }
            // Mark the wake seen before reading, so a write after the read wakes the next wait.
            feed.wake.borrow_and_update();
            feed.read().await;
            if !feed.pending.is_empty() {
                continue;
            }
            if !feed.follow || Instant::now() >= feed.until {
                feed.done = true;
                continue;
            }
            let left = feed.until.saturating_duration_since(Instant::now());
            tokio::select! {
                _ = feed.wake.changed() => {}
                _ = tokio::time::sleep(LOOK_EVERY.min(left)) => {}
            }
        }
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
