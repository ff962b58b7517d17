//! The members a shared number's new conversations are shared among, and the assignment itself:
//! smooth weighted round-robin (`domain::lead_routing::smooth_round_robin`) with the credits kept
//! here, read and written under the agents' write lock so two conversations arriving at once on
//! two replicas are assigned one after the other.

use crate::entity::inbox::{agent, conversation};
use crate::entity::membership;
use crate::{Store, StoreError};
use domain::accounts::ACTIVE_USER_STATUS;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseTransaction,
    EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
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
    // The write lock before the credits are read, so concurrent assignments read each other's
    // credits (PostgreSQL: the agents' rows, locked in `turns`).
    let txn = store.begin_write().await?;
    let mut turns = Turns::locked(&txn, org_id, channel_id).await?;
    let Some(chosen) = turns.next() else {
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
    turns.save(&txn).await?;
    txn.commit().await?;
    Ok(Some(chosen))
}

/// Assigns each of `conversations` — new in the caller's transaction, so unassigned and locked
/// — in turn; answers (conversation, member) for each assigned (none when nobody is available).
/// Called before the caller locks any existing conversation: agents first, then conversations,
/// the order [`assign_next`] takes them in, so the two never deadlock.
pub(crate) async fn assign_new_in(
    txn: &DatabaseTransaction,
    org_id: i64,
    channel_id: i64,
    conversations: &[i64],
) -> Result<Vec<(i64, i64)>, StoreError> {
    let mut turns = Turns::locked(txn, org_id, channel_id).await?;
    let mut assigned = Vec::with_capacity(conversations.len());
    for conv in conversations {
        match turns.next() {
            Some(member) => assigned.push((*conv, member)),
            None => break,
        }
    }
    let rows = assigned
        .iter()
        .map(|(conv, member)| vec![(*conv).into(), Some(*member).into()])
        .collect();
    crate::bulk::update_by_key(txn, "inbox_conversations", "id", &["assignee_id"], rows).await?;
    turns.save(txn).await?;
    Ok(assigned)
}

/// The channel's available agents who are still active members, their rows locked (PostgreSQL,
/// `FOR UPDATE` in one order, by member — an UPDATE locks rows in the order it finds them, which
/// changes as rows get new versions, and two concurrent ones deadlocked under the benchmark's
/// intake), and the turns they take.
struct Turns {
    agents: Vec<agent::Model>,
    /// (member, weight, credit), credits as the turns so far left them.
    candidates: Vec<(i64, u32, i64)>,
    moved: bool,
}

impl Turns {
    async fn locked(
        txn: &DatabaseTransaction,
        org_id: i64,
        channel_id: i64,
    ) -> Result<Turns, StoreError> {
        let active: Vec<i64> = membership::Entity::find()
            .filter(membership::Column::OrgId.eq(org_id))
            .filter(membership::Column::UserStatus.eq(ACTIVE_USER_STATUS))
            .select_only()
            .column(membership::Column::UserId)
            .into_tuple()
            .all(txn)
            .await?;
        let mut q = agent::Entity::find()
            .filter(agent::Column::ChannelId.eq(channel_id))
            .filter(agent::Column::Available.eq(true))
            .order_by_asc(agent::Column::UserId);
        if txn.get_database_backend() == DatabaseBackend::Postgres {
            q = q.lock_exclusive();
        }
        let agents: Vec<agent::Model> = q
            .all(txn)
            .await?
            .into_iter()
            .filter(|a| active.contains(&a.user_id))
            .collect();
        let candidates = agents
            .iter()
            .map(|a| (a.user_id, u32::try_from(a.weight).unwrap_or(0), a.credit))
            .collect();
        Ok(Turns {
            agents,
            candidates,
            moved: false,
        })
    }

    /// The next member's turn; None when nobody is available.
    fn next(&mut self) -> Option<i64> {
        let (chosen, credits) = domain::lead_routing::smooth_round_robin(&self.candidates)?;
        for (c, (_, credit)) in self.candidates.iter_mut().zip(credits) {
            c.2 = credit;
        }
        self.moved = true;
        Some(chosen)
    }

    /// Writes the credits the turns left (every agent's moves each turn: one statement).
    async fn save(self, txn: &DatabaseTransaction) -> Result<(), StoreError> {
        if !self.moved {
            return Ok(());
        }
        let rows = self
            .agents
            .iter()
            .zip(&self.candidates)
            .map(|(a, (_, _, credit))| vec![a.id.into(), (*credit).into()])
            .collect();
        crate::bulk::update_by_key(txn, "inbox_agents", "id", &["credit"], rows).await?;
        Ok(())
    }
}
