//! The accounts migration edits SQLite's `users` table in place to make e-mail optional; an
//! existing database must come through it with every user, session and membership intact and
//! its foreign keys still pointing at `users`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use migration::{Migrator, MigratorTrait};
use store::sea_orm::{ConnectionTrait, Statement};
use store::Store;

async fn count(store: &Store, table: &str) -> i64 {
    let row = store
        .conn()
        .query_one(Statement::from_string(
            store.conn().get_database_backend(),
            format!("SELECT COUNT(*) AS n FROM {table}"),
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

#[tokio::test]
async fn an_existing_sqlite_database_keeps_its_users_sessions_and_memberships() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    let store = Store::connect(&url).await.unwrap();
    Migrator::up(store.conn(), Some(1)).await.unwrap();
    for sql in [
        "INSERT INTO users (email, name, created_at, updated_at) VALUES ('admin@demo.switchboard.test', 'Admin', 0, 0)",
        "INSERT INTO users (email, name, created_at, updated_at) VALUES ('ana@demo.switchboard.test', 'Ana', 0, 0)",
        "INSERT INTO organisations (name, organization_code, created_by, created_at, updated_at) VALUES ('Demo', 'DEMO', 1, 0, 0)",
        "INSERT INTO memberships (org_id, user_id, role_id, created_at, updated_at) VALUES (1, 1, 1, 0, 0)",
        "INSERT INTO memberships (org_id, user_id, role_id, created_at, updated_at) VALUES (1, 2, 3, 0, 0)",
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at) VALUES ('abc', 1, 0, 10, 0)",
    ] {
        store.conn().execute_unprepared(sql).await.unwrap();
    }
    let before = (
        count(&store, "users").await,
        count(&store, "memberships").await,
    );

    store.migrate().await.unwrap();

    assert_eq!(count(&store, "users").await, before.0);
    assert_eq!(count(&store, "memberships").await, before.1);
    assert_eq!(count(&store, "sessions").await, 1);
    // E-mail is optional now, and still unique.
    let exec = |sql: &'static str| store.conn().execute_unprepared(sql);
    exec("INSERT INTO users (email, mobile, created_at, updated_at) VALUES (NULL, '+15550100', 0, 0)")
        .await
        .unwrap();
    exec("INSERT INTO users (email, mobile, created_at, updated_at) VALUES (NULL, '+15550101', 0, 0)")
        .await
        .unwrap();
    assert!(exec(
        "INSERT INTO users (email, created_at, updated_at) VALUES ('admin@demo.switchboard.test', 0, 0)"
    )
    .await
    .is_err());
    // The foreign keys follow the new table: deleting the admin cascades to their rows.
    exec("DELETE FROM users WHERE id = 1").await.unwrap();
    assert_eq!(count(&store, "sessions").await, 0);
    assert_eq!(count(&store, "memberships").await, before.1 - 1);
}
