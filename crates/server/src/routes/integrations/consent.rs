//! The links made on a provider's consent page (000 §7): the consent URL with a server-issued
//! state, and each provider's exchange endpoint (HubSpot, Bitrix24, Zoho, Salesforce; the
//! spreadsheet's is in `sheet.rs`). Tokens are stored sealed and never answered.

use super::{Access, Routes};
use crate::access::own_workspace;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::links::{self, kinds};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::{ResultEnvelope, StatusEnvelope};
use contract::integrations::{
    AuthorizeQuery, AuthorizeUrl, BitrixLink, LinkStatus, OAuthReturnQuery, SalesforceLink,
    ZohoLink, ZohoScopes,
};
use domain::providers::Provider;
use store::integrations::Owner;
use utoipa_axum::routes;

/// This concern's routes.
pub(super) fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(authorize))
        .add(Access::Scoped, routes!(create_hubspot))
        .add(Access::Scoped, routes!(create_bitrix))
        .add_extension(Access::SignedIn, routes!(zoho_scopes))
        .add(Access::Scoped, routes!(create_zoho))
        .add(Access::SignedIn, routes!(create_salesforce))
}

/// The consent page of an OAuth provider (`hubspot`) for the caller's own workspace: the URL with
/// a fresh server-issued `state`. The web app opens it; the provider returns to the configured
/// `oauth_redirect_url` with `code` and `state`, which the web app posts to the provider's
/// exchange endpoint.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/integrations/{provider}/authorize",
    tag = "integrations",
    params(
        ("provider" = String, Path, description = "hubspot"),
        ("workspace_id" = i64, Query, description = "The caller's workspace id"),
        ("redirect_uri" = Option<String>, Query, description = "Ignored: the configured redirect is used"),
    ),
    responses(
        (status = 200, description = "The consent URL and its state", body = ResultEnvelope<AuthorizeUrl>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "No OAuth connection for this provider", body = contract::ErrorBody),
        (status = 502, description = "The provider's application is not configured", body = contract::ErrorBody),
    )
)]
pub async fn authorize(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(provider): Path<String>,
    Query(q): Query<AuthorizeQuery>,
) -> Result<Json<ResultEnvelope<AuthorizeUrl>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    let (url, st) =
        crate::oauth::authorize(&state, &provider, user.id, q.domain.as_deref()).await?;
    Ok(Json(ResultEnvelope::ok(AuthorizeUrl { url, state: st })))
}

/// 000 §7 `hubspotauthentication`: exchanges the code HubSpot returned (with the server's client
/// secret) after checking the `state` this server issued to the caller; stores the tokens
/// encrypted. A replayed, expired or foreign state, or a refused code, is 422
/// `authentication_failed`.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/hubspotauthentication",
    tag = "integrations",
    params(
        ("workspace_id" = i64, Query, description = "The caller's workspace id"),
        ("code" = String, Query, description = "The code HubSpot returned"),
        ("state" = String, Query, description = "The state HubSpot returned"),
        ("grant_type" = Option<String>, Query, description = "Ignored"),
        ("redirect_uri" = Option<String>, Query, description = "Ignored"),
        ("client_id" = Option<String>, Query, description = "Ignored"),
        ("client_secret" = Option<String>, Query, description = "Ignored: never send it"),
    ),
    responses(
        (status = 200, description = "Linked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 422, description = "'Failed to authenticate, please try again'", body = contract::ErrorBody),
    )
)]
pub async fn create_hubspot(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<OAuthReturnQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    let got = crate::oauth::exchange(&state, Provider::Hubspot, user.id, &q.state, &q.code).await?;
    let row = crate::oauth::save_tokens::<kinds::Hubspot>(
        &state,
        Owner::User(user.id),
        &kinds::NoSettings {},
        &got.tokens,
    )
    .await?;
    Ok(Json(ResultEnvelope::ok(links::status_of(Some(&row)))))
}

/// 000 §7 `bitrix/createauth`: the portal returned `code` and `state` to the web app, which sends
/// them here; the server checks the state it issued (`integrations/bitrix/authorize?domain`) and
/// exchanges the code with its client secret at Bitrix's OAuth server. Tokens are stored sealed;
/// the spec's token fields in the body are ignored. (The spec's `bitrix/authentication`, which
/// handed tokens to the browser, is not served.)
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/bitrix/createauth",
    tag = "integrations",
    request_body = BitrixLink,
    responses(
        (status = 200, description = "Linked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 422, description = "'Failed to authenticate, please try again'", body = contract::ErrorBody),
    )
)]
pub async fn create_bitrix(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<BitrixLink>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, body.workspace_id)?;
    let got =
        crate::oauth::exchange(&state, Provider::Bitrix, user.id, &body.state, &body.code).await?;
    let settings = kinds::BitrixSettings {
        client_endpoint: got.client_endpoint,
    };
    let row = crate::oauth::save_tokens::<kinds::Bitrix>(
        &state,
        Owner::User(user.id),
        &settings,
        &got.tokens,
    )
    .await?;
    Ok(Json(ResultEnvelope::ok(links::status::<kinds::Bitrix>(
        Some(&row),
    )?)))
}

/// 000 §7 `zoho/scopes`: the scopes the consent asks for (the spec's fixed list is the source).
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/zoho/scopes",
    tag = "integrations",
    responses((status = 200, description = "The Zoho scopes", body = ResultEnvelope<ZohoScopes>))
)]
pub async fn zoho_scopes(_caller: CurrentUser) -> Json<ResultEnvelope<ZohoScopes>> {
    Json(ResultEnvelope::ok(ZohoScopes {
        scopes: connectors::zoho::SCOPES
            .iter()
            .map(|s| (*s).to_owned())
            .collect(),
    }))
}

/// 000 §7 `zoho/auth/token` POST: checks our `state`, accepts `temp_account_server_url` only
/// when it is a configured Zoho data centre, exchanges `temp_code` there with the server's
/// secret and stores the tokens sealed. The answer has no token in it.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/zoho/auth/token",
    tag = "integrations",
    request_body = ZohoLink,
    responses(
        (status = 200, description = "Linked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 422, description = "'Failed to authenticate, please try again' (state, data centre or code refused)", body = contract::ErrorBody),
    )
)]
pub async fn create_zoho(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<ZohoLink>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, body.workspace_id)?;
    let (tokens, server) = crate::oauth::exchange_zoho(
        &state,
        user.id,
        &body.state,
        &body.temp_code,
        &body.temp_account_server_url,
    )
    .await?;
    let row = crate::oauth::save_tokens::<kinds::Zoho>(
        &state,
        Owner::User(user.id),
        &kinds::ZohoSettings {
            accounts_server: server,
        },
        &tokens,
    )
    .await?;
    Ok(Json(ResultEnvelope::ok(links::status_of(Some(&row)))))
}

/// 000 §7 v2 `salesforce/auth`: checks our `state` and exchanges the code with the server's
/// secret and the PKCE verifier issued with the state; the org's `instance_url` is kept, the
/// tokens are sealed. Failures answer 422 `authentication_failed` ('Failed to authenticate,
/// please try again'), whose `message` the page may show.
#[utoipa::path(
    post,
    path = "/api/v2/salesforce/auth",
    tag = "integrations",
    request_body = SalesforceLink,
    responses(
        (status = 200, description = "Linked", body = StatusEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 422, description = "'Failed to authenticate, please try again'", body = contract::ErrorBody),
    )
)]
pub async fn create_salesforce(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<SalesforceLink>,
) -> Result<Json<StatusEnvelope<LinkStatus>>, AppError> {
    if let Some(ws) = body.workspace_id {
        own_workspace(&user, ws)?;
    }
    let grant = crate::oauth::exchange_salesforce(&state, user.id, &body.state, &body.code).await?;
    let row = crate::oauth::save_tokens::<kinds::Salesforce>(
        &state,
        Owner::User(user.id),
        &kinds::SalesforceSettings {
            instance_url: grant.instance_url,
            panel: None,
        },
        &grant.tokens,
    )
    .await?;
    Ok(Json(StatusEnvelope {
        status: true,
        data: links::status_of(Some(&row)),
    }))
}
