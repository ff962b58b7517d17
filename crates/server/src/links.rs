//! Integration links between the handlers and the store: the providers' names, what each link
//! keeps in plain settings and what only in the encrypted secret, the connected flags of the
//! user-existence answer, and how a connector's failure becomes the spec's message.

use crate::error::AppError;
use crate::state::AppState;
use connectors::ConnectorError;
use contract::accounts::IntegrationFlags;
use contract::integrations::LinkStatus;
use contract::ErrorCode;
use serde::{Deserialize, Serialize};
use store::entity::integration;
use store::integrations::{LinkData, Owner, STATUS_CONNECTED, STATUS_NEEDS_RECONNECT};

/// Providers by their `dataKey` (000 §3).
pub const FRESHDESK: &str = "freshdesk";
pub const LEADSQUARED: &str = "leadsquared";
pub const WEBHOOKS: &str = "webhooks";

/// Freshdesk's stored link.
#[derive(Debug, Serialize, Deserialize)]
pub struct FreshdeskSettings {
    pub domain: String,
}
#[derive(Serialize, Deserialize)]
pub struct FreshdeskSecret {
    pub api_key: String,
}

/// LeadSquared's stored link.
#[derive(Debug, Serialize, Deserialize)]
pub struct LeadsquaredSettings {
    pub host: String,
    pub homepage: String,
    /// The LeadSquared user the keys belong to (the credential check's `Id`).
    pub user_id: String,
}
#[derive(Serialize, Deserialize)]
pub struct LeadsquaredSecret {
    pub access_id: String,
    pub secret_key: String,
}

/// The organisation's webhook endpoint as stored.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct WebhookSettings {
    pub duplex_webhook: Option<String>,
    pub status: u8,
}
#[derive(Default, Serialize, Deserialize)]
pub struct WebhookSecret {
    pub auth_token: Option<String>,
    /// The Standard Webhooks signing secret (`whsec_…`), made when the endpoint is first saved
    /// and shown once; rotatable.
    #[serde(default)]
    pub signing_secret: Option<String>,
}

/// Saves a link with `settings` in plain JSON and `secret` sealed.
pub async fn save<S: Serialize, T: Serialize>(
    state: &AppState,
    provider: &str,
    owner: Owner,
    settings: &S,
    secret: &T,
) -> Result<integration::Model, AppError> {
    let data = LinkData {
        status: STATUS_CONNECTED,
        settings: serde_json::to_string(settings).map_err(AppError::internal)?,
        secret: Some(state.vault.seal_json(secret)),
        expires_at: None,
    };
    Ok(
        store::integrations::save(&state.store, provider, owner, data, state.clock.now_ms())
            .await?,
    )
}

/// A link's plain settings.
pub fn settings<S: for<'de> Deserialize<'de>>(row: &integration::Model) -> Result<S, AppError> {
    serde_json::from_str(&row.settings).map_err(AppError::internal)
}

/// A link's decrypted secret.
pub fn secret<T: for<'de> Deserialize<'de>>(
    state: &AppState,
    row: &integration::Model,
) -> Result<T, AppError> {
    let sealed = row
        .secret
        .as_deref()
        .ok_or_else(|| AppError::internal("link without a secret"))?;
    state.vault.open_json(sealed).map_err(AppError::internal)
}

/// The status of a link (or of its absence) with no settings shown.
pub fn status_of(row: Option<&integration::Model>) -> LinkStatus {
    LinkStatus {
        connected: row.is_some_and(|r| r.status == STATUS_CONNECTED),
        needs_reconnect: row.is_some_and(|r| r.status == STATUS_NEEDS_RECONNECT),
        domain: None,
        host: None,
        homepage: None,
    }
}

/// The connected flags of `user_id`'s own workspace (000 §3 `integrations`): one per provider
/// with a usable link, and `webhooks` when the user's default organisation has an endpoint
/// switched on.
pub async fn flags_of(state: &AppState, user_id: i64) -> Result<IntegrationFlags, AppError> {
    let mut flags = IntegrationFlags::default();
    for row in store::integrations::links_of_user(&state.store, user_id).await? {
        let on = row.status == STATUS_CONNECTED;
        match row.provider.as_str() {
            "googleSheet" => flags.google_sheet = on,
            "hubspot" => flags.hubspot = on,
            FRESHDESK => flags.freshdesk = on,
            "zoho" => flags.zoho = on,
            "salesforce" => flags.salesforce = on,
            LEADSQUARED => flags.leadsquared = on,
            "bitrix" => flags.bitrix = on,
            _ => {}
        }
    }
    let default_org = store::orgs::memberships_of_user(&state.store, user_id)
        .await?
        .into_iter()
        .find(|(m, _)| m.is_default_org && m.user_status == domain::accounts::ACTIVE_USER_STATUS)
        .map(|(_, o)| o.id);
    if let Some(org_id) = default_org {
        if let Some(row) =
            store::integrations::find(&state.store, WEBHOOKS, Owner::Org(org_id)).await?
        {
            let s: WebhookSettings = settings(&row)?;
            flags.webhooks = s.status == 1 && s.duplex_webhook.is_some();
        }
    }
    Ok(flags)
}

/// A connector failure as the answer the web app translates: `wrong` is the provider's
/// wrong-credentials code; a refused address names `field`.
pub fn connector_error(e: ConnectorError, wrong: ErrorCode, field: &str) -> AppError {
    match e {
        ConnectorError::Refused(g) => AppError {
            fields: Some(
                [(
                    field.to_owned(),
                    ErrorCode::AddressRefused.code().to_owned(),
                )]
                .into(),
            ),
            ..AppError::new(ErrorCode::AddressRefused, format!("{field}: {g}"))
        },
        ConnectorError::WrongCredentials => AppError::new(wrong, wrong_message(wrong)),
        other @ (ConnectorError::RateLimited { .. } | ConnectorError::TokenExpired) => AppError {
            internal: Some(other.to_string()),
            ..AppError::new(
                ErrorCode::UpstreamFailed,
                "the provider did not answer as expected",
            )
        },
        ConnectorError::Upstream(detail) => AppError {
            internal: Some(detail),
            ..AppError::new(
                ErrorCode::UpstreamFailed,
                "the provider did not answer as expected",
            )
        },
    }
}

fn wrong_message(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::WrongLeadsquaredCredentials => "Wrong Host, Access Key or Secret key",
        _ => "Wrong Api Key or domain",
    }
}

/// `••••` and the last four characters of `token` (the webhook page shows a set token locked);
/// only `••••` for a token shorter than 12 characters, whose tail would give too much away.
pub fn mask(token: &str) -> String {
    if token.chars().count() < 12 {
        return "••••".to_owned();
    }
    let tail: String = token
        .chars()
        .rev()
        .take(4)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("••••{tail}")
}
