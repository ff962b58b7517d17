//! The browser extension's own credentials (issue #13). The signed-in web app mints a token on an
//! explicit hand-over ("Connect the extension"), passes it to the extension over the extension
//! bridge, and never keeps it; the server keeps only its SHA-256. The owner lists and revokes
//! them here. These routes are not in the extension's scope, so an extension token cannot mint,
//! list or revoke tokens: only the cookie session can (403 `extension_token_not_allowed`).
//!
//! A token lives `extension_token_ttl_days` (30). The extension renews its own before then
//! (`POST /api/v2/extension/token/renew`, in its scope): it presents the current, still valid
//! token and gets a fresh one of the same line; the old one keeps working for
//! `extension_token_renewal_grace_secs` (300) so a request under way is not broken, and cannot
//! renew again. A revoked or expired token cannot renew: the person connects the extension
//! again from the web app.

use super::{Access, Routes};
use crate::auth::{bearer_token, hash_token, CurrentUser, EXTENSION_TOKEN_PREFIX};
use crate::error::AppError;
use crate::extract::Json;
use crate::extract::Path;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use contract::accounts::{
    ExtensionTokenInfo, ExtensionTokenList, MintedExtensionToken, NewExtensionToken,
};
use contract::ErrorCode;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add(Access::SignedIn, routes!(mint_extension_token))
        .add(Access::SignedIn, routes!(list_extension_tokens))
        .add(Access::SignedIn, routes!(revoke_extension_token))
        .add_extension(Access::SignedIn, routes!(renew_extension_token))
}

/// A new token: `sbx_` and 32 random bytes in hex.
fn new_token() -> String {
    format!(
        "{EXTENSION_TOKEN_PREFIX}{}",
        hex::encode(rand::random::<[u8; 32]>())
    )
}

/// The name a token gets when none is given, and the longest one kept.
const DEFAULT_NAME: &str = "Browser extension";
const NAME_MAX_CHARS: usize = 80;

/// The name as stored: trimmed, cut to 80 characters, the default when empty.
fn token_name(given: Option<&str>) -> String {
    let name: String = given
        .unwrap_or_default()
        .trim()
        .chars()
        .take(NAME_MAX_CHARS)
        .collect();
    if name.trim().is_empty() {
        DEFAULT_NAME.to_owned()
    } else {
        name.trim_end().to_owned()
    }
}

fn info(t: &store::entity::extension_token::Model) -> ExtensionTokenInfo {
    ExtensionTokenInfo {
        id: t.id,
        name: t.name.clone(),
        created_at: t.created_at,
        expires_at: t.expires_at,
        last_used_at: t.last_used_at,
    }
}

/// Mints a token for the caller's browser extension: `sbx_` and 32 random bytes in hex, valid
/// for `extension_token_ttl_days`. The answer is the only time the token is shown; the web app
/// hands it to the extension and forgets it. Only the cookie session may call this.
#[utoipa::path(
    post,
    path = "/api/auth/extension-tokens",
    tag = "auth",
    request_body = NewExtensionToken,
    responses(
        (status = 201, description = "The new token, shown this once", body = MintedExtensionToken),
        (status = 401, description = "Not signed in", body = contract::ErrorBody),
    )
)]
pub async fn mint_extension_token(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<NewExtensionToken>,
) -> Result<(StatusCode, Json<MintedExtensionToken>), AppError> {
    let token = new_token();
    let now = state.clock.now_ms();
    let row = store::sessions::create_extension_token(
        &state.store,
        user.id,
        &token_name(body.name.as_deref()),
        &hash_token(&token),
        now,
        state.config.extension_token_ttl_ms(),
    )
    .await?;
    crate::leads::on_stage(
        &state,
        &user,
        domain::assignment::OnboardingStage::ExtensionInstalled,
        domain::assignment::Region::Other,
    )
    .await;
    tracing::info!(
        user_id = user.id,
        token_id = row.id,
        "extension token minted"
    );
    Ok((
        StatusCode::CREATED,
        Json(MintedExtensionToken {
            token,
            info: info(&row),
        }),
    ))
}

/// The extension trades its current token (the bearer of this request: live, never renewed)
/// for a fresh one valid for `extension_token_ttl_days` from now, with the same name. The old
/// token keeps working for `extension_token_renewal_grace_secs`, then stops; it cannot renew
/// again. 401 for a revoked, expired or already renewed token, and without a bearer token (the
/// web app's session has none to renew: it mints one).
#[utoipa::path(
    post,
    path = "/api/v2/extension/token/renew",
    tag = "auth",
    responses(
        (status = 201, description = "The fresh token, shown this once", body = MintedExtensionToken),
        (status = 401, description = "No live, never renewed extension token presented", body = contract::ErrorBody),
    )
)]
pub async fn renew_extension_token(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<MintedExtensionToken>), AppError> {
    let refused = || {
        AppError::new(
            ErrorCode::Unauthenticated,
            "only a live extension token that was not renewed yet can be renewed",
        )
    };
    let current = bearer_token(&headers).ok_or_else(refused)?;
    let token = new_token();
    let now = state.clock.now_ms();
    let row = store::sessions::renew_extension_token(
        &state.store,
        &hash_token(&current),
        &hash_token(&token),
        now,
        state.config.extension_token_ttl_ms(),
        state.config.extension_token_renewal_grace_ms(),
    )
    .await?
    .ok_or_else(refused)?;
    tracing::info!(
        user_id = user.id,
        token_id = row.id,
        lineage_id = row.lineage_id,
        "extension token renewed"
    );
    Ok((
        StatusCode::CREATED,
        Json(MintedExtensionToken {
            token,
            info: info(&row),
        }),
    ))
}

/// The caller's extension tokens that still work, newest first — names and dates, never a token.
#[utoipa::path(
    get,
    path = "/api/auth/extension-tokens",
    tag = "auth",
    responses(
        (status = 200, description = "The caller's live extension tokens", body = ExtensionTokenList),
        (status = 401, description = "Not signed in", body = contract::ErrorBody),
    )
)]
pub async fn list_extension_tokens(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<ExtensionTokenList>, AppError> {
    let now = state.clock.now_ms();
    let rows = store::sessions::live_extension_tokens(&state.store, user.id, now).await?;
    Ok(Json(ExtensionTokenList {
        tokens: rows.iter().map(info).collect(),
    }))
}

/// Revokes one of the caller's extension tokens (with any earlier token of its line still in
/// its grace after a renewal): the extension's next call with it is 401. 404 for a token that
/// is not the caller's or no longer works.
#[utoipa::path(
    delete,
    path = "/api/auth/extension-tokens/{id}",
    tag = "auth",
    params(("id" = i64, Path, description = "The token's id from the list")),
    responses(
        (status = 204, description = "Revoked"),
        (status = 401, description = "Not signed in", body = contract::ErrorBody),
        (status = 404, description = "No such token of the caller's", body = contract::ErrorBody),
    )
)]
pub async fn revoke_extension_token(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
) -> Result<StatusCode, AppError> {
    let now = state.clock.now_ms();
    if store::sessions::revoke_extension_token(&state.store, user.id, id, now).await? {
        tracing::info!(user_id = user.id, token_id = id, "extension token revoked");
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::new(
            ErrorCode::NotFound,
            "no such extension token",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::token_name;

    #[test]
    fn a_token_name_is_trimmed_cut_to_80_characters_and_defaults_when_blank() {
        assert_eq!(token_name(None), "Browser extension");
        assert_eq!(token_name(Some("   ")), "Browser extension");
        assert_eq!(token_name(Some("  Chrome at work ")), "Chrome at work");
        let long = "é".repeat(100);
        assert_eq!(token_name(Some(&long)).chars().count(), 80);
    }
}
