//! Follow-ups and a person's notification settings.

use crate::entity::manage::{follow_up, preference};
use crate::{Store, StoreError};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

pub async fn follow_ups(
    store: &Store,
    org_id: i64,
    owner_id: i64,
) -> Result<Vec<follow_up::Model>, StoreError> {
    Ok(follow_up::Entity::find()
        .filter(follow_up::Column::OrgId.eq(org_id))
        .filter(follow_up::Column::OwnerId.eq(owner_id))
        .order_by_asc(follow_up::Column::DueAt)
        .order_by_asc(follow_up::Column::Id)
        .all(store.conn())
        .await?)
}

pub async fn follow_up(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<Option<follow_up::Model>, StoreError> {
    Ok(follow_up::Entity::find_by_id(id)
        .filter(follow_up::Column::OrgId.eq(org_id))
        .filter(follow_up::Column::OwnerId.eq(owner_id))
        .one(store.conn())
        .await?)
}

pub async fn delete_follow_up(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<u64, StoreError> {
    Ok(follow_up::Entity::delete_many()
        .filter(follow_up::Column::OrgId.eq(org_id))
        .filter(follow_up::Column::OwnerId.eq(owner_id))
        .filter(follow_up::Column::Id.eq(id))
        .exec(store.conn())
        .await?
        .rows_affected)
}

/// A person's notification settings (on, with sound, until changed).
pub async fn preferences(store: &Store, user_id: i64) -> Result<(bool, bool), StoreError> {
    Ok(preference::Entity::find_by_id(user_id)
        .one(store.conn())
        .await?
        .map_or((true, true), |p| {
            (p.notifications_enabled, p.notification_sound)
        }))
}

pub async fn set_preferences(
    store: &Store,
    user_id: i64,
    enabled: bool,
    sound: bool,
) -> Result<(), StoreError> {
    preference::Entity::insert(preference::ActiveModel {
        id: Set(user_id),
        notifications_enabled: Set(enabled),
        notification_sound: Set(sound),
    })
    .on_conflict(
        OnConflict::column(preference::Column::Id)
            .update_columns([
                preference::Column::NotificationsEnabled,
                preference::Column::NotificationSound,
            ])
            .to_owned(),
    )
    .exec(store.conn())
    .await?;
    Ok(())
}
