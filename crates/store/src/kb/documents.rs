//! A knowledge-base document's rows, written and deleted in short transactions (issue #23: one
//! PDF's 3.9 M term rows in one transaction held SQLite's write lock for 80 s). The document is
//! first reserved as `staging` — the organisation's quota checked in the same transaction —,
//! its passages and terms are then written in batches of a few thousand rows, each its own
//! transaction, and one last statement flips it to `ready` with the organisation's BM25 counts.
//! Nothing lists or answers from a document that is not `ready`, so a document is still
//! answerable entirely or not at all; one whose upload failed or whose process died is removed
//! the same way, in batches (`discard_document`, and `stale_documents` for the next upload).

use crate::entity::kb::{document, passage, stats, term};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use std::collections::HashMap;

/// A document being written or deleted: never listed nor answered from.
pub const STAGING: &str = "staging";
/// A document whose passages are all written.
pub const READY: &str = "ready";

/// Passages deleted per transaction (with their terms, a few thousand rows).
const DELETE_BATCH: u64 = 40;

/// A document to reserve: everything but its passages.
pub struct NewDocument {
    pub org_id: i64,
    pub name: String,
    pub size_bytes: i64,
    pub pages: i32,
    pub storage_key: String,
    pub uploaded_by: i64,
}

/// What an organisation may keep in its knowledge base.
#[derive(Debug, Clone, Copy)]
pub struct Quota {
    pub max_documents: u64,
    pub max_bytes: u64,
}

/// The answer of [`reserve_document`].
#[derive(Debug)]
pub enum Reserved {
    Document(document::Model),
    /// The organisation already has `max_documents`.
    TooManyDocuments,
    /// The file would take the organisation past `max_bytes`.
    NoStorageLeft,
}

/// `(page, passage text, its terms)`.
pub type NewPassage = (i32, String, Vec<String>);

/// Reserves a `staging` document if the organisation's documents (every state: an upload under
/// way counts) stay within `quota` with it. The organisation's counts row is written first, so
/// two uploads at once are decided one after the other (SQLite's write lock, PostgreSQL's row
/// lock).
pub async fn reserve_document(
    store: &Store,
    new: NewDocument,
    quota: Quota,
    now: EpochMs,
) -> Result<Reserved, StoreError> {
    let txn = store.begin_write().await?;
    let backend = txn.get_database_backend();
    let ensure = Query::insert()
        .into_table(stats::Entity)
        .columns([
            stats::Column::OrgId,
            stats::Column::Passages,
            stats::Column::TotalLength,
        ])
        .values_panic([new.org_id.into(), 0i64.into(), 0i64.into()])
        .on_conflict(
            OnConflict::column(stats::Column::OrgId)
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    txn.execute(backend.build(&ensure)).await?;
    stats::Entity::update_many()
        .col_expr(
            stats::Column::Passages,
            Expr::col(stats::Column::Passages).into(),
        )
        .filter(stats::Column::OrgId.eq(new.org_id))
        .exec(&txn)
        .await?;
    let (count, bytes) = usage_in(&txn, new.org_id).await?;
    if count >= quota.max_documents {
        return Ok(Reserved::TooManyDocuments);
    }
    let size = u64::try_from(new.size_bytes).unwrap_or(u64::MAX);
    if bytes.saturating_add(size) > quota.max_bytes {
        return Ok(Reserved::NoStorageLeft);
    }
    let doc = document::ActiveModel {
        org_id: Set(new.org_id),
        name: Set(new.name),
        size_bytes: Set(new.size_bytes),
        pages: Set(new.pages),
        storage_key: Set(new.storage_key),
        uploaded_by: Set(new.uploaded_by),
        created_at: Set(now),
        state: Set(STAGING.to_owned()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(Reserved::Document(doc))
}

/// The organisation's documents (every state) and their bytes.
pub async fn usage(store: &Store, org_id: i64) -> Result<(u64, u64), StoreError> {
    usage_in(store.conn(), org_id).await
}

async fn usage_in(db: &impl ConnectionTrait, org_id: i64) -> Result<(u64, u64), StoreError> {
    // PostgreSQL sums a BIGINT as NUMERIC: cast back, on both backends.
    let row: Option<(i64, i64)> = document::Entity::find()
        .select_only()
        .column_as(Expr::col(document::Column::Id).count(), "n")
        .column_as(
            Expr::cust("COALESCE(CAST(SUM(size_bytes) AS BIGINT), 0)"),
            "bytes",
        )
        .filter(document::Column::OrgId.eq(org_id))
        .into_tuple()
        .one(db)
        .await?;
    let (n, bytes) = row.unwrap_or((0, 0));
    Ok((
        u64::try_from(n).unwrap_or(0),
        u64::try_from(bytes).unwrap_or(0),
    ))
}

/// Writes one batch of a `staging` document's passages with their terms, in one transaction.
/// Answers the batch's passages and their summed length (for [`finish_document`]).
pub async fn add_passages(
    store: &Store,
    doc: &document::Model,
    passages: Vec<NewPassage>,
) -> Result<(i64, i64), StoreError> {
    let txn = store.begin_write().await?;
    let added = passages.len() as i64;
    let mut length = 0i64;
    for (page, text, terms) in passages {
        length += terms.len() as i64;
        let p = passage::ActiveModel {
            document_id: Set(doc.id),
            org_id: Set(doc.org_id),
            page: Set(page),
            length: Set(i32::try_from(terms.len()).unwrap_or(i32::MAX)),
            text: Set(text),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let mut counts: HashMap<String, i32> = HashMap::new();
        for t in terms {
            *counts.entry(t.chars().take(64).collect()).or_default() += 1;
        }
        let rows: Vec<term::ActiveModel> = counts
            .into_iter()
            .map(|(t, tf)| term::ActiveModel {
                org_id: Set(doc.org_id),
                term: Set(t),
                passage_id: Set(p.id),
                tf: Set(tf),
                ..Default::default()
            })
            .collect();
        for chunk in rows.chunks(200) {
            term::Entity::insert_many(chunk.to_vec()).exec(&txn).await?;
        }
    }
    txn.commit().await?;
    Ok((added, length))
}

/// Makes a `staging` document `ready` and adds its passages to the organisation's BM25 counts,
/// in one short transaction. False when it is no longer staging (removed meanwhile).
pub async fn finish_document(
    store: &Store,
    doc: &document::Model,
    passages: i64,
    length: i64,
) -> Result<bool, StoreError> {
    let txn = store.begin_write().await?;
    let flipped = document::Entity::update_many()
        .col_expr(document::Column::State, Expr::value(READY))
        .filter(document::Column::Id.eq(doc.id))
        .filter(document::Column::State.eq(STAGING))
        .exec(&txn)
        .await?;
    if flipped.rows_affected == 0 {
        return Ok(false);
    }
    bump_stats(&txn, doc.org_id, passages, length).await?;
    txn.commit().await?;
    Ok(true)
}

/// Adds `passages` and `length` (negative to remove) to the organisation's counts.
async fn bump_stats(
    txn: &impl ConnectionTrait,
    org_id: i64,
    passages: i64,
    length: i64,
) -> Result<(), StoreError> {
    let found = stats::Entity::find_by_id(org_id).one(txn).await?;
    match found {
        Some(s) => {
            let mut row = stats::ActiveModel::from(s.clone());
            row.passages = Set((s.passages + passages).max(0));
            row.total_length = Set((s.total_length + length).max(0));
            row.update(txn).await?;
        }
        None => {
            stats::ActiveModel {
                org_id: Set(org_id),
                passages: Set(passages.max(0)),
                total_length: Set(length.max(0)),
            }
            .insert(txn)
            .await?;
        }
    }
    Ok(())
}

/// Deletes a `ready` document: one short transaction takes it out of the lists, the answers and
/// the BM25 counts (it becomes `staging`), then its rows go in batches ([`discard_document`]).
/// Answers it (its file is the caller's to remove), or None.
pub async fn delete_document(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<document::Model>, StoreError> {
    let txn = store.begin_write().await?;
    let hidden = document::Entity::update_many()
        .col_expr(document::Column::State, Expr::value(STAGING))
        .filter(document::Column::Id.eq(id))
        .filter(document::Column::OrgId.eq(org_id))
        .filter(document::Column::State.eq(READY))
        .exec(&txn)
        .await?;
    if hidden.rows_affected == 0 {
        return Ok(None);
    }
    let Some(doc) = document::Entity::find_by_id(id).one(&txn).await? else {
        return Ok(None);
    };
    let lengths: Vec<i32> = passage::Entity::find()
        .select_only()
        .column(passage::Column::Length)
        .filter(passage::Column::DocumentId.eq(id))
        .into_tuple()
        .all(&txn)
        .await?;
    let removed_length: i64 = lengths.iter().map(|l| i64::from(*l)).sum();
    bump_stats(&txn, org_id, -(lengths.len() as i64), -removed_length).await?;
    txn.commit().await?;
    discard_document(store, &doc).await?;
    Ok(Some(doc))
}

/// Removes a document that is not `ready` (a failed or abandoned upload, or a deletion) with its
/// passages and terms, a batch of passages per transaction, the document row last.
pub async fn discard_document(store: &Store, doc: &document::Model) -> Result<(), StoreError> {
    loop {
        let txn = store.begin_write().await?;
        let ids: Vec<i64> = passage::Entity::find()
            .select_only()
            .column(passage::Column::Id)
            .filter(passage::Column::DocumentId.eq(doc.id))
            .order_by_asc(passage::Column::Id)
            .limit(DELETE_BATCH)
            .into_tuple()
            .all(&txn)
            .await?;
        if ids.is_empty() {
            document::Entity::delete_many()
                .filter(document::Column::Id.eq(doc.id))
                .filter(document::Column::State.eq(STAGING))
                .exec(&txn)
                .await?;
            txn.commit().await?;
            return Ok(());
        }
        term::Entity::delete_many()
            .filter(term::Column::PassageId.is_in(ids.clone()))
            .exec(&txn)
            .await?;
        passage::Entity::delete_many()
            .filter(passage::Column::Id.is_in(ids))
            .exec(&txn)
            .await?;
        txn.commit().await?;
    }
}

/// The organisation's documents still `staging` that were reserved before `before`: uploads
/// that failed or whose process died (a live upload finishes long before).
pub async fn stale_documents(
    store: &Store,
    org_id: i64,
    before: EpochMs,
) -> Result<Vec<document::Model>, StoreError> {
    Ok(document::Entity::find()
        .filter(document::Column::OrgId.eq(org_id))
        .filter(document::Column::State.eq(STAGING))
        .filter(document::Column::CreatedAt.lt(before))
        .all(store.conn())
        .await?)
}

/// The organisation's `ready` documents, newest first.
pub async fn documents(store: &Store, org_id: i64) -> Result<Vec<document::Model>, StoreError> {
    Ok(document::Entity::find()
        .filter(document::Column::OrgId.eq(org_id))
        .filter(document::Column::State.eq(READY))
        .order_by_desc(document::Column::Id)
        .all(store.conn())
        .await?)
}

/// One `ready` document of the organisation.
pub async fn document(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<document::Model>, StoreError> {
    Ok(document::Entity::find_by_id(id)
        .filter(document::Column::OrgId.eq(org_id))
        .filter(document::Column::State.eq(READY))
        .one(store.conn())
        .await?)
}
