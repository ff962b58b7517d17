//! The call rollups kept at ingestion (migration `m20261123_000006_call_rollups`) and the
//! dashboards' queries over them.
//!
//! A range the endpoints ask for is made of whole local days, so it starts and ends on UTC
//! quarter hours. Such a range is split into the whole UTC days inside it, answered from the
//! per-day rollups, and the quarter hours at its two edges, answered from the per-slot rollups
//! (counts and durations) or from the events themselves (distinct chats). Distinct chats stay
//! exact: `call_chat_sets` holds, per user and UTC day, the set of (direction, chat key) pairs
//! (migration `m20261124_000007_chat_sets`, format in `migration::chat_sets`), and a chat counts
//! once over the union of those sets and the edge events, united in memory. A range that does
//! not start and end on quarter hours is answered from the events (the caller falls back).
//!
//! Every number written into SQL here is an `i64` formatted by Rust (ids, slots, days), never
//! text from a request; chat ids and blobs are bound.

use super::{CallTime, DirectionRow, SlotRow, Window, SLOT_MS};
use crate::{EpochMs, Store, StoreError};
use migration::chat_sets::{self, Entry};
use sea_orm::sea_query::{Alias, Expr, OnConflict, Query};
use sea_orm::{
    ConnectionTrait, DatabaseBackend, DatabaseTransaction, DbErr, QueryResult, Statement,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// Quarter hours per UTC day.
const SLOTS_PER_DAY: i64 = 96;
/// Rows per rollup statement.
const CHUNK: usize = 500;

/// One call event as inserted (the columns the rollups need).
#[derive(Debug, Clone, sea_orm::FromQueryResult)]
pub(crate) struct StoredCall {
    pub user_id: i64,
    pub chat_id: String,
    pub direction: i16,
    pub duration_s: i64,
    pub occurred_at: i64,
    pub created_at: i64,
}

fn kind_of(time: CallTime) -> i16 {
    match time {
        CallTime::Occurred => 0,
        CallTime::Created => 1,
    }
}

/// The slot of a time, as SQL's integer division computes it (truncating; both databases).
fn slot(at: i64) -> i64 {
    at / SLOT_MS
}

/// Adds the rollups of `rows` (events just inserted, in the same transaction).
pub(crate) async fn add_calls(
    txn: &DatabaseTransaction,
    org_id: i64,
    rows: &[StoredCall],
) -> Result<(), StoreError> {
    if rows.is_empty() {
        return Ok(());
    }
    type Key = (i16, i64, i64, i16);
    let mut slots: BTreeMap<Key, (i64, i64)> = BTreeMap::new();
    let mut days: BTreeMap<Key, (i64, i64)> = BTreeMap::new();
    let mut org_slots: BTreeMap<(i16, i64, i16), (i64, i64)> = BTreeMap::new();
    // (user, day, direction, chat) of the call's time.
    let mut chats: BTreeSet<(i64, i64, i16, &str)> = BTreeSet::new();
    let mut users: BTreeSet<i64> = BTreeSet::new();
    for r in rows {
        users.insert(r.user_id);
        for (kind, at) in [(0i16, r.occurred_at), (1i16, r.created_at)] {
            let s = slot(at);
            let d = s / SLOTS_PER_DAY;
            for (map_key, map) in [
                ((kind, r.user_id, s, r.direction), &mut slots),
                ((kind, r.user_id, d, r.direction), &mut days),
            ] {
                let e = map.entry(map_key).or_default();
                e.0 += 1;
                e.1 += r.duration_s;
            }
            let e = org_slots.entry((kind, s, r.direction)).or_default();
            e.0 += 1;
            e.1 += r.duration_s;
            // Distinct chats are kept for the call's time only (the dashboards' default): a
            // second set for the log time would double the rows written per event.
            if kind == 0 {
                chats.insert((r.user_id, d, r.direction, r.chat_id.as_str()));
            }
        }
    }
    let upsert = |table: &str, keys: &str, values: Vec<String>| -> Vec<String> {
        values
            .chunks(CHUNK)
            .map(|chunk| {
                format!(
                    "INSERT INTO {table} ({keys}, calls, duration_s) VALUES {} \
                     ON CONFLICT ({keys}) DO UPDATE SET \
                     calls = {table}.calls + excluded.calls, \
                     duration_s = {table}.duration_s + excluded.duration_s",
                    chunk.join(",")
                )
            })
            .collect()
    };
    let mut sql = Vec::new();
    sql.extend(upsert(
        "call_slot_rollups",
        "org_id, time_kind, user_id, slot, direction",
        slots
            .iter()
            .map(|((k, u, s, d), (n, t))| format!("({org_id},{k},{u},{s},{d},{n},{t})"))
            .collect(),
    ));
    sql.extend(upsert(
        "call_day_rollups",
        "org_id, time_kind, user_id, day, direction",
        days.iter()
            .map(|((k, u, s, d), (n, t))| format!("({org_id},{k},{u},{s},{d},{n},{t})"))
            .collect(),
    ));
    sql.extend(upsert(
        "call_org_slot_rollups",
        "org_id, time_kind, slot, direction",
        org_slots
            .iter()
            .map(|((k, s, d), (n, t))| format!("({org_id},{k},{s},{d},{n},{t})"))
            .collect(),
    ));
    sql.push(format!(
        "INSERT INTO call_rollup_users (org_id, user_id) VALUES {} ON CONFLICT DO NOTHING",
        users
            .iter()
            .map(|u| format!("({org_id},{u})"))
            .collect::<Vec<_>>()
            .join(",")
    ));
    for statement in sql {
        txn.execute_unprepared(&statement).await?;
    }
    add_chat_sets(txn, org_id, &chats).await
}

fn corrupt_set(org_id: i64, user_id: i64, day: i64) -> StoreError {
    StoreError::Db(DbErr::Custom(format!(
        "call_chat_sets ({org_id}, {user_id}, {day}) is not a readable chat set"
    )))
}

/// The integer key of each chat id of `org_id` (created when missing).
async fn chat_keys<'a>(
    txn: &DatabaseTransaction,
    org_id: i64,
    chat_ids: &[&'a str],
) -> Result<HashMap<&'a str, i64>, StoreError> {
    let backend = txn.get_database_backend();
    let postgres = backend == DatabaseBackend::Postgres;
    if postgres {
        // The lookup below is prepared once and reused with 500 ids; after five runs PostgreSQL
        // switches to a generic plan for it, measured ~40× slower (0.2 → 9.5 ms per 500 chats).
        // Plan each run for its values (only here: the big INSERTs gain nothing from it).
        txn.execute_unprepared("SET LOCAL plan_cache_mode = force_custom_plan")
            .await?;
    }
    let mut keys = HashMap::with_capacity(chat_ids.len());
    // Sorted ids: concurrent batches take the unique index's locks in one order.
    for chunk in chat_ids.chunks(CHUNK) {
        let mut insert = Query::insert();
        insert
            .into_table(Alias::new("chat_keys"))
            .columns(["org_id", "chat_id"].map(Alias::new))
            .on_conflict(
                OnConflict::columns(["org_id", "chat_id"].map(Alias::new))
                    .do_nothing()
                    .to_owned(),
            );
        for chat in chunk {
            insert.values_panic([org_id.into(), (*chat).to_owned().into()]);
        }
        txn.execute(backend.build(&insert)).await?;
        let select = Query::select()
            .columns(["id", "chat_id"].map(Alias::new))
            .from(Alias::new("chat_keys"))
            .and_where(Expr::col(Alias::new("org_id")).eq(org_id))
            .and_where(
                Expr::col(Alias::new("chat_id")).is_in(chunk.iter().map(|c| (*c).to_owned())),
            )
            .to_owned();
        for r in txn.query_all(backend.build(&select)).await? {
            let chat: String = r.try_get("", "chat_id")?;
            // `chat_ids` is sorted (the caller's order for the index locks).
            if let Ok(i) = chunk.binary_search(&chat.as_str()) {
                keys.insert(chunk[i], r.try_get("", "id")?);
            }
        }
    }
    if postgres {
        txn.execute_unprepared("SET LOCAL plan_cache_mode = auto")
            .await?;
    }
    Ok(keys)
}

/// Adds (user, day, direction, chat) of new calls to the users' day sets. Each touched set is
/// created empty if missing, then read and locked (`FOR UPDATE` on PostgreSQL; SQLite has one
/// writer), merged and written back only when it gained something — so two batches for the
/// same user and day, committed at once by two servers, both end up in the set.
async fn add_chat_sets(
    txn: &DatabaseTransaction,
    org_id: i64,
    chats: &BTreeSet<(i64, i64, i16, &str)>,
) -> Result<(), StoreError> {
    let backend = txn.get_database_backend();
    let mut ids: Vec<&str> = chats.iter().map(|c| c.3).collect();
    ids.sort_unstable();
    ids.dedup();
    let keys = chat_keys(txn, org_id, &ids).await?;
    let mut added: BTreeMap<(i64, i64), Vec<Entry>> = BTreeMap::new();
    for (user, day, direction, chat) in chats {
        let key = *keys.get(chat).ok_or_else(|| {
            StoreError::Db(DbErr::Custom(format!("no key stored for chat {chat}")))
        })?;
        added
            .entry((*user, *day))
            .or_default()
            .push((*direction, key));
    }
    let sets: Vec<_> = added.into_iter().collect();
    let (empty, lock) = match backend {
        DatabaseBackend::Postgres => ("''::bytea", " FOR UPDATE"),
        _ => ("X''", ""),
    };
    for chunk in sets.chunks(CHUNK) {
        let pairs = chunk
            .iter()
            .map(|((u, d), _)| format!("({u},{d})"))
            .collect::<Vec<_>>();
        txn.execute_unprepared(&format!(
            "INSERT INTO call_chat_sets (org_id, user_id, day, chats) VALUES {} \
             ON CONFLICT DO NOTHING",
            chunk
                .iter()
                .map(|((u, d), _)| format!("({org_id},{u},{d},{empty})"))
                .collect::<Vec<_>>()
                .join(",")
        ))
        .await?;
        let stored = txn
            .query_all(Statement::from_string(
                backend,
                format!(
                    "SELECT user_id, day, chats FROM call_chat_sets WHERE org_id = {org_id} \
                     AND (user_id, day) IN (VALUES {}) ORDER BY user_id, day{lock}",
                    pairs.join(",")
                ),
            ))
            .await?;
        let mut stored: HashMap<(i64, i64), Vec<u8>> = stored
            .iter()
            .map(|r| {
                Ok((
                    (r.try_get("", "user_id")?, r.try_get("", "day")?),
                    r.try_get("", "chats")?,
                ))
            })
            .collect::<Result<_, StoreError>>()?;
        let mut upsert = Query::insert();
        upsert
            .into_table(Alias::new("call_chat_sets"))
            .columns(["org_id", "user_id", "day", "chats"].map(Alias::new))
            .on_conflict(
                OnConflict::columns(["org_id", "user_id", "day"].map(Alias::new))
                    .update_column(Alias::new("chats"))
                    .to_owned(),
            );
        let mut changed = 0;
        for ((u, d), more) in chunk {
            let old = stored.remove(&(*u, *d)).unwrap_or_default();
            let Some(new) = chat_sets::merge(&old, more) else {
                if chat_sets::decode(&old).is_none() {
                    return Err(corrupt_set(org_id, *u, *d));
                }
                continue;
            };
            upsert.values_panic([org_id.into(), (*u).into(), (*d).into(), new.into()]);
            changed += 1;
        }
        if changed > 0 {
            txn.execute(backend.build(&upsert)).await?;
        }
    }
    Ok(())
}

/// The ranges of distinct-chat queries that the rollups answer: on the call's time only (the
/// chat sets are kept for the dashboards' default field; distinct chats on the log time are
/// counted from the events).
fn chat_plan(time: CallTime, w: Window<'_>) -> Option<Plan> {
    match time {
        CallTime::Occurred => Plan::of(w.start, w.end),
        CallTime::Created => None,
    }
}

/// How a range `start..=end` splits: whole UTC days `d0..d1` and the edge slots around them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Plan {
    /// Slots `s0..s1` (end exclusive).
    s0: i64,
    s1: i64,
    /// Days `d0..d1` (end exclusive; empty when `d0 >= d1`).
    d0: i64,
    d1: i64,
}

impl Plan {
    /// `None` when the range does not start and end on quarter hours (or lies before 1970,
    /// where truncating division does not floor).
    fn of(start: EpochMs, end: EpochMs) -> Option<Plan> {
        if start < 0 || end < start || start % SLOT_MS != 0 || (end + 1) % SLOT_MS != 0 {
            return None;
        }
        let (s0, s1) = (start / SLOT_MS, (end + 1) / SLOT_MS);
        let d0 = (s0 + SLOTS_PER_DAY - 1) / SLOTS_PER_DAY;
        let d1 = s1 / SLOTS_PER_DAY;
        Some(Plan { s0, s1, d0, d1 })
    }

    fn has_days(&self) -> bool {
        self.d0 < self.d1
    }

    /// The slot ranges `[a, b)` not covered by whole days.
    fn edges(&self) -> Vec<(i64, i64)> {
        if !self.has_days() {
            return vec![(self.s0, self.s1)];
        }
        [
            (self.s0, self.d0 * SLOTS_PER_DAY),
            (self.d1 * SLOTS_PER_DAY, self.s1),
        ]
        .into_iter()
        .filter(|(a, b)| a < b)
        .collect()
    }
}

fn in_list(users: &[i64]) -> String {
    users
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

async fn query(store: &Store, sql: String) -> Result<Vec<QueryResult>, StoreError> {
    let db = store.conn();
    Ok(db
        .query_all(Statement::from_string(db.get_database_backend(), sql))
        .await?)
}

/// `SELECT {cols}, calls, duration_s` of the per-day and edge per-slot rollups, as one union.
fn counts_source(w: Window<'_>, time: CallTime, plan: Plan, cols: &str) -> String {
    let (org_id, k, list) = (w.org_id, kind_of(time), in_list(w.users));
    let mut parts = Vec::new();
    if plan.has_days() {
        parts.push(format!(
            "SELECT {cols}, calls, duration_s FROM call_day_rollups WHERE org_id = {org_id} \
             AND time_kind = {k} AND user_id IN ({list}) AND day >= {} AND day < {}",
            plan.d0, plan.d1
        ));
    }
    for (a, b) in plan.edges() {
        parts.push(format!(
            "SELECT {cols}, calls, duration_s FROM call_slot_rollups WHERE org_id = {org_id} \
             AND time_kind = {k} AND user_id IN ({list}) AND slot >= {a} AND slot < {b}"
        ));
    }
    parts.join(" UNION ALL ")
}

/// Exact distinct chats of a range: per (direction, user), per user over every direction, and
/// over every user and direction.
#[derive(Debug, Default)]
pub(crate) struct ChatCounts {
    pub by_direction_user: HashMap<(i16, i64), i64>,
    pub by_user: Vec<(i64, i64)>,
    pub total: i64,
}

/// [`ChatCounts`] of `users` over a range: the day sets of the whole UTC days inside it and the
/// edges' events (with their chats' keys), united per user in memory.
async fn chat_counts(store: &Store, w: Window<'_>, plan: Plan) -> Result<ChatCounts, StoreError> {
    let (org_id, list) = (w.org_id, in_list(w.users));
    let days_sql = plan.has_days().then(|| {
        format!(
            "SELECT user_id, day, chats FROM call_chat_sets WHERE org_id = {org_id} \
             AND user_id IN ({list}) AND day >= {} AND day < {}",
            plan.d0, plan.d1
        )
    });
    let edges_sql = plan
        .edges()
        .iter()
        .map(|(a, b)| {
            format!(
                "SELECT e.user_id, e.direction, k.id AS chat FROM call_events e \
                 JOIN chat_keys k ON k.org_id = e.org_id AND k.chat_id = e.chat_id \
                 WHERE e.org_id = {org_id} AND e.user_id IN ({list}) \
                 AND e.occurred_at >= {} AND e.occurred_at < {}",
                a * SLOT_MS,
                b * SLOT_MS
            )
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    let (days, edges) = tokio::try_join!(
        async {
            match days_sql {
                Some(sql) => query(store, sql).await,
                None => Ok(Vec::new()),
            }
        },
        async {
            if edges_sql.is_empty() {
                Ok(Vec::new())
            } else {
                query(store, edges_sql).await
            }
        },
    )?;
    let mut per_user: HashMap<i64, Vec<Entry>> = HashMap::new();
    for r in days {
        let (user, day): (i64, i64) = (r.try_get("", "user_id")?, r.try_get("", "day")?);
        let blob: Vec<u8> = r.try_get("", "chats")?;
        chat_sets::decode_into(&blob, per_user.entry(user).or_default())
            .ok_or_else(|| corrupt_set(org_id, user, day))?;
    }
    for r in edges {
        per_user
            .entry(r.try_get("", "user_id")?)
            .or_default()
            .push((r.try_get::<i16>("", "direction")?, r.try_get("", "chat")?));
    }
    let mut out = ChatCounts::default();
    let mut everyone: Vec<i64> = Vec::new();
    let mut keys: Vec<i64> = Vec::new();
    for (user, mut entries) in per_user {
        entries.sort_unstable();
        entries.dedup();
        for (direction, _) in &entries {
            *out.by_direction_user.entry((*direction, user)).or_default() += 1;
        }
        keys.clear();
        keys.extend(entries.iter().map(|(_, k)| *k));
        keys.sort_unstable();
        keys.dedup();
        out.by_user.push((user, keys.len() as i64));
        everyone.extend_from_slice(&keys);
    }
    everyone.sort_unstable();
    everyone.dedup();
    out.total = everyone.len() as i64;
    out.by_user.sort_unstable();
    Ok(out)
}

/// [`super::call_overview_with_uniques`] from the rollups; `None` when the range is not
/// slot-aligned or is on the log time.
pub(crate) async fn call_overview(
    store: &Store,
    w: Window<'_>,
    time: CallTime,
) -> Result<Option<(Vec<DirectionRow>, ChatCounts)>, StoreError> {
    let Some(plan) = chat_plan(time, w) else {
        return Ok(None);
    };
    let counts_sql = format!(
        "SELECT direction, user_id, CAST(SUM(calls) AS BIGINT) AS n, \
         CAST(SUM(duration_s) AS BIGINT) AS duration FROM ({}) t GROUP BY direction, user_id",
        counts_source(w, time, plan, "direction, user_id")
    );
    let (counts, chats) = tokio::try_join!(query(store, counts_sql), chat_counts(store, w, plan),)?;
    let mut out: BTreeMap<(i16, i64), DirectionRow> = BTreeMap::new();
    for r in counts {
        let (direction, user_id): (i16, i64) =
            (r.try_get("", "direction")?, r.try_get("", "user_id")?);
        let count: i64 = r.try_get("", "n")?;
        if count == 0 {
            continue;
        }
        out.insert(
            (direction, user_id),
            DirectionRow {
                direction,
                user_id,
                count,
                duration_s: r.try_get("", "duration")?,
                unique_chats: chats
                    .by_direction_user
                    .get(&(direction, user_id))
                    .copied()
                    .unwrap_or(0),
            },
        );
    }
    Ok(Some((out.into_values().collect(), chats)))
}

/// [`super::unique_chats_per_user`] and [`super::unique_chats`] from the rollups.
pub(crate) async fn unique_chats(
    store: &Store,
    w: Window<'_>,
    time: CallTime,
) -> Result<Option<ChatCounts>, StoreError> {
    match chat_plan(time, w) {
        Some(plan) => chat_counts(store, w, plan).await.map(Some),
        None => Ok(None),
    }
}

/// (slot, direction) → (calls, duration).
type SlotSums = BTreeMap<(i64, i16), (i64, i64)>;

fn slot_rows(rows: Vec<QueryResult>) -> Result<SlotSums, StoreError> {
    let mut out = BTreeMap::new();
    for r in rows {
        out.insert(
            (r.try_get("", "slot")?, r.try_get::<i16>("", "direction")?),
            (r.try_get("", "n")?, r.try_get("", "duration")?),
        );
    }
    Ok(out)
}

/// [`super::call_slots`] from the rollups: the organisation-wide series when the users asked
/// for are all (or nearly all) of the users with calls, minus the few left out; else the sum of
/// the users' own series.
pub(crate) async fn call_slots(
    store: &Store,
    w: Window<'_>,
    time: CallTime,
) -> Result<Option<Vec<SlotRow>>, StoreError> {
    let Some(plan) = Plan::of(w.start, w.end) else {
        return Ok(None);
    };
    let (org_id, users, k) = (w.org_id, w.users, kind_of(time));
    let asked: HashSet<i64> = users.iter().copied().collect();
    let with_calls = query(
        store,
        format!("SELECT user_id FROM call_rollup_users WHERE org_id = {org_id}"),
    )
    .await?;
    let mut left_out = Vec::new();
    for r in with_calls {
        let u: i64 = r.try_get("", "user_id")?;
        if !asked.contains(&u) {
            left_out.push(u);
        }
    }
    let per_user = |list: &[i64]| {
        format!(
            "SELECT slot, direction, CAST(SUM(calls) AS BIGINT) AS n, \
             CAST(SUM(duration_s) AS BIGINT) AS duration FROM call_slot_rollups \
             WHERE org_id = {org_id} AND time_kind = {k} AND user_id IN ({}) \
             AND slot >= {} AND slot < {} GROUP BY slot, direction",
            in_list(list),
            plan.s0,
            plan.s1
        )
    };
    let rows = if left_out.len() < users.len() {
        let all = query(
            store,
            format!(
                "SELECT slot, direction, calls AS n, duration_s AS duration \
                 FROM call_org_slot_rollups WHERE org_id = {org_id} AND time_kind = {k} \
                 AND slot >= {} AND slot < {}",
                plan.s0, plan.s1
            ),
        )
        .await?;
        let mut all = slot_rows(all)?;
        if !left_out.is_empty() {
            for (key, (n, t)) in slot_rows(query(store, per_user(&left_out)).await?)? {
                if let Some(e) = all.get_mut(&key) {
                    e.0 -= n;
                    e.1 -= t;
                }
            }
        }
        all
    } else {
        slot_rows(query(store, per_user(users)).await?)?
    };
    Ok(Some(
        rows.into_iter()
            .filter(|(_, (n, _))| *n > 0)
            .map(|((slot, direction), (count, duration_s))| SlotRow {
                slot,
                direction,
                count,
                duration_s,
            })
            .collect(),
    ))
}

/// The differences between the stored rollups of `org_id` and a recomputation from its events
/// (empty when they agree). For tests and for checking a database by hand.
pub async fn rollup_drift(store: &Store, org_id: i64) -> Result<Vec<String>, StoreError> {
    let mut checks: Vec<(String, String, String)> = Vec::new();
    for (k, col) in [(0, "occurred_at"), (1, "created_at")] {
        let sums = "COUNT(*), CAST(COALESCE(SUM(duration_s), 0) AS BIGINT)";
        checks.push((
            format!("call_slot_rollups ({col})"),
            format!(
                "SELECT user_id, slot, direction, calls, duration_s FROM call_slot_rollups \
                 WHERE org_id = {org_id} AND time_kind = {k}"
            ),
            format!(
                "SELECT user_id, {col} / {SLOT_MS}, direction, {sums} FROM call_events \
                 WHERE org_id = {org_id} GROUP BY user_id, {col} / {SLOT_MS}, direction"
            ),
        ));
        checks.push((
            format!("call_day_rollups ({col})"),
            format!(
                "SELECT user_id, day, direction, calls, duration_s FROM call_day_rollups \
                 WHERE org_id = {org_id} AND time_kind = {k}"
            ),
            format!(
                "SELECT user_id, {col} / {SLOT_MS} / 96, direction, {sums} FROM call_events \
                 WHERE org_id = {org_id} GROUP BY user_id, {col} / {SLOT_MS} / 96, direction"
            ),
        ));
        checks.push((
            format!("call_org_slot_rollups ({col})"),
            format!(
                "SELECT slot, direction, calls, duration_s FROM call_org_slot_rollups \
                 WHERE org_id = {org_id} AND time_kind = {k}"
            ),
            format!(
                "SELECT {col} / {SLOT_MS}, direction, {sums} FROM call_events \
                 WHERE org_id = {org_id} GROUP BY {col} / {SLOT_MS}, direction"
            ),
        ));
    }
    checks.push((
        "call_rollup_users".to_owned(),
        format!("SELECT user_id FROM call_rollup_users WHERE org_id = {org_id}"),
        format!("SELECT DISTINCT user_id FROM call_events WHERE org_id = {org_id}"),
    ));
    let mut drift = Vec::new();
    for (name, stored, recomputed) in checks {
        for (what, a, b) in [
            ("stored, not in the events", &stored, &recomputed),
            ("in the events, not stored", &recomputed, &stored),
        ] {
            let rows = query(
                store,
                format!("SELECT COUNT(*) AS n FROM ({a} EXCEPT {b}) x"),
            )
            .await?;
            let n: i64 = match rows.first() {
                Some(r) => r.try_get("", "n")?,
                None => 0,
            };
            if n != 0 {
                drift.push(format!("{name}: {n} rows {what}"));
            }
        }
    }
    drift.extend(chat_set_drift(store, org_id).await?);
    Ok(drift)
}

/// The chat sets compared with the distinct (user, day, direction, chat) of the events.
async fn chat_set_drift(store: &Store, org_id: i64) -> Result<Vec<String>, StoreError> {
    let mut stored: BTreeSet<(i64, i64, i16, i64)> = BTreeSet::new();
    let sets = query(
        store,
        format!("SELECT user_id, day, chats FROM call_chat_sets WHERE org_id = {org_id}"),
    )
    .await?;
    let mut entries = Vec::new();
    for r in sets {
        let (user, day): (i64, i64) = (r.try_get("", "user_id")?, r.try_get("", "day")?);
        let blob: Vec<u8> = r.try_get("", "chats")?;
        entries.clear();
        if chat_sets::decode_into(&blob, &mut entries).is_none() {
            return Ok(vec![format!(
                "call_chat_sets: ({user}, {day}) is unreadable"
            )]);
        }
        stored.extend(entries.iter().map(|(d, k)| (user, day, *d, *k)));
    }
    let events = query(
        store,
        format!(
            "SELECT DISTINCT e.user_id, e.occurred_at / {SLOT_MS} / 96 AS day, e.direction, \
             k.id AS chat FROM call_events e \
             LEFT JOIN chat_keys k ON k.org_id = e.org_id AND k.chat_id = e.chat_id \
             WHERE e.org_id = {org_id}"
        ),
    )
    .await?;
    let mut recomputed = BTreeSet::new();
    let mut without_key = 0;
    for r in events {
        match r.try_get::<Option<i64>>("", "chat")? {
            Some(chat) => {
                recomputed.insert((
                    r.try_get("", "user_id")?,
                    r.try_get("", "day")?,
                    r.try_get::<i16>("", "direction")?,
                    chat,
                ));
            }
            None => without_key += 1,
        }
    }
    let mut drift = Vec::new();
    if without_key > 0 {
        drift.push(format!("chat_keys: {without_key} event chats have no key"));
    }
    for (what, n) in [
        (
            "stored, not in the events",
            stored.difference(&recomputed).count(),
        ),
        (
            "in the events, not stored",
            recomputed.difference(&stored).count(),
        ),
    ] {
        if n != 0 {
            drift.push(format!("call_chat_sets: {n} entries {what}"));
        }
    }
    Ok(drift)
}

#[cfg(test)]
mod tests {
    use super::{Plan, SLOT_MS};

    const DAY: i64 = 86_400_000;

    #[test]
    fn a_range_of_local_days_splits_into_utc_days_and_edge_slots() {
        // Kolkata 2026-11-02..=2026-11-03: 2026-11-01T18:30Z ..= 2026-11-03T18:29:59.999Z, so
        // the only whole UTC day inside is 2026-11-02; the rest are two edges of 22 h 30 min.
        let day0 = 1_793_491_200_000 / DAY; // 2026-11-01 UTC
        let start = day0 * DAY + 18 * 3_600_000 + 1_800_000;
        let end = start + 2 * DAY - 1;
        let p = Plan::of(start, end).unwrap();
        assert_eq!((p.d0, p.d1), (day0 + 1, day0 + 2));
        assert_eq!(
            p.edges(),
            vec![
                (start / SLOT_MS, (day0 + 1) * 96),
                ((day0 + 2) * 96, (end + 1) / SLOT_MS)
            ]
        );
        // Whole UTC days: no edges.
        let p = Plan::of(day0 * DAY, (day0 + 2) * DAY - 1).unwrap();
        assert_eq!(p.edges(), Vec::<(i64, i64)>::new());
        // Shorter than a day: one edge, no days.
        let p = Plan::of(start, start + 3_600_000 - 1).unwrap();
        assert!(!p.has_days());
        assert_eq!(p.edges(), vec![(start / SLOT_MS, start / SLOT_MS + 4)]);
        // Not on quarter hours: answered from the events.
        assert_eq!(Plan::of(start + 1, end), None);
        assert_eq!(Plan::of(start, end - 1), None);
    }
}
