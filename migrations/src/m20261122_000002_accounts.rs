//! Accounts: one-time sign-in codes (only their hashes), the development mailbox that keeps
//! e-mails when no SMTP server is configured, an employee's address, and users known only by a
//! phone number (an employee imported without an e-mail), which makes `users.email` optional.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend, Statement, TransactionTrait};
use sea_orm_migration::SchemaManagerConnection;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LoginCodes {
    Table,
    Id,
    Email,
    CodeHash,
    CreatedAt,
    ExpiresAt,
    Attempts,
    UsedAt,
}

#[derive(DeriveIden)]
enum DevMailbox {
    Table,
    Id,
    Recipient,
    Subject,
    Body,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Memberships {
    Table,
    Address,
}

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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        match db.get_database_backend() {
            DbBackend::Sqlite => sqlite_make_email_optional(db).await?,
            _ => {
                db.execute_unprepared("ALTER TABLE \"users\" ALTER COLUMN \"email\" DROP NOT NULL")
                    .await?;
            }
        }

        m.alter_table(
            Table::alter()
                .table(Memberships::Table)
                .add_column(ColumnDef::new(Memberships::Address).string_len(500).null())
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(LoginCodes::Table)
                .col(
                    ColumnDef::new(LoginCodes::Id)
                        .big_integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
                .col(ColumnDef::new(LoginCodes::Email).string_len(320).not_null())
                .col(
                    ColumnDef::new(LoginCodes::CodeHash)
                        .string_len(64)
                        .not_null(),
                )
                .col(
                    ColumnDef::new(LoginCodes::CreatedAt)
                        .big_integer()
                        .not_null(),
                )
                .col(
                    ColumnDef::new(LoginCodes::ExpiresAt)
                        .big_integer()
                        .not_null(),
                )
                .col(
                    ColumnDef::new(LoginCodes::Attempts)
                        .integer()
                        .not_null()
                        .default(0),
                )
                .col(ColumnDef::new(LoginCodes::UsedAt).big_integer().null())
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_login_codes_email_created")
                .table(LoginCodes::Table)
                .col(LoginCodes::Email)
                .col(LoginCodes::CreatedAt)
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table(DevMailbox::Table)
                .col(
                    ColumnDef::new(DevMailbox::Id)
                        .big_integer()
                        .not_null()
                        .auto_increment()
                        .primary_key(),
                )
                .col(
                    ColumnDef::new(DevMailbox::Recipient)
                        .string_len(320)
                        .not_null(),
                )
                .col(
                    ColumnDef::new(DevMailbox::Subject)
                        .string_len(300)
                        .not_null(),
                )
                .col(ColumnDef::new(DevMailbox::Body).text().not_null())
                .col(
                    ColumnDef::new(DevMailbox::CreatedAt)
                        .big_integer()
                        .not_null(),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_dev_mailbox_recipient")
                .table(DevMailbox::Table)
                .col(DevMailbox::Recipient)
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(DevMailbox::Table).to_owned())
            .await?;
        m.drop_table(Table::drop().table(LoginCodes::Table).to_owned())
            .await?;
        m.alter_table(
            Table::alter()
                .table(Memberships::Table)
                .drop_column(Memberships::Address)
                .to_owned(),
        )
        .await?;
        // `users.email` stays optional: users known only by phone may exist by now.
        Ok(())
    }
}
