//! The links made with keys the user types (000 §7): Freshdesk (`freshdesk/*`, per
//! workspace), LeadSquared (v2 `leadsquared/auth`, the caller's own) and the restricted
//! `other/proxy` (LeadSquared hosts only, through the address guard). Every key is checked with
//! the provider on the server before it is stored, sealed.

use super::{Access, Routes};
use crate::access::own_workspace;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::links::{self, kinds};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::{ResultEnvelope, StatusEnvelope};
use contract::integrations::{
    FreshdeskCheckQuery, FreshdeskLink, LeadsquaredLink, LinkStatus, ProxyRequest,
};
use contract::ErrorCode;
use domain::inputs::{
    FreshdeskCredentials, FreshdeskInput, LeadsquaredCredentials, LeadsquaredInput,
};
use store::integrations::Owner;
use utoipa_axum::routes;

/// This concern's routes.
pub(super) fn routes() -> Routes {
    Routes::new()
        .add(Access::SignedIn, routes!(check_freshdesk))
        .add(Access::Scoped, routes!(create_freshdesk))
        .add(Access::SignedIn, routes!(create_leadsquared))
        .add(Access::SignedIn, routes!(proxy))
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
    let settings = kinds::FreshdeskSettings {
        domain: creds.domain.as_str().to_owned(),
    };
    let secret = kinds::FreshdeskSecret {
        api_key: creds.api_key,
    };
    let row =
        links::save::<kinds::Freshdesk>(&state, Owner::User(user.id), &settings, &secret).await?;
    Ok(Json(ResultEnvelope::ok(links::status::<kinds::Freshdesk>(
        Some(&row),
    )?)))
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
    let settings = kinds::LeadsquaredSettings {
        host: creds.host,
        homepage: creds.homepage,
        user_id,
    };
    let secret = kinds::LeadsquaredSecret {
        access_id: creds.access_id,
        secret_key: creds.secret_key,
    };
    let row =
        links::save::<kinds::Leadsquared>(&state, Owner::User(user.id), &settings, &secret).await?;
    Ok(Json(StatusEnvelope {
        status: true,
        data: links::status::<kinds::Leadsquared>(Some(&row))?,
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
