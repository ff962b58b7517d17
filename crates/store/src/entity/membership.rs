//! A user's place in an organisation: role, team, status (`callyzer_user_mappings` on the wire,
//! and the organisation's employee entries).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "memberships")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub org_id: i64,
    pub user_id: i64,
    /// 1 admin, 2 manager, 3 employee.
    pub role_id: i16,
    pub team_id: Option<i64>,
    pub is_default_org: bool,
    /// 2 is an active member.
    pub user_status: i16,
    pub syncing_active: bool,
    pub invitation_status: String,
    pub employee_code: Option<String>,
    pub joined_at: Option<i64>,
    /// The employee's address as the organisation recorded it (form or import).
    pub address: Option<String>,
    /// Who added the person (migration 000018); their language is the invitation's until the
    /// person chooses one.
    pub invited_by: Option<i64>,
    /// When the newest invitation e-mail went out, epoch ms (the resend waits after it).
    pub invitation_sent_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::organisation::Entity",
        from = "Column::OrgId",
        to = "super::organisation::Column::Id",
        on_delete = "Cascade"
    )]
    Organisation,
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::UserId",
        to = "super::user::Column::Id",
        on_delete = "Cascade"
    )]
    User,
    #[sea_orm(
        belongs_to = "super::team::Entity",
        from = "Column::TeamId",
        to = "super::team::Column::Id",
        on_delete = "SetNull"
    )]
    Team,
}

impl Related<super::organisation::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Organisation.def()
    }
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::User.def()
    }
}

impl Related<super::team::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Team.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
