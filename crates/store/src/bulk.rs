//! Statements over many rows at once, for the paths where one round trip per row is what costs
//! (the team inbox's batched intake, fair assignment's credits).

use crate::StoreError;
use sea_orm::{ConnectionTrait, DatabaseBackend, Statement, Value};
use std::fmt::Write;

/// Sets `columns` of each row of `table` whose `key` is a row's first value to that row's other
/// values (in `columns`' order), in one statement:
/// `WITH v(key, c…) AS (VALUES …) UPDATE table SET c = v.c … FROM v WHERE table.key = v.key`
/// (PostgreSQL, and SQLite from 3.33). Names are the caller's constants, never input.
pub(crate) async fn update_by_key<C: ConnectionTrait>(
    db: &C,
    table: &str,
    key: &str,
    columns: &[&str],
    rows: Vec<Vec<Value>>,
) -> Result<u64, StoreError> {
    if rows.is_empty() {
        return Ok(0);
    }
    let backend = db.get_database_backend();
    let width = columns.len() + 1;
    let quoted: Vec<String> = columns.iter().map(|c| format!("\"{c}\"")).collect();
    let mut sql = format!("WITH v(k, {}) AS (VALUES ", quoted.join(", "));
    let mut values = Vec::with_capacity(rows.len() * width);
    for (i, row) in rows.into_iter().enumerate() {
        debug_assert_eq!(row.len(), width, "one value per column and the key");
        sql.push_str(if i == 0 { "(" } else { ", (" });
        for j in 0..width {
            if j > 0 {
                sql.push_str(", ");
            }
            match backend {
                DatabaseBackend::Postgres => {
                    let _ = write!(sql, "${}", values.len() + j + 1);
                }
                _ => sql.push('?'),
            }
        }
        sql.push(')');
        values.extend(row);
    }
    let _ = write!(sql, ") UPDATE {table} SET ");
    for (i, c) in quoted.iter().enumerate() {
        if i > 0 {
            sql.push_str(", ");
        }
        let _ = write!(sql, "{c} = v.{c}");
    }
    let _ = write!(sql, " FROM v WHERE \"{table}\".\"{key}\" = v.k");
    let done = db
        .execute(Statement::from_sql_and_values(backend, sql, values))
        .await?;
    Ok(done.rows_affected())
}
