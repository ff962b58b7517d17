//! A server-issued OAuth `state`: only its hash is stored, bound to the user who asked for it,
//! single use (`used_at`) and short-lived (`expires_at`). The PKCE verifier, when the provider
//! takes one, is kept encrypted beside it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "oauth_states")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub state_hash: String,
    pub provider: String,
    pub user_id: i64,
    pub pkce_verifier: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
