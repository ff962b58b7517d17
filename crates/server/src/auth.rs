//! Who is calling: the session cookie (web app) or `Authorization: Bearer` (the extension),
//! resolved to a user on the server for every request that needs one.

use crate::error::AppError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum_extra::extract::CookieJar;
use contract::ErrorCode;
use sha2::{Digest, Sha256};

/// The session cookie's name. HttpOnly, SameSite=Lax, Secure when served over HTTPS.
pub const SESSION_COOKIE: &str = "sb_session";

/// The stored form of a token: its SHA-256, hex.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The raw token the caller presented, if any: the cookie first, then a bearer header.
pub fn presented_token(headers: &HeaderMap) -> Option<String> {
    let jar = CookieJar::from_headers(headers);
    if let Some(c) = jar.get(SESSION_COOKIE) {
        return Some(c.value().to_owned());
    }
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
}

/// The signed-in user, when there is one. Never fails on a missing or dead session.
pub struct MaybeUser(pub Option<store::entity::user::Model>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let Some(token) = presented_token(&parts.headers) else {
            return Ok(MaybeUser(None));
        };
        let now = state.clock.now_ms();
        let found = store::sessions::find_live_user(&state.store, &hash_token(&token), now).await?;
        Ok(MaybeUser(found.map(|(_, user)| user)))
    }
}

/// The signed-in user; answers 401 `unauthenticated` when there is none.
pub struct CurrentUser(pub store::entity::user::Model);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        match MaybeUser::from_request_parts(parts, state).await?.0 {
            Some(user) => Ok(CurrentUser(user)),
            None => Err(AppError::new(ErrorCode::Unauthenticated, "sign in first")),
        }
    }
}
