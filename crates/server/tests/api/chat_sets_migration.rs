//! Migration `m20261124_000007_chat_sets` on a database that already holds calls: the per-day
//! chat rows of the earlier rollups become chat keys and per-day sets, every event's chat is
//! kept, the distinct counts the overview shows equal a `COUNT(DISTINCT)` over the events, and
//! ingestion after the migration extends the same sets.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use domain::events::CallEvent;
use migration::{Migrator, MigratorTrait};
use store::analytics::{self as a, CallTime, OverviewCounts};
use store::sea_orm::{ConnectionTrait, Statement};
use store::Store;
use testkit::process::TestDatabase;
use testkit::Backend;

const DAY: i64 = 86_400_000;
/// 2026-11-01T00:00:00Z.
const T0: i64 = 1_793_491_200_000;
/// Kolkata midnight before `T0`: local days start at 18:30 UTC.
const KOLKATA_MIDNIGHT: i64 = T0 - 5 * 3_600_000 - 1_800_000;

async fn exec(store: &Store, sql: &str) {
    store.conn().execute_unprepared(sql).await.unwrap();
}

/// Deterministic calls over six days, chats repeating within and across users and days.
fn calls(n: usize, salt: u64) -> Vec<(String, i64, String, i16, i64, i64)> {
    let mut s: u64 = 0x2545_F491_4F6C_DD1D ^ salt;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    (0..n)
        .map(|i| {
            let at = T0 - 3 * DAY + (next() % (6 * DAY as u64)) as i64;
            (
                format!("m{salt}-{i}"),
                1 + (next() % 4) as i64,
                format!("91{:03}@c.us", next() % 60),
                [1, 2, 3, 5][(next() % 4) as usize],
                (next() % 300) as i64,
                at,
            )
        })
        .collect()
}

/// [`calls`] as the events ingestion takes, each chat id given by `chat(chat_id, duration_s)`.
fn call_events(n: usize, salt: u64, chat: impl Fn(String, i64) -> String) -> Vec<CallEvent> {
    calls(n, salt)
        .into_iter()
        .map(
            |(event_id, user_id, chat_id, direction, duration_s, at)| CallEvent {
                event_id,
                user_id,
                chat_id: chat(chat_id, duration_s),
                direction,
                duration_s,
                occurred_at: at,
                created_at: at,
                updated_at: at,
            },
        )
        .collect()
}

/// User 1 and the organisation 1 they made, as rows.
async fn user_and_organisation(store: &Store) {
    exec(
        store,
        "INSERT INTO users (email, name, created_at, updated_at) VALUES ('a@x.test', 'A', 0, 0)",
    )
    .await;
    exec(store, "INSERT INTO organisations (name, organization_code, created_by, created_at, updated_at) VALUES ('Org', 'ORG1', 1, 0, 0)").await;
}

/// The overview's distinct counts straight from the events.
async fn recomputed(store: &Store, users: &[i64], start: i64, end: i64) -> OverviewCounts {
    let q = |sql: String| async move {
        store
            .conn()
            .query_all(Statement::from_string(
                store.conn().get_database_backend(),
                sql,
            ))
            .await
            .unwrap()
    };
    let list = users
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let filter = format!(
        "FROM call_events WHERE org_id = 1 AND user_id IN ({list}) \
         AND occurred_at >= {start} AND occurred_at <= {end}"
    );
    let rows = q(format!(
        "SELECT direction, user_id, COUNT(*) AS n, CAST(SUM(duration_s) AS BIGINT) AS d, \
         COUNT(DISTINCT chat_id) AS c {filter} GROUP BY direction, user_id \
         ORDER BY direction, user_id"
    ))
    .await
    .iter()
    .map(|r| a::DirectionRow {
        direction: r.try_get::<i16>("", "direction").unwrap(),
        user_id: r.try_get("", "user_id").unwrap(),
        count: r.try_get("", "n").unwrap(),
        duration_s: r.try_get("", "d").unwrap(),
        unique_chats: r.try_get("", "c").unwrap(),
    })
    .collect();
    let unique_per_user = q(format!(
        "SELECT user_id, COUNT(DISTINCT chat_id) AS c {filter} GROUP BY user_id ORDER BY user_id"
    ))
    .await
    .iter()
    .map(|r| {
        (
            r.try_get("", "user_id").unwrap(),
            r.try_get("", "c").unwrap(),
        )
    })
    .collect();
    let unique_total = q(format!("SELECT COUNT(DISTINCT chat_id) AS c {filter}"))
        .await
        .first()
        .map(|r| r.try_get("", "c").unwrap())
        .unwrap_or(0);
    OverviewCounts {
        rows,
        unique_per_user,
        unique_total,
    }
}

async fn check_counts(store: &Store) {
    // Local days in Kolkata (edges of 18.5 and 5.5 hours), one local day, all users and a pair.
    for (users, start, end) in [
        (
            vec![1, 2, 3, 4],
            KOLKATA_MIDNIGHT - 2 * DAY,
            KOLKATA_MIDNIGHT + 2 * DAY - 1,
        ),
        (
            vec![2, 4],
            KOLKATA_MIDNIGHT - 2 * DAY,
            KOLKATA_MIDNIGHT + 2 * DAY - 1,
        ),
        (
            vec![1, 2, 3, 4],
            KOLKATA_MIDNIGHT,
            KOLKATA_MIDNIGHT + DAY - 1,
        ),
        (vec![3], T0 - 3 * DAY, T0 + 3 * DAY - 1),
    ] {
        let got = a::call_overview_with_uniques(
            store,
            a::Window {
                org_id: 1,
                users: &users,
                start,
                end,
            },
            CallTime::Occurred,
        )
        .await
        .unwrap();
        let want = recomputed(store, &users, start, end).await;
        assert!(want.unique_total > 0);
        assert_eq!(got, want, "users {users:?}, {start}..={end}");
    }
}

async fn chat_days_become_chat_sets(backend: Backend) {
    let db = TestDatabase::create(backend).await.unwrap();
    let store = Store::connect(db.url()).await.unwrap();
    Migrator::up(store.conn(), Some(5)).await.unwrap();
    user_and_organisation(&store).await;
    let old = calls(400, 1);
    for chunk in old.chunks(100) {
        let values = chunk
            .iter()
            .map(|(id, user, chat, dir, dur, at)| {
                format!("(1, '{id}', {user}, '{chat}', {dir}, {dur}, {at}, {at}, {at}, {at})")
            })
            .collect::<Vec<_>>()
            .join(",");
        exec(
            &store,
            &format!(
                "INSERT INTO call_events (org_id, event_id, user_id, chat_id, direction, \
                 duration_s, occurred_at, created_at, updated_at, received_at) VALUES {values}"
            ),
        )
        .await;
    }

    // 000006 folds the events into per-day chat rows, 000007 turns those into sets.
    store.migrate().await.unwrap();
    assert_eq!(
        a::rollup_drift(&store, 1).await.unwrap(),
        Vec::<String>::new()
    );
    check_counts(&store).await;

    // New calls after the migration: some chats already in a set, some new.
    let new = call_events(300, 2, |chat_id, duration_s| {
        chat_id.replace("91", if duration_s % 2 == 0 { "91" } else { "44" })
    });
    assert_eq!(a::insert_calls(&store, 1, &new, T0).await.unwrap(), 300);
    assert_eq!(a::insert_calls(&store, 1, &new, T0).await.unwrap(), 0);
    assert_eq!(
        a::rollup_drift(&store, 1).await.unwrap(),
        Vec::<String>::new()
    );
    check_counts(&store).await;
}

#[tokio::test]
async fn chat_days_become_chat_sets_on_sqlite() {
    chat_days_become_chat_sets(Backend::Sqlite).await;
}

#[tokio::test]
async fn chat_days_become_chat_sets_on_postgres() {
    if testkit::postgres_available().await {
        chat_days_become_chat_sets(Backend::Postgres).await;
    }
}

/// Batches for the same users and days committed at once (PostgreSQL lets them overlap; SQLite
/// takes them one by one), on sets that already exist: every chat of every batch ends up in
/// the sets (none lost to a write over another's).
async fn concurrent_batches_all_reach_the_sets(backend: Backend) {
    let db = TestDatabase::create(backend).await.unwrap();
    let store = Store::connect(db.url()).await.unwrap();
    store.migrate().await.unwrap();
    user_and_organisation(&store).await;
    let first = call_events(400, 9, |chat_id, _| chat_id);
    assert_eq!(a::insert_calls(&store, 1, &first, T0).await.unwrap(), 400);
    let mut tasks = Vec::new();
    for batch in 0..8u64 {
        let store = store.clone();
        let events = call_events(200, 10 + batch, |chat_id, duration_s| {
            format!("{chat_id}-{}", duration_s % 7)
        });
        tasks.push(tokio::spawn(async move {
            a::insert_calls(&store, 1, &events, T0).await.unwrap()
        }));
    }
    let mut stored = 0;
    for t in tasks {
        stored += t.await.unwrap();
    }
    assert_eq!(stored, 1_600);
    assert!(a::rollup_drift(&store, 1).await.unwrap().is_empty());
    assert_eq!(
        a::rollup_drift(&store, 1).await.unwrap(),
        Vec::<String>::new()
    );
    check_counts(&store).await;
}

#[tokio::test]
async fn concurrent_batches_all_reach_the_sets_on_sqlite() {
    concurrent_batches_all_reach_the_sets(Backend::Sqlite).await;
}

#[tokio::test]
async fn concurrent_batches_all_reach_the_sets_on_postgres() {
    if testkit::postgres_available().await {
        concurrent_batches_all_reach_the_sets(Backend::Postgres).await;
    }
}
