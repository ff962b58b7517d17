//! The CRMs' change announcements, public: HubSpot's contact webhooks (the public app's
//! subscriptions to contact creation, property changes, merges and restores; the v3 signature
//! under the app's client secret their credential) and Zoho's channel notifications (the token
//! the member link's channel was subscribed with their credential). The announced records are
//! read and settled in the background (the CRMs want an answer within seconds); the answer
//! says only that the delivery was taken.

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
            if let Err(e) =
                crate::crm_sync::refresh_records(&state, Provider::Hubspot, &ids, None).await
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

#[utoipa::path(
    post,
    path = "/api/contacts/crm/zoho/notify",
    tag = "contacts",
    request_body(content = String, description = "Zoho's notification of a channel"),
    responses(
        (status = 200, description = "Taken: the changed contacts are read from Zoho with the channel's member link and settled", body = WebhookReceipt),
        (status = 400, description = "`signature_invalid` (no such channel, a token not the channel's, or a channel that has ended) or an unreadable notification; nothing read", body = contract::ErrorBody),
    )
)]
pub async fn zoho_notify(
    State(state): State<AppState>,
    RawBody(body): RawBody,
) -> Result<Json<WebhookReceipt>, AppError> {
    let note: connectors::zoho_watch::Notification =
        serde_json::from_slice(&body).map_err(|e| {
            AppError::new(
                ErrorCode::MalformedBody,
                format!("unreadable notification: {e}"),
            )
        })?;
    let refused = || AppError::new(ErrorCode::SignatureInvalid, "not a channel of ours");
    let channel = match note.channel() {
        Some(id) => store::crm_watches::channel(&state.store, Provider::Zoho.key(), id).await?,
        None => None,
    }
    .ok_or_else(refused)?;
    let live = channel
        .watch_until
        .is_some_and(|until| until > state.clock.now_ms());
    let token_ok = channel
        .watch_token
        .as_deref()
        .is_some_and(|t| crate::crm_sync::same_secret(t, &note.token));
    if !live || !token_ok {
        return Err(refused());
    }
    let ids = note.changed_contacts();
    if !ids.is_empty() {
        let state = state.clone();
        let holder = Some((channel.org_id, channel.user_id));
        tokio::spawn(async move {
            if let Err(e) =
                crate::crm_sync::refresh_records(&state, Provider::Zoho, &ids, holder).await
            {
                tracing::info!(error = ?e, "announced Zoho changes not read");
            }
        });
    }
    Ok(Json(WebhookReceipt {
        received: true,
        duplicate: false,
    }))
}
