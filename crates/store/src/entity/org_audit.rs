//! Changes an organisation's admins and managers made (migration 000018): the time zone, name
//! or logo, a member's role or team, an invitation resent.

use sea_orm::entity::prelude::*;

/// One change: who (`actor_id`), what (`action`, a stable key), to whom (`target_user_id`),
/// when, and a JSON object of the values before and after.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "org_audit")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub org_id: i64,
    pub actor_id: Option<i64>,
    pub at: i64,
    pub action: String,
    pub target_user_id: Option<i64>,
    pub detail: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
