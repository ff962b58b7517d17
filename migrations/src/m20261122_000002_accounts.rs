//! Accounts: one-time sign-in codes (only their hashes), the development mailbox that keeps
//! e-mails when no SMTP server is configured, an employee's address, and users known only by a
//! phone number (an employee imported without an e-mail), which makes `users.email` optional.

use crate::columns::{
    add_columns, at, at_null, drop_columns, id, int, migration, string, string_null, text,
    with_default, Tables,
};
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend, Statement, TransactionTrait};
use sea_orm_migration::SchemaManagerConnection;

migration!();

/// SQLite cannot drop a NOT NULL constraint with ALTER TABLE. Removing one does not change how
/// rows are stored, so SQLite's documented procedure for it applies: edit the table's definition
/// in the schema table, bump the schema version, all in one transaction. (Rebuilding the table
/// instead would need foreign keys off, which a pooled connection inside a transaction cannot
/// do, and renaming `users` would rewrite the other tables' references.)
const SQLITE_EMAIL_NOT_NULL: &str = "\"email\" varchar(320) NOT NULL UNIQUE";
const SQLITE_EMAIL_NULL: &str = "\"email\" varchar(320) NULL UNIQUE";

async fn sqlite_make_email_optional(db: &SchemaManagerConnection<'_>) -> Result<(), DbErr> {
    let txn = db.begin().await?;
    let backend = txn.get_database_backend();
    let one = |sql: &str| Statement::from_string(backend, sql.to_owned());
    let table_sql: String = txn
        .query_one(one(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'users'",
        ))
        .await?
        .ok_or_else(|| DbErr::Migration("no users table".to_owned()))?
        .try_get("", "sql")?;
    if !table_sql.contains(SQLITE_EMAIL_NOT_NULL) {
        return Err(DbErr::Migration(format!(
            "unexpected users table definition: {table_sql}"
        )));
    }
    let version: i64 = txn
        .query_one(one("PRAGMA schema_version"))
        .await?
        .ok_or_else(|| DbErr::Migration("no schema version".to_owned()))?
        .try_get_by_index(0)?;
    let new_sql = table_sql.replace(SQLITE_EMAIL_NOT_NULL, SQLITE_EMAIL_NULL);
    txn.execute_unprepared("PRAGMA writable_schema = ON")
        .await?;
    txn.execute(Statement::from_sql_and_values(
        backend,
        "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'users'",
        [new_sql.into()],
    ))
    .await?;
    txn.execute_unprepared(&format!("PRAGMA schema_version = {}", version + 1))
        .await?;
    txn.execute_unprepared("PRAGMA writable_schema = OFF")
        .await?;
    txn.commit().await?;
    // A fresh look at the schema proves the edit is well formed.
    let check: String = db
        .query_one(one("PRAGMA quick_check"))
        .await?
        .ok_or_else(|| DbErr::Migration("no quick_check answer".to_owned()))?
        .try_get_by_index(0)?;
    if check != "ok" {
        return Err(DbErr::Migration(format!("quick check: {check}")));
    }
    Ok(())
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = m.get_connection();
    match db.get_database_backend() {
        DbBackend::Sqlite => sqlite_make_email_optional(db).await?,
        _ => {
            db.execute_unprepared("ALTER TABLE \"users\" ALTER COLUMN \"email\" DROP NOT NULL")
                .await?;
        }
    }
    add_columns(m, "memberships", [string_null("address", 500)]).await?;
    Tables::new(tables).create(m).await
}

fn tables(t: &mut Tables) {
    t.add("login_codes")
        .columns([
            id(),
            string("email", 320),
            string("code_hash", 64),
            at("created_at"),
            at("expires_at"),
            with_default(int("attempts"), 0),
            at_null("used_at"),
        ])
        .named_index(
            "idx_login_codes_email_created",
            &["email", "created_at"],
            false,
        );

    t.add("dev_mailbox")
        .columns([
            id(),
            string("recipient", 320),
            string("subject", 300),
            text("body"),
            at("created_at"),
        ])
        .named_index("idx_dev_mailbox_recipient", &["recipient"], false);
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    Tables::new(tables).drop(m).await?;
    // `users.email` stays optional: users known only by phone may exist by now.
    drop_columns(m, "memberships", &["address"]).await
}
