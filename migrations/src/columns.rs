//! Column and index shorthands the newer migrations share: a big-integer auto-increment `id`,
//! a column by name, an index over named columns. Only names and types: a migration that uses
//! them says in full what it creates.

use sea_orm_migration::prelude::*;

/// The `id` column: big integer, auto-increment, primary key.
pub(crate) fn id() -> ColumnDef {
    ColumnDef::new(Alias::new("id"))
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

/// A column by name, its type set by the caller.
pub(crate) fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name)).to_owned()
}

/// An index `idx_<table>_<columns>` over `cols`.
pub(crate) fn index(table: &str, cols: &[&str], unique: bool) -> IndexCreateStatement {
    let mut i = Index::create();
    i.name(format!("idx_{table}_{}", cols.join("_")))
        .table(Alias::new(table));
    for c in cols {
        i.col(Alias::new(*c));
    }
    if unique {
        i.unique();
    }
    i.to_owned()
}
