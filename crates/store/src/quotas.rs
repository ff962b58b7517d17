//! Quotas counted in the database (issue #23), so every replica agrees and a restart forgets
//! nothing: the bytes of stored files per uploader and per organisation, and the counts a
//! caller may create (schedules, follow-ups, organisations per day).
//!
//! A file's row is written before its bytes, in a transaction that first locks the uploader's
//! row (and the organisation's), so two uploads at once cannot both pass a quota; it is removed
//! after the bytes are.

use crate::entity::manage::{follow_up, schedule};
use crate::entity::{organisation, stored_file, user};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QuerySelect,
};

/// Which quota a file would pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageHit {
    User,
    Organisation,
}

/// A file about to be stored.
#[derive(Debug, Clone)]
pub struct NewFile<'a> {
    pub key: &'a str,
    pub user_id: i64,
    /// 0: counted against no organisation.
    pub org_id: i64,
    pub size: i64,
}

/// The bytes counted against a user (every file they uploaded) and an organisation.
async fn bytes_of<C: ConnectionTrait>(
    db: &C,
    column: stored_file::Column,
    id: i64,
) -> Result<i64, StoreError> {
    let sum: Option<i64> = stored_file::Entity::find()
        .select_only()
        .column_as(
            Expr::cust("CAST(COALESCE(SUM(size), 0) AS BIGINT)"),
            "bytes",
        )
        .filter(column.eq(id))
        .into_tuple()
        .one(db)
        .await?;
    Ok(sum.unwrap_or(0))
}

/// Records `file` when it fits: the uploader's files within `user_limit` bytes and the
/// organisation's within `org_limit`. Answers which quota it would pass otherwise (nothing
/// written).
pub async fn reserve_file(
    store: &Store,
    file: NewFile<'_>,
    user_limit: i64,
    org_limit: i64,
    now: EpochMs,
) -> Result<Result<(), StorageHit>, StoreError> {
    let txn = store.begin_write().await?;
    // No-op writes take the rows' locks (PostgreSQL) and the write lock (SQLite) before counting.
    user::Entity::update_many()
        .col_expr(
            user::Column::UpdatedAt,
            Expr::col(user::Column::UpdatedAt).into(),
        )
        .filter(user::Column::Id.eq(file.user_id))
        .exec(&txn)
        .await?;
    if file.org_id != 0 {
        organisation::Entity::update_many()
            .col_expr(
                organisation::Column::UpdatedAt,
                Expr::col(organisation::Column::UpdatedAt).into(),
            )
            .filter(organisation::Column::Id.eq(file.org_id))
            .exec(&txn)
            .await?;
    }
    if bytes_of(&txn, stored_file::Column::UserId, file.user_id).await? + file.size > user_limit {
        return Ok(Err(StorageHit::User));
    }
    if file.org_id != 0
        && bytes_of(&txn, stored_file::Column::OrgId, file.org_id).await? + file.size > org_limit
    {
        return Ok(Err(StorageHit::Organisation));
    }
    stored_file::Entity::insert(stored_file::ActiveModel {
        key: Set(file.key.to_owned()),
        user_id: Set(file.user_id),
        org_id: Set(file.org_id),
        size: Set(file.size),
        created_at: Set(now),
    })
    .exec_without_returning(&txn)
    .await?;
    txn.commit().await?;
    Ok(Ok(()))
}

/// Forgets a file's row (after its bytes are gone, or when storing them failed).
pub async fn release_file(store: &Store, key: &str) -> Result<(), StoreError> {
    stored_file::Entity::delete_many()
        .filter(stored_file::Column::Key.eq(key))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Bytes stored by `user_id`, and by `org_id` (0 when none).
pub async fn storage_used(
    store: &Store,
    user_id: i64,
    org_id: i64,
) -> Result<(i64, i64), StoreError> {
    let user = bytes_of(store.conn(), stored_file::Column::UserId, user_id).await?;
    let org = if org_id == 0 {
        0
    } else {
        bytes_of(store.conn(), stored_file::Column::OrgId, org_id).await?
    };
    Ok((user, org))
}

/// Scheduled messages `owner_id` keeps in workspace `org_id` (0: their own).
pub async fn schedules_of(store: &Store, org_id: i64, owner_id: i64) -> Result<u64, StoreError> {
    Ok(schedule::Entity::find()
        .filter(schedule::Column::OrgId.eq(org_id))
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .count(store.conn())
        .await?)
}

/// Follow-ups `owner_id` keeps in workspace `org_id` (0: their own).
pub async fn follow_ups_of(store: &Store, org_id: i64, owner_id: i64) -> Result<u64, StoreError> {
    Ok(follow_up::Entity::find()
        .filter(follow_up::Column::OrgId.eq(org_id))
        .filter(follow_up::Column::OwnerId.eq(owner_id))
        .count(store.conn())
        .await?)
}

/// Organisations `user_id` created since `since`.
pub async fn organisations_created_since(
    store: &Store,
    user_id: i64,
    since: EpochMs,
) -> Result<u64, StoreError> {
    Ok(organisation::Entity::find()
        .filter(organisation::Column::CreatedBy.eq(user_id))
        .filter(organisation::Column::CreatedAt.gte(since))
        .count(store.conn())
        .await?)
}
