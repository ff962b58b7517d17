//! Follow-ups (001 §4: Pending, Upcoming, Completed; recurring ones) and the caller's
//! notification settings.

use super::utc;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use crate::workspace::{within_quota, workspace, Kept, Workspace};
use axum::extract::State;
use contract::manage::{
    FollowUp, FollowUpBoard, FollowUpRequest, ManageQuery, NotificationSettings,
};
use domain::manage::{follow_up_state, FollowUpState, Priority};
use domain::recurrence::{schedule_from, Recurrence};
use domain::RuleError;
use store::entity::manage::follow_up;

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
        comment: f.comment.clone(),
        email: f.email.clone(),
        lead_minutes: f.lead_minutes,
    }
}

async fn follow_up_list(state: &AppState, ws: &Workspace) -> Result<FollowUpBoard, AppError> {
    let now = state.clock.now_ms();
    let rows = ws.rows::<follow_up::Entity>(state, ws.own()).await?;
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

/// The longest comment kept.
const MAX_COMMENT_CHARS: usize = 1_000;
/// The longest notification lead time: 4 weeks, in minutes.
const MAX_LEAD_MINUTES: i64 = 4 * 7 * 24 * 60;

/// A follow-up's comment, e-mail and lead time (001 §3, §4): blank text is none; an e-mail must
/// pass the spec's loose check (`fields.email` = `email_invalid`); a comment over 1 000
/// characters or a lead time outside 0‥4 weeks is `value_invalid` on its field.
struct Extras {
    comment: Option<String>,
    email: Option<String>,
    lead_minutes: Option<i64>,
}

fn checked_extras(req: &FollowUpRequest) -> Result<Extras, AppError> {
    let blank_is_none = |raw: Option<&str>| {
        raw.map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let comment = blank_is_none(req.comment.as_deref());
    if comment
        .as_deref()
        .is_some_and(|c| c.chars().count() > MAX_COMMENT_CHARS)
    {
        return Err(AppError::invalid_field("comment", RuleError::ValueInvalid));
    }
    let email = blank_is_none(req.email.as_deref());
    if let Some(e) = email.as_deref() {
        if e.len() > 254 {
            return Err(AppError::invalid_field("email", RuleError::EmailInvalid));
        }
        domain::inputs::Email::parse(e).map_err(|r| AppError::invalid_field("email", r))?;
    }
    if req
        .lead_minutes
        .is_some_and(|m| !(0..=MAX_LEAD_MINUTES).contains(&m))
    {
        return Err(AppError::invalid_field(
            "lead_minutes",
            RuleError::ValueInvalid,
        ));
    }
    Ok(Extras {
        comment,
        email,
        lead_minutes: req.lead_minutes.filter(|m| *m > 0),
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
        (status = 422, description = "`fields.title` / `fields.due` / `fields.amount` / `fields.time_zone` / `fields.comment` / `fields.email` / `fields.lead_minutes`", body = contract::ErrorBody),
    )
)]
pub async fn create_follow_up(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<FollowUpRequest>,
) -> Result<Json<FollowUpBoard>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    insert_follow_up(&state, &ws, &req).await?;
    Ok(Json(follow_up_list(&state, &ws).await?))
}

/// Checks and stores a follow-up of the caller's (also a contact's task, `/leads`).
pub(crate) async fn insert_follow_up(
    state: &AppState,
    ws: &Workspace,
    req: &FollowUpRequest,
) -> Result<follow_up::Model, AppError> {
    let now = state.clock.now_ms();
    let draft = checked_follow_up(req, now, true)?;
    let extras = checked_extras(req)?;
    within_quota(state, ws, Kept::FollowUps).await?;
    let zone = domain::zones::time_zone(&domain::zones::TimeZoneInput {
        name: req.time_zone.clone(),
    })
    .map_err(|r| AppError::invalid_field("time_zone", r))?;
    ws.insert::<follow_up::Entity>(
        state,
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
            comment: extras.comment,
            email: extras.email,
            lead_minutes: extras.lead_minutes,
        },
    )
    .await
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
        (status = 422, description = "`fields.title` / `fields.due` / `fields.amount` / `fields.comment` / `fields.email` / `fields.lead_minutes`", body = contract::ErrorBody),
    )
)]
pub async fn update_follow_up(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<FollowUpRequest>,
) -> Result<Json<FollowUpBoard>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let mut row = ws.row::<follow_up::Entity>(&state, ws.own(), id).await?;
    let now = state.clock.now_ms();
    let moved = {
        let local = domain::recurrence::parse_local(&req.due)
            .map(domain::recurrence::format_local)
            .unwrap_or_default();
        local != row.due_local || req.time_zone.trim() != row.time_zone
    };
    let draft = checked_follow_up(&req, now, moved)?;
    let extras = checked_extras(&req)?;
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
    row.comment = extras.comment;
    row.email = extras.email;
    row.lead_minutes = extras.lead_minutes;
    row.updated_at = now;
    ws.update::<follow_up::Entity>(&state, row).await?;
    Ok(Json(follow_up_list(&state, &ws).await?))
}

/// Ticks one follow-up; a recurring one gets its next occurrence (the first after now, DST-
/// exact in its zone) as a new follow-up.
async fn complete(
    state: &AppState,
    ws: &Workspace,
    row: follow_up::Model,
    now: i64,
) -> Result<(), AppError> {
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
            ws.insert::<follow_up::Entity>(
                state,
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
    ws.update::<follow_up::Entity>(state, done).await?;
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
    let row = ws.row::<follow_up::Entity>(&state, ws.own(), id).await?;
    complete(&state, &ws, row, state.clock.now_ms()).await?;
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
    for row in ws.rows::<follow_up::Entity>(&state, ws.own()).await? {
        if row.completed_at.is_none() && row.due_at <= now {
            complete(&state, &ws, row, now).await?;
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
    ws.delete::<follow_up::Entity>(&state, ws.own(), id).await?;
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
