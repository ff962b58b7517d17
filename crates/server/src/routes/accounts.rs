//! The caller's account as the extension reads it (000 §3, §7; 001 §3, §7): user existence with
//! memberships (`checkuserexistance`), the v2 accounts list, the organisation list with the
//! synthetic Personal entry, switching the active organisation, the personal credit history and
//! the roles list.

use super::{Access, Routes};
use crate::access::{member, own_workspace};
use crate::auth::{bearer_token, CurrentUser};
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views;
use axum::extract::State;
use axum::http::HeaderMap;
use contract::accounts::{
    Account, AccountsData, AccountsQuery, CreditHistory, IntegrationFlags, OrgMapping,
    ResultEnvelope, Role, SetActiveOrgQuery, StatusEnvelope, UserExistence, UserExistenceQuery,
    WorkspaceQuery,
};
use contract::ErrorCode;
use domain::accounts::PhoneNumber;
use domain::inputs::Email;
use domain::roles::ADMIN_ROLE_ID;
use store::entity::user;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add_extension(Access::Scoped, routes!(check_user_existence))
        .add_extension(Access::SignedIn, routes!(get_accounts))
        .add_extension(Access::Scoped, routes!(list_organisations))
        .add_extension(Access::Scoped, routes!(set_active_organisation))
        .add(Access::Scoped, routes!(user_credit_history))
        .add_extension(Access::SignedIn, routes!(list_roles))
}

/// The memberships of `user` that `viewer` may see: all of them for the user themself; for
/// anyone else only those in organisations `viewer` administers.
async fn mappings_seen_by(
    state: &AppState,
    viewer: &user::Model,
    user: &user::Model,
) -> Result<Vec<OrgMapping>, AppError> {
    let theirs = store::orgs::memberships_of_user(&state.store, user.id).await?;
    if viewer.id == user.id {
        return Ok(theirs.iter().map(|(m, o)| views::mapping(m, o)).collect());
    }
    let administered: Vec<i64> = store::orgs::memberships_of_user(&state.store, viewer.id)
        .await?
        .into_iter()
        .filter(|(m, _)| {
            i64::from(m.role_id) == ADMIN_ROLE_ID
                && m.user_status == domain::accounts::ACTIVE_USER_STATUS
        })
        .map(|(_, o)| o.id)
        .collect();
    Ok(theirs
        .iter()
        .filter(|(_, o)| administered.contains(&o.id))
        .map(|(m, o)| views::mapping(m, o))
        .collect())
}

/// 000 §3 user existence: the caller themself, or a member of an organisation the caller
/// administers (by `user_email` or `user_mobile`). Anyone else, or nobody, is 404 — so the call
/// does not reveal who has an account.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/checkuserexistance",
    tag = "accounts",
    params(
        ("user_email" = Option<String>, Query, pattern = r"^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*([^\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000@]+@[^\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000@]+\.[^\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000@]+[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*)?$", description = "E-mail of the user (`domain::inputs::Email`, `EMAIL_PATTERN` or blank)"),
        ("user_mobile" = Option<String>, Query, pattern = r"^[ \t\n\r]*$|^[ \t\n\r]*(\+[ ().\u00a0-]*[1-9](?:[ ().\u00a0-]*[0-9]){7,14}|[ ().\u00a0-]*0[ ().\u00a0-]*0[ ().\u00a0-]*[1-9](?:[ ().\u00a0-]*[0-9]){7,14}|[ ().\u00a0-]*[1-9](?:[ ().\u00a0-]*[0-9]){10,14})[ ().\u00a0-]*[ \t\n\r]*$", description = "Mobile, with country code (`domain::accounts::PhoneNumber`)"),
    ),
    responses(
        (status = 200, description = "The user and the memberships the caller may see", body = ResultEnvelope<UserExistence>),
        (status = 401, description = "Not signed in", body = contract::ErrorBody),
        (status = 404, description = "No such user the caller may see (or none named)", body = contract::ErrorBody),
        (status = 422, description = "`fields.user_email` = email_invalid or `fields.user_mobile` = phone_invalid", body = contract::ErrorBody),
    )
)]
pub async fn check_user_existence(
    State(state): State<AppState>,
    CurrentUser(viewer): CurrentUser,
    Query(q): Query<UserExistenceQuery>,
) -> Result<Json<ResultEnvelope<UserExistence>>, AppError> {
    let candidates: Vec<user::Model> = match (q.user_email.as_deref(), q.user_mobile.as_deref()) {
        (Some(e), _) if !e.trim().is_empty() => {
            let email = Email::parse(e)
                .map_err(|rule| AppError::invalid_field("user_email", rule))?
                .as_str()
                .to_ascii_lowercase();
            store::accounts::find_user_by_email(&state.store, &email)
                .await?
                .into_iter()
                .collect()
        }
        (_, Some(m)) if !m.trim().is_empty() => {
            let mobile = PhoneNumber::parse(m)
                .map_err(|rule| AppError::invalid_field("user_mobile", rule))?;
            store::accounts::find_users_by_mobile(&state.store, mobile.as_str()).await?
        }
        // Nobody named: nobody the caller may see.
        _ => return Err(AppError::not_found()),
    };
    for user in candidates {
        let mappings = mappings_seen_by(&state, &viewer, &user).await?;
        if user.id == viewer.id || !mappings.is_empty() {
            // A person's own links only: an admin looking a member up sees no flags.
            let integrations = if user.id == viewer.id {
                crate::links::flags_of(&state, user.id).await?
            } else {
                IntegrationFlags::default()
            };
            return Ok(Json(ResultEnvelope::ok(UserExistence {
                id: user.id,
                email: user.email,
                name: user.name,
                mobile: user.mobile,
                profile_pic: user.profile_pic,
                integrations,
                callyzer_user_mappings: mappings,
            })));
        }
    }
    Err(AppError::new(ErrorCode::NotFound, "no such user"))
}

/// 000 §3 user data v2: the caller's account and the token they called with. `email` and
/// `mobile`, when given, must be the caller's (else 403).
#[utoipa::path(
    get,
    path = "/api/v2/auth/accounts",
    tag = "accounts",
    params(
        ("email" = Option<String>, Query, description = "The caller's e-mail"),
        ("mobile" = Option<String>, Query, description = "The caller's mobile"),
    ),
    responses(
        (status = 200, description = "The caller's accounts", body = StatusEnvelope<AccountsData>),
        (status = 401, description = "Not signed in", body = contract::ErrorBody),
        (status = 403, description = "Another person's e-mail or mobile", body = contract::ErrorBody),
    )
)]
pub async fn get_accounts(
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    Query(q): Query<AccountsQuery>,
) -> Result<Json<StatusEnvelope<AccountsData>>, AppError> {
    let mismatch = |given: Option<&str>, own: Option<&str>, norm: fn(&str) -> Option<String>| {
        given
            .filter(|g| !g.trim().is_empty())
            .is_some_and(|g| norm(g) != own.map(str::to_owned))
    };
    let norm_email = |s: &str| Some(s.trim().to_ascii_lowercase());
    let norm_mobile = |s: &str| PhoneNumber::parse(s).ok().map(|p| p.as_str().to_owned());
    if mismatch(q.email.as_deref(), user.email.as_deref(), norm_email)
        || mismatch(q.mobile.as_deref(), user.mobile.as_deref(), norm_mobile)
    {
        return Err(AppError::new(
            ErrorCode::Forbidden,
            "these are another person's details",
        ));
    }
    let account = Account {
        email: user.email.clone(),
        // The extension's own token, as it presented it; a cookie session's value is never
        // answered (a page script would read it), so the web app gets an empty string.
        access_token: bearer_token(&headers).unwrap_or_default(),
    };
    Ok(Json(StatusEnvelope {
        status: true,
        data: AccountsData {
            accounts: vec![account.clone()],
            active_account: account,
            mobile: user.mobile,
            email: user.email,
        },
    }))
}

async fn organisation_list(state: &AppState, user_id: i64) -> Result<Vec<OrgMapping>, AppError> {
    let mut list: Vec<OrgMapping> = store::orgs::memberships_of_user(&state.store, user_id)
        .await?
        .iter()
        .filter(|(m, _)| m.user_status == domain::accounts::ACTIVE_USER_STATUS)
        .map(|(m, o)| views::mapping(m, o))
        .collect();
    let any_default = list.iter().any(|m| m.is_default_org == 1);
    list.push(views::personal_mapping(any_default));
    Ok(list)
}

/// 001 §3 organisation list: the caller's active memberships, then the synthetic Personal
/// entry with null ids.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/organizations",
    tag = "accounts",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Memberships and the Personal entry", body = ResultEnvelope<Vec<OrgMapping>>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn list_organisations(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<Vec<OrgMapping>>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    Ok(Json(ResultEnvelope::ok(
        organisation_list(&state, user.id).await?,
    )))
}

/// 001 §7 set active organisation: `org_id` becomes the default (`is_default_org` 1, every other
/// 0); without `org_id`, the Personal workspace is. Answers the new organisation list.
#[utoipa::path(
    patch,
    path = "/api/v1/whatzapp/organizations/active",
    tag = "accounts",
    params(
        ("workspace_id" = i64, Query, description = "The caller's workspace id"),
        ("org_id" = Option<i64>, Query, description = "The organisation; absent for Personal"),
    ),
    responses(
        (status = 200, description = "The organisation list after the switch", body = ResultEnvelope<Vec<OrgMapping>>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a member of that organisation", body = contract::ErrorBody),
    )
)]
pub async fn set_active_organisation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<SetActiveOrgQuery>,
) -> Result<Json<ResultEnvelope<Vec<OrgMapping>>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    if let Some(org_id) = q.org_id {
        member(&state, &user, org_id).await?;
    }
    let now = state.clock.now_ms();
    store::orgs::set_default_org(&state.store, user.id, q.org_id, now).await?;
    Ok(Json(ResultEnvelope::ok(
        organisation_list(&state, user.id).await?,
    )))
}

/// 001 §3 credit history of the caller's own workspace (`data.seat_issued`): one seat, and the
/// personal plan bought through checkout (Free until then).
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/usercredithistory",
    tag = "accounts",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "The personal credit history", body = ResultEnvelope<CreditHistory>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn user_credit_history(
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<CreditHistory>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    Ok(Json(ResultEnvelope::ok(CreditHistory {
        org_id: None,
        plan_id: i32::try_from(user.plan_id).unwrap_or(1),
        seat_issued: 1,
        validity: user.plan_validity.and_then(views::rfc3339),
        is_trial: user.plan_is_trial,
    })))
}

/// 001 §6 'The roles list is fetched from the server'.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/roles",
    tag = "accounts",
    responses((status = 200, description = "Admin, Manager, Employee", body = ResultEnvelope<Vec<Role>>))
)]
pub async fn list_roles(_caller: CurrentUser) -> Json<ResultEnvelope<Vec<Role>>> {
    Json(ResultEnvelope::ok(
        domain::accounts::ROLES
            .iter()
            .map(|(id, _)| views::role(*id))
            .collect(),
    ))
}
