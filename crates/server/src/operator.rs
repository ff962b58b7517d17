//! Operator admins (issue #16): the people who run this installation, apart from every
//! organisation's admins. Their passwords are argon2id hashes (OWASP's parameters: 19 MiB, two
//! passes, one lane) made by `switchboard admin create`; no credential is in code, configuration
//! or the bundle. Signing in at `/admin/panel/secure` checks the password on the server, limits
//! failures per address and per client (recorded before they are counted, in the database, so
//! concurrent attempts and every replica agree), runs at most a few password checks at once on
//! reused memory (`HashPool`), and answers every failure — wrong password, unknown address, a
//! locked-out address or client — with the same 'Invalid login credentials'. A signed-in operator holds a short session of its own
//! (`sb_admin`, HttpOnly, SameSite=Strict), which no user route reads and which user sessions
//! cannot stand in for.

use crate::auth::hash_token;
use crate::error::AppError;
use crate::state::AppState;
use argon2::password_hash::{Output, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum_extra::extract::CookieJar;
use contract::ErrorCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use store::entity::operator::operator_admin;
use tokio::sync::Semaphore;

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

/// A hash no password is known to match (random salt and output, made once for this file),
/// verified for unknown addresses so they take as long as known ones. Its parameters are
/// `hasher()`'s, so it costs the same.
const DECOY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$Z+DQjqeoU7uPRRQ8xrCQTQ$\
                          zshTrPnP3U2LaGWG0ccvLKgXPCynImNur+nX1EBomGM";

/// The largest argon2 memory a stored hash may ask for (in 1 KiB blocks): 64 MiB. A hash
/// asking for more is refused instead of allocated.
const MAX_HASH_BLOCKS: usize = 64 * 1024;

/// Whether `password` matches the PHC string `hash`, computed in `memory` (resized to the
/// hash's cost and kept for the next check). A malformed hash matches nothing.
fn verify_in(password: &str, hash: &str, memory: &mut Vec<Block>) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(params)) = (
        Algorithm::try_from(parsed.algorithm),
        Params::try_from(&parsed),
    ) else {
        return false;
    };
    let version = parsed
        .version
        .map_or(Ok(Version::V0x13), Version::try_from)
        .unwrap_or(Version::V0x13);
    let blocks = params.block_count();
    if blocks > MAX_HASH_BLOCKS {
        tracing::error!(blocks, "an operator password hash asks for too much memory");
        return false;
    }
    memory.resize(blocks, Block::default());
    let mut salt_buf = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut salt_buf) else {
        return false;
    };
    let argon = Argon2::new(algorithm, version, params);
    let computed = Output::init_with(expected.len(), |out| {
        argon
            .hash_password_into_with_memory(password.as_bytes(), salt, out, &mut memory[..])
            .map_err(|_| argon2::password_hash::Error::Password)
    });
    // `Output`'s equality is constant-time.
    computed.is_ok_and(|c| c == expected)
}

/// This process's operator password checks: at most `permits` at once (each argon2id check
/// takes 19 MiB), each on a block of memory the pool keeps and reuses — so checks cost a
/// fixed `permits × 19 MiB`, however many callers try. A caller that finds no free check
/// within `wait` is answered 429 `rate_limited`. Like the database pool, a per-process
/// resource, not shared truth.
#[derive(Clone)]
pub struct HashPool {
    permits: Arc<Semaphore>,
    memory: Arc<Mutex<Vec<Vec<Block>>>>,
    wait: Duration,
    /// How long the last check took, in ms: how long a refused caller is kept waiting.
    typical_ms: Arc<AtomicU64>,
}

impl HashPool {
    pub fn new(permits: usize, wait_ms: u64) -> HashPool {
        HashPool {
            permits: Arc::new(Semaphore::new(permits.max(1))),
            memory: Arc::default(),
            wait: Duration::from_millis(wait_ms),
            typical_ms: Arc::new(AtomicU64::new(100)),
        }
    }

    /// Checks `password` against `hash` when a check is free within the wait; 429 otherwise.
    async fn verify(&self, password: String, hash: String) -> Result<bool, AppError> {
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(AppError::internal)?;
        let memory = self.memory.clone();
        let started = Instant::now();
        // The hash costs tens of milliseconds of CPU: off the async workers.
        let matches = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let mut block = memory
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .pop()
                .unwrap_or_default();
            let matches = verify_in(&password, &hash, &mut block);
            memory
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(block);
            matches
        })
        .await
        .map_err(AppError::internal)?;
        let took = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.typical_ms.store(took, Ordering::Relaxed);
        Ok(matches)
    }

    /// Waits as long as a check takes, so a refusal without one answers in the usual time.
    async fn pause(&self) {
        let ms = self.typical_ms.load(Ordering::Relaxed).min(5_000);
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
}

fn busy() -> AppError {
    AppError::new(
        ErrorCode::RateLimited,
        "too many sign-ins at once; try again in a moment",
    )
}

/// The one answer to every failed sign-in (000 §5 'Invalid login credentials').
pub fn invalid() -> AppError {
    AppError::new(
        ErrorCode::InvalidLoginCredentials,
        "Invalid login credentials",
    )
}

/// Checks the address and password with the limits; answers the operator admin, or the one
/// failure answer.
///
/// The attempt is recorded as a failure first (committed), and only then are the failures in
/// the window counted — this one and every concurrent attempt recorded before the count
/// included, on any replica. Among N concurrent attempts the k-th recorded sees at least k
/// failures, so no more than the limit ever reach the password check. A caller past the limit
/// is refused before hashing (after a pause as long as a check, so the answer time stays
/// flat, without spending argon2 memory); a caller that finds no free check is answered 429
/// and its attempt forgotten (nothing was guessed); a right password turns the record into a
/// success.
pub async fn sign_in(
    state: &AppState,
    email: &str,
    password: &str,
    client: &str,
) -> Result<operator_admin::Model, AppError> {
    let email = email.trim().to_lowercase();
    let now = state.clock.now_ms();
    let attempt = store::operator::record_failure(&state.store, &email, client, now).await?;
    let (by_address, by_client) =
        store::operator::failures_since(&state.store, &email, client, now - WINDOW_MS).await?;
    if by_address > MAX_FAILURES_PER_ADDRESS || by_client > MAX_FAILURES_PER_CLIENT {
        tracing::warn!(locked = true, "operator sign-in refused");
        state.operator_hashes.pause().await;
        return Err(invalid());
    }
    let admin = store::operator::admin_by_email(&state.store, &email).await?;
    let hash = admin
        .as_ref()
        .map_or_else(|| DECOY_HASH.to_owned(), |a| a.password_hash.clone());
    let matches = match state
        .operator_hashes
        .verify(password.to_owned(), hash)
        .await
    {
        Ok(m) => m,
        Err(e) => {
            store::operator::forget_attempt(&state.store, attempt).await?;
            return Err(e);
        }
    };
    match admin {
        Some(admin) if matches => {
            store::operator::mark_success(&state.store, attempt).await?;
            Ok(admin)
        }
        _ => {
            tracing::warn!(locked = false, "operator sign-in refused");
            Err(invalid())
        }
    }
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

    #[test]
    fn the_pools_check_agrees_with_argon2s_own_and_reuses_its_memory() {
        let h = hash_password("correct horse battery staple").unwrap();
        let mut memory = Vec::new();
        assert!(verify_in("correct horse battery staple", &h, &mut memory));
        assert_eq!(memory.len(), 19 * 1024, "one 19 MiB block");
        assert!(!verify_in("correct horse battery stapl", &h, &mut memory));
        assert!(verify_in("correct horse battery staple", &h, &mut memory));
        assert!(!verify_in("anything", "not a hash", &mut memory));
        // The decoy is a well-formed hash of the same cost that the empty password and a
        // guess do not match.
        let decoy = PasswordHash::new(DECOY_HASH).unwrap();
        assert_eq!(Params::try_from(&decoy).unwrap().m_cost(), 19 * 1024);
        assert!(!verify_in("", DECOY_HASH, &mut memory));
        assert!(!verify_in("password", DECOY_HASH, &mut memory));
    }
}
