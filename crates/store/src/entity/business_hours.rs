//! An organisation's business hours (migration 000062).

use sea_orm::entity::prelude::*;

/// The week's shifts and the holidays, as JSON `domain::business_hours` reads, and the targets
/// measured against them.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "business_hours")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub org_id: i64,
    /// Seven lists of `{start, end}`, Monday first.
    pub week: String,
    /// `YYYY-MM-DD` dates.
    pub holidays: String,
    /// Minutes of business time a first response should take at most (the SLA).
    pub response_target_min: Option<i32>,
    /// Minutes of business time a missed call should be returned within.
    pub callback_target_min: Option<i32>,
    pub updated_by: Option<i64>,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
