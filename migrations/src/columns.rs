//! The shorthands the migrations declare their tables with: a column by name and shape
//! (`big("org_id")`, `string_null("name", 200)`, `at("created_at")`, `unique(…)`), the
//! [`Tables`] a migration creates with their foreign keys and indexes (and drops on the way
//! down), column changes, and [`migration!`], the `Migration` each module declares. Only names,
//! types and constraints: a migration that uses them says in full what it creates.
//!
//! A landed migration's effect never changes; its text may be refactored only while
//! tests/schema.rs shows the same schema on SQLite and PostgreSQL. Each shorthand adds a
//! column's constraints in the order the migrations always wrote them (`NOT NULL` or `NULL`
//! first, then `UNIQUE`, `DEFAULT` or `PRIMARY KEY`): SQLite keeps that text as the table's
//! definition.

use sea_orm_migration::prelude::*;

/// A column by name, its type set by the caller.
pub(crate) fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name)).to_owned()
}

/// The `id` column: big integer, auto-increment, primary key.
pub(crate) fn id() -> ColumnDef {
    big("id").auto_increment().primary_key().to_owned()
}

/// A big integer primary key the application chooses (not auto-increment).
pub(crate) fn big_key(name: &str) -> ColumnDef {
    big(name).primary_key().to_owned()
}

/// A required big integer: a count, an amount, or another row's id.
pub(crate) fn big(name: &str) -> ColumnDef {
    col(name).big_integer().not_null().to_owned()
}

/// An optional big integer.
pub(crate) fn big_null(name: &str) -> ColumnDef {
    col(name).big_integer().null().to_owned()
}

/// A required time: UTC epoch milliseconds.
pub(crate) fn at(name: &str) -> ColumnDef {
    big(name)
}

/// An optional time: UTC epoch milliseconds, null until it happens.
pub(crate) fn at_null(name: &str) -> ColumnDef {
    big_null(name)
}

/// The `created_at` and `updated_at` times, both required.
pub(crate) fn created_updated() -> Vec<ColumnDef> {
    vec![at("created_at"), at("updated_at")]
}

/// A required integer.
pub(crate) fn int(name: &str) -> ColumnDef {
    col(name).integer().not_null().to_owned()
}

/// An optional integer.
pub(crate) fn int_null(name: &str) -> ColumnDef {
    col(name).integer().null().to_owned()
}

/// A required small integer (a kind, a direction, a role).
pub(crate) fn small(name: &str) -> ColumnDef {
    col(name).small_integer().not_null().to_owned()
}

/// A required boolean, without a default.
pub(crate) fn boolean(name: &str) -> ColumnDef {
    col(name).boolean().not_null().to_owned()
}

/// A required boolean with a default.
pub(crate) fn flag(name: &str, default: bool) -> ColumnDef {
    with_default(boolean(name), default)
}

/// A required string of at most `len` characters.
pub(crate) fn string(name: &str, len: u32) -> ColumnDef {
    col(name).string_len(len).not_null().to_owned()
}

/// An optional string of at most `len` characters.
pub(crate) fn string_null(name: &str, len: u32) -> ColumnDef {
    col(name).string_len(len).null().to_owned()
}

/// A required text of any length.
pub(crate) fn text(name: &str) -> ColumnDef {
    col(name).text().not_null().to_owned()
}

/// An optional text of any length.
pub(crate) fn text_null(name: &str) -> ColumnDef {
    col(name).text().null().to_owned()
}

/// `column`, its values unique in the table.
pub(crate) fn unique(mut column: ColumnDef) -> ColumnDef {
    column.unique_key().to_owned()
}

/// `column` as the table's primary key.
pub(crate) fn primary(mut column: ColumnDef) -> ColumnDef {
    column.primary_key().to_owned()
}

/// `column` with a default value.
pub(crate) fn with_default(mut column: ColumnDef, value: impl Into<SimpleExpr>) -> ColumnDef {
    column.default(value).to_owned()
}

/// The SHA-256 (hex) of a bearer token, unique: a token is found by its hash only.
pub(crate) fn token_hash() -> ColumnDef {
    unique(string("token_hash", 64))
}

/// A payer's two optional columns: an organisation (`org_id`) or a personal workspace
/// (`user_id`). [`NewTable::payer_indexes`] finds their rows.
pub(crate) fn payer() -> Vec<ColumnDef> {
    vec![big_null("org_id"), big_null("user_id")]
}

/// An index `name` on `table` over `cols`.
pub(crate) fn named_index(
    name: &str,
    table: &str,
    cols: &[&str],
    unique: bool,
) -> IndexCreateStatement {
    let mut i = Index::create();
    i.name(name).table(Alias::new(table));
    for c in cols {
        i.col(Alias::new(*c));
    }
    if unique {
        i.unique();
    }
    i
}

/// An index `idx_<table>_<columns>` over `cols`.
pub(crate) fn index(table: &str, cols: &[&str], unique: bool) -> IndexCreateStatement {
    named_index(
        &format!("idx_{table}_{}", cols.join("_")),
        table,
        cols,
        unique,
    )
}

/// The tables a migration creates, each with its indexes, in the order `up` creates them;
/// `down` drops them in the reverse order.
/// Runs `statements` in order: a migration written as plain SQL that both databases read.
pub(crate) async fn execute_all(m: &SchemaManager<'_>, statements: &[&str]) -> Result<(), DbErr> {
    use sea_orm_migration::sea_orm::ConnectionTrait;
    for sql in statements {
        m.get_connection().execute_unprepared(sql).await?;
    }
    Ok(())
}

pub(crate) struct Tables(Vec<NewTable>);

/// A table, and the indexes created right after it.
pub(crate) struct NewTable {
    name: String,
    table: TableCreateStatement,
    indexes: Vec<IndexCreateStatement>,
}

impl Tables {
    /// The tables `declare` adds.
    pub(crate) fn new(declare: fn(&mut Tables)) -> Self {
        let mut tables = Tables(Vec::new());
        declare(&mut tables);
        tables
    }

    /// The table `name`; its columns, foreign keys and indexes follow.
    pub(crate) fn add(&mut self, name: &str) -> &mut NewTable {
        let mut table = Table::create();
        table.table(Alias::new(name));
        let at = self.0.len();
        self.0.push(NewTable {
            name: name.to_owned(),
            table,
            indexes: Vec::new(),
        });
        &mut self.0[at]
    }

    /// Creates the tables and their indexes.
    pub(crate) async fn create(self, m: &SchemaManager<'_>) -> Result<(), DbErr> {
        for t in self.0 {
            m.create_table(t.table).await?;
            for i in t.indexes {
                m.create_index(i).await?;
            }
        }
        Ok(())
    }

    /// Drops the tables (and so their indexes), the last created first.
    pub(crate) async fn drop(self, m: &SchemaManager<'_>) -> Result<(), DbErr> {
        for t in self.0.into_iter().rev() {
            m.drop_table(Table::drop().table(Alias::new(t.name)).to_owned())
                .await?;
        }
        Ok(())
    }
}

impl NewTable {
    /// Appends `columns`, in order.
    pub(crate) fn columns(&mut self, columns: impl IntoIterator<Item = ColumnDef>) -> &mut Self {
        for c in columns {
            self.table.col(c);
        }
        self
    }

    /// `column` references `parent`'s `id`; deleting the parent deletes the row.
    pub(crate) fn cascade(&mut self, column: &str, parent: &str) -> &mut Self {
        self.references(column, parent, ForeignKeyAction::Cascade)
    }

    /// `column` references `parent`'s `id`; deleting the parent empties the column.
    pub(crate) fn set_null(&mut self, column: &str, parent: &str) -> &mut Self {
        self.references(column, parent, ForeignKeyAction::SetNull)
    }

    fn references(&mut self, column: &str, parent: &str, on_delete: ForeignKeyAction) -> &mut Self {
        self.table.foreign_key(
            ForeignKey::create()
                .from(Alias::new(&self.name), Alias::new(column))
                .to(Alias::new(parent), Alias::new("id"))
                .on_delete(on_delete),
        );
        self
    }

    /// An index `idx_<table>_<columns>` over `cols`.
    pub(crate) fn index(&mut self, cols: &[&str], unique: bool) -> &mut Self {
        self.indexes.push(index(&self.name, cols, unique));
        self
    }

    /// An index `name` over `cols`.
    pub(crate) fn named_index(&mut self, name: &str, cols: &[&str], unique: bool) -> &mut Self {
        self.indexes
            .push(named_index(name, &self.name, cols, unique));
        self
    }

    /// The indexes that find a payer's rows (see [`payer`]): by organisation and by personal
    /// workspace.
    pub(crate) fn payer_indexes(&mut self) -> &mut Self {
        self.index(&["org_id"], false).index(&["user_id"], false)
    }

    /// A primary key over several columns.
    pub(crate) fn primary_key(&mut self, cols: &[&str]) -> &mut Self {
        let mut key = Index::create();
        for c in cols {
            key.col(Alias::new(*c));
        }
        self.table.primary_key(&mut key);
        self
    }

    /// Created only when no table of this name exists yet.
    pub(crate) fn if_not_exists(&mut self) -> &mut Self {
        self.table.if_not_exists();
        self
    }
}

/// Alters `table` once for each of `items` (SQLite adds or drops one column per ALTER TABLE).
async fn alter_each<T>(
    m: &SchemaManager<'_>,
    table: &str,
    items: impl IntoIterator<Item = T>,
    change: impl Fn(&mut TableAlterStatement, T),
) -> Result<(), DbErr> {
    for item in items {
        let mut alter = Table::alter();
        alter.table(Alias::new(table));
        change(&mut alter, item);
        m.alter_table(alter).await?;
    }
    Ok(())
}

/// Adds `columns` to `table`, one statement each.
pub(crate) async fn add_columns(
    m: &SchemaManager<'_>,
    table: &str,
    columns: impl IntoIterator<Item = ColumnDef>,
) -> Result<(), DbErr> {
    alter_each(m, table, columns, |alter, c| {
        alter.add_column(c);
    })
    .await
}

/// Drops `columns` from `table`, one statement each.
pub(crate) async fn drop_columns(
    m: &SchemaManager<'_>,
    table: &str,
    columns: &[&str],
) -> Result<(), DbErr> {
    alter_each(m, table, columns, |alter, c| {
        alter.drop_column(Alias::new(*c));
    })
    .await
}

/// Drops the index `name` on `table`.
pub(crate) async fn drop_index(
    m: &SchemaManager<'_>,
    name: &str,
    table: &str,
) -> Result<(), DbErr> {
    m.drop_index(Index::drop().name(name).table(Alias::new(table)).to_owned())
        .await
}

/// Declares the module's `Migration`, named after its file (sea-orm knows a migration by that
/// name alone). `migration!()` runs the module's `up` and `down` functions; `migration!(tables)`
/// creates the [`Tables`] the function `tables` adds, and drops them on the way down.
macro_rules! migration {
    () => {
        $crate::columns::migration!(@impl m, up(m), down(m));
    };
    ($tables:ident) => {
        $crate::columns::migration!(
            @impl m,
            $crate::columns::Tables::new($tables).create(m),
            $crate::columns::Tables::new($tables).drop(m)
        );
    };
    (@impl $m:ident, $up:expr, $down:expr) => {
        #[derive(sea_orm_migration::prelude::DeriveMigrationName)]
        pub struct Migration;

        #[async_trait::async_trait]
        impl sea_orm_migration::MigrationTrait for Migration {
            async fn up(
                &self,
                $m: &sea_orm_migration::SchemaManager,
            ) -> Result<(), sea_orm_migration::DbErr> {
                $up.await
            }

            async fn down(
                &self,
                $m: &sea_orm_migration::SchemaManager,
            ) -> Result<(), sea_orm_migration::DbErr> {
                $down.await
            }
        }
    };
}
pub(crate) use migration;
