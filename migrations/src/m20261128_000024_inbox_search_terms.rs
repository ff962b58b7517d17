//! SQLite's inbox search can read the terms its FTS5 index holds (issue #27): an `fts5vocab`
//! table over `inbox_messages_fts`. A search whose last word (a prefix) is very common tests
//! the chatter list's conversations one by one, and FTS5 merges every term of a prefix again on
//! each such test; the store expands the prefix into its whole terms here once instead
//! (`store::inbox::search`). The table stores nothing: it reads the index. PostgreSQL needs
//! nothing.

use crate::columns::migration;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

migration!();

const SQLITE_UP: &str =
    "CREATE VIRTUAL TABLE inbox_messages_terms USING fts5vocab(inbox_messages_fts, 'row')";

const SQLITE_DOWN: &str = "DROP TABLE IF EXISTS inbox_messages_terms";

async fn run(m: &SchemaManager<'_>, sql: &str) -> Result<(), DbErr> {
    if m.get_database_backend() != DatabaseBackend::Sqlite {
        return Ok(());
    }
    m.get_connection().execute_unprepared(sql).await?;
    Ok(())
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    run(m, SQLITE_UP).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    run(m, SQLITE_DOWN).await
}
