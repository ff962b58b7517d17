//! The public feedback form's messages (`POST /api/feedback/{topic}`) and the operator's list of
//! them. Not organisation data: anyone may write one, only the operator reads them.

use crate::entity::feedback;
use crate::{EpochMs, Store, StoreError};
use sea_orm::{
    ActiveModelTrait, EntityTrait, NotSet, PaginatorTrait, QueryOrder, QuerySelect, Set,
};

/// What one message says, checked by the caller.
pub struct NewFeedback {
    pub topic: String,
    pub name: String,
    pub email: String,
    pub whatsapp_no: Option<String>,
    pub message: String,
}

/// Stores one message; answers its id.
pub async fn insert(store: &Store, f: NewFeedback, now: EpochMs) -> Result<i64, StoreError> {
    let row = feedback::ActiveModel {
        id: NotSet,
        topic: Set(f.topic),
        name: Set(f.name),
        email: Set(f.email),
        whatsapp_no: Set(f.whatsapp_no),
        message: Set(f.message),
        created_at: Set(now),
    }
    .insert(store.conn())
    .await?;
    Ok(row.id)
}

/// A page of messages, newest first, and how many there are.
pub async fn page(
    store: &Store,
    offset: u64,
    limit: u64,
) -> Result<(Vec<feedback::Model>, u64), StoreError> {
    let q = feedback::Entity::find().order_by_desc(feedback::Column::Id);
    let total = q.clone().count(store.conn()).await?;
    let rows = q.offset(offset).limit(limit).all(store.conn()).await?;
    Ok((rows, total))
}
