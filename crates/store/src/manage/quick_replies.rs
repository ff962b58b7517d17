//! Quick replies: the ones a member sees, their count towards the plan's limit, their sent count.

use crate::entity::manage::quick_reply;
use crate::{Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

/// The quick replies a member sees in a workspace: their own, and those of `teams` (the
/// member's team, or every team for an admin).
pub async fn quick_replies(
    store: &Store,
    org_id: i64,
    user_id: i64,
    teams: TeamScope,
) -> Result<Vec<quick_reply::Model>, StoreError> {
    let mut shared = Condition::any().add(quick_reply::Column::OwnerId.eq(user_id));
    match teams {
        TeamScope::All => shared = shared.add(quick_reply::Column::TeamId.is_not_null()),
        TeamScope::One(t) => shared = shared.add(quick_reply::Column::TeamId.eq(t)),
        TeamScope::None => {}
    }
    Ok(quick_reply::Entity::find()
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .filter(shared)
        .order_by_asc(quick_reply::Column::Name)
        .order_by_asc(quick_reply::Column::Id)
        .all(store.conn())
        .await?)
}

/// Which teams' shared rows a member sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamScope {
    None,
    One(i64),
    All,
}

pub async fn quick_reply(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<quick_reply::Model>, StoreError> {
    Ok(quick_reply::Entity::find_by_id(id)
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

/// How many quick replies `user_id` owns in the workspace (the Free plan's limit counts these).
pub async fn owned_quick_replies(
    store: &Store,
    org_id: i64,
    user_id: i64,
) -> Result<u64, StoreError> {
    Ok(quick_reply::Entity::find()
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .filter(quick_reply::Column::OwnerId.eq(user_id))
        .count(store.conn())
        .await?)
}

pub async fn delete_quick_reply(store: &Store, org_id: i64, id: i64) -> Result<u64, StoreError> {
    Ok(quick_reply::Entity::delete_many()
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .filter(quick_reply::Column::Id.eq(id))
        .exec(store.conn())
        .await?
        .rows_affected)
}

/// Adds one to a quick reply's sent count.
pub async fn count_quick_reply_sent(store: &Store, org_id: i64, id: i64) -> Result<(), StoreError> {
    quick_reply::Entity::update_many()
        .col_expr(
            quick_reply::Column::SentCount,
            Expr::col(quick_reply::Column::SentCount).add(1),
        )
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .filter(quick_reply::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}
