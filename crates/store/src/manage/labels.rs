//! Labels (with their sublabels) and funnels: a member's own and the workspace's shared ones.

use crate::entity::manage::{funnel, label};
use crate::scoped::scoped;
use crate::{Store, StoreError};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter};

// A member sees their own labels and funnels and the workspace's shared ones.
scoped!(label, owner: OwnerId, shared: label::Column::Shared.eq(true));
scoped!(funnel, owner: OwnerId, shared: funnel::Column::Shared.eq(true));

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
