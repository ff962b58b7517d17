//! The change notifications a member link subscribed in its CRM (Zoho's channels): one per pull
//! row, the channel id being the pull's id (migration 000060).

use crate::entity::contact::crm_pull;
use crate::{EpochMs, Store, StoreError};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

/// Saves the subscription of pull `id`: its token and its end.
pub async fn save(store: &Store, id: i64, token: &str, until: EpochMs) -> Result<(), StoreError> {
    crm_pull::Entity::update_many()
        .col_expr(crm_pull::Column::WatchToken, Some(token.to_owned()).into())
        .col_expr(crm_pull::Column::WatchUntil, Some(until).into())
        .filter(crm_pull::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// The pull whose channel is `channel_id`, for `provider`.
pub async fn channel(
    store: &Store,
    provider: &str,
    channel_id: i64,
) -> Result<Option<crm_pull::Model>, StoreError> {
    Ok(crm_pull::Entity::find_by_id(channel_id)
        .filter(crm_pull::Column::Provider.eq(provider))
        .one(store.conn())
        .await?)
}
