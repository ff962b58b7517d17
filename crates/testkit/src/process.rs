//! The real `switchboard serve` binary as a child process, for tests that need what an
//! in-process server cannot give: a hard kill (SIGKILL, no graceful shutdown) and a restart on
//! the same database, or several replicas sharing one PostgreSQL.
//!
//! ```ignore
//! let db = TestDatabase::create(Backend::Postgres).await?;
//! let bin = env!("CARGO_BIN_EXE_switchboard");
//! let mut a = ServerProcess::start_bin(bin, db.url(), &[]).await?;
//! let b = ServerProcess::start_bin(bin, db.url(), &[("SWITCHBOARD_LOG", "debug")]).await?;
//! a.kill()?; // SIGKILL
//! a.restart().await?; // same database, same environment, new port
//! ```
//!
//! Every process gets the development mailbox (so [`ServerProcess::sign_in`] works) and the same
//! [`TEST_SECRET_KEY`], so sealed secrets written by one process open in every other one and
//! after a restart. Both can be overridden through the process's environment list.

use crate::Backend;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The vault key every process started here shares unless its environment says otherwise
/// (base64 of 32 bytes; a test value, never a production one).
pub const TEST_SECRET_KEY: &str = "c3dpdGNoYm9hcmQtdGVzdGtpdC1wcm9jZXNzLWtleSE=";

/// How long a process may take to print its address and answer `/api/health`.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// One running `switchboard serve` process.
pub struct ServerProcess {
    bin: PathBuf,
    database_url: String,
    envs: Vec<(String, String)>,
    child: Option<Child>,
    base_url: String,
    /// Lines the process printed (standard output and error), for failure messages.
    log: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    /// A client with a 30-second timeout, for the test's requests.
    pub client: reqwest::Client,
}

impl ServerProcess {
    /// Starts the binary found next to the running test (`target/<profile>/switchboard`, which
    /// cargo builds for the server crate's integration tests) or at `SWITCHBOARD_BIN`, and waits
    /// until it answers `/api/health`. Prefer [`ServerProcess::start_bin`] with
    /// `env!("CARGO_BIN_EXE_switchboard")` from the server crate's tests.
    pub async fn start(database_url: &str, envs: &[(&str, &str)]) -> anyhow::Result<Self> {
        Self::start_bin(locate_binary()?, database_url, envs).await
    }

    /// Starts `bin serve --bind 127.0.0.1:0` on `database_url` with `envs` added to (and
    /// overriding) the defaults, and waits until it answers `/api/health`.
    pub async fn start_bin(
        bin: impl AsRef<Path>,
        database_url: &str,
        envs: &[(&str, &str)],
    ) -> anyhow::Result<Self> {
        let mut process = ServerProcess {
            bin: bin.as_ref().to_owned(),
            database_url: database_url.to_owned(),
            envs: envs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
            child: None,
            base_url: String::new(),
            log: Default::default(),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()?,
        };
        process.launch().await?;
        Ok(process)
    }

    /// `http://127.0.0.1:<port>` of the running process (a restart may change the port).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// `base_url() + path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// The database the process serves.
    pub fn database_url(&self) -> &str {
        &self.database_url
    }

    /// Whether the process is running (not killed and not exited).
    pub fn is_running(&mut self) -> bool {
        match self.child.as_mut() {
            Some(c) => matches!(c.try_wait(), Ok(None)),
            None => false,
        }
    }

    /// The process's id while it runs (to read `/proc/<pid>/status`, e.g. its memory).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// The process's resident memory in KiB (`VmRSS` of `/proc/<pid>/status`), on Linux.
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()?)).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    }

    /// Everything the process printed so far.
    pub fn output(&self) -> String {
        self.log.lock().map(|l| l.join("\n")).unwrap_or_default()
    }

    /// SIGKILL: the process ends at once, without a graceful shutdown; waits until it is gone.
    pub fn kill(&mut self) -> anyhow::Result<()> {
        if let Some(mut child) = self.child.take() {
            // `Child::kill` sends SIGKILL on Unix.
            child.kill()?;
            child.wait()?;
        }
        Ok(())
    }

    /// Kills the process if it still runs, then starts it again on the same database with the
    /// same environment (and the same secret key), and waits for `/api/health`.
    pub async fn restart(&mut self) -> anyhow::Result<()> {
        self.kill()?;
        self.launch().await
    }

    /// `POST path` with `body` as `session` must succeed (2xx); answers the JSON body.
    pub async fn post_ok(
        &self,
        session: &str,
        path: &str,
        body: serde_json::Value,
    ) -> serde_json::Value {
        let req = self.client.post(self.url(path)).json(&body);
        succeeded(path, crate::WithSession::session(req, session)).await
    }

    /// `GET path` as `session` must succeed (2xx); answers the JSON body.
    pub async fn get_ok(&self, session: &str, path: &str) -> serde_json::Value {
        let req = self.client.get(self.url(path));
        succeeded(path, crate::WithSession::session(req, session)).await
    }

    /// The JSON body `GET path` as `session` answers, whatever its status.
    pub async fn get_body(&self, path: &str, session: &str) -> serde_json::Value {
        let req = crate::WithSession::session(self.client.get(self.url(path)), session);
        let res = req.send().await.expect("the server answers");
        res.json().await.expect("a JSON answer")
    }

    /// Signs `email` in (up) through the development mailbox; the session cookie's token (for
    /// [`crate::WithSession::session`]).
    pub async fn sign_in(&self, email: &str) -> anyhow::Result<String> {
        crate::sign_in_at(&self.client, &self.base_url, email).await
    }

    async fn launch(&mut self) -> anyhow::Result<()> {
        let mut cmd = Command::new(&self.bin);
        cmd.arg("serve")
            .arg("--bind")
            .arg("127.0.0.1:0")
            .env("DATABASE_URL", &self.database_url)
            .env("SWITCHBOARD_DEV_MAILBOX", "true")
            .env("SWITCHBOARD_SECRET_KEY", TEST_SECRET_KEY)
            .env("SWITCHBOARD_LOG", "info,sqlx=warn,sea_orm=warn")
            .env("NO_COLOR", "1")
            // No web app: the API is what these tests drive.
            .env("SWITCHBOARD_WEB_DIR", "/nonexistent-switchboard-web")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (k, v) in &self.envs {
            cmd.env(k, v);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| anyhow::anyhow!("cannot start {}: {e}", self.bin.display()))?;
        // Read both streams to the end (a full pipe would block the server), and report the
        // address from the line the server prints when it listens.
        let (tx, rx) = mpsc::channel::<String>();
        let streams: [Box<dyn std::io::Read + Send>; 2] = [
            Box::new(
                child
                    .stdout
                    .take()
                    .ok_or_else(|| anyhow::anyhow!("no stdout"))?,
            ),
            Box::new(
                child
                    .stderr
                    .take()
                    .ok_or_else(|| anyhow::anyhow!("no stderr"))?,
            ),
        ];
        for stream in streams {
            let tx = tx.clone();
            let log = self.log.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines() {
                    let Ok(line) = line else { break };
                    if let Some(addr) = serving_address(&line) {
                        let _ = tx.send(addr);
                    }
                    if let Ok(mut l) = log.lock() {
                        l.push(line);
                    }
                }
            });
        }
        self.child = Some(child);
        let deadline = Instant::now() + START_TIMEOUT;
        let addr = loop {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(addr) => break addr,
                Err(mpsc::RecvTimeoutError::Timeout) if Instant::now() < deadline => {
                    if !self.is_running() {
                        anyhow::bail!("switchboard exited before serving:\n{}", self.output());
                    }
                }
                Err(_) => {
                    let _ = self.kill();
                    anyhow::bail!("switchboard printed no address:\n{}", self.output());
                }
            }
        };
        self.base_url = format!("http://{addr}");
        loop {
            let ok = self
                .client
                .get(self.url("/api/health"))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success());
            if ok {
                return Ok(());
            }
            if Instant::now() > deadline || !self.is_running() {
                let _ = self.kill();
                anyhow::bail!("/api/health never answered:\n{}", self.output());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Sends `req`, which must succeed (2xx); answers the JSON body.
async fn succeeded(path: &str, req: reqwest::RequestBuilder) -> serde_json::Value {
    let res = req.send().await.expect("the server answers");
    let status = res.status();
    let v: serde_json::Value = res.json().await.expect("a JSON answer");
    assert!(status.is_success(), "{path}: {status} {v}");
    v
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.kill();
    }
}

/// `…Switchboard is serving at http://127.0.0.1:1234…` → `127.0.0.1:1234`.
fn serving_address(line: &str) -> Option<String> {
    let rest = line.split("serving at http://").nth(1)?;
    let addr: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | ':' | '[' | ']'))
        .collect();
    addr.parse::<std::net::SocketAddr>().ok().map(|_| addr)
}

fn locate_binary() -> anyhow::Result<PathBuf> {
    if let Some(bin) = std::env::var_os("SWITCHBOARD_BIN") {
        return Ok(PathBuf::from(bin));
    }
    // target/<profile>/deps/<test> → target/<profile>/switchboard
    let exe = std::env::current_exe()?;
    let bin = exe
        .parent()
        .and_then(Path::parent)
        .map(|d| d.join(format!("switchboard{}", std::env::consts::EXE_SUFFIX)))
        .ok_or_else(|| anyhow::anyhow!("no folder above {}", exe.display()))?;
    anyhow::ensure!(
        bin.exists(),
        "no switchboard binary at {} (set SWITCHBOARD_BIN)",
        bin.display()
    );
    Ok(bin)
}

/// A fresh database for [`ServerProcess`]es: a SQLite file in a temporary folder, or a new
/// PostgreSQL database on [`crate::postgres_admin_url`], dropped (with its connections) when
/// this value is dropped. Kill the processes first.
pub struct TestDatabase {
    url: String,
    _sqlite_dir: Option<tempfile::TempDir>,
    pg_database: Option<(String, String)>,
}

impl TestDatabase {
    /// Creates it; the server's migrations run when the first process starts.
    pub async fn create(backend: Backend) -> anyhow::Result<Self> {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir()?;
                Ok(TestDatabase {
                    url: format!("sqlite://{}", dir.path().join("test.db").display()),
                    _sqlite_dir: Some(dir),
                    pg_database: None,
                })
            }
            Backend::Postgres => {
                let admin = crate::postgres_admin_url();
                let name = format!("sb_test_{}", uuid::Uuid::new_v4().simple());
                let mut conn = crate::connect_admin(&admin).await?;
                sqlx::query(&format!("CREATE DATABASE \"{name}\""))
                    .execute(&mut conn)
                    .await?;
                Ok(TestDatabase {
                    url: crate::replace_database(&admin, &name),
                    _sqlite_dir: None,
                    pg_database: Some((admin, name)),
                })
            }
        }
    }

    /// The address to give [`ServerProcess::start`] (and `store::connect`, to read it directly).
    pub fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Some((admin_url, name)) = self.pg_database.take() {
            crate::drop_database(admin_url, name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::serving_address;

    #[test]
    fn the_address_is_read_from_the_serving_line() {
        assert_eq!(
            serving_address(
                "2026-11-22T02:00:00Z  INFO Switchboard is serving at http://127.0.0.1:41234 addr=…"
            )
            .as_deref(),
            Some("127.0.0.1:41234")
        );
        assert_eq!(serving_address("listening soon"), None);
    }
}
