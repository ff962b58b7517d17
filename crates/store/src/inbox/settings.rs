//! An organisation's inbox settings and the needs-reply clock's due conversations.

use crate::entity::inbox::{conversation, settings};
use crate::{EpochMs, Store, StoreError};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

pub async fn of(store: &Store, org_id: i64) -> Result<Option<settings::Model>, StoreError> {
    Ok(settings::Entity::find()
        .filter(settings::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

/// Stores the settings (one row per organisation).
pub async fn save(store: &Store, row: settings::Model) -> Result<settings::Model, StoreError> {
    match of(store, row.org_id).await? {
        Some(old) => {
            let mut active = row.into_active_model();
            active.id = Set(old.id);
            Ok(active.reset_all().update(store.conn()).await?)
        }
        None => {
            let mut active = row.into_active_model();
            active.id = sea_orm::ActiveValue::NotSet;
            Ok(active.insert(store.conn()).await?)
        }
    }
}

/// Open conversations whose needs-reply clock has run out by `now`, oldest first.
pub async fn due(
    store: &Store,
    now: EpochMs,
    limit: u64,
) -> Result<Vec<conversation::Model>, StoreError> {
    Ok(conversation::Entity::find()
        .filter(conversation::Column::EscalateAt.lte(now))
        .order_by_asc(conversation::Column::EscalateAt)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// Stops the clock of a conversation that escalated at `at` (unless a newer message restarted
/// it meanwhile). True when this caller stopped it: only one replica acts on an escalation.
pub async fn escalated(store: &Store, id: i64, at: EpochMs) -> Result<bool, StoreError> {
    let done = conversation::Entity::update_many()
        .col_expr(conversation::Column::EscalateAt, Option::<i64>::None.into())
        .filter(conversation::Column::Id.eq(id))
        .filter(conversation::Column::EscalateAt.eq(at))
        .exec(store.conn())
        .await?;
    Ok(done.rows_affected > 0)
}
