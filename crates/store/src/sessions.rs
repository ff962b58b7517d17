//! Sessions (the web app's, behind the HttpOnly cookie) and extension tokens (the browser
//! extension's bearer credentials): both looked up by the SHA-256 of the token the caller holds
//! (the token itself is never stored), valid until they expire or are revoked.

use crate::entity::{extension_token, session, user};
use crate::{EpochMs, Store, StoreError};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

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

/// How seldom an extension token's `last_used_at` is written: at most once a minute, so a busy
/// extension does not turn every read into a write.
const LAST_USED_GRANULARITY_MS: EpochMs = 60_000;

/// The user of a live extension token (not revoked, not expired at `now`); notes the use.
pub async fn find_extension_user(
    store: &Store,
    token_hash: &str,
    now: EpochMs,
) -> Result<Option<(extension_token::Model, user::Model)>, StoreError> {
    let found = extension_token::Entity::find()
        .filter(extension_token::Column::TokenHash.eq(token_hash))
        .filter(extension_token::Column::RevokedAt.is_null())
        .filter(extension_token::Column::ExpiresAt.gt(now))
        .find_also_related(user::Entity)
        .one(store.conn())
        .await?;
    let Some((token, Some(user))) = found else {
        return Ok(None);
    };
    if token
        .last_used_at
        .is_none_or(|at| now - at >= LAST_USED_GRANULARITY_MS)
    {
        extension_token::Entity::update_many()
            .col_expr(
                extension_token::Column::LastUsedAt,
                sea_orm::sea_query::Expr::value(now),
            )
            .filter(extension_token::Column::Id.eq(token.id))
            .exec(store.conn())
            .await?;
    }
    Ok(Some((token, user)))
}

/// Records a new extension token of `user_id`, valid for `ttl_ms`.
pub async fn create_extension_token(
    store: &Store,
    user_id: i64,
    name: &str,
    token_hash: &str,
    now: EpochMs,
    ttl_ms: i64,
) -> Result<extension_token::Model, StoreError> {
    Ok(extension_token::ActiveModel {
        token_hash: Set(token_hash.to_owned()),
        user_id: Set(user_id),
        name: Set(name.to_owned()),
        created_at: Set(now),
        expires_at: Set(now + ttl_ms),
        last_used_at: Set(None),
        revoked_at: Set(None),
        ..Default::default()
    }
    .insert(store.conn())
    .await?)
}

/// `user_id`'s extension tokens that still work at `now`, newest first.
pub async fn live_extension_tokens(
    store: &Store,
    user_id: i64,
    now: EpochMs,
) -> Result<Vec<extension_token::Model>, StoreError> {
    Ok(extension_token::Entity::find()
        .filter(extension_token::Column::UserId.eq(user_id))
        .filter(extension_token::Column::RevokedAt.is_null())
        .filter(extension_token::Column::ExpiresAt.gt(now))
        .order_by_desc(extension_token::Column::Id)
        .all(store.conn())
        .await?)
}

/// Revokes extension token `id` of `user_id`. False when the user has no such live token (a
/// token of someone else is never touched).
pub async fn revoke_extension_token(
    store: &Store,
    user_id: i64,
    id: i64,
    now: EpochMs,
) -> Result<bool, StoreError> {
    let res = extension_token::Entity::update_many()
        .col_expr(
            extension_token::Column::RevokedAt,
            sea_orm::sea_query::Expr::value(now),
        )
        .filter(extension_token::Column::Id.eq(id))
        .filter(extension_token::Column::UserId.eq(user_id))
        .filter(extension_token::Column::RevokedAt.is_null())
        .exec(store.conn())
        .await?;
    Ok(res.rows_affected == 1)
}
