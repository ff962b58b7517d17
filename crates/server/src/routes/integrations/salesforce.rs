//! Salesforce beyond the link (000 §7 v2): the settings panel (contact creation, record types)
//! and the org's record types and user fields, read with the caller's link.

use super::{default_org_admin, Access, Routes};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::links::{self, kinds};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::StatusEnvelope;
use contract::ErrorCode;
use domain::providers::Provider;
use store::integrations::Owner;
use utoipa_axum::routes;

/// This concern's routes.
pub(super) fn routes() -> Routes {
    Routes::new()
        .add_extension(Access::SignedIn, routes!(get_salesforce_settings))
        .add(Access::SignedIn, routes!(save_salesforce_settings))
        .add_extension(Access::SignedIn, routes!(get_salesforce_record_types))
        .add_extension(Access::SignedIn, routes!(get_salesforce_record_type_fields))
}

async fn salesforce_link(
    state: &AppState,
    user_id: i64,
) -> Result<store::entity::integration::Model, AppError> {
    links::find::<kinds::Salesforce>(state, Owner::User(user_id))
        .await?
        .ok_or_else(|| AppError::new(ErrorCode::NotFound, "connect Salesforce first"))
}

/// 000 §7 v2 `salesforce/settings`: the caller's settings panel (contact creation on by default,
/// no record types chosen). 404 without a Salesforce link.
#[utoipa::path(
    get,
    path = "/api/v2/salesforce/settings",
    tag = "integrations",
    responses(
        (status = 200, description = "The settings", body = StatusEnvelope<contract::integrations::SalesforceSettings>),
        (status = 404, description = "Salesforce is not linked", body = contract::ErrorBody),
    )
)]
pub async fn get_salesforce_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<StatusEnvelope<contract::integrations::SalesforceSettings>>, AppError> {
    let row = salesforce_link(&state, user.id).await?;
    let s = links::settings::<kinds::Salesforce>(&row)?;
    Ok(Json(StatusEnvelope {
        status: true,
        data: s.panel.unwrap_or_default(),
    }))
}

/// 000 §7 v2 `salesforce/settings` POST: saves `contactCreationEnabled` and
/// `contactRecordTypes` with the link (its tokens untouched). The panel is role 1's (000 §6): a
/// caller who is not an admin of their default organisation gets 403 `forbidden` and nothing
/// changes. 404 without a Salesforce link.
#[utoipa::path(
    post,
    path = "/api/v2/salesforce/settings",
    tag = "integrations",
    request_body = contract::integrations::SalesforceSettings,
    responses(
        (status = 200, description = "Saved", body = StatusEnvelope<contract::integrations::SalesforceSettings>),
        (status = 403, description = "Not an admin (role 1) of the default organisation", body = contract::ErrorBody),
        (status = 404, description = "Salesforce is not linked", body = contract::ErrorBody),
    )
)]
pub async fn save_salesforce_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<contract::integrations::SalesforceSettings>,
) -> Result<Json<StatusEnvelope<contract::integrations::SalesforceSettings>>, AppError> {
    default_org_admin(&state, &user).await?;
    let row = salesforce_link(&state, user.id).await?;
    let mut s = links::settings::<kinds::Salesforce>(&row)?;
    s.panel = Some(body.clone());
    links::update_settings::<kinds::Salesforce>(&state, &row, &s).await?;
    Ok(Json(StatusEnvelope {
        status: true,
        data: body,
    }))
}

/// Calls the org's REST API with the link's access token; on a 401 refreshes the token once
/// (stored sealed) and calls again. A refused refresh turns the link to `needs_reconnect` and
/// answers 422 `authentication_failed`; so does a link already needing a reconnect. 404 without
/// a link.
async fn with_salesforce<T, F, Fut>(state: &AppState, user_id: i64, call: F) -> Result<T, AppError>
where
    F: Fn(String, String) -> Fut,
    Fut: std::future::Future<Output = Result<T, connectors::salesforce::ApiError>>,
{
    use connectors::salesforce::ApiError;
    let reconnect = || {
        AppError::new(
            ErrorCode::AuthenticationFailed,
            "Failed to authenticate, please try again",
        )
    };
    let upstream = |detail: String| AppError {
        internal: Some(detail),
        ..AppError::new(
            ErrorCode::UpstreamFailed,
            "the provider did not answer as expected",
        )
    };
    let row = salesforce_link(state, user_id).await?;
    if row.status != store::integrations::STATUS_CONNECTED {
        return Err(reconnect());
    }
    let settings = links::settings::<kinds::Salesforce>(&row)?;
    let instance = settings
        .instance_url
        .ok_or_else(|| AppError::internal("salesforce link without an instance URL"))?;
    let secret = links::tokens(state, &row)?;
    match call(instance.clone(), secret.access_token.clone()).await {
        Ok(v) => return Ok(v),
        Err(ApiError::Upstream(d)) => return Err(upstream(d)),
        Err(ApiError::Unauthorized) => {}
    }
    // The same single refresh as the sync worker's: concurrent 401s on this link refresh once.
    let refreshed = crate::oauth::refresh_after_refused(
        state,
        Provider::Salesforce,
        Owner::User(user_id),
        &row,
    )
    .await?
    .ok_or_else(|| AppError::new(ErrorCode::NotFound, "connect Salesforce first"))?;
    if refreshed.status != store::integrations::STATUS_CONNECTED {
        return Err(reconnect());
    }
    let secret = links::tokens(state, &refreshed)?;
    match call(instance, secret.access_token).await {
        Ok(v) => Ok(v),
        Err(ApiError::Unauthorized) => Err(reconnect()),
        Err(ApiError::Upstream(d)) => Err(upstream(d)),
    }
}

/// 000 §7 v2 `salesforce/record-types`: the org's active contact record types as `data.records`
/// (`Id`, `Name`, `DeveloperName`), read with the caller's Salesforce link.
#[utoipa::path(
    get,
    path = "/api/v2/salesforce/record-types",
    tag = "integrations",
    responses(
        (status = 200, description = "The record types", body = StatusEnvelope<contract::integrations::SalesforceRecordTypes>),
        (status = 404, description = "Salesforce is not linked", body = contract::ErrorBody),
        (status = 422, description = "Salesforce refused the link: reconnect", body = contract::ErrorBody),
        (status = 502, description = "Salesforce did not answer as expected", body = contract::ErrorBody),
    )
)]
pub async fn get_salesforce_record_types(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<StatusEnvelope<contract::integrations::SalesforceRecordTypes>>, AppError> {
    let records = with_salesforce(&state, user.id, |instance, token| async move {
        connectors::salesforce::record_types(&instance, &token).await
    })
    .await?;
    Ok(Json(StatusEnvelope {
        status: true,
        data: contract::integrations::SalesforceRecordTypes {
            records: records
                .into_iter()
                .map(|r| contract::integrations::SalesforceRecordType {
                    id: r.id,
                    name: r.name,
                    developer_name: r.developer_name,
                })
                .collect(),
        },
    }))
}

/// 000 §7 v2 `salesforce/record-type/fields?id`: the `User` fields for record type `id` as
/// `data.objectInfos.User.fields` (by API name, each with `apiName`, `label`, `dataType`).
/// `id` must be a Salesforce id (15 or 18 letters and digits), else 400 `malformed_query`.
#[utoipa::path(
    get,
    path = "/api/v2/salesforce/record-type/fields",
    tag = "integrations",
    params(contract::integrations::SalesforceRecordTypeQuery),
    responses(
        (status = 200, description = "The user fields", body = StatusEnvelope<contract::integrations::SalesforceRecordTypeFields>),
        (status = 404, description = "Salesforce is not linked", body = contract::ErrorBody),
        (status = 400, description = "Not a record type id", body = contract::ErrorBody),
        (status = 422, description = "Salesforce refused the link: reconnect", body = contract::ErrorBody),
        (status = 502, description = "Salesforce did not answer as expected", body = contract::ErrorBody),
    )
)]
pub async fn get_salesforce_record_type_fields(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<contract::integrations::SalesforceRecordTypeQuery>,
) -> Result<Json<StatusEnvelope<contract::integrations::SalesforceRecordTypeFields>>, AppError> {
    if !connectors::salesforce::is_record_id(&q.id) {
        return Err(AppError::new(
            ErrorCode::MalformedQuery,
            "id: not a record type id",
        ));
    }
    let id = q.id;
    let fields = with_salesforce(&state, user.id, |instance, token| {
        let id = id.clone();
        async move { connectors::salesforce::user_fields(&instance, &token, &id).await }
    })
    .await?;
    use contract::integrations::{
        SalesforceFieldInfo, SalesforceObjectInfo, SalesforceObjectInfos,
        SalesforceRecordTypeFields,
    };
    Ok(Json(StatusEnvelope {
        status: true,
        data: SalesforceRecordTypeFields {
            object_infos: SalesforceObjectInfos {
                user: SalesforceObjectInfo {
                    fields: fields
                        .into_iter()
                        .map(|(k, f)| {
                            (
                                k,
                                SalesforceFieldInfo {
                                    api_name: f.api_name,
                                    label: f.label,
                                    data_type: f.data_type,
                                },
                            )
                        })
                        .collect(),
                },
            },
        },
    }))
}
