//! sea-orm entities, one module per table. Column names are plain English; the spec's wire
//! names (`callyzer_user_mappings`, `workspace_id`…) are produced by the server's DTOs.

pub mod billing;
pub mod dev_mail;
pub mod extension_token;
pub mod integration;
pub mod login_code;
pub mod membership;
pub mod oauth_state;
pub mod operator;
pub mod organisation;
pub mod session;
pub mod team;
pub mod user;
