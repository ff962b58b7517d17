//! Typed configuration, layered: built-in defaults, then an optional TOML file, then
//! `SWITCHBOARD_*` environment variables (and `DATABASE_URL`), then command-line flags.
//! Settings are grouped — `mail`, `sync`, and `providers.<name>` for each external provider —
//! and a nested setting's variable joins its path with `__`
//! (`providers.hubspot.client_id` is `SWITCHBOARD_PROVIDERS__HUBSPOT__CLIENT_ID`).
//!
//! Architecture invariant: this is the only module that reads the environment.

use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use secrecy::SecretString;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Address the HTTP server listens on (`serve --bind` overrides it).
    pub bind: String,
    /// `sqlite://path` (default, embedded) or `postgres://user@host/db`; `DATABASE_URL` and
    /// `--database-url` set it too.
    pub database_url: String,
    /// Folder of the built web app (`web/dist`); served with a fallback to its `index.html`.
    pub web_dir: PathBuf,
    /// Largest request body accepted, in bytes.
    pub max_body_bytes: usize,
    /// tracing filter, e.g. `info` or `switchboard=debug,tower_http=info`.
    pub log: String,
    /// How many proxies you run in front of the server, each appending the address it saw to
    /// `X-Forwarded-For`. 0: the caller is the connection's address and the header is ignored;
    /// N: the caller is the Nth entry from the right (the one your outermost proxy wrote; what a
    /// client writes to the left of it is never believed). Rate limits and the visitor's
    /// country use it; IPv6 callers are counted by their /64.
    pub trusted_proxy_hops: u32,
    /// Serve the development mailbox at `GET /api/dev/mailbox?email=` (tests, local runs). Never
    /// enable it where strangers can reach the server: it shows sign-in codes.
    pub dev_mailbox: bool,
    /// How long a session lasts, in days.
    pub session_ttl_days: u32,
    /// How long a browser extension's token lasts, in days (its owner can revoke it sooner). The
    /// extension renews it before then (`POST /api/v2/extension/token/renew`).
    pub extension_token_ttl_days: u32,
    /// How long an extension token still works after the extension renewed it, in seconds, so a
    /// request already under way with it is not broken.
    pub extension_token_renewal_grace_secs: u32,
    /// Mark the session cookie `Secure` (serve over HTTPS); also turns on
    /// `Strict-Transport-Security` on every answer.
    pub cookie_secure: bool,
    /// The AES-256-GCM key that encrypts integration secrets at rest, base64 of 32 bytes. When
    /// absent the key is read from `secret_key_file`, which is created (mode 0600) on first start.
    #[serde(skip_serializing)]
    pub secret_key: Option<SecretString>,
    /// Where the generated key lives when `secret_key` is not set.
    pub secret_key_file: PathBuf,
    /// Exact `ip:port` addresses the address guard lets through although they are not public
    /// (tests and local runs reach the fake providers on 127.0.0.1 this way). Empty in production.
    pub address_allow: Vec<std::net::SocketAddr>,
    /// Where OAuth providers send the browser back: the web app's Integrations page. Registered
    /// with each provider's application.
    pub oauth_redirect_url: String,
    /// The web app's public address (scheme, host and port, no path), for the links in e-mails:
    /// an invitation opens `<public_url>/workspace/signup` with the address prefilled.
    pub public_url: String,
    /// E-mail: where sign-in codes and invitations go.
    pub mail: MailConfig,
    /// The sync engine: its worker, retries and timeouts.
    pub sync: SyncConfig,
    /// Signing in: how often codes may be asked for and how many password hashes run at once.
    pub sign_in: SignInConfig,
    /// `POST /api/client-errors`, the web app's error reports: their size and rate.
    pub client_errors: ClientErrorsConfig,
    /// Plans and payments: the grace period, where checkouts return, the visitor's currency.
    pub billing: BillingConfig,
    /// The knowledge base: the AI service and the extraction limits.
    pub knowledge_base: KnowledgeBaseConfig,
    /// The team inbox: where gateways post, how replies wait for them, the live feed.
    pub inbox: InboxConfig,
    /// Where uploaded files are kept: a folder, or an S3-compatible bucket.
    pub files: FilesConfig,
    /// What one account may keep and create: storage, schedules, follow-ups, organisations.
    pub quotas: QuotasConfig,
    /// What the web app is told when it starts: the browser extension's ids, where the support
    /// and demo links lead.
    pub client: ClientConfig,
    /// The external providers, one section each (`providers.hubspot.client_id`, …).
    pub providers: ProvidersConfig,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: "127.0.0.1:8080".to_owned(),
            database_url: "sqlite://data/switchboard.db".to_owned(),
            web_dir: PathBuf::from("web/dist"),
            max_body_bytes: 2 * 1024 * 1024,
            log: "info,sqlx=warn,sea_orm=warn".to_owned(),
            trusted_proxy_hops: 0,
            dev_mailbox: false,
            session_ttl_days: 30,
            extension_token_ttl_days: 30,
            extension_token_renewal_grace_secs: 300,
            cookie_secure: false,
            secret_key: None,
            secret_key_file: PathBuf::from("data/secret.key"),
            address_allow: Vec::new(),
            oauth_redirect_url: "http://127.0.0.1:8080/integrations".to_owned(),
            public_url: "http://127.0.0.1:8080".to_owned(),
            mail: MailConfig::default(),
            sync: SyncConfig::default(),
            sign_in: SignInConfig::default(),
            client_errors: ClientErrorsConfig::default(),
            billing: BillingConfig::default(),
            knowledge_base: KnowledgeBaseConfig::default(),
            inbox: InboxConfig::default(),
            files: FilesConfig::default(),
            quotas: QuotasConfig::default(),
            client: ClientConfig::default(),
            providers: ProvidersConfig::default(),
        }
    }
}

/// What the web app is told at run time (`GET /api/client-config`) rather than at build time,
/// so one build serves any deployment.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct ClientConfig {
    /// The browser extension's ids (Chrome's 32 letters a–p), each messaged — the store build
    /// and a second one, e.g. `["aaaa…", "bbbb…"]`. Empty: the app says the extension cannot
    /// be reached.
    pub extension_ids: Vec<String>,
    /// Where "Contact us" leads: an address, or a path of this app.
    pub support_url: String,
    /// Where "Book a demo" leads: an address, or a path of this app.
    pub demo_url: String,
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            extension_ids: Vec::new(),
            support_url: "/feedback/contact".to_owned(),
            demo_url: "/feedback/demo".to_owned(),
        }
    }
}

impl ClientConfig {
    /// The configured extension ids that are extension ids; the others are left out (and
    /// named in the log at start, [`ClientConfig::malformed_extension_ids`]).
    pub fn extension_ids(&self) -> Vec<String> {
        self.extension_ids
            .iter()
            .map(|id| id.trim())
            .filter(|id| is_extension_id(id))
            .map(str::to_owned)
            .collect()
    }

    /// The configured extension ids that are not extension ids.
    pub fn malformed_extension_ids(&self) -> Vec<&str> {
        self.extension_ids
            .iter()
            .map(|id| id.trim())
            .filter(|id| !is_extension_id(id))
            .collect()
    }
}

/// Chrome's extension id: 32 letters from `a` to `p`.
fn is_extension_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| (b'a'..=b'p').contains(&b))
}

/// What one account may keep and create (issue #23), checked before anything is written. The
/// plans speak only of labels, quick replies, seats and AI replies; these bound everything else
/// anyone who signs up could otherwise grow without end.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct QuotasConfig {
    /// Megabytes of quick-reply and scheduled-message files one person may keep (everything
    /// they uploaded, in every workspace).
    pub user_storage_mb: u64,
    /// Megabytes of such files an organisation's members may keep in it together.
    pub org_storage_mb: u64,
    /// Scheduled messages one person may keep in one workspace.
    pub schedules_per_workspace: u64,
    /// Follow-ups one person may keep in one workspace.
    pub follow_ups_per_workspace: u64,
    /// Organisations one person may create in 24 hours (each starts a trial).
    pub organisations_per_day: u64,
}

impl Default for QuotasConfig {
    fn default() -> Self {
        QuotasConfig {
            user_storage_mb: 500,
            org_storage_mb: 5 * 1024,
            schedules_per_workspace: 1000,
            follow_ups_per_workspace: 5000,
            organisations_per_day: 3,
        }
    }
}

impl QuotasConfig {
    pub fn user_storage_bytes(&self) -> i64 {
        i64::try_from(self.user_storage_mb.saturating_mul(1024 * 1024)).unwrap_or(i64::MAX)
    }

    pub fn org_storage_bytes(&self) -> i64 {
        i64::try_from(self.org_storage_mb.saturating_mul(1024 * 1024)).unwrap_or(i64::MAX)
    }
}

/// E-mail: where sign-in codes and invitations go.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct MailConfig {
    /// SMTP server for sign-in codes and invitations, e.g. `smtps://user:pass@smtp.example.com`
    /// (lettre's URL form). Without it, e-mails go to the development mailbox table and the log.
    #[serde(skip_serializing)]
    pub smtp_url: Option<SecretString>,
    /// The sender of every e-mail.
    pub from: String,
}

impl Default for MailConfig {
    fn default() -> Self {
        MailConfig {
            smtp_url: None,
            from: "Switchboard <no-reply@switchboard.localhost>".to_owned(),
        }
    }
}

/// The sync engine: its worker, retries and timeouts.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct SyncConfig {
    /// Run the sync worker in this process (every replica may; they share the queue).
    pub worker: bool,
    /// Tries per delivery before it is dead-lettered (000 §8: 3 by default; at least 1).
    pub max_attempts: u32,
    /// Exponential backoff between tries: the first wait.
    pub backoff_base_ms: u64,
    /// The longest wait between tries (before jitter).
    pub backoff_max_ms: u64,
    /// How long a worker holds a job before another may take it (longer than any delivery).
    pub lease_ms: u64,
    /// How often an idle worker looks for due jobs queued by other replicas or retries.
    pub poll_ms: u64,
    /// Deliveries one worker makes at once.
    pub concurrency: usize,
    /// How long a webhook endpoint may take to answer.
    pub webhook_timeout_ms: u64,
}

impl Default for SyncConfig {
    fn default() -> Self {
        SyncConfig {
            worker: true,
            max_attempts: domain::retry::DEFAULT_TRIES,
            backoff_base_ms: 10_000,
            backoff_max_ms: 3_600_000,
            lease_ms: 120_000,
            poll_ms: 1_000,
            concurrency: 32,
            webhook_timeout_ms: 10_000,
        }
    }
}

/// Signing in: how often codes may be asked for and how many password hashes run at once.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct SignInConfig {
    /// Sign-in codes one e-mail address may be sent in 24 hours (counted in the database);
    /// past it `POST /api/auth/code` answers 429 `daily_limit_reached`. With five tries a code,
    /// this bounds the guesses at an address to codes_per_day × 5 a day.
    pub codes_per_day: u32,
    /// Operator password checks (argon2id, 19 MiB each) running at once in this process; each
    /// holds one reused 19 MiB block, so this bounds their memory.
    pub operator_hashes_at_once: usize,
    /// How long an operator sign-in waits for a free password check before it answers 429
    /// `rate_limited`.
    pub operator_hash_wait_ms: u64,
}

impl Default for SignInConfig {
    fn default() -> Self {
        SignInConfig {
            codes_per_day: 10,
            operator_hashes_at_once: 2,
            operator_hash_wait_ms: 1_000,
        }
    }
}

/// `POST /api/client-errors`, the web app's error reports: their size and rate.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct ClientErrorsConfig {
    /// Largest report accepted, in bytes (413 `payload_too_large` past it).
    pub max_body_bytes: usize,
    /// Reports one client address may send a minute (429 `rate_limited` past it), counted in
    /// this process.
    pub per_minute: u32,
    /// Reports the whole process accepts a minute, from everyone; it also bounds how many
    /// addresses the per-minute count remembers.
    pub total_per_minute: u32,
}

impl Default for ClientErrorsConfig {
    fn default() -> Self {
        ClientErrorsConfig {
            max_body_bytes: 16 * 1024,
            per_minute: 10,
            total_per_minute: 600,
        }
    }
}

/// Plans and payments: the grace period, where checkouts return, the visitor's currency.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct BillingConfig {
    /// Days a plan keeps its features after its trial or paid period ends, before it falls back
    /// to Free (001 §4 grace period).
    pub grace_days: u32,
    /// The web app's `/checkout` page, where the payment provider sends the buyer back (paid
    /// or cancelled) and its customer portal returns.
    pub return_url: String,
    /// A MaxMind-format country database (GeoLite2-Country or compatible) to tell a visitor's
    /// currency from their address; without it the currency is unknown and prices stay in USD.
    pub geoip_db: Option<PathBuf>,
    /// Deprecated: set `trusted_proxy_hops` instead. `true` counts as `trusted_proxy_hops = 1`
    /// when that is 0 (the entry your proxy appended to `X-Forwarded-For`, no longer the
    /// client-written first one).
    pub trust_forwarded_for: bool,
}

impl Default for BillingConfig {
    fn default() -> Self {
        BillingConfig {
            grace_days: domain::subscription::DEFAULT_GRACE_DAYS,
            return_url: "http://127.0.0.1:8080/checkout".to_owned(),
            geoip_db: None,
            trust_forwarded_for: false,
        }
    }
}

/// Where uploaded files are kept: a folder, or an S3-compatible bucket.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct FilesConfig {
    /// The folder files are kept in when no bucket is configured (replicas must share it).
    pub dir: PathBuf,
    /// An S3-compatible bucket's endpoint (e.g. `https://s3.eu-west-1.amazonaws.com` or a MinIO
    /// address); with `bucket`, files go there instead of the folder.
    pub s3_endpoint: Option<String>,
    /// The bucket's name.
    pub bucket: Option<String>,
    /// The bucket's region.
    pub s3_region: String,
    /// The access key id for the bucket.
    pub s3_access_key_id: Option<String>,
    /// The secret access key for the bucket.
    #[serde(skip_serializing)]
    pub s3_secret_access_key: Option<SecretString>,
}

impl Default for FilesConfig {
    fn default() -> Self {
        FilesConfig {
            dir: PathBuf::from("data/files"),
            s3_endpoint: None,
            bucket: None,
            s3_region: "us-east-1".to_owned(),
            s3_access_key_id: None,
            s3_secret_access_key: None,
        }
    }
}

/// The team inbox (issue #27): where a shared number's gateway posts its events, how long a
/// reply waits for a gateway that is away, and how long the live feed is kept.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct InboxConfig {
    /// The address gateways post webhooks to (scheme, host, port); `public_url` when empty.
    pub hook_base_url: String,
    /// Run the inbox worker (replies, the needs-reply clock) in this process.
    pub worker: bool,
    /// How often an idle inbox worker looks for due replies and escalations.
    pub poll_ms: u64,
    /// How long a worker holds a reply before another may take it.
    pub lease_ms: u64,
    /// The first wait before a reply the gateway could not take is tried again.
    pub backoff_base_ms: u64,
    /// The longest wait between tries.
    pub backoff_max_ms: u64,
    /// How long a reply waits for a gateway that is away before it is failed.
    pub hold_replies_ms: u64,
    /// How long the live feed keeps events for screens that reconnect.
    pub keep_events_ms: u64,
    /// SQLite's search: the matching messages from which it tests the list's conversations one
    /// by one instead of listing every match.
    pub search_walk_from: i64,
    /// SQLite's search: the most conversations tested one by one before the rest are listed.
    pub search_window: u64,
}

impl Default for InboxConfig {
    fn default() -> Self {
        InboxConfig {
            hook_base_url: String::new(),
            worker: true,
            poll_ms: 1_000,
            lease_ms: 60_000,
            backoff_base_ms: 2_000,
            backoff_max_ms: 300_000,
            hold_replies_ms: 86_400_000,
            keep_events_ms: 86_400_000,
            search_walk_from: store::inbox::search::Tuning::default().walk_from,
            search_window: store::inbox::search::Tuning::default().window,
        }
    }
}

/// The knowledge base: the AI service and the extraction limits.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct KnowledgeBaseConfig {
    /// The AI service (000 §7 `ai-handler`: POST `{searchText}`, answers `status` and `data`);
    /// without it answers come from the documents' passages alone.
    pub ai_handler_url: Option<String>,
    /// How long reading one PDF's text may take before the upload is refused.
    pub extract_timeout_ms: u64,
    /// The most memory reading one PDF's text may use, in MB (the reader is a child process
    /// capped at this; a PDF that needs more is refused).
    pub extract_memory_mb: u64,
    /// The `switchboard` binary that reads PDFs (`switchboard pdf-text`); default: the running
    /// server's own binary.
    pub pdf_reader: Option<String>,
    /// The most pages a PDF may have; a longer one is refused (413 `file_too_large`) before its
    /// text is read.
    pub max_pages: u32,
    /// The most characters of text a PDF may hold (about 500 000 words by default, a long
    /// book); one with more is refused (413 `file_too_large`) and nothing is stored.
    pub max_text_chars: u64,
    /// PDFs read at once by this process (each reader may take `extract_memory_mb`).
    pub max_concurrent_reads: u32,
    /// How long an upload waits for a free reader before it is answered 503 `server_busy`.
    pub read_wait_ms: u64,
    /// The most documents one organisation's knowledge base may hold (402
    /// `plan_limit_reached` past it).
    pub max_documents: u64,
    /// The most bytes of PDFs one organisation's knowledge base may hold, in MB (413
    /// `storage_quota_exceeded` past it).
    pub max_storage_mb: u64,
    /// Questions one person may ask the knowledge base a day (UTC), in all their organisations
    /// together (429 `daily_limit_reached` past it).
    pub questions_per_day: u64,
}

impl Default for KnowledgeBaseConfig {
    fn default() -> Self {
        KnowledgeBaseConfig {
            ai_handler_url: None,
            extract_timeout_ms: 30_000,
            extract_memory_mb: 512,
            pdf_reader: None,
            max_pages: 2_000,
            max_text_chars: 3_000_000,
            max_concurrent_reads: 2,
            read_wait_ms: 5_000,
            max_documents: 200,
            max_storage_mb: 1_024,
            questions_per_day: 200,
        }
    }
}

/// Values given on the command line; they override every other layer.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Overrides {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database_url: Option<String>,
}

#[derive(Debug, thiserror::Error)]
#[error("configuration: {0}")]
pub struct ConfigError(String);

impl Config {
    /// The proxies trusted to append to `X-Forwarded-For`: `trusted_proxy_hops`, or 1 when
    /// only the deprecated `billing.trust_forwarded_for` is on.
    pub fn proxy_hops(&self) -> u32 {
        if self.trusted_proxy_hops == 0 && self.billing.trust_forwarded_for {
            1
        } else {
            self.trusted_proxy_hops
        }
    }

    /// A session's lifetime in milliseconds.
    pub fn session_ttl_ms(&self) -> i64 {
        i64::from(self.session_ttl_days) * 86_400_000
    }

    /// An extension token's lifetime in milliseconds.
    pub fn extension_token_ttl_ms(&self) -> i64 {
        i64::from(self.extension_token_ttl_days) * 86_400_000
    }

    /// How long a renewed extension token keeps working, in milliseconds.
    pub fn extension_token_renewal_grace_ms(&self) -> i64 {
        i64::from(self.extension_token_renewal_grace_secs) * 1000
    }

    /// Loads the layers. `file` defaults to `switchboard.toml` in the working directory (or
    /// `SWITCHBOARD_CONFIG`), and is optional.
    pub fn load(file: Option<PathBuf>, overrides: &Overrides) -> Result<Config, ConfigError> {
        let file = file
            .or_else(|| std::env::var_os("SWITCHBOARD_CONFIG").map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("switchboard.toml"));
        Figment::from(Serialized::defaults(Config::default()))
            .merge(Toml::file(file))
            .merge(Env::raw().only(&["DATABASE_URL"]))
            .merge(
                Env::prefixed("SWITCHBOARD_")
                    .ignore(&["CONFIG"])
                    .split("__"),
            )
            .merge(Serialized::defaults(overrides))
            .extract()
            .map_err(|e| ConfigError(e.to_string()))
    }
}

mod providers;
pub use providers::*;

#[cfg(test)]
mod tests;
