//! What every handler can reach: the store, the configuration, the clock and the mailer. Cheap
//! to clone; no other state lives in the process, so several replicas can share one PostgreSQL.

use crate::clock::Clock;
use crate::config::Config;
use crate::mail::Mailer;
use crate::secrets::Vault;
use std::sync::Arc;
use store::Store;

#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    pub clock: Clock,
    pub mailer: Mailer,
    /// Encrypts and decrypts integration secrets.
    pub vault: Vault,
    /// Wakes this process's sync worker when ingestion queued deliveries (other replicas find
    /// them on their next poll).
    pub sync_wake: Arc<tokio::sync::Notify>,
}

impl AppState {
    /// The state for `config`, reading the system clock.
    pub fn new(config: Config, store: Store) -> anyhow::Result<AppState> {
        Self::with_clock(config, store, Clock::default())
    }

    /// The state with a clock the caller keeps a handle on (tests move it forward).
    pub fn with_clock(config: Config, store: Store, clock: Clock) -> anyhow::Result<AppState> {
        let mailer = Mailer::from_config(&config)?;
        let vault = Vault::from_config(&config)?;
        Ok(AppState {
            store,
            config: Arc::new(config),
            clock,
            mailer,
            vault,
            sync_wake: Arc::new(tokio::sync::Notify::new()),
        })
    }
}
