//! Distinct chats per user and UTC day as one small set instead of one row per chat (issue #6:
//! the per-day rows of `call_chat_days` were about as many as the events, so an exact distinct
//! count over them cost what the raw `COUNT(DISTINCT)` did).
//!
//! - `chat_keys`: an integer for each chat id of an organisation, so a set holds integers.
//! - `call_chat_sets`: per user and UTC day of the call's time, the distinct (direction, chat
//!   key) pairs, encoded as [`crate::chat_sets`] describes. A 30-day dashboard reads 30 blobs per
//!   user and unites them in memory.
//!
//! `call_chat_days` is replaced: its content is folded into the new tables, then it is dropped.

use crate::chat_sets;
use crate::columns::migration;
use crate::m20261123_000006_call_rollups::{call_chat_days, clustered, FK};
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend, Statement, Value};

migration!();

/// Sets written per INSERT statement.
const CHUNK: usize = 500;

fn tables(sqlite: bool) -> Vec<String> {
    let (id, blob) = if sqlite {
        ("INTEGER PRIMARY KEY", "BLOB")
    } else {
        ("BIGSERIAL PRIMARY KEY", "BYTEA")
    };
    let clustered = clustered(sqlite);
    vec![
        format!(
            "CREATE TABLE chat_keys (
                id {id}, org_id BIGINT NOT NULL {FK}, chat_id TEXT NOT NULL,
                UNIQUE (org_id, chat_id))"
        ),
        format!(
            "CREATE TABLE call_chat_sets (
                org_id BIGINT NOT NULL {FK}, user_id BIGINT NOT NULL, day BIGINT NOT NULL,
                chats {blob} NOT NULL,
                PRIMARY KEY (org_id, user_id, day)){clustered}"
        ),
    ]
}

async fn backfill<C: ConnectionTrait>(db: &C, backend: DatabaseBackend) -> Result<(), DbErr> {
    db.execute_unprepared(
        "INSERT INTO chat_keys (org_id, chat_id)
         SELECT DISTINCT org_id, chat_id FROM call_chat_days ORDER BY org_id, chat_id",
    )
    .await?;
    let rows = db
        .query_all(Statement::from_string(
            backend,
            "SELECT DISTINCT c.org_id, c.user_id, c.day, c.direction, k.id AS chat
             FROM call_chat_days c
             JOIN chat_keys k ON k.org_id = c.org_id AND k.chat_id = c.chat_id
             WHERE c.time_kind = 0
             ORDER BY c.org_id, c.user_id, c.day, c.direction, k.id",
        ))
        .await?;
    // Rows arrive grouped by (org, user, day) and sorted inside: one set per group.
    let mut sets: Vec<(i64, i64, i64, Vec<u8>)> = Vec::new();
    let mut group: Option<(i64, i64, i64)> = None;
    let mut entries: Vec<chat_sets::Entry> = Vec::new();
    let mut flush = |group: Option<(i64, i64, i64)>, entries: &mut Vec<chat_sets::Entry>| {
        if let Some((o, u, d)) = group {
            sets.push((o, u, d, chat_sets::encode(entries)));
        }
        entries.clear();
    };
    for r in rows {
        let key = (
            r.try_get::<i64>("", "org_id")?,
            r.try_get::<i64>("", "user_id")?,
            r.try_get::<i64>("", "day")?,
        );
        if group != Some(key) {
            flush(group, &mut entries);
            group = Some(key);
        }
        entries.push((r.try_get::<i16>("", "direction")?, r.try_get("", "chat")?));
    }
    flush(group, &mut entries);
    for chunk in sets.chunks(CHUNK) {
        let mut values: Vec<Value> = Vec::with_capacity(chunk.len() * 4);
        let mut rows = Vec::with_capacity(chunk.len());
        for (i, (o, u, d, blob)) in chunk.iter().enumerate() {
            rows.push(match backend {
                DatabaseBackend::Postgres => {
                    let b = i * 4;
                    format!("(${}, ${}, ${}, ${})", b + 1, b + 2, b + 3, b + 4)
                }
                _ => "(?, ?, ?, ?)".to_owned(),
            });
            values.extend([(*o).into(), (*u).into(), (*d).into(), blob.clone().into()]);
        }
        db.execute(Statement::from_sql_and_values(
            backend,
            format!(
                "INSERT INTO call_chat_sets (org_id, user_id, day, chats) VALUES {}",
                rows.join(",")
            ),
            values,
        ))
        .await?;
    }
    Ok(())
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = m.get_connection();
    let backend = m.get_database_backend();
    for sql in tables(backend == DatabaseBackend::Sqlite) {
        db.execute_unprepared(&sql).await?;
    }
    backfill(db, backend).await?;
    db.execute_unprepared("DROP TABLE call_chat_days").await?;
    Ok(())
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = m.get_connection();
    let sqlite = m.get_database_backend() == DatabaseBackend::Sqlite;
    db.execute_unprepared(&call_chat_days(clustered(sqlite)))
        .await?;
    db.execute_unprepared(
        "INSERT INTO call_chat_days
             SELECT DISTINCT org_id, 0, user_id, occurred_at / 900000 / 96, direction, chat_id
             FROM call_events",
    )
    .await?;
    for t in ["call_chat_sets", "chat_keys"] {
        db.execute_unprepared(&format!("DROP TABLE IF EXISTS {t}"))
            .await?;
    }
    Ok(())
}
