//! Scheduled messages and their sends as the owner manages them: stored with the first send,
//! listed, rescheduled, deleted.

use crate::entity::manage::{schedule, send};
use crate::scoped::scoped;
use crate::{EpochMs, Store, StoreError};

// Each person's own, newest first.
scoped!(schedule, owner: OwnerId, order: |q: Select<schedule::Entity>| q
    .order_by_desc(schedule::Column::Id));
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
    QueryOrder, QuerySelect, Select, Set,
};

/// Stores a schedule with its first send, in one transaction.
pub async fn insert_schedule(
    store: &Store,
    row: schedule::Model,
    first_due: EpochMs,
) -> Result<schedule::Model, StoreError> {
    let txn = store.begin_write().await?;
    let mut am = row.into_active_model().reset_all();
    am.id = sea_orm::ActiveValue::NotSet;
    let saved = am.insert(&txn).await?;
    insert_send(&txn, saved.id, saved.owner_id, 0, first_due).await?;
    txn.commit().await?;
    Ok(saved)
}

async fn insert_send<C: ConnectionTrait>(
    db: &C,
    schedule_id: i64,
    owner_id: i64,
    occurrence: i32,
    due_at: EpochMs,
) -> Result<(), StoreError> {
    send::Entity::insert(send::ActiveModel {
        schedule_id: Set(schedule_id),
        owner_id: Set(owner_id),
        occurrence: Set(occurrence),
        due_at: Set(due_at),
        status: Set("due".into()),
        lease_until: Set(None),
        claim_token: Set(None),
        late: Set(false),
        error: Set(None),
        finished_at: Set(None),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([send::Column::ScheduleId, send::Column::Occurrence])
            .do_nothing()
            .to_owned(),
    )
    .do_nothing()
    .exec(db)
    .await?;
    Ok(())
}

/// Adds the send `occurrence` of a schedule at `due_at` (once: a second add is ignored).
pub async fn add_send(
    store: &Store,
    schedule_id: i64,
    owner_id: i64,
    occurrence: i32,
    due_at: EpochMs,
) -> Result<(), StoreError> {
    insert_send(store.conn(), schedule_id, owner_id, occurrence, due_at).await
}

/// A schedule by id whatever its workspace (the claim's follow-up work).
pub async fn schedule_of_owner(
    store: &Store,
    owner_id: i64,
    id: i64,
) -> Result<Option<schedule::Model>, StoreError> {
    Ok(schedule::Entity::find_by_id(id)
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .one(store.conn())
        .await?)
}

/// Some of `owner_id`'s schedules by id (the claim's schedules, in one query).
pub async fn schedules_by_ids(
    store: &Store,
    owner_id: i64,
    ids: &[i64],
) -> Result<Vec<schedule::Model>, StoreError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(schedule::Entity::find()
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .filter(schedule::Column::Id.is_in(ids.iter().copied()))
        .all(store.conn())
        .await?)
}

/// The sends of some schedules, newest first.
pub async fn sends_of(store: &Store, schedule_ids: &[i64]) -> Result<Vec<send::Model>, StoreError> {
    if schedule_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(send::Entity::find()
        .filter(send::Column::ScheduleId.is_in(schedule_ids.iter().copied()))
        .order_by_desc(send::Column::Occurrence)
        .all(store.conn())
        .await?)
}

/// Deletes a schedule and its sends.
pub async fn delete_schedule(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<u64, StoreError> {
    let txn = store.begin_write().await?;
    let n = schedule::Entity::delete_many()
        .filter(schedule::Column::OrgId.eq(org_id))
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .filter(schedule::Column::Id.eq(id))
        .exec(&txn)
        .await?
        .rows_affected;
    if n > 0 {
        send::Entity::delete_many()
            .filter(send::Column::ScheduleId.eq(id))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(n)
}

/// Replaces a changed schedule's pending send by its new first one.
pub async fn reschedule(
    store: &Store,
    row: schedule::Model,
    due_at: EpochMs,
) -> Result<schedule::Model, StoreError> {
    let txn = store.begin_write().await?;
    send::Entity::delete_many()
        .filter(send::Column::ScheduleId.eq(row.id))
        .filter(send::Column::Status.is_in(["due", "claimed"]))
        .exec(&txn)
        .await?;
    // Occurrence numbers restart after the highest one already used.
    let last: Option<i32> = send::Entity::find()
        .filter(send::Column::ScheduleId.eq(row.id))
        .select_only()
        .column_as(send::Column::Occurrence.max(), "m")
        .into_tuple::<Option<i32>>()
        .one(&txn)
        .await?
        .flatten();
    let next = last.map_or(0, |l| l + 1);
    let saved = row.into_active_model().reset_all().update(&txn).await?;
    insert_send(&txn, saved.id, saved.owner_id, next, due_at).await?;
    txn.commit().await?;
    Ok(saved)
}
