//! Tags per contact, the organisation's (owner 0) or a person's own.

use crate::entity::manage::tags;
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

/// Every contact's tags in a workspace for `owner_id` (0: the organisation's).
pub async fn all_tags(
    store: &Store,
    org_id: i64,
    owner_id: i64,
) -> Result<Vec<tags::Model>, StoreError> {
    Ok(tags::Entity::find()
        .filter(tags::Column::OrgId.eq(org_id))
        .filter(tags::Column::OwnerId.eq(owner_id))
        .order_by_asc(tags::Column::Contact)
        .all(store.conn())
        .await?)
}

/// One contact's tags row, if any.
pub async fn tags_of(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    contact: &str,
) -> Result<Option<tags::Model>, StoreError> {
    Ok(tags::Entity::find()
        .filter(tags::Column::OrgId.eq(org_id))
        .filter(tags::Column::OwnerId.eq(owner_id))
        .filter(tags::Column::Contact.eq(contact))
        .one(store.conn())
        .await?)
}

/// Sets a contact's tags (a JSON array).
pub async fn set_tags(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    contact: &str,
    tags_json: &str,
    now: EpochMs,
) -> Result<tags::Model, StoreError> {
    let row = tags::ActiveModel {
        org_id: Set(org_id),
        owner_id: Set(owner_id),
        contact: Set(contact.to_owned()),
        tags: Set(tags_json.to_owned()),
        updated_at: Set(now),
        ..Default::default()
    };
    tags::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([
                tags::Column::OrgId,
                tags::Column::OwnerId,
                tags::Column::Contact,
            ])
            .update_columns([tags::Column::Tags, tags::Column::UpdatedAt])
            .to_owned(),
        )
        .exec(store.conn())
        .await?;
    tags_of(store, org_id, owner_id, contact)
        .await?
        .ok_or(StoreError::NotFound)
}
