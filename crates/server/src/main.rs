//! The `switchboard` command: `serve` (default), `migrate`, `seed-demo`.

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
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
