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
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, Statement,
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
        let (old, new): (Vec<_>, Vec<_>) = (committed.lines().collect(), fresh.lines().collect());
        let at = (0..old.len().max(new.len()))
            .find(|&i| old.get(i) != new.get(i))
            .unwrap_or_default();
        panic!(
            "the migrations no longer create the schema of {}; first difference at line {}:\n\
             - {}\n+ {}\n\
             A landed migration's effect never changes. For a new migration only, rewrite the \
             snapshots with UPDATE_GENERATED=1 cargo test -p switchboard-migration --test schema",
            path.display(),
            at + 1,
            old.get(at).unwrap_or(&"(end)"),
            new.get(at).unwrap_or(&"(end)"),
        );
    }
}

/// The text column `line` of every row `sql` selects, each followed by a newline.
async fn lines(db: &DatabaseConnection, sql: &str) -> String {
    let rows = db
        .query_all(Statement::from_string(db.get_database_backend(), sql))
        .await
        .expect("read the schema");
    let mut out = String::new();
    for r in rows {
        out.push_str(&r.try_get::<String>("", "line").expect("a text line"));
        out.push('\n');
    }
    out
}

/// The rows of `table` (what a migration seeds), `row` the SQL expression of a row `r` as
/// text, under a heading when there are any.
async fn seeded_rows(db: &DatabaseConnection, table: &str, row: &str) -> String {
    let sql = format!("SELECT {row} AS line FROM \"{table}\" r ORDER BY 1");
    let found = lines(db, &sql).await;
    if found.is_empty() {
        found
    } else {
        format!("\n-- rows of {table}\n{found}")
    }
}

/// Every table, index and trigger SQLite keeps, with the statement that made it (but
/// `sqlite_sequence`, which SQLite makes for the first AUTOINCREMENT column and keeps), then
/// the rows of each table as SQL literals.
async fn sqlite_schema(db: &DatabaseConnection) -> String {
    let ours = format!("NOT IN ('{BOOKKEEPING}', 'sqlite_sequence')");
    let mut out = lines(
        db,
        &format!(
            "SELECT '-- ' || type || ' ' || name || ' on ' || tbl_name || char(10) \
               || COALESCE(sql, 'NULL') || ';' || char(10) AS line \
             FROM sqlite_master WHERE tbl_name {ours} ORDER BY type, name, tbl_name"
        ),
    )
    .await;
    let tables = format!(
        "SELECT name AS line FROM sqlite_master WHERE type = 'table' AND name {ours} ORDER BY name"
    );
    for t in lines(db, &tables).await.lines() {
        let row = format!(
            "SELECT group_concat('quote(\"' || name || '\")', ' || '', '' || ') AS line \
             FROM (SELECT name FROM pragma_table_info('{t}') ORDER BY cid)"
        );
        out.push_str(&seeded_rows(db, t, lines(db, &row).await.trim_end()).await);
    }
    out
}

/// The columns (in their order), constraints and indexes of the `public` schema, then the rows
/// of each table.
async fn postgres_schema(db: &DatabaseConnection) -> String {
    let columns = lines(
        db,
        &format!(
            "SELECT table_name || '.' || column_name || ' ' || data_type \
               || COALESCE('(' || character_maximum_length || ')', '') \
               || ' null=' || is_nullable || ' default=' || COALESCE(column_default, 'NULL') \
               || ' identity=' || is_identity || COALESCE(' ' || identity_generation, '') AS line \
             FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name <> '{BOOKKEEPING}' \
             ORDER BY table_name, ordinal_position"
        ),
    )
    .await;
    let constraints = lines(
        db,
        &format!(
            "SELECT c.conrelid::regclass::text || ' ' || c.conname || ' ' \
               || pg_get_constraintdef(c.oid) AS line \
             FROM pg_constraint c JOIN pg_namespace s ON s.oid = c.connamespace \
             WHERE s.nspname = 'public' AND c.conrelid::regclass::text <> '{BOOKKEEPING}' \
             ORDER BY c.conrelid::regclass::text, c.conname::text, pg_get_constraintdef(c.oid)"
        ),
    )
    .await;
    let indexes = lines(
        db,
        &format!(
            "SELECT indexdef AS line FROM pg_indexes \
             WHERE schemaname = 'public' AND tablename <> '{BOOKKEEPING}' \
             ORDER BY tablename, indexname"
        ),
    )
    .await;
    let mut out = format!(
        "-- columns: table.column type null default identity\n{columns}\n\
         -- constraints: table name definition\n{constraints}\n-- indexes\n{indexes}"
    );
    let tables = format!(
        "SELECT tablename::text AS line FROM pg_tables \
         WHERE schemaname = 'public' AND tablename <> '{BOOKKEEPING}' ORDER BY 1"
    );
    for t in lines(db, &tables).await.lines() {
        out.push_str(&seeded_rows(db, t, "r::text").await);
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
    up_down_up(&db, "sqlite.snap").await;
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
            up_down_up(&db, "postgres.snap").await;
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

/// sea-orm knows a migration by its name alone (recorded in `seaql_migrations`): a landed
/// migration keeps its name, and the migrations run in this order.
#[test]
fn the_migrations_keep_their_names_and_order() {
    let names: Vec<String> = Migrator::migrations()
        .iter()
        .map(|m| m.name().to_owned())
        .collect();
    assert_eq!(
        names,
        [
            "m20261121_000001_core",
            "m20261122_000002_accounts",
            "m20261122_000003_integrations",
            "m20261122_000004_analytics",
            "m20261122_000004_usage_events",
            "m20261123_000005_sync",
            "m20261123_000006_call_rollups",
            "m20261124_000007_chat_sets",
            "m20261125_000008_extension_tokens",
            "m20261125_000009_billing",
            "m20261125_000010_operator_admin",
            "m20261125_000011_knowledge_base",
            "m20261126_000012_manage_tools",
            "m20261127_000013_kb_staging",
            "m20261127_000015_extension_token_renewal",
            "m20261127_000016_stored_files",
            "m20261127_000018_invitations",
            "m20261128_000019_team_inbox",
            "m20261128_000020_inbox_search",
            "m20261128_000021_inbox_lookups",
            "m20261128_000022_inbox_media",
            "m20261128_000023_inbox_search_column",
            "m20261128_000024_inbox_search_terms",
            "m20261129_000025_follow_up_reminders",
            "m20261129_000030_my_account",
            "m20261129_000035_join_by_code",
            "m20261129_000045_referrals",
            "m20261129_000050_onboarding",
            "m20261130_000040_feedback",
            "m20261130_000055_contacts",
            "m20261130_000056_deals",
            "m20261130_000057_contact_views",
            "m20261130_000058_tickets_calls",
            "m20261130_000059_contact_timeline",
            "m20261130_000060_crm_watches",
            "m20261130_000061_contact_labels",
            "m20261201_000062_business_hours",
        ]
    );
}

#[tokio::test]
async fn the_inbox_hours_become_the_organisations_business_hours() {
    let mut opts = ConnectOptions::new("sqlite::memory:");
    opts.max_connections(1)
        .min_connections(1)
        .sqlx_logging(false);
    let db = Database::connect(opts).await.expect("open SQLite");
    let before = Migrator::migrations().len() as u32 - 1;
    Migrator::up(&db, Some(before))
        .await
        .expect("migrations up to the one before");
    for sql in [
        "INSERT INTO organisations (id, name, organization_code, created_at, updated_at) \
         VALUES (7, 'Acme', 'ACME7', 0, 0)",
        "INSERT INTO inbox_settings (org_id, reply_minutes, escalation, days, start_min, end_min, updated_at) \
         VALUES (7, 30, 'alert', 31, 540, 1080, 5)",
    ] {
        db.execute_unprepared(sql).await.expect(sql);
    }
    Migrator::up(&db, None).await.expect("the last migration");
    let row = db
        .query_one(Statement::from_string(
            db.get_database_backend(),
            "SELECT week, holidays, updated_at FROM business_hours WHERE org_id = 7",
        ))
        .await
        .unwrap()
        .expect("the hours carried over");
    let day = r#"[{"start":"09:00","end":"18:00"}]"#;
    assert_eq!(
        row.try_get::<String>("", "week").unwrap(),
        format!("[{day},{day},{day},{day},{day},[],[]]")
    );
    assert_eq!(row.try_get::<String>("", "holidays").unwrap(), "[]");
    assert_eq!(row.try_get::<i64>("", "updated_at").unwrap(), 5);
}
