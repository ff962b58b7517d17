//! Follow-ups and a person's notification settings.

use crate::entity::manage::{follow_up, preference};
use crate::scoped::scoped;
use crate::{Store, StoreError};
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, QueryOrder, Select, Set};

// Each person's own, soonest first.
scoped!(follow_up, owner: OwnerId, order: |q: Select<follow_up::Entity>| q
    .order_by_asc(follow_up::Column::DueAt)
    .order_by_asc(follow_up::Column::Id));

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
        ..Default::default()
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
