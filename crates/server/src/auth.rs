//! Who is calling, resolved on the server for every request that needs it:
//! - the web app: the HttpOnly session cookie (`sb_session`), which no answer ever carries in a
//!   body, so no page script can read it;
//! - the browser extension: `Authorization: Bearer <extension token>`, a token minted for it on
//!   an explicit hand-over (`routes::extension_tokens`) and accepted only on the extension's
//!   calls: the routes declared with `Routes::add_extension`, whose requests carry the
//!   [`ExtensionScope`] mark. On any other route a bearer token answers 403
//!   `extension_token_not_allowed` (the extension then sends the person to the web app), so a
//!   token — which lives in a browser extension's storage — cannot change an organisation.
//!
//! A request that carries a bearer header is judged by it alone: a bad or misplaced extension
//! token is not rescued by a cookie sent along with it.

use crate::error::AppError;
use crate::routes::ExtensionScope;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum_extra::extract::CookieJar;
use contract::ErrorCode;
use sha2::{Digest, Sha256};

/// The session cookie's name. HttpOnly, SameSite=Lax, Secure when served over HTTPS.
pub const SESSION_COOKIE: &str = "sb_session";

/// The prefix every extension token starts with, so one is recognisable in a log or a leak
/// scanner and never mistaken for anything else.
pub const EXTENSION_TOKEN_PREFIX: &str = "sbx_";

/// The stored form of a token: its SHA-256, hex.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The session cookie's token, if the request carries one.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    CookieJar::from_headers(headers)
        .get(SESSION_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|t| !t.is_empty())
}

/// The bearer token of the `Authorization` header, if any.
pub fn bearer_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
}

/// Whether the request is one of the extension's calls (a route declared in its scope), the
/// only ones an extension token opens.
pub fn in_extension_scope(parts: &Parts) -> bool {
    parts.extensions.get::<ExtensionScope>().is_some()
}

/// The refusal of a bearer token on a route outside the extension's scope.
pub fn extension_token_not_allowed() -> AppError {
    AppError::new(
        ErrorCode::ExtensionTokenNotAllowed,
        "the browser extension's token does not open this call; use the web app",
    )
}

/// The signed-in user, when there is one. Never fails on a missing or dead credential; fails
/// with 403 `extension_token_not_allowed` on a bearer token outside the extension's scope.
pub struct MaybeUser(pub Option<store::entity::user::Model>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let now = state.clock.now_ms();
        if let Some(token) = bearer_token(&parts.headers) {
            if !in_extension_scope(parts) {
                return Err(extension_token_not_allowed());
            }
            let found =
                store::sessions::find_extension_user(&state.store, &hash_token(&token), now)
                    .await?;
            return Ok(MaybeUser(found.map(|(_, user)| user)));
        }
        let Some(token) = session_token(&parts.headers) else {
            return Ok(MaybeUser(None));
        };
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
