//! The shared number (admins): connect it through the organisation's WhatsApp gateway, follow
//! its state and QR code until it is paired, reconnect, log out, disconnect.

use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::inbox::{self, gateway_error, GatewaySecret};
use crate::state::AppState;
use axum::extract::State;
use connectors::waha::{SessionInfo, WebhookSetup};
use contract::inbox::{GatewayQr, GatewayRequest, GatewayStatus, InboxQuery};
use domain::inbox::SessionState;
use domain::RuleError;
use store::entity::inbox::channel;

async fn status_of(
    state: &AppState,
    ch: Option<&channel::Model>,
) -> Result<GatewayStatus, AppError> {
    Ok(match ch {
        None => GatewayStatus {
            connected: false,
            name: None,
            base_url: None,
            state: None,
            number: None,
            waiting_replies: 0,
        },
        Some(ch) => GatewayStatus {
            connected: true,
            name: Some(ch.name.clone()),
            base_url: ch.base_url.clone(),
            state: Some(ch.state.clone()),
            number: ch
                .me
                .as_deref()
                .map(|m| m.split('@').next().unwrap_or(m).to_owned()),
            waiting_replies: store::inbox::sends::waiting(&state.store, ch.id).await?,
        },
    })
}

/// Records what the gateway said of the session in answer to a call made at `asked_at`;
/// answers the state. The answer is as old as the question: a status event the gateway sent
/// while answering (a new session reaching `SCAN_QR_CODE`) is newer and is not overwritten.
async fn remember(
    state: &AppState,
    ch: &channel::Model,
    info: &SessionInfo,
    asked_at: i64,
) -> Result<SessionState, AppError> {
    let st = SessionState::from_gateway(&info.status);
    let me = info.me.as_ref().map(|m| m.id.as_str());
    if store::inbox::channels::set_state(&state.store, ch.id, st.code(), me, asked_at).await?
        && ch.state != st.code()
    {
        inbox::views::publish_state(state, ch.org_id, st).await?;
    }
    Ok(st)
}

/// The organisation's shared number.
#[utoipa::path(
    get,
    path = "/api/inbox/gateway",
    tag = "inbox",
    params(InboxQuery),
    responses(
        (status = 200, description = "The shared number (the API key is never sent back)", body = GatewayStatus),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn gateway_status(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<InboxQuery>,
) -> Result<Json<GatewayStatus>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    let ch = store::inbox::channels::gateway_of(&state.store, v.org_id()).await?;
    Ok(Json(status_of(&state, ch.as_ref()).await?))
}

/// Connects the shared number (or changes its gateway's address, key or name): checks the
/// gateway with the key, creates or updates and starts the session with our signed webhook, and
/// stores the keys sealed.
#[utoipa::path(
    put,
    path = "/api/inbox/gateway",
    tag = "inbox",
    request_body = GatewayRequest,
    responses(
        (status = 200, description = "Connected; pair it by scanning the QR code", body = GatewayStatus),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` / `fields.base_url` / `fields.api_key`: blank, not http(s), an address refused, or `gateway_key_refused`", body = contract::ErrorBody),
        (status = 502, description = "`gateway_unreachable`", body = contract::ErrorBody),
    )
)]
pub async fn connect_gateway(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<GatewayRequest>,
) -> Result<Json<GatewayStatus>, AppError> {
    let v = inbox::viewer(&state, &user, req.org_id).await?;
    v.admin()?;
    let name = req.name.trim();
    if name.is_empty() || name.chars().count() > 120 {
        return Err(AppError::invalid_field("name", RuleError::FieldsRequired));
    }
    let base_url = domain::inputs::HttpUrl::parse(&req.base_url)
        .map_err(|r| AppError::invalid_field("base_url", r))?;
    let api_key = req.api_key.trim();
    if api_key.is_empty() || api_key.len() > 512 {
        return Err(AppError::invalid_field("api_key", RuleError::ApiKeyEmpty));
    }
    let base = base_url.as_str().trim_end_matches('/');
    let gateway = inbox::gateway_at(&state, base, api_key).await?;
    let existing = store::inbox::channels::gateway_of(&state.store, v.org_id()).await?;
    // Changing the connection keeps the webhook's token and key and the session's name.
    let (token, hmac_key, session) = match &existing {
        Some(ch) => (
            ch.hook_token.clone().unwrap_or_default(),
            inbox::secret_of(&state, ch)?.hmac_key,
            ch.session.clone().unwrap_or_default(),
        ),
        None => {
            let token = inbox::random_token();
            // One session per organisation, named so that two servers sharing a gateway do
            // not meet.
            let session = format!("sb-{}-{}", v.org_id(), &token[..8]);
            (token, inbox::random_token(), session)
        }
    };
    let secret = GatewaySecret {
        api_key: api_key.to_owned(),
        hmac_key,
    };
    let hook = WebhookSetup {
        url: inbox::hook_url(&state, &token),
        hmac_key: secret.hmac_key.clone(),
        channel: session.clone(),
    };
    // The session's state is stamped with when we asked: events the gateway sends meanwhile
    // (retried once the new shared number exists) are newer and win.
    let asked_at = state.clock.now_ms();
    let info = gateway
        .ensure_session(&session, &hook)
        .await
        .map_err(gateway_error)?;
    let now = asked_at;
    let ch = match existing {
        Some(mut ch) => {
            ch.name = name.to_owned();
            ch.base_url = Some(base.to_owned());
            ch.secret = Some(state.vault.seal_json(&secret));
            ch.updated_at = now;
            store::inbox::channels::save(&state.store, ch).await?
        }
        None => {
            store::inbox::channels::insert_gateway(
                &state.store,
                store::inbox::channels::NewGateway {
                    org_id: v.org_id(),
                    user_id: v.user_id(),
                    name,
                    base_url: base,
                    secret: state.vault.seal_json(&secret),
                    session: &session,
                    hook_token: &token,
                    state: SessionState::from_gateway(&info.status).code(),
                },
                now,
            )
            .await?
        }
    };
    state.hook_channels.forget();
    remember(&state, &ch, &info, asked_at).await?;
    let ch = store::inbox::channels::find(&state.store, v.org_id(), ch.id).await?;
    Ok(Json(status_of(&state, ch.as_ref()).await?))
}

/// The session's state now and, while it waits for a scan, the QR code (refreshed as the
/// gateway rotates it: the screen asks again every few seconds and on every state event).
#[utoipa::path(
    get,
    path = "/api/inbox/gateway/qr",
    tag = "inbox",
    params(InboxQuery),
    responses(
        (status = 200, description = "The state, and the QR code while it waits for a scan", body = GatewayQr),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no shared number", body = contract::ErrorBody),
        (status = 422, description = "`gateway_key_refused`", body = contract::ErrorBody),
        (status = 502, description = "`gateway_unreachable`", body = contract::ErrorBody),
    )
)]
pub async fn gateway_qr(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<InboxQuery>,
) -> Result<Json<GatewayQr>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    v.admin()?;
    let ch = inbox::shared_number(&state, v.org_id()).await?;
    let gateway = inbox::gateway(&state, &ch).await?;
    let session = ch.session.as_deref().unwrap_or_default();
    let asked_at = state.clock.now_ms();
    let info = gateway.session(session).await.map_err(gateway_error)?;
    let st = remember(&state, &ch, &info, asked_at).await?;
    let qr = if st.wants_scan() {
        gateway.qr(session).await.map_err(gateway_error)?
    } else {
        None
    };
    Ok(Json(GatewayQr {
        state: st.code().to_owned(),
        qr,
    }))
}

macro_rules! session_action {
    ($name:ident, $path:literal, $call:ident, $doc:literal) => {
        #[doc = $doc]
        #[utoipa::path(
            post,
            path = $path,
            tag = "inbox",
            params(InboxQuery),
            responses(
                (status = 200, description = "Done; the state follows by events", body = GatewayStatus),
                (status = 403, description = "Not an admin", body = contract::ErrorBody),
                (status = 404, description = "Not a member, or no shared number", body = contract::ErrorBody),
                (status = 422, description = "`gateway_key_refused`", body = contract::ErrorBody),
                (status = 502, description = "`gateway_unreachable`", body = contract::ErrorBody),
            )
        )]
        pub async fn $name(
            State(state): State<AppState>,
            CurrentUser(user): CurrentUser,
            Query(q): Query<InboxQuery>,
        ) -> Result<Json<GatewayStatus>, AppError> {
            let v = inbox::viewer(&state, &user, q.org_id).await?;
            v.admin()?;
            let ch = inbox::shared_number(&state, v.org_id()).await?;
            let gateway = inbox::gateway(&state, &ch).await?;
            let session = ch.session.as_deref().unwrap_or_default();
            let asked_at = state.clock.now_ms();
            let info = gateway.$call(session).await.map_err(gateway_error)?;
            remember(&state, &ch, &info, asked_at).await?;
            let ch = store::inbox::channels::find(&state.store, v.org_id(), ch.id).await?;
            Ok(Json(status_of(&state, ch.as_ref()).await?))
        }
    };
}

session_action!(
    restart_gateway,
    "/api/inbox/gateway/restart",
    restart,
    "Reconnects the session (stop and start; a paired number stays paired)."
);
session_action!(
    logout_gateway,
    "/api/inbox/gateway/logout",
    logout,
    "Logs the number out: the session starts again from a new QR code."
);

/// Disconnects the shared number: the gateway's session is removed (when it answers) and the
/// number with its conversations is forgotten here.
#[utoipa::path(
    delete,
    path = "/api/inbox/gateway",
    tag = "inbox",
    params(InboxQuery),
    responses(
        (status = 200, description = "Disconnected", body = GatewayStatus),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no shared number", body = contract::ErrorBody),
    )
)]
pub async fn disconnect_gateway(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<InboxQuery>,
) -> Result<Json<GatewayStatus>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    v.admin()?;
    let ch = inbox::shared_number(&state, v.org_id()).await?;
    if let Ok(gateway) = inbox::gateway(&state, &ch).await {
        if let Err(e) = gateway
            .delete(ch.session.as_deref().unwrap_or_default())
            .await
        {
            tracing::warn!(error = %e, "the gateway's session could not be removed");
        }
    }
    store::inbox::channels::delete(&state.store, v.org_id(), ch.id).await?;
    state.hook_channels.forget();
    Ok(Json(status_of(&state, None).await?))
}
