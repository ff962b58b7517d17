//! The Integrations screen's calls (000 §7) for the links made with a key rather than OAuth:
//! Freshdesk (`freshdesk/*`, per workspace), LeadSquared (v2 `leadsquared/auth`, the caller's
//! own), the restricted `other/proxy` (LeadSquared hosts only, through the address guard) and
//! the organisation's webhook endpoint (`webhook/endpoints`, admins). Every credential is
//! checked with the provider on the server before it is stored, encrypted.

use super::{Access, Routes};
use crate::access::{member_at, own_workspace};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::links::{self, FRESHDESK, LEADSQUARED, WEBHOOKS};
use crate::state::AppState;
use axum::extract::{Path, State};
use contract::accounts::{ResultEnvelope, StatusEnvelope, WorkspaceQuery};
use contract::integrations::{
    AuthorizeQuery, AuthorizeUrl, BitrixLink, FreshdeskCheckQuery, FreshdeskLink, GoogleSheetLink,
    LeadsquaredLink, LinkStatus, OAuthReturnQuery, ProxyRequest, SalesforceLink, SheetFunnel,
    SheetFunnelUpdate, SheetLinkStatus, WebhookEndpoint, WebhookQuery, WebhookUpdate, ZohoLink,
    ZohoScopes,
};
use contract::ErrorCode;
use domain::inputs::{
    FreshdeskCredentials, FreshdeskInput, LeadsquaredCredentials, LeadsquaredInput, WebhookToken,
    WebhookUrl,
};
use domain::roles::AccessLevel;
use store::integrations::Owner;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add(Access::SignedIn, routes!(check_freshdesk))
        .add(Access::Scoped, routes!(create_freshdesk))
        .add(Access::Scoped, routes!(get_freshdesk))
        .add(Access::Scoped, routes!(delete_freshdesk))
        .add(Access::SignedIn, routes!(create_leadsquared))
        .add(Access::SignedIn, routes!(get_leadsquared))
        .add(Access::SignedIn, routes!(delete_leadsquared))
        .add(Access::SignedIn, routes!(proxy))
        .add(Access::Scoped, routes!(get_webhook))
        .add(Access::Scoped, routes!(update_webhook))
        .add(Access::Scoped, routes!(authorize))
        .add(Access::Scoped, routes!(create_hubspot))
        .add(Access::Scoped, routes!(get_hubspot))
        .add(Access::Scoped, routes!(delete_hubspot))
        .add(Access::Scoped, routes!(create_bitrix))
        .add(Access::Scoped, routes!(get_bitrix))
        .add(Access::Scoped, routes!(delete_bitrix))
        .add(Access::SignedIn, routes!(zoho_scopes))
        .add(Access::Scoped, routes!(create_zoho))
        .add(Access::Scoped, routes!(get_zoho))
        .add(Access::Scoped, routes!(delete_zoho))
        .add(Access::Scoped, routes!(create_google_sheet))
        .add(Access::Scoped, routes!(get_google_sheet))
        .add(Access::Scoped, routes!(get_sheet_funnel))
        .add(Access::Scoped, routes!(update_sheet_funnel))
        .add(Access::Scoped, routes!(delete_google_sheet))
        .add(Access::SignedIn, routes!(create_salesforce))
        .add(Access::SignedIn, routes!(get_salesforce))
        .add(Access::SignedIn, routes!(delete_salesforce))
        .add(Access::SignedIn, routes!(get_salesforce_settings))
        .add(Access::SignedIn, routes!(save_salesforce_settings))
        .add(Access::SignedIn, routes!(get_salesforce_record_types))
        .add(Access::SignedIn, routes!(get_salesforce_record_type_fields))
}

fn freshdesk_base(state: &AppState, domain: &str) -> String {
    connectors::fill_template(&state.config.providers.freshdesk.api_url, "domain", domain)
}

async fn verify_freshdesk(state: &AppState, creds: &FreshdeskCredentials) -> Result<(), AppError> {
    connectors::freshdesk::check_credentials(
        &freshdesk_base(state, creds.domain.as_str()),
        &creds.api_key,
        &state.config.address_allow,
    )
    .await
    .map_err(|e| links::connector_error(e, ErrorCode::WrongApiKeyOrDomain, "domain"))
}

fn parse_freshdesk(domain: &str, api_key: &str) -> Result<FreshdeskCredentials, AppError> {
    FreshdeskCredentials::parse(&FreshdeskInput {
        domain: domain.to_owned(),
        api_key: api_key.to_owned(),
    })
    .map_err(|rule| {
        let field = if rule == domain::RuleError::ApiKeyEmpty {
            "api_key"
        } else {
            "domain"
        };
        AppError::invalid_field(field, rule)
    })
}

/// 000 §7 Freshdesk credential check: lists a ticket with the key; an HTTP ok when Freshdesk
/// accepts it, else 422 `wrong_api_key_or_domain` ('Wrong Api Key or domain').
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/freshdesk/tickets",
    tag = "integrations",
    params(
        ("domain" = String, Query, description = "The helpdesk host, e.g. acme.freshdesk.com"),
        ("api_key" = String, Query, description = "The agent's API key"),
    ),
    responses(
        (status = 200, description = "Freshdesk accepts the key", body = ResultEnvelope<LinkStatus>),
        (status = 422, description = "A field broke a rule, the key or domain is wrong, or the address is refused", body = contract::ErrorBody),
    )
)]
pub async fn check_freshdesk(
    State(state): State<AppState>,
    _caller: CurrentUser,
    Query(q): Query<FreshdeskCheckQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    let creds = parse_freshdesk(&q.domain, &q.api_key)?;
    verify_freshdesk(&state, &creds).await?;
    Ok(Json(ResultEnvelope::ok(links::status_of(None))))
}

/// 000 §7 `freshdesk/createauth`: checks the key with Freshdesk, then stores the link of the
/// caller's own workspace with the key encrypted.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/freshdesk/createauth",
    tag = "integrations",
    request_body = FreshdeskLink,
    responses(
        (status = 200, description = "Linked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 422, description = "A field broke a rule, the key or domain is wrong, or the address is refused", body = contract::ErrorBody),
    )
)]
pub async fn create_freshdesk(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<FreshdeskLink>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, body.workspace_id)?;
    let creds = parse_freshdesk(&body.domain, &body.api_key)?;
    verify_freshdesk(&state, &creds).await?;
    let settings = links::FreshdeskSettings {
        domain: creds.domain.as_str().to_owned(),
    };
    let secret = links::FreshdeskSecret {
        api_key: creds.api_key,
    };
    let row = links::save(&state, FRESHDESK, Owner::User(user.id), &settings, &secret).await?;
    Ok(Json(ResultEnvelope::ok(freshdesk_status(Some(&row))?)))
}

fn freshdesk_status(
    row: Option<&store::entity::integration::Model>,
) -> Result<LinkStatus, AppError> {
    let mut status = links::status_of(row);
    if let Some(r) = row {
        status.domain = Some(links::settings::<links::FreshdeskSettings>(r)?.domain);
    }
    Ok(status)
}

/// 000 §7 `freshdesk/getauth`: `result` true when the workspace has a usable Freshdesk link.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/freshdesk/getauth",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Whether Freshdesk is linked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn get_freshdesk(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    let row = store::integrations::find(&state.store, FRESHDESK, Owner::User(user.id)).await?;
    let status = freshdesk_status(row.as_ref())?;
    Ok(Json(ResultEnvelope {
        result: status.connected,
        data: status,
    }))
}

/// 000 §7 `freshdesk/deleteauth`: unlinks (also when nothing was linked).
#[utoipa::path(
    delete,
    path = "/api/v1/whatzapp/freshdesk/deleteauth",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Unlinked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn delete_freshdesk(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    store::integrations::delete(&state.store, FRESHDESK, Owner::User(user.id)).await?;
    Ok(Json(ResultEnvelope::ok(links::status_of(None))))
}

fn leadsquared_status(
    row: Option<&store::entity::integration::Model>,
) -> Result<LinkStatus, AppError> {
    let mut status = links::status_of(row);
    if let Some(r) = row {
        let s: links::LeadsquaredSettings = links::settings(r)?;
        status.host = Some(s.host);
        status.homepage = Some(s.homepage);
    }
    Ok(status)
}

/// 000 §7 v2 `leadsquared/auth`: checks the keys with LeadSquared (the user lookup must
/// answer an `Id`), then stores the caller's link with both keys encrypted. The host must be a
/// LeadSquared host; `homepage` is derived from it (000 §5), whatever the body says.
#[utoipa::path(
    post,
    path = "/api/v2/leadsquared/auth",
    tag = "integrations",
    request_body = LeadsquaredLink,
    responses(
        (status = 200, description = "Linked", body = StatusEnvelope<LinkStatus>),
        (status = 422, description = "A field broke a rule, the keys are wrong ('Wrong Host, Access Key or Secret key'), or the host is refused", body = contract::ErrorBody),
    )
)]
pub async fn create_leadsquared(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<LeadsquaredLink>,
) -> Result<Json<StatusEnvelope<LinkStatus>>, AppError> {
    let creds = LeadsquaredCredentials::parse(&LeadsquaredInput {
        host: body.host,
        access_key: body.access_id,
        secret_key: body.secret_key,
    })
    .map_err(|rule| AppError::invalid_field("host", rule))?;
    if !connectors::guard::host_has_suffix(
        &creds.host,
        &state.config.providers.leadsquared.host_suffixes,
    ) {
        return Err(AppError::new(
            ErrorCode::WrongLeadsquaredCredentials,
            "Wrong Host, Access Key or Secret key",
        ));
    }
    let base = connectors::fill_template(
        &state.config.providers.leadsquared.api_url,
        "host",
        &creds.host,
    );
    let user_id = connectors::leadsquared::user_id(
        &base,
        &creds.access_id,
        &creds.secret_key,
        &state.config.address_allow,
    )
    .await
    .map_err(|e| links::connector_error(e, ErrorCode::WrongLeadsquaredCredentials, "host"))?;
    let settings = links::LeadsquaredSettings {
        host: creds.host,
        homepage: creds.homepage,
        user_id,
    };
    let secret = links::LeadsquaredSecret {
        access_id: creds.access_id,
        secret_key: creds.secret_key,
    };
    let row = links::save(
        &state,
        LEADSQUARED,
        Owner::User(user.id),
        &settings,
        &secret,
    )
    .await?;
    Ok(Json(StatusEnvelope {
        status: true,
        data: leadsquared_status(Some(&row))?,
    }))
}

/// 000 §7 v2 `leadsquared/auth`: `status` true when the caller has a usable link.
#[utoipa::path(
    get,
    path = "/api/v2/leadsquared/auth",
    tag = "integrations",
    responses((status = 200, description = "Whether LeadSquared is linked", body = StatusEnvelope<LinkStatus>))
)]
pub async fn get_leadsquared(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<StatusEnvelope<LinkStatus>>, AppError> {
    let row = store::integrations::find(&state.store, LEADSQUARED, Owner::User(user.id)).await?;
    let status = leadsquared_status(row.as_ref())?;
    Ok(Json(StatusEnvelope {
        status: status.connected,
        data: status,
    }))
}

/// 000 §7 v2 `leadsquared/auth` DELETE: unlinks (also when nothing was linked).
#[utoipa::path(
    delete,
    path = "/api/v2/leadsquared/auth",
    tag = "integrations",
    responses((status = 200, description = "Unlinked", body = StatusEnvelope<LinkStatus>))
)]
pub async fn delete_leadsquared(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<StatusEnvelope<LinkStatus>>, AppError> {
    store::integrations::delete(&state.store, LEADSQUARED, Owner::User(user.id)).await?;
    Ok(Json(StatusEnvelope {
        status: true,
        data: links::status_of(None),
    }))
}

/// 000 §7 v2 `other/proxy`, kept only for the LeadSquared credential check: the URL's host must
/// be a LeadSquared host (configuration) and pass the address guard; only GET and POST. Answers
/// LeadSquared's JSON when it names a user `Id`, else 422 `wrong_leadsquared_credentials`.
#[utoipa::path(
    post,
    path = "/api/v2/other/proxy",
    tag = "integrations",
    request_body = ProxyRequest,
    responses(
        (status = 200, description = "LeadSquared's answer, with data.Id", body = StatusEnvelope<serde_json::Value>),
        (status = 422, description = "The keys are wrong, or the URL is not a LeadSquared address the server may reach", body = contract::ErrorBody),
    )
)]
pub async fn proxy(
    State(state): State<AppState>,
    _caller: CurrentUser,
    Json(body): Json<ProxyRequest>,
) -> Result<Json<StatusEnvelope<serde_json::Value>>, AppError> {
    let req = connectors::leadsquared::ProxyRequest {
        url: body.url,
        method: body.method.unwrap_or_else(|| "GET".to_owned()),
        payload: body.payload,
        headers: body.headers.unwrap_or_default().into_iter().collect(),
    };
    let (ok, answer) = connectors::leadsquared::proxy(
        &req,
        &state.config.providers.leadsquared.host_suffixes,
        &state.config.address_allow,
    )
    .await
    .map_err(|e| links::connector_error(e, ErrorCode::WrongLeadsquaredCredentials, "url"))?;
    if !ok {
        return Err(AppError::new(
            ErrorCode::WrongLeadsquaredCredentials,
            "Wrong Host, Access Key or Secret key",
        ));
    }
    Ok(Json(StatusEnvelope {
        status: true,
        data: answer,
    }))
}

async fn webhook_view(state: &AppState, org_id: i64) -> Result<WebhookEndpoint, AppError> {
    let row = store::integrations::find(&state.store, WEBHOOKS, Owner::Org(org_id)).await?;
    let Some(row) = row else {
        return Ok(WebhookEndpoint {
            org_id,
            duplex_webhook: None,
            auth_token: None,
            status: 0,
            signing_secret: None,
            has_signing_secret: false,
        });
    };
    let s: links::WebhookSettings = links::settings(&row)?;
    let secret: links::WebhookSecret = links::secret(state, &row)?;
    Ok(WebhookEndpoint {
        org_id,
        duplex_webhook: s.duplex_webhook,
        auth_token: secret.auth_token.as_deref().map(links::mask),
        status: s.status,
        signing_secret: None,
        has_signing_secret: secret.signing_secret.is_some(),
    })
}

/// 000 §7 `webhook/endpoints`: the organisation's endpoint, its status, and a mask of its token
/// (the token itself is never sent back). Admins only.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/webhook/endpoints",
    tag = "integrations",
    params(("org_id" = i64, Query, description = "The organisation")),
    responses(
        (status = 200, description = "The endpoint", body = ResultEnvelope<WebhookEndpoint>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn get_webhook(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WebhookQuery>,
) -> Result<Json<ResultEnvelope<WebhookEndpoint>>, AppError> {
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    Ok(Json(ResultEnvelope::ok(
        webhook_view(&state, q.org_id).await?,
    )))
}

/// 000 §7 `webhook/endpoints` POST: `org_id` plus one or more of `duplex_webhook` (an http(s)
/// URL that passes the address guard), `status` (1 on, 0 off) and `auth_token` (encrypted).
/// Admins only. Answers the endpoint as stored.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/webhook/endpoints",
    tag = "integrations",
    request_body = WebhookUpdate,
    responses(
        (status = 200, description = "Saved", body = ResultEnvelope<WebhookEndpoint>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "A value broke a rule or the URL is refused", body = contract::ErrorBody),
    )
)]
pub async fn update_webhook(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<WebhookUpdate>,
) -> Result<Json<ResultEnvelope<WebhookEndpoint>>, AppError> {
    member_at(&state, &user, body.org_id, AccessLevel::Admin).await?;
    if body.duplex_webhook.is_none() && body.status.is_none() && body.auth_token.is_none() {
        return Err(AppError::invalid_field(
            "duplex_webhook",
            domain::RuleError::ValueInvalid,
        ));
    }
    let url = match body.duplex_webhook.as_deref() {
        Some(raw) => {
            let url = WebhookUrl::parse(raw)
                .map_err(|rule| AppError::invalid_field("duplex_webhook", rule))?;
            let text = serde_json::to_value(&url)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .ok_or_else(|| AppError::internal("webhook url"))?;
            connectors::webhook::check_endpoint(&text, &state.config.address_allow)
                .await
                .map_err(|e| {
                    links::connector_error(e, ErrorCode::AddressRefused, "duplex_webhook")
                })?;
            Some(text)
        }
        None => None,
    };
    let status = match body.status {
        Some(s @ (0 | 1)) => Some(s),
        Some(_) => {
            return Err(AppError::invalid_field(
                "status",
                domain::RuleError::ValueInvalid,
            ))
        }
        None => None,
    };
    let token = match body.auth_token.as_deref() {
        Some(raw) => Some(
            WebhookToken::parse(raw).map_err(|rule| AppError::invalid_field("auth_token", rule))?,
        ),
        None => None,
    };
    let owner = Owner::Org(body.org_id);
    let existing = store::integrations::find(&state.store, WEBHOOKS, owner).await?;
    let (mut settings, mut secret) = match &existing {
        Some(row) => (
            links::settings::<links::WebhookSettings>(row)?,
            links::secret::<links::WebhookSecret>(&state, row)?,
        ),
        None => Default::default(),
    };
    if let Some(u) = url {
        settings.duplex_webhook = Some(u);
    }
    if let Some(s) = status {
        settings.status = s;
    }
    if let Some(t) = token {
        secret.auth_token = serde_json::to_value(&t)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned));
    }
    // Every endpoint signs its deliveries; the secret is shown in this answer only.
    let made = match secret.signing_secret {
        Some(_) => None,
        None => {
            let s = crate::sync::new_signing_secret();
            secret.signing_secret = Some(s.clone());
            Some(s)
        }
    };
    links::save(&state, WEBHOOKS, owner, &settings, &secret).await?;
    let mut view = webhook_view(&state, body.org_id).await?;
    view.signing_secret = made;
    Ok(Json(ResultEnvelope::ok(view)))
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
    let got =
        crate::oauth::exchange(&state, crate::oauth::HUBSPOT, user.id, &q.state, &q.code).await?;
    let row = crate::oauth::save_tokens(
        &state,
        crate::oauth::HUBSPOT,
        Owner::User(user.id),
        &serde_json::json!({}),
        &got.tokens,
    )
    .await?;
    Ok(Json(ResultEnvelope::ok(links::status_of(Some(&row)))))
}

/// 000 §7 `gethubspotauthtokens`: `result` true when the workspace has a usable HubSpot link.
/// The access token is refreshed first when it is about to expire; a refresh HubSpot refuses
/// answers `needs_reconnect`. No token is ever in the answer.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/gethubspotauthtokens",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Whether HubSpot is linked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn get_hubspot(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    let row = crate::oauth::fresh_link(&state, crate::oauth::HUBSPOT, Owner::User(user.id)).await?;
    let status = links::status_of(row.as_ref());
    Ok(Json(ResultEnvelope {
        result: status.connected,
        data: status,
    }))
}

/// 000 §7 `deletehubspotauthtoken`: unlinks (also when nothing was linked).
#[utoipa::path(
    delete,
    path = "/api/v1/whatzapp/deletehubspotauthtoken",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Unlinked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn delete_hubspot(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    store::integrations::delete(&state.store, crate::oauth::HUBSPOT, Owner::User(user.id)).await?;
    Ok(Json(ResultEnvelope::ok(links::status_of(None))))
}

/// Bitrix's stored, non-secret settings: the portal's REST endpoint.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct BitrixSettings {
    pub(crate) client_endpoint: Option<String>,
}

fn bitrix_status(row: Option<&store::entity::integration::Model>) -> Result<LinkStatus, AppError> {
    let mut status = links::status_of(row);
    if let Some(r) = row {
        let s: BitrixSettings = links::settings(r)?;
        status.domain = s
            .client_endpoint
            .as_deref()
            .and_then(|e| e.split("://").nth(1))
            .and_then(|rest| rest.split('/').next())
            .map(str::to_owned);
    }
    Ok(status)
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
    let got = crate::oauth::exchange(
        &state,
        crate::oauth::BITRIX,
        user.id,
        &body.state,
        &body.code,
    )
    .await?;
    let settings = BitrixSettings {
        client_endpoint: got.client_endpoint,
    };
    let row = crate::oauth::save_tokens(
        &state,
        crate::oauth::BITRIX,
        Owner::User(user.id),
        &settings,
        &got.tokens,
    )
    .await?;
    Ok(Json(ResultEnvelope::ok(bitrix_status(Some(&row))?)))
}

/// 000 §7 `bitrix/getauth`: `result` true when the workspace has a usable Bitrix24 link; the
/// token is refreshed first when it is about to expire (a refused refresh: `needs_reconnect`).
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/bitrix/getauth",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Whether Bitrix24 is linked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn get_bitrix(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    let row = crate::oauth::fresh_link(&state, crate::oauth::BITRIX, Owner::User(user.id)).await?;
    let status = bitrix_status(row.as_ref())?;
    Ok(Json(ResultEnvelope {
        result: status.connected,
        data: status,
    }))
}

/// 000 §7 `bitrix/deleteauth`: unlinks (also when nothing was linked).
#[utoipa::path(
    delete,
    path = "/api/v1/whatzapp/bitrix/deleteauth",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Unlinked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn delete_bitrix(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    store::integrations::delete(&state.store, crate::oauth::BITRIX, Owner::User(user.id)).await?;
    Ok(Json(ResultEnvelope::ok(links::status_of(None))))
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
    let row = crate::oauth::save_tokens(
        &state,
        crate::oauth::ZOHO,
        Owner::User(user.id),
        &crate::oauth::ZohoSettings {
            accounts_server: server,
        },
        &tokens,
    )
    .await?;
    Ok(Json(ResultEnvelope::ok(links::status_of(Some(&row)))))
}

/// 000 §7 `zoho/auth/token` GET: `result` true when the workspace has a usable Zoho link (the
/// token is refreshed at its data centre first when it is about to expire).
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/zoho/auth/token",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Whether Zoho is linked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn get_zoho(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    let row = crate::oauth::fresh_link(&state, crate::oauth::ZOHO, Owner::User(user.id)).await?;
    let status = links::status_of(row.as_ref());
    Ok(Json(ResultEnvelope {
        result: status.connected,
        data: status,
    }))
}

/// 000 §7 `zoho/auth/token` DELETE: unlinks (also when nothing was linked).
#[utoipa::path(
    delete,
    path = "/api/v1/whatzapp/zoho/auth/token",
    tag = "integrations",
    params(("workspace_id" = i64, Query, description = "The caller's workspace id")),
    responses(
        (status = 200, description = "Unlinked", body = ResultEnvelope<LinkStatus>),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
    )
)]
pub async fn delete_zoho(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<WorkspaceQuery>,
) -> Result<Json<ResultEnvelope<LinkStatus>>, AppError> {
    own_workspace(&user, q.workspace_id)?;
    store::integrations::delete(&state.store, crate::oauth::ZOHO, Owner::User(user.id)).await?;
    Ok(Json(ResultEnvelope::ok(links::status_of(None))))
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
    let row = crate::oauth::save_tokens(
        &state,
        crate::oauth::SALESFORCE,
        Owner::User(user.id),
        &crate::oauth::SalesforceSettings {
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

/// 000 §7 v2 `salesforce/auth`: `status` true when the caller has a usable Salesforce link.
#[utoipa::path(
    get,
    path = "/api/v2/salesforce/auth",
    tag = "integrations",
    responses((status = 200, description = "Whether Salesforce is linked", body = StatusEnvelope<LinkStatus>))
)]
pub async fn get_salesforce(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<StatusEnvelope<LinkStatus>>, AppError> {
    let row =
        crate::oauth::fresh_link(&state, crate::oauth::SALESFORCE, Owner::User(user.id)).await?;
    let status = links::status_of(row.as_ref());
    Ok(Json(StatusEnvelope {
        status: status.connected,
        data: status,
    }))
}

/// 000 §7 v2 `salesforce/auth` DELETE: unlinks (also when nothing was linked).
#[utoipa::path(
    delete,
    path = "/api/v2/salesforce/auth",
    tag = "integrations",
    responses((status = 200, description = "Unlinked", body = StatusEnvelope<LinkStatus>))
)]
pub async fn delete_salesforce(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<StatusEnvelope<LinkStatus>>, AppError> {
    store::integrations::delete(&state.store, crate::oauth::SALESFORCE, Owner::User(user.id))
        .await?;
    Ok(Json(StatusEnvelope {
        status: true,
        data: links::status_of(None),
    }))
}

async fn salesforce_link(
    state: &AppState,
    user_id: i64,
) -> Result<store::entity::integration::Model, AppError> {
    store::integrations::find(&state.store, crate::oauth::SALESFORCE, Owner::User(user_id))
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
    let s: crate::oauth::SalesforceSettings = links::settings(&row)?;
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
    let mut s: crate::oauth::SalesforceSettings = links::settings(&row)?;
    s.panel = Some(body.clone());
    store::integrations::update_settings(
        &state.store,
        row.id,
        &serde_json::to_string(&s).map_err(AppError::internal)?,
        state.clock.now_ms(),
    )
    .await?;
    Ok(Json(StatusEnvelope {
        status: true,
        data: body,
    }))
}

/// The spreadsheet link's stored, non-secret settings (000 §3 'Spreadsheet link'); its tokens
/// are sealed beside them.
#[derive(serde::Serialize, serde::Deserialize)]
struct SheetSettings {
    sheet_id: String,
    sub_sheet_name: String,
    label_name: String,
    file_name: String,
}

/// Role 1 only (000 §6: the spreadsheet card, the Salesforce settings panel): the caller must
/// be an admin of their default organisation (403 `forbidden`, `role: admin_only`, otherwise).
async fn default_org_admin(
    state: &AppState,
    user: &store::entity::user::Model,
) -> Result<(), AppError> {
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

fn sheet_status(
    row: Option<&store::entity::integration::Model>,
) -> Result<SheetLinkStatus, AppError> {
    let base = links::status_of(row);
    let settings = row.map(links::settings::<SheetSettings>).transpose()?;
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
        crate::oauth::GOOGLE,
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
    let settings = SheetSettings {
        sheet_id: sheet.id,
        sub_sheet_name: sheet.sheet_name,
        label_name: label,
        file_name: sheet.title,
    };
    let row = crate::oauth::save_tokens(
        &state,
        crate::oauth::GOOGLE_SHEET,
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
    let row =
        crate::oauth::fresh_link(&state, crate::oauth::GOOGLE_SHEET, Owner::User(user.id)).await?;
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
    let row = store::integrations::find(
        &state.store,
        crate::oauth::GOOGLE_SHEET,
        Owner::User(user.id),
    )
    .await?;
    let funnel_name = row
        .as_ref()
        .map(links::settings::<SheetSettings>)
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
    let row = store::integrations::find(
        &state.store,
        crate::oauth::GOOGLE_SHEET,
        Owner::User(user.id),
    )
    .await?
    .ok_or_else(|| AppError::new(ErrorCode::NotFound, "link a Google Sheet first"))?;
    let mut s: SheetSettings = links::settings(&row)?;
    s.label_name = label.clone();
    store::integrations::update_settings(
        &state.store,
        row.id,
        &serde_json::to_string(&s).map_err(AppError::internal)?,
        state.clock.now_ms(),
    )
    .await?;
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
    store::integrations::delete(
        &state.store,
        crate::oauth::GOOGLE_SHEET,
        Owner::User(user.id),
    )
    .await?;
    Ok(Json(ResultEnvelope::ok(sheet_status(None)?)))
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
    let settings: crate::oauth::SalesforceSettings = links::settings(&row)?;
    let instance = settings
        .instance_url
        .ok_or_else(|| AppError::internal("salesforce link without an instance URL"))?;
    let secret: crate::oauth::TokenSecret = links::secret(state, &row)?;
    match call(instance.clone(), secret.access_token.clone()).await {
        Ok(v) => return Ok(v),
        Err(ApiError::Upstream(d)) => return Err(upstream(d)),
        Err(ApiError::Unauthorized) => {}
    }
    // The same single refresh as the sync worker's: concurrent 401s on this link refresh once.
    let refreshed = crate::oauth::refresh_after_refused(
        state,
        crate::oauth::SALESFORCE,
        Owner::User(user_id),
        &row,
    )
    .await?
    .ok_or_else(|| AppError::new(ErrorCode::NotFound, "connect Salesforce first"))?;
    if refreshed.status != store::integrations::STATUS_CONNECTED {
        return Err(reconnect());
    }
    let secret: crate::oauth::TokenSecret = links::secret(state, &refreshed)?;
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
