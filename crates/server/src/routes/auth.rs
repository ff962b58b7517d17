//! Signing in: a one-time code by e-mail (`POST /api/auth/code`), checked by
//! `POST /api/auth/verify`, which creates the account on first sign-in and starts a session
//! (the HttpOnly cookie, whose value no answer carries; the extension gets its own token through
//! `routes::extension_tokens`); `/api/auth/session` says who is signed in (GET) and signs out
//! (DELETE).

use super::{Access, Routes};
use crate::auth::{hash_token, session_token, CurrentUser, MaybeUser, SESSION_COOKIE};
use crate::client::ClientAddr;
use crate::error::AppError;
use crate::extract::Json;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::{Cookie, CookieJar};
use contract::accounts::{CodeRequest, CodeSent, LanguageChoice, SignedIn, VerifyRequest};
use contract::auth::{SessionInfo, SessionUser};
use contract::ErrorCode;
use domain::accounts::{code_from_random, resend_wait, OtpCode, CODE_TTL_MS, RESEND_WAIT_MS};
use domain::assignment::OnboardingStage;
use domain::inputs::Email;
use store::accounts::CodeCheck;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Public, routes!(request_code))
        .add(Access::Public, routes!(verify_code))
        .add(Access::Public, routes!(get_session))
        .add(Access::Public, routes!(delete_session))
        .add(Access::SignedIn, routes!(set_language))
}

/// The address as stored: the domain's e-mail rule, then lower case.
fn parse_email(raw: &str) -> Result<String, AppError> {
    Email::parse(raw)
        .map(|e| e.as_str().to_ascii_lowercase())
        .map_err(|rule| AppError::invalid_field("email", rule))
}

/// What is stored of a code: the SHA-256 of the address and the code, never the code.
fn code_hash(email: &str, code: &str) -> String {
    hash_token(&format!("{email}\n{code}"))
}

fn session_user(u: &store::entity::user::Model) -> SessionUser {
    SessionUser {
        id: u.id,
        email: u.email.clone().unwrap_or_default(),
        name: u.name.clone(),
    }
}

/// The window of the daily cap on codes per address.
const CODES_DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Sends a six-digit code valid for 10 minutes, in the language of the page that asks for it
/// (`Accept-Language`; the web app sends the language it shows), else the person's stored
/// language, else (an invited person who chose none) their inviter's, else English. Another code for the same address may be asked
/// for only after 60 seconds (429 `rate_limited`), and at most `sign_in.codes_per_day` in 24
/// hours (429 `daily_limit_reached`: five tries a code bound the guesses at an address); a new
/// code retires the previous one.
#[utoipa::path(
    post,
    path = "/api/auth/code",
    tag = "auth",
    request_body = CodeRequest,
    responses(
        (status = 200, description = "The code was sent", body = CodeSent),
        (status = 422, description = "Not an e-mail address (`fields.email`)", body = contract::ErrorBody),
        (status = 429, description = "`rate_limited`: a code was sent less than 60 s ago (`Retry-After` says how many seconds are left); `daily_limit_reached`: the address's codes for 24 hours were sent", body = contract::ErrorBody),
    )
)]
pub async fn request_code(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(req): Json<CodeRequest>,
) -> Result<Response, AppError> {
    let email = parse_email(&req.email)?;
    let now = state.clock.now_ms();
    let last = store::accounts::last_code_sent_at(&state.store, &email).await?;
    if let Some(wait) = resend_wait(now, last) {
        let secs = (wait + 999) / 1000;
        return Ok(AppError::new(
            ErrorCode::RateLimited,
            format!("wait {secs} s before asking for another code"),
        )
        .with_retry_after(secs as u64));
    }
    let code = code_from_random(rand::random_range(0..1_000_000));
    let issued = store::accounts::issue_code(
        &state.store,
        &email,
        &code_hash(&email, &code),
        now,
        CODE_TTL_MS,
        now - CODES_DAY_MS,
        u64::from(state.config.sign_in.codes_per_day),
    )
    .await?;
    if !issued {
        return Err(AppError::new(
            ErrorCode::DailyLimitReached,
            format!(
                "{} codes were sent to this address in the last 24 hours; try again later",
                state.config.sign_in.codes_per_day
            ),
        ));
    }
    let lang = match crate::mail_texts::header_language(&headers) {
        Some(lang) => lang,
        None => {
            let (stored, inviter) =
                match store::accounts::find_user_by_email(&state.store, &email).await? {
                    Some(u) => (
                        u.preferred_language,
                        store::invitations::inviter_language(&state.store, u.id).await?,
                    ),
                    None => (None, None),
                };
            crate::mail_texts::language_of(&[stored.as_deref(), inviter.as_deref()])
        }
    };
    let mail = crate::mail_texts::sign_in_code(lang, &code);
    state.mailer.send(&state.store, now, &email, &mail).await?;
    Ok(Json(CodeSent {
        email,
        expires_in_ms: CODE_TTL_MS,
        resend_after_ms: RESEND_WAIT_MS,
    })
    .into_response())
}

/// Checks the code. Wrong: 422 with `fields.code` = `otp_invalid`; expired: `code_expired`;
/// after 5 wrong tries the code is dead: `code_attempts_exhausted`. Right: the account is
/// created on first sign-in, a session starts (cookie `sb_session`, HttpOnly, SameSite=Lax,
/// Secure when configured); the body says who signed in, never the session's token. The
/// language the page is shown in (`Accept-Language`) becomes the person's language for e-mails;
/// an invited person's invitations are accepted, and the organisation that invited them becomes
/// their default when they have none.
#[utoipa::path(
    post,
    path = "/api/auth/verify",
    tag = "auth",
    request_body = VerifyRequest,
    responses(
        (status = 200, description = "Signed in; the cookie is set", body = SignedIn),
        (status = 422, description = "`fields.code`: otp_invalid, code_expired or code_attempts_exhausted; or `fields.email`", body = contract::ErrorBody),
    )
)]
pub async fn verify_code(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    jar: CookieJar,
    Json(req): Json<VerifyRequest>,
) -> Result<impl IntoResponse, AppError> {
    let email = parse_email(&req.email)?;
    let code = OtpCode::parse(&req.code).map_err(|rule| AppError::invalid_field("code", rule))?;
    let now = state.clock.now_ms();
    let (user, signed_up) = match store::accounts::check_code(
        &state.store,
        &email,
        &code_hash(&email, code.as_str()),
        now,
    )
    .await?
    {
        CodeCheck::Accepted { user, signed_up } => (*user, signed_up),
        CodeCheck::Refused(rule) => return Err(AppError::invalid_field("code", rule)),
    };
    if let Some(lang) = crate::mail_texts::header_language(&headers) {
        if user.preferred_language.as_deref() != Some(lang.tag()) {
            store::invitations::set_language(&state.store, user.id, lang.tag(), now).await?;
        }
    }
    let token = hex::encode(rand::random::<[u8; 32]>());
    let ttl = state.config.session_ttl_ms();
    store::sessions::create(&state.store, user.id, &hash_token(&token), now, ttl).await?;
    let cookie = Cookie::parse(format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{}",
        ttl / 1000,
        if state.config.cookie_secure {
            "; Secure"
        } else {
            ""
        }
    ))
    .map_err(AppError::internal)?;
    tracing::info!(user_id = user.id, signed_up, "signed in by e-mail code");
    if signed_up {
        // Every sign-up is a lead of the installation (dynamic lead assignment).
        let country = crate::geo::country_of(&state, client);
        let region = domain::lead_routing::region_of_country(country.as_deref());
        crate::leads::on_stage(&state, &user, OnboardingStage::LinkedinAds, region).await;
        // Came by a friend's link: Refer and Earn.
        super::referrals::on_sign_up(&state, &user, req.referral_code.as_deref()).await;
    }
    Ok((
        jar.add(cookie),
        Json(SignedIn {
            user: session_user(&user),
            signed_up,
        }),
    ))
}

/// The signed-in user, or `{"user": null}`.
#[utoipa::path(
    get,
    path = "/api/auth/session",
    tag = "auth",
    responses(
        (status = 200, description = "The session's user, or null", body = SessionInfo),
        (status = 403, description = "`extension_token_not_allowed`: a bearer token (the extension's does not open this call)", body = contract::ErrorBody),
    )
)]
pub async fn get_session(MaybeUser(user): MaybeUser) -> Json<SessionInfo> {
    Json(SessionInfo {
        user: user.as_ref().map(session_user),
    })
}

/// Revokes the caller's cookie session and clears the cookie (the extension's tokens stay; their
/// owner revokes them one by one). Signing out twice is not an error.
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
    if let Some(token) = session_token(&headers) {
        let now = state.clock.now_ms();
        store::sessions::revoke(&state.store, &hash_token(&token), now).await?;
    }
    let jar = jar.remove(Cookie::build(SESSION_COOKIE).path("/"));
    Ok((StatusCode::NO_CONTENT, jar))
}

/// The language the person chose (`PUT /api/auth/language`): e-mails to them are written in it.
#[utoipa::path(
    put,
    path = "/api/auth/language",
    tag = "auth",
    request_body = LanguageChoice,
    responses(
        (status = 204, description = "Stored"),
        (status = 422, description = "`fields.language` = value_invalid: not one of en, es, hi, id, pt-BR, pt-PT", body = contract::ErrorBody),
    )
)]
pub async fn set_language(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<LanguageChoice>,
) -> Result<StatusCode, AppError> {
    let lang = domain::language::Language::ALL
        .into_iter()
        .find(|l| l.tag() == req.language)
        .ok_or_else(|| AppError::invalid_field("language", domain::RuleError::ValueInvalid))?;
    let now = state.clock.now_ms();
    store::invitations::set_language(&state.store, user.id, lang.tag(), now).await?;
    Ok(StatusCode::NO_CONTENT)
}
