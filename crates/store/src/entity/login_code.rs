//! A one-time sign-in code sent by e-mail. Only a hash of the code is stored; a code dies when
//! used, when a newer one is sent, when it expires, or after too many wrong tries.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "login_codes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The address the code was sent to, lower case.
    pub email: String,
    /// SHA-256 (hex) of the address and the code.
    pub code_hash: String,
    pub created_at: i64,
    pub expires_at: i64,
    /// Wrong tries so far.
    pub attempts: i32,
    /// When it was used or replaced by a newer code.
    pub used_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
