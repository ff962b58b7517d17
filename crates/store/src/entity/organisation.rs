//! An organisation: its code (shared to join and to look up its logo), plan, seats and zone.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "organisations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    #[sea_orm(unique)]
    pub organization_code: String,
    pub logo_url: Option<String>,
    /// IANA zone every bucket of this organisation's dashboards is computed in.
    pub time_zone: String,
    pub plan_id: i32,
    pub is_trial: bool,
    /// End of the paid or trial period (epoch ms); `None` for the free plan.
    pub validity: Option<i64>,
    pub seat_issued: i32,
    /// The knowledge-base (AI) screen; the original product hard-coded organisation 902.
    pub knowledge_base_enabled: bool,
    /// When a payment first failed and is still unpaid (the dunning state), epoch ms.
    pub dunning_since: Option<i64>,
    /// The AI Reply add-on is bought (more AI replies a day).
    pub ai_addon: bool,
    /// Who may change team labels and quick replies: `admins` or `admins_and_managers`.
    pub team_tools_editors: String,
    /// People may join by the organisation's code (migration 000035; admins turn it off).
    pub join_by_code: bool,
    pub created_by: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::team::Entity")]
    Team,
    #[sea_orm(has_many = "super::membership::Entity")]
    Membership,
}

impl Related<super::team::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Team.def()
    }
}

impl Related<super::membership::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Membership.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
