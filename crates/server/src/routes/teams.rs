//! Teams (001 §3, §7): the colour palette, an organisation's teams, creating and updating a
//! team (admins; managers their own), putting members into a team, and the teams list the
//! dashboard reads (the members the caller may see, 001 §6).

use super::{Access, Routes};
use crate::access::{member, member_at, own_workspace, visible};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views;
use axum::extract::State;
use contract::accounts::{
    Ack, AssignTeam, BasicInfo, ColorEntry, ColorPalette, CreateTeam, OrgQuery, ResultEnvelope,
    Team, TeamListEntry, TeamsListQuery, UpdateTeam,
};
use contract::ErrorCode;
use domain::accounts::{team_color, TeamName, ACTIVE_USER_STATUS, TEAM_COLORS};
use domain::roles::{sees_whole_organisation, AccessLevel};
use store::entity::membership;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add(Access::SignedIn, routes!(color_palette))
        .add(Access::Scoped, routes!(org_teams))
        .add(Access::Scoped, routes!(create_team))
        .add(Access::Scoped, routes!(update_team))
        .add(Access::Scoped, routes!(assign_team))
        .add(Access::Scoped, routes!(teams_list))
}

/// A manager may act only on their own team; admins and the owner (manager-level over the whole
/// organisation) on any.
fn may_manage_team(m: &membership::Model, team_id: i64) -> Result<(), AppError> {
    if sees_whole_organisation(Some(i64::from(m.role_id))) || m.team_id == Some(team_id) {
        Ok(())
    } else {
        Err(AppError::forbidden(domain::RuleError::AdminOnly))
    }
}

fn parse_color(raw: Option<i32>) -> Result<Option<i32>, AppError> {
    raw.map(|c| {
        team_color(c)
            .map(|c| c.id)
            .map_err(|rule| AppError::invalid_field("team_color", rule))
    })
    .transpose()
}

/// 001 §3 team colour palette (`color_data`).
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/teams/colors",
    tag = "teams",
    responses((status = 200, description = "The palette", body = ResultEnvelope<ColorPalette>))
)]
pub async fn color_palette(_caller: CurrentUser) -> Json<ResultEnvelope<ColorPalette>> {
    Json(ResultEnvelope::ok(ColorPalette {
        color_data: TEAM_COLORS
            .iter()
            .map(|c| ColorEntry {
                id: c.id,
                bg_color: c.bg_color.to_owned(),
                text_color: c.text_color.to_owned(),
            })
            .collect(),
    }))
}

/// The organisation's teams with member counts (any member).
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/teams",
    tag = "teams",
    params(("org_id" = i64, Query, description = "The organisation")),
    responses(
        (status = 200, description = "The teams, by name", body = ResultEnvelope<Vec<Team>>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn org_teams(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<OrgQuery>,
) -> Result<Json<ResultEnvelope<Vec<Team>>>, AppError> {
    member(&state, &user, q.org_id).await?;
    let teams = store::orgs::teams(&state.store, q.org_id).await?;
    Ok(Json(ResultEnvelope::ok(
        teams
            .iter()
            .map(|t| views::team(&t.team, Some(t.members)))
            .collect(),
    )))
}

/// 'Create a Team' (admins and managers). A name already used in the organisation is 409.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/teams",
    tag = "teams",
    request_body = CreateTeam,
    responses(
        (status = 200, description = "The new team", body = ResultEnvelope<Team>),
        (status = 403, description = "An employee", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 409, description = "The name is taken", body = contract::ErrorBody),
        (status = 422, description = "`fields`: team_name or team_color", body = contract::ErrorBody),
    )
)]
pub async fn create_team(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<CreateTeam>,
) -> Result<Json<ResultEnvelope<Team>>, AppError> {
    member_at(&state, &user, req.org_id, AccessLevel::Manager).await?;
    let name = TeamName::parse(&req.team_name)
        .map_err(|rule| AppError::invalid_field("team_name", rule))?;
    let color = parse_color(req.team_color)?;
    let now = state.clock.now_ms();
    let team =
        store::orgs::create_team(&state.store, req.org_id, name.as_str(), color, now).await?;
    Ok(Json(ResultEnvelope::ok(views::team(&team, Some(0)))))
}

/// Renames or recolours a team (admins; a manager their own team).
#[utoipa::path(
    patch,
    path = "/api/v1/whatzapp/teams",
    tag = "teams",
    request_body = UpdateTeam,
    responses(
        (status = 200, description = "The team as stored", body = ResultEnvelope<Team>),
        (status = 403, description = "An employee, or another manager's team", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not the organisation's team", body = contract::ErrorBody),
        (status = 409, description = "The name is taken", body = contract::ErrorBody),
    )
)]
pub async fn update_team(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<UpdateTeam>,
) -> Result<Json<ResultEnvelope<Team>>, AppError> {
    let m = member_at(&state, &user, req.org_id, AccessLevel::Manager).await?;
    store::orgs::team(&state.store, req.org_id, req.team_id).await?;
    may_manage_team(&m, req.team_id)?;
    let name = req
        .team_name
        .as_deref()
        .map(|n| TeamName::parse(n).map_err(|rule| AppError::invalid_field("team_name", rule)))
        .transpose()?;
    let color = parse_color(req.team_color)?.map(Some);
    let now = state.clock.now_ms();
    let team = store::orgs::update_team(
        &state.store,
        req.org_id,
        req.team_id,
        name.as_ref().map(TeamName::as_str),
        color,
        now,
    )
    .await?;
    Ok(Json(ResultEnvelope::ok(views::team(&team, None))))
}

/// Puts members into a team (admins; a manager into their own team). Every user must be a
/// member of the organisation, else 404 and nothing changes.
#[utoipa::path(
    patch,
    path = "/api/v1/whatzapp/teams/members",
    tag = "teams",
    request_body = AssignTeam,
    responses(
        (status = 200, description = "Assigned", body = Ack),
        (status = 403, description = "An employee, or another manager's team", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or a team or user of another organisation", body = contract::ErrorBody),
    )
)]
pub async fn assign_team(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<AssignTeam>,
) -> Result<Json<Ack>, AppError> {
    let m = member_at(&state, &user, req.org_id, AccessLevel::Manager).await?;
    store::orgs::team(&state.store, req.org_id, req.team_id).await?;
    may_manage_team(&m, req.team_id)?;
    if req.user_ids.is_empty() {
        return Err(AppError::new(ErrorCode::MalformedBody, "user_ids is empty"));
    }
    let now = state.clock.now_ms();
    let n =
        store::orgs::assign_team(&state.store, req.org_id, req.team_id, &req.user_ids, now).await?;
    Ok(Json(Ack::ok(format!("{n} members assigned"))))
}

/// 001 §3 team list: the members the caller may see (001 §6) in `org_id`, or in their default
/// organisation. `user_id` is the caller's workspace id. Without an organisation the caller
/// sees only themself.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/teams/list",
    tag = "teams",
    params(
        ("user_id" = i64, Query, description = "The caller's workspace id"),
        ("org_id" = Option<i64>, Query, description = "The organisation; default: the default one"),
    ),
    responses(
        (status = 200, description = "Visible members", body = ResultEnvelope<Vec<TeamListEntry>>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn teams_list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<TeamsListQuery>,
) -> Result<Json<ResultEnvelope<Vec<TeamListEntry>>>, AppError> {
    own_workspace(&user, q.user_id)?;
    let org_id = match q.org_id {
        Some(id) => Some(id),
        None => store::orgs::memberships_of_user(&state.store, user.id)
            .await?
            .into_iter()
            .find(|(m, _)| m.is_default_org && m.user_status == ACTIVE_USER_STATUS)
            .map(|(m, _)| m.org_id),
    };
    let Some(org_id) = org_id else {
        return Ok(Json(ResultEnvelope::ok(vec![TeamListEntry {
            user_id: user.id,
            team_id: None,
            callyzer_orgamnization_team: None,
            whatzapp_basic_info: BasicInfo {
                name: user.name.clone(),
                mobile: user.mobile.clone(),
            },
        }])));
    };
    let m = member(&state, &user, org_id).await?;
    let records = store::orgs::employees(&state.store, org_id, Some(ACTIVE_USER_STATUS)).await?;
    let entries = visible(&m, &user, records, true)
        .iter()
        .map(|r| TeamListEntry {
            user_id: r.user.id,
            team_id: r.membership.team_id,
            callyzer_orgamnization_team: r.team.as_ref().map(|t| views::team(t, None)),
            whatzapp_basic_info: BasicInfo {
                name: r.user.name.clone(),
                mobile: r.user.mobile.clone(),
            },
        })
        .collect();
    Ok(Json(ResultEnvelope::ok(entries)))
}
