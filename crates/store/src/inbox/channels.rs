//! The channels conversations arrive on.

use crate::entity::inbox::channel;
use crate::{EpochMs, Store, StoreError};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
};

use super::GATEWAY;

/// A shared number to connect.
pub struct NewGateway<'a> {
    pub org_id: i64,
    pub user_id: i64,
    pub name: &'a str,
    pub base_url: &'a str,
    pub secret: String,
    pub session: &'a str,
    pub hook_token: &'a str,
    pub state: &'a str,
}

/// The organisation's shared number, if it connected one.
pub async fn gateway_of(store: &Store, org_id: i64) -> Result<Option<channel::Model>, StoreError> {
    Ok(channel::Entity::find()
        .filter(channel::Column::OrgId.eq(org_id))
        .filter(channel::Column::Kind.eq(GATEWAY))
        .order_by_asc(channel::Column::Id)
        .one(store.conn())
        .await?)
}

/// The channel a webhook's path token names.
pub async fn by_hook_token(
    store: &Store,
    token: &str,
) -> Result<Option<channel::Model>, StoreError> {
    Ok(channel::Entity::find()
        .filter(channel::Column::HookToken.eq(token))
        .one(store.conn())
        .await?)
}

pub async fn find(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<channel::Model>, StoreError> {
    Ok(channel::Entity::find_by_id(id)
        .filter(channel::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

/// Stores a new shared number (the caller has checked there is none).
pub async fn insert_gateway(
    store: &Store,
    new: NewGateway<'_>,
    now: EpochMs,
) -> Result<channel::Model, StoreError> {
    Ok(channel::ActiveModel {
        org_id: Set(new.org_id),
        kind: Set(GATEWAY),
        user_id: Set(Some(new.user_id)),
        name: Set(new.name.to_owned()),
        base_url: Set(Some(new.base_url.to_owned())),
        secret: Set(Some(new.secret)),
        session: Set(Some(new.session.to_owned())),
        hook_token: Set(Some(new.hook_token.to_owned())),
        state: Set(new.state.to_owned()),
        me: Set(None),
        state_at: Set(now),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?)
}

/// Records the session's state (and the number once known) when it is newer than what is stored:
/// status events may arrive out of order.
pub async fn set_state(
    store: &Store,
    id: i64,
    state: &str,
    me: Option<&str>,
    at: EpochMs,
) -> Result<bool, StoreError> {
    let mut update = channel::Entity::update_many()
        .col_expr(channel::Column::State, state.into())
        .col_expr(channel::Column::StateAt, at.into())
        .col_expr(channel::Column::UpdatedAt, at.into());
    if let Some(me) = me {
        update = update.col_expr(channel::Column::Me, me.into());
    }
    let done = update
        .filter(channel::Column::Id.eq(id))
        .filter(channel::Column::StateAt.lte(at))
        .exec(store.conn())
        .await?;
    Ok(done.rows_affected > 0)
}

/// Removes a shared number with its conversations and messages.
pub async fn delete(store: &Store, org_id: i64, id: i64) -> Result<(), StoreError> {
    channel::Entity::delete_many()
        .filter(channel::Column::OrgId.eq(org_id))
        .filter(channel::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Keeps `row`'s changed fields.
pub async fn save(store: &Store, row: channel::Model) -> Result<channel::Model, StoreError> {
    Ok(row
        .into_active_model()
        .reset_all()
        .update(store.conn())
        .await?)
}
