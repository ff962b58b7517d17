//! The team inbox's server side (issue #27): who may look (`Viewer`: admins and managers of the
//! organisation, each seeing the shared number's conversations and the own chats of the members
//! they may see), the shared number's gateway client (its sealed keys opened, its address
//! through the guard), what a verified webhook changes (`hooks.rs`) and where its messages are stored in batches
//! (`intake.rs`), fair assignment of new
//! conversations (`assign.rs`), the reply outbox's worker (`worker.rs`) and the wire views
//! (`views.rs`).

pub mod assign;
pub mod clock;
pub mod hook_channels;
pub mod hooks;
pub mod intake;
pub mod media;
pub mod tail;
pub mod views;
pub mod worker;

use crate::access;
use crate::error::AppError;
use crate::state::AppState;
use contract::ErrorCode;
use domain::accounts::ACTIVE_USER_STATUS;
use domain::roles::AccessLevel;
use serde::{Deserialize, Serialize};
use store::entity::inbox::channel;
use store::entity::user;

/// What a shared number keeps sealed: the gateway's API key and the key its webhooks are
/// signed with.
#[derive(Serialize, Deserialize)]
pub struct GatewaySecret {
    pub api_key: String,
    pub hmac_key: String,
}

/// The caller as the inbox sees them.
pub struct Viewer {
    pub list: store::inbox::list::Viewer,
    pub role_id: i16,
}

impl Viewer {
    pub fn org_id(&self) -> i64 {
        self.list.org_id
    }

    pub fn user_id(&self) -> i64 {
        self.list.user_id
    }

    /// 403 `admin_only` unless an admin.
    pub fn admin(&self) -> Result<(), AppError> {
        AccessLevel::Admin
            .check(Some(i64::from(self.role_id)))
            .map(|_| ())
            .map_err(AppError::forbidden)
    }
}

/// The caller in `org_id`'s inbox: 404 for a non-member, 403 below manager (001 §1: the team
/// inbox is shown when the level check passes; docs/DECISIONS.md).
pub async fn viewer(state: &AppState, user: &user::Model, org_id: i64) -> Result<Viewer, AppError> {
    let me = access::member_at(state, user, org_id, AccessLevel::Manager).await?;
    let all = store::orgs::employees(&state.store, org_id, Some(ACTIVE_USER_STATUS)).await?;
    let members = access::visible(&me, user, all, true)
        .iter()
        .map(|r| r.user.id)
        .collect();
    Ok(Viewer {
        list: store::inbox::list::Viewer {
            org_id,
            user_id: user.id,
            members,
        },
        role_id: me.role_id,
    })
}

/// The organisation's shared number, or 404 when none is connected.
pub async fn shared_number(state: &AppState, org_id: i64) -> Result<channel::Model, AppError> {
    store::inbox::channels::gateway_of(&state.store, org_id)
        .await?
        .ok_or_else(AppError::not_found)
}

/// The sealed keys of a shared number.
pub fn secret_of(state: &AppState, ch: &channel::Model) -> Result<GatewaySecret, AppError> {
    let sealed = ch
        .secret
        .as_deref()
        .ok_or_else(|| AppError::internal("a shared number without its keys"))?;
    state
        .vault
        .open_json(sealed)
        .map_err(|e| AppError::internal(format!("open gateway keys: {e}")))
}

/// A client of the gateway at `base_url` with `api_key`, through the address guard.
pub async fn gateway_at(
    state: &AppState,
    base_url: &str,
    api_key: &str,
) -> Result<connectors::waha::Gateway, AppError> {
    let guarded = connectors::guard_url(base_url, &state.config.address_allow)
        .await
        .map_err(|e| {
            crate::links::connector_error(e.into(), ErrorCode::AddressRefused, "base_url")
        })?;
    let client = guarded
        .client()
        .map_err(|e| AppError::internal(format!("gateway client: {e}")))?;
    connectors::waha::Gateway::new(client, base_url, api_key)
        .map_err(|_| AppError::invalid_field("base_url", domain::RuleError::UrlInvalid))
}

/// The client of a connected shared number.
pub async fn gateway(
    state: &AppState,
    ch: &channel::Model,
) -> Result<connectors::waha::Gateway, AppError> {
    let secret = secret_of(state, ch)?;
    gateway_at(
        state,
        ch.base_url.as_deref().unwrap_or_default(),
        &secret.api_key,
    )
    .await
}

/// A gateway's failure as the API answers it: a refused key 422, anything else 502 (the gateway
/// is the organisation's own server; its words are not ours to show).
pub fn gateway_error(e: connectors::waha::GatewayError) -> AppError {
    use connectors::waha::GatewayError as G;
    match e {
        G::Unauthorized => AppError::new(
            ErrorCode::GatewayKeyRefused,
            "the gateway refused the API key",
        )
        .with_field("api_key", ErrorCode::GatewayKeyRefused.code()),
        other => AppError {
            internal: Some(other.to_string()),
            ..AppError::new(
                ErrorCode::GatewayUnreachable,
                "the gateway did not answer as expected",
            )
        },
    }
}

/// Where the gateway posts the shared number's events.
pub fn hook_url(state: &AppState, token: &str) -> String {
    let base = if state.config.inbox.hook_base_url.is_empty() {
        &state.config.public_url
    } else {
        &state.config.inbox.hook_base_url
    };
    format!("{}/api/inbox/hooks/{token}", base.trim_end_matches('/'))
}

/// A random URL-safe token of 32 bytes (the webhook path, the HMAC key).
pub fn random_token() -> String {
    use base64::Engine;
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}
