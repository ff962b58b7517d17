//! Sessions (the web app's, behind the HttpOnly cookie) and extension tokens (the browser
//! extension's bearer credentials): both looked up by the SHA-256 of the token the caller holds
//! (the token itself is never stored), valid until they expire or are revoked. An extension
//! token is renewed once, into a fresh token of the same line; the old one then expires after a
//! short grace.

use crate::entity::{extension_token, session, user};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, Set,
};

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
        renewed_at: Set(None),
        lineage_id: Set(None),
        ..Default::default()
    }
    .insert(store.conn())
    .await?)
}

/// Trades the extension token `token_hash` — live (not revoked, not expired at `now`) and never
/// renewed — for a new one (`new_hash`, valid for `ttl_ms`, same owner, name and line). The old
/// one is marked renewed and expires `grace_ms` after `now` (or sooner, when it expired sooner
/// anyway). In one transaction, and once: of two concurrent renewals of one token, one gets the
/// new token and the other `None`, as does a revoked, expired or already renewed token.
pub async fn renew_extension_token(
    store: &Store,
    token_hash: &str,
    new_hash: &str,
    now: EpochMs,
    ttl_ms: i64,
    grace_ms: i64,
) -> Result<Option<extension_token::Model>, StoreError> {
    let Some(old) = extension_token::Entity::find()
        .filter(extension_token::Column::TokenHash.eq(token_hash))
        .filter(extension_token::Column::RevokedAt.is_null())
        .filter(extension_token::Column::RenewedAt.is_null())
        .filter(extension_token::Column::ExpiresAt.gt(now))
        .one(store.conn())
        .await?
    else {
        return Ok(None);
    };
    // The transaction starts with its write (so SQLite takes the write lock first, and never has
    // to upgrade a read), under the same conditions: a renewal that ran meanwhile, or a
    // revocation, leaves nothing to mark.
    let txn = store.begin_write().await?;
    let marked = extension_token::Entity::update_many()
        .col_expr(extension_token::Column::RenewedAt, Expr::value(now))
        .col_expr(
            extension_token::Column::ExpiresAt,
            Expr::value(old.expires_at.min(now + grace_ms)),
        )
        .filter(extension_token::Column::Id.eq(old.id))
        .filter(extension_token::Column::RevokedAt.is_null())
        .filter(extension_token::Column::RenewedAt.is_null())
        .filter(extension_token::Column::ExpiresAt.gt(now))
        .exec(&txn)
        .await?;
    if marked.rows_affected != 1 {
        return Ok(None);
    }
    let fresh = extension_token::ActiveModel {
        token_hash: Set(new_hash.to_owned()),
        user_id: Set(old.user_id),
        name: Set(old.name.clone()),
        created_at: Set(now),
        expires_at: Set(now + ttl_ms),
        last_used_at: Set(None),
        revoked_at: Set(None),
        renewed_at: Set(None),
        lineage_id: Set(Some(old.lineage_id.unwrap_or(old.id))),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(Some(fresh))
}

/// `user_id`'s extension tokens that still work at `now`, newest first — one per line: a
/// renewed token, in its grace, is not listed (its successor is).
pub async fn live_extension_tokens(
    store: &Store,
    user_id: i64,
    now: EpochMs,
) -> Result<Vec<extension_token::Model>, StoreError> {
    Ok(extension_token::Entity::find()
        .filter(extension_token::Column::UserId.eq(user_id))
        .filter(extension_token::Column::RevokedAt.is_null())
        .filter(extension_token::Column::RenewedAt.is_null())
        .filter(extension_token::Column::ExpiresAt.gt(now))
        .order_by_desc(extension_token::Column::Id)
        .all(store.conn())
        .await?)
}

/// Revokes extension token `id` of `user_id` and every other token of its line that still
/// works (a predecessor in its grace after a renewal). False when the user has no such live
/// token (a token of someone else is never touched).
pub async fn revoke_extension_token(
    store: &Store,
    user_id: i64,
    id: i64,
    now: EpochMs,
) -> Result<bool, StoreError> {
    let Some(token) = extension_token::Entity::find_by_id(id)
        .filter(extension_token::Column::UserId.eq(user_id))
        .filter(extension_token::Column::RevokedAt.is_null())
        .filter(extension_token::Column::ExpiresAt.gt(now))
        .one(store.conn())
        .await?
    else {
        return Ok(false);
    };
    let line = token.lineage_id.unwrap_or(token.id);
    let res = extension_token::Entity::update_many()
        .col_expr(extension_token::Column::RevokedAt, Expr::value(now))
        .filter(extension_token::Column::UserId.eq(user_id))
        .filter(
            Condition::any()
                .add(extension_token::Column::Id.eq(line))
                .add(extension_token::Column::LineageId.eq(line)),
        )
        .filter(extension_token::Column::RevokedAt.is_null())
        .exec(store.conn())
        .await?;
    Ok(res.rows_affected >= 1)
}
