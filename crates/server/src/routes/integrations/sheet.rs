//! The Google Sheet link (000 §7 `googlesheet`, `getsheetfunnel`, `updatesheetfunnel`,
//! `deletegooglesheet`; role 1 only): the consent's exchange creates the spreadsheet rows go to.

use super::{default_org_admin, Access, Routes};
use crate::access::own_workspace;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::links::{self, kinds};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::{ResultEnvelope, WorkspaceQuery};
use contract::integrations::{GoogleSheetLink, SheetFunnel, SheetFunnelUpdate, SheetLinkStatus};
use contract::ErrorCode;
use domain::providers::Provider;
use store::integrations::Owner;
use utoipa_axum::routes;

/// This concern's routes.
pub(super) fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(create_google_sheet))
        .add_extension(Access::Scoped, routes!(get_google_sheet))
        .add_extension(Access::Scoped, routes!(get_sheet_funnel))
        .add(Access::Scoped, routes!(update_sheet_funnel))
        .add(Access::Scoped, routes!(delete_google_sheet))
}

fn sheet_status(
    row: Option<&store::entity::integration::Model>,
) -> Result<SheetLinkStatus, AppError> {
    let base = links::status_of(row);
    let settings = row.map(links::settings::<kinds::GoogleSheet>).transpose()?;
    Ok(SheetLinkStatus {
        connected: base.connected,
        needs_reconnect: base.needs_reconnect,
        sheet_id: settings.as_ref().map(|s| s.sheet_id.clone()),
        sub_sheet_name: settings.as_ref().map(|s| s.sub_sheet_name.clone()),
        label_name: settings.as_ref().map(|s| s.label_name.clone()),
        file_name: settings.map(|s| s.file_name),
    })
}

/// 000 §7 `googlesheet` POST: Google returned `code` and `state` to the web app, which sends
/// them here with the label from the sync modal (default 'Google Sheet', `spreadsheet_label`
/// rule). The server checks the state it issued (`integrations/google/authorize`), exchanges
/// the code with its client secret, creates a spreadsheet named after the label with the new
/// token (drive-file scope: only files this app creates) and stores the link: sheet id, sheet
/// name, label and file name in plain settings, tokens sealed. The spec's `sheet_id`,
/// `sub_sheet_name`, `file_name` and token fields in the body are ignored. Admins only.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/googlesheet",
    tag = "integrations",
    request_body = GoogleSheetLink,
    responses(
        (status = 200, description = "Linked; the new spreadsheet", body = ResultEnvelope<SheetLinkStatus>),
        (status = 403, description = "Another person's workspace, or not an admin", body = contract::ErrorBody),
        (status = 422, description = "The label is empty, or 'Failed to authenticate, please try again'", body = contract::ErrorBody),
        (status = 502, description = "Google did not answer as expected", body = contract::ErrorBody),
    )
)]
pub async fn create_google_sheet(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<GoogleSheetLink>,
) -> Result<Json<ResultEnvelope<SheetLinkStatus>>, AppError> {
    own_workspace(&user, body.workspace_id)?;
    default_org_admin(&state, &user).await?;
    let label = match body.label_name.as_deref() {
        Some(raw) => domain::inputs::SheetLabel::parse(raw)
            .map_err(|rule| AppError::invalid_field("label_name", rule))?,
        None => domain::inputs::SheetLabel::default_label(),
    };
    let label = label.as_str().to_owned();
    let got = crate::oauth::exchange(
        &state,
        Provider::GoogleSheet,
        user.id,
        &body.state,
        &body.code,
    )
    .await?;
    let sheet = connectors::google::create_spreadsheet(
        &state.config.providers.google.sheets_api_url,
        &got.tokens.access_token,
        &label,
    )
    .await
    .map_err(|e| match e {
        connectors::ConnectorError::WrongCredentials => AppError::new(
            ErrorCode::AuthenticationFailed,
            "Failed to authenticate, please try again",
        ),
        other => links::connector_error(other, ErrorCode::AuthenticationFailed, "code"),
    })?;
    let settings = kinds::SheetSettings {
        sheet_id: sheet.id,
        sub_sheet_name: sheet.sheet_name,
        label_name: label,
        file_name: sheet.title,
    };
    let row = crate::oauth::save_tokens::<kinds::GoogleSheet>(
        &state,
        Owner::User(user.id),
        &settings,
        &got.tokens,
    )
    .await?;
    Ok(Json(ResultEnvelope::ok(sheet_status(Some(&row))?)))
}

/// 000 §7 `googlesheet` GET: `result` true and `data.sheet_id` when the workspace has a usable
/// spreadsheet link (the token is refreshed first when it is about to expire; a refused refresh
/// answers `needs_reconnect`). No token is in the answer. Admins only.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/googlesheet",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "The spreadsheet link", body = ResultEnvelope<SheetLinkStatus>),
        (status = 403, description = "Another person's workspace, or not an admin", body = contract::ErrorBody),
    )
)]
pub async fn get_google_sheet(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<SheetLinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    default_org_admin(&state, &user).await?;
    let row = crate::oauth::fresh_link(&state, Provider::GoogleSheet, Owner::User(user.id)).await?;
    let status = sheet_status(row.as_ref())?;
    Ok(Json(ResultEnvelope {
        result: status.connected,
        data: status,
    }))
}

/// 000 §7 `getsheetfunnel`: `data.funnel_name`, the link's label. Admins only.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/getsheetfunnel",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "The label; `result` false without a link", body = ResultEnvelope<SheetFunnel>),
        (status = 403, description = "Another person's workspace, or not an admin", body = contract::ErrorBody),
    )
)]
pub async fn get_sheet_funnel(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<SheetFunnel>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    default_org_admin(&state, &user).await?;
    let row = links::find::<kinds::GoogleSheet>(&state, Owner::User(user.id)).await?;
    let funnel_name = row
        .as_ref()
        .map(links::settings::<kinds::GoogleSheet>)
        .transpose()?
        .map(|s| s.label_name);
    Ok(Json(ResultEnvelope {
        result: funnel_name.is_some(),
        data: SheetFunnel { funnel_name },
    }))
}

/// 000 §7 `updatesheetfunnel`: a new label (`spreadsheet_label` rule: 422 with
/// `updated_name: label_name_empty`), kept with the link; its tokens are untouched. 404 without
/// a link. Admins only.
#[utoipa::path(
    patch,
    path = "/api/v1/whatzapp/updatesheetfunnel",
    tag = "integrations",
    request_body = SheetFunnelUpdate,
    responses(
        (status = 200, description = "Saved", body = ResultEnvelope<SheetFunnel>),
        (status = 403, description = "Another person's workspace, or not an admin", body = contract::ErrorBody),
        (status = 404, description = "No spreadsheet is linked", body = contract::ErrorBody),
        (status = 422, description = "'Label name can not be empty'", body = contract::ErrorBody),
    )
)]
pub async fn update_sheet_funnel(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<SheetFunnelUpdate>,
) -> Result<Json<ResultEnvelope<SheetFunnel>>, AppError> {
    own_workspace(&user, body.workspace_id)?;
    default_org_admin(&state, &user).await?;
    let label = domain::inputs::SheetLabel::parse(&body.updated_name)
        .map_err(|rule| AppError::invalid_field("updated_name", rule))?;
    let label = label.as_str().to_owned();
    let row = links::find::<kinds::GoogleSheet>(&state, Owner::User(user.id))
        .await?
        .ok_or_else(|| AppError::new(ErrorCode::NotFound, "link a Google Sheet first"))?;
    let mut s = links::settings::<kinds::GoogleSheet>(&row)?;
    s.label_name = label.clone();
    links::update_settings::<kinds::GoogleSheet>(&state, &row, &s).await?;
    Ok(Json(ResultEnvelope::ok(SheetFunnel {
        funnel_name: Some(label),
    })))
}

/// 000 §7 `deletegooglesheet`: unlinks (also when nothing was linked); the spreadsheet stays in
/// the user's Drive. Admins only.
#[utoipa::path(
    delete,
    path = "/api/v1/whatzapp/deletegooglesheet",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Unlinked", body = ResultEnvelope<SheetLinkStatus>),
        (status = 403, description = "Another person's workspace, or not an admin", body = contract::ErrorBody),
    )
)]
pub async fn delete_google_sheet(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<SheetLinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    default_org_admin(&state, &user).await?;
    links::unlink(&state, Provider::GoogleSheet, Owner::User(user.id)).await?;
    Ok(Json(ResultEnvelope::ok(sheet_status(None)?)))
}
