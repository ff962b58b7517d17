//! The inbox's event log: every change a live screen shows (a message, an ack, an assignment, a
//! state), numbered by the database so a screen that reconnects asks for what came after the
//! last number it saw, on whichever replica it reaches.

use crate::entity::inbox::event;
use crate::{EpochMs, Store, StoreError};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

pub async fn append(
    store: &Store,
    org_id: i64,
    kind: &str,
    conversation_id: Option<i64>,
    body: String,
    now: EpochMs,
) -> Result<event::Model, StoreError> {
    Ok(event::ActiveModel {
        org_id: Set(org_id),
        kind: Set(kind.to_owned()),
        conversation_id: Set(conversation_id),
        body: Set(body),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?)
}

/// The organisation's events after `after`, oldest first, at most `limit`.
pub async fn after(
    store: &Store,
    org_id: i64,
    after: i64,
    limit: u64,
) -> Result<Vec<event::Model>, StoreError> {
    Ok(event::Entity::find()
        .filter(event::Column::OrgId.eq(org_id))
        .filter(event::Column::Id.gt(after))
        .order_by_asc(event::Column::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// The newest event's number (0 when none), where a new screen starts.
pub async fn last_id(store: &Store, org_id: i64) -> Result<i64, StoreError> {
    Ok(event::Entity::find()
        .filter(event::Column::OrgId.eq(org_id))
        .order_by_desc(event::Column::Id)
        .one(store.conn())
        .await?
        .map_or(0, |e| e.id))
}

/// Forgets events older than `before` (a screen away that long reloads instead).
pub async fn prune(store: &Store, before: EpochMs) -> Result<u64, StoreError> {
    Ok(event::Entity::delete_many()
        .filter(event::Column::CreatedAt.lt(before))
        .exec(store.conn())
        .await?
        .rows_affected)
}
