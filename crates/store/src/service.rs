//! The Lead CRM's tickets and call logs (issue #29): a contact's, newest first, made, changed
//! and removed, and the CRM object each was written to. Who sees them is who sees the contact
//! (the routes check it); every query names the organisation.

use crate::entity::contact::{call_log, ticket};
use crate::{EpochMs, Store, StoreError};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

/// The most tickets or calls of one contact answered.
pub const PER_CONTACT: u64 = 200;

/// A ticket's values; a field left `None` stays as it is (on creation, its default).
#[derive(Debug, Clone, Default)]
pub struct TicketValues {
    pub name: Option<String>,
    pub description: Option<Option<String>>,
    pub status: Option<String>,
    pub ticket_type: Option<Option<String>>,
}

/// The contact's tickets, most recently changed first.
pub async fn tickets_of(
    store: &Store,
    org_id: i64,
    contact_id: i64,
) -> Result<Vec<ticket::Model>, StoreError> {
    Ok(ticket::Entity::find()
        .filter(ticket::Column::OrgId.eq(org_id))
        .filter(ticket::Column::ContactId.eq(contact_id))
        .order_by_desc(ticket::Column::UpdatedAt)
        .order_by_desc(ticket::Column::Id)
        .limit(PER_CONTACT)
        .all(store.conn())
        .await?)
}

/// The organisation's ticket `id`.
pub async fn ticket(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<ticket::Model>, StoreError> {
    Ok(ticket::Entity::find_by_id(id)
        .filter(ticket::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

fn closed_at(status: &str, before: Option<i64>, now: EpochMs) -> Option<i64> {
    (status == domain::contacts::service::CLOSED_STATUS).then(|| before.unwrap_or(now))
}

/// Makes a ticket of contact `contact_id`, by `created_by`.
pub async fn create_ticket(
    store: &Store,
    org_id: i64,
    contact_id: i64,
    values: TicketValues,
    created_by: i64,
    now: EpochMs,
) -> Result<ticket::Model, StoreError> {
    use domain::contacts::service::{TICKET_PIPELINE, TICKET_STATUSES};
    let status = values
        .status
        .unwrap_or_else(|| TICKET_STATUSES[0].to_owned());
    let row = ticket::ActiveModel {
        org_id: Set(org_id),
        contact_id: Set(contact_id),
        name: Set(values.name.unwrap_or_default()),
        description: Set(values.description.flatten()),
        closed_at: Set(closed_at(&status, None, now)),
        status: Set(status),
        pipeline: Set(TICKET_PIPELINE.to_owned()),
        ticket_type: Set(values.ticket_type.flatten()),
        created_by: Set(Some(created_by)),
        crm_provider: Set(None),
        crm_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    Ok(row.insert(store.conn()).await?)
}

/// Changes ticket `id`; `NotFound` when the organisation has none.
pub async fn update_ticket(
    store: &Store,
    org_id: i64,
    id: i64,
    values: TicketValues,
    now: EpochMs,
) -> Result<ticket::Model, StoreError> {
    let before = ticket(store, org_id, id)
        .await?
        .ok_or(StoreError::NotFound)?;
    let mut row = ticket::ActiveModel::from(before.clone());
    if let Some(v) = values.name {
        row.name = Set(v);
    }
    if let Some(v) = values.description {
        row.description = Set(v);
    }
    if let Some(v) = values.ticket_type {
        row.ticket_type = Set(v);
    }
    if let Some(v) = values.status {
        row.closed_at = Set(closed_at(&v, before.closed_at, now));
        row.status = Set(v);
    }
    row.updated_at = Set(now);
    Ok(row.update(store.conn()).await?)
}

/// Removes ticket `id`; `NotFound` when the organisation has none.
pub async fn delete_ticket(store: &Store, org_id: i64, id: i64) -> Result<(), StoreError> {
    let gone = ticket::Entity::delete_many()
        .filter(ticket::Column::OrgId.eq(org_id))
        .filter(ticket::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    if gone.rows_affected == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// Records that ticket `id` was written to `provider`'s record `crm_id`.
pub async fn set_ticket_crm(
    store: &Store,
    id: i64,
    provider: &str,
    crm_id: &str,
) -> Result<(), StoreError> {
    ticket::Entity::update_many()
        .col_expr(ticket::Column::CrmProvider, provider.into())
        .col_expr(ticket::Column::CrmId, crm_id.into())
        .filter(ticket::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// A call to log.
#[derive(Debug, Clone)]
pub struct NewCall {
    pub outcome: String,
    pub duration_secs: i32,
    pub description: Option<String>,
    pub called_at: EpochMs,
}

/// The contact's calls, most recent first.
pub async fn calls_of(
    store: &Store,
    org_id: i64,
    contact_id: i64,
) -> Result<Vec<call_log::Model>, StoreError> {
    Ok(call_log::Entity::find()
        .filter(call_log::Column::OrgId.eq(org_id))
        .filter(call_log::Column::ContactId.eq(contact_id))
        .order_by_desc(call_log::Column::CalledAt)
        .order_by_desc(call_log::Column::Id)
        .limit(PER_CONTACT)
        .all(store.conn())
        .await?)
}

/// The organisation's call `id`.
pub async fn call(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<call_log::Model>, StoreError> {
    Ok(call_log::Entity::find_by_id(id)
        .filter(call_log::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

/// Logs a call with contact `contact_id`, by `logged_by`.
pub async fn log_call(
    store: &Store,
    org_id: i64,
    contact_id: i64,
    call: NewCall,
    logged_by: i64,
    now: EpochMs,
) -> Result<call_log::Model, StoreError> {
    let row = call_log::ActiveModel {
        org_id: Set(org_id),
        contact_id: Set(contact_id),
        outcome: Set(call.outcome),
        duration_secs: Set(call.duration_secs),
        description: Set(call.description),
        called_at: Set(call.called_at),
        logged_by: Set(Some(logged_by)),
        crm_provider: Set(None),
        crm_id: Set(None),
        created_at: Set(now),
        ..Default::default()
    };
    Ok(row.insert(store.conn()).await?)
}

/// Removes call `id`; `NotFound` when the organisation has none.
pub async fn delete_call(store: &Store, org_id: i64, id: i64) -> Result<(), StoreError> {
    let gone = call_log::Entity::delete_many()
        .filter(call_log::Column::OrgId.eq(org_id))
        .filter(call_log::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    if gone.rows_affected == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// Records that call `id` was written to `provider`'s record `crm_id`.
pub async fn set_call_crm(
    store: &Store,
    id: i64,
    provider: &str,
    crm_id: &str,
) -> Result<(), StoreError> {
    call_log::Entity::update_many()
        .col_expr(call_log::Column::CrmProvider, provider.into())
        .col_expr(call_log::Column::CrmId, crm_id.into())
        .filter(call_log::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}
