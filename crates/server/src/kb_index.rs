//! Writing an uploaded knowledge-base document (issue #23): the organisation's quota (from the
//! settings: the plans say nothing of documents), its passages with their terms, the index
//! written in short batches under a `staging` document flipped to `ready` at the end (so no
//! transaction holds SQLite's write lock for long, and a document is answerable entirely or not
//! at all), and the removal of uploads abandoned half-way.

use crate::error::AppError;
use crate::state::AppState;
use contract::ErrorCode;
use std::time::Duration;

/// The organisation's knowledge-base quota from the settings (the plans say nothing of it).
pub fn kb_quota(state: &AppState) -> store::kb::Quota {
    let kb = &state.config.knowledge_base;
    store::kb::Quota {
        max_documents: kb.max_documents,
        max_bytes: kb.max_storage_mb.saturating_mul(1024 * 1024),
    }
}

/// The refusal when `count` documents of `used` bytes and one more of `size` pass the quota.
pub fn quota_refusal(
    quota: store::kb::Quota,
    count: u64,
    used: u64,
    size: u64,
) -> Result<(), AppError> {
    if count >= quota.max_documents {
        return Err(too_many_documents(quota));
    }
    if used.saturating_add(size) > quota.max_bytes {
        return Err(no_storage_left());
    }
    Ok(())
}

pub fn too_many_documents(quota: store::kb::Quota) -> AppError {
    AppError::new(
        ErrorCode::PlanLimitReached,
        format!(
            "the knowledge base holds at most {} documents",
            quota.max_documents
        ),
    )
}

pub fn no_storage_left() -> AppError {
    AppError::new(
        ErrorCode::StorageQuotaExceeded,
        "the knowledge base has no storage left for this file",
    )
}

/// Every page's passages with their terms, page 1 first.
pub fn passages_of(pages: &[String]) -> Vec<store::kb::NewPassage> {
    let mut passages = Vec::new();
    for (i, text) in pages.iter().enumerate() {
        for p in domain::kb::passages(text) {
            let terms = domain::kb::terms(&p);
            passages.push((i32::try_from(i + 1).unwrap_or(i32::MAX), p, terms));
        }
    }
    passages
}

/// Term rows written per transaction while a document is indexed.
const BATCH_TERM_ROWS: usize = 1_000;

/// The shortest rest between two batches on SQLite: longer than the longest sleep of a writer
/// waiting for the lock (SQLite's busy handler polls at most every 100 ms), so every waiting
/// writer gets in between two batches.
const SQLITE_REST: Duration = Duration::from_millis(120);

/// A staging document left this long is abandoned (its upload failed or its process died): a
/// live upload has long finished.
const ABANDONED_AFTER_MS: i64 = 15 * 60 * 1000;

/// Writes a staging document's passages in batches of about [`BATCH_TERM_ROWS`] term rows, each
/// its own transaction, then makes it ready. On SQLite (one writer at a time) it rests between
/// batches twice as long as the batch took and at least [`SQLITE_REST`], so a writer waiting
/// for the lock waits one batch at most; PostgreSQL's row locks keep other writers apart. False
/// when it was removed meanwhile.
pub async fn index_in_batches(
    state: &AppState,
    doc: &store::entity::kb::document::Model,
    passages: Vec<store::kb::NewPassage>,
) -> Result<bool, AppError> {
    let (mut added, mut length) = (0i64, 0i64);
    let mut batch = Vec::new();
    let mut rows = 0;
    let mut rest = passages.into_iter().peekable();
    while let Some(p) = rest.next() {
        rows += p.2.len();
        batch.push(p);
        if rows >= BATCH_TERM_ROWS || rest.peek().is_none() {
            let started = std::time::Instant::now();
            let (n, l) =
                store::kb::add_passages(&state.store, doc, std::mem::take(&mut batch)).await?;
            added += n;
            length += l;
            rows = 0;
            if state.store.kind() == store::DbKind::Sqlite {
                tokio::time::sleep((started.elapsed() * 2).max(SQLITE_REST)).await;
            } else {
                tokio::task::yield_now().await;
            }
        }
    }
    Ok(store::kb::finish_document(&state.store, doc, added, length).await?)
}

/// Removes the organisation's abandoned staging documents with their files (best effort: a
/// failure is logged and left for the next upload).
pub async fn clean_abandoned(state: &AppState, org_id: i64, now: i64) {
    let stale =
        match store::kb::stale_documents(&state.store, org_id, now - ABANDONED_AFTER_MS).await {
            Ok(stale) => stale,
            Err(e) => {
                tracing::warn!(error = %e, "abandoned uploads not looked up");
                return;
            }
        };
    for doc in stale {
        match store::kb::discard_document(&state.store, &doc).await {
            Ok(()) => {
                let _ = state.files.delete(&doc.storage_key).await;
            }
            Err(e) => tracing::warn!(error = %e, "an abandoned upload not removed"),
        }
    }
}
