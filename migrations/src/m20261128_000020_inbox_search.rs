//! Search over the team inbox's message text (issue #27): on SQLite an FTS5 index kept by
//! triggers (external content: the text stays in `inbox_messages`, accents folded by the
//! `unicode61` tokenizer); on PostgreSQL a GIN index over the `simple` tsvector (no stemming:
//! the inbox speaks six languages) of the lower-cased text with the Latin accents of Spanish,
//! Portuguese and Indonesian folded by `translate` (the `unaccent` extension is not always
//! installable; `crate::inbox_search::ACCENTED`, the same fold the store applies to the words
//! searched for).

use crate::columns::migration;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

migration!();

const SQLITE_UP: [&str; 5] = [
    "CREATE VIRTUAL TABLE inbox_messages_fts USING fts5(body, content='inbox_messages', \
     content_rowid='id', tokenize='unicode61 remove_diacritics 2')",
    "INSERT INTO inbox_messages_fts(rowid, body) SELECT id, body FROM inbox_messages \
     WHERE body IS NOT NULL",
    "CREATE TRIGGER inbox_messages_fts_insert AFTER INSERT ON inbox_messages \
     WHEN new.body IS NOT NULL BEGIN \
     INSERT INTO inbox_messages_fts(rowid, body) VALUES (new.id, new.body); END",
    "CREATE TRIGGER inbox_messages_fts_delete AFTER DELETE ON inbox_messages \
     WHEN old.body IS NOT NULL BEGIN \
     INSERT INTO inbox_messages_fts(inbox_messages_fts, rowid, body) \
     VALUES ('delete', old.id, old.body); END",
    "CREATE TRIGGER inbox_messages_fts_update AFTER UPDATE OF body ON inbox_messages BEGIN \
     INSERT INTO inbox_messages_fts(inbox_messages_fts, rowid, body) \
     SELECT 'delete', old.id, old.body WHERE old.body IS NOT NULL; \
     INSERT INTO inbox_messages_fts(rowid, body) SELECT new.id, new.body \
     WHERE new.body IS NOT NULL; END",
];

const SQLITE_DOWN: [&str; 4] = [
    "DROP TRIGGER IF EXISTS inbox_messages_fts_update",
    "DROP TRIGGER IF EXISTS inbox_messages_fts_delete",
    "DROP TRIGGER IF EXISTS inbox_messages_fts_insert",
    "DROP TABLE IF EXISTS inbox_messages_fts",
];

const POSTGRES_UP: [&str; 1] = [
    "CREATE INDEX ix_inbox_messages_text ON inbox_messages USING GIN (to_tsvector('simple', \
     translate(lower(COALESCE(body, '')), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', \
     'aaaaaaeeeeiiiiooooouuuucny')))",
];

/// The characters the PostgreSQL index folds, and what they fold to (`POSTGRES_UP`'s
/// `translate`; the store's search folds the words it looks for the same way).
pub const ACCENTED: &str = "áàâãäåéèêëíìîïóòôõöúùûüçñý";
pub const UNACCENTED: &str = "aaaaaaeeeeiiiiooooouuuucny";

const POSTGRES_DOWN: [&str; 1] = ["DROP INDEX IF EXISTS ix_inbox_messages_text"];

async fn run(m: &SchemaManager<'_>, sqlite: &[&str], postgres: &[&str]) -> Result<(), DbErr> {
    let db = m.get_connection();
    let statements = if m.get_database_backend() == DatabaseBackend::Sqlite {
        sqlite
    } else {
        postgres
    };
    for sql in statements {
        db.execute_unprepared(sql).await?;
    }
    Ok(())
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    run(m, &SQLITE_UP, &POSTGRES_UP).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    run(m, &SQLITE_DOWN, &POSTGRES_DOWN).await
}
