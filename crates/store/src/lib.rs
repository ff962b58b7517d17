//! Persistence: sea-orm entities and the queries the server needs. This is the only crate that
//! speaks SQL; the server calls the repository functions here and never builds queries itself.
//!
//! Architecture invariant: every query that reads organisation data takes the organisation id
//! as a parameter, so tenant scoping is visible at every call site.

pub mod accounts;
pub mod analytics;
pub mod billing;
mod bulk;
pub mod business_hours;
mod connect;
pub mod contacts;
pub mod crm_links;
pub mod crm_watches;
pub mod deals;
pub mod entity;
pub mod error;
pub mod feedback;
pub mod inbox;
pub mod integrations;
pub mod invitations;
pub mod joining;
pub mod kb;
pub mod leads;
pub mod manage;
pub mod onboarding;
pub mod operator;
pub mod orgs;
pub mod profile;
pub mod quotas;
pub mod referrals;
pub mod scoped;
pub mod seed;
pub mod seed_events;
pub mod seed_manage;
pub mod service;
pub mod sessions;
pub mod sync;

pub use connect::{DbKind, Store};
pub use error::StoreError;
pub use sea_orm;

/// Milliseconds since the Unix epoch: how every time is stored.
pub type EpochMs = i64;

/// Runs a built query and reads each row as `T`, whose fields are named as the query's columns.
pub(crate) async fn rows_as<T: sea_orm::FromQueryResult>(
    store: &Store,
    q: &sea_orm::sea_query::SelectStatement,
) -> Result<Vec<T>, StoreError> {
    use sea_orm::ConnectionTrait;
    let db = store.conn();
    Ok(T::find_by_statement(db.get_database_backend().build(q))
        .all(db)
        .await?)
}
