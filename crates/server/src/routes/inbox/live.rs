//! The inbox's live feed: server-sent events from the organisation's event log. A screen gets
//! every event after the last one it saw (`Last-Event-ID`, which `EventSource` sends when it
//! reconnects, or `after`), so a dropped connection resumes without a gap on any replica; it is
//! woken at once by this process's writes and, on PostgreSQL, by other replicas' `NOTIFY`. A
//! stream ends after a few minutes and the browser reconnects, so access is checked again.
//!
//! Numbers are given when a row is inserted, not when it commits: on PostgreSQL two writers can
//! commit out of order (101 visible before 100), and a feed that only asked for rows after the
//! highest number seen would miss 100 for good. So a feed reads again from a floor that trails
//! by [`SETTLE`] — everything allocated before a row that has been visible that long has
//! committed — and keeps the numbers it has seen above the floor, so each event goes out once.

use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Query;
use crate::inbox;
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use contract::inbox::EventsQuery;
use futures_util::stream::{self, Stream};
use std::collections::{BTreeMap, VecDeque};
use std::convert::Infallible;
use std::time::{Duration, Instant};

/// Events read from the log at a time.
const BATCH: u64 = 200;
/// How long one stream lasts before the browser reconnects (and access is checked again).
const STREAM_FOR: Duration = Duration::from_secs(300);
/// How often a stream looks at the log when nothing woke it (a missed wake costs this much).
const LOOK_EVERY: Duration = Duration::from_secs(2);
/// How long an event must have been visible before nothing numbered below it can still commit
/// (an event's insert is a transaction of its own, committed in milliseconds).
const SETTLE: Duration = Duration::from_secs(2);

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
                if !self.window.admit(r.id, now) {
                    continue;
                }
                if r.owner_id.is_some_and(|o| !self.members.contains(&o)) {
                    continue;
                }
                self.pending.push_back(
                    Event::default()
                        .id(r.id.to_string())
                        .event(r.kind)
                        .data(r.body),
                );
            }
            if !full {
                break;
            }
        }
        self.window.settle(Instant::now());
    }
}

/// Which event numbers a feed has seen: all up to `floor`, and those in `seen` above it.
#[derive(Debug, Default)]
struct Window {
    floor: i64,
    /// Events above the floor already seen, with when they were first seen.
    seen: BTreeMap<i64, Instant>,
}

impl Window {
    fn from(floor: i64) -> Self {
        Self {
            floor,
            seen: BTreeMap::new(),
        }
    }

    /// Whether `id` is new to the feed (and is now seen).
    fn admit(&mut self, id: i64, now: Instant) -> bool {
        id > self.floor && self.seen.insert(id, now).is_none()
    }

    /// Raises the floor to the highest event seen at least [`SETTLE`] ago.
    fn settle(&mut self, now: Instant) {
        let settled = self
            .seen
            .iter()
            .filter(|(_, at)| now.duration_since(**at) >= SETTLE)
            .map(|(id, _)| *id)
            .max();
        if let Some(id) = settled {
            self.floor = self.floor.max(id);
            self.seen = self.seen.split_off(&(id + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_committed_late_below_one_seen_still_goes_out_once() {
        let t0 = Instant::now();
        let mut w = Window::from(100);
        // 102 commits first; 101 was numbered before it and commits a moment later.
        assert!(w.admit(102, t0));
        w.settle(t0 + Duration::from_millis(10));
        assert!(w.admit(101, t0 + Duration::from_millis(20)));
        // Read again: neither goes out twice.
        assert!(!w.admit(101, t0 + Duration::from_millis(30)));
        assert!(!w.admit(102, t0 + Duration::from_millis(30)));
        assert!(
            !w.admit(100, t0),
            "at or below the floor was seen before the stream began"
        );
    }

    #[test]
    fn the_floor_rises_past_what_has_settled_only() {
        let t0 = Instant::now();
        let mut w = Window::from(0);
        assert!(w.admit(5, t0));
        assert!(w.admit(9, t0 + SETTLE));
        w.settle(t0 + SETTLE);
        assert_eq!(w.floor, 5);
        assert_eq!(w.seen.keys().copied().collect::<Vec<_>>(), vec![9]);
        // 7 is below 9 but 9 has not settled: 7 may still come.
        assert!(w.admit(7, t0 + SETTLE));
        w.settle(t0 + SETTLE * 2);
        assert_eq!(w.floor, 9);
        assert!(w.seen.is_empty());
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
