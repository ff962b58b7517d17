//! A person who signs in. A user's id is also their `workspace_id` on the wire.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `None` for a person known only by phone (an employee imported without an e-mail).
    #[sea_orm(unique)]
    pub email: Option<String>,
    pub name: Option<String>,
    pub mobile: Option<String>,
    pub profile_pic: Option<String>,
    pub preferred_language: Option<String>,
    /// ISO 3166-1 alpha-2 (My Account).
    pub country: Option<String>,
    /// The WhatsApp number, with its country code (My Account).
    pub whatsapp_no: Option<String>,
    /// The file-store key of the photo uploaded in My Account (`profile_pic` is its address).
    pub photo_key: Option<String>,
    /// The personal workspace's plan (1 Free until a personal plan is bought).
    pub plan_id: i64,
    pub plan_is_trial: bool,
    /// End of the personal plan's paid period, epoch ms.
    pub plan_validity: Option<i64>,
    /// The AI Reply add-on is bought for the personal workspace.
    pub ai_addon: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::membership::Entity")]
    Membership,
    #[sea_orm(has_many = "super::session::Entity")]
    Session,
}

impl Related<super::membership::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Membership.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
