//! The server's clients for external providers, one module per provider, and the one address
//! guard every user-supplied URL passes before the server connects to it. No axum types here;
//! every base URL comes from the caller (the server's configuration), so tests point them at
//! the fakes in `crates/testkit`.
//!
//! Architecture invariant: no request to a user-supplied address is made except through
//! [`guard::guard_url`] and the client it returns, which connects by the vetted addresses only.

pub mod activity;
pub mod ai;
pub mod bitrix;
pub mod crm_records;
pub mod exchange_rates;
pub mod freshdesk;
pub mod google;
pub mod guard;
pub mod hubspot;
pub mod hubspot_pipelines;
pub mod hubspot_records;
pub mod hubspot_webhooks;
pub mod leadsquared;
pub mod oauth;
pub mod salesforce;
pub mod stripe;
pub mod waha;
pub mod webhook;
pub mod zoho;
pub mod zoho_objects;
pub mod zoho_records;
pub mod zoho_watch;

pub use guard::{guard_url, GuardError, GuardedUrl};

use std::time::Duration;

/// How long any provider call may take.
pub const TIMEOUT: Duration = Duration::from_secs(15);

/// Why a provider call failed.
#[derive(Debug, thiserror::Error)]
pub enum ConnectorError {
    /// The address is not one the server may reach (scheme, private range, host not allowed).
    #[error("address refused: {0}")]
    Refused(#[from] GuardError),
    /// The provider answered that the credentials are wrong.
    #[error("the provider refused the credentials")]
    WrongCredentials,
    /// The provider answered 429: too many calls; try again after `retry_after_ms` when it said.
    #[error("the provider is rate limiting calls")]
    RateLimited { retry_after_ms: Option<u64> },
    /// The account's calls for the day are spent (HubSpot's `DAILY` policy): no call succeeds
    /// until its day ends, so waiting seconds is no use.
    #[error("the provider's daily call limit is reached")]
    DailyLimit,
    /// An OAuth provider refused the access token (401): refresh it and try again once.
    #[error("the provider refused the access token")]
    TokenExpired,
    /// The provider could not be reached or answered something unexpected.
    #[error("provider call failed: {0}")]
    Upstream(String),
}

impl From<reqwest::Error> for ConnectorError {
    fn from(e: reqwest::Error) -> Self {
        // reqwest's text can include the URL, which may carry a key in its query: drop it.
        ConnectorError::Upstream(e.without_url().to_string())
    }
}

/// Fills `{name}` in a configured base-URL template, e.g. `https://{domain}`.
pub fn fill_template(template: &str, name: &str, value: &str) -> String {
    template.replace(&format!("{{{name}}}"), value)
}
