//! Typed configuration, layered: built-in defaults, then an optional TOML file, then
//! `SWITCHBOARD_*` environment variables (and `DATABASE_URL`), then command-line flags.
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
    /// SMTP server for sign-in codes and invitations, e.g. `smtps://user:pass@smtp.example.com`
    /// (lettre's URL form). Without it, e-mails go to the development mailbox table and the log.
    #[serde(skip_serializing)]
    pub smtp_url: Option<SecretString>,
    /// The sender of every e-mail.
    pub mail_from: String,
    /// Serve the development mailbox at `GET /api/dev/mailbox?email=` (tests, local runs). Never
    /// enable it where strangers can reach the server: it shows sign-in codes.
    pub dev_mailbox: bool,
    /// How long a session lasts, in days.
    pub session_ttl_days: u32,
    /// How long a browser extension's token lasts, in days (its owner can revoke it sooner).
    pub extension_token_ttl_days: u32,
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
    /// Freshdesk's API base; `{domain}` is the user's helpdesk host.
    pub freshdesk_api_url: String,
    /// LeadSquared's API base; `{host}` is the user's API host (e.g. `api-in21.leadsquared.com`).
    pub leadsquared_api_url: String,
    /// The hosts `other/proxy` may reach: a host matches when it is one of these or ends with
    /// `.<suffix>`.
    pub leadsquared_host_suffixes: Vec<String>,
    /// Where OAuth providers send the browser back: the web app's Integrations page. Registered
    /// with each provider's application.
    pub oauth_redirect_url: String,
    /// HubSpot's OAuth application (the secret never reaches the browser).
    pub hubspot_client_id: String,
    /// HubSpot's client secret (never reaches the browser).
    #[serde(skip_serializing)]
    pub hubspot_client_secret: Option<SecretString>,
    /// HubSpot's consent page.
    pub hubspot_authorize_url: String,
    /// HubSpot's token endpoint (code exchange and refresh).
    pub hubspot_token_url: String,
    /// Bitrix24's OAuth application; the consent page is on the user's portal
    /// (`bitrix_portal_url`, `{domain}` is the portal host), the token endpoint is central.
    pub bitrix_client_id: String,
    /// Bitrix24's client secret.
    #[serde(skip_serializing)]
    pub bitrix_client_secret: Option<SecretString>,
    /// A Bitrix24 portal's base, for its consent page; `{domain}` is the portal host.
    pub bitrix_portal_url: String,
    /// Bitrix24's central token endpoint.
    pub bitrix_token_url: String,
    /// Zoho's OAuth application. The code is exchanged at the data centre Zoho names on return
    /// (`accounts-server`), which must be one of `zoho_accounts_servers`.
    pub zoho_client_id: String,
    /// Zoho's client secret.
    #[serde(skip_serializing)]
    pub zoho_client_secret: Option<SecretString>,
    /// Zoho's consent page.
    pub zoho_authorize_url: String,
    /// The Zoho data centres a code may be exchanged at (the `accounts-server` Zoho names on return must be one of them).
    pub zoho_accounts_servers: Vec<String>,
    /// Salesforce's connected app (web-server flow with PKCE) and its login host.
    pub salesforce_client_id: String,
    /// Salesforce's client secret.
    #[serde(skip_serializing)]
    pub salesforce_client_secret: Option<SecretString>,
    /// Salesforce's login host (consent page and token endpoint); a sandbox uses `https://test.salesforce.com`.
    pub salesforce_login_url: String,
    /// Google's OAuth application for the spreadsheet link (offline access, drive-file scope)
    /// and the Sheets API the link writes through.
    pub google_client_id: String,
    /// Google's client secret.
    #[serde(skip_serializing)]
    pub google_client_secret: Option<SecretString>,
    /// Google's consent page.
    pub google_authorize_url: String,
    /// Google's token endpoint.
    pub google_token_url: String,
    /// The Google Sheets API the spreadsheet link writes rows through.
    pub google_sheets_api_url: String,
    /// HubSpot's CRM API (contacts, notes).
    pub hubspot_api_url: String,
    /// Zoho CRM's API; when unset, derived from the link's accounts server
    /// (`accounts.zoho.in` → `www.zohoapis.in`).
    pub zoho_api_url: Option<String>,
    /// Run the sync worker in this process (every replica may; they share the queue).
    pub sync_worker: bool,
    /// Tries per delivery before it is dead-lettered (000 §8: 3 by default; at least 1).
    pub sync_max_attempts: u32,
    /// Exponential backoff between tries: the first wait.
    pub sync_backoff_base_ms: u64,
    /// The longest wait between tries (before jitter).
    pub sync_backoff_max_ms: u64,
    /// How long a worker holds a job before another may take it (longer than any delivery).
    pub sync_lease_ms: u64,
    /// How often an idle worker looks for due jobs queued by other replicas or retries.
    pub sync_poll_ms: u64,
    /// Deliveries one worker makes at once.
    pub sync_concurrency: usize,
    /// How long a webhook endpoint may take to answer.
    pub webhook_timeout_ms: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bind: "127.0.0.1:8080".to_owned(),
            database_url: "sqlite://data/switchboard.db".to_owned(),
            web_dir: PathBuf::from("web/dist"),
            max_body_bytes: 2 * 1024 * 1024,
            log: "info,sqlx=warn,sea_orm=warn".to_owned(),
            smtp_url: None,
            mail_from: "Switchboard <no-reply@switchboard.localhost>".to_owned(),
            dev_mailbox: false,
            session_ttl_days: 30,
            extension_token_ttl_days: 365,
            cookie_secure: false,
            secret_key: None,
            secret_key_file: PathBuf::from("data/secret.key"),
            address_allow: Vec::new(),
            freshdesk_api_url: "https://{domain}".to_owned(),
            leadsquared_api_url: "https://{host}".to_owned(),
            leadsquared_host_suffixes: vec!["leadsquared.com".to_owned()],
            oauth_redirect_url: "http://127.0.0.1:8080/integrations".to_owned(),
            hubspot_client_id: String::new(),
            hubspot_client_secret: None,
            hubspot_authorize_url: "https://app.hubspot.com/oauth/authorize".to_owned(),
            hubspot_token_url: "https://api.hubapi.com/oauth/v1/token".to_owned(),
            bitrix_client_id: String::new(),
            bitrix_client_secret: None,
            bitrix_portal_url: "https://{domain}".to_owned(),
            bitrix_token_url: "https://oauth.bitrix.info/oauth/token/".to_owned(),
            zoho_client_id: String::new(),
            zoho_client_secret: None,
            zoho_authorize_url: "https://accounts.zoho.com/oauth/v2/auth".to_owned(),
            salesforce_client_id: String::new(),
            salesforce_client_secret: None,
            salesforce_login_url: "https://login.salesforce.com".to_owned(),
            google_client_id: String::new(),
            google_client_secret: None,
            google_authorize_url: "https://accounts.google.com/o/oauth2/v2/auth".to_owned(),
            google_token_url: "https://oauth2.googleapis.com/token".to_owned(),
            google_sheets_api_url: "https://sheets.googleapis.com".to_owned(),
            hubspot_api_url: "https://api.hubapi.com".to_owned(),
            zoho_api_url: None,
            sync_worker: true,
            sync_max_attempts: domain::retry::DEFAULT_TRIES,
            sync_backoff_base_ms: 10_000,
            sync_backoff_max_ms: 3_600_000,
            sync_lease_ms: 120_000,
            sync_poll_ms: 1_000,
            sync_concurrency: 32,
            webhook_timeout_ms: 10_000,
            zoho_accounts_servers: ["com", "eu", "in", "com.au", "jp", "com.cn", "sa", "uk"]
                .iter()
                .map(|tld| format!("https://accounts.zoho.{tld}"))
                .chain(["https://accounts.zohocloud.ca".to_owned()])
                .collect(),
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
    /// A session's lifetime in milliseconds.
    pub fn session_ttl_ms(&self) -> i64 {
        i64::from(self.session_ttl_days) * 86_400_000
    }

    /// An extension token's lifetime in milliseconds.
    pub fn extension_token_ttl_ms(&self) -> i64 {
        i64::from(self.extension_token_ttl_days) * 86_400_000
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
            .merge(Env::prefixed("SWITCHBOARD_").ignore(&["CONFIG"]))
            .merge(Serialized::defaults(overrides))
            .extract()
            .map_err(|e| ConfigError(e.to_string()))
    }
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment::Jail's closures return figment's large Error
mod tests {
    use super::*;

    /// The README's configuration table, made from this file: every field of `Config` with its
    /// environment variable, its default and its doc comment.
    fn readme_table() -> String {
        let source = include_str!("config.rs");
        let start = source
            .find("pub struct Config {")
            .expect("the Config struct");
        let body = &source[start
            ..source[start..]
                .find("\n}\n")
                .map_or(source.len(), |e| start + e)];
        let defaults = serde_json::to_value(Config::default()).expect("defaults serialise");
        let mut rows = vec![
            "| setting | env | default | what it is |".to_owned(),
            "|---|---|---|---|".to_owned(),
        ];
        let mut doc: Vec<&str> = Vec::new();
        for line in body.lines().skip(1).map(str::trim) {
            if let Some(text) = line.strip_prefix("///") {
                doc.push(text.trim());
            } else if let Some(field) = line.strip_prefix("pub ") {
                let name = field.split(':').next().unwrap_or_default().trim();
                let default = match defaults.get(name) {
                    None | Some(serde_json::Value::Null) => "none".to_owned(),
                    Some(serde_json::Value::String(v)) if v.is_empty() => "empty".to_owned(),
                    Some(serde_json::Value::String(v)) => format!("`{v}`"),
                    Some(v) => format!("`{v}`"),
                };
                rows.push(format!(
                    "| `{name}` | `SWITCHBOARD_{}` | {} | {} |",
                    name.to_ascii_uppercase(),
                    default.replace('|', "\\|"),
                    doc.join(" ").replace('|', "\\|")
                ));
                doc.clear();
            } else if !line.starts_with("#[") {
                doc.clear();
            }
        }
        rows.join("\n") + "\n"
    }

    #[test]
    fn the_readme_documents_every_setting_as_the_config_does() {
        const START: &str =
            "<!-- config-table:start (generated from crates/server/src/config.rs) -->\n";
        const END: &str = "<!-- config-table:end -->";
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
        let readme = std::fs::read_to_string(path).expect("README.md");
        let (Some(a), Some(b)) = (readme.find(START), readme.find(END)) else {
            panic!("README.md lacks the config-table markers");
        };
        let table = readme_table();
        let current = &readme[a + START.len()..b];
        if current != table {
            if std::env::var_os("UPDATE_README").is_some() {
                let updated = format!("{}{START}{table}{}", &readme[..a], &readme[b..]);
                std::fs::write(path, updated).expect("write README.md");
            } else {
                panic!(
                    "README.md's configuration table differs from crates/server/src/config.rs; \
                     run UPDATE_README=1 cargo test -p switchboard-server --lib config"
                );
            }
        }
        assert!(table.lines().count() > 40, "{table}");
    }

    #[test]
    fn command_line_flags_override_the_file_and_defaults() {
        figment::Jail::expect_with(|jail| {
            jail.create_file("sb.toml", "bind = \"0.0.0.0:9000\"\nlog = \"debug\"")?;
            let overrides = Overrides {
                bind: Some("127.0.0.1:7000".into()),
                database_url: None,
            };
            let c = Config::load(Some("sb.toml".into()), &overrides).unwrap();
            assert_eq!(c.bind, "127.0.0.1:7000");
            assert_eq!(c.log, "debug");
            assert_eq!(c.database_url, Config::default().database_url);
            Ok(())
        });
    }

    #[test]
    fn environment_overrides_the_file() {
        figment::Jail::expect_with(|jail| {
            jail.create_file("sb.toml", "bind = \"0.0.0.0:9000\"")?;
            jail.set_env("SWITCHBOARD_BIND", "127.0.0.1:9100");
            jail.set_env("DATABASE_URL", "postgres://x@localhost/y");
            let c = Config::load(Some("sb.toml".into()), &Overrides::default()).unwrap();
            assert_eq!(c.bind, "127.0.0.1:9100");
            assert_eq!(c.database_url, "postgres://x@localhost/y");
            Ok(())
        });
    }

    #[test]
    fn the_development_mailbox_is_off_unless_the_environment_turns_it_on() {
        figment::Jail::expect_with(|jail| {
            let c = Config::load(Some("none.toml".into()), &Overrides::default()).unwrap();
            assert!(!c.dev_mailbox);
            assert!(c.smtp_url.is_none());
            assert_eq!(c.session_ttl_ms(), 30 * 86_400_000);
            jail.set_env("SWITCHBOARD_DEV_MAILBOX", "true");
            jail.set_env("SWITCHBOARD_SMTP_URL", "smtp://mail.example.com:2525");
            jail.set_env("SWITCHBOARD_COOKIE_SECURE", "true");
            let c = Config::load(Some("none.toml".into()), &Overrides::default()).unwrap();
            assert!(c.dev_mailbox && c.cookie_secure);
            use secrecy::ExposeSecret;
            assert_eq!(
                c.smtp_url.unwrap().expose_secret(),
                "smtp://mail.example.com:2525"
            );
            Ok(())
        });
    }
}
