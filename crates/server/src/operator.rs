//! Operator admins (issue #16): the people who run this installation, apart from every
//! organisation's admins. Their passwords are argon2id hashes (OWASP's parameters: 19 MiB, two
//! passes, one lane) made by `switchboard admin create`; no credential is in code, configuration
//! or the bundle. Signing in at `/admin/panel/secure` checks the password on the server, limits
//! failures per address and per client (counted in the database, so every replica agrees), and
//! answers every failure — wrong password, unknown address, a locked-out address or client — with
//! the same 'Invalid login credentials'. A signed-in operator holds a short session of its own
//! (`sb_admin`, HttpOnly, SameSite=Strict), which no user route reads and which user sessions
//! cannot stand in for.

use crate::auth::hash_token;
use crate::error::AppError;
use crate::state::AppState;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum_extra::extract::CookieJar;
use contract::ErrorCode;
use store::entity::operator::operator_admin;

/// The operator session's cookie.
pub const ADMIN_COOKIE: &str = "sb_admin";
/// How long an operator session lasts.
pub const SESSION_TTL_MS: i64 = 30 * 60 * 1000;
/// Failures per address in the window before the address is locked out.
pub const MAX_FAILURES_PER_ADDRESS: u64 = 5;
/// Failures per client (address of the caller) in the window before the client is refused.
pub const MAX_FAILURES_PER_CLIENT: u64 = 20;
/// The window failures are counted in, and so how long a lock-out lasts.
pub const WINDOW_MS: i64 = 15 * 60 * 1000;

fn hasher() -> Argon2<'static> {
    // OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The PHC string of `password` with a fresh salt.
pub fn hash_password(password: &str) -> Result<String, AppError> {
    let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).map_err(AppError::internal)?;
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(AppError::internal)
}

/// Whether `password` matches the PHC string `hash`.
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| {
            hasher()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash no password matches, verified for unknown addresses so they take as long as known
/// ones.
fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY
        .get_or_init(|| hash_password(&hex::encode(rand::random::<[u8; 16]>())).unwrap_or_default())
}

/// The one answer to every failed sign-in (000 §5 'Invalid login credentials').
pub fn invalid() -> AppError {
    AppError::new(
        ErrorCode::InvalidLoginCredentials,
        "Invalid login credentials",
    )
}

/// Checks the address and password with the limits; answers the operator admin, or the one
/// failure answer. Every attempt is recorded.
pub async fn sign_in(
    state: &AppState,
    email: &str,
    password: &str,
    client: &str,
) -> Result<operator_admin::Model, AppError> {
    let email = email.trim().to_lowercase();
    let now = state.clock.now_ms();
    let (by_address, by_client) =
        store::operator::failures_since(&state.store, &email, client, now - WINDOW_MS).await?;
    let admin = store::operator::admin_by_email(&state.store, &email).await?;
    let hash = admin
        .as_ref()
        .map_or_else(|| decoy_hash().to_owned(), |a| a.password_hash.clone());
    let password = password.to_owned();
    // The hash costs tens of milliseconds of CPU: off the async workers.
    let matches = tokio::task::spawn_blocking(move || verify_password(&password, &hash))
        .await
        .map_err(AppError::internal)?;
    let locked = by_address >= MAX_FAILURES_PER_ADDRESS || by_client >= MAX_FAILURES_PER_CLIENT;
    let ok = matches && admin.is_some() && !locked;
    store::operator::record_attempt(&state.store, &email, client, ok, now).await?;
    if !ok {
        tracing::warn!(locked, "operator sign-in refused");
        return Err(invalid());
    }
    admin.ok_or_else(invalid)
}

/// The operator session's token, if the request carries one.
pub fn admin_token(headers: &HeaderMap) -> Option<String> {
    CookieJar::from_headers(headers)
        .get(ADMIN_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|t| !t.is_empty())
}

/// The signed-in operator admin; 401 `unauthenticated` without a live operator session (a
/// user's session does not count).
pub struct OperatorAdmin(pub operator_admin::Model);

impl FromRequestParts<AppState> for OperatorAdmin {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let none = || AppError::new(ErrorCode::Unauthenticated, "operator sign-in required");
        let token = admin_token(&parts.headers).ok_or_else(none)?;
        let now = state.clock.now_ms();
        store::operator::admin_of_session(&state.store, &hash_token(&token), now)
            .await?
            .map(OperatorAdmin)
            .ok_or_else(none)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_verifies_against_its_argon2id_hash_only() {
        let h = hash_password("correct horse battery staple").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(verify_password("correct horse battery staple", &h));
        assert!(!verify_password("correct horse battery stapl", &h));
        assert!(!verify_password("anything", "not a hash"));
        assert_ne!(
            h,
            hash_password("correct horse battery staple").unwrap(),
            "salted"
        );
    }
}
