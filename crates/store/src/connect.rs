//! Opening the database: SQLite (the embedded default, a file created on first start, WAL mode
//! with a busy timeout so readers never block the writer) or PostgreSQL (production).

use crate::StoreError;
use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectionTrait, DatabaseConnection, SqlxPostgresConnector, SqlxSqliteConnector};
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::Connection;
use std::str::FromStr;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbKind {
    Sqlite,
    Postgres,
}

/// A connection pool plus which database it speaks to.
#[derive(Debug, Clone)]
pub struct Store {
    db: DatabaseConnection,
    kind: DbKind,
}

impl Store {
    /// Connects to `sqlite://path` (creating the file and its folder) or `postgres://…`.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        if let Some(path) = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
        {
            Self::connect_sqlite(url, path).await
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            // One direct connection first: its error says what is wrong (refused, unknown
            // database, authentication) where a pool would only report a timeout.
            let opts =
                PgConnectOptions::from_str(url).map_err(|e| StoreError::BadUrl(e.to_string()))?;
            let probe = tokio_timeout(PgConnection::connect_with(&opts)).await?;
            probe
                .close()
                .await
                .map_err(|e| StoreError::Connect(e.to_string()))?;
            let pool = PgPoolOptions::new()
                .max_connections(20)
                .min_connections(1)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(opts)
                .await
                .map_err(|e| StoreError::Connect(e.to_string()))?;
            let db = SqlxPostgresConnector::from_sqlx_postgres_pool(pool);
            Ok(Store {
                db,
                kind: DbKind::Postgres,
            })
        } else {
            Err(StoreError::BadUrl(
                "DATABASE_URL must start with sqlite:// or postgres://".to_owned(),
            ))
        }
    }

    async fn connect_sqlite(url: &str, path: &str) -> Result<Store, StoreError> {
        let file = path.split('?').next().unwrap_or_default();
        if file.is_empty() {
            return Err(StoreError::BadUrl(
                "the SQLite address names no file".to_owned(),
            ));
        }
        if file != ":memory:" {
            if let Some(dir) = std::path::Path::new(file).parent() {
                if !dir.as_os_str().is_empty() {
                    std::fs::create_dir_all(dir).map_err(|e| {
                        StoreError::Connect(format!("cannot create {}: {e}", dir.display()))
                    })?;
                }
            }
        }
        let opts = SqliteConnectOptions::from_str(url)
            .map_err(|e| StoreError::BadUrl(e.to_string()))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(opts)
            .await
            .map_err(|e| StoreError::Connect(e.to_string()))?;
        Ok(Store {
            db: SqlxSqliteConnector::from_sqlx_sqlite_pool(pool),
            kind: DbKind::Sqlite,
        })
    }

    /// Applies every migration that has not run yet.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        Migrator::up(&self.db, None)
            .await
            .map_err(|e| StoreError::Migrate(describe_db_err(&e)))
    }

    /// Round-trips a trivial query: the database is reachable and answering.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.db.execute_unprepared("SELECT 1").await?;
        Ok(())
    }

    pub fn kind(&self) -> DbKind {
        self.kind
    }

    pub fn conn(&self) -> &DatabaseConnection {
        &self.db
    }

    /// The transaction every write uses (a plain `begin()` is for reads only). On SQLite it
    /// takes the write lock first (a
    /// write that changes nothing): a transaction that read a snapshot and then finds another
    /// writer committed since cannot write at all (`SQLITE_BUSY_SNAPSHOT`, which the busy timeout
    /// does not wait out), whereas waiting for the lock up front always succeeds.
    pub async fn begin_write(&self) -> Result<sea_orm::DatabaseTransaction, StoreError> {
        use sea_orm::TransactionTrait;
        let txn = self.db.begin().await?;
        if self.kind == DbKind::Sqlite {
            txn.execute_unprepared("UPDATE seaql_migrations SET version = version WHERE 0")
                .await?;
        }
        Ok(txn)
    }

    /// Closes the pool so a test's temporary database can be dropped.
    pub async fn close(self) -> Result<(), StoreError> {
        self.db.close().await?;
        Ok(())
    }
}

/// Gives up on a connection attempt after five seconds with a readable reason.
async fn tokio_timeout<T>(
    attempt: impl std::future::Future<Output = Result<T, sqlx::Error>>,
) -> Result<T, StoreError> {
    match tokio::time::timeout(Duration::from_secs(5), attempt).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(StoreError::Connect(e.to_string())),
        Err(_) => Err(StoreError::Connect("no answer within 5 seconds".to_owned())),
    }
}

/// sea-orm's errors nest the driver's message; keep one readable line.
fn describe_db_err(e: &sea_orm::DbErr) -> String {
    e.to_string().lines().next().unwrap_or_default().to_owned()
}
