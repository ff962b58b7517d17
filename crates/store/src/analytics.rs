//! The dashboards' events and aggregates: storing the call logs and chat messages the extension
//! sends (idempotent by event id within an organisation, `INSERT … ON CONFLICT DO NOTHING` on
//! both databases) and the grouped counts the analytics endpoints fold into local buckets.
//!
//! Aggregates over time are returned per quarter-hour slot of UTC time (`time / 900 000`): every
//! zone's offset and every daylight-saving change falls on a quarter hour, so all instants of a
//! slot share one local hour, day and half-day, and the caller folds slots into buckets exactly
//! with the domain's `Grid`. Every function takes the organisation id and the list of users whose
//! events count; an empty list reads nothing.

use crate::{rows_as, EpochMs, Store, StoreError};
use domain::events::{CallEvent, MessageEvent};
use sea_orm::sea_query::{
    Alias, Expr, Func, OnConflict, Order, Query, SelectStatement, SimpleExpr,
};
use sea_orm::{ConnectionTrait, DeriveIden, FromQueryResult};

mod rollups;
pub use rollups::rollup_drift;
use rollups::StoredCall;

/// Length of one aggregation slot.
pub const SLOT_MS: i64 = 900_000;

/// Rows per INSERT statement (both databases' parameter limits stay far away).
const INSERT_CHUNK: usize = 500;

#[derive(DeriveIden)]
enum CallEvents {
    Table,
    OrgId,
    EventId,
    UserId,
    ChatId,
    Direction,
    DurationS,
    OccurredAt,
    CreatedAt,
    UpdatedAt,
    ReceivedAt,
}

#[derive(DeriveIden)]
enum MessageEvents {
    Table,
    OrgId,
    EventId,
    UserId,
    ChatId,
    Direction,
    Message,
    File,
    FileName,
    Ack,
    OccurredAt,
    DateText,
    SentById,
    ChannelName,
    ChannelId,
    SentByNumber,
    SentByUserId,
    SenderName,
    ReceivedAt,
}

/// Stores call events; answers how many were new (an id already stored for the organisation,
/// or repeated in the batch, is skipped). All or nothing: the rows and the rollups of the rows
/// actually inserted are committed together.
pub async fn insert_calls(
    store: &Store,
    org_id: i64,
    events: &[CallEvent],
    now: EpochMs,
) -> Result<u64, StoreError> {
    let txn = store.begin_write().await?;
    let backend = txn.get_database_backend();
    let mut inserted = Vec::with_capacity(events.len());
    for chunk in events.chunks(INSERT_CHUNK) {
        let mut q = Query::insert();
        q.into_table(CallEvents::Table)
            .columns([
                CallEvents::OrgId,
                CallEvents::EventId,
                CallEvents::UserId,
                CallEvents::ChatId,
                CallEvents::Direction,
                CallEvents::DurationS,
                CallEvents::OccurredAt,
                CallEvents::CreatedAt,
                CallEvents::UpdatedAt,
                CallEvents::ReceivedAt,
            ])
            .on_conflict(
                OnConflict::columns([CallEvents::OrgId, CallEvents::EventId])
                    .do_nothing()
                    .to_owned(),
            )
            .returning(Query::returning().columns([
                CallEvents::UserId,
                CallEvents::ChatId,
                CallEvents::Direction,
                CallEvents::DurationS,
                CallEvents::OccurredAt,
                CallEvents::CreatedAt,
            ]));
        for e in chunk {
            q.values_panic([
                org_id.into(),
                e.event_id.clone().into(),
                e.user_id.into(),
                e.chat_id.clone().into(),
                e.direction.into(),
                e.duration_s.into(),
                e.occurred_at.into(),
                e.created_at.into(),
                e.updated_at.into(),
                now.into(),
            ]);
        }
        for r in txn.query_all(backend.build(&q)).await? {
            inserted.push(StoredCall::from_query_result(&r, "")?);
        }
    }
    rollups::add_calls(&txn, org_id, &inserted).await?;
    txn.commit().await?;
    Ok(inserted.len() as u64)
}

/// Stores chat-message events, as [`insert_calls`].
pub async fn insert_messages(
    store: &Store,
    org_id: i64,
    events: &[MessageEvent],
    now: EpochMs,
) -> Result<u64, StoreError> {
    insert_messages_with_jobs(store, org_id, events, now, |_| Vec::new()).await
}

/// Stores chat-message events and, in the same transaction, the sync jobs `jobs_for` plans for
/// each message that was new (the outbox: a committed message always has its deliveries queued,
/// a resent one queues nothing twice). Answers how many messages were new.
pub async fn insert_messages_with_jobs(
    store: &Store,
    org_id: i64,
    events: &[MessageEvent],
    now: EpochMs,
    jobs_for: impl Fn(&MessageEvent) -> Vec<crate::sync::NewJob>,
) -> Result<u64, StoreError> {
    let txn = store.begin_write().await?;
    let mut stored = 0;
    let mut jobs = Vec::new();
    for chunk in events.chunks(INSERT_CHUNK) {
        let mut q = Query::insert();
        q.into_table(MessageEvents::Table)
            .columns([
                MessageEvents::OrgId,
                MessageEvents::EventId,
                MessageEvents::UserId,
                MessageEvents::ChatId,
                MessageEvents::Direction,
                MessageEvents::Message,
                MessageEvents::File,
                MessageEvents::FileName,
                MessageEvents::Ack,
                MessageEvents::OccurredAt,
                MessageEvents::DateText,
                MessageEvents::SentById,
                MessageEvents::ChannelName,
                MessageEvents::ChannelId,
                MessageEvents::SentByNumber,
                MessageEvents::SentByUserId,
                MessageEvents::SenderName,
                MessageEvents::ReceivedAt,
            ])
            .on_conflict(
                OnConflict::columns([MessageEvents::OrgId, MessageEvents::EventId])
                    .do_nothing()
                    .to_owned(),
            );
        for e in chunk {
            q.values_panic([
                org_id.into(),
                e.event_id.clone().into(),
                e.user_id.into(),
                e.chat_id.clone().into(),
                e.direction.into(),
                e.message.clone().into(),
                e.file.clone().into(),
                e.file_name.clone().into(),
                e.ack.into(),
                e.occurred_at.into(),
                e.date_text.clone().into(),
                e.sent_by_id.clone().into(),
                e.channel_name.clone().into(),
                e.channel_id.clone().into(),
                e.sent_by_number.clone().into(),
                e.sent_by_user_id.clone().into(),
                e.sender_name.clone().into(),
                now.into(),
            ]);
        }
        q.returning_col(MessageEvents::EventId);
        let backend = txn.get_database_backend();
        let new_ids: std::collections::HashSet<String> = txn
            .query_all(backend.build(&q))
            .await?
            .iter()
            .map(|r| r.try_get_by_index::<String>(0))
            .collect::<Result<_, _>>()?;
        stored += new_ids.len() as u64;
        let mut planned = std::collections::HashSet::new();
        for e in chunk {
            if new_ids.contains(&e.event_id) && planned.insert(&e.event_id) {
                jobs.extend(jobs_for(e));
                // The team inbox shows every member's own chats (the same transaction: a
                // stored message is in the inbox too).
                crate::inbox::intake::member_message_in(&txn, org_id, e, now).await?;
            }
        }
    }
    crate::sync::enqueue_in(&txn, org_id, &jobs, now).await?;
    txn.commit().await?;
    Ok(stored)
}

/// Which time of a call a query ranges over: `Datetime` (when it happened) or `createdAt`
/// (when it was logged; 001 §7 'new calls … on createdAt').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CallTime {
    #[default]
    Occurred,
    Created,
}

impl CallTime {
    /// The call events' column of this time.
    fn column(self) -> &'static str {
        match self {
            CallTime::Occurred => "occurred_at",
            CallTime::Created => "created_at",
        }
    }
}

/// What a dashboard query counts: the events of `users` in `org_id` with their time in
/// `start..=end`. An empty `users` reads nothing.
#[derive(Debug, Clone, Copy)]
pub struct Window<'a> {
    pub org_id: i64,
    pub users: &'a [i64],
    pub start: EpochMs,
    pub end: EpochMs,
}

impl Window<'_> {
    /// `SELECT … FROM table WHERE org_id = ? AND user_id IN (…) AND time BETWEEN start AND end`.
    fn select(&self, table: &str, time: &str) -> SelectStatement {
        let mut q = Query::select();
        q.from(Alias::new(table))
            .and_where(Expr::col(Alias::new("org_id")).eq(self.org_id))
            .and_where(Expr::col(Alias::new("user_id")).is_in(self.users.iter().copied()))
            .and_where(Expr::col(Alias::new(time)).gte(self.start))
            .and_where(Expr::col(Alias::new(time)).lte(self.end));
        q
    }
}

/// The calls of the window with `time` in its range.
fn calls_in(w: Window<'_>, time: CallTime) -> SelectStatement {
    w.select("call_events", time.column())
}

/// The chat messages of the window (on `Datetime`).
fn messages_in(w: Window<'_>) -> SelectStatement {
    w.select("message_events", "occurred_at")
}

/// The total duration as a BIGINT on both databases (PostgreSQL's SUM of a BIGINT is NUMERIC).
fn sum_duration() -> SimpleExpr {
    Expr::cust("CAST(COALESCE(SUM(duration_s), 0) AS BIGINT)")
}

fn count_distinct_chats() -> SimpleExpr {
    Expr::cust("COUNT(DISTINCT chat_id)")
}

/// The quarter-hour slot of a time column, written literally (a bound divisor would be a
/// different parameter in SELECT and GROUP BY, which PostgreSQL refuses to match).
fn slot_of(column: &str) -> SimpleExpr {
    Expr::cust(format!("{column} / {SLOT_MS}"))
}

async fn rows(store: &Store, q: &SelectStatement) -> Result<Vec<sea_orm::QueryResult>, StoreError> {
    let db = store.conn();
    Ok(db.query_all(db.get_database_backend().build(q)).await?)
}

/// One user's calls in one direction (001 §3 calls overview).
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromQueryResult)]
pub struct DirectionRow {
    pub direction: i16,
    pub user_id: i64,
    pub count: i64,
    pub duration_s: i64,
    pub unique_chats: i64,
}

/// Count, total duration and distinct chats per direction and user.
pub async fn call_overview(
    store: &Store,
    w: Window<'_>,
    time: CallTime,
) -> Result<Vec<DirectionRow>, StoreError> {
    if w.users.is_empty() {
        return Ok(Vec::new());
    }
    if let Some((rows, _)) = rollups::call_overview(store, w, time).await? {
        return Ok(rows);
    }
    let mut q = calls_in(w, time);
    q.column(CallEvents::Direction)
        .column(CallEvents::UserId)
        .expr_as(
            Func::count(Expr::col(CallEvents::EventId)),
            Alias::new("count"),
        )
        .expr_as(sum_duration(), Alias::new("duration_s"))
        .expr_as(count_distinct_chats(), Alias::new("unique_chats"))
        .group_by_col(CallEvents::Direction)
        .group_by_col(CallEvents::UserId)
        .order_by(CallEvents::Direction, Order::Asc)
        .order_by(CallEvents::UserId, Order::Asc);
    rows_as(store, &q).await
}

/// Distinct chats per user over every direction (exact, unlike a sum over directions).
pub async fn unique_chats_per_user(
    store: &Store,
    w: Window<'_>,
    time: CallTime,
) -> Result<Vec<(i64, i64)>, StoreError> {
    if w.users.is_empty() {
        return Ok(Vec::new());
    }
    if let Some(counts) = rollups::unique_chats(store, w, time).await? {
        return Ok(counts.by_user);
    }
    let mut q = calls_in(w, time);
    q.column(CallEvents::UserId)
        .expr_as(count_distinct_chats(), Alias::new("chats"))
        .group_by_col(CallEvents::UserId);
    rows(store, &q)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("", "user_id")?, r.try_get("", "chats")?)))
        .collect()
}

/// Distinct chats over every user and direction.
pub async fn unique_chats(store: &Store, w: Window<'_>, time: CallTime) -> Result<i64, StoreError> {
    if w.users.is_empty() {
        return Ok(0);
    }
    if let Some(counts) = rollups::unique_chats(store, w, time).await? {
        return Ok(counts.total);
    }
    let mut q = calls_in(w, time);
    q.expr_as(count_distinct_chats(), Alias::new("chats"));
    match rows(store, &q).await?.first() {
        Some(r) => Ok(r.try_get("", "chats")?),
        None => Ok(0),
    }
}

/// The calls overview with its distinct chats per user and overall: what the overview endpoint
/// shows (001 §3), in one pass over the chat sets when the rollups answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OverviewCounts {
    pub rows: Vec<DirectionRow>,
    /// (user, distinct chats over every direction), by user.
    pub unique_per_user: Vec<(i64, i64)>,
    pub unique_total: i64,
}

/// [`call_overview`], [`unique_chats_per_user`] and [`unique_chats`] at once.
pub async fn call_overview_with_uniques(
    store: &Store,
    w: Window<'_>,
    time: CallTime,
) -> Result<OverviewCounts, StoreError> {
    if w.users.is_empty() {
        return Ok(OverviewCounts::default());
    }
    if let Some((rows, chats)) = rollups::call_overview(store, w, time).await? {
        return Ok(OverviewCounts {
            rows,
            unique_per_user: chats.by_user,
            unique_total: chats.total,
        });
    }
    let (rows, mut unique_per_user, unique_total) = tokio::try_join!(
        call_overview(store, w, time),
        unique_chats_per_user(store, w, time),
        unique_chats(store, w, time),
    )?;
    unique_per_user.sort_unstable();
    Ok(OverviewCounts {
        rows,
        unique_per_user,
        unique_total,
    })
}

/// Calls of one direction in one quarter-hour slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromQueryResult)]
pub struct SlotRow {
    /// Slot start = `slot * SLOT_MS`, UTC epoch ms.
    pub slot: i64,
    pub direction: i16,
    pub count: i64,
    pub duration_s: i64,
}

/// Calls per quarter-hour slot and direction.
pub async fn call_slots(
    store: &Store,
    w: Window<'_>,
    time: CallTime,
) -> Result<Vec<SlotRow>, StoreError> {
    if w.users.is_empty() {
        return Ok(Vec::new());
    }
    if let Some(rows) = rollups::call_slots(store, w, time).await? {
        return Ok(rows);
    }
    let mut q = calls_in(w, time);
    let slot = slot_of(time.column());
    q.expr_as(slot.clone(), Alias::new("slot"))
        .column(CallEvents::Direction)
        .expr_as(
            Func::count(Expr::col(CallEvents::EventId)),
            Alias::new("count"),
        )
        .expr_as(sum_duration(), Alias::new("duration_s"))
        .add_group_by([slot, Expr::col(CallEvents::Direction).into()]);
    rows_as(store, &q).await
}

/// Chat messages per quarter-hour slot (on `Datetime`).
pub async fn message_slots(store: &Store, w: Window<'_>) -> Result<Vec<(i64, i64)>, StoreError> {
    if w.users.is_empty() {
        return Ok(Vec::new());
    }
    let slot = slot_of("occurred_at");
    let mut q = messages_in(w);
    q.expr_as(slot.clone(), Alias::new("slot"))
        .expr_as(
            Func::count(Expr::col(MessageEvents::EventId)),
            Alias::new("n"),
        )
        .add_group_by([slot]);
    rows(store, &q)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("", "slot")?, r.try_get("", "n")?)))
        .collect()
}

/// Chat messages of `users` with `Datetime` in `start..=end` (every hour of the day), one
/// COUNT on the `(org_id, user_id, occurred_at)` index like `message_slots`.
pub async fn message_count(store: &Store, w: Window<'_>) -> Result<u64, StoreError> {
    if w.users.is_empty() {
        return Ok(0);
    }
    let mut q = messages_in(w);
    q.expr_as(
        Func::count(Expr::col(MessageEvents::EventId)),
        Alias::new("n"),
    );
    let n: i64 = match rows(store, &q).await?.first() {
        Some(r) => r.try_get("", "n")?,
        None => 0,
    };
    Ok(n.max(0) as u64)
}

/// One employee's chat messages in a window: all of them, sent, received, and the distinct
/// chats they were in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MessageCounts {
    pub total: u64,
    pub sent: u64,
    pub received: u64,
    pub chats: u64,
}

/// Chat messages per user of the window (on `Datetime`), and the window's distinct chats over
/// every user (a chat two members wrote in counts once there), each one grouped scan on the
/// `(org_id, user_id, occurred_at)` index.
pub async fn message_counts(
    store: &Store,
    w: Window<'_>,
) -> Result<(Vec<(i64, MessageCounts)>, u64), StoreError> {
    if w.users.is_empty() {
        return Ok((Vec::new(), 0));
    }
    let sent = format!(
        "CAST(COALESCE(SUM(CASE WHEN direction = {} THEN 1 ELSE 0 END), 0) AS BIGINT)",
        domain::events::MESSAGE_OUTGOING
    );
    let received = format!(
        "CAST(COALESCE(SUM(CASE WHEN direction = {} THEN 1 ELSE 0 END), 0) AS BIGINT)",
        domain::events::MESSAGE_INCOMING
    );
    let mut q = messages_in(w);
    q.column(Alias::new("user_id"))
        .expr_as(
            Func::count(Expr::col(MessageEvents::EventId)),
            Alias::new("n"),
        )
        .expr_as(Expr::cust(sent), Alias::new("sent"))
        .expr_as(Expr::cust(received), Alias::new("received"))
        .expr_as(count_distinct_chats(), Alias::new("chats"))
        .add_group_by([Expr::col(Alias::new("user_id")).into()]);
    let count = |r: &sea_orm::QueryResult, c: &str| -> Result<u64, StoreError> {
        Ok(r.try_get::<i64>("", c)?.max(0) as u64)
    };
    let per_user = rows(store, &q)
        .await?
        .iter()
        .map(|r| {
            Ok((
                r.try_get::<i64>("", "user_id")?,
                MessageCounts {
                    total: count(r, "n")?,
                    sent: count(r, "sent")?,
                    received: count(r, "received")?,
                    chats: count(r, "chats")?,
                },
            ))
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut all = messages_in(w);
    all.expr_as(count_distinct_chats(), Alias::new("chats"));
    let chats = match rows(store, &all).await?.first() {
        Some(r) => count(r, "chats")?,
        None => 0,
    };
    Ok((per_user, chats))
}

/// How many call and message events an organisation has (tests and the demo seed).
pub async fn event_counts(store: &Store, org_id: i64) -> Result<(i64, i64), StoreError> {
    let count = |table: Alias| {
        let mut q = Query::select();
        q.from(table)
            .and_where(Expr::col(Alias::new("org_id")).eq(org_id))
            .expr_as(Func::count(Expr::col(Alias::new("id"))), Alias::new("n"));
        q
    };
    let calls = rows(store, &count(Alias::new("call_events"))).await?;
    let messages = rows(store, &count(Alias::new("message_events"))).await?;
    let n = |r: &[sea_orm::QueryResult]| -> Result<i64, StoreError> {
        Ok(r.first()
            .map(|r| r.try_get("", "n"))
            .transpose()?
            .unwrap_or(0))
    };
    Ok((n(&calls)?, n(&messages)?))
}

/// One stored event as the compatibility search reads it.
#[derive(Debug, Clone, PartialEq, Eq, FromQueryResult)]
pub struct EventRow {
    pub user_id: i64,
    pub chat_id: String,
    /// Calls: 1, 2, 3, 5; messages: 1 incoming, 2 outgoing.
    pub direction: i16,
    /// Seconds (0 for messages).
    pub duration_s: i64,
    pub occurred_at: i64,
    pub created_at: i64,
}

/// Which events a compatibility search reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    Calls,
    Messages,
}

/// The events of `users` with `time` (occurred or created) in `start..=end`, one row each.
pub async fn event_rows(
    store: &Store,
    kind: EventKind,
    w: Window<'_>,
    time: CallTime,
) -> Result<Vec<EventRow>, StoreError> {
    if w.users.is_empty() {
        return Ok(Vec::new());
    }
    let (table, time_col, duration, created) = match kind {
        EventKind::Calls => ("call_events", time.column(), "duration_s", "created_at"),
        // Messages have no separate log time: createdAt is when it was sent.
        EventKind::Messages => ("message_events", "occurred_at", "0", "occurred_at"),
    };
    let mut q = w.select(table, time_col);
    q.column(Alias::new("user_id"))
        .column(Alias::new("chat_id"))
        .column(Alias::new("direction"))
        .expr_as(
            Expr::cust(format!("CAST({duration} AS BIGINT)")),
            Alias::new("duration_s"),
        )
        .column(Alias::new("occurred_at"))
        .expr_as(Expr::cust(created), Alias::new("created_at"));
    rows_as(store, &q).await
}

/// What a usage event counts (001 §3 quick reply and scheduler analytics).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UsageKind {
    QuickReply = 1,
    Scheduler = 2,
}

/// Stores usage events of one kind; answers how many were new.
pub async fn insert_usage(
    store: &Store,
    org_id: i64,
    kind: UsageKind,
    events: &[domain::events::UsageEvent],
    now: EpochMs,
) -> Result<u64, StoreError> {
    let txn = store.begin_write().await?;
    let mut stored = 0;
    for chunk in events.chunks(INSERT_CHUNK) {
        let mut q = Query::insert();
        q.into_table(Alias::new("usage_events"))
            .columns(
                [
                    "org_id",
                    "kind",
                    "event_id",
                    "user_id",
                    "occurred_at",
                    "received_at",
                ]
                .map(Alias::new),
            )
            .on_conflict(
                OnConflict::columns(["org_id", "kind", "event_id"].map(Alias::new))
                    .do_nothing()
                    .to_owned(),
            );
        for e in chunk {
            q.values_panic([
                org_id.into(),
                (kind as i16).into(),
                e.event_id.clone().into(),
                e.user_id.into(),
                e.occurred_at.into(),
                now.into(),
            ]);
        }
        let backend = txn.get_database_backend();
        stored += txn.execute(backend.build(&q)).await?.rows_affected();
    }
    txn.commit().await?;
    Ok(stored)
}

/// Usage events of one kind per user in `start..=end`.
pub async fn usage_counts(
    store: &Store,
    kind: UsageKind,
    w: Window<'_>,
) -> Result<Vec<(i64, i64)>, StoreError> {
    if w.users.is_empty() {
        return Ok(Vec::new());
    }
    let mut q = w.select("usage_events", "occurred_at");
    q.and_where(Expr::col(Alias::new("kind")).eq(kind as i16))
        .column(Alias::new("user_id"))
        .expr_as(Func::count(Expr::col(Alias::new("id"))), Alias::new("n"))
        .group_by_col(Alias::new("user_id"))
        .order_by(Alias::new("user_id"), Order::Asc);
    rows(store, &q)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("", "user_id")?, r.try_get("", "n")?)))
        .collect()
}

/// All usage events of one kind an organisation has recorded.
pub async fn usage_total(store: &Store, org_id: i64, kind: UsageKind) -> Result<i64, StoreError> {
    let mut q = Query::select();
    q.from(Alias::new("usage_events"))
        .and_where(Expr::col(Alias::new("org_id")).eq(org_id))
        .and_where(Expr::col(Alias::new("kind")).eq(kind as i16))
        .expr_as(Func::count(Expr::col(Alias::new("id"))), Alias::new("n"));
    Ok(match rows(store, &q).await?.first() {
        Some(r) => r.try_get("", "n")?,
        None => 0,
    })
}
