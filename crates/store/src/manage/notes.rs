//! Notes and docs per chat, each its owner's.

use crate::entity::manage::note;
use crate::{Store, StoreError};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

pub async fn notes(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    contact: &str,
) -> Result<Vec<note::Model>, StoreError> {
    Ok(note::Entity::find()
        .filter(note::Column::OrgId.eq(org_id))
        .filter(note::Column::OwnerId.eq(owner_id))
        .filter(note::Column::Contact.eq(contact))
        .order_by_desc(note::Column::UpdatedAt)
        .all(store.conn())
        .await?)
}

pub async fn note(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<Option<note::Model>, StoreError> {
    Ok(note::Entity::find_by_id(id)
        .filter(note::Column::OrgId.eq(org_id))
        .filter(note::Column::OwnerId.eq(owner_id))
        .one(store.conn())
        .await?)
}

pub async fn delete_note(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<u64, StoreError> {
    Ok(note::Entity::delete_many()
        .filter(note::Column::OrgId.eq(org_id))
        .filter(note::Column::OwnerId.eq(owner_id))
        .filter(note::Column::Id.eq(id))
        .exec(store.conn())
        .await?
        .rows_affected)
}
