//! The payment provider's webhook: the one public write, its signature its credential.

use crate::billing::{self};
use crate::error::AppError;
use crate::extract::{Json, RawBody};
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use contract::billing::WebhookReceipt;
use contract::ErrorCode;
use secrecy::ExposeSecret;

/// The payment provider's webhook: `Stripe-Signature` checked (HMAC-SHA256 over `t.payload`,
/// within the configured tolerance) before anything is read; each event id applied once, in
/// any order of arrival.
#[utoipa::path(
    post,
    path = "/api/billing/stripe/webhook",
    tag = "billing",
    request_body(content = String, description = "The provider's event, as signed"),
    responses(
        (status = 200, description = "Applied, or applied before", body = WebhookReceipt),
        (status = 400, description = "`signature_invalid` or an unreadable event; nothing changed", body = contract::ErrorBody),
        (status = 503, description = "`billing_unavailable`: no webhook secret configured", body = contract::ErrorBody),
    )
)]
pub async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    RawBody(body): RawBody,
) -> Result<Json<WebhookReceipt>, AppError> {
    let cfg = &state.config.providers.stripe;
    let secret = cfg.webhook_secret.as_ref().ok_or_else(|| {
        AppError::new(
            ErrorCode::BillingUnavailable,
            "no webhook secret configured",
        )
    })?;
    let header = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let now_s = state.clock.now_ms() / 1000;
    connectors::stripe::verify_signature(
        secret.expose_secret(),
        header,
        &body,
        now_s,
        cfg.tolerance_s,
    )
    .map_err(|e| AppError::new(ErrorCode::SignatureInvalid, e.to_string()))?;
    let event: connectors::stripe::Event = serde_json::from_slice(&body)
        .map_err(|e| AppError::new(ErrorCode::MalformedBody, format!("unreadable event: {e}")))?;
    let applied = billing::apply_event(&state, &event).await?;
    Ok(Json(WebhookReceipt {
        received: true,
        duplicate: !applied,
    }))
}
