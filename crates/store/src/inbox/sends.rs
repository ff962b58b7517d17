//! The outbox of replies on a shared number: a reply is stored as a queued message and, in the
//! same transaction, as a send due now. A worker claims due sends with a lease (one statement,
//! `FOR UPDATE SKIP LOCKED` on PostgreSQL), hands each to the gateway, and records the outcome;
//! a send whose worker died is due again when its lease ends, so nothing is lost while the
//! gateway or a replica is away.

use crate::entity::inbox::{message, send};
use crate::{DbKind, EpochMs, Store, StoreError};
use domain::inbox::Ack;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, Statement,
    TransactionTrait, Value,
};

use super::intake::{record_in, Chat, Incoming, Recorded};

/// Stores a reply as a queued message with its send, due now: for the gateway on the shared
/// number, for the member's extension on their own chat.
pub async fn queue_reply(
    store: &Store,
    chat: &Chat<'_>,
    reply: &Incoming<'_>,
    now: EpochMs,
) -> Result<Recorded, StoreError> {
    let txn = store.begin_write().await?;
    let recorded = record_in(&txn, chat, reply, now).await?;
    if let Some(message_id) = recorded.message_id {
        send::ActiveModel {
            org_id: Set(chat.org_id),
            message_id: Set(message_id),
            channel_id: Set(chat.channel_id),
            // A member's own chat: their extension claims it.
            owner_id: Set(chat.owner_id),
            claim_token: Set(None),
            attempts: Set(0),
            next_attempt_at: Set(now),
            last_error: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(recorded)
}

/// A claimed send with what the gateway needs.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub id: i64,
    pub org_id: i64,
    pub message_id: i64,
    pub channel_id: i64,
    pub attempts: i32,
    pub conversation_id: i64,
    pub chat_id: String,
    pub body: Option<String>,
    /// When the reply was written (a reply waits for the gateway only so long).
    pub queued_at: EpochMs,
}

/// Takes up to `limit` due sends for a lease until `now + lease_ms`.
pub async fn claim(
    store: &Store,
    now: EpochMs,
    lease_ms: i64,
    limit: u32,
) -> Result<Vec<Claimed>, StoreError> {
    let until = now + lease_ms;
    let (lock, p) = match store.kind() {
        DbKind::Postgres => ("FOR UPDATE SKIP LOCKED", ["$1", "$2", "$3"]),
        DbKind::Sqlite => ("", ["?", "?", "?"]),
    };
    let sql = format!(
        "UPDATE inbox_sends SET next_attempt_at = {}, attempts = attempts + 1 \
         WHERE id IN (SELECT id FROM inbox_sends WHERE owner_id IS NULL AND next_attempt_at <= {} \
         ORDER BY next_attempt_at, id LIMIT {} {lock}) \
         RETURNING id, org_id, message_id, channel_id, attempts",
        p[0], p[1], p[2]
    );
    let values: Vec<Value> = vec![until.into(), now.into(), i64::from(limit).into()];
    let db = store.conn();
    let txn = db.begin().await?;
    let rows = txn
        .query_all(Statement::from_sql_and_values(
            txn.get_database_backend(),
            sql,
            values,
        ))
        .await?;
    txn.commit().await?;
    let mut claimed = Vec::with_capacity(rows.len());
    for row in rows {
        let message_id: i64 = row.try_get("", "message_id")?;
        let Some(msg) = message::Entity::find_by_id(message_id).one(db).await? else {
            continue;
        };
        let chat_id = crate::entity::inbox::conversation::Entity::find_by_id(msg.conversation_id)
            .one(db)
            .await?
            .map(|c| c.chat_id)
            .unwrap_or_default();
        claimed.push(Claimed {
            id: row.try_get("", "id")?,
            org_id: row.try_get("", "org_id")?,
            message_id,
            channel_id: row.try_get("", "channel_id")?,
            attempts: row.try_get("", "attempts")?,
            conversation_id: msg.conversation_id,
            chat_id,
            body: msg.body,
            queued_at: msg.created_at,
        });
    }
    claimed.sort_by_key(|c| c.id);
    Ok(claimed)
}

/// The gateway took the reply: the message gets the gateway's id (when it told one) and `Sent`
/// unless an ack already moved it further; the send is done.
pub async fn sent(
    store: &Store,
    send_id: i64,
    message_id: i64,
    source_id: Option<&str>,
) -> Result<(), StoreError> {
    let txn = store.begin_write().await?;
    // The write first: on SQLite it takes the write lock before the read, so the read cannot
    // be of a snapshot another writer has moved past (which fails the transaction as busy).
    send::Entity::delete_by_id(send_id).exec(&txn).await?;
    if let Some(row) = message::Entity::find_by_id(message_id).one(&txn).await? {
        let ack = Ack::from_code(row.ack).merge(Ack::Sent);
        let mut update =
            message::Entity::update_many().col_expr(message::Column::Ack, ack.code().into());
        if let Some(source) = source_id {
            update = update.col_expr(message::Column::SourceId, source.into());
        }
        update
            .filter(message::Column::Id.eq(message_id))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// The gateway could not take it now: due again at `next_at`.
pub async fn retry(
    store: &Store,
    send_id: i64,
    next_at: EpochMs,
    error: &str,
) -> Result<(), StoreError> {
    send::Entity::update_many()
        .col_expr(send::Column::NextAttemptAt, next_at.into())
        .col_expr(send::Column::LastError, truncate(error).into())
        .filter(send::Column::Id.eq(send_id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Given up: the message is failed with the reason the sender sees.
pub async fn give_up(
    store: &Store,
    send_id: i64,
    message_id: i64,
    error: &str,
) -> Result<(), StoreError> {
    let txn = store.begin_write().await?;
    message::Entity::update_many()
        .col_expr(message::Column::Ack, Ack::Failed.code().into())
        .col_expr(message::Column::Error, truncate(error).into())
        .filter(message::Column::Id.eq(message_id))
        .exec(&txn)
        .await?;
    send::Entity::delete_by_id(send_id).exec(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// How many replies wait for the channel's gateway.
pub async fn waiting(store: &Store, channel_id: i64) -> Result<u64, StoreError> {
    use sea_orm::PaginatorTrait;
    Ok(send::Entity::find()
        .filter(send::Column::ChannelId.eq(channel_id))
        .count(store.conn())
        .await?)
}

fn truncate(s: &str) -> String {
    s.chars().take(250).collect()
}

/// A member's reply claimed by their extension.
#[derive(Debug, Clone)]
pub struct MemberClaim {
    pub send_id: i64,
    pub org_id: i64,
    pub message_id: i64,
    pub chat_id: String,
    pub body: Option<String>,
}

/// Takes up to `limit` of the replies waiting for `owner_id`'s extension (due, or whose lease
/// ended) under `token` until `until`, in one statement: two claims never hold the same reply.
pub async fn claim_member(
    store: &Store,
    owner_id: i64,
    now: EpochMs,
    until: EpochMs,
    token: &str,
    limit: u32,
) -> Result<Vec<MemberClaim>, StoreError> {
    let (lock, p) = match store.kind() {
        DbKind::Postgres => ("FOR UPDATE SKIP LOCKED", ["$1", "$2", "$3", "$4"]),
        DbKind::Sqlite => ("", ["?", "?", "?", "?"]),
    };
    let sql = format!(
        "UPDATE inbox_sends SET next_attempt_at = {}, claim_token = {}, attempts = attempts + 1 \
         WHERE id IN (SELECT id FROM inbox_sends WHERE owner_id = {} AND next_attempt_at <= {} \
         ORDER BY next_attempt_at, id LIMIT {} {lock}) RETURNING id, org_id, message_id",
        p[0],
        p[1],
        p[2],
        p[3],
        i64::from(limit)
    );
    let values: Vec<Value> = vec![until.into(), token.into(), owner_id.into(), now.into()];
    let db = store.conn();
    let txn = db.begin().await?;
    let rows = txn
        .query_all(Statement::from_sql_and_values(
            txn.get_database_backend(),
            sql,
            values,
        ))
        .await?;
    txn.commit().await?;
    let mut claimed = Vec::with_capacity(rows.len());
    for row in rows {
        let message_id: i64 = row.try_get("", "message_id")?;
        let Some(msg) = message::Entity::find_by_id(message_id).one(db).await? else {
            continue;
        };
        let chat_id = crate::entity::inbox::conversation::Entity::find_by_id(msg.conversation_id)
            .one(db)
            .await?
            .map(|c| c.chat_id)
            .unwrap_or_default();
        claimed.push(MemberClaim {
            send_id: row.try_get("", "id")?,
            org_id: row.try_get("", "org_id")?,
            message_id,
            chat_id,
            body: msg.body,
        });
    }
    claimed.sort_by_key(|c| c.send_id);
    Ok(claimed)
}

/// The member's reply `send_id` as they hold it: `NotFound` when it is not theirs (or done),
/// `Conflict` when their claim no longer holds it.
pub async fn held(
    store: &Store,
    send_id: i64,
    owner_id: i64,
    token: &str,
) -> Result<send::Model, StoreError> {
    let row = send::Entity::find_by_id(send_id)
        .filter(send::Column::OwnerId.eq(owner_id))
        .one(store.conn())
        .await?
        .ok_or(StoreError::NotFound)?;
    if row.claim_token.as_deref() != Some(token) {
        return Err(StoreError::Conflict(
            "the claim no longer holds this reply".into(),
        ));
    }
    Ok(row)
}

/// Replies of members' own chats that no extension took before `before` (when they were
/// written): failed with `error`. Answers each `(org, conversation, message)`.
pub async fn expire_member(
    store: &Store,
    before: EpochMs,
    error: &str,
) -> Result<Vec<(i64, i64, i64)>, StoreError> {
    let waiting = send::Entity::find()
        .filter(send::Column::OwnerId.is_not_null())
        .all(store.conn())
        .await?;
    let mut expired = Vec::new();
    for s in waiting {
        let Some(msg) = message::Entity::find_by_id(s.message_id)
            .one(store.conn())
            .await?
        else {
            continue;
        };
        if msg.created_at < before {
            give_up(store, s.id, s.message_id, error).await?;
            expired.push((s.org_id, msg.conversation_id, s.message_id));
        }
    }
    Ok(expired)
}
