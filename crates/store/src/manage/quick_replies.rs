//! Quick replies: the ones a member sees, their count towards the plan's limit, their sent count.

use crate::entity::manage::quick_reply;
use crate::scoped::{scoped, Rows};
use crate::{Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, Select};

scoped!(quick_reply, owner: OwnerId, order: |q: Select<quick_reply::Entity>| q
    .order_by_asc(quick_reply::Column::Name)
    .order_by_asc(quick_reply::Column::Id));

/// The quick replies a member sees in a workspace: their own, and those of `teams` (the
/// member's team, or every team for an admin).
pub fn seen_with_teams(user_id: i64, teams: TeamScope) -> Rows {
    let shared = match teams {
        TeamScope::All => quick_reply::Column::TeamId.is_not_null(),
        TeamScope::One(t) => quick_reply::Column::TeamId.eq(t),
        TeamScope::None => return Rows::OwnedBy(user_id),
    };
    Rows::SeenWith(user_id, Condition::all().add(shared))
}

/// Which teams' shared rows a member sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamScope {
    None,
    One(i64),
    All,
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
