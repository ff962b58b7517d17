//! The `switchboard` command: `serve` (default), `migrate`, `seed-demo`, `admin create`, and
//! `pdf-text` (the server's PDF reader, run as a child process).

use clap::{Parser, Subcommand};
use server::config::{Config, Overrides};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "switchboard",
    version,
    about = "The Switchboard workspace server"
)]
struct Cli {
    /// A TOML configuration file (default: ./switchboard.toml when present).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// Database address: sqlite://path or postgres://… (overrides DATABASE_URL).
    #[arg(long, global = true)]
    database_url: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web app (the default).
    Serve {
        /// Address to listen on (overrides SWITCHBOARD_BIND).
        #[arg(long)]
        bind: Option<String>,
    },
    /// Apply pending database migrations and exit.
    Migrate,
    /// Fill a demo organisation with teams and employees.
    SeedDemo,
    /// Read a PDF's text from standard input under a memory limit (the server runs this as a
    /// child process for every uploaded document).
    PdfText {
        /// The most memory the reader may use, in MB.
        #[arg(long, default_value_t = 512)]
        max_memory_mb: u64,
        /// The most pages a PDF may have.
        #[arg(long, default_value_t = 2_000)]
        max_pages: u32,
        /// The most characters of text a PDF may hold.
        #[arg(long, default_value_t = 3_000_000)]
        max_text_chars: u64,
    },
    /// Manage the operator admins of this installation.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
}

#[derive(Subcommand)]
enum AdminAction {
    /// Add an operator admin (or set a new password for one, which ends their operator
    /// sessions); either is written to the audit log. The password is read from
    /// standard input — typed at the prompt, or piped: `printf '%s' "$PW" | switchboard admin
    /// create --email ops@example.com` — never from an argument, so it stays out of the shell's
    /// history and the process list.
    Create {
        #[arg(long)]
        email: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The PDF reader needs neither configuration nor logging: its output is its answer.
    if let Some(Command::PdfText {
        max_memory_mb,
        max_pages,
        max_text_chars,
    }) = &cli.command
    {
        let limits = server::pdf::TextLimits {
            max_pages: *max_pages,
            max_chars: *max_text_chars,
        };
        return server::pdf::child_main(*max_memory_mb, limits);
    }
    let bind = match &cli.command {
        Some(Command::Serve { bind }) => bind.clone(),
        _ => None,
    };
    let overrides = Overrides {
        bind,
        database_url: cli.database_url.clone(),
    };
    let config = match Config::load(cli.config.clone(), &overrides) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    init_tracing(&config.log);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let result = runtime.block_on(async move {
        match cli.command.unwrap_or(Command::Serve { bind: None }) {
            Command::Serve { .. } => serve(config).await,
            Command::Migrate => {
                server::open_store(&config).await?;
                println!("migrations applied");
                Ok(())
            }
            Command::SeedDemo => seed(config).await,
            Command::Admin {
                action: AdminAction::Create { email },
            } => create_admin(config, &email).await,
            Command::PdfText { .. } => Ok(()),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let store = server::open_store(&config).await?;
    let listener = tokio::net::TcpListener::bind(&config.bind)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.bind))?;
    let addr = listener.local_addr()?;
    tracing::info!(%addr, database = ?store.kind(), "Switchboard is serving at http://{addr}");
    server::run(config, store, listener, server::shutdown_signal()).await?;
    Ok(())
}

async fn seed(config: Config) -> anyhow::Result<()> {
    let store = server::open_store(&config).await?;
    let now = server::clock::Clock::default().now_ms();
    match store::seed::seed_demo(&store, now).await? {
        store::seed::SeedOutcome::Created {
            org_id,
            teams,
            employees,
        } => println!(
            "demo organisation {org_id} created: {teams} teams, {employees} members \
             (admin: {})",
            store::seed::DEMO_ADMIN_EMAIL
        ),
        store::seed::SeedOutcome::AlreadyPresent { org_id } => {
            println!("demo organisation {org_id} is already present")
        }
    }
    if let Some(org) = store::orgs::organisation_by_code(&store, store::seed::DEMO_ORG_CODE).await?
    {
        let (calls, messages) = store::seed_events::seed_demo_events(&store, org.id, now).await?;
        println!("demo activity: {calls} calls and {messages} chat messages added");
    }
    Ok(())
}

/// The shortest operator password accepted.
const MIN_ADMIN_PASSWORD: usize = 12;

async fn create_admin(config: Config, email: &str) -> anyhow::Result<()> {
    use std::io::{BufRead, IsTerminal, Write};
    let email = domain::inputs::Email::parse(email)
        .map_err(|_| anyhow::anyhow!("not an e-mail address: {email}"))?;
    if std::io::stdin().is_terminal() {
        eprint!(
            "Password for {} (at least {MIN_ADMIN_PASSWORD} characters): ",
            email.as_str()
        );
        std::io::stderr().flush()?;
    }
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    let password = line.trim_end_matches(['\n', '\r']);
    if password.chars().count() < MIN_ADMIN_PASSWORD {
        anyhow::bail!("the password needs at least {MIN_ADMIN_PASSWORD} characters");
    }
    let hash = server::operator::hash_password(password)
        .map_err(|_| anyhow::anyhow!("the password could not be hashed"))?;
    let store = server::open_store(&config).await?;
    let now = server::clock::Clock::default().now_ms();
    let address = email.as_str().to_lowercase();
    let (admin, created, ended) =
        store::operator::set_admin_password(&store, &address, &hash, now).await?;
    if created {
        println!(
            "operator admin {} ({}) can sign in at /admin/panel/secure",
            admin.id, admin.email
        );
    } else {
        println!(
            "operator admin {} ({}): password changed, {ended} session(s) ended",
            admin.id, admin.email
        );
    }
    Ok(())
}

fn init_tracing(filter: &str) {
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .try_init();
}

/// One readable line on standard error and a non-zero exit; never a backtrace.
fn fail(e: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("switchboard: error: {e}");
    ExitCode::FAILURE
}
