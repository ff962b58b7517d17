//! HubSpot's contact webhooks (the public app's subscriptions to contact creation, property
//! changes, merges and restores): public, the v3 signature under the app's client secret its
//! credential. The announced records are read and settled in the background (HubSpot wants an
//! answer within seconds); the answer says only that the delivery was taken.

use crate::error::AppError;
use crate::extract::{Json, RawBody};
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use connectors::hubspot_webhooks::{changed_contacts, signature_ok};
use contract::billing::WebhookReceipt;
use contract::ErrorCode;
use domain::providers::Provider;
use secrecy::ExposeSecret;

/// The path HubSpot is given as the app's target URL (after the public URL).
const PATH: &str = "/api/contacts/crm/hubspot/webhook";

#[utoipa::path(
    post,
    path = "/api/contacts/crm/hubspot/webhook",
    tag = "contacts",
    request_body(content = String, description = "HubSpot's batch of events, as signed"),
    responses(
        (status = 200, description = "Taken: the changed contacts are read from HubSpot and settled", body = WebhookReceipt),
        (status = 400, description = "`signature_invalid` (wrong, missing or older than five minutes) or an unreadable batch; nothing read", body = contract::ErrorBody),
        (status = 404, description = "No HubSpot app is configured", body = contract::ErrorBody),
    )
)]
pub async fn hubspot_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    RawBody(body): RawBody,
) -> Result<Json<WebhookReceipt>, AppError> {
    let secret = state
        .config
        .providers
        .hubspot
        .client_secret
        .as_ref()
        .ok_or_else(AppError::not_found)?;
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let url = format!("{}{PATH}", state.config.public_url.trim_end_matches('/'));
    if !signature_ok(
        secret.expose_secret().as_bytes(),
        ("POST", &url),
        &body,
        (
            &header("x-hubspot-request-timestamp"),
            &header("x-hubspot-signature-v3"),
        ),
        state.clock.now_ms(),
    ) {
        return Err(AppError::new(
            ErrorCode::SignatureInvalid,
            "the signature does not match",
        ));
    }
    let ids = changed_contacts(&body)
        .map_err(|e| AppError::new(ErrorCode::MalformedBody, format!("unreadable batch: {e}")))?;
    if !ids.is_empty() {
        let state = state.clone();
        tokio::spawn(async move {
            if let Err(e) = crate::crm_sync::refresh_records(&state, Provider::Hubspot, &ids).await
            {
                tracing::info!(error = ?e, "announced HubSpot changes not read");
            }
        });
    }
    Ok(Json(WebhookReceipt {
        received: true,
        duplicate: false,
    }))
}
