//! Joining an organisation by its code (issue #28, 001 §3–§5, §7–§8). The organisation's code
//! is shareable (Organisation Details shows it, invitation links carry it), so knowing it is not
//! enough: the person proves their own mailbox with a one-time code sent there (10 minutes, 5
//! tries, another after 60 s, at most `sign_in.codes_per_day` a day — the sign-in codes' rules
//! and table, under a key of their own), and then becomes an employee, the seat permitting. An
//! organisation's admins may turn joining by code off. Someone not in the organisation learns
//! its name and nothing else; an unknown code, a closed organisation and a malformed code all
//! answer alike, and a person may try at most [`LOOKUPS_PER_MINUTE`] codes a minute.

use super::client_errors::Limiter;
use super::{Access, Routes};
use crate::access::member_at;
use crate::auth::{hash_token, CurrentUser};
use crate::error::AppError;
use crate::extract::Json;
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use contract::accounts::{JoinCodeRequest, JoinCodeSent, JoinRequest, JoinSetting, Joined};
use contract::ErrorCode;
use domain::accounts::{
    code_from_random, resend_wait, OrganisationCode, OtpCode, CODE_TTL_MS, RESEND_WAIT_MS,
};
use domain::roles::AccessLevel;
use domain::RuleError;
use store::entity::{organisation, user};
use store::joining::JoinOutcome;
use utoipa_axum::routes;

/// Organisation codes one person may try a minute.
pub const LOOKUPS_PER_MINUTE: u32 = 10;
/// Codes the whole process looks up a minute (also bounds the people remembered).
pub const LOOKUPS_TOTAL_PER_MINUTE: u32 = 1_000;
/// 001 §8 'Successfully joined organisation'.
pub const JOINED: &str = "Successfully joined organisation";
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The limiter the state keeps for the lookups.
pub fn limiter() -> Limiter {
    Limiter::new(LOOKUPS_PER_MINUTE, LOOKUPS_TOTAL_PER_MINUTE)
}

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::SignedIn, routes!(send_join_code))
        .add(Access::SignedIn, routes!(join_organisation))
        .add(Access::Scoped, routes!(set_join_by_code))
}

/// Where the one-time code of `user` for `org_id` is kept among the sign-in codes.
fn code_key(org_id: i64, email: &str) -> String {
    format!("join:{org_id}:{email}")
}

fn code_hash(key: &str, code: &str) -> String {
    hash_token(&format!("{key}\n{code}"))
}

/// 422 `fields.organization_code` = `organisation_code_invalid`: 'Enter valid organisation code
/// to continue' — for a malformed code, an unknown one and an organisation closed to joining.
fn invalid_code() -> AppError {
    AppError::invalid_field("organization_code", RuleError::OrganisationCodeInvalid)
}

/// The organisation a code names, when it may be joined by it; a person past their lookups is
/// told to wait.
async fn joinable(
    state: &AppState,
    user: &user::Model,
    raw: &str,
) -> Result<organisation::Model, AppError> {
    let now = state.clock.now_ms();
    if !state.join_limiter.allow(&user.id.to_string(), now) {
        return Err(AppError::new(
            ErrorCode::RateLimited,
            "too many organisation codes tried; wait a minute",
        ));
    }
    let code = OrganisationCode::parse(raw).map_err(|_| invalid_code())?;
    store::orgs::organisation_by_code(&state.store, code.as_str())
        .await?
        .filter(|o| o.join_by_code)
        .ok_or_else(invalid_code)
}

fn email_of(user: &user::Model) -> Result<String, AppError> {
    user.email.clone().ok_or_else(|| {
        AppError::new(
            ErrorCode::Forbidden,
            "an account without an e-mail address cannot join by code",
        )
    })
}

/// Already an active member: 409 `conflict`.
async fn not_yet_member(state: &AppState, user: &user::Model, org_id: i64) -> Result<(), AppError> {
    match store::orgs::membership(&state.store, org_id, user.id).await? {
        Some(m) if m.user_status == domain::accounts::ACTIVE_USER_STATUS => Err(AppError::new(
            ErrorCode::Conflict,
            "you are already a member of this organisation",
        )),
        _ => Ok(()),
    }
}

/// Sends a one-time code to the caller's own e-mail for joining the organisation whose code
/// they typed. Answers the organisation's name (all a non-member learns), where the code went,
/// and the countdowns.
#[utoipa::path(
    post,
    path = "/api/organizations/join/code",
    tag = "organisations",
    request_body = JoinCodeRequest,
    responses(
        (status = 200, description = "The code was sent", body = JoinCodeSent),
        (status = 409, description = "Already a member (`conflict`), or `seats_exhausted`: every seat of the organisation's plan is taken", body = contract::ErrorBody),
        (status = 422, description = "`fields.organization_code` = `organisation_code_invalid` (malformed, unknown, or closed to joining)", body = contract::ErrorBody),
        (status = 429, description = "`rate_limited` (a code less than 60 s ago, or too many organisation codes tried) or `daily_limit_reached`", body = contract::ErrorBody),
    )
)]
pub async fn send_join_code(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    Json(req): Json<JoinCodeRequest>,
) -> Result<Response, AppError> {
    let org = joinable(&state, &user, &req.organization_code).await?;
    not_yet_member(&state, &user, org.id).await?;
    if super::billing::seat_limit(&state, org.id).await? == 0 {
        return Err(seats_exhausted());
    }
    let email = email_of(&user)?;
    let key = code_key(org.id, &email);
    let now = state.clock.now_ms();
    let last = store::accounts::last_code_sent_at(&state.store, &key).await?;
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
        &key,
        &code_hash(&key, &code),
        now,
        CODE_TTL_MS,
        now - DAY_MS,
        u64::from(state.config.sign_in.codes_per_day),
    )
    .await?;
    if !issued {
        return Err(AppError::new(
            ErrorCode::DailyLimitReached,
            "today's codes for joining this organisation were sent; try again tomorrow",
        ));
    }
    let lang = crate::mail_texts::header_language(&headers)
        .unwrap_or_else(|| crate::mail_texts::language_of(&[user.preferred_language.as_deref()]));
    let mail = crate::mail_texts::join_code(lang, &code, &org.name);
    state.mailer.send(&state.store, now, &email, &mail).await?;
    Ok(Json(JoinCodeSent {
        org_name: org.name,
        email,
        expires_in_ms: CODE_TTL_MS,
        resend_after_ms: RESEND_WAIT_MS,
    })
    .into_response())
}

fn seats_exhausted() -> AppError {
    AppError::new(
        ErrorCode::SeatsExhausted,
        "every seat of this organisation's plan is taken; ask its admin to add seats",
    )
}

/// Checks the one-time code and makes the caller an employee of the organisation, which
/// becomes their default (the workspace switches to it): 'Successfully joined organisation'.
#[utoipa::path(
    post,
    path = "/api/organizations/join",
    tag = "organisations",
    request_body = JoinRequest,
    responses(
        (status = 200, description = "Joined", body = Joined),
        (status = 409, description = "Already a member (`conflict`), or `seats_exhausted`", body = contract::ErrorBody),
        (status = 422, description = "`fields.organization_code` = `organisation_code_invalid`; `fields.code` = `otp_invalid` ('Enter valid OTP'), `code_expired` ('Code Expired') or `code_attempts_exhausted`", body = contract::ErrorBody),
        (status = 429, description = "`rate_limited`: too many organisation codes tried", body = contract::ErrorBody),
    )
)]
pub async fn join_organisation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<JoinRequest>,
) -> Result<Json<Joined>, AppError> {
    let org = joinable(&state, &user, &req.organization_code).await?;
    let code = OtpCode::parse(&req.code).map_err(|rule| AppError::invalid_field("code", rule))?;
    let email = email_of(&user)?;
    let key = code_key(org.id, &email);
    let now = state.clock.now_ms();
    store::accounts::take_code(&state.store, &key, &code_hash(&key, code.as_str()), now)
        .await?
        .map_err(|rule| AppError::invalid_field("code", rule))?;
    let seats = super::billing::seat_limit(&state, org.id).await?;
    match store::joining::join(&state.store, org.id, user.id, seats, now).await? {
        JoinOutcome::Joined => {}
        JoinOutcome::AlreadyMember => {
            return Err(AppError::new(
                ErrorCode::Conflict,
                "you are already a member of this organisation",
            ))
        }
        JoinOutcome::SeatsFull => return Err(seats_exhausted()),
    }
    store::invitations::audit(
        state.store.conn(),
        store::invitations::OrgChange {
            org_id: org.id,
            actor_id: Some(user.id),
            action: "member_joined_by_code",
            target_user_id: Some(user.id),
            detail: serde_json::json!({}),
        },
        now,
    )
    .await?;
    Ok(Json(Joined {
        org_id: org.id,
        org_name: org.name,
        message: JOINED.to_owned(),
    }))
}

/// Lets people join the organisation by its code, or not; admins only.
#[utoipa::path(
    put,
    path = "/api/organizations/join-by-code",
    tag = "organisations",
    request_body = JoinSetting,
    responses(
        (status = 200, description = "The setting as stored", body = JoinSetting),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn set_join_by_code(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<JoinSetting>,
) -> Result<Json<JoinSetting>, AppError> {
    member_at(&state, &user, req.org_id, AccessLevel::Admin).await?;
    store::joining::set_joining(&state.store, req.org_id, req.enabled, state.clock.now_ms())
        .await?;
    Ok(Json(req))
}
