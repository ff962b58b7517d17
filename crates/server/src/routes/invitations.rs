//! Invitations (issue #25): the e-mail an added person gets — in their language (the one they
//! chose, else the inviter's), plain text and HTML, with a link to the sign-in page with their
//! address prefilled — and sending it again (`POST …/employees/resend-invitation`), at most
//! once in ten minutes and five times a day per person, each time recorded in the
//! organisation's change log.

use super::{Access, Routes};
use crate::access::{member_at, visible};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Json;
use crate::mail_texts::{self, Invitation};
use crate::state::AppState;
use crate::views;
use axum::extract::State;
use axum::http::HeaderMap;
use contract::accounts::{Employee, ResendInvitation, ResultEnvelope};
use contract::ErrorCode;
use domain::accounts::INVITED_USER_STATUS;
use domain::invitations::{invitation_resend_wait, INVITATION_RESENDS_PER_DAY};
use domain::roles::AccessLevel;
use store::entity::user;
use store::invitations::OrgChange;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new().add(Access::Scoped, routes!(resend_invitation))
}

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Sends one invitation e-mail from `inviter` to `person` for `org`.
async fn send_one(
    state: &AppState,
    org: &store::entity::organisation::Model,
    inviter: &user::Model,
    person: &user::Model,
    page_language: Option<&str>,
) -> Result<(), AppError> {
    let Some(email) = &person.email else {
        // Server-only refusals carry their code as a field value without being `RuleError`s
        // (each of those weighs on the boot wasm module; the browser never checks these).
        return Err(AppError::new(
            ErrorCode::ValidationFailed,
            "user_id: this person has no e-mail address",
        )
        .with_field("user_id", "invitation_no_email"));
    };
    let lang = mail_texts::language_of(&[
        person.preferred_language.as_deref(),
        inviter.preferred_language.as_deref(),
        page_language,
    ]);
    let link = mail_texts::invitation_link(
        &state.config.public_url,
        email,
        &org.organization_code,
        lang,
    );
    let inviter_name = inviter
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .or_else(|| inviter.email.clone())
        .unwrap_or_default();
    let mail = mail_texts::invitation(
        lang,
        &Invitation {
            org: &org.name,
            inviter: &inviter_name,
            email,
            link: &link,
        },
    );
    let now = state.clock.now_ms();
    state.mailer.send(&state.store, now, email, &mail).await
}

/// Sends each added person with an e-mail their invitation and records who invited them; a
/// failure is logged, not fatal (the employees are added either way and can sign in with a
/// code, and the invitation can be sent again).
pub async fn invite(
    state: &AppState,
    org_id: i64,
    inviter: &user::Model,
    people: &[user::Model],
    headers: &HeaderMap,
) {
    let Ok(Some(org)) = store::orgs::organisation(&state.store, org_id).await else {
        return;
    };
    let page = mail_texts::header_language(headers).map(|l| l.tag());
    let mut sent = Vec::new();
    for person in people.iter().filter(|p| p.email.is_some()) {
        match send_one(state, &org, inviter, person, page).await {
            Ok(()) => sent.push(person.id),
            Err(e) => {
                tracing::warn!(user_id = person.id, error = ?e.internal, "invitation e-mail not sent")
            }
        }
    }
    let now = state.clock.now_ms();
    let unsent: Vec<i64> = people
        .iter()
        .map(|p| p.id)
        .filter(|id| !sent.contains(id))
        .collect();
    for (ids, at) in [(sent, Some(now)), (unsent, None)] {
        if let Err(e) =
            store::invitations::mark_invited(&state.store, org_id, &ids, inviter.id, at).await
        {
            tracing::warn!(error = %e, "invitations not recorded");
        }
    }
}

/// Sends an invited member their invitation again (admins; managers for the people they see).
/// 409 `conflict` with `fields.user_id` = `invitation_already_accepted` once they joined; 422
/// `invitation_no_email` for a person known only by phone; 429 `rate_limited` within ten
/// minutes of the last invitation, `daily_limit_reached` after five resends in 24 hours.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/employees/resend-invitation",
    tag = "employees",
    request_body = ResendInvitation,
    responses(
        (status = 200, description = "Sent; the member as stored", body = ResultEnvelope<Employee>),
        (status = 403, description = "An employee", body = contract::ErrorBody),
        (status = 404, description = "Not a member; or a person the caller does not see", body = contract::ErrorBody),
        (status = 409, description = "`fields.user_id` = invitation_already_accepted", body = contract::ErrorBody),
        (status = 422, description = "`fields.user_id` = invitation_no_email", body = contract::ErrorBody),
        (status = 429, description = "`rate_limited` (ten minutes between invitations) or `daily_limit_reached` (five resends a day)", body = contract::ErrorBody),
        (status = 502, description = "`upstream_failed`: the e-mail could not be sent", body = contract::ErrorBody),
    )
)]
pub async fn resend_invitation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    Json(req): Json<ResendInvitation>,
) -> Result<Json<ResultEnvelope<Employee>>, AppError> {
    let me = member_at(&state, &user, req.org_id, AccessLevel::Manager).await?;
    let records = store::orgs::employees(&state.store, req.org_id, None).await?;
    let record = visible(&me, &user, records, false)
        .into_iter()
        .find(|r| r.user.id == req.user_id)
        .ok_or_else(AppError::not_found)?;
    if record.membership.user_status != INVITED_USER_STATUS {
        return Err(
            AppError::new(ErrorCode::Conflict, "this person has already joined")
                .with_field("user_id", "invitation_already_accepted"),
        );
    }
    let now = state.clock.now_ms();
    if let Some(wait) = invitation_resend_wait(now, record.membership.invitation_sent_at) {
        return Err(AppError::new(
            ErrorCode::RateLimited,
            format!(
                "wait {} s before sending this invitation again",
                (wait + 999) / 1000
            ),
        ));
    }
    let resent = store::invitations::audited_since(
        &state.store,
        req.org_id,
        req.user_id,
        "invitation_resent",
        now - DAY_MS,
    )
    .await?;
    if resent >= INVITATION_RESENDS_PER_DAY {
        return Err(AppError::new(
            ErrorCode::DailyLimitReached,
            format!("this invitation was sent again {INVITATION_RESENDS_PER_DAY} times in the last 24 hours"),
        ));
    }
    let org = store::orgs::organisation(&state.store, req.org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let page = mail_texts::header_language(&headers).map(|l| l.tag());
    send_one(&state, &org, &user, &record.user, page).await?;
    store::invitations::mark_invited(&state.store, req.org_id, &[req.user_id], user.id, Some(now))
        .await?;
    store::invitations::audit(
        state.store.conn(),
        OrgChange {
            org_id: req.org_id,
            actor_id: Some(user.id),
            action: "invitation_resent",
            target_user_id: Some(req.user_id),
            detail: serde_json::json!({ "email": record.user.email }),
        },
        now,
    )
    .await?;
    tracing::info!(
        org_id = req.org_id,
        user_id = req.user_id,
        by = user.id,
        "invitation sent again"
    );
    let record = store::orgs::employee(&state.store, req.org_id, req.user_id).await?;
    Ok(Json(ResultEnvelope::ok(views::employee(&record))))
}
