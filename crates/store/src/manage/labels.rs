//! Labels (with their sublabels) and funnels: a member's own and the workspace's shared ones.

use crate::entity::manage::{funnel, label};
use crate::{Store, StoreError};
use sea_orm::{ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

/// The labels a member sees: their own, and the workspace's shared ones.
pub async fn labels(
    store: &Store,
    org_id: i64,
    user_id: i64,
) -> Result<Vec<label::Model>, StoreError> {
    Ok(label::Entity::find()
        .filter(label::Column::OrgId.eq(org_id))
        .filter(
            Condition::any()
                .add(label::Column::OwnerId.eq(user_id))
                .add(label::Column::Shared.eq(true)),
        )
        .order_by_asc(label::Column::Id)
        .all(store.conn())
        .await?)
}

pub async fn label(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<label::Model>, StoreError> {
    Ok(label::Entity::find_by_id(id)
        .filter(label::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

/// Custom labels `user_id` owns in the workspace (the Free plan's limit counts these).
pub async fn owned_labels(store: &Store, org_id: i64, user_id: i64) -> Result<u64, StoreError> {
    Ok(label::Entity::find()
        .filter(label::Column::OrgId.eq(org_id))
        .filter(label::Column::OwnerId.eq(user_id))
        .count(store.conn())
        .await?)
}

/// Deletes a label and its sublabels.
pub async fn delete_label(store: &Store, org_id: i64, id: i64) -> Result<u64, StoreError> {
    Ok(label::Entity::delete_many()
        .filter(label::Column::OrgId.eq(org_id))
        .filter(
            Condition::any()
                .add(label::Column::Id.eq(id))
                .add(label::Column::ParentId.eq(id)),
        )
        .exec(store.conn())
        .await?
        .rows_affected)
}

pub async fn funnels(
    store: &Store,
    org_id: i64,
    user_id: i64,
) -> Result<Vec<funnel::Model>, StoreError> {
    Ok(funnel::Entity::find()
        .filter(funnel::Column::OrgId.eq(org_id))
        .filter(
            Condition::any()
                .add(funnel::Column::OwnerId.eq(user_id))
                .add(funnel::Column::Shared.eq(true)),
        )
        .order_by_asc(funnel::Column::Id)
        .all(store.conn())
        .await?)
}

pub async fn funnel(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<funnel::Model>, StoreError> {
    Ok(funnel::Entity::find_by_id(id)
        .filter(funnel::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

pub async fn delete_funnel(store: &Store, org_id: i64, id: i64) -> Result<u64, StoreError> {
    Ok(funnel::Entity::delete_many()
        .filter(funnel::Column::OrgId.eq(org_id))
        .filter(funnel::Column::Id.eq(id))
        .exec(store.conn())
        .await?
        .rows_affected)
}
