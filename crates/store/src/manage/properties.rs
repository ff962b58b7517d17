//! The organisation's user properties and each contact's values of them.

use crate::entity::manage::{property, property_value};
use crate::scoped::scoped;
use crate::{EpochMs, Store, StoreError};

// The organisation's, whoever made them.
scoped!(property, owner: CreatedBy);
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

/// Deletes a property and every contact's value of it.
pub async fn delete_property(store: &Store, org_id: i64, id: i64) -> Result<u64, StoreError> {
    let txn = store.begin_write().await?;
    property_value::Entity::delete_many()
        .filter(property_value::Column::OrgId.eq(org_id))
        .filter(property_value::Column::PropertyId.eq(id))
        .exec(&txn)
        .await?;
    let n = property::Entity::delete_many()
        .filter(property::Column::OrgId.eq(org_id))
        .filter(property::Column::Id.eq(id))
        .exec(&txn)
        .await?
        .rows_affected;
    txn.commit().await?;
    Ok(n)
}

pub async fn contact_values(
    store: &Store,
    org_id: i64,
    contact: &str,
) -> Result<Vec<property_value::Model>, StoreError> {
    Ok(property_value::Entity::find()
        .filter(property_value::Column::OrgId.eq(org_id))
        .filter(property_value::Column::Contact.eq(contact))
        .order_by_asc(property_value::Column::PropertyId)
        .all(store.conn())
        .await?)
}

/// Sets a contact's values in one transaction (an empty value removes it).
pub async fn set_contact_values(
    store: &Store,
    org_id: i64,
    contact: &str,
    values: &[(i64, String)],
    user_id: i64,
    now: EpochMs,
) -> Result<(), StoreError> {
    let txn = store.begin_write().await?;
    for (property_id, value) in values {
        property_value::Entity::delete_many()
            .filter(property_value::Column::OrgId.eq(org_id))
            .filter(property_value::Column::PropertyId.eq(*property_id))
            .filter(property_value::Column::Contact.eq(contact))
            .exec(&txn)
            .await?;
        if !value.is_empty() {
            property_value::ActiveModel {
                org_id: Set(org_id),
                property_id: Set(*property_id),
                contact: Set(contact.to_owned()),
                value: Set(value.clone()),
                updated_by: Set(user_id),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
    }
    txn.commit().await?;
    Ok(())
}
