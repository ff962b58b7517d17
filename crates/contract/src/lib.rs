//! The shapes that cross the wire: request and response bodies and the error codes the server
//! answers with. The server, the wasm module and the web app's generated TypeScript types all
//! come from here, so a field renamed in one place is renamed everywhere.

pub mod accounts;
pub mod admin;
pub mod analytics;
pub mod auth;
pub mod billing;
pub mod business_hours;
pub mod client_error;
pub mod contacts;
pub mod deals;
pub mod error;
pub mod feedback;
pub mod health;
pub mod inbox;
pub mod integrations;
pub mod kb;
pub mod manage;
pub mod schemas;
pub mod service;
pub mod sync;
pub mod timeline;
#[cfg(feature = "ts")]
pub mod typescript;

pub use error::{ErrorBody, ErrorCode, ErrorDetail};
/// `#[wire]` on a contract type: its derives and TypeScript integer types in one place
/// (`switchboard-domain-derive`'s `contract.rs`).
pub use switchboard_domain_derive::contract_wire as wire;
