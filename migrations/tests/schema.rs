//! The schema the migrations create, and the rows they seed, on SQLite and on PostgreSQL,
//! compared with the committed snapshots in `tests/schema/`. A landed migration's effect never
//! changes; its text may be refactored only while this test shows the same schema.
//! `UPDATE_GENERATED=1` rewrites the snapshots: for a new migration only.
//!
//! PostgreSQL is the server at `TEST_DATABASE_URL`, else the local one on 5432 (user
//! `postgres`); each run creates a database of its own and drops it. Without a server the
//! PostgreSQL half is skipped with a note, unless `CI=true`.

use migration::{Migrator, MigratorTrait};
use sea_orm_migration::sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, QueryResult,
    Statement,
};
use std::path::PathBuf;
use std::time::Duration;

/// The migrator's own bookkeeping table, which no migration declares.
const BOOKKEEPING: &str = "seaql_migrations";

fn snapshot_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/schema")
        .join(name)
}

/// Compares `fresh` with the committed snapshot `name`, or rewrites it under `UPDATE_GENERATED=1`.
fn check_snapshot(name: &str, fresh: &str) {
    let path = snapshot_path(name);
    if std::env::var("UPDATE_GENERATED").as_deref() == Ok("1") {
        std::fs::write(&path, fresh).expect("write the schema snapshot");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != fresh {
        let line = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .map_or_else(|| "the end".to_owned(), |i| format!("line {}", i + 1));
        panic!(
            "the migrations no longer create the schema of {} (first difference at {line}):\n\
             --- fresh ---\n{fresh}",
            path.display()
        );
    }
}

fn text(row: &QueryResult, col: &str) -> String {
    row.try_get::<Option<String>>("", col)
        .expect("a text column")
        .unwrap_or_else(|| "NULL".to_owned())
}

async fn rows(db: &DatabaseConnection, sql: &str) -> Vec<QueryResult> {
    db.query_all(Statement::from_string(db.get_database_backend(), sql))
        .await
        .expect("read the schema")
}

/// Every table, index and trigger SQLite keeps, with the statement that made it (but
/// `sqlite_sequence`, which SQLite makes for the first AUTOINCREMENT column and keeps).
async fn sqlite_schema(db: &DatabaseConnection) -> String {
    let mut out = String::new();
    for r in rows(
        db,
        &format!(
            "SELECT type, name, tbl_name, sql FROM sqlite_master \
             WHERE tbl_name NOT IN ('{BOOKKEEPING}', 'sqlite_sequence') ORDER BY type, name, tbl_name"
        ),
    )
    .await
    {
        out.push_str(&format!(
            "-- {} {} on {}\n{};\n\n",
            text(&r, "type"),
            text(&r, "name"),
            text(&r, "tbl_name"),
            text(&r, "sql")
        ));
    }
    let tables = rows(
        db,
        &format!(
            "SELECT name FROM sqlite_master WHERE type = 'table' \
             AND name NOT IN ('{BOOKKEEPING}', 'sqlite_sequence') ORDER BY name"
        ),
    )
    .await;
    for t in tables.iter().map(|r| text(r, "name")) {
        // Each row as SQL literals, in column order.
        let values = rows(
            db,
            &format!(
                "SELECT group_concat('quote(\"' || name || '\")', ' || '', '' || ') AS e \
                 FROM (SELECT name FROM pragma_table_info('{t}') ORDER BY cid)"
            ),
        )
        .await;
        let expr = text(&values[0], "e");
        seeded_rows(
            db,
            &t,
            &format!("SELECT {expr} AS r FROM \"{t}\" ORDER BY 1"),
            &mut out,
        )
        .await;
    }
    out
}

/// The rows of `table` (what a migration seeds), under a heading when there are any.
async fn seeded_rows(db: &DatabaseConnection, table: &str, sql: &str, out: &mut String) {
    let found = rows(db, sql).await;
    if !found.is_empty() {
        out.push_str(&format!("\n-- rows of {table}\n"));
        for r in found {
            out.push_str(&text(&r, "r"));
            out.push('\n');
        }
    }
}

/// The columns (in their order), constraints and indexes of the `public` schema.
async fn postgres_schema(db: &DatabaseConnection) -> String {
    let mut out = String::from("-- columns: table.column type null default identity\n");
    for r in rows(
        db,
        &format!(
            "SELECT table_name::text AS t, column_name::text AS c, \
               (data_type || COALESCE('(' || character_maximum_length || ')', ''))::text AS ty, \
               is_nullable::text AS n, column_default::text AS d, \
               (is_identity || COALESCE(' ' || identity_generation, ''))::text AS i \
             FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name <> '{BOOKKEEPING}' \
             ORDER BY table_name, ordinal_position"
        ),
    )
    .await
    {
        out.push_str(&format!(
            "{}.{} {} null={} default={} identity={}\n",
            text(&r, "t"),
            text(&r, "c"),
            text(&r, "ty"),
            text(&r, "n"),
            text(&r, "d"),
            text(&r, "i")
        ));
    }
    out.push_str("\n-- constraints: table name definition\n");
    for r in rows(
        db,
        &format!(
            "SELECT c.conrelid::regclass::text AS t, c.conname::text AS n, \
               pg_get_constraintdef(c.oid)::text AS d \
             FROM pg_constraint c JOIN pg_namespace s ON s.oid = c.connamespace \
             WHERE s.nspname = 'public' AND c.conrelid::regclass::text <> '{BOOKKEEPING}' \
             ORDER BY 1, 2, 3"
        ),
    )
    .await
    {
        out.push_str(&format!(
            "{} {} {}\n",
            text(&r, "t"),
            text(&r, "n"),
            text(&r, "d")
        ));
    }
    out.push_str("\n-- indexes\n");
    for r in rows(
        db,
        &format!(
            "SELECT indexdef::text AS d FROM pg_indexes \
             WHERE schemaname = 'public' AND tablename <> '{BOOKKEEPING}' \
             ORDER BY tablename, indexname"
        ),
    )
    .await
    {
        out.push_str(&text(&r, "d"));
        out.push('\n');
    }
    let tables = rows(
        db,
        &format!(
            "SELECT tablename::text AS t FROM pg_tables \
             WHERE schemaname = 'public' AND tablename <> '{BOOKKEEPING}' ORDER BY 1"
        ),
    )
    .await;
    for t in tables.iter().map(|r| text(r, "t")) {
        let sql = format!("SELECT r::text AS r FROM \"{t}\" r ORDER BY 1");
        seeded_rows(db, &t, &sql, &mut out).await;
    }
    out
}

/// Runs every migration up, checks the schema; then, every migration having a `down`, runs them
/// all down and up again and checks the schema is the same.
async fn up_down_up(db: &DatabaseConnection, snapshot: &str) {
    let dump = |db: &DatabaseConnection| {
        let db = db.clone();
        async move {
            match db.get_database_backend() {
                DbBackend::Sqlite => sqlite_schema(&db).await,
                _ => postgres_schema(&db).await,
            }
        }
    };
    Migrator::up(db, None).await.expect("migrations up");
    let first = dump(db).await;
    check_snapshot(snapshot, &first);

    Migrator::down(db, None).await.expect("migrations down");
    let empty = dump(db).await;
    assert!(
        empty.lines().all(|l| l.starts_with("-- ") || l.is_empty()),
        "down leaves tables behind:\n{empty}"
    );
    Migrator::up(db, None).await.expect("migrations up again");
    assert_eq!(dump(db).await, first, "down then up changes the schema");
}

#[tokio::test]
async fn the_migrations_create_the_committed_sqlite_schema() {
    // One connection: every connection to `:memory:` is a database of its own.
    let mut opts = ConnectOptions::new("sqlite::memory:");
    opts.max_connections(1)
        .min_connections(1)
        .sqlx_logging(false);
    let db = Database::connect(opts).await.expect("open SQLite");
    up_down_up(&db, "sqlite.sql").await;
}

fn postgres_admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// `url` with its database name replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let base = base.rsplit_once('/').map_or(base, |(b, _)| b);
    match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    }
}

async fn connect(url: &str) -> Result<DatabaseConnection, String> {
    let mut opts = ConnectOptions::new(url);
    opts.max_connections(2)
        .connect_timeout(Duration::from_secs(5))
        .acquire_timeout(Duration::from_secs(5))
        .sqlx_logging(false);
    tokio::time::timeout(Duration::from_secs(6), Database::connect(opts))
        .await
        .map_err(|_| "timed out".to_owned())?
        .map_err(|e| e.to_string())
}

#[tokio::test]
async fn the_migrations_create_the_committed_postgres_schema() {
    let admin_url = postgres_admin_url();
    let admin = match connect(&admin_url).await {
        Ok(db) => db,
        Err(e) if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") => {
            panic!("CI requires PostgreSQL at {admin_url}: {e}")
        }
        Err(e) => {
            eprintln!("skipping the PostgreSQL schema test: {e}");
            return;
        }
    };
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let name = format!("sb_schema_{}_{nanos}", std::process::id());
    admin
        .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
        .await
        .expect("create the test database");
    // The database is dropped whether the comparison passes or not.
    let outcome = tokio::spawn({
        let url = with_database(&admin_url, &name);
        async move {
            let db = connect(&url).await.expect("connect to the test database");
            up_down_up(&db, "postgres.sql").await;
            db.close().await.ok();
        }
    })
    .await;
    admin
        .execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
        .await
        .expect("drop the test database");
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
}
