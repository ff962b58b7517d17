//! What every handler can reach: the store, the configuration, the clock, the mailer, the vault
//! and the webhook clients. Cheap to clone; nothing in it is shared truth (the clients are a
//! connection cache, the password checks a pool, the error-report limiter a bounded cache), so
//! several replicas can share one PostgreSQL.

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
    /// The HTTP clients of webhook endpoints, reused across deliveries (per host and vetted
    /// addresses).
    pub webhook_clients: connectors::webhook::WebhookClients,
    /// Wakes this process's sync worker when ingestion queued deliveries (other replicas find
    /// them on their next poll).
    pub sync_wake: Arc<tokio::sync::Notify>,
    /// Wakes this process's inbox worker when a reply was queued.
    pub inbox_send_wake: Arc<tokio::sync::Notify>,
    /// Wakes this process's live inbox screens: the organisation whose inbox changed.
    pub inbox_wake: Arc<tokio::sync::watch::Sender<i64>>,
    /// This process's queue of the shared numbers' webhook messages, stored in batches.
    pub intake: crate::inbox::intake::Intake,
    /// The shared numbers by webhook token, kept for a moment (a cache).
    pub hook_channels: crate::inbox::hook_channels::HookChannels,
    /// This process's shared readers of the inbox's event log, one per organisation with open
    /// live feeds (a cache of the log's newest rows).
    pub inbox_tails: crate::inbox::tail::Tails,
    /// The country database for visitors' currencies, when configured.
    pub geo: Option<Arc<crate::geo::Reader>>,
    /// Where uploaded files are kept.
    pub files: crate::files::Files,
    /// The operator password checks running at once, on reused memory (a pool).
    pub operator_hashes: crate::operator::HashPool,
    /// Error reports per client address in the current minute (a bounded cache).
    pub client_error_limiter: crate::routes::client_errors::Limiter,
    /// Feedback-form messages per client address in the current minute (a bounded cache).
    pub feedback_limiter: crate::routes::client_errors::Limiter,
    /// Organisation codes tried per person (joining by code).
    pub join_limiter: crate::routes::client_errors::Limiter,
    /// When fetching exchange rates last failed (epoch ms, 0: never), so a provider that is down
    /// is asked again after a pause rather than on every anonymous request (a cache: each
    /// replica keeps its own).
    pub rates_failed_at: Arc<std::sync::atomic::AtomicI64>,
    /// Permits to read a PDF's text, `knowledge_base.max_concurrent_reads` of them: a bound on
    /// this process's readers (each may take `extract_memory_mb`), not shared truth.
    pub pdf_reads: Arc<tokio::sync::Semaphore>,
    /// The HubSpot accounts' deal and ticket pipelines, per member link, read at most hourly
    /// (a cache: each replica keeps its own).
    pub hubspot_pipelines: crate::crm_sync::PipelineCache,
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
        let geo = crate::geo::open(config.billing.geoip_db.as_deref());
        let files = crate::files::Files::from_config(&config.files)?;
        let pdf_reads = Arc::new(tokio::sync::Semaphore::new(
            usize::try_from(config.knowledge_base.max_concurrent_reads.max(1)).unwrap_or(1),
        ));
        let operator_hashes = crate::operator::HashPool::new(
            config.sign_in.operator_hashes_at_once,
            config.sign_in.operator_hash_wait_ms,
        );
        let client_error_limiter = crate::routes::client_errors::Limiter::new(
            config.client_errors.per_minute,
            config.client_errors.total_per_minute,
        );
        Ok(AppState {
            store,
            config: Arc::new(config),
            clock,
            mailer,
            vault,
            webhook_clients: connectors::webhook::WebhookClients::default(),
            sync_wake: Arc::new(tokio::sync::Notify::new()),
            inbox_send_wake: Arc::new(tokio::sync::Notify::new()),
            inbox_wake: Arc::new(tokio::sync::watch::channel(0).0),
            intake: crate::inbox::intake::Intake::default(),
            hook_channels: crate::inbox::hook_channels::HookChannels::default(),
            inbox_tails: crate::inbox::tail::Tails::default(),
            geo,
            files,
            operator_hashes,
            client_error_limiter,
            feedback_limiter: crate::routes::feedback::limiter(),
            join_limiter: crate::routes::join::limiter(),
            rates_failed_at: Arc::default(),
            pdf_reads,
            hubspot_pipelines: Default::default(),
        })
    }
}
