//! Rollups of the call events, kept at ingestion in the same transaction as the events (issue
//! #6: the dashboards answer from them instead of grouping the raw rows). `time_kind` is 0 for
//! the call's time (`occurred_at`) and 1 for its log time (`created_at`); `slot` is the UTC
//! quarter hour (`time / 900 000`) and `day` the UTC day (`slot / 96`).
//!
//! - `call_slot_rollups`: calls and duration per user, quarter hour and direction — the range
//!   edges and the per-slot series.
//! - `call_day_rollups`: the same per UTC day — the whole days inside a range.
//! - `call_org_slot_rollups`: per quarter hour and direction over every user of the
//!   organisation — the per-slot series when (nearly) every member is asked for.
//! - `call_rollup_users`: the users with calls in the organisation (which users the
//!   organisation-wide rollup contains).
//! - `call_chat_days`: each (user, direction, chat) seen on a UTC day once — the exact distinct
//!   chat counts of whole days; the range edges are read from the events.
//!
//! Existing events are folded in here (backfill).

use crate::columns::migration;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

migration!();

/// The organisation a rollup row belongs to; deleting the organisation deletes its rollups.
pub(crate) const FK: &str = "REFERENCES organisations (id) ON DELETE CASCADE";

/// A clustered primary key on SQLite: the range scans read the rollup rows in key order.
pub(crate) fn clustered(sqlite: bool) -> &'static str {
    if sqlite {
        " WITHOUT ROWID"
    } else {
        ""
    }
}

/// Calls and duration per user, `unit` (`slot` or `day`) and direction.
fn per_user(unit: &str, clustered: &str) -> String {
    format!(
        "CREATE TABLE call_{unit}_rollups (
                org_id BIGINT NOT NULL {FK}, time_kind SMALLINT NOT NULL,
                user_id BIGINT NOT NULL, {unit} BIGINT NOT NULL, direction SMALLINT NOT NULL,
                calls BIGINT NOT NULL, duration_s BIGINT NOT NULL,
                PRIMARY KEY (org_id, time_kind, user_id, {unit}, direction)){clustered}"
    )
}

/// Each (user, direction, chat) seen on a UTC day once (replaced by `call_chat_sets` in
/// migration 000007, whose `down` brings it back).
pub(crate) fn call_chat_days(clustered: &str) -> String {
    format!(
        "CREATE TABLE call_chat_days (
                org_id BIGINT NOT NULL {FK}, time_kind SMALLINT NOT NULL,
                user_id BIGINT NOT NULL, day BIGINT NOT NULL, direction SMALLINT NOT NULL,
                chat_id TEXT NOT NULL,
                PRIMARY KEY (org_id, time_kind, user_id, day, direction, chat_id)){clustered}"
    )
}

fn tables(sqlite: bool) -> Vec<String> {
    let clustered = clustered(sqlite);
    vec![
        per_user("slot", clustered),
        per_user("day", clustered),
        format!(
            "CREATE TABLE call_org_slot_rollups (
                org_id BIGINT NOT NULL {FK}, time_kind SMALLINT NOT NULL,
                slot BIGINT NOT NULL, direction SMALLINT NOT NULL,
                calls BIGINT NOT NULL, duration_s BIGINT NOT NULL,
                PRIMARY KEY (org_id, time_kind, slot, direction)){clustered}"
        ),
        format!(
            "CREATE TABLE call_rollup_users (
                org_id BIGINT NOT NULL {FK}, user_id BIGINT NOT NULL,
                PRIMARY KEY (org_id, user_id)){clustered}"
        ),
        call_chat_days(clustered),
    ]
}

fn backfill() -> Vec<String> {
    let mut out = Vec::new();
    for (kind, col) in [(0, "occurred_at"), (1, "created_at")] {
        out.push(format!(
            "INSERT INTO call_slot_rollups
             SELECT org_id, {kind}, user_id, {col} / 900000, direction, COUNT(*),
                    CAST(COALESCE(SUM(duration_s), 0) AS BIGINT)
             FROM call_events GROUP BY org_id, user_id, {col} / 900000, direction"
        ));
        out.push(format!(
            "INSERT INTO call_day_rollups
             SELECT org_id, {kind}, user_id, {col} / 900000 / 96, direction, COUNT(*),
                    CAST(COALESCE(SUM(duration_s), 0) AS BIGINT)
             FROM call_events GROUP BY org_id, user_id, {col} / 900000 / 96, direction"
        ));
        out.push(format!(
            "INSERT INTO call_org_slot_rollups
             SELECT org_id, {kind}, {col} / 900000, direction, COUNT(*),
                    CAST(COALESCE(SUM(duration_s), 0) AS BIGINT)
             FROM call_events GROUP BY org_id, {col} / 900000, direction"
        ));
        out.push(format!(
            "INSERT INTO call_chat_days
             SELECT DISTINCT org_id, {kind}, user_id, {col} / 900000 / 96, direction, chat_id
             FROM call_events"
        ));
    }
    out.push(
        "INSERT INTO call_rollup_users SELECT DISTINCT org_id, user_id FROM call_events".to_owned(),
    );
    out
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = m.get_connection();
    let sqlite = m.get_database_backend() == DatabaseBackend::Sqlite;
    for sql in tables(sqlite).into_iter().chain(backfill()) {
        db.execute_unprepared(&sql).await?;
    }
    Ok(())
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = m.get_connection();
    for t in [
        "call_chat_days",
        "call_rollup_users",
        "call_org_slot_rollups",
        "call_day_rollups",
        "call_slot_rollups",
    ] {
        db.execute_unprepared(&format!("DROP TABLE IF EXISTS {t}"))
            .await?;
    }
    Ok(())
}
