//! Feedback sent from the public feedback form (migration 000040).

use sea_orm::entity::prelude::*;

/// One message: the topic its page named, who wrote it, what and when.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "feedback")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub topic: String,
    pub name: String,
    pub email: String,
    pub whatsapp_no: Option<String>,
    pub message: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
