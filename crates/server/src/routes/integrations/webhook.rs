//! The organisation's webhook endpoint (000 §7 `webhook/endpoints`, admins only): its URL,
//! on/off status and bearer token (sealed, shown masked), and the signing secret made on first
//! save.

use super::{Access, Routes};
use crate::access::member_at;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::links::{self, kinds::Webhooks};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::ResultEnvelope;
use contract::integrations::{WebhookEndpoint, WebhookQuery, WebhookUpdate};
use contract::ErrorCode;
use domain::inputs::{WebhookToken, WebhookUrl};
use domain::roles::AccessLevel;
use store::integrations::Owner;
use utoipa_axum::routes;

/// This concern's routes.
pub(super) fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(get_webhook))
        .add(Access::Scoped, routes!(update_webhook))
}

async fn webhook_view(state: &AppState, org_id: i64) -> Result<WebhookEndpoint, AppError> {
    let row = links::find::<Webhooks>(state, Owner::Org(org_id)).await?;
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
    let s = links::settings::<Webhooks>(&row)?;
    let secret = links::secret::<Webhooks>(state, &row)?;
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
            let text = url.as_str().to_owned();
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
    let existing = links::find::<Webhooks>(&state, owner).await?;
    let (mut settings, mut secret) = match &existing {
        Some(row) => (
            links::settings::<Webhooks>(row)?,
            links::secret::<Webhooks>(&state, row)?,
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
        secret.auth_token = Some(t.into_string());
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
    links::save::<Webhooks>(&state, owner, &settings, &secret).await?;
    let mut view = webhook_view(&state, body.org_id).await?;
    view.signing_secret = made;
    Ok(Json(ResultEnvelope::ok(view)))
}
