//! Tasks (001 §3) and who sees them (`domain::inbox::tasks`).

use crate::entity::inbox::task;
use crate::{Store, StoreError};
use sea_orm::sea_query::Cond;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder,
    QuerySelect,
};

/// Who is looking: their id and their team's members (themselves when they have no team).
#[derive(Debug, Clone)]
pub struct TaskViewer {
    pub org_id: i64,
    pub user_id: i64,
    pub team: Vec<i64>,
}

/// The tasks `v` sees: their own, those assigned to them (`self`), their team's (`team`), and
/// everyone's (`shared`, `org`).
fn seen_by(v: &TaskViewer) -> Cond {
    use task::Column as T;
    Cond::any()
        .add(T::OwnerId.eq(v.user_id))
        .add(T::Visibility.is_in(["shared", "org"]))
        .add(
            Cond::all()
                .add(T::Visibility.eq("self"))
                .add(T::AssigneeId.eq(v.user_id)),
        )
        .add(
            Cond::all()
                .add(T::Visibility.eq("team"))
                .add(T::OwnerId.is_in(v.team.clone())),
        )
}

/// The tasks `v` sees, of one conversation or all; open first, then by due date.
pub async fn list(
    store: &Store,
    v: &TaskViewer,
    conversation_id: Option<i64>,
    limit: u64,
) -> Result<Vec<task::Model>, StoreError> {
    let mut q = task::Entity::find()
        .filter(task::Column::OrgId.eq(v.org_id))
        .filter(seen_by(v));
    if let Some(c) = conversation_id {
        q = q.filter(task::Column::ConversationId.eq(c));
    }
    Ok(q.order_by_asc(task::Column::CompletedAt)
        .order_by_asc(task::Column::DueAt)
        .order_by_desc(task::Column::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// One task `v` sees.
pub async fn find(
    store: &Store,
    v: &TaskViewer,
    id: i64,
) -> Result<Option<task::Model>, StoreError> {
    Ok(task::Entity::find_by_id(id)
        .filter(task::Column::OrgId.eq(v.org_id))
        .filter(seen_by(v))
        .one(store.conn())
        .await?)
}

pub async fn insert(store: &Store, mut row: task::Model) -> Result<task::Model, StoreError> {
    row.id = 0;
    let mut active = row.into_active_model();
    active.id = sea_orm::ActiveValue::NotSet;
    Ok(active.insert(store.conn()).await?)
}

pub async fn save(store: &Store, row: task::Model) -> Result<task::Model, StoreError> {
    Ok(row
        .into_active_model()
        .reset_all()
        .update(store.conn())
        .await?)
}

pub async fn delete(store: &Store, org_id: i64, id: i64) -> Result<(), StoreError> {
    task::Entity::delete_many()
        .filter(task::Column::OrgId.eq(org_id))
        .filter(task::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}
