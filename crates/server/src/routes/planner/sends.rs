//! The extension's side of scheduled messages: it claims due sends under a lease and reports
//! each, and the schedule's next send is made.

use super::schedules::{schedule_attachment, schedule_of, send_view};
use super::{utc, MISSED_AFTER_MS};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Json;
use crate::extract::Path;
use crate::state::AppState;
use crate::views::rfc3339;
use crate::workspace::PERSONAL;
use axum::extract::State;
use contract::manage::{ClaimAnswer, ClaimRequest, ClaimedSend, ScheduleSend, SendReport};
use contract::ErrorCode;
use domain::RuleError;
use store::entity::manage::schedule;

/// After send `occurrence` ended at `now`: the next send (the first occurrence after now, so
/// occurrences passed while no browser was open are not queued up), or the schedule finished.
async fn advance(
    state: &AppState,
    row: &schedule::Model,
    occurrence: i32,
    now: i64,
) -> Result<(), AppError> {
    let schedule = schedule_of(row)?;
    let from = u32::try_from(occurrence + 1).unwrap_or(u32::MAX);
    match schedule.first_after(utc(now), from) {
        Some(next) => {
            store::manage::add_send(
                &state.store,
                row.id,
                row.owner_id,
                i32::try_from(next.index).unwrap_or(i32::MAX),
                next.at.timestamp_millis(),
            )
            .await?;
        }
        None => {
            let mut done = row.clone();
            done.status = "finished".into();
            done.updated_at = now;
            store::manage::update_schedule(&state.store, done).await?;
        }
    }
    Ok(())
}

/// The extension claims the caller's sends that are due (001 §3 scheduled messages; the
/// extension sends, the server never does): each is the caller's alone until `lease_until`
/// (two claimers never get the same send while its lease lives; an unreported one is handed
/// out again after it). On the way, sends overdue by more than 10 minutes are marked missed
/// for schedules that skip them, and sends whose contact wrote since the schedule was made are
/// cancelled for schedules that ask for it. Only the caller's own workspace's schedules and
/// those of organisations they are still an active member of are claimed.
#[utoipa::path(
    post,
    path = "/api/v2/schedules/claim",
    tag = "manage",
    request_body = ClaimRequest,
    responses(
        (status = 200, description = "The sends to make now", body = ClaimAnswer),
        (status = 401, description = "Not signed in", body = contract::ErrorBody),
    )
)]
pub async fn claim_sends(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<ClaimRequest>,
) -> Result<Json<ClaimAnswer>, AppError> {
    let now = state.clock.now_ms();
    let late_before = now - MISSED_AFTER_MS;
    let mut missed = 0;
    for s in store::manage::overdue_skips(&state.store, user.id, late_before).await? {
        let done = store::manage::finish_send(
            &state.store,
            user.id,
            s.id,
            store::manage::SendHolder::Due,
            "missed",
            None,
            now,
        )
        .await?;
        if done.is_some() {
            missed += 1;
            if let Some(row) =
                store::manage::schedule_of_owner(&state.store, user.id, s.schedule_id).await?
            {
                advance(&state, &row, s.occurrence, now).await?;
            }
        }
    }
    let limit = req.limit.unwrap_or(50).clamp(1, 500);
    let lease_ms = i64::from(req.lease_seconds.unwrap_or(120).clamp(10, 600)) * 1000;
    let token = uuid::Uuid::new_v4().simple().to_string();
    let claimed = store::manage::claim_sends(
        &state.store,
        user.id,
        now,
        now + lease_ms,
        late_before,
        &token,
        limit,
    )
    .await?;
    let ids: Vec<i64> = claimed.iter().map(|s| s.schedule_id).collect();
    let schedules: std::collections::HashMap<i64, schedule::Model> =
        store::manage::schedules_by_ids(&state.store, user.id, &ids)
            .await?
            .into_iter()
            .map(|r| (r.id, r))
            .collect();
    let mut sends = Vec::with_capacity(claimed.len());
    let mut cancelled = 0;
    for s in claimed {
        let Some(row) = schedules.get(&s.schedule_id) else {
            continue;
        };
        if row.message.trim().is_empty() && row.attachment_key.is_none() {
            // Made to carry a file that never arrived: nothing to send, said so in its sends.
            let done = store::manage::finish_send(
                &state.store,
                user.id,
                s.id,
                store::manage::SendHolder::Claim(&token),
                "failed",
                Some("nothing to send: the file never arrived"),
                now,
            )
            .await?;
            if done.is_some() {
                advance(&state, row, s.occurrence, now).await?;
            }
            continue;
        }
        if row.cancel_if_replied && row.org_id != PERSONAL {
            let digits: String = row.recipient.chars().filter(char::is_ascii_digit).collect();
            let replied = store::manage::contact_wrote_since(
                &state.store,
                row.org_id,
                user.id,
                &digits,
                row.created_at,
            )
            .await?;
            if replied {
                let done = store::manage::finish_send(
                    &state.store,
                    user.id,
                    s.id,
                    store::manage::SendHolder::Claim(&token),
                    "cancelled",
                    Some("the contact replied"),
                    now,
                )
                .await?;
                if done.is_some() {
                    cancelled += 1;
                    advance(&state, row, s.occurrence, now).await?;
                }
                continue;
            }
        }
        sends.push(ClaimedSend {
            send_id: s.id,
            claim_token: token.clone(),
            schedule_id: s.schedule_id,
            recipient: row.recipient.clone(),
            message: row.message.clone(),
            attachment: schedule_attachment(row),
            due_at: rfc3339(s.due_at).unwrap_or_default(),
            late: s.late,
            lease_until: rfc3339(now + lease_ms).unwrap_or_default(),
        });
    }
    Ok(Json(ClaimAnswer {
        sends,
        missed,
        cancelled,
    }))
}

/// The extension reports a claimed send (`sent` or `failed`): a sent one counts in the
/// scheduler analytics; either way the schedule's next send is made. 409 `conflict` when the
/// send is no longer the caller's (its lease ended and it was claimed again, or it was
/// reported already); 404 when it is not the caller's, or its schedule is an organisation's
/// the caller is no longer an active member of.
#[utoipa::path(
    post,
    path = "/api/v2/schedules/sends/{id}/report",
    tag = "manage",
    params(("id" = i64, Path, description = "The send")),
    request_body = SendReport,
    responses(
        (status = 200, description = "The send as recorded", body = ScheduleSend),
        (status = 404, description = "Not the caller's send", body = contract::ErrorBody),
        (status = 409, description = "No longer held by this claim", body = contract::ErrorBody),
        (status = 422, description = "`fields.status`", body = contract::ErrorBody),
    )
)]
pub async fn report_send(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<SendReport>,
) -> Result<Json<ScheduleSend>, AppError> {
    let status = match req.status.as_str() {
        s @ ("sent" | "failed") => s,
        _ => return Err(AppError::invalid_field("status", RuleError::FieldsRequired)),
    };
    // Only while the caller may still send its schedule: a member removed from the
    // organisation no longer reports (nor claims) its sends.
    store::manage::sendable_send_of(&state.store, user.id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let now = state.clock.now_ms();
    let error: Option<String> = req.error.as_deref().map(|e| e.chars().take(500).collect());
    let done = store::manage::finish_send(
        &state.store,
        user.id,
        id,
        store::manage::SendHolder::Claim(&req.claim_token),
        status,
        error.as_deref(),
        now,
    )
    .await?
    .ok_or_else(|| {
        AppError::new(
            ErrorCode::Conflict,
            "this send is no longer held by this claim",
        )
    })?;
    if let Some(row) =
        store::manage::schedule_of_owner(&state.store, user.id, done.schedule_id).await?
    {
        if status == "sent" && row.org_id != PERSONAL {
            store::analytics::insert_usage(
                &state.store,
                row.org_id,
                store::analytics::UsageKind::Scheduler,
                &[domain::events::UsageEvent {
                    event_id: format!("send-{id}"),
                    user_id: user.id,
                    occurred_at: now,
                }],
                now,
            )
            .await?;
        }
        advance(&state, &row, done.occurrence, now).await?;
    }
    Ok(Json(send_view(&done)))
}
