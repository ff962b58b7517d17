//! An organisation's business hours: one row, read by the inbox's clock and the dashboards,
//! written by its admins.

use crate::entity::business_hours;
use crate::{Store, StoreError};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

pub async fn of(store: &Store, org_id: i64) -> Result<Option<business_hours::Model>, StoreError> {
    Ok(business_hours::Entity::find()
        .filter(business_hours::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

/// Stores the organisation's hours (one row each), answering them as stored.
pub async fn save(
    store: &Store,
    row: business_hours::Model,
) -> Result<business_hours::Model, StoreError> {
    let org_id = row.org_id;
    let active = business_hours::ActiveModel {
        org_id: Set(row.org_id),
        week: Set(row.week),
        holidays: Set(row.holidays),
        response_target_min: Set(row.response_target_min),
        callback_target_min: Set(row.callback_target_min),
        updated_by: Set(row.updated_by),
        updated_at: Set(row.updated_at),
        ..Default::default()
    };
    business_hours::Entity::insert(active)
        .on_conflict(
            OnConflict::column(business_hours::Column::OrgId)
                .update_columns([
                    business_hours::Column::Week,
                    business_hours::Column::Holidays,
                    business_hours::Column::ResponseTargetMin,
                    business_hours::Column::CallbackTargetMin,
                    business_hours::Column::UpdatedBy,
                    business_hours::Column::UpdatedAt,
                ])
                .to_owned(),
        )
        .exec(store.conn())
        .await?;
    of(store, org_id).await?.ok_or(StoreError::NotFound)
}
