//! One connected integration: per user (`user_id`, the spec's `workspace_id`) or per
//! organisation (`org_id`, the webhook). `settings` is non-secret JSON; `secret` is AES-256-GCM
//! ciphertext made and read by the server, never plain text.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "integrations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub provider: String,
    pub user_id: Option<i64>,
    pub org_id: Option<i64>,
    /// `connected` or `needs_reconnect` (a refresh token the provider no longer accepts).
    pub status: String,
    pub settings: String,
    pub secret: Option<String>,
    /// When the stored access token expires (epoch ms), for providers with expiring tokens.
    pub expires_at: Option<i64>,
    /// A refresh in progress holds this lease until the given time (one refresh at a time).
    pub refreshing_until: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The sync engine's state for this link (000 §4: STARTING, PROCESSING, READY, ERROR,
    /// FAILED, STOPPED); none before anything was synced.
    pub sync_status: Option<String>,
    /// When the last delivery to this link succeeded (001 §7 integrations last sync).
    pub last_sync_at: Option<i64>,
    /// The last failure, as shown on the integration's page.
    pub sync_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
