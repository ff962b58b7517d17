//! The knowledge base's rows (issue #17): documents (written and deleted in short batches,
//! `documents.rs`), the candidates a query's terms reach with what BM25 needs — only from
//! `ready` documents —, conversations, messages and unanswered questions. Every query names the
//! organisation.

mod documents;

pub use documents::*;

use crate::entity::kb::{
    ai_usage, conversation, document, message, passage, stats, term, unanswered,
};
use crate::scoped::scoped;
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Select, Set,
};

// A person's own conversations with the knowledge base, most recently used first.
scoped!(conversation, owner: UserId, order: |q: Select<conversation::Entity>| q
    .order_by_desc(conversation::Column::UpdatedAt));
use std::collections::HashMap;

/// Terms whose postings are read for every query: the rarest, until this many postings.
const DRIVER_POSTINGS: u64 = 2_000;

/// A passage a query's terms reach: its id, its length and `(term index, tf)` per matched term.
pub type Hit = (i64, u32, Vec<(usize, u32)>);

/// What BM25 needs for a query over an organisation's passages: the passage count, their mean
/// length, each query term's document frequency, and each passage the terms reach with its
/// length and `(term index, tf)` matches.
pub struct Candidates {
    pub passages: u64,
    pub avg_length: f64,
    pub df: Vec<u64>,
    pub hits: Vec<Hit>,
}

/// The passages of the organisation's documents that are not `ready` (being written or
/// deleted): no answer reads them. Empty, and cheap, when no upload is under way.
fn hidden_passages(org_id: i64) -> sea_orm::sea_query::SelectStatement {
    Query::select()
        .column((passage::Entity, passage::Column::Id))
        .from(passage::Entity)
        .and_where(
            Expr::col((passage::Entity, passage::Column::DocumentId)).in_subquery(
                Query::select()
                    .column((document::Entity, document::Column::Id))
                    .from(document::Entity)
                    .and_where(Expr::col((document::Entity, document::Column::OrgId)).eq(org_id))
                    .and_where(Expr::col((document::Entity, document::Column::State)).ne(READY))
                    .to_owned(),
            ),
        )
        .to_owned()
}

pub async fn candidates(
    store: &Store,
    org_id: i64,
    query: &[String],
) -> Result<Candidates, StoreError> {
    let db = store.conn();
    let (passages, total_length) = stats::Entity::find_by_id(org_id)
        .one(db)
        .await?
        .map_or((0, 0), |s| (s.passages, s.total_length));
    let passages = u64::try_from(passages).unwrap_or(0);
    let mut out = Candidates {
        passages,
        avg_length: if passages == 0 {
            0.0
        } else {
            total_length as f64 / passages as f64
        },
        df: vec![0u64; query.len()],
        hits: Vec::new(),
    };
    if query.is_empty() || passages == 0 {
        return Ok(out);
    }
    // Each term's document frequency, from the index.
    let counts: Vec<(String, i64)> = term::Entity::find()
        .select_only()
        .column(term::Column::Term)
        .column_as(Expr::col(term::Column::Id).count(), "n")
        .filter(term::Column::OrgId.eq(org_id))
        .filter(term::Column::Term.is_in(query.to_vec()))
        .filter(term::Column::PassageId.not_in_subquery(hidden_passages(org_id)))
        .group_by(term::Column::Term)
        .into_tuple()
        .all(db)
        .await?;
    for (t, n) in counts {
        if let Some(i) = query.iter().position(|q| *q == t) {
            out.df[i] = u64::try_from(n).unwrap_or(0);
        }
    }
    // The rarest terms choose the candidates (at least one term, then more while their
    // postings stay few); the common terms are read only for those candidates.
    let mut order: Vec<usize> = (0..query.len()).filter(|i| out.df[*i] > 0).collect();
    order.sort_by_key(|i| out.df[*i]);
    let mut drivers = Vec::new();
    let mut postings = 0;
    for i in &order {
        if !drivers.is_empty() && postings + out.df[*i] > DRIVER_POSTINGS {
            break;
        }
        postings += out.df[*i];
        drivers.push(*i);
    }
    // One round trip: every query term's postings in the passages the drivers reach, with
    // each passage's length.
    let drivers: Vec<String> = drivers.iter().map(|i| query[*i].clone()).collect();
    let reached = Query::select()
        .column(term::Column::PassageId)
        .from(term::Entity)
        .and_where(Expr::col((term::Entity, term::Column::OrgId)).eq(org_id))
        .and_where(Expr::col((term::Entity, term::Column::Term)).is_in(drivers))
        .to_owned();
    let select = Query::select()
        .column((term::Entity, term::Column::PassageId))
        .column((term::Entity, term::Column::Term))
        .column((term::Entity, term::Column::Tf))
        .column((passage::Entity, passage::Column::Length))
        .from(term::Entity)
        .inner_join(
            passage::Entity,
            Expr::col((passage::Entity, passage::Column::Id))
                .equals((term::Entity, term::Column::PassageId)),
        )
        .and_where(Expr::col((term::Entity, term::Column::OrgId)).eq(org_id))
        .and_where(Expr::col((term::Entity, term::Column::Term)).is_in(query.to_vec()))
        .and_where(Expr::col((term::Entity, term::Column::PassageId)).in_subquery(reached))
        .and_where(
            Expr::col((term::Entity, term::Column::PassageId))
                .not_in_subquery(hidden_passages(org_id)),
        )
        .to_owned();
    let rows = db
        .query_all(db.get_database_backend().build(&select))
        .await?;
    let mut by_passage: HashMap<i64, (u32, Vec<(usize, u32)>)> = HashMap::new();
    for row in rows {
        let passage_id: i64 = row.try_get("", "passage_id")?;
        let t: String = row.try_get("", "term")?;
        let tf: i32 = row.try_get("", "tf")?;
        let length: i32 = row.try_get("", "length")?;
        if let Some(i) = query.iter().position(|q| *q == t) {
            let entry = by_passage
                .entry(passage_id)
                .or_insert_with(|| (u32::try_from(length).unwrap_or(0), Vec::new()));
            entry.1.push((i, u32::try_from(tf).unwrap_or(0)));
        }
    }
    out.hits = by_passage
        .into_iter()
        .map(|(id, (length, m))| (id, length, m))
        .collect();
    Ok(out)
}

/// Passages by id with their documents (of the organisation only).
pub async fn passages_with_documents(
    store: &Store,
    org_id: i64,
    ids: &[i64],
) -> Result<Vec<(passage::Model, document::Model)>, StoreError> {
    let rows = passage::Entity::find()
        .filter(passage::Column::OrgId.eq(org_id))
        .filter(passage::Column::Id.is_in(ids.to_vec()))
        .all(store.conn())
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for p in rows {
        if let Some(d) = document::Entity::find_by_id(p.document_id)
            .filter(document::Column::State.eq(READY))
            .one(store.conn())
            .await?
        {
            out.push((p, d));
        }
    }
    Ok(out)
}

pub async fn start_conversation(
    store: &Store,
    org_id: i64,
    user_id: i64,
    title: &str,
    now: EpochMs,
) -> Result<conversation::Model, StoreError> {
    Ok(conversation::ActiveModel {
        org_id: Set(org_id),
        user_id: Set(user_id),
        title: Set(title.chars().take(200).collect()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?)
}

/// Renames the user's conversation; false when it is not theirs (or gone).
pub async fn rename_conversation(
    store: &Store,
    org_id: i64,
    user_id: i64,
    id: i64,
    title: &str,
) -> Result<bool, StoreError> {
    let done = conversation::Entity::update_many()
        .col_expr(conversation::Column::Title, Expr::value(title))
        .filter(conversation::Column::Id.eq(id))
        .filter(conversation::Column::OrgId.eq(org_id))
        .filter(conversation::Column::UserId.eq(user_id))
        .exec(store.conn())
        .await?;
    Ok(done.rows_affected > 0)
}

/// Deletes the user's conversation and its messages in one transaction; false when it is not
/// theirs (or gone).
pub async fn delete_conversation(
    store: &Store,
    org_id: i64,
    user_id: i64,
    id: i64,
) -> Result<bool, StoreError> {
    let txn = store.begin_write().await?;
    let Some(c) = conversation::Entity::find_by_id(id)
        .filter(conversation::Column::OrgId.eq(org_id))
        .filter(conversation::Column::UserId.eq(user_id))
        .one(&txn)
        .await?
    else {
        return Ok(false);
    };
    message::Entity::delete_many()
        .filter(message::Column::ConversationId.eq(c.id))
        .exec(&txn)
        .await?;
    conversation::Entity::delete_by_id(c.id).exec(&txn).await?;
    txn.commit().await?;
    Ok(true)
}

/// Adds a message and touches its conversation.
pub async fn add_message(
    store: &Store,
    conversation_id: i64,
    role: &str,
    text: &str,
    status: &str,
    citations: serde_json::Value,
    now: EpochMs,
) -> Result<message::Model, StoreError> {
    let m = message::ActiveModel {
        conversation_id: Set(conversation_id),
        role: Set(role.to_owned()),
        text: Set(text.to_owned()),
        status: Set(status.to_owned()),
        citations: Set(citations.to_string()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?;
    conversation::Entity::update_many()
        .col_expr(conversation::Column::UpdatedAt, Expr::value(now))
        .filter(conversation::Column::Id.eq(conversation_id))
        .exec(store.conn())
        .await?;
    Ok(m)
}

pub async fn messages(
    store: &Store,
    conversation_id: i64,
) -> Result<Vec<message::Model>, StoreError> {
    Ok(message::Entity::find()
        .filter(message::Column::ConversationId.eq(conversation_id))
        .order_by_asc(message::Column::Id)
        .all(store.conn())
        .await?)
}

pub async fn add_unanswered(
    store: &Store,
    org_id: i64,
    question: &str,
    asked_by: i64,
    now: EpochMs,
) -> Result<(), StoreError> {
    unanswered::ActiveModel {
        org_id: Set(org_id),
        question: Set(question.to_owned()),
        asked_by: Set(asked_by),
        at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?;
    Ok(())
}

/// The organisation's unanswered questions, newest first.
pub async fn unanswered(
    store: &Store,
    org_id: i64,
    limit: u64,
) -> Result<Vec<unanswered::Model>, StoreError> {
    Ok(unanswered::Entity::find()
        .filter(unanswered::Column::OrgId.eq(org_id))
        .order_by_desc(unanswered::Column::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// Takes one of `user_id`'s AI replies of `day` if fewer than `limit` were taken; answers how
/// many are left afterwards, or None when none was left. One statement each way, so two
/// requests at once cannot both take the last one.
pub async fn take_ai_reply(
    store: &Store,
    user_id: i64,
    day: &str,
    limit: u32,
) -> Result<Option<u32>, StoreError> {
    let txn = store.begin_write().await?;
    let found = ai_usage::Entity::find()
        .filter(ai_usage::Column::UserId.eq(user_id))
        .filter(ai_usage::Column::Day.eq(day))
        .one(&txn)
        .await?;
    let limit_i = i32::try_from(limit).unwrap_or(i32::MAX);
    let used = match found {
        None => {
            if limit_i == 0 {
                return Ok(None);
            }
            let inserted = ai_usage::ActiveModel {
                user_id: Set(user_id),
                day: Set(day.to_owned()),
                used: Set(1),
                ..Default::default()
            }
            .insert(&txn)
            .await;
            match inserted {
                Ok(_) => 1,
                Err(e)
                    if matches!(
                        e.sql_err(),
                        Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
                    ) =>
                {
                    return Err(StoreError::Conflict("ai reply".into()))
                }
                Err(e) => return Err(e.into()),
            }
        }
        Some(row) => {
            let res = ai_usage::Entity::update_many()
                .col_expr(
                    ai_usage::Column::Used,
                    Expr::col(ai_usage::Column::Used).add(1),
                )
                .filter(ai_usage::Column::Id.eq(row.id))
                .filter(ai_usage::Column::Used.lt(limit_i))
                .exec(&txn)
                .await?;
            if res.rows_affected == 0 {
                return Ok(None);
            }
            row.used + 1
        }
    };
    txn.commit().await?;
    Ok(Some(u32::try_from(limit_i - used).unwrap_or(0)))
}

/// AI replies `user_id` has left on `day`.
pub async fn ai_replies_left(
    store: &Store,
    user_id: i64,
    day: &str,
    limit: u32,
) -> Result<u32, StoreError> {
    let used = ai_usage::Entity::find()
        .filter(ai_usage::Column::UserId.eq(user_id))
        .filter(ai_usage::Column::Day.eq(day))
        .one(store.conn())
        .await?
        .map_or(0, |r| u32::try_from(r.used).unwrap_or(0));
    Ok(limit.saturating_sub(used))
}

/// Questions `user_id` asked since `since`, in every organisation: the daily question quota is
/// read from the stored questions, so every replica counts the same.
pub async fn questions_since(
    store: &Store,
    user_id: i64,
    since: EpochMs,
) -> Result<u64, StoreError> {
    use sea_orm::PaginatorTrait;
    Ok(message::Entity::find()
        .filter(message::Column::Role.eq("user"))
        .filter(message::Column::CreatedAt.gte(since))
        .filter(
            message::Column::ConversationId.in_subquery(
                Query::select()
                    .column(conversation::Column::Id)
                    .from(conversation::Entity)
                    .and_where(Expr::col(conversation::Column::UserId).eq(user_id))
                    .to_owned(),
            ),
        )
        .count(store.conn())
        .await?)
}
