//! The store's one error type. The server maps it to HTTP once.

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the database address is not usable: {0}")]
    BadUrl(String),
    #[error("could not connect to the database: {0}")]
    Connect(String),
    #[error("database migration failed: {0}")]
    Migrate(String),
    #[error("not found")]
    NotFound,
    #[error("conflicts with an existing record: {0}")]
    Conflict(String),
    #[error("database error: {0}")]
    Db(#[from] sea_orm::DbErr),
}
