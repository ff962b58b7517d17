//! Test support: start the real application on port 0 against a fresh database and talk to it
//! over HTTP. SQLite gets a temporary file; PostgreSQL gets a new database that is dropped when
//! the test's `TestApp` is dropped.

mod crm;
pub mod process;
mod setup;

pub use setup::{send_json, TestMember, TestOrg};

/// A country database in the MaxMind format, for the visitor-currency tests.
pub use fakes::geoip;
/// PDFs made for the knowledge-base tests.
pub use fakes::pdf;
/// The fake providers (`crates/fakes`), under the names the server's tests use.
pub use fakes::providers as fake;
pub use fakes::receiver;

use server::config::Config;
use std::time::Duration;

/// Which database a test runs against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A running server and a client for it.
pub struct TestApp {
    pub addr: std::net::SocketAddr,
    pub base: String,
    pub client: reqwest::Client,
    pub store: store::Store,
    /// The server's clock: `app.clock.advance(ms)` moves time forward for the server.
    pub clock: server::clock::Clock,
    /// The fake providers the server's integration base URLs point at.
    pub fake: fake::FakeProviders,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    _sqlite_dir: Option<tempfile::TempDir>,
    /// The uploaded files' folder, removed with the app.
    _files_dir: tempfile::TempDir,
    pg_database: Option<(String, String)>,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// The folder the server keeps uploaded files in.
    pub fn files_dir(&self) -> &std::path::Path {
        self._files_dir.path()
    }

    /// Every file under the uploads folder (relative paths, sorted).
    pub fn stored_files(&self) -> Vec<String> {
        fn walk(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<String>) {
            let Ok(entries) = std::fs::read_dir(dir) else {
                return;
            };
            for e in entries.flatten() {
                let path = e.path();
                if path.is_dir() {
                    walk(root, &path, out);
                } else if let Ok(rel) = path.strip_prefix(root) {
                    out.push(rel.to_string_lossy().into_owned());
                }
            }
        }
        let mut out = Vec::new();
        walk(self.files_dir(), self.files_dir(), &mut out);
        out.sort();
        out
    }

    /// The newest six-digit code in the development mailbox of `email`.
    pub async fn latest_code(&self, email: &str) -> anyhow::Result<String> {
        latest_code_at(&self.client, &self.base, email).await
    }

    /// Signs `email` in (up) the way a person does: asks for a code, reads it from the
    /// development mailbox, verifies it. Returns the session token the server set in the
    /// HttpOnly `sb_session` cookie (read from `Set-Cookie`, as a browser keeps it), for
    /// [`WithSession::session`].
    pub async fn sign_in(&self, email: &str) -> anyhow::Result<String> {
        sign_in_at(&self.client, &self.base, email).await
    }

    /// Mints an extension token for the session `session` (the web app's hand-over).
    pub async fn extension_token(&self, session: &str) -> anyhow::Result<String> {
        let body: serde_json::Value = self
            .client
            .post(self.url("/api/auth/extension-tokens"))
            .session(session)
            .json(&serde_json::json!({ "name": "Test extension" }))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        body["token"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| anyhow::anyhow!("no token in {body}"))
    }

    /// One call as the web app makes it: method, path, the session (if any) and a JSON body
    /// (if any). Answers the status and the body as JSON (a string when it is not JSON).
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        session: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        self.call_in(None, method, path, session, body).await
    }

    /// [`TestApp::call`] from a page shown in `lang` (sent as `Accept-Language`, as the web app
    /// does), or with no language when `None`.
    pub async fn call_in(
        &self,
        lang: Option<&str>,
        method: reqwest::Method,
        path: &str,
        session: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut req = self.client.request(method, self.url(path));
        if let Some(l) = lang {
            req = req.header("accept-language", l);
        }
        if let Some(s) = session {
            req = req.session(s);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        setup::answer(req).await
    }

    /// Switches the knowledge base on for organisation `org_id` (as the operator does).
    pub async fn enable_knowledge_base(&self, org_id: i64) -> anyhow::Result<()> {
        use store::entity::organisation::Column;
        self.set_organisation(org_id, Column::KnowledgeBaseEnabled, true)
            .await
    }

    /// Gives organisation `org_id` `seats` seats on its plan, as a purchase would: for tests
    /// that add more people than the trial's three seats.
    pub async fn set_seats(&self, org_id: i64, seats: i32) -> anyhow::Result<()> {
        use store::entity::organisation::Column;
        self.set_organisation(org_id, Column::SeatIssued, seats)
            .await
    }

    /// Sets `column` of organisation `org_id` to `value` in the database.
    async fn set_organisation(
        &self,
        org_id: i64,
        column: store::entity::organisation::Column,
        value: impl Into<store::sea_orm::Value>,
    ) -> anyhow::Result<()> {
        use store::sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        store::entity::organisation::Entity::update_many()
            .col_expr(column, store::sea_orm::sea_query::Expr::value(value))
            .filter(store::entity::organisation::Column::Id.eq(org_id))
            .exec(self.store.conn())
            .await?;
        Ok(())
    }
}

/// The newest six-digit code in the development mailbox of `email` at `base`.
async fn latest_code_at(
    client: &reqwest::Client,
    base: &str,
    email: &str,
) -> anyhow::Result<String> {
    let body: serde_json::Value = client
        .get(format!("{base}/api/dev/mailbox"))
        .query(&[("email", email)])
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let text = body["messages"][0]["body"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("no e-mail for {email}: {body}"))?;
    text.split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 6)
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("no code in {text:?}"))
}

/// Signs `email` in (up) at `base` through the development mailbox; answers the token of the
/// session cookie the server set.
async fn sign_in_at(client: &reqwest::Client, base: &str, email: &str) -> anyhow::Result<String> {
    client
        .post(format!("{base}/api/auth/code"))
        .json(&serde_json::json!({ "email": email }))
        .send()
        .await?
        .error_for_status()?;
    let code = latest_code_at(client, base, email).await?;
    let res = client
        .post(format!("{base}/api/auth/verify"))
        .json(&serde_json::json!({ "email": email, "code": code }))
        .send()
        .await?
        .error_for_status()?;
    session_cookie(res.headers()).ok_or_else(|| anyhow::anyhow!("no session cookie set"))
}

/// A benchmark's size from the environment (`BENCH_*`), or `default`.
pub fn env_num(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The value of the `sb_session` cookie a response sets, if any.
pub fn session_cookie(headers: &reqwest::header::HeaderMap) -> Option<String> {
    headers
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next())
        .filter_map(|kv| {
            kv.trim()
                .strip_prefix(&format!("{}=", server::auth::SESSION_COOKIE))
        })
        .find(|t| !t.is_empty())
        .map(str::to_owned)
}

/// Sends a request as a browser's signed-in page does: with the session cookie.
pub trait WithSession {
    fn session(self, token: impl std::fmt::Display) -> Self;
}

impl WithSession for reqwest::RequestBuilder {
    fn session(self, token: impl std::fmt::Display) -> Self {
        self.header(
            reqwest::header::COOKIE,
            format!("{}={token}", server::auth::SESSION_COOKIE),
        )
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some((admin_url, name)) = self.pg_database.take() {
            drop_database(admin_url, name);
        }
    }
}

/// Drops the per-test database `name` from a thread of its own (Drop cannot await).
pub(crate) fn drop_database(admin_url: String, name: String) {
    let _ = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build();
        if let Ok(rt) = rt {
            rt.block_on(async {
                if let Ok(mut conn) = connect_admin(&admin_url).await {
                    let _ =
                        sqlx::query(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                            .execute(&mut conn)
                            .await;
                }
            });
        }
    })
    .join();
}

/// The PostgreSQL server tests use: `TEST_DATABASE_URL`, else the local one on 5432.
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

async fn connect_admin(url: &str) -> Result<sqlx::PgConnection, sqlx::Error> {
    use sqlx::Connection;
    tokio::time::timeout(Duration::from_secs(5), sqlx::PgConnection::connect(url))
        .await
        .map_err(|_| sqlx::Error::PoolTimedOut)?
}

/// Whether PostgreSQL tests should run. Under CI (`CI=true`) PostgreSQL is required, so an
/// unreachable server fails the run instead of silently skipping.
pub async fn postgres_available() -> bool {
    match connect_admin(&postgres_admin_url()).await {
        Ok(_) => true,
        Err(e) if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") => {
            panic!("CI requires PostgreSQL at {}: {e}", postgres_admin_url())
        }
        Err(e) => {
            eprintln!("skipping PostgreSQL test: {e}");
            false
        }
    }
}

/// Starts the app with a fresh database of the given kind.
pub async fn spawn_app(backend: Backend) -> anyhow::Result<TestApp> {
    spawn_app_with(backend, |_| {}).await
}

/// Starts the app after letting the test adjust the configuration.
pub async fn spawn_app_with(
    backend: Backend,
    adjust: impl FnOnce(&mut Config),
) -> anyhow::Result<TestApp> {
    let mut config = Config {
        bind: "127.0.0.1:0".to_owned(),
        ..Config::default()
    };
    let mut sqlite_dir = None;
    let mut pg_database = None;
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir()?;
            config.database_url = format!("sqlite://{}", dir.path().join("test.db").display());
            sqlite_dir = Some(dir);
        }
        Backend::Postgres => {
            let admin = postgres_admin_url();
            let name = format!("sb_test_{}", uuid::Uuid::new_v4().simple());
            let mut conn = connect_admin(&admin).await?;
            sqlx::query(&format!("CREATE DATABASE \"{name}\""))
                .execute(&mut conn)
                .await?;
            config.database_url = replace_database(&admin, &name);
            pg_database = Some((admin, name));
        }
    }
    // The built web app is optional in tests; point at a folder that may not exist.
    config.web_dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    // Tests read sign-in codes from the development mailbox (a test may turn it off).
    config.dev_mailbox = true;
    // Integrations talk to the fake providers; the address guard lets exactly that address in.
    let fake = fake::FakeProviders::start().await?;
    config.address_allow = vec![fake.addr];
    config.providers.freshdesk.api_url = fake.url("/freshdesk/") + "{domain}";
    config.providers.leadsquared.api_url = fake.url("/leadsquared/") + "{host}";
    config
        .providers
        .leadsquared
        .host_suffixes
        .push(fake.addr.ip().to_string());
    config.secret_key = Some(server::secrets::Vault::generate_key().into());
    config.oauth_redirect_url = fake::REGISTERED_REDIRECT.to_owned();
    config.providers.hubspot.client_id = fake::OAUTH_CLIENT_ID.to_owned();
    config.providers.hubspot.client_secret = Some(fake::OAUTH_CLIENT_SECRET.to_owned().into());
    config.providers.hubspot.authorize_url = fake.url("/oauth/hubspot/authorize");
    config.providers.hubspot.token_url = fake.url("/oauth/hubspot/token");
    config.providers.bitrix.client_id = fake::OAUTH_CLIENT_ID.to_owned();
    config.providers.bitrix.client_secret = Some(fake::OAUTH_CLIENT_SECRET.to_owned().into());
    config.providers.bitrix.portal_url = fake.url("/bitrix/") + "{domain}";
    config.providers.bitrix.token_url = fake.url("/bitrix-oauth/oauth/token/");
    config.providers.zoho.client_id = fake::OAUTH_CLIENT_ID.to_owned();
    config.providers.zoho.client_secret = Some(fake::OAUTH_CLIENT_SECRET.to_owned().into());
    config.providers.zoho.authorize_url = fake.url("/oauth/zoho/authorize");
    config
        .providers
        .zoho
        .accounts_servers
        .push(fake.url("/zoho-accounts"));
    config.providers.salesforce.client_id = fake::OAUTH_CLIENT_ID.to_owned();
    config.providers.salesforce.client_secret = Some(fake::OAUTH_CLIENT_SECRET.to_owned().into());
    config.providers.salesforce.login_url = fake.url("/salesforce-login");
    config.providers.google.client_id = fake::OAUTH_CLIENT_ID.to_owned();
    config.providers.google.client_secret = Some(fake::OAUTH_CLIENT_SECRET.to_owned().into());
    config.providers.google.authorize_url = fake.url("/oauth/google/authorize");
    config.providers.google.token_url = fake.url("/oauth/google/token");
    config.providers.google.sheets_api_url = fake.url("/google-sheets");
    config.providers.hubspot.api_url = fake.url("/hubspot-api");
    config.providers.zoho.api_url = Some(fake.url("/zoho-api"));
    let files_dir = tempfile::tempdir()?;
    config.files.dir = files_dir.path().to_path_buf();
    config.providers.hubspot.operator_token =
        Some(fake::HUBSPOT_PRIVATE_APP_TOKEN.to_owned().into());
    config.providers.stripe.api_url = fake.url("/stripe");
    config.providers.stripe.secret_key = Some(fake::STRIPE_SECRET_KEY.to_owned().into());
    config.providers.stripe.webhook_secret = Some(fake::STRIPE_WEBHOOK_SECRET.to_owned().into());
    config.providers.exchange_rates.api_url = Some(fake.url("/rates"));
    adjust(&mut config);
    let store = server::open_store(&config).await?;
    let listener = tokio::net::TcpListener::bind(&config.bind).await?;
    let addr = listener.local_addr()?;
    // The fake WhatsApp gateway posts the team inbox's webhooks to this server.
    if config.inbox.hook_base_url.is_empty() {
        config.inbox.hook_base_url = format!("http://{addr}");
    }
    fake.set_stripe_webhook(&format!("http://{addr}/api/billing/stripe/webhook"));
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let clock = server::clock::Clock::default();
    let state = server::state::AppState::with_clock(config, store.clone(), clock.clone())?;
    tokio::spawn(async move {
        let _ = server::serve_state(state, listener, async {
            let _ = rx.await;
        })
        .await;
    });
    Ok(TestApp {
        addr,
        base: format!("http://{addr}"),
        client: reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()?,
        store,
        clock,
        fake,
        shutdown: Some(tx),
        _sqlite_dir: sqlite_dir,
        _files_dir: files_dir,
        pg_database,
    })
}

/// `postgres://u@h:p/olddb?x` → `postgres://u@h:p/newdb?x`
fn replace_database(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map(|i| i + 3).unwrap_or(0);
    let path_start = base[scheme_end..]
        .find('/')
        .map(|i| i + scheme_end)
        .unwrap_or(base.len());
    let mut out = format!("{}/{}", &base[..path_start], db);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

/// Writes a test once and runs it against SQLite and, when reachable, PostgreSQL:
///
/// ```ignore
/// testkit::db_test!(health_answers, |app| async move { /* use app */ });
/// ```
/// expands to `health_answers::sqlite` and `health_answers::postgres`.
///
/// `db_test!(name, config = |c| { … }, |app| …)` adjusts the server's configuration first.
#[macro_export]
macro_rules! db_test {
    ($name:ident, config = $adjust:expr, |$app:ident| $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[tokio::test]
            async fn sqlite() {
                let $app = $crate::spawn_app_with($crate::Backend::Sqlite, $adjust)
                    .await
                    .expect("spawn app");
                $body.await;
            }

            #[tokio::test]
            async fn postgres() {
                if !$crate::postgres_available().await {
                    return;
                }
                let $app = $crate::spawn_app_with($crate::Backend::Postgres, $adjust)
                    .await
                    .expect("spawn app");
                $body.await;
            }
        }
    };
    ($name:ident, |$app:ident| $body:expr) => {
        $crate::db_test!($name, config = |_| {}, |$app| $body);
    };
}

#[cfg(test)]
mod tests {
    use super::replace_database;

    #[test]
    fn the_database_name_is_swapped_keeping_host_and_options() {
        assert_eq!(
            replace_database("postgres://postgres@127.0.0.1:5432/postgres", "t1"),
            "postgres://postgres@127.0.0.1:5432/t1"
        );
        assert_eq!(
            replace_database("postgres://u:p@h/db?sslmode=disable", "t2"),
            "postgres://u:p@h/t2?sslmode=disable"
        );
        assert_eq!(replace_database("postgres://h", "t3"), "postgres://h/t3");
    }
}
