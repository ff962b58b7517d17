//! Authorisation inside an organisation, decided on the server for every request: is the caller
//! an active member, does their role allow the action (000 §6), and which employees may they see
//! (001 §6, through the domain's `visible_employees`, the same rule the dashboard uses).
//!
//! A caller who is not a member of the organisation gets 404 (the organisation's existence is not
//! revealed); a member whose role is too low gets 403 `forbidden`.

use crate::error::AppError;
use crate::state::AppState;
use domain::accounts::ACTIVE_USER_STATUS;
use domain::roles::{
    visible_employees, AccessLevel, BasicInfo, Employee, Viewer, VisibleEmployeesInput,
};
use store::entity::{membership, user};
use store::orgs::EmployeeRecord;

/// The caller's active membership of `org_id`, or 404.
pub async fn member(
    state: &AppState,
    user: &user::Model,
    org_id: i64,
) -> Result<membership::Model, AppError> {
    match store::orgs::membership(&state.store, org_id, user.id).await? {
        Some(m) if m.user_status == ACTIVE_USER_STATUS => Ok(m),
        _ => Err(AppError::new(
            contract::ErrorCode::NotFound,
            "no such organisation",
        )),
    }
}

/// The caller's default organisation (the one they open on), when they are an active member of
/// it: for the routes whose `org_id` may be left out.
pub async fn default_org(state: &AppState, user: &user::Model) -> Result<Option<i64>, AppError> {
    Ok(store::orgs::memberships_of_user(&state.store, user.id)
        .await?
        .into_iter()
        .find(|(m, _)| m.user_status == ACTIVE_USER_STATUS && m.is_default_org)
        .map(|(_, o)| o.id))
}

/// The caller's membership when their role reaches `level`: 404 for a non-member, 403 for a
/// member whose role is too low.
pub async fn member_at(
    state: &AppState,
    user: &user::Model,
    org_id: i64,
    level: AccessLevel,
) -> Result<membership::Model, AppError> {
    let m = member(state, user, org_id).await?;
    level
        .check(Some(i64::from(m.role_id)))
        .map_err(AppError::forbidden)?;
    Ok(m)
}

/// A `workspace_id` (or a teams-list `user_id`) must be the caller's own: another person's
/// workspace is refused with 403.
pub fn own_workspace(user: &user::Model, workspace_id: i64) -> Result<(), AppError> {
    if workspace_id == user.id {
        Ok(())
    } else {
        Err(AppError::new(
            contract::ErrorCode::Forbidden,
            "this is another person's workspace",
        ))
    }
}

/// The employees `viewer` may see among `records` (001 §6): an admin all active ones, a manager
/// those of their own team (only themselves without a team), an employee only themselves. With
/// `active_only` false (the invited list) the status does not hide anyone from an admin or from
/// a manager of that team.
pub fn visible(
    viewer: &membership::Model,
    viewer_user: &user::Model,
    records: Vec<EmployeeRecord>,
    active_only: bool,
) -> Vec<EmployeeRecord> {
    let input = VisibleEmployeesInput {
        viewer: Viewer {
            role_id: Some(i64::from(viewer.role_id)),
            team_id: Some(viewer.team_id.unwrap_or(0)),
            user_id: Some(viewer_user.id.to_string().as_str().into()),
            mobile: viewer_user.mobile.clone(),
        },
        employees: records
            .iter()
            .map(|r| Employee {
                user_id: r.user.id.to_string().as_str().into(),
                team_id: r.membership.team_id,
                user_status: active_only.then_some(i64::from(r.membership.user_status)),
                whatzapp_basic_info: Some(BasicInfo {
                    name: r.user.name.clone(),
                    mobile: r.user.mobile.clone(),
                }),
                whatsapp_no: r.user.mobile.clone(),
            })
            .collect(),
    };
    let seen = visible_employees(&input);
    records
        .into_iter()
        .filter(|r| seen.user_ids.iter().any(|id| id.0 == r.user.id.to_string()))
        .collect()
}
