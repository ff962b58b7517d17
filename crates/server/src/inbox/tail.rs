//! One reader of each organisation's event log per process, shared by the live feeds open on
//! it: when a write wakes 200 feeds, one of them reads the new events and the others take them
//! from here, instead of 200 reads of the log (on SQLite, through eight connections, the live
//! feeds' p99 missed its 300 ms). A feed further behind than what is kept reads the log itself.
//!
//! Numbers are given when a row is inserted, not when it commits: on PostgreSQL two writers can
//! commit out of order (101 visible before 100), and a reader that only asked for rows after the
//! highest number seen would miss 100 for good. So every reader — this shared one and each feed
//! — reads again from a floor that trails by [`SETTLE`] (everything numbered before a row that
//! has been visible that long has committed) and keeps the numbers it has seen above the floor
//! ([`Window`]), so each event goes out once.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};
use store::entity::inbox::event;
use store::{Store, StoreError};

/// How long an event must have been visible before nothing numbered below it can still commit
/// (an event's insert is a transaction of its own, committed in milliseconds).
pub const SETTLE: Duration = Duration::from_secs(2);
/// Events read from the log at a time.
pub const BATCH: u64 = 200;
/// How long the shared reader keeps an event after first reading it (feeds read at least every
/// two seconds, so they stay within it).
const KEEP: Duration = Duration::from_secs(10);
/// How long a reader nobody asked is kept.
const IDLE: Duration = Duration::from_secs(60);

/// The shared readers, by organisation.
#[derive(Clone, Default)]
pub struct Tails {
    by_org: Arc<std::sync::Mutex<HashMap<i64, Arc<tokio::sync::Mutex<Tail>>>>>,
}

/// One organisation's shared reader: every event above `keep_from` visible when it last read.
struct Tail {
    window: Window,
    rows: BTreeMap<i64, (Instant, Arc<event::Model>)>,
    keep_from: i64,
    /// When its last read began; None before the first.
    read_at: Option<Instant>,
}

impl Tails {
    /// `org_id`'s events above `floor`, read no earlier than `asked`; None when the feed is
    /// further behind than the shared reader keeps (it reads the log itself).
    pub async fn after(
        &self,
        store: &Store,
        org_id: i64,
        floor: i64,
        asked: Instant,
    ) -> Result<Option<Vec<Arc<event::Model>>>, StoreError> {
        let tail = {
            let mut by_org = self
                .by_org
                .lock()
                .map_err(|_| StoreError::Conflict("the live readers' lock is poisoned".into()))?;
            by_org.retain(|_, t| {
                Arc::strong_count(t) > 1
                    || t.try_lock()
                        .map_or(true, |t| t.read_at.is_some_and(|r| r.elapsed() < IDLE))
            });
            by_org
                .entry(org_id)
                .or_insert_with(|| {
                    Arc::new(tokio::sync::Mutex::new(Tail {
                        window: Window::from(floor),
                        rows: BTreeMap::new(),
                        keep_from: floor,
                        read_at: None,
                    }))
                })
                .clone()
        };
        let mut tail = tail.lock().await;
        if tail.read_at.is_none_or(|r| r < asked) {
            tail.read(store, org_id).await?;
        }
        if floor < tail.keep_from {
            return Ok(None);
        }
        Ok(Some(
            tail.rows
                .range(floor + 1..)
                .map(|(_, (_, row))| row.clone())
                .collect(),
        ))
    }
}

impl Tail {
    /// Reads what came after its floor, then forgets what every feed has had time to take.
    async fn read(&mut self, store: &Store, org_id: i64) -> Result<(), StoreError> {
        let started = Instant::now();
        let mut from = self.window.floor;
        loop {
            let rows = store::inbox::events::after(store, org_id, from, BATCH).await?;
            let full = rows.len() as u64 == BATCH;
            let now = Instant::now();
            for r in rows {
                from = r.id;
                if self.window.admit(r.id, now) {
                    self.rows.insert(r.id, (now, Arc::new(r)));
                }
            }
            if !full {
                break;
            }
        }
        let now = Instant::now();
        self.window.settle(now);
        // Below the window's floor nothing new can appear, so rows there may be dropped once
        // kept long enough; above it, a late commit could still arrive and must find its
        // neighbours here.
        let forget = self
            .rows
            .iter()
            .take_while(|(id, (at, _))| {
                **id <= self.window.floor && now.duration_since(*at) >= KEEP
            })
            .map(|(id, _)| *id)
            .last();
        if let Some(id) = forget {
            self.rows = self.rows.split_off(&(id + 1));
            self.keep_from = self.keep_from.max(id);
        }
        self.read_at = Some(started);
        Ok(())
    }
}

/// Which event numbers a feed has seen: all up to `floor`, and those in `seen` above it.
#[derive(Debug, Default)]
pub struct Window {
    pub floor: i64,
    /// Events above the floor already seen, with when they were first seen.
    seen: BTreeMap<i64, Instant>,
}

impl Window {
    pub fn from(floor: i64) -> Self {
        Self {
            floor,
            seen: BTreeMap::new(),
        }
    }

    /// Whether `id` is new to the feed (and is now seen).
    pub fn admit(&mut self, id: i64, now: Instant) -> bool {
        id > self.floor && self.seen.insert(id, now).is_none()
    }

    /// Raises the floor to the highest event seen at least [`SETTLE`] ago.
    pub fn settle(&mut self, now: Instant) {
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
