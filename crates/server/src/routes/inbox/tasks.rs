//! Tasks (001 §3; the inbox's tasks tab and a conversation's tasks panel).

use super::conversations::visible_conversation;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::inbox::{self, views, Viewer};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::inbox::{InboxQuery, InboxTask, TaskList, TaskQuery, TaskRequest};
use domain::inbox::tasks::{checked_task, TaskInput, TaskStatus};
use domain::RuleError;
use store::entity::inbox::task;
use store::inbox::tasks::TaskViewer;

/// The most tasks one list answers.
const MAX_LISTED: u64 = 500;

fn task_view(t: &task::Model) -> InboxTask {
    InboxTask {
        id: t.id,
        conversation_id: t.conversation_id,
        contact: t.contact.clone(),
        name: t.name.clone(),
        due_at: t.due_at.and_then(rfc3339),
        status: t.status.clone(),
        priority: t.priority_code().to_owned(),
        assignee_id: t.assignee_id,
        visibility: t.visibility.clone(),
        owner_id: t.owner_id,
        created_at: rfc3339(t.created_at).unwrap_or_default(),
        completed_at: t.completed_at.and_then(rfc3339),
    }
}

trait PriorityCode {
    fn priority_code(&self) -> &'static str;
}

impl PriorityCode for task::Model {
    fn priority_code(&self) -> &'static str {
        domain::manage::Priority::ALL
            .get(usize::try_from(self.priority).unwrap_or(0))
            .map_or("none", |p| p.code())
    }
}

/// The caller as tasks see them: their team's members (only themselves without a team).
async fn task_viewer(state: &AppState, v: &Viewer) -> Result<TaskViewer, AppError> {
    let me = store::orgs::membership(&state.store, v.org_id(), v.user_id())
        .await?
        .ok_or_else(AppError::not_found)?;
    let team = match me.team_id {
        Some(team) => store::orgs::employees(&state.store, v.org_id(), None)
            .await?
            .into_iter()
            .filter(|r| r.membership.team_id == Some(team))
            .map(|r| r.user.id)
            .collect(),
        None => vec![v.user_id()],
    };
    Ok(TaskViewer {
        org_id: v.org_id(),
        user_id: v.user_id(),
        team,
    })
}

/// The request's checked fields onto `row`.
async fn apply(
    state: &AppState,
    v: &Viewer,
    req: &TaskRequest,
    row: &mut task::Model,
) -> Result<(), AppError> {
    let t = checked_task(&TaskInput {
        name: &req.name,
        status: req.status.as_deref(),
        priority: req.priority.as_deref(),
        visibility: req.visibility.as_deref(),
    })
    .map_err(|(field, rule)| AppError::invalid_field(field, rule))?;
    // A blank due date is none, as every blank field is.
    let due_at = match req
        .due_at
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
    {
        None => None,
        Some(raw) => Some(
            chrono::DateTime::parse_from_rfc3339(raw)
                .map_err(|_| AppError::invalid_field("due_at", RuleError::DateInvalid))?
                .timestamp_millis(),
        ),
    };
    if let Some(to) = req.assignee_id {
        let active = store::orgs::membership(&state.store, v.org_id(), to)
            .await?
            .is_some_and(|m| m.user_status == domain::accounts::ACTIVE_USER_STATUS);
        if !active {
            return Err(AppError::not_found().with_field("assignee_id", "not_found"));
        }
    }
    let (conversation_id, contact) = match req.conversation_id {
        Some(id) => {
            let c = visible_conversation(state, v, id).await?;
            (Some(c.id), Some(c.contact))
        }
        None => (None, None),
    };
    let now = state.clock.now_ms();
    row.completed_at = match (t.status, row.completed_at) {
        (TaskStatus::Completed, Some(at)) => Some(at),
        (TaskStatus::Completed, None) => Some(now),
        _ => None,
    };
    row.name = t.name;
    row.status = t.status.code().to_owned();
    row.priority = domain::manage::Priority::ALL
        .iter()
        .position(|p| *p == t.priority)
        .and_then(|i| i16::try_from(i).ok())
        .unwrap_or(0);
    row.visibility = t.visibility.code().to_owned();
    row.due_at = due_at;
    row.assignee_id = req.assignee_id;
    row.conversation_id = conversation_id;
    row.contact = contact;
    row.updated_at = now;
    Ok(())
}

async fn announce(state: &AppState, org_id: i64, t: &task::Model) -> Result<(), AppError> {
    views::publish(
        state,
        org_id,
        "task",
        t.conversation_id,
        serde_json::json!({ "task_id": t.id, "conversation_id": t.conversation_id }),
    )
    .await
}

/// The tasks the caller sees, of one conversation or all.
#[utoipa::path(
    get,
    path = "/api/inbox/tasks",
    tag = "inbox",
    params(TaskQuery),
    responses(
        (status = 200, description = "Tasks, open first, then by due date", body = TaskList),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a conversation the caller may see", body = contract::ErrorBody),
    )
)]
pub async fn list_tasks(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<TaskQuery>,
) -> Result<Json<TaskList>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    if let Some(id) = q.conversation_id {
        visible_conversation(&state, &v, id).await?;
    }
    let tv = task_viewer(&state, &v).await?;
    let rows = store::inbox::tasks::list(&state.store, &tv, q.conversation_id, MAX_LISTED).await?;
    Ok(Json(TaskList {
        items: rows.iter().map(task_view).collect(),
    }))
}

/// Creates a task (of a conversation, or the caller's own).
#[utoipa::path(
    post,
    path = "/api/inbox/tasks",
    tag = "inbox",
    request_body = TaskRequest,
    responses(
        (status = 200, description = "Created", body = InboxTask),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, not a conversation the caller may see, or `fields.assignee_id`: not an active member", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` = fields_required; `fields.status` / `priority` / `visibility` = value_invalid; `fields.due_at` = date_invalid", body = contract::ErrorBody),
    )
)]
pub async fn create_task(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<TaskRequest>,
) -> Result<Json<InboxTask>, AppError> {
    let v = inbox::viewer(&state, &user, req.org_id).await?;
    let now = state.clock.now_ms();
    let mut row = task::Model {
        id: 0,
        org_id: v.org_id(),
        owner_id: v.user_id(),
        conversation_id: None,
        contact: None,
        name: String::new(),
        due_at: None,
        status: String::new(),
        priority: 0,
        assignee_id: None,
        visibility: String::new(),
        completed_at: None,
        created_at: now,
        updated_at: now,
    };
    apply(&state, &v, &req, &mut row).await?;
    let row = store::inbox::tasks::insert(&state.store, row).await?;
    announce(&state, v.org_id(), &row).await?;
    Ok(Json(task_view(&row)))
}

/// Changes a task: its creator, its assignee or an admin.
#[utoipa::path(
    put,
    path = "/api/inbox/tasks/{id}",
    tag = "inbox",
    params(("id" = i64, Path, description = "The task")),
    request_body = TaskRequest,
    responses(
        (status = 200, description = "Changed", body = InboxTask),
        (status = 403, description = "Neither its creator, its assignee nor an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a task the caller sees", body = contract::ErrorBody),
        (status = 422, description = "As for creating", body = contract::ErrorBody),
    )
)]
pub async fn update_task(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<TaskRequest>,
) -> Result<Json<InboxTask>, AppError> {
    let v = inbox::viewer(&state, &user, req.org_id).await?;
    let tv = task_viewer(&state, &v).await?;
    let mut row = store::inbox::tasks::find(&state.store, &tv, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    if row.owner_id != v.user_id() && row.assignee_id != Some(v.user_id()) {
        v.admin()?;
    }
    apply(&state, &v, &req, &mut row).await?;
    let row = store::inbox::tasks::save(&state.store, row).await?;
    announce(&state, v.org_id(), &row).await?;
    Ok(Json(task_view(&row)))
}

/// Removes a task: its creator or an admin.
#[utoipa::path(
    delete,
    path = "/api/inbox/tasks/{id}",
    tag = "inbox",
    params(("id" = i64, Path, description = "The task"), InboxQuery),
    responses(
        (status = 200, description = "Removed; the caller's tasks left", body = TaskList),
        (status = 403, description = "Neither its creator nor an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a task the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn delete_task(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<InboxQuery>,
) -> Result<Json<TaskList>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    let tv = task_viewer(&state, &v).await?;
    let row = store::inbox::tasks::find(&state.store, &tv, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    if row.owner_id != v.user_id() {
        v.admin()?;
    }
    store::inbox::tasks::delete(&state.store, v.org_id(), row.id).await?;
    announce(&state, v.org_id(), &row).await?;
    let rows = store::inbox::tasks::list(&state.store, &tv, None, MAX_LISTED).await?;
    Ok(Json(TaskList {
        items: rows.iter().map(task_view).collect(),
    }))
}
