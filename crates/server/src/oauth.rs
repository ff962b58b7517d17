//! OAuth links on the server: the consent URL with a server-issued `state` (random, stored only
//! as its hash, single use, 10 minutes, bound to the signed-in user; a PKCE verifier sealed
//! beside it where the provider takes one), the code exchange with the configured client
//! secret, tokens sealed at rest, and the refresh before expiry — one at a time per link, through
//! a lease in the database — with a refused refresh turning the link to `needs_reconnect`.

use crate::auth::hash_token;
use crate::error::AppError;
use crate::links::kinds::{TokenSecret, ZohoSettings};
use crate::links::LinkKind;
use crate::state::AppState;
use connectors::oauth::{OAuthApp, OAuthError, Tokens};
use contract::ErrorCode;
use domain::providers::Provider;
use rand::RngCore;
use store::entity::integration;
use store::integrations::{Owner, STATUS_CONNECTED, STATUS_NEEDS_RECONNECT};

/// 'expiring (10 min)'.
pub const STATE_TTL_MS: i64 = 600_000;
/// Refresh when less than this is left of the access token's life.
pub const REFRESH_MARGIN_MS: i64 = 300_000;
/// How long one refresh may hold the link before another may try.
pub const REFRESH_LEASE_MS: i64 = 30_000;

pub(crate) fn salesforce_app(
    state: &AppState,
) -> Result<connectors::salesforce::SalesforceApp, AppError> {
    let c = &state.config;
    match c.providers.salesforce.client_secret.clone() {
        Some(client_secret) if !c.providers.salesforce.client_id.is_empty() => {
            Ok(connectors::salesforce::SalesforceApp {
                client_id: c.providers.salesforce.client_id.clone(),
                client_secret,
                login_url: c.providers.salesforce.login_url.clone(),
                redirect_url: c.oauth_redirect_url.clone(),
            })
        }
        _ => Err(AppError::new(
            ErrorCode::UpstreamFailed,
            "salesforce is not configured on this server",
        )),
    }
}

/// Uses up `raw_state` and exchanges a Salesforce code with the PKCE verifier issued with it.
pub async fn exchange_salesforce(
    state: &AppState,
    user_id: i64,
    raw_state: &str,
    code: &str,
) -> Result<connectors::salesforce::Grant, AppError> {
    let app = salesforce_app(state)?;
    let verifier = use_state(state, Provider::Salesforce, user_id, raw_state)
        .await?
        .ok_or_else(|| AppError::internal("salesforce state without a PKCE verifier"))?;
    connectors::salesforce::exchange_code(&app, code.trim(), &verifier)
        .await
        .map_err(oauth_error)
}

fn zoho_app(state: &AppState) -> Result<connectors::zoho::ZohoApp, AppError> {
    let c = &state.config;
    match c.providers.zoho.client_secret.clone() {
        Some(client_secret) if !c.providers.zoho.client_id.is_empty() => {
            Ok(connectors::zoho::ZohoApp {
                client_id: c.providers.zoho.client_id.clone(),
                client_secret,
                authorize_url: c.providers.zoho.authorize_url.clone(),
                redirect_url: c.oauth_redirect_url.clone(),
            })
        }
        _ => Err(AppError::new(
            ErrorCode::UpstreamFailed,
            "zoho is not configured on this server",
        )),
    }
}

/// Exchanges a Zoho code at `accounts_server` (checked against the configured data centres)
/// after using up `raw_state`; answers the tokens and the data centre to keep.
pub async fn exchange_zoho(
    state: &AppState,
    user_id: i64,
    raw_state: &str,
    code: &str,
    accounts_server: &str,
) -> Result<(Tokens, String), AppError> {
    let app = zoho_app(state)?;
    let server = connectors::zoho::accounts_server(
        accounts_server,
        &state.config.providers.zoho.accounts_servers,
    )
    .ok_or_else(|| {
        AppError::new(
            ErrorCode::AuthenticationFailed,
            "Failed to authenticate, please try again",
        )
        .with_rule("temp_account_server_url", domain::RuleError::UrlInvalid)
    })?;
    use_state(state, Provider::Zoho, user_id, raw_state).await?;
    let tokens = connectors::zoho::exchange_code(&app, &server, code.trim())
        .await
        .map_err(oauth_error)?;
    Ok((tokens, server))
}

/// What a code exchange gives: the tokens, and for Bitrix the portal's REST endpoint.
pub struct Exchanged {
    pub tokens: Tokens,
    pub client_endpoint: Option<String>,
}

fn bitrix_app(state: &AppState) -> Result<connectors::bitrix::BitrixApp, AppError> {
    let c = &state.config;
    match c.providers.bitrix.client_secret.clone() {
        Some(client_secret) if !c.providers.bitrix.client_id.is_empty() => {
            Ok(connectors::bitrix::BitrixApp {
                client_id: c.providers.bitrix.client_id.clone(),
                client_secret,
                token_url: c.providers.bitrix.token_url.clone(),
            })
        }
        _ => Err(AppError::new(
            ErrorCode::UpstreamFailed,
            "bitrix is not configured on this server",
        )),
    }
}

/// The portal's base URL for a domain the user typed (000 §5 rules), through the address guard.
async fn bitrix_portal(state: &AppState, domain: Option<&str>) -> Result<String, AppError> {
    let parsed = domain::inputs::BitrixDomain::parse(domain.unwrap_or_default())
        .map_err(|rule| AppError::invalid_field("domain", rule))?;
    let host = parsed.as_str().trim_start_matches("https://");
    let base = connectors::fill_template(&state.config.providers.bitrix.portal_url, "domain", host);
    connectors::guard_url(&base, &state.config.address_allow)
        .await
        .map_err(|e| {
            crate::links::connector_error(e.into(), ErrorCode::AddressRefused, "domain")
        })?;
    Ok(base)
}

fn secret_of(app: &OAuthApp) -> bool {
    !secrecy::ExposeSecret::expose_secret(&app.client_secret).is_empty()
}

/// The configured application of `provider`, or 404 for a provider without OAuth here.
pub fn app(state: &AppState, provider: Provider) -> Result<OAuthApp, AppError> {
    let c = &state.config;
    let app = match provider {
        Provider::Hubspot => OAuthApp {
            client_id: c.providers.hubspot.client_id.clone(),
            client_secret: c
                .providers
                .hubspot
                .client_secret
                .clone()
                .unwrap_or_else(|| String::new().into()),
            authorize_url: c.providers.hubspot.authorize_url.clone(),
            token_url: c.providers.hubspot.token_url.clone(),
            redirect_url: c.oauth_redirect_url.clone(),
            scopes: connectors::hubspot::SCOPES
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
            optional_scopes: connectors::hubspot::OPTIONAL_SCOPES
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
            pkce: false,
            credentials_in_body: true,
        },
        Provider::GoogleSheet => OAuthApp {
            client_id: c.providers.google.client_id.clone(),
            client_secret: c
                .providers
                .google
                .client_secret
                .clone()
                .unwrap_or_else(|| String::new().into()),
            authorize_url: c.providers.google.authorize_url.clone(),
            token_url: c.providers.google.token_url.clone(),
            redirect_url: c.oauth_redirect_url.clone(),
            scopes: connectors::google::SCOPES
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
            optional_scopes: Vec::new(),
            pkce: false,
            credentials_in_body: true,
        },
        _ => {
            return Err(AppError::new(
                ErrorCode::NotFound,
                "no OAuth connection for this provider",
            ))
        }
    };
    if app.client_id.is_empty() || !secret_of(&app) {
        return Err(AppError::new(
            ErrorCode::UpstreamFailed,
            format!("{} is not configured on this server", provider.key()),
        ));
    }
    Ok(app)
}

fn oauth_error(e: OAuthError) -> AppError {
    match e {
        OAuthError::Revoked => AppError::new(
            ErrorCode::AuthenticationFailed,
            "Failed to authenticate, please try again",
        ),
        OAuthError::Misconfigured(what) => AppError::internal(format!("oauth config: {what}")),
        OAuthError::Upstream(detail) => AppError {
            internal: Some(detail),
            ..AppError::new(
                ErrorCode::UpstreamFailed,
                "the provider did not answer as expected",
            )
        },
    }
}

/// Issues a state for `user_id` and answers the consent URL and the state.
pub async fn authorize(
    state: &AppState,
    consent_name: &str,
    user_id: i64,
    domain: Option<&str>,
) -> Result<(String, String), AppError> {
    let (provider, consent) = Provider::from_consent_name(consent_name)
        .and_then(|p| p.consent_name().map(|c| (p, c)))
        .ok_or_else(|| {
            AppError::new(ErrorCode::NotFound, "no OAuth connection for this provider")
        })?;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let raw = hex::encode(bytes);
    let (url, verifier) = match provider {
        Provider::Salesforce => {
            let app = salesforce_app(state)?;
            let (challenge, verifier) = connectors::oauth::pkce_pair();
            let url = connectors::salesforce::authorize_url(&app, &raw, &challenge)
                .map_err(oauth_error)?;
            (url, Some(state.vault.seal(verifier.as_bytes())))
        }
        Provider::GoogleSheet => {
            let app = app(state, provider)?;
            (
                connectors::google::authorize_url(&app, &raw).map_err(oauth_error)?,
                None,
            )
        }
        Provider::Zoho => {
            let app = zoho_app(state)?;
            (
                connectors::zoho::authorize_url(&app, &raw).map_err(oauth_error)?,
                None,
            )
        }
        Provider::Bitrix => {
            let app = bitrix_app(state)?;
            let portal = bitrix_portal(state, domain).await?;
            let url = connectors::bitrix::authorize_url(&portal, &app.client_id, &raw)
                .map_err(oauth_error)?;
            (url, None)
        }
        _ => {
            let app = app(state, provider)?;
            let (challenge, verifier) = if app.pkce {
                let (c, v) = connectors::oauth::pkce_pair();
                (Some(c), Some(state.vault.seal(v.as_bytes())))
            } else {
                (None, None)
            };
            let url = connectors::oauth::authorize_url(&app, &raw, challenge.as_deref())
                .map_err(oauth_error)?;
            (url, verifier)
        }
    };
    let now = state.clock.now_ms();
    store::integrations::insert_oauth_state(
        &state.store,
        &hash_token(&raw),
        consent,
        user_id,
        verifier,
        now,
        now + STATE_TTL_MS,
    )
    .await?;
    Ok((url, raw))
}

/// Uses up `raw_state` for `user_id` and exchanges `code`: the tokens, or
/// `authentication_failed` for a state that is unknown, used, expired, another user's or
/// another provider's, and for a code the provider refuses.
pub async fn exchange(
    state: &AppState,
    provider: Provider,
    user_id: i64,
    raw_state: &str,
    code: &str,
) -> Result<Exchanged, AppError> {
    if provider == Provider::Bitrix {
        bitrix_app(state)?;
    } else {
        app(state, provider)?;
    }
    let verifier = use_state(state, provider, user_id, raw_state).await?;
    if provider == Provider::Bitrix {
        let grant = connectors::bitrix::exchange_code(&bitrix_app(state)?, code.trim())
            .await
            .map_err(oauth_error)?;
        return Ok(Exchanged {
            tokens: grant.tokens,
            client_endpoint: grant.client_endpoint,
        });
    }
    let app = app(state, provider)?;
    let tokens = connectors::oauth::exchange_code(&app, code.trim(), verifier.as_deref())
        .await
        .map_err(oauth_error)?;
    Ok(Exchanged {
        tokens,
        client_endpoint: None,
    })
}

/// Uses up `raw_state` for `user_id` and `provider`: its PKCE verifier, if any, or
/// `authentication_failed` for a state that is unknown, used, expired, another user's or
/// another provider's.
pub async fn use_state(
    state: &AppState,
    provider: Provider,
    user_id: i64,
    raw_state: &str,
) -> Result<Option<String>, AppError> {
    let now = state.clock.now_ms();
    let taken = store::integrations::take_oauth_state(
        &state.store,
        &hash_token(raw_state.trim()),
        provider.consent_name().unwrap_or(provider.key()),
        user_id,
        now,
    )
    .await?
    .ok_or_else(|| {
        AppError::new(
            ErrorCode::AuthenticationFailed,
            "Failed to authenticate, please try again",
        )
    })?;
    let verifier = match taken.pkce_verifier.as_deref() {
        Some(sealed) => Some(
            String::from_utf8(state.vault.open(sealed).map_err(AppError::internal)?)
                .map_err(AppError::internal)?,
        ),
        None => None,
    };
    Ok(verifier)
}

/// Stores `tokens` as `owner`'s link of kind `K` (sealed), with its expiry.
pub async fn save_tokens<K: LinkKind<Secret = TokenSecret>>(
    state: &AppState,
    owner: Owner,
    settings: &K::Settings,
    tokens: &Tokens,
) -> Result<integration::Model, AppError> {
    let secret = TokenSecret {
        access_token: tokens.access_token.clone(),
        refresh_token: tokens.refresh_token.clone(),
    };
    let expires = expires_at(state.clock.now_ms(), tokens.expires_in);
    crate::links::save_with_expiry::<K>(state, owner, settings, &secret, expires).await
}

fn expires_at(now: i64, expires_in: Option<u64>) -> Option<i64> {
    expires_in.map(|s| now + i64::try_from(s).unwrap_or(i64::MAX / 2_000) * 1000)
}

/// `owner`'s link to `provider`, refreshed first when its access token is about to expire.
/// A refused refresh marks it `needs_reconnect`; a provider that cannot be reached leaves it
/// as it is (the next use tries again).
pub async fn fresh_link(
    state: &AppState,
    provider: Provider,
    owner: Owner,
) -> Result<Option<integration::Model>, AppError> {
    let Some(row) = store::integrations::find(&state.store, provider.key(), owner).await? else {
        return Ok(None);
    };
    let now = state.clock.now_ms();
    let due = match row.expires_at {
        Some(e) if row.status == STATUS_CONNECTED && e - now < REFRESH_MARGIN_MS => Some(e),
        _ => None,
    };
    let Some(seen) = due else {
        return Ok(Some(row));
    };
    if !store::integrations::take_refresh_lease(
        &state.store,
        row.id,
        seen,
        now,
        now + REFRESH_LEASE_MS,
    )
    .await?
    {
        // Another request is refreshing (or just did): answer the link as it now stands.
        return Ok(store::integrations::find(&state.store, provider.key(), owner).await?);
    }
    refresh_holding_lease(state, provider, &row).await?;
    Ok(store::integrations::find(&state.store, provider.key(), owner).await?)
}

/// How often a caller that found another refresh under way looks whether it has finished.
const REFRESH_WAIT_STEP: std::time::Duration = std::time::Duration::from_millis(50);

/// The one way to refresh a link whose access token the provider just refused (a 401), used by
/// the sync worker and by the read calls alike: `seen` is the link as the caller read it before
/// the refused call. However many callers saw the same 401, the token is refreshed once — the
/// first takes the link's refresh lease (only while the link still holds the refused token) and
/// refreshes; the others wait for that refresh to finish (at most the lease's length) and use
/// its token. A link whose token changed since `seen` was refreshed already and is answered as
/// it stands. A refused refresh marks the link `needs_reconnect`.
pub async fn refresh_after_refused(
    state: &AppState,
    provider: Provider,
    owner: Owner,
    seen: &integration::Model,
) -> Result<Option<integration::Model>, AppError> {
    let Some(seen_secret) = seen.secret.as_deref() else {
        return Ok(store::integrations::find(&state.store, provider.key(), owner).await?);
    };
    let now = state.clock.now_ms();
    if store::integrations::take_refresh_lease_for_refused(
        &state.store,
        seen.id,
        seen_secret,
        now,
        now + REFRESH_LEASE_MS,
    )
    .await?
    {
        refresh_holding_lease(state, provider, seen).await?;
        return Ok(store::integrations::find(&state.store, provider.key(), owner).await?);
    }
    // Someone else refreshed already or is refreshing: wait for their outcome.
    let deadline = tokio::time::Instant::now()
        + std::time::Duration::from_millis(REFRESH_LEASE_MS.unsigned_abs());
    loop {
        let current = store::integrations::find(&state.store, provider.key(), owner).await?;
        let settled = match &current {
            None => true,
            Some(row) => {
                row.secret.as_deref() != Some(seen_secret)
                    || row.status != STATUS_CONNECTED
                    || row
                        .refreshing_until
                        .is_none_or(|until| until <= state.clock.now_ms())
            }
        };
        if settled || tokio::time::Instant::now() >= deadline {
            return Ok(current);
        }
        tokio::time::sleep(REFRESH_WAIT_STEP).await;
    }
}

/// Refreshes `row`'s tokens with its refresh token while the caller holds its refresh lease,
/// records the outcome and releases the lease.
async fn refresh_holding_lease(
    state: &AppState,
    provider: Provider,
    row: &integration::Model,
) -> Result<(), AppError> {
    let secret: TokenSecret = crate::links::tokens(state, row)?;
    let outcome = match secret.refresh_token.as_deref() {
        Some(rt) if provider == Provider::Salesforce => {
            connectors::salesforce::refresh(&salesforce_app(state)?, rt)
                .await
                .map(|g| g.tokens)
        }
        Some(rt) if provider == Provider::Zoho => {
            let s: ZohoSettings = crate::links::settings::<crate::links::kinds::Zoho>(row)?;
            connectors::zoho::refresh(&zoho_app(state)?, &s.accounts_server, rt).await
        }
        Some(rt) if provider == Provider::Bitrix => {
            connectors::bitrix::refresh(&bitrix_app(state)?, rt)
                .await
                .map(|g| g.tokens)
        }
        Some(rt) => connectors::oauth::refresh(&app(state, provider)?, rt).await,
        None => Err(OAuthError::Revoked),
    };
    let now = state.clock.now_ms();
    match outcome {
        Ok(tokens) => {
            let sealed = state.vault.seal_json(&TokenSecret {
                access_token: tokens.access_token,
                refresh_token: tokens.refresh_token.or(secret.refresh_token),
            });
            store::integrations::finish_refresh(
                &state.store,
                row.id,
                STATUS_CONNECTED,
                Some(sealed),
                expires_at(now, tokens.expires_in),
                now,
            )
            .await?;
        }
        Err(OAuthError::Revoked) => {
            tracing::info!(
                provider = provider.key(),
                link = row.id,
                "refresh refused: needs reconnect"
            );
            store::integrations::finish_refresh(
                &state.store,
                row.id,
                STATUS_NEEDS_RECONNECT,
                None,
                None,
                now,
            )
            .await?;
        }
        Err(e) => {
            tracing::warn!(provider = provider.key(), link = row.id, error = %e, "refresh failed; will retry");
            store::integrations::finish_refresh(
                &state.store,
                row.id,
                STATUS_CONNECTED,
                None,
                None,
                now,
            )
            .await?;
        }
    }
    Ok(())
}
