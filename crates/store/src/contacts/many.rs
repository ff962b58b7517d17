//! Many contacts at once: an import from a spreadsheet (all rows or none) and a bulk edit, each
//! in one write transaction, every changed field in the history.

use super::{set_field, value_of, Change, Seen};
use crate::entity::contact::{change, contact};
use crate::{EpochMs, Store, StoreError};
use domain::contacts::import::ImportRow;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use std::collections::HashMap;

/// Rows one statement writes or reads by key (fourteen columns: well under SQLite's 32 766
/// parameters).
const CHUNK: usize = 500;

/// What an import finds, or did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportOutcome {
    pub created: u64,
    pub updated: u64,
    pub unchanged: u64,
    /// Indexes of the rows naming a contact the importer does not see (owned outside their
    /// reach): refused, so an import never changes what its maker could not open.
    pub not_seen: Vec<usize>,
}

/// The organisation's contacts among `keys`, by key.
pub(crate) async fn by_keys(
    conn: &impl ConnectionTrait,
    org_id: i64,
    keys: &[&str],
) -> Result<HashMap<String, contact::Model>, StoreError> {
    let mut found = HashMap::with_capacity(keys.len());
    for chunk in keys.chunks(CHUNK) {
        let rows = contact::Entity::find()
            .filter(contact::Column::OrgId.eq(org_id))
            .filter(contact::Column::Contact.is_in(chunk.iter().copied()))
            .all(conn)
            .await?;
        found.extend(rows.into_iter().map(|r| (r.contact.clone(), r)));
    }
    Ok(found)
}

/// The changes a row makes to a contact the organisation has: its non-blank fields that differ.
fn changes_of(row: &ImportRow, existing: &contact::Model) -> Vec<(&'static str, Option<String>)> {
    row.fields
        .iter()
        .filter(|(f, v)| value_of(existing, f).as_deref() != Some(v.as_str()))
        .map(|(f, v)| (*f, Some(v.clone())))
        .collect()
}

/// Imports `rows` (each contact once — the caller refuses a file naming one twice): a row
/// naming a contact the organisation has changes its non-blank fields (origin `import`), the
/// others make new contacts nobody owns (source `import`). A dry run (`commit` false) only
/// reads; a commit writes everything in one transaction, or nothing when a row names a contact
/// the importer does not see.
pub async fn import(
    store: &Store,
    org_id: i64,
    rows: &[ImportRow],
    seen: &Seen,
    actor_id: i64,
    commit: bool,
    now: EpochMs,
) -> Result<ImportOutcome, StoreError> {
    let keys: Vec<&str> = rows.iter().map(|r| r.contact.as_str()).collect();
    if !commit {
        let existing = by_keys(store.conn(), org_id, &keys).await?;
        return Ok(outcome(rows, &existing, seen));
    }
    let txn = store.begin_write().await?;
    let mut existing = by_keys(&txn, org_id, &keys).await?;
    let found = outcome(rows, &existing, seen);
    if !found.not_seen.is_empty() {
        txn.rollback().await?;
        return Ok(found);
    }
    let change = Change {
        actor_id: Some(actor_id),
        origin: "import",
        now,
    };
    let mut history = Vec::new();
    let mut new_rows = Vec::new();
    for row in rows {
        match existing.remove(&row.contact) {
            Some(before) => {
                let changes = changes_of(row, &before);
                if !changes.is_empty() {
                    change.apply(&txn, before, &changes, &mut history).await?;
                }
            }
            None => new_rows.push(row),
        }
    }
    // Each chunk's rows are made as it is written: 100 000 rows held at once as models would
    // cost more than the whole file.
    for chunk in new_rows.chunks(CHUNK) {
        contact::Entity::insert_many(chunk.iter().map(|row| new_contact(org_id, row, now)))
            .exec_without_returning(&txn)
            .await?;
    }
    insert_history(&txn, history).await?;
    txn.commit().await?;
    if store.kind() == crate::DbKind::Postgres && rows.len() >= FRESH_STATISTICS_FROM {
        // Thousands of rows at once leave PostgreSQL's statistics and visibility map behind
        // until autovacuum comes round: the table's plans and counts are slow until then.
        // Refreshed now (reads and writes go on meanwhile); a failure only leaves it to
        // autovacuum.
        if let Err(e) = store
            .conn()
            .execute_unprepared("VACUUM (ANALYZE) contacts")
            .await
        {
            tracing::info!(error = %e, "contacts not vacuumed after an import");
        }
    }
    Ok(found)
}

/// Rows an import commits from which PostgreSQL's statistics are refreshed at once.
const FRESH_STATISTICS_FROM: usize = 5_000;

fn outcome(
    rows: &[ImportRow],
    existing: &HashMap<String, contact::Model>,
    seen: &Seen,
) -> ImportOutcome {
    let mut out = ImportOutcome::default();
    for (i, row) in rows.iter().enumerate() {
        match existing.get(&row.contact) {
            None => out.created += 1,
            Some(c) if !seen.sees(c.owner_id) => out.not_seen.push(i),
            Some(c) if changes_of(row, c).is_empty() => out.unchanged += 1,
            Some(_) => out.updated += 1,
        }
    }
    out
}

/// A new contact from a row, every column set (one statement inserts many rows of one shape).
fn new_contact(org_id: i64, row: &ImportRow, now: EpochMs) -> contact::ActiveModel {
    let mut m = contact::ActiveModel {
        org_id: Set(org_id),
        contact: Set(row.contact.clone()),
        name: Set(None),
        first_name: Set(None),
        last_name: Set(None),
        email: Set(None),
        address: Set(None),
        company: Set(None),
        job_title: Set(None),
        lifecycle_stage: Set(None),
        lead_status: Set(None),
        owner_id: Set(None),
        source: Set("import".to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    for (field, value) in &row.fields {
        set_field(&mut m, field, Some(value.clone()));
    }
    super::refresh_search(&mut m);
    m
}

/// Inserts history rows, many per statement.
pub(crate) async fn insert_history(
    txn: &impl ConnectionTrait,
    history: Vec<change::ActiveModel>,
) -> Result<(), StoreError> {
    for chunk in history.chunks(CHUNK) {
        change::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(txn)
            .await?;
    }
    Ok(())
}

/// Applies `changes` to each of the contacts `ids`, all or none: `NotFound` when one is not the
/// organisation's or not seen. Answers how many changed.
/// The contacts `ids` names (repeats once), when every one is the organisation's and seen by the
/// caller; `None` otherwise, for a change of many that changes all or none.
pub(crate) async fn seen_rows(
    conn: &impl ConnectionTrait,
    org_id: i64,
    ids: &[i64],
    seen: &Seen,
) -> Result<Option<Vec<contact::Model>>, StoreError> {
    let mut wanted: Vec<i64> = ids.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    let mut rows = Vec::with_capacity(wanted.len());
    for chunk in wanted.chunks(CHUNK) {
        rows.extend(
            contact::Entity::find()
                .filter(contact::Column::OrgId.eq(org_id))
                .filter(contact::Column::Id.is_in(chunk.iter().copied()))
                .all(conn)
                .await?,
        );
    }
    let all_seen = rows.len() == wanted.len() && rows.iter().all(|c| seen.sees(c.owner_id));
    Ok(all_seen.then_some(rows))
}

pub async fn update_many(
    store: &Store,
    org_id: i64,
    ids: &[i64],
    seen: &Seen,
    changes: &[(&'static str, Option<String>)],
    actor_id: i64,
    now: EpochMs,
) -> Result<u64, StoreError> {
    let txn = store.begin_write().await?;
    let rows = match seen_rows(&txn, org_id, ids, seen).await? {
        Some(rows) => rows,
        None => {
            txn.rollback().await?;
            return Err(StoreError::NotFound);
        }
    };
    let change = Change {
        actor_id: Some(actor_id),
        origin: "member",
        now,
    };
    let mut history = Vec::new();
    let mut updated = 0;
    for before in rows {
        let recorded = history.len();
        change.apply(&txn, before, changes, &mut history).await?;
        if history.len() > recorded {
            updated += 1;
        }
    }
    insert_history(&txn, history).await?;
    txn.commit().await?;
    Ok(updated)
}
