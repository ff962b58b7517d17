//! Media of shared-number messages waiting to be downloaded into the file store: a message
//! with `media_url` set is due at `media_next_at`; a worker takes it by moving that time forward
//! (compare-and-swap, so two replicas never fetch the same media at once), then keeps it
//! (`media_key`), tries again later, or gives up (the name stays, the download does not).

use crate::entity::inbox::{conversation, message};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// A download taken by a worker.
#[derive(Debug, Clone)]
pub struct Due {
    pub message_id: i64,
    pub org_id: i64,
    pub conversation_id: i64,
    pub channel_id: i64,
    pub url: String,
    pub tries: i32,
}

/// Takes up to `limit` due downloads until `now + lease_ms`.
pub async fn take(
    store: &Store,
    now: EpochMs,
    lease_ms: i64,
    limit: u64,
) -> Result<Vec<Due>, StoreError> {
    let rows = message::Entity::find()
        .filter(message::Column::MediaUrl.is_not_null())
        .filter(message::Column::MediaNextAt.lte(now))
        .order_by_asc(message::Column::MediaNextAt)
        .limit(limit)
        .all(store.conn())
        .await?;
    let mut taken = Vec::new();
    for m in rows {
        let (Some(url), Some(due_at)) = (m.media_url, m.media_next_at) else {
            continue;
        };
        let moved = message::Entity::update_many()
            .col_expr(message::Column::MediaNextAt, Expr::value(now + lease_ms))
            .filter(message::Column::Id.eq(m.id))
            .filter(message::Column::MediaNextAt.eq(due_at))
            .exec(store.conn())
            .await?;
        if moved.rows_affected != 1 {
            continue;
        }
        let Some(conv) = conversation::Entity::find_by_id(m.conversation_id)
            .one(store.conn())
            .await?
        else {
            continue;
        };
        taken.push(Due {
            message_id: m.id,
            org_id: m.org_id,
            conversation_id: m.conversation_id,
            channel_id: conv.channel_id,
            url,
            tries: m.media_tries,
        });
    }
    Ok(taken)
}

/// Kept under `key` in the file store, of type `mimetype`.
pub async fn kept(
    store: &Store,
    message_id: i64,
    key: &str,
    mimetype: &str,
) -> Result<(), StoreError> {
    message::Entity::update_many()
        .col_expr(message::Column::MediaKey, Expr::value(key))
        .col_expr(message::Column::MediaType, Expr::value(mimetype))
        .col_expr(
            message::Column::MediaUrl,
            Expr::value(Option::<String>::None),
        )
        .col_expr(
            message::Column::MediaNextAt,
            Expr::value(Option::<i64>::None),
        )
        .filter(message::Column::Id.eq(message_id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Not now: due again at `next_at` (`None`: never — the media is given up).
pub async fn later(
    store: &Store,
    message_id: i64,
    next_at: Option<EpochMs>,
) -> Result<(), StoreError> {
    let mut update = message::Entity::update_many()
        .col_expr(
            message::Column::MediaTries,
            Expr::col(message::Column::MediaTries).add(1),
        )
        .col_expr(message::Column::MediaNextAt, Expr::value(next_at));
    if next_at.is_none() {
        update = update.col_expr(
            message::Column::MediaUrl,
            Expr::value(Option::<String>::None),
        );
    }
    update
        .filter(message::Column::Id.eq(message_id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// A message's stored media: its key, type and name, when it has been kept.
pub async fn of_message(
    store: &Store,
    conversation_id: i64,
    message_id: i64,
) -> Result<Option<(String, Option<String>, Option<String>)>, StoreError> {
    Ok(message::Entity::find_by_id(message_id)
        .filter(message::Column::ConversationId.eq(conversation_id))
        .one(store.conn())
        .await?
        .and_then(|m| m.media_key.map(|k| (k, m.media_type, m.media_name))))
}
