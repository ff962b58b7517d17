//! Integration links between the handlers and the store. Each provider of the registry
//! (`domain::providers`) has a [`LinkKind`] in `kinds.rs` naming what its link keeps in plain
//! settings and what only in the sealed secret; everything here is generic over it: saving and
//! reading a link, its status answer, the connected flags of the user-existence answer, and how
//! a connector's failure becomes the spec's message. `with_kind!` (in `kinds.rs`) turns a
//! `Provider` known only at run time into its kind.

pub mod kinds;

use crate::error::AppError;
use crate::state::AppState;
use connectors::ConnectorError;
use contract::accounts::IntegrationFlags;
use contract::integrations::LinkStatus;
use contract::ErrorCode;
use domain::providers::{LinkOwner, Provider};
use serde::de::DeserializeOwned;
use serde::Serialize;
use store::entity::integration;
use store::integrations::{LinkData, Owner, STATUS_CONNECTED, STATUS_NEEDS_RECONNECT};

/// A provider's stored link: which provider it is, and the types of its settings and secret.
pub trait LinkKind {
    const PROVIDER: Provider;
    /// Kept in plain JSON beside the link.
    type Settings: Serialize + DeserializeOwned;
    /// Kept sealed (encrypted) beside the link; never in an answer.
    type Secret: Serialize + DeserializeOwned;

    /// The non-secret details a status answer shows of a link (its domain, host, …).
    fn describe(_settings: &Self::Settings, _status: &mut LinkStatus) {}

    /// The CRMs: the view of a link the sync engine's connector logs chat activity on.
    fn crm_link(
        _config: &crate::config::Config,
        _settings: Self::Settings,
        _secret: Self::Secret,
    ) -> Result<connectors::activity::CrmLink, String> {
        Err(format!("no activity sync for {}", Self::PROVIDER.key()))
    }
}

pub use crate::with_kind;

/// The store's owner of `provider`'s link for a caller: their own workspace, or `org_id`.
pub fn owner_of(provider: Provider, user_id: i64, org_id: i64) -> Owner {
    match provider.spec().owner {
        LinkOwner::User => Owner::User(user_id),
        LinkOwner::Organisation => Owner::Org(org_id),
    }
}

/// `owner`'s link of kind `K`, as stored.
pub async fn find<K: LinkKind>(
    state: &AppState,
    owner: Owner,
) -> Result<Option<integration::Model>, AppError> {
    Ok(store::integrations::find(&state.store, K::PROVIDER.key(), owner).await?)
}

/// Removes `owner`'s link of `provider` (nothing to do when there is none).
pub async fn unlink(state: &AppState, provider: Provider, owner: Owner) -> Result<(), AppError> {
    store::integrations::delete(&state.store, provider.key(), owner).await?;
    Ok(())
}

/// Saves `owner`'s link of kind `K` with `settings` in plain JSON and `secret` sealed.
pub async fn save<K: LinkKind>(
    state: &AppState,
    owner: Owner,
    settings: &K::Settings,
    secret: &K::Secret,
) -> Result<integration::Model, AppError> {
    save_with_expiry::<K>(state, owner, settings, secret, None).await
}

/// [`save`], with the moment the secret's access token expires.
pub async fn save_with_expiry<K: LinkKind>(
    state: &AppState,
    owner: Owner,
    settings: &K::Settings,
    secret: &K::Secret,
    expires_at: Option<i64>,
) -> Result<integration::Model, AppError> {
    let data = LinkData {
        status: STATUS_CONNECTED,
        settings: serde_json::to_string(settings).map_err(AppError::internal)?,
        secret: Some(state.vault.seal_json(secret)),
        expires_at,
    };
    let now = state.clock.now_ms();
    let saved =
        store::integrations::save(&state.store, K::PROVIDER.key(), owner, data, now).await?;
    if let Owner::User(id) = owner {
        if let Some(user) = store::accounts::find_user(&state.store, id).await? {
            crate::leads::on_stage(
                state,
                &user,
                domain::assignment::OnboardingStage::IntegrationDone,
                domain::assignment::Region::Other,
            )
            .await;
        }
    }
    Ok(saved)
}

/// Replaces a link's plain settings; its secret is untouched.
pub async fn update_settings<K: LinkKind>(
    state: &AppState,
    row: &integration::Model,
    settings: &K::Settings,
) -> Result<(), AppError> {
    let text = serde_json::to_string(settings).map_err(AppError::internal)?;
    store::integrations::update_settings(&state.store, row.id, &text, state.clock.now_ms()).await?;
    Ok(())
}

/// A link's plain settings.
pub fn settings<K: LinkKind>(row: &integration::Model) -> Result<K::Settings, AppError> {
    serde_json::from_str(&row.settings).map_err(AppError::internal)
}

/// A link's decrypted secret.
pub fn secret<K: LinkKind>(
    state: &AppState,
    row: &integration::Model,
) -> Result<K::Secret, AppError> {
    open_secret(state, row)
}

/// The provider client's view of `link`, with its current (refreshed) token.
pub fn crm_client(
    state: &AppState,
    link: &integration::Model,
) -> Result<connectors::activity::CrmLink, String> {
    fn of_kind<K: LinkKind>(
        state: &AppState,
        link: &integration::Model,
    ) -> Result<connectors::activity::CrmLink, String> {
        let settings = settings::<K>(link).map_err(|_| "unreadable settings".to_owned())?;
        let secret = secret::<K>(state, link).map_err(|_| "unreadable secret".to_owned())?;
        K::crm_link(&state.config, settings, secret)
    }
    let provider = Provider::from_key(&link.provider)
        .ok_or_else(|| format!("no CRM client for {}", link.provider))?;
    with_kind!(provider, K => of_kind::<K>(state, link))
}

/// The tokens of a link of any OAuth kind (whose secret is [`kinds::TokenSecret`]).
pub fn tokens(state: &AppState, row: &integration::Model) -> Result<kinds::TokenSecret, AppError> {
    open_secret(state, row)
}

fn open_secret<T: DeserializeOwned>(
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

/// The status of a link of kind `K` with the details its kind shows.
pub fn status<K: LinkKind>(row: Option<&integration::Model>) -> Result<LinkStatus, AppError> {
    let mut status = status_of(row);
    if let Some(r) = row {
        K::describe(&settings::<K>(r)?, &mut status);
    }
    Ok(status)
}

/// Whether a link counts as connected for the connected flags: usable, and for the
/// organisation's webhook also switched on with an address.
fn flag_of(provider: Provider, row: &integration::Model) -> Result<bool, AppError> {
    Ok(row.status == STATUS_CONNECTED
        && match provider {
            Provider::Webhooks => kinds::Webhooks::is_on(&settings::<kinds::Webhooks>(row)?),
            _ => true,
        })
}

/// The connected flags of `user_id`'s own workspace (000 §3 `integrations`): one per provider
/// with a usable link, and `webhooks` when the user's default organisation has an endpoint
/// switched on.
pub async fn flags_of(state: &AppState, user_id: i64) -> Result<IntegrationFlags, AppError> {
    let mut flags = IntegrationFlags::default();
    for row in store::integrations::links_of_user(&state.store, user_id).await? {
        if let Some(p) = Provider::from_key(&row.provider) {
            flags.set(p, flag_of(p, &row)?);
        }
    }
    let default_org = store::orgs::memberships_of_user(&state.store, user_id)
        .await?
        .into_iter()
        .find(|(m, _)| m.is_default_org && m.user_status == domain::accounts::ACTIVE_USER_STATUS)
        .map(|(_, o)| o.id);
    if let Some(org_id) = default_org {
        if let Some(row) = find::<kinds::Webhooks>(state, Owner::Org(org_id)).await? {
            flags.set(Provider::Webhooks, flag_of(Provider::Webhooks, &row)?);
        }
    }
    Ok(flags)
}

/// A connector failure as the answer the web app translates: `wrong` is the provider's
/// wrong-credentials code; a refused address names `field`.
pub fn connector_error(e: ConnectorError, wrong: ErrorCode, field: &str) -> AppError {
    match e {
        ConnectorError::Refused(g) => {
            // A name that does not resolve is most often a typo: say it was not found, not that
            // it is not public (issue #25).
            let code = if g == connectors::GuardError::Unresolved {
                ErrorCode::HostNotFound
            } else {
                ErrorCode::AddressRefused
            };
            AppError {
                fields: Some([(field.to_owned(), code.code().to_owned())].into()),
                ..AppError::new(code, format!("{field}: {g}"))
            }
        }
        ConnectorError::WrongCredentials => AppError::new(wrong, wrong_message(wrong)),
        ConnectorError::DailyLimit => AppError::new(
            ErrorCode::DailyLimitReached,
            "the provider's daily call limit is reached",
        )
        .with_field("limit", "crm_api"),
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
