//! Follow-ups and scheduled messages (001 §2 reminders and notifications, §3, §4, §5 'Please
//! enter a title', 'Time has already passed', 'Message and Upload can't be empty'; issue #18).
//!
//! The extension sends messages; the server never does. A schedule keeps one pending send at a
//! time: the extension claims due sends with a lease (`POST /api/v2/schedules/claim`), reports
//! each one, and the next is made from the domain's recurrence in the schedule's zone. A send
//! overdue by more than [`MISSED_AFTER_MS`] is skipped as missed (policy `skip`) or handed out
//! marked late (policy `send_late`); one whose contact wrote since the schedule was made is
//! cancelled when the schedule asks for it.

use super::{Access, Routes};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::manage::{
    forget_file, org_param, serve_attachment, store_upload, swap_attachment, within_quota,
    workspace, Attached, AttachedTable, Kept, Workspace, PERSONAL,
};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::{Path, Request, State};
use axum::response::Response;
use chrono::{DateTime, Utc};
use contract::accounts::ResultEnvelope;
use contract::manage::{
    AttachmentQuery, ClaimAnswer, ClaimRequest, ClaimedSend, FollowUp, FollowUpBoard,
    FollowUpRequest, ManageQuery, NotificationSettings, ScheduleRequest, ScheduleSend,
    ScheduledMessage, SendReport,
};
use contract::ErrorCode;
use domain::manage::{follow_up_state, FollowUpState, Priority};
use domain::recurrence::{schedule_from, Recurrence, RepeatUnit, Schedule};
use domain::RuleError;
use store::entity::manage::{follow_up, schedule, send};
use utoipa_axum::routes;

/// A due send not claimed within this long is late (policy `send_late`) or missed (`skip`).
pub const MISSED_AFTER_MS: i64 = 10 * 60 * 1000;
/// The latest sends shown per schedule.
const RECENT_SENDS: usize = 10;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(follow_up_board))
        .add(Access::Scoped, routes!(create_follow_up))
        .add(Access::Scoped, routes!(update_follow_up))
        .add(Access::Scoped, routes!(complete_follow_up))
        .add(Access::Scoped, routes!(complete_all_follow_ups))
        .add(Access::Scoped, routes!(delete_follow_up))
        .add(Access::SignedIn, routes!(notification_settings))
        .add(Access::SignedIn, routes!(set_notification_settings))
        .add(Access::Scoped, routes!(list_schedules))
        .add(Access::Scoped, routes!(create_schedule))
        .add(Access::Scoped, routes!(update_schedule))
        .add(Access::Scoped, routes!(delete_schedule))
        .add(Access::Scoped, routes!(upload_schedule_attachment))
        .add(Access::Scoped, routes!(download_schedule_attachment))
        .add(Access::Scoped, routes!(remove_schedule_attachment))
        .add_extension(Access::SignedIn, routes!(claim_sends))
        .add_extension(Access::Scoped, routes!(report_send))
}

fn utc(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or_default()
}

// ---- Follow-ups ----

fn follow_up_view(f: &follow_up::Model, now: i64) -> FollowUp {
    FollowUp {
        id: f.id,
        title: f.title.clone(),
        notes: f.notes.clone(),
        contact: f.contact.clone(),
        due_at: rfc3339(f.due_at).unwrap_or_default(),
        due_local: f.due_local.clone(),
        time_zone: f.time_zone.clone(),
        priority: Priority::parse(&f.priority).unwrap_or_default(),
        amount: f.amount.clone(),
        recurrence: Recurrence::parse(&f.recurrence).unwrap_or_default(),
        state: follow_up_state(utc(f.due_at), f.completed_at.is_some(), utc(now)),
        completed_at: f.completed_at.and_then(rfc3339),
    }
}

async fn follow_up_list(state: &AppState, ws: &Workspace) -> Result<FollowUpBoard, AppError> {
    let now = state.clock.now_ms();
    let rows = store::manage::follow_ups(&state.store, ws.org_id, ws.user_id).await?;
    let mut out = FollowUpBoard {
        pending: Vec::new(),
        upcoming: Vec::new(),
        completed: Vec::new(),
    };
    for f in &rows {
        let v = follow_up_view(f, now);
        match v.state {
            FollowUpState::Pending => out.pending.push(v),
            FollowUpState::Upcoming => out.upcoming.push(v),
            FollowUpState::Completed => out.completed.push(v),
        }
    }
    out.completed
        .sort_by(|a, b| b.completed_at.cmp(&a.completed_at));
    out.completed.truncate(50);
    Ok(out)
}

/// The domain's `follow_up` rule, its code under the field it is about.
fn checked_follow_up(
    req: &FollowUpRequest,
    now: i64,
    check_past: bool,
) -> Result<domain::manage::FollowUpDraft, AppError> {
    domain::manage::follow_up(&domain::manage::FollowUpInput {
        title: req.title.clone(),
        due: req.due.clone(),
        time_zone: req.time_zone.clone(),
        amount: req.amount.clone(),
        recurrence: req.recurrence,
        now_ms: now,
        check_past: Some(check_past),
    })
    .map_err(|rule| {
        let field = match rule {
            RuleError::TitleRequired => "title",
            RuleError::AmountInvalid => "amount",
            RuleError::UnknownTimeZone => "time_zone",
            _ => "due",
        };
        AppError::invalid_field(field, rule)
    })
}

fn clean_contact(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim)
        .filter(|c| !c.is_empty())
        .map(|c| c.chars().take(64).collect())
}

/// The caller's follow-ups: Pending (due), Upcoming and the latest 50 Completed (001 §4).
#[utoipa::path(
    get,
    path = "/api/manage/follow-ups",
    tag = "manage",
    params(ManageQuery),
    responses(
        (status = 200, description = "The follow-ups by state", body = FollowUpBoard),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn follow_up_board(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<FollowUpBoard>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    Ok(Json(follow_up_list(&state, &ws).await?))
}

/// Creates a follow-up ('Please enter a title', 'Time has already passed').
#[utoipa::path(
    post,
    path = "/api/manage/follow-ups",
    tag = "manage",
    request_body = FollowUpRequest,
    responses(
        (status = 200, description = "The follow-ups by state", body = FollowUpBoard),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.title` / `fields.due` / `fields.amount` / `fields.time_zone`", body = contract::ErrorBody),
    )
)]
pub async fn create_follow_up(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<FollowUpRequest>,
) -> Result<Json<FollowUpBoard>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let now = state.clock.now_ms();
    let draft = checked_follow_up(&req, now, true)?;
    within_quota(&state, &ws, Kept::FollowUps).await?;
    let zone = domain::zones::time_zone(&domain::zones::TimeZoneInput {
        name: req.time_zone.clone(),
    })
    .map_err(|r| AppError::invalid_field("time_zone", r))?;
    store::manage::insert_follow_up(
        &state.store,
        follow_up::Model {
            id: 0,
            org_id: ws.org_id,
            owner_id: ws.user_id,
            contact: clean_contact(req.contact.as_deref()),
            title: draft.title,
            notes: req
                .notes
                .clone()
                .unwrap_or_default()
                .chars()
                .take(5_000)
                .collect(),
            due_at: draft.due_ms,
            due_local: domain::recurrence::format_local(
                domain::recurrence::parse_local(&req.due)
                    .map_err(|r| AppError::invalid_field("due", r))?,
            ),
            time_zone: zone.0,
            priority: req.priority.unwrap_or_default().code().to_owned(),
            amount: draft.amount,
            recurrence: req.recurrence.unwrap_or_default().code().to_owned(),
            completed_at: None,
            created_at: now,
            updated_at: now,
        },
    )
    .await?;
    Ok(Json(follow_up_list(&state, &ws).await?))
}

/// Changes a follow-up (a new time must be in the future; an unchanged overdue one may stay).
#[utoipa::path(
    put,
    path = "/api/manage/follow-ups/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The follow-up")),
    request_body = FollowUpRequest,
    responses(
        (status = 200, description = "The follow-ups by state", body = FollowUpBoard),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
        (status = 422, description = "`fields.title` / `fields.due` / `fields.amount`", body = contract::ErrorBody),
    )
)]
pub async fn update_follow_up(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<FollowUpRequest>,
) -> Result<Json<FollowUpBoard>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let mut row = store::manage::follow_up(&state.store, ws.org_id, ws.user_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let now = state.clock.now_ms();
    let moved = {
        let local = domain::recurrence::parse_local(&req.due)
            .map(domain::recurrence::format_local)
            .unwrap_or_default();
        local != row.due_local || req.time_zone.trim() != row.time_zone
    };
    let draft = checked_follow_up(&req, now, moved)?;
    row.title = draft.title;
    row.due_at = draft.due_ms;
    if moved {
        row.due_local = domain::recurrence::parse_local(&req.due)
            .map(domain::recurrence::format_local)
            .map_err(|r| AppError::invalid_field("due", r))?;
        row.time_zone = req.time_zone.trim().to_owned();
    }
    row.notes = req
        .notes
        .clone()
        .unwrap_or_default()
        .chars()
        .take(5_000)
        .collect();
    row.contact = clean_contact(req.contact.as_deref());
    row.priority = req.priority.unwrap_or_default().code().to_owned();
    row.amount = draft.amount;
    row.recurrence = req.recurrence.unwrap_or_default().code().to_owned();
    row.updated_at = now;
    store::manage::update_follow_up(&state.store, row).await?;
    Ok(Json(follow_up_list(&state, &ws).await?))
}

/// Ticks one follow-up; a recurring one gets its next occurrence (the first after now, DST-
/// exact in its zone) as a new follow-up.
async fn complete(state: &AppState, row: follow_up::Model, now: i64) -> Result<(), AppError> {
    if row.completed_at.is_some() {
        return Ok(());
    }
    let recurrence = Recurrence::parse(&row.recurrence).unwrap_or_default();
    if let Some(repeat) = recurrence.repeat() {
        let schedule = schedule_from(
            &row.due_local,
            &row.time_zone,
            Some(repeat.every),
            Some(repeat.unit),
            None,
        )
        .map_err(AppError::internal)?;
        if let Some(next) = schedule.first_after(utc(now.max(row.due_at)), 1) {
            store::manage::insert_follow_up(
                &state.store,
                follow_up::Model {
                    id: 0,
                    due_at: next.at.timestamp_millis(),
                    due_local: domain::recurrence::format_local(next.local),
                    completed_at: None,
                    created_at: now,
                    updated_at: now,
                    ..row.clone()
                },
            )
            .await?;
        }
    }
    let mut done = row;
    done.completed_at = Some(now);
    done.updated_at = now;
    store::manage::update_follow_up(&state.store, done).await?;
    Ok(())
}

/// Marks one follow-up complete (001 §4 'ticked individually').
#[utoipa::path(
    post,
    path = "/api/manage/follow-ups/{id}/complete",
    tag = "manage",
    params(("id" = i64, Path, description = "The follow-up"), ManageQuery),
    responses(
        (status = 200, description = "The follow-ups by state", body = FollowUpBoard),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
    )
)]
pub async fn complete_follow_up(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<FollowUpBoard>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = store::manage::follow_up(&state.store, ws.org_id, ws.user_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    complete(&state, row, state.clock.now_ms()).await?;
    Ok(Json(follow_up_list(&state, &ws).await?))
}

/// Marks every pending follow-up complete (001 §4 'mark all complete').
#[utoipa::path(
    post,
    path = "/api/manage/follow-ups/complete-all",
    tag = "manage",
    params(ManageQuery),
    responses(
        (status = 200, description = "The follow-ups by state", body = FollowUpBoard),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn complete_all_follow_ups(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<FollowUpBoard>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let now = state.clock.now_ms();
    for row in store::manage::follow_ups(&state.store, ws.org_id, ws.user_id).await? {
        if row.completed_at.is_none() && row.due_at <= now {
            complete(&state, row, now).await?;
        }
    }
    Ok(Json(follow_up_list(&state, &ws).await?))
}

/// Deletes a follow-up.
#[utoipa::path(
    delete,
    path = "/api/manage/follow-ups/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The follow-up"), ManageQuery),
    responses(
        (status = 200, description = "The follow-ups by state", body = FollowUpBoard),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
    )
)]
pub async fn delete_follow_up(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<FollowUpBoard>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    if store::manage::delete_follow_up(&state.store, ws.org_id, ws.user_id, id).await? == 0 {
        return Err(AppError::not_found());
    }
    Ok(Json(follow_up_list(&state, &ws).await?))
}

/// The caller's notification settings (001 §4: on or off, sound on or off).
#[utoipa::path(
    get,
    path = "/api/manage/notifications",
    tag = "manage",
    responses((status = 200, description = "The settings", body = NotificationSettings))
)]
pub async fn notification_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<NotificationSettings>, AppError> {
    let (enabled, sound) = store::manage::preferences(&state.store, user.id).await?;
    Ok(Json(NotificationSettings { enabled, sound }))
}

/// Changes the caller's notification settings.
#[utoipa::path(
    put,
    path = "/api/manage/notifications",
    tag = "manage",
    request_body = NotificationSettings,
    responses((status = 200, description = "The settings", body = NotificationSettings))
)]
pub async fn set_notification_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<NotificationSettings>,
) -> Result<Json<NotificationSettings>, AppError> {
    store::manage::set_preferences(&state.store, user.id, req.enabled, req.sound).await?;
    Ok(Json(req))
}

// ---- Scheduled messages ----

fn unit_of(row: &schedule::Model) -> Option<RepeatUnit> {
    row.unit.as_deref().and_then(|u| RepeatUnit::parse(u).ok())
}

/// The domain's schedule of a stored row.
fn schedule_of(row: &schedule::Model) -> Result<Schedule, AppError> {
    schedule_from(
        &row.start_local,
        &row.time_zone,
        row.every.and_then(|e| u32::try_from(e).ok()),
        unit_of(row),
        row.stop_after.and_then(|n| u32::try_from(n).ok()),
    )
    .map_err(AppError::internal)
}

fn send_view(s: &send::Model) -> ScheduleSend {
    ScheduleSend {
        id: s.id,
        occurrence: u32::try_from(s.occurrence).unwrap_or(0),
        due_at: rfc3339(s.due_at).unwrap_or_default(),
        status: s.status.clone(),
        late: s.late,
        error: s.error.clone(),
    }
}

fn schedule_attachment(row: &schedule::Model) -> Option<contract::manage::AttachmentInfo> {
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
    let rows = store::manage::schedules(&state.store, ws.org_id, ws.user_id).await?;
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
    let mut row = store::manage::schedule(&state.store, ws.org_id, ws.user_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
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
    let row = store::manage::schedule(&state.store, ws.org_id, ws.user_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
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
    let row = store::manage::schedule(&state.store, ws.org_id, ws.user_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let file = store_upload(&state, &ws, &q.name, req).await?;
    let held = row.key();
    swap_attachment(&state, &ws, AttachedTable::Schedule, id, held, Some(&file)).await?;
    schedule_reread(&state, &ws, id).await
}

/// A schedule as it is now, answered.
async fn schedule_reread(
    state: &AppState,
    ws: &Workspace,
    id: i64,
) -> Result<Json<ScheduledMessage>, AppError> {
    let row = store::manage::schedule(&state.store, ws.org_id, ws.user_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
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
    let row = store::manage::schedule(&state.store, ws.org_id, ws.user_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
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
    let row = store::manage::schedule(&state.store, ws.org_id, ws.user_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    if row.message.trim().is_empty() {
        return Err(AppError::invalid_field(
            "message",
            RuleError::MessageAndUploadEmpty,
        ));
    }
    swap_attachment(&state, &ws, AttachedTable::Schedule, id, row.key(), None).await?;
    schedule_reread(&state, &ws, id).await
}

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
