//! `/api/auth/session`: who is signed in (GET) and signing out (DELETE).

use crate::auth::{hash_token, presented_token, MaybeUser, SESSION_COOKIE};
use crate::error::AppError;
use crate::extract::Json;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use axum_extra::extract::cookie::{Cookie, CookieJar};
use contract::auth::{SessionInfo, SessionUser};

pub fn router() -> Router<AppState> {
    Router::new().route("/auth/session", get(get_session).delete(delete_session))
}

/// The signed-in user, or `{"user": null}`.
#[utoipa::path(
    get,
    path = "/api/auth/session",
    tag = "auth",
    responses((status = 200, description = "The session's user, or null", body = SessionInfo))
)]
pub async fn get_session(MaybeUser(user): MaybeUser) -> Json<SessionInfo> {
    Json(SessionInfo {
        user: user.map(|u| SessionUser {
            id: u.id,
            email: u.email,
            name: u.name,
        }),
    })
}

/// Revokes the caller's session and clears the cookie. Signing out twice is not an error.
#[utoipa::path(
    delete,
    path = "/api/auth/session",
    tag = "auth",
    responses((status = 204, description = "Signed out"))
)]
pub async fn delete_session(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<impl IntoResponse, AppError> {
    if let Some(token) = presented_token(&headers) {
        let now = chrono::Utc::now().timestamp_millis();
        store::sessions::revoke(&state.store, &hash_token(&token), now).await?;
    }
    let jar = jar.remove(Cookie::build(SESSION_COOKIE).path("/"));
    Ok((StatusCode::NO_CONTENT, jar))
}
