//! Who may change the organisation's team labels and quick replies (001 §6).

use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::workspace::workspace;
use axum::extract::State;
use contract::manage::{ManageQuery, TeamToolsAccess};
use domain::RuleError;

/// Who may change the organisation's team labels and quick replies.
#[utoipa::path(
    get,
    path = "/api/manage/team-tools-access",
    tag = "manage",
    params(("org_id" = i64, Query, minimum = 1, description = "The organisation (a personal workspace has no teams: 422)")),
    responses(
        (status = 200, description = "The setting", body = TeamToolsAccess),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.org_id`: a personal workspace has no teams", body = contract::ErrorBody),
    )
)]
pub async fn team_tools_access(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<TeamToolsAccess>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let org_id = ws.org_only(RuleError::FieldsRequired)?;
    Ok(Json(TeamToolsAccess {
        org_id,
        editors: ws.team_tools_editors,
    }))
}

/// 001 §6: admins decide whether managers may change team labels and quick replies.
#[utoipa::path(
    put,
    path = "/api/manage/team-tools-access",
    tag = "manage",
    request_body = TeamToolsAccess,
    responses(
        (status = 200, description = "The setting", body = TeamToolsAccess),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.editors`", body = contract::ErrorBody),
    )
)]
pub async fn set_team_tools_access(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<TeamToolsAccess>,
) -> Result<Json<TeamToolsAccess>, AppError> {
    let ws = workspace(&state, &user, Some(req.org_id)).await?;
    ws.admin()?;
    if !["admins", "admins_and_managers"].contains(&req.editors.as_str()) {
        return Err(AppError::invalid_field("editors", RuleError::RoleUnknown));
    }
    store::manage::set_team_tools_editors(&state.store, req.org_id, &req.editors).await?;
    Ok(Json(req))
}
