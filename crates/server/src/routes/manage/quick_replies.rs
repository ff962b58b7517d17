//! Quick replies: variables, a file each, team scope and the sent count (001 §5).

use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::manage::{
    attach_upload, detach, forget_file, org_param, serve_attachment, Attached, SIGNATURE,
};
use crate::state::AppState;
use crate::views::rfc3339;
use crate::workspace::{limits, workspace, Workspace};
use axum::extract::{Request, State};
use axum::response::Response;
use contract::manage::{
    AttachmentQuery, ManageQuery, QuickReply, QuickReplyList, QuickReplyRequest, QuickReplySent,
};
use domain::RuleError;
use store::entity::manage::quick_reply;
use store::scoped::Rows;

fn quick_reply_view(ws: &Workspace, q: &quick_reply::Model) -> QuickReply {
    let editable = match q.team_id {
        Some(_) => ws.may_edit_team_tools(),
        None => q.owner_id == ws.user_id,
    };
    QuickReply {
        id: q.id,
        name: q.name.clone(),
        message: q.message.clone(),
        team_id: q.team_id,
        owner_id: q.owner_id,
        editable,
        attachment: q.info(format!(
            "/api/manage/quick-replies/{}/attachment{}",
            q.id,
            org_param(q.org_id)
        )),
        sent_count: q.sent_count,
        updated_at: rfc3339(q.updated_at).unwrap_or_default(),
    }
}

/// Which teams' quick replies the member sees: their own team's, every team's for an admin.
/// The quick replies the caller sees: their own, and their team's (every team's for an admin).
pub(crate) fn seen_rows(ws: &Workspace) -> Rows {
    store::manage::seen_with_teams(ws.user_id, team_scope(ws))
}

fn team_scope(ws: &Workspace) -> store::manage::TeamScope {
    use store::manage::TeamScope;
    if !ws.is_org() {
        TeamScope::None
    } else if ws.is_admin() {
        TeamScope::All
    } else {
        ws.team_id.map_or(TeamScope::None, TeamScope::One)
    }
}

/// A quick reply the caller sees (404 otherwise) — and, with `edit`, may change (403).
async fn visible_quick_reply(
    state: &AppState,
    ws: &Workspace,
    id: i64,
    edit: bool,
) -> Result<quick_reply::Model, AppError> {
    let q = ws
        .row::<quick_reply::Entity>(state, seen_rows(ws), id)
        .await?;
    if edit && !quick_reply_view(ws, &q).editable {
        return Err(AppError::forbidden(RuleError::AdminOnly));
    }
    Ok(q)
}

async fn quick_reply_list(state: &AppState, ws: &Workspace) -> Result<QuickReplyList, AppError> {
    let rows = ws.rows::<quick_reply::Entity>(state, seen_rows(ws)).await?;
    let limits = limits(state, ws).await?;
    let used = rows.iter().filter(|q| q.owner_id == ws.user_id).count() as u32;
    Ok(QuickReplyList {
        items: rows.iter().map(|q| quick_reply_view(ws, q)).collect(),
        limit: limits.quick_replies,
        used,
        signature: limits.signature.then(|| SIGNATURE.to_owned()),
        may_edit_team_tools: ws.may_edit_team_tools(),
    })
}

/// Checks a quick reply's fields and team: the domain's rule, then the team (of this
/// organisation, and only for those who may change team tools).
async fn checked_quick_reply(
    state: &AppState,
    ws: &Workspace,
    req: &QuickReplyRequest,
    has_attachment: bool,
) -> Result<domain::manage::QuickReplyDraft, AppError> {
    let draft = domain::manage::quick_reply(&domain::manage::QuickReplyInput {
        name: req.name.clone(),
        message: req.message.clone(),
        has_attachment: Some(has_attachment),
    })
    .map_err(|rule| {
        let field = if rule == RuleError::QuickReplyNameInvalid {
            "name"
        } else {
            "message"
        };
        AppError::invalid_field(field, rule)
    })?;
    if let Some(team) = req.team_id {
        if !ws.is_org() {
            return Err(AppError::not_found());
        }
        store::orgs::team(&state.store, ws.org_id, team).await?;
        if !ws.may_edit_team_tools() {
            return Err(AppError::forbidden(RuleError::AdminOnly));
        }
    }
    Ok(draft)
}

/// The quick replies the caller sees in the workspace (their own and their team's; an admin
/// sees every team's), with the plan's limit and, on Free, the signature appended to sends.
#[utoipa::path(
    get,
    path = "/api/manage/quick-replies",
    tag = "manage",
    params(ManageQuery),
    responses(
        (status = 200, description = "The quick replies", body = QuickReplyList),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn list_quick_replies(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<QuickReplyList>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    Ok(Json(quick_reply_list(&state, &ws).await?))
}

/// Creates a quick reply (001 §5 'Enter a valid quick reply name / message'); 402
/// `plan_limit_reached` past the Free plan's 5.
#[utoipa::path(
    post,
    path = "/api/manage/quick-replies",
    tag = "manage",
    request_body = QuickReplyRequest,
    responses(
        (status = 200, description = "Created", body = QuickReply),
        (status = 402, description = "`plan_limit_reached`, `fields.plan` = quick_replies", body = contract::ErrorBody),
        (status = 403, description = "A team quick reply by someone who may not change team tools", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or a team of another organisation", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` / `fields.message`", body = contract::ErrorBody),
    )
)]
pub async fn create_quick_reply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<QuickReplyRequest>,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    // A reply whose file comes next (`has_attachment`) may be created without text.
    let draft = checked_quick_reply(&state, &ws, &req, req.has_attachment.unwrap_or(false)).await?;
    ws.within_plan::<quick_reply::Entity>(
        &state,
        limits(&state, &ws).await?.quick_replies,
        "quick_replies",
    )
    .await?;
    let now = state.clock.now_ms();
    let row = ws
        .insert::<quick_reply::Entity>(
            &state,
            quick_reply::Model {
                id: 0,
                org_id: ws.org_id,
                owner_id: ws.user_id,
                team_id: req.team_id,
                name: draft.name,
                message: draft.message,
                sent_count: 0,
                created_at: now,
                updated_at: now,
                attachment_key: None,
                attachment_name: None,
                attachment_type: None,
                attachment_size: None,
            },
        )
        .await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}

/// Changes a quick reply (its author's, or a team's for those who may change team tools).
#[utoipa::path(
    put,
    path = "/api/manage/quick-replies/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply")),
    request_body = QuickReplyRequest,
    responses(
        (status = 200, description = "Changed", body = QuickReply),
        (status = 403, description = "Not the caller's to change", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` / `fields.message`", body = contract::ErrorBody),
    )
)]
pub async fn update_quick_reply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<QuickReplyRequest>,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let mut row = visible_quick_reply(&state, &ws, id, true).await?;
    let draft = checked_quick_reply(&state, &ws, &req, row.attachment_key.is_some()).await?;
    row.name = draft.name;
    row.message = draft.message;
    row.team_id = req.team_id;
    row.updated_at = state.clock.now_ms();
    let row = store::manage::update_quick_reply(&state.store, row).await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}

/// Deletes a quick reply and its file.
#[utoipa::path(
    delete,
    path = "/api/manage/quick-replies/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply"), ManageQuery),
    responses(
        (status = 200, description = "The quick replies left", body = QuickReplyList),
        (status = 403, description = "Not the caller's to delete", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn delete_quick_reply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<QuickReplyList>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = visible_quick_reply(&state, &ws, id, true).await?;
    ws.delete::<quick_reply::Entity>(&state, Rows::All, id)
        .await?;
    forget_file(&state, row.attachment_key.as_deref()).await;
    Ok(Json(quick_reply_list(&state, &ws).await?))
}

/// Attaches a file (the body, its type in `Content-Type`; at most 16 MiB, else `fields.file` =
/// `attachment_too_large`), replacing the one it had.
#[utoipa::path(
    post,
    path = "/api/manage/quick-replies/{id}/attachment",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply"), AttachmentQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream"),
    responses(
        (status = 200, description = "The quick reply with its file", body = QuickReply),
        (status = 403, description = "Not the caller's to change", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.file` = attachment_too_large", body = contract::ErrorBody),
    )
)]
pub async fn upload_quick_reply_attachment(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<AttachmentQuery>,
    req: Request,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = visible_quick_reply(&state, &ws, id, true).await?;
    attach_upload(&state, &ws, &row, &q.name, req).await?;
    let row = visible_quick_reply(&state, &ws, id, false).await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}

/// The quick reply's file.
#[utoipa::path(
    get,
    path = "/api/manage/quick-replies/{id}/attachment",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply"), ManageQuery),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 404, description = "Not a member, not one the caller sees, or no file", body = contract::ErrorBody),
    )
)]
pub async fn download_quick_reply_attachment(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Response, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = visible_quick_reply(&state, &ws, id, false).await?;
    serve_attachment(&state, &row).await
}

/// Removes the quick reply's file (a reply without text then needs one: 422 `fields.message`).
#[utoipa::path(
    delete,
    path = "/api/manage/quick-replies/{id}/attachment",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply"), ManageQuery),
    responses(
        (status = 200, description = "The quick reply without a file", body = QuickReply),
        (status = 403, description = "Not the caller's to change", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.message`: nothing would be left to send", body = contract::ErrorBody),
    )
)]
pub async fn remove_quick_reply_attachment(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = visible_quick_reply(&state, &ws, id, true).await?;
    detach(&state, &ws, &row, RuleError::QuickReplyMessageInvalid).await?;
    let row = visible_quick_reply(&state, &ws, id, false).await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}

/// The extension used a quick reply: its sent count and the quick-reply analytics count it
/// once per `event_id`.
#[utoipa::path(
    post,
    path = "/api/manage/quick-replies/{id}/sent",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply")),
    request_body = QuickReplySent,
    responses(
        (status = 200, description = "The quick reply with its count", body = QuickReply),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.event_id` = fields_required: blank", body = contract::ErrorBody),
    )
)]
pub async fn quick_reply_sent(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<QuickReplySent>,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    visible_quick_reply(&state, &ws, id, false).await?;
    let now = state.clock.now_ms();
    let event_id: String = req.event_id.trim().chars().take(100).collect();
    if event_id.is_empty() {
        return Err(AppError::invalid_field(
            "event_id",
            RuleError::FieldsRequired,
        ));
    }
    let new = if ws.is_org() {
        store::analytics::insert_usage(
            &state.store,
            ws.org_id,
            store::analytics::UsageKind::QuickReply,
            &[domain::events::UsageEvent {
                event_id: format!("qr-{id}-{event_id}"),
                user_id: ws.user_id,
                occurred_at: now,
            }],
            now,
        )
        .await?
            > 0
    } else {
        true
    };
    if new {
        store::manage::count_quick_reply_sent(&state.store, ws.org_id, id).await?;
    }
    let row = visible_quick_reply(&state, &ws, id, false).await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}
