//! Sessions: looked up by the SHA-256 of the token the browser holds (the token itself is never
//! stored), valid until they expire or are revoked.

use crate::entity::{session, user};
use crate::{EpochMs, Store, StoreError};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

/// The user of a live session (not revoked, not expired at `now`).
pub async fn find_live_user(
    store: &Store,
    token_hash: &str,
    now: EpochMs,
) -> Result<Option<(session::Model, user::Model)>, StoreError> {
    let found = session::Entity::find()
        .filter(session::Column::TokenHash.eq(token_hash))
        .filter(session::Column::RevokedAt.is_null())
        .filter(session::Column::ExpiresAt.gt(now))
        .find_also_related(user::Entity)
        .one(store.conn())
        .await?;
    Ok(found.and_then(|(s, u)| u.map(|u| (s, u))))
}

/// Starts a session for `user_id`, valid for `ttl_ms`.
pub async fn create(
    store: &Store,
    user_id: i64,
    token_hash: &str,
    now: EpochMs,
    ttl_ms: i64,
) -> Result<session::Model, StoreError> {
    Ok(session::ActiveModel {
        token_hash: Set(token_hash.to_owned()),
        user_id: Set(user_id),
        created_at: Set(now),
        expires_at: Set(now + ttl_ms),
        last_seen_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?)
}

/// Revokes the session with this token hash; revoking an unknown or revoked one is a no-op.
pub async fn revoke(store: &Store, token_hash: &str, now: EpochMs) -> Result<(), StoreError> {
    session::Entity::update_many()
        .col_expr(
            session::Column::RevokedAt,
            sea_orm::sea_query::Expr::value(now),
        )
        .filter(session::Column::TokenHash.eq(token_hash))
        .filter(session::Column::RevokedAt.is_null())
        .exec(store.conn())
        .await?;
    Ok(())
}
