//! Dynamic lead assignment's rows (issue #16): the members with their running credit, the
//! installation's leads (one per sign-up) and each assignment with its reason. A pick reads the
//! members and writes the new credits in one transaction (the members' rows locked on
//! PostgreSQL), so two replicas assigning at once never use the same credits.

use crate::entity::operator::{assignment_member, lead, lead_assignment};
use crate::{DbKind, EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

/// Every member, oldest first.
pub async fn members(store: &Store) -> Result<Vec<assignment_member::Model>, StoreError> {
    Ok(assignment_member::Entity::find()
        .order_by_asc(assignment_member::Column::Id)
        .all(store.conn())
        .await?)
}

/// Every member, oldest first, inside a change's transaction: the rows locked on PostgreSQL
/// (SQLite's writer lock does the same once the transaction writes), so two changes at once
/// each see the other's targets.
pub async fn members_for_change(
    txn: &DatabaseTransaction,
) -> Result<Vec<assignment_member::Model>, StoreError> {
    let mut q = assignment_member::Entity::find().order_by_asc(assignment_member::Column::Id);
    if txn.get_database_backend() == sea_orm::DbBackend::Postgres {
        q = q.lock_exclusive();
    }
    Ok(q.all(txn).await?)
}

/// A member as the panel saves it.
#[derive(Debug, Clone)]
pub struct MemberForm {
    pub owner_id: String,
    pub name: String,
    pub target_hundredths: i32,
    pub region: String,
    /// JSON array of stage codes.
    pub stages: String,
    pub paused: Option<bool>,
}

/// Adds or edits a member. A new member, one whose target, region or stages changed, or one
/// back from a pause starts at credit 0 (no burst for the time away); the others keep theirs.
pub async fn save_member(
    txn: &DatabaseTransaction,
    form: &MemberForm,
    now: EpochMs,
) -> Result<assignment_member::Model, StoreError> {
    let found = assignment_member::Entity::find()
        .filter(assignment_member::Column::OwnerId.eq(form.owner_id.clone()))
        .one(txn)
        .await?;
    match found {
        Some(m) => {
            let paused = form.paused.unwrap_or(m.paused);
            let changed = m.target_hundredths != form.target_hundredths
                || m.region != form.region
                || m.stages != form.stages
                || (m.paused && !paused);
            let mut row = assignment_member::ActiveModel::from(m);
            row.name = Set(form.name.clone());
            row.target_hundredths = Set(form.target_hundredths);
            row.region = Set(form.region.clone());
            row.stages = Set(form.stages.clone());
            row.paused = Set(paused);
            if changed {
                row.credit = Set(0);
            }
            row.updated_at = Set(now);
            Ok(row.update(txn).await?)
        }
        None => Ok(assignment_member::ActiveModel {
            owner_id: Set(form.owner_id.clone()),
            name: Set(form.name.clone()),
            target_hundredths: Set(form.target_hundredths),
            region: Set(form.region.clone()),
            stages: Set(form.stages.clone()),
            paused: Set(form.paused.unwrap_or(false)),
            credit: Set(0),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(txn)
        .await?),
    }
}

/// Removes a member; answers whether there was one. Its past assignments stay.
pub async fn delete_member(txn: &DatabaseTransaction, owner_id: &str) -> Result<bool, StoreError> {
    let res = assignment_member::Entity::delete_many()
        .filter(assignment_member::Column::OwnerId.eq(owner_id))
        .exec(txn)
        .await?;
    Ok(res.rows_affected > 0)
}

/// Records a sign-up as a lead (once per user), or moves its stage along.
pub async fn upsert_lead(
    store: &Store,
    user_id: i64,
    email: Option<&str>,
    region: &str,
    stage: &str,
    now: EpochMs,
) -> Result<lead::Model, StoreError> {
    if let Some(found) = lead::Entity::find()
        .filter(lead::Column::UserId.eq(user_id))
        .one(store.conn())
        .await?
    {
        let mut row = lead::ActiveModel::from(found);
        row.stage = Set(stage.to_owned());
        row.updated_at = Set(now);
        return Ok(row.update(store.conn()).await?);
    }
    Ok(lead::ActiveModel {
        user_id: Set(user_id),
        email: Set(email.map(str::to_owned)),
        region: Set(region.to_owned()),
        stage: Set(stage.to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?)
}

pub async fn lead_of_user(store: &Store, user_id: i64) -> Result<Option<lead::Model>, StoreError> {
    Ok(lead::Entity::find()
        .filter(lead::Column::UserId.eq(user_id))
        .one(store.conn())
        .await?)
}

/// What a pick decided.
pub struct Decision {
    pub member_id: i64,
    /// `(member id, new credit)`.
    pub credits: Vec<(i64, i64)>,
    pub reason: serde_json::Value,
}

/// Assigns lead `lead_id` with `decide` over the members as they are inside the transaction.
/// Answers the assignment, or None when the lead was assigned already or no member matched.
pub async fn assign(
    store: &Store,
    lead_id: i64,
    now: EpochMs,
    decide: impl FnOnce(&lead::Model, &[assignment_member::Model]) -> Option<Decision>,
) -> Result<Option<lead_assignment::Model>, StoreError> {
    let txn = store.begin_write().await?;
    let mut q = assignment_member::Entity::find().order_by_asc(assignment_member::Column::Id);
    if store.kind() == DbKind::Postgres {
        q = q.lock_exclusive();
    }
    let members = q.all(&txn).await?;
    let Some(l) = lead::Entity::find_by_id(lead_id).one(&txn).await? else {
        return Err(StoreError::NotFound);
    };
    if l.member_id.is_some() {
        return Ok(None);
    }
    let Some(d) = decide(&l, &members) else {
        return Ok(None);
    };
    for (id, credit) in &d.credits {
        assignment_member::Entity::update_many()
            .col_expr(assignment_member::Column::Credit, Expr::value(*credit))
            .filter(assignment_member::Column::Id.eq(*id))
            .exec(&txn)
            .await?;
    }
    lead::Entity::update_many()
        .col_expr(lead::Column::MemberId, Expr::value(d.member_id))
        .col_expr(lead::Column::AssignedAt, Expr::value(now))
        .filter(lead::Column::Id.eq(lead_id))
        .exec(&txn)
        .await?;
    let row = lead_assignment::ActiveModel {
        lead_id: Set(lead_id),
        member_id: Set(d.member_id),
        at: Set(now),
        reason: Set(d.reason.to_string()),
        crm_written: Set(false),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(Some(row))
}

/// Marks an assignment as written to the CRM.
pub async fn mark_crm_written(store: &Store, assignment_id: i64) -> Result<(), StoreError> {
    lead_assignment::Entity::update_many()
        .col_expr(lead_assignment::Column::CrmWritten, Expr::value(true))
        .filter(lead_assignment::Column::Id.eq(assignment_id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Leads no member has taken, newest first.
pub async fn unassigned(store: &Store, limit: u64) -> Result<Vec<lead::Model>, StoreError> {
    Ok(lead::Entity::find()
        .filter(lead::Column::MemberId.is_null())
        .order_by_desc(lead::Column::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// Assignments per member in `[from, to)`.
pub async fn counts(
    store: &Store,
    from: EpochMs,
    to: EpochMs,
) -> Result<Vec<(i64, u64)>, StoreError> {
    let rows = lead_assignment::Entity::find()
        .filter(lead_assignment::Column::At.gte(from))
        .filter(lead_assignment::Column::At.lt(to))
        .all(store.conn())
        .await?;
    let mut out: Vec<(i64, u64)> = Vec::new();
    for r in rows {
        match out.iter_mut().find(|(m, _)| *m == r.member_id) {
            Some((_, n)) => *n += 1,
            None => out.push((r.member_id, 1)),
        }
    }
    Ok(out)
}

/// The newest assignments, with why.
pub async fn recent_assignments(
    store: &Store,
    limit: u64,
) -> Result<Vec<lead_assignment::Model>, StoreError> {
    Ok(lead_assignment::Entity::find()
        .order_by_desc(lead_assignment::Column::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}
