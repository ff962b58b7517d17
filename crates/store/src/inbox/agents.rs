//! The members a shared number's new conversations are shared among, and the assignment itself:
//! smooth weighted round-robin (`domain::lead_routing::smooth_round_robin`) with the credits kept
//! here, read and written under the agents' write lock so two conversations arriving at once on
//! two replicas are assigned one after the other.

use crate::entity::inbox::{agent, conversation};
use crate::entity::membership;
use crate::{DbKind, Store, StoreError};
use domain::accounts::ACTIVE_USER_STATUS;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    TransactionTrait,
};

/// A member's part in the assignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Agent {
    pub user_id: i64,
    pub weight: i32,
    pub available: bool,
}

/// The channel's agents, by user id.
pub async fn list(store: &Store, channel_id: i64) -> Result<Vec<agent::Model>, StoreError> {
    Ok(agent::Entity::find()
        .filter(agent::Column::ChannelId.eq(channel_id))
        .order_by_asc(agent::Column::UserId)
        .all(store.conn())
        .await?)
}

/// Replaces the channel's agents. A member whose weight or availability changes starts again
/// at credit 0, so nobody gets a burst for the time they were away.
pub async fn set(
    store: &Store,
    org_id: i64,
    channel_id: i64,
    agents: &[Agent],
) -> Result<(), StoreError> {
    let txn = store.begin_write().await?;
    let before = agent::Entity::find()
        .filter(agent::Column::ChannelId.eq(channel_id))
        .all(&txn)
        .await?;
    agent::Entity::delete_many()
        .filter(agent::Column::ChannelId.eq(channel_id))
        .exec(&txn)
        .await?;
    for a in agents {
        let kept = before
            .iter()
            .find(|b| b.user_id == a.user_id && b.weight == a.weight && b.available == a.available);
        agent::ActiveModel {
            org_id: Set(org_id),
            channel_id: Set(channel_id),
            user_id: Set(a.user_id),
            weight: Set(a.weight),
            available: Set(a.available),
            credit: Set(kept.map_or(0, |k| k.credit)),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Assigns the unassigned conversation `conversation_id` to the next available agent of
/// `channel_id` who is still an active member, keeping every agent's credit; None when nobody
/// is available (it stays unassigned).
pub async fn assign_next(
    store: &Store,
    org_id: i64,
    channel_id: i64,
    conversation_id: i64,
) -> Result<Option<i64>, StoreError> {
    let txn = store.conn().begin().await?;
    // Take the write lock before reading the credits, so concurrent assignments read each
    // other's credits. SQLite: the first write takes the database's. PostgreSQL: the agents'
    // rows, locked below by `FOR UPDATE` in one order (by member) — an UPDATE locks rows in
    // the order it finds them, which changes as rows get new versions, and two concurrent ones
    // deadlocked under the benchmark's intake.
    if store.kind() == DbKind::Sqlite {
        agent::Entity::update_many()
            .col_expr(
                agent::Column::Credit,
                Expr::col(agent::Column::Credit).into(),
            )
            .filter(agent::Column::ChannelId.eq(channel_id))
            .filter(agent::Column::Available.eq(true))
            .exec(&txn)
            .await?;
    }
    let active: Vec<i64> = membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::UserStatus.eq(ACTIVE_USER_STATUS))
        .select_only()
        .column(membership::Column::UserId)
        .into_tuple()
        .all(&txn)
        .await?;
    let mut q = agent::Entity::find()
        .filter(agent::Column::ChannelId.eq(channel_id))
        .filter(agent::Column::Available.eq(true))
        .order_by_asc(agent::Column::UserId);
    if store.kind() == DbKind::Postgres {
        q = q.lock_exclusive();
    }
    let agents: Vec<agent::Model> = q
        .all(&txn)
        .await?
        .into_iter()
        .filter(|a| active.contains(&a.user_id))
        .collect();
    let candidates: Vec<(i64, u32, i64)> = agents
        .iter()
        .map(|a| (a.user_id, u32::try_from(a.weight).unwrap_or(0), a.credit))
        .collect();
    let Some((chosen, credits)) = domain::lead_routing::smooth_round_robin(&candidates) else {
        txn.commit().await?;
        return Ok(None);
    };
    let taken = conversation::Entity::update_many()
        .col_expr(conversation::Column::AssigneeId, Some(chosen).into())
        .filter(conversation::Column::Id.eq(conversation_id))
        .filter(conversation::Column::AssigneeId.is_null())
        .exec(&txn)
        .await?;
    if taken.rows_affected == 0 {
        // Assigned by hand meanwhile: nobody's credit moves.
        txn.commit().await?;
        return Ok(None);
    }
    // Every agent's credit moves each turn: one statement for all of them.
    let rows = credits
        .into_iter()
        .filter_map(|(user_id, credit)| {
            let agent = agents.iter().find(|a| a.user_id == user_id)?;
            Some(vec![agent.id.into(), credit.into()])
        })
        .collect();
    crate::bulk::update_by_key(&txn, "inbox_agents", "id", &["credit"], rows).await?;
    txn.commit().await?;
    Ok(Some(chosen))
}
