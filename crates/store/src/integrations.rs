//! Integration links and OAuth states. A link belongs to a user (the spec's `workspace_id`) or to
//! an organisation (the webhook); callers always name the owner, so a query never reaches
//! another tenant's link. Secrets arrive here already encrypted by the server.

use crate::entity::{integration, oauth_state};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

/// Whose link it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// A user's own workspace (CRMs, helpdesks, spreadsheet).
    User(i64),
    /// An organisation (the outgoing webhook).
    Org(i64),
}

/// A link's status: usable, or its refresh token died and the user must connect again.
pub const STATUS_CONNECTED: &str = "connected";
pub const STATUS_NEEDS_RECONNECT: &str = "needs_reconnect";

/// What a link holds, as the server wants it stored.
#[derive(Debug, Clone)]
pub struct LinkData {
    pub status: &'static str,
    /// Non-secret settings as JSON text.
    pub settings: String,
    /// Ciphertext of the secrets, if any.
    pub secret: Option<String>,
    pub expires_at: Option<EpochMs>,
}

fn owned_by(provider: &str, owner: Owner) -> sea_orm::Condition {
    let c = sea_orm::Condition::all().add(integration::Column::Provider.eq(provider));
    match owner {
        Owner::User(id) => c.add(integration::Column::UserId.eq(id)),
        Owner::Org(id) => c.add(integration::Column::OrgId.eq(id)),
    }
}

/// `owner`'s link to `provider`, if any.
pub async fn find(
    store: &Store,
    provider: &str,
    owner: Owner,
) -> Result<Option<integration::Model>, StoreError> {
    Ok(integration::Entity::find()
        .filter(owned_by(provider, owner))
        .one(store.conn())
        .await?)
}

/// Creates or replaces `owner`'s link to `provider`.
pub async fn save(
    store: &Store,
    provider: &str,
    owner: Owner,
    data: LinkData,
    now: EpochMs,
) -> Result<integration::Model, StoreError> {
    if let Some(existing) = find(store, provider, owner).await? {
        let mut row: integration::ActiveModel = existing.into();
        row.status = Set(data.status.to_owned());
        row.settings = Set(data.settings);
        row.secret = Set(data.secret);
        row.expires_at = Set(data.expires_at);
        row.refreshing_until = Set(None);
        row.updated_at = Set(now);
        return Ok(row.update(store.conn()).await?);
    }
    let (user_id, org_id) = match owner {
        Owner::User(id) => (Some(id), None),
        Owner::Org(id) => (None, Some(id)),
    };
    let row = integration::ActiveModel {
        provider: Set(provider.to_owned()),
        user_id: Set(user_id),
        org_id: Set(org_id),
        status: Set(data.status.to_owned()),
        settings: Set(data.settings),
        secret: Set(data.secret),
        expires_at: Set(data.expires_at),
        refreshing_until: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    match row.insert(store.conn()).await {
        Ok(m) => Ok(m),
        // Two saves raced: the other one inserted; this one is a replacement.
        Err(e) if is_unique_violation(&e) => Err(StoreError::Conflict(
            "the link was saved at the same time elsewhere".to_owned(),
        )),
        Err(e) => Err(e.into()),
    }
}

fn is_unique_violation(e: &sea_orm::DbErr) -> bool {
    matches!(
        e.sql_err(),
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
    )
}

/// Removes `owner`'s link to `provider`; true when there was one.
pub async fn delete(store: &Store, provider: &str, owner: Owner) -> Result<bool, StoreError> {
    let res = integration::Entity::delete_many()
        .filter(owned_by(provider, owner))
        .exec(store.conn())
        .await?;
    Ok(res.rows_affected > 0)
}

/// Replaces the plain settings of link `id` (its secret, status and expiry untouched).
pub async fn update_settings(
    store: &Store,
    id: i64,
    settings: &str,
    now: EpochMs,
) -> Result<(), StoreError> {
    integration::Entity::update_many()
        .col_expr(integration::Column::Settings, Expr::value(settings))
        .col_expr(integration::Column::UpdatedAt, Expr::value(now))
        .filter(integration::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Every link of `user_id`'s own workspace, oldest first.
pub async fn links_of_user(
    store: &Store,
    user_id: i64,
) -> Result<Vec<integration::Model>, StoreError> {
    Ok(integration::Entity::find()
        .filter(integration::Column::UserId.eq(user_id))
        .order_by_asc(integration::Column::Id)
        .all(store.conn())
        .await?)
}

/// Takes the refresh lease of link `id` until `until` when nobody holds it (or theirs ran out)
/// and its token still expires at `seen_expires_at` (so a caller that read the link before
/// another refreshed it does not refresh again): true when this caller got it. One refresh runs
/// at a time, across replicas too.
pub async fn take_refresh_lease(
    store: &Store,
    id: i64,
    seen_expires_at: EpochMs,
    now: EpochMs,
    until: EpochMs,
) -> Result<bool, StoreError> {
    let still = integration::Column::ExpiresAt.eq(seen_expires_at);
    take_lease(store, id, still, now, until).await
}

/// Takes link `id`'s refresh lease after the provider refused its access token, only while the
/// link still holds the sealed secret `seen_secret` that was refused (a changed secret means
/// another caller refreshed it already) and no other refresh holds the lease. True when taken.
pub async fn take_refresh_lease_for_refused(
    store: &Store,
    id: i64,
    seen_secret: &str,
    now: EpochMs,
    until: EpochMs,
) -> Result<bool, StoreError> {
    let still = integration::Column::Secret.eq(seen_secret);
    take_lease(store, id, still, now, until).await
}

/// Sets link `id`'s refresh lease to `until` when it is connected, `still` holds, and no lease
/// is held (or the one held ran out by `now`): true when this caller got it.
async fn take_lease(
    store: &Store,
    id: i64,
    still: sea_orm::sea_query::SimpleExpr,
    now: EpochMs,
    until: EpochMs,
) -> Result<bool, StoreError> {
    let res = integration::Entity::update_many()
        .col_expr(integration::Column::RefreshingUntil, Expr::value(until))
        .filter(integration::Column::Id.eq(id))
        .filter(still)
        .filter(integration::Column::Status.eq(STATUS_CONNECTED))
        .filter(
            sea_orm::Condition::any()
                .add(integration::Column::RefreshingUntil.is_null())
                .add(integration::Column::RefreshingUntil.lte(now)),
        )
        .exec(store.conn())
        .await?;
    Ok(res.rows_affected == 1)
}

/// Records a refresh's outcome on link `id` and releases the lease.
pub async fn finish_refresh(
    store: &Store,
    id: i64,
    status: &'static str,
    secret: Option<String>,
    expires_at: Option<EpochMs>,
    now: EpochMs,
) -> Result<(), StoreError> {
    let mut q = integration::Entity::update_many()
        .col_expr(integration::Column::Status, Expr::value(status))
        .col_expr(
            integration::Column::RefreshingUntil,
            Expr::value(Option::<i64>::None),
        )
        .col_expr(integration::Column::UpdatedAt, Expr::value(now));
    if let Some(s) = secret {
        q = q
            .col_expr(integration::Column::Secret, Expr::value(s))
            .col_expr(integration::Column::ExpiresAt, Expr::value(expires_at));
    }
    q.filter(integration::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Stores a new OAuth state (its hash) for `user_id` and `provider`.
pub async fn insert_oauth_state(
    store: &Store,
    state_hash: &str,
    provider: &str,
    user_id: i64,
    pkce_verifier: Option<String>,
    now: EpochMs,
    expires_at: EpochMs,
) -> Result<(), StoreError> {
    oauth_state::ActiveModel {
        state_hash: Set(state_hash.to_owned()),
        provider: Set(provider.to_owned()),
        user_id: Set(user_id),
        pkce_verifier: Set(pkce_verifier),
        created_at: Set(now),
        expires_at: Set(expires_at),
        used_at: Set(None),
        ..Default::default()
    }
    .insert(store.conn())
    .await?;
    Ok(())
}

/// Uses up the state with this hash when it was issued to `user_id` for `provider`, is unused
/// and unexpired; answers it then, else None (replayed, foreign, expired or unknown). The
/// update is one statement, so two requests with one state cannot both succeed.
pub async fn take_oauth_state(
    store: &Store,
    state_hash: &str,
    provider: &str,
    user_id: i64,
    now: EpochMs,
) -> Result<Option<oauth_state::Model>, StoreError> {
    let res = oauth_state::Entity::update_many()
        .col_expr(oauth_state::Column::UsedAt, Expr::value(now))
        .filter(oauth_state::Column::StateHash.eq(state_hash))
        .filter(oauth_state::Column::Provider.eq(provider))
        .filter(oauth_state::Column::UserId.eq(user_id))
        .filter(oauth_state::Column::UsedAt.is_null())
        .filter(oauth_state::Column::ExpiresAt.gt(now))
        .exec(store.conn())
        .await?;
    if res.rows_affected != 1 {
        return Ok(None);
    }
    Ok(oauth_state::Entity::find()
        .filter(oauth_state::Column::StateHash.eq(state_hash))
        .one(store.conn())
        .await?)
}

/// Link `id`, whoever owns it (the sync worker holds the id from its job).
pub async fn by_id(store: &Store, id: i64) -> Result<Option<integration::Model>, StoreError> {
    Ok(integration::Entity::find_by_id(id)
        .one(store.conn())
        .await?)
}

/// Every link of `users` (their own workspaces) to one of `providers`.
pub async fn links_of_users(
    store: &Store,
    users: &[i64],
    providers: &[&str],
) -> Result<Vec<integration::Model>, StoreError> {
    if users.is_empty() {
        return Ok(Vec::new());
    }
    Ok(integration::Entity::find()
        .filter(integration::Column::UserId.is_in(users.iter().copied()))
        .filter(integration::Column::Provider.is_in(providers.iter().copied()))
        .order_by_asc(integration::Column::Id)
        .all(store.conn())
        .await?)
}

/// Sets link `id`'s sync state (000 §4) and the failure shown on its page.
pub async fn set_sync_state(
    store: &Store,
    id: i64,
    status: &str,
    error: Option<String>,
) -> Result<(), StoreError> {
    integration::Entity::update_many()
        .col_expr(integration::Column::SyncStatus, Expr::value(status))
        .col_expr(integration::Column::SyncError, Expr::value(error))
        .filter(integration::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}
