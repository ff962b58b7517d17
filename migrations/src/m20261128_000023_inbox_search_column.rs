//! PostgreSQL's inbox search reads a stored `tsvector` (issue #27). The GIN index of migration
//! `inbox_search` was over an expression, so every message a query had to test — the planner
//! walks the chatter list and tests each conversation's messages when it expects many matches —
//! had its text folded and parsed again (a two-word search at 1 000 000 messages: 94 ms, 31 ms
//! on the stored column). The column is generated from the same expression
//! (`crate::inbox_search::ACCENTED`), the index moves to it. SQLite keeps its FTS5 index.

use crate::columns::migration;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

migration!();

const POSTGRES_UP: [&str; 3] = [
    "ALTER TABLE inbox_messages ADD COLUMN search tsvector GENERATED ALWAYS AS \
     (to_tsvector('simple', translate(lower(COALESCE(body, '')), \
     'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny'))) STORED",
    "CREATE INDEX ix_inbox_messages_search ON inbox_messages USING GIN (search)",
    "DROP INDEX IF EXISTS ix_inbox_messages_text",
];

const POSTGRES_DOWN: [&str; 3] = [
    "CREATE INDEX ix_inbox_messages_text ON inbox_messages USING GIN (to_tsvector('simple', \
     translate(lower(COALESCE(body, '')), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', \
     'aaaaaaeeeeiiiiooooouuuucny')))",
    "DROP INDEX IF EXISTS ix_inbox_messages_search",
    "ALTER TABLE inbox_messages DROP COLUMN search",
];

async fn run(m: &SchemaManager<'_>, statements: &[&str]) -> Result<(), DbErr> {
    if m.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    for sql in statements {
        m.get_connection().execute_unprepared(sql).await?;
    }
    Ok(())
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    run(m, &POSTGRES_UP).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    run(m, &POSTGRES_DOWN).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_column_folds_as_the_search_does() {
        use crate::inbox_search::{ACCENTED, UNACCENTED};
        let pair = format!("'{ACCENTED}', '{UNACCENTED}'");
        assert!(super::POSTGRES_UP[0].contains(&pair));
        assert!(super::POSTGRES_DOWN[0].contains(&pair));
    }
}
