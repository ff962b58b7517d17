//! The Integrations screen's calls (000 §7), split by concern: links made with keys
//! (`keys.rs`), on a consent page (`consent.rs`), the spreadsheet (`sheet.rs`), Salesforce's
//! panel and record types (`salesforce.rs`), the organisation's webhook (`webhook.rs`) and the
//! members' links as their organisation sees them (`members.rs`).
//!
//! Status and unlink are the same for every provider of the registry, so they are written once
//! here: the generic `integrations/{provider}/link` routes, and the spec's per-provider paths
//! (`freshdesk/getauth`, `deletehubspotauthtoken`, …), which [`workspace_link_routes!`] and
//! [`own_link_routes!`] declare as thin calls to the same functions.

mod consent;
mod keys;
mod members;
mod salesforce;
mod sheet;
mod webhook;

use super::{Access, Routes};
use crate::access::own_workspace;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::links::{self, with_kind};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::{ResultEnvelope, StatusEnvelope, WorkspaceQuery};
use contract::integrations::LinkStatus;
use contract::ErrorCode;
use domain::providers::{LinkOwner, Provider};
use domain::roles::AccessLevel;
use store::entity::user;
use store::integrations::Owner;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add_extension(Access::Scoped, routes!(get_link))
        .add(Access::Scoped, routes!(delete_link))
        .add_extension(Access::Scoped, routes!(get_freshdesk))
        .add(Access::Scoped, routes!(delete_freshdesk))
        .add_extension(Access::Scoped, routes!(get_hubspot))
        .add(Access::Scoped, routes!(delete_hubspot))
        .add_extension(Access::Scoped, routes!(get_bitrix))
        .add(Access::Scoped, routes!(delete_bitrix))
        .add_extension(Access::Scoped, routes!(get_zoho))
        .add(Access::Scoped, routes!(delete_zoho))
        .add_extension(Access::SignedIn, routes!(get_leadsquared))
        .add(Access::SignedIn, routes!(delete_leadsquared))
        .add_extension(Access::SignedIn, routes!(get_salesforce))
        .add(Access::SignedIn, routes!(delete_salesforce))
        .merge(keys::routes())
        .merge(members::routes())
        .merge(webhook::routes())
        .merge(consent::routes())
        .merge(sheet::routes())
        .merge(salesforce::routes())
}

/// Role 1 only (000 §6: the spreadsheet card, the Salesforce settings panel): the caller must
/// be an admin of their default organisation (403 `forbidden`, `role: admin_only`, otherwise).
async fn default_org_admin(state: &AppState, user: &user::Model) -> Result<(), AppError> {
    let role = store::orgs::memberships_of_user(&state.store, user.id)
        .await?
        .into_iter()
        .find(|(m, _)| m.is_default_org && m.user_status == domain::accounts::ACTIVE_USER_STATUS)
        .map(|(m, _)| i64::from(m.role_id));
    AccessLevel::Admin
        .check(role)
        .map_err(AppError::forbidden)?;
    Ok(())
}

/// The caller's own link to `provider` as a status answer (no secret in it). A link that
/// refreshes is refreshed first when its access token is about to expire; a refresh the
/// provider refuses answers `needs_reconnect`.
async fn own_status(
    state: &AppState,
    user: &user::Model,
    provider: Provider,
) -> Result<LinkStatus, AppError> {
    let owner = Owner::User(user.id);
    let row = if provider.spec().refreshes {
        crate::oauth::fresh_link(state, provider, owner).await?
    } else {
        store::integrations::find(&state.store, provider.key(), owner).await?
    };
    with_kind!(provider, K => links::status::<K>(row.as_ref()))
}

/// Removes the caller's own link to `provider` (also when there is none).
async fn own_unlink(
    state: &AppState,
    user: &user::Model,
    provider: Provider,
) -> Result<LinkStatus, AppError> {
    links::unlink(state, provider, Owner::User(user.id)).await?;
    Ok(links::status_of(None))
}

/// [`own_status`] for the spec's v1 shape: `workspace_id` must be the caller's own, and
/// `result` says whether the link is usable.
async fn workspace_status(
    state: &AppState,
    user: &user::Model,
    workspace_id: i64,
    provider: Provider,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(user, workspace_id)?;
    let status = own_status(state, user, provider).await?;
    Ok(Json(ResultEnvelope {
        result: status.connected,
        data: status,
    }))
}

/// [`own_unlink`] for the spec's v1 shape.
async fn workspace_unlink(
    state: &AppState,
    user: &user::Model,
    workspace_id: i64,
    provider: Provider,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(user, workspace_id)?;
    Ok(Json(ResultEnvelope::ok(
        own_unlink(state, user, provider).await?,
    )))
}

/// A provider of the registry linked to the caller's own workspace, by its `dataKey`; 404 for
/// an unknown key or the organisation's webhook (which has its own endpoint).
fn workspace_provider(key: &str) -> Result<Provider, AppError> {
    Provider::from_key(key)
        .filter(|p| p.spec().owner == LinkOwner::User)
        .ok_or_else(|| AppError::new(ErrorCode::NotFound, "no workspace link for this provider"))
}

/// The caller's link to any provider of their workspace: `result` true when it is usable,
/// `data.needs_reconnect` when the provider refused it. No secret is ever in the answer.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/integrations/{provider}/link",
    tag = "integrations",
    params(
        ("provider" = String, Path, description = "The integration's dataKey (hubspot, googleSheet, …)"),
        ("workspace_id" = i64, Query, description = "The caller's workspace id"),
    ),
    responses(
        (status = 200, description = "The link's status", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a provider linked per workspace", body = contract::ErrorBody),
    )
)]
pub async fn get_link(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(provider): Path<String>,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    let provider = workspace_provider(&provider)?;
    workspace_status(&state, &user, q.workspace_id, provider).await
}

/// Unlinks the caller's link to any provider of their workspace (also when nothing was linked).
#[utoipa::path(
    delete,
    path = "/api/v1/whatzapp/integrations/{provider}/link",
    tag = "integrations",
    params(
        ("provider" = String, Path, description = "The integration's dataKey (hubspot, googleSheet, …)"),
        ("workspace_id" = i64, Query, description = "The caller's workspace id"),
    ),
    responses(
        (status = 200, description = "Unlinked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a provider linked per workspace", body = contract::ErrorBody),
    )
)]
pub async fn delete_link(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(provider): Path<String>,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    let provider = workspace_provider(&provider)?;
    if provider == Provider::GoogleSheet {
        default_org_admin(&state, &user).await?;
    }
    workspace_unlink(&state, &user, q.workspace_id, provider).await
}

/// Declares a provider's spec status and unlink routes of the v1 shape (`?workspace_id`,
/// `{ result, data }`) as calls to [`workspace_status`] and [`workspace_unlink`].
macro_rules! workspace_link_routes {
    ($provider:expr, $get:ident = $get_path:literal, $delete:ident = $delete_path:literal) => {
        /// 000 §7: `result` true when the caller's workspace has a usable link (a token about
        /// to expire is refreshed first; a refused refresh answers `needs_reconnect`).
        #[utoipa::path(
            get,
            path = $get_path,
            tag = "integrations",
            params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
            responses(
                (status = 200, description = "Whether the provider is linked", body = ResultEnvelope<LinkStatus>),
                (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
            )
        )]
        pub async fn $get(
            State(state): State<AppState>,
            CurrentUser(user): CurrentUser,
            Query(q): Query<WorkspaceQuery>,
        ) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
            workspace_status(&state, &user, q.workspace_id, $provider).await
        }

        /// 000 §7: unlinks (also when nothing was linked).
        #[utoipa::path(
            delete,
            path = $delete_path,
            tag = "integrations",
            params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
            responses(
                (status = 200, description = "Unlinked", body = ResultEnvelope<LinkStatus>),
                (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
            )
        )]
        pub async fn $delete(
            State(state): State<AppState>,
            CurrentUser(user): CurrentUser,
            Query(q): Query<WorkspaceQuery>,
        ) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
            workspace_unlink(&state, &user, q.workspace_id, $provider).await
        }
    };
}

/// Declares a provider's spec v2 status and unlink routes (the caller's own link,
/// `{ status, data }`) as calls to [`own_status`] and [`own_unlink`].
macro_rules! own_link_routes {
    ($provider:expr, $get:ident, $delete:ident, $path:literal) => {
        /// 000 §7 v2: `status` true when the caller has a usable link.
        #[utoipa::path(
            get,
            path = $path,
            tag = "integrations",
            responses((status = 200, description = "Whether the provider is linked", body = StatusEnvelope<LinkStatus>))
        )]
        pub async fn $get(
            State(state): State<AppState>,
            CurrentUser(user): CurrentUser,
        ) -> Result<Json<StatusEnvelope<LinkStatus>>, AppError> {
            let status = own_status(&state, &user, $provider).await?;
            Ok(Json(StatusEnvelope {
                status: status.connected,
                data: status,
            }))
        }

        /// 000 §7 v2: unlinks (also when nothing was linked).
        #[utoipa::path(
            delete,
            path = $path,
            tag = "integrations",
            responses((status = 200, description = "Unlinked", body = StatusEnvelope<LinkStatus>))
        )]
        pub async fn $delete(
            State(state): State<AppState>,
            CurrentUser(user): CurrentUser,
        ) -> Result<Json<StatusEnvelope<LinkStatus>>, AppError> {
            Ok(Json(StatusEnvelope {
                status: true,
                data: own_unlink(&state, &user, $provider).await?,
            }))
        }
    };
}

workspace_link_routes!(
    Provider::Freshdesk,
    get_freshdesk = "/api/v1/whatzapp/freshdesk/getauth",
    delete_freshdesk = "/api/v1/whatzapp/freshdesk/deleteauth"
);
workspace_link_routes!(
    Provider::Hubspot,
    get_hubspot = "/api/v1/whatzapp/gethubspotauthtokens",
    delete_hubspot = "/api/v1/whatzapp/deletehubspotauthtoken"
);
workspace_link_routes!(
    Provider::Bitrix,
    get_bitrix = "/api/v1/whatzapp/bitrix/getauth",
    delete_bitrix = "/api/v1/whatzapp/bitrix/deleteauth"
);
workspace_link_routes!(
    Provider::Zoho,
    get_zoho = "/api/v1/whatzapp/zoho/auth/token",
    delete_zoho = "/api/v1/whatzapp/zoho/auth/token"
);
own_link_routes!(
    Provider::Leadsquared,
    get_leadsquared,
    delete_leadsquared,
    "/api/v2/leadsquared/auth"
);
own_link_routes!(
    Provider::Salesforce,
    get_salesforce,
    delete_salesforce,
    "/api/v2/salesforce/auth"
);
