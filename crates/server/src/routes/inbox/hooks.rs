//! The shared number's webhook: public, its path token naming the channel and its signature
//! (`X-Webhook-Hmac`, HMAC-SHA512 of the raw body under the channel's sealed key) its
//! credential. A wrong or missing signature stores nothing; a retried event changes nothing.

use crate::error::AppError;
use crate::extract::{Json, Path, RawBody};
use crate::inbox;
use crate::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use contract::billing::WebhookReceipt;
use contract::ErrorCode;

/// A gateway's event for the shared number `token` names.
#[utoipa::path(
    post,
    path = "/api/inbox/hooks/{token}",
    tag = "inbox",
    params(("token" = String, Path, description = "The shared number's webhook token", max_length = 64)),
    request_body(content = String, description = "The gateway's event, as signed"),
    responses(
        (status = 200, description = "Applied (`duplicate`: it changed nothing — a retry, a stale ack or status)", body = WebhookReceipt),
        (status = 400, description = "`signature_invalid` or an unreadable event; nothing stored", body = contract::ErrorBody),
        (status = 404, description = "No shared number has this token", body = contract::ErrorBody),
    )
)]
pub async fn gateway_hook(
    State(state): State<AppState>,
    Path(token): Path<String>,
    headers: HeaderMap,
    RawBody(body): RawBody,
) -> Result<Json<WebhookReceipt>, AppError> {
    if token.len() > 64 {
        return Err(AppError::not_found());
    }
    let hook = state
        .hook_channels
        .get(&state, &token)
        .await?
        .ok_or_else(AppError::not_found)?;
    let ch = &hook.channel;
    let signature = headers
        .get("x-webhook-hmac")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if !connectors::waha::signature_ok(hook.hmac_key.as_bytes(), &body, signature) {
        return Err(AppError::new(
            ErrorCode::SignatureInvalid,
            "the signature does not match",
        ));
    }
    let envelope = connectors::waha::parse_envelope(&body)
        .map_err(|e| AppError::new(ErrorCode::MalformedBody, e.to_string()))?;
    if ch.session.as_deref() != Some(envelope.session.as_str()) {
        // Signed with our key but about another session: nothing of ours.
        return Ok(Json(WebhookReceipt {
            received: true,
            duplicate: true,
        }));
    }
    let changed = inbox::hooks::apply(&state, ch, envelope).await?;
    Ok(Json(WebhookReceipt {
        received: true,
        duplicate: !changed,
    }))
}
