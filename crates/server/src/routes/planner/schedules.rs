//! Scheduled messages: their fields, their file, and their latest sends as the screen lists them.

use super::RECENT_SENDS;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::manage::{attach_upload, detach, forget_file, org_param, serve_attachment, Attached};
use crate::state::AppState;
use crate::views::rfc3339;
use crate::workspace::{within_quota, workspace, Kept, Workspace};
use axum::extract::{Request, State};
use axum::response::Response;
use contract::accounts::ResultEnvelope;
use contract::manage::{
    AttachmentQuery, ManageQuery, ScheduleRequest, ScheduleSend, ScheduledMessage,
};
use domain::recurrence::{schedule_from, RepeatUnit, Schedule};
use domain::RuleError;
use store::entity::manage::{schedule, send};

fn unit_of(row: &schedule::Model) -> Option<RepeatUnit> {
    row.unit.as_deref().and_then(|u| RepeatUnit::parse(u).ok())
}

/// The domain's schedule of a stored row.
pub(super) fn schedule_of(row: &schedule::Model) -> Result<Schedule, AppError> {
    schedule_from(
        &row.start_local,
        &row.time_zone,
        row.every.and_then(|e| u32::try_from(e).ok()),
        unit_of(row),
        row.stop_after.and_then(|n| u32::try_from(n).ok()),
    )
    .map_err(AppError::internal)
}

pub(super) fn send_view(s: &send::Model) -> ScheduleSend {
    ScheduleSend {
        id: s.id,
        occurrence: u32::try_from(s.occurrence).unwrap_or(0),
        due_at: rfc3339(s.due_at).unwrap_or_default(),
        status: s.status.clone(),
        late: s.late,
        error: s.error.clone(),
    }
}

pub(super) fn schedule_attachment(
    row: &schedule::Model,
) -> Option<contract::manage::AttachmentInfo> {
    row.info(format!(
        "/api/manage/schedules/{}/attachment{}",
        row.id,
        org_param(row.org_id)
    ))
}

fn schedule_view(row: &schedule::Model, sends: &[&send::Model]) -> ScheduledMessage {
    let count = |st: &str| sends.iter().filter(|s| s.status == st).count() as u32;
    let next = sends
        .iter()
        .filter(|s| s.status == "due" || s.status == "claimed")
        .map(|s| s.due_at)
        .min();
    ScheduledMessage {
        id: row.id,
        recipient: row.recipient.clone(),
        message: row.message.clone(),
        attachment: schedule_attachment(row),
        start: row.start_local.clone(),
        time_zone: row.time_zone.clone(),
        every: row.every.and_then(|e| u32::try_from(e).ok()),
        unit: unit_of(row),
        stop_after: row.stop_after.and_then(|n| u32::try_from(n).ok()),
        missed_policy: row.missed_policy.clone(),
        cancel_if_replied: row.cancel_if_replied,
        status: row.status.clone(),
        next_send_at: next.and_then(rfc3339),
        sent: count("sent"),
        failed: count("failed"),
        missed: count("missed"),
        recent: sends
            .iter()
            .take(RECENT_SENDS)
            .map(|s| send_view(s))
            .collect(),
    }
}

async fn schedule_answer(
    state: &AppState,
    row: &schedule::Model,
) -> Result<ScheduledMessage, AppError> {
    let sends = store::manage::sends_of(&state.store, &[row.id]).await?;
    let refs: Vec<&send::Model> = sends.iter().collect();
    Ok(schedule_view(row, &refs))
}

async fn schedule_list(
    state: &AppState,
    ws: &Workspace,
) -> Result<ResultEnvelope<Vec<ScheduledMessage>>, AppError> {
    let rows = ws.rows::<schedule::Entity>(state, ws.own()).await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let sends = store::manage::sends_of(&state.store, &ids).await?;
    Ok(ResultEnvelope::ok(
        rows.iter()
            .map(|r| {
                let mine: Vec<&send::Model> =
                    sends.iter().filter(|s| s.schedule_id == r.id).collect();
                schedule_view(r, &mine)
            })
            .collect(),
    ))
}

/// The domain's `scheduled_message` rule, its code under the field it is about.
fn checked_schedule(
    req: &ScheduleRequest,
    has_attachment: bool,
    now: i64,
) -> Result<domain::manage::ScheduledMessageDraft, AppError> {
    domain::manage::scheduled_message(&domain::manage::ScheduledMessageInput {
        recipient: req.recipient.clone(),
        message: req.message.clone(),
        has_attachment: Some(has_attachment),
        start: req.start.clone(),
        time_zone: req.time_zone.clone(),
        every: req.every,
        unit: req.unit,
        stop_after: req.stop_after,
        now_ms: now,
    })
    .map_err(|rule| {
        let field = match rule {
            RuleError::PhoneInvalid
            | RuleError::PhoneCountryCodeMissing
            | RuleError::PhoneRequired => "recipient",
            RuleError::MessageAndUploadEmpty | RuleError::QuickReplyMessageInvalid => "message",
            RuleError::RepeatInvalid => "repeat",
            RuleError::UnknownTimeZone => "time_zone",
            _ => "start",
        };
        AppError::invalid_field(field, rule)
    })
}

fn missed_policy(raw: Option<&str>) -> Result<String, AppError> {
    match raw.unwrap_or("send_late") {
        p @ ("send_late" | "skip") => Ok(p.to_owned()),
        _ => Err(AppError::invalid_field(
            "missed_policy",
            RuleError::FieldsRequired,
        )),
    }
}

/// The caller's scheduled messages in the workspace, newest first, with their sends.
#[utoipa::path(
    get,
    path = "/api/manage/schedules",
    tag = "manage",
    params(ManageQuery),
    responses(
        (status = 200, description = "The scheduled messages", body = ResultEnvelope<Vec<ScheduledMessage>>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn list_schedules(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ResultEnvelope<Vec<ScheduledMessage>>>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    Ok(Json(schedule_list(&state, &ws).await?))
}

/// Schedules a message ('Invalid phone number. Phone numbers need a country code.', 'Message
/// and Upload can't be empty' — a file may follow: an empty message is kept only with one —,
/// 'Time has already passed'); its first send is due at `start` in `time_zone`.
#[utoipa::path(
    post,
    path = "/api/manage/schedules",
    tag = "manage",
    request_body = ScheduleRequest,
    responses(
        (status = 200, description = "Scheduled", body = ScheduledMessage),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.recipient` / `message` / `start` / `repeat` / `time_zone` / `missed_policy`", body = contract::ErrorBody),
    )
)]
pub async fn create_schedule(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<ScheduleRequest>,
) -> Result<Json<ScheduledMessage>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let now = state.clock.now_ms();
    let draft = checked_schedule(&req, req.has_attachment.unwrap_or(false), now)?;
    within_quota(&state, &ws, Kept::Schedules).await?;
    let zone = domain::zones::time_zone(&domain::zones::TimeZoneInput {
        name: req.time_zone.clone(),
    })
    .map_err(|r| AppError::invalid_field("time_zone", r))?;
    let row = store::manage::insert_schedule(
        &state.store,
        schedule::Model {
            id: 0,
            org_id: ws.org_id,
            owner_id: ws.user_id,
            recipient: draft.recipient,
            message: draft.message,
            start_local: domain::recurrence::parse_local(&req.start)
                .map(domain::recurrence::format_local)
                .map_err(|r| AppError::invalid_field("start", r))?,
            time_zone: zone.0,
            every: req.unit.and(req.every.or(Some(1))).map(|e| e as i32),
            unit: req.unit.map(|u| u.code().to_owned()),
            stop_after: req.unit.and(req.stop_after).map(|n| n as i32),
            missed_policy: missed_policy(req.missed_policy.as_deref())?,
            cancel_if_replied: req.cancel_if_replied.unwrap_or(false),
            status: "active".into(),
            created_at: now,
            updated_at: now,
            attachment_key: None,
            attachment_name: None,
            attachment_type: None,
            attachment_size: None,
        },
        draft.first_ms,
    )
    .await?;
    Ok(Json(schedule_answer(&state, &row).await?))
}

/// Changes a scheduled message. A new time (start, zone or repeat) replaces its pending send by
/// the new first one, which must be in the future; the same time keeps the pending send.
#[utoipa::path(
    put,
    path = "/api/manage/schedules/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The schedule")),
    request_body = ScheduleRequest,
    responses(
        (status = 200, description = "Changed", body = ScheduledMessage),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
        (status = 422, description = "As when scheduling", body = contract::ErrorBody),
    )
)]
pub async fn update_schedule(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<ScheduleRequest>,
) -> Result<Json<ScheduledMessage>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let mut row = ws.row::<schedule::Entity>(&state, ws.own(), id).await?;
    let now = state.clock.now_ms();
    let start_local = domain::recurrence::parse_local(&req.start)
        .map(domain::recurrence::format_local)
        .map_err(|r| AppError::invalid_field("start", r))?;
    let every = req.unit.and(req.every.or(Some(1))).map(|e| e as i32);
    let unit = req.unit.map(|u| u.code().to_owned());
    let stop_after = req.unit.and(req.stop_after).map(|n| n as i32);
    // The same timing keeps the pending send (its first may be past); a new one must come.
    let retimed = start_local != row.start_local
        || req.time_zone.trim() != row.time_zone
        || every != row.every
        || unit != row.unit
        || stop_after != row.stop_after
        || row.status != "active";
    let has_file = row.attachment_key.is_some() || req.has_attachment.unwrap_or(false);
    let draft = checked_schedule(&req, has_file, if retimed { now } else { i64::MIN })?;
    let zone = domain::zones::time_zone(&domain::zones::TimeZoneInput {
        name: req.time_zone.clone(),
    })
    .map_err(|r| AppError::invalid_field("time_zone", r))?;
    row.recipient = draft.recipient;
    row.message = draft.message;
    row.start_local = start_local;
    row.time_zone = zone.0;
    row.every = every;
    row.unit = unit;
    row.stop_after = stop_after;
    row.missed_policy = missed_policy(req.missed_policy.as_deref())?;
    row.cancel_if_replied = req.cancel_if_replied.unwrap_or(false);
    row.status = "active".into();
    row.updated_at = now;
    let row = if retimed {
        store::manage::reschedule(&state.store, row, draft.first_ms).await?
    } else {
        store::manage::update_schedule(&state.store, row).await?
    };
    Ok(Json(schedule_answer(&state, &row).await?))
}

/// Deletes a scheduled message, its sends and its file.
#[utoipa::path(
    delete,
    path = "/api/manage/schedules/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The schedule"), ManageQuery),
    responses(
        (status = 200, description = "The scheduled messages left", body = ResultEnvelope<Vec<ScheduledMessage>>),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
    )
)]
pub async fn delete_schedule(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ResultEnvelope<Vec<ScheduledMessage>>>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = ws.row::<schedule::Entity>(&state, ws.own(), id).await?;
    store::manage::delete_schedule(&state.store, ws.org_id, ws.user_id, id).await?;
    forget_file(&state, row.attachment_key.as_deref()).await;
    Ok(Json(schedule_list(&state, &ws).await?))
}

/// Attaches a file to a scheduled message (at most 16 MiB), replacing the one it had.
#[utoipa::path(
    post,
    path = "/api/manage/schedules/{id}/attachment",
    tag = "manage",
    params(("id" = i64, Path, description = "The schedule"), AttachmentQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream"),
    responses(
        (status = 200, description = "The schedule with its file", body = ScheduledMessage),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
        (status = 422, description = "`fields.file` = attachment_too_large", body = contract::ErrorBody),
    )
)]
pub async fn upload_schedule_attachment(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<AttachmentQuery>,
    req: Request,
) -> Result<Json<ScheduledMessage>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = ws.row::<schedule::Entity>(&state, ws.own(), id).await?;
    attach_upload(&state, &ws, &row, &q.name, req).await?;
    schedule_reread(&state, &ws, id).await
}

/// A schedule as it is now, answered.
async fn schedule_reread(
    state: &AppState,
    ws: &Workspace,
    id: i64,
) -> Result<Json<ScheduledMessage>, AppError> {
    let row = ws.row::<schedule::Entity>(state, ws.own(), id).await?;
    Ok(Json(schedule_answer(state, &row).await?))
}

/// The scheduled message's file (the extension downloads it to send).
#[utoipa::path(
    get,
    path = "/api/manage/schedules/{id}/attachment",
    tag = "manage",
    params(("id" = i64, Path, description = "The schedule"), ManageQuery),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 404, description = "Not a member, not the caller's, or no file", body = contract::ErrorBody),
    )
)]
pub async fn download_schedule_attachment(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Response, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = ws.row::<schedule::Entity>(&state, ws.own(), id).await?;
    serve_attachment(&state, &row).await
}

/// Removes a scheduled message's file (one without text then needs one: 422 `fields.message`).
#[utoipa::path(
    delete,
    path = "/api/manage/schedules/{id}/attachment",
    tag = "manage",
    params(("id" = i64, Path, description = "The schedule"), ManageQuery),
    responses(
        (status = 200, description = "The schedule without a file", body = ScheduledMessage),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
        (status = 422, description = "`fields.message` = message_and_upload_empty", body = contract::ErrorBody),
    )
)]
pub async fn remove_schedule_attachment(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ScheduledMessage>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = ws.row::<schedule::Entity>(&state, ws.own(), id).await?;
    detach(&state, &ws, &row, RuleError::MessageAndUploadEmpty).await?;
    schedule_reread(&state, &ws, id).await
}
