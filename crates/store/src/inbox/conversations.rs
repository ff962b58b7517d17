//! Changes to a conversation the team makes: Open/Closed, the assignee, a member's read mark.

use crate::entity::inbox::{conversation, message, read};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::{OnConflict, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

/// Opens or closes it; closing stops the needs-reply clock.
pub async fn set_open(store: &Store, org_id: i64, id: i64, open: bool) -> Result<(), StoreError> {
    let mut update =
        conversation::Entity::update_many().col_expr(conversation::Column::Open, open.into());
    if !open {
        update = update.col_expr(conversation::Column::EscalateAt, Option::<i64>::None.into());
    }
    update
        .filter(conversation::Column::OrgId.eq(org_id))
        .filter(conversation::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

pub async fn set_assignee(
    store: &Store,
    org_id: i64,
    id: i64,
    assignee: Option<i64>,
) -> Result<(), StoreError> {
    conversation::Entity::update_many()
        .col_expr(conversation::Column::AssigneeId, assignee.into())
        .filter(conversation::Column::OrgId.eq(org_id))
        .filter(conversation::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// The member has read the conversation up to `at` (a mark only moves forward).
pub async fn mark_read(
    store: &Store,
    conversation_id: i64,
    user_id: i64,
    at: EpochMs,
) -> Result<(), StoreError> {
    let backend = store.conn().get_database_backend();
    let insert = Query::insert()
        .into_table(read::Entity)
        .columns([
            read::Column::ConversationId,
            read::Column::UserId,
            read::Column::ReadAt,
        ])
        .values_panic([conversation_id.into(), user_id.into(), at.into()])
        .on_conflict(
            OnConflict::columns([read::Column::UserId, read::Column::ConversationId])
                .update_column(read::Column::ReadAt)
                .to_owned(),
        )
        .to_owned();
    store.conn().execute(backend.build(&insert)).await?;
    Ok(())
}

/// An echo of our own reply that the gateway took without telling its id: the newest outbound
/// message of the chat with no source id and the same text gets `source_id`. True when one did.
pub async fn adopt_echo(
    store: &Store,
    channel_id: i64,
    chat_id: &str,
    source_id: &str,
    body: Option<&str>,
) -> Result<bool, StoreError> {
    let Some(conv) = conversation::Entity::find()
        .filter(conversation::Column::ChannelId.eq(channel_id))
        .filter(conversation::Column::ChatId.eq(chat_id))
        .one(store.conn())
        .await?
    else {
        return Ok(false);
    };
    let mut q = message::Entity::find()
        .filter(message::Column::ConversationId.eq(conv.id))
        .filter(message::Column::Outbound.eq(true))
        .filter(message::Column::SourceId.is_null())
        .filter(message::Column::Kind.eq(super::MESSAGE));
    q = match body {
        Some(b) => q.filter(message::Column::Body.eq(b)),
        None => q.filter(message::Column::Body.is_null()),
    };
    let Some(row) = q
        .order_by_desc(message::Column::Id)
        .one(store.conn())
        .await?
    else {
        return Ok(false);
    };
    let done = message::Entity::update_many()
        .col_expr(message::Column::SourceId, source_id.into())
        .filter(message::Column::Id.eq(row.id))
        .filter(message::Column::SourceId.is_null())
        .exec(store.conn())
        .await?;
    Ok(done.rows_affected > 0)
}
