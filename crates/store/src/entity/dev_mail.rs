//! An e-mail kept in the development mailbox because no SMTP server is configured; readable at
//! `GET /api/dev/mailbox` when the configuration enables it (tests, local runs).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "dev_mailbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    /// The HTML part, when the e-mail has one (migration 000018).
    pub html: Option<String>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
