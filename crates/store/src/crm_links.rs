//! Contacts kept in step with a CRM (issue #29): each contact's link to a CRM record through a
//! member's integration, changes made here waiting to reach the CRM (`dirty`), each member
//! link's pull cursor, and the rule that settles a pulled record against the contact: field by
//! field, the later writer wins — the CRM's record change time against the time of the last
//! change made here to that field — and a CRM value that loses is kept in the history as a
//! `conflict` row. A field the CRM leaves blank never clears one here.

use crate::contacts::{value_of, Change};
use crate::entity::contact::{change, contact, crm_link, crm_pull};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set, SqlErr,
};
use std::collections::HashMap;

/// The contact's links, one per CRM.
pub async fn of_contact(
    store: &Store,
    org_id: i64,
    contact_id: i64,
) -> Result<Vec<crm_link::Model>, StoreError> {
    Ok(crm_link::Entity::find()
        .filter(crm_link::Column::OrgId.eq(org_id))
        .filter(crm_link::Column::ContactId.eq(contact_id))
        .all(store.conn())
        .await?)
}

/// Links the contact to CRM record `crm_id`. `Conflict("contact_linked")` when the contact is
/// linked to this CRM already, `Conflict("crm_record_linked")` when another contact has the
/// record.
#[allow(clippy::too_many_arguments)]
pub async fn link(
    store: &Store,
    org_id: i64,
    contact_id: i64,
    provider: &str,
    user_id: i64,
    crm_id: &str,
    crm_modified_at: Option<i64>,
    now: EpochMs,
) -> Result<crm_link::Model, StoreError> {
    let taken = crm_link::Entity::find()
        .filter(crm_link::Column::OrgId.eq(org_id))
        .filter(crm_link::Column::Provider.eq(provider))
        .filter(crm_link::Column::CrmId.eq(crm_id))
        .one(store.conn())
        .await?;
    if taken.is_some_and(|t| t.contact_id != contact_id) {
        return Err(StoreError::Conflict("crm_record_linked".into()));
    }
    let row = crm_link::ActiveModel {
        org_id: Set(org_id),
        contact_id: Set(contact_id),
        provider: Set(provider.to_owned()),
        user_id: Set(user_id),
        crm_id: Set(crm_id.to_owned()),
        crm_modified_at: Set(crm_modified_at),
        dirty: Set(false),
        linked_at: Set(now),
        ..Default::default()
    };
    match row.insert(store.conn()).await {
        Ok(m) => {
            first_read(store, org_id, provider, user_id, now).await?;
            Ok(m)
        }
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            Err(StoreError::Conflict("contact_linked".into()))
        }
        Err(e) => Err(e.into()),
    }
}

/// Removes the contact's link to `provider`; `NotFound` when there is none.
pub async fn unlink(
    store: &Store,
    org_id: i64,
    contact_id: i64,
    provider: &str,
) -> Result<(), StoreError> {
    let gone = crm_link::Entity::delete_many()
        .filter(crm_link::Column::OrgId.eq(org_id))
        .filter(crm_link::Column::ContactId.eq(contact_id))
        .filter(crm_link::Column::Provider.eq(provider))
        .exec(store.conn())
        .await?;
    if gone.rows_affected == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// Marks the links of `contact_ids` as holding changes the CRM has still to get.
pub async fn mark_dirty(store: &Store, org_id: i64, contact_ids: &[i64]) -> Result<(), StoreError> {
    for chunk in contact_ids.chunks(500) {
        crm_link::Entity::update_many()
            .col_expr(crm_link::Column::Dirty, true.into())
            .filter(crm_link::Column::OrgId.eq(org_id))
            .filter(crm_link::Column::ContactId.is_in(chunk.iter().copied()))
            .exec(store.conn())
            .await?;
    }
    Ok(())
}

/// Records that link `id` reached the CRM: clean, with the CRM's change time.
pub async fn pushed(
    store: &Store,
    id: i64,
    crm_modified_at: Option<i64>,
) -> Result<(), StoreError> {
    let mut update = crm_link::Entity::update_many()
        .col_expr(crm_link::Column::Dirty, false.into())
        .filter(crm_link::Column::Id.eq(id));
    if let Some(at) = crm_modified_at {
        update = update.col_expr(crm_link::Column::CrmModifiedAt, at.into());
    }
    update.exec(store.conn()).await?;
    Ok(())
}

/// The dirty links made through `user_id`'s link to `provider`, each with its contact.
pub async fn dirty(
    store: &Store,
    org_id: i64,
    provider: &str,
    user_id: i64,
) -> Result<Vec<(crm_link::Model, contact::Model)>, StoreError> {
    let links = crm_link::Entity::find()
        .filter(crm_link::Column::OrgId.eq(org_id))
        .filter(crm_link::Column::Provider.eq(provider))
        .filter(crm_link::Column::UserId.eq(user_id))
        .filter(crm_link::Column::Dirty.eq(true))
        .order_by_asc(crm_link::Column::Id)
        .all(store.conn())
        .await?;
    let mut out = Vec::with_capacity(links.len());
    for l in links {
        if let Some(c) = contact::Entity::find_by_id(l.contact_id)
            .one(store.conn())
            .await?
        {
            out.push((l, c));
        }
    }
    Ok(out)
}

/// The links to records `crm_ids` of `provider` in the organisation, by CRM id.
pub async fn by_crm_ids(
    store: &Store,
    org_id: i64,
    provider: &str,
    crm_ids: &[String],
) -> Result<HashMap<String, crm_link::Model>, StoreError> {
    let mut out = HashMap::new();
    for chunk in crm_ids.chunks(500) {
        for l in crm_link::Entity::find()
            .filter(crm_link::Column::OrgId.eq(org_id))
            .filter(crm_link::Column::Provider.eq(provider))
            .filter(crm_link::Column::CrmId.is_in(chunk.iter().cloned()))
            .all(store.conn())
            .await?
        {
            out.insert(l.crm_id.clone(), l);
        }
    }
    Ok(out)
}

/// The links to `provider`'s records `crm_ids`, in every organisation (a CRM's webhook names
/// records by its own id alone), at most `limit`.
pub async fn with_crm_ids(
    store: &Store,
    provider: &str,
    crm_ids: &[String],
    limit: u64,
) -> Result<Vec<crm_link::Model>, StoreError> {
    Ok(crm_link::Entity::find()
        .filter(crm_link::Column::Provider.eq(provider))
        .filter(crm_link::Column::CrmId.is_in(crm_ids.iter().cloned()))
        .order_by_asc(crm_link::Column::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// The members' links to `provider` that have linked contacts in the organisation.
pub async fn linking_members(
    store: &Store,
    org_id: i64,
    provider: &str,
) -> Result<Vec<i64>, StoreError> {
    let mut users: Vec<i64> = crm_link::Entity::find()
        .filter(crm_link::Column::OrgId.eq(org_id))
        .filter(crm_link::Column::Provider.eq(provider))
        .all(store.conn())
        .await?
        .into_iter()
        .map(|l| l.user_id)
        .collect();
    users.sort_unstable();
    users.dedup();
    Ok(users)
}

/// A member's first link is a read of the record: their pull is counted from then, so the
/// hourly pull comes an hour later rather than racing the member's own first steps (an edit
/// made there and pulled on demand minutes later). The cursor stays at the start, so that
/// pull still reads every record changed before.
async fn first_read(
    store: &Store,
    org_id: i64,
    provider: &str,
    user_id: i64,
    now: EpochMs,
) -> Result<(), StoreError> {
    crm_pull::Entity::insert(crm_pull::ActiveModel {
        org_id: Set(org_id),
        provider: Set(provider.to_owned()),
        user_id: Set(user_id),
        cursor_ms: Set(0),
        last_run_at: Set(Some(now)),
        last_error: Set(None),
        pulled: Set(0),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([
            crm_pull::Column::OrgId,
            crm_pull::Column::Provider,
            crm_pull::Column::UserId,
        ])
        .do_nothing()
        .to_owned(),
    )
    .exec_without_returning(store.conn())
    .await?;
    Ok(())
}

/// Marks pull `id` as running now, so the hourly pull does not take it while a pull asked for
/// on demand runs.
pub async fn touch_pull(store: &Store, id: i64, now: EpochMs) -> Result<(), StoreError> {
    crm_pull::Entity::update_many()
        .col_expr(crm_pull::Column::LastRunAt, Some(now).into())
        .filter(crm_pull::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Where `user_id`'s pull from `provider` stands (a fresh one starts at `start_ms`).
pub async fn pull_state(
    store: &Store,
    org_id: i64,
    provider: &str,
    user_id: i64,
    start_ms: i64,
) -> Result<crm_pull::Model, StoreError> {
    let insert = crm_pull::Entity::insert(crm_pull::ActiveModel {
        org_id: Set(org_id),
        provider: Set(provider.to_owned()),
        user_id: Set(user_id),
        cursor_ms: Set(start_ms),
        last_run_at: Set(None),
        last_error: Set(None),
        pulled: Set(0),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([
            crm_pull::Column::OrgId,
            crm_pull::Column::Provider,
            crm_pull::Column::UserId,
        ])
        .do_nothing()
        .to_owned(),
    );
    insert.exec_without_returning(store.conn()).await?;
    crm_pull::Entity::find()
        .filter(crm_pull::Column::OrgId.eq(org_id))
        .filter(crm_pull::Column::Provider.eq(provider))
        .filter(crm_pull::Column::UserId.eq(user_id))
        .one(store.conn())
        .await?
        .ok_or(StoreError::NotFound)
}

/// Saves a pull's progress: the cursor moved to `cursor_ms`, `pulled` more records read, and
/// how the run ended (`error` none when it finished).
pub async fn save_pull(
    store: &Store,
    id: i64,
    cursor_ms: i64,
    pulled: i64,
    error: Option<String>,
    now: EpochMs,
) -> Result<(), StoreError> {
    let row = crm_pull::Entity::find_by_id(id)
        .one(store.conn())
        .await?
        .ok_or(StoreError::NotFound)?;
    let total = row.pulled + pulled;
    let mut row = crm_pull::ActiveModel::from(row);
    row.cursor_ms = Set(cursor_ms);
    row.pulled = Set(total);
    row.last_error = Set(error);
    row.last_run_at = Set(Some(now));
    row.update(store.conn()).await?;
    Ok(())
}

/// What settling one pulled record did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Settled {
    /// Fields taken from the CRM.
    pub taken: Vec<&'static str>,
    /// Fields kept from here, with their values: the CRM has still to get them.
    pub kept: Vec<(&'static str, Option<String>)>,
}

/// Settles the CRM's values of a linked contact (`fields`, changed at `crm_modified_at`) by the
/// rule of this module, in one transaction, and records the record's change time on the link.
pub async fn settle(
    store: &Store,
    link: &crm_link::Model,
    fields: &[(&'static str, Option<String>)],
    crm_modified_at: i64,
    now: EpochMs,
) -> Result<Settled, StoreError> {
    let txn = store.begin_write().await?;
    let Some(before) = contact::Entity::find_by_id(link.contact_id)
        .filter(contact::Column::OrgId.eq(link.org_id))
        .one(&txn)
        .await?
    else {
        txn.rollback().await?;
        return Ok(Settled::default());
    };
    // When each field was last changed here (not by a pull).
    let mut changed_here: HashMap<String, i64> = HashMap::new();
    for c in change::Entity::find()
        .filter(change::Column::ContactId.eq(before.id))
        .filter(change::Column::Origin.is_not_in(["crm", "conflict"]))
        .all(&txn)
        .await?
    {
        let at = changed_here.entry(c.field).or_insert(c.at);
        *at = (*at).max(c.at);
    }
    let mut out = Settled::default();
    let mut take = Vec::new();
    let mut history = Vec::new();
    for (field, theirs) in fields {
        let ours = value_of(&before, field);
        if ours == *theirs {
            continue;
        }
        let Some(theirs) = theirs else {
            // A blank in the CRM does not clear a value here: it goes there.
            out.kept.push((field, ours));
            continue;
        };
        let here = changed_here
            .get(*field)
            .copied()
            .unwrap_or(before.created_at);
        if ours.is_none() || crm_modified_at > here {
            take.push((*field, Some(theirs.clone())));
            out.taken.push(field);
        } else {
            history.push(change::ActiveModel {
                org_id: Set(before.org_id),
                contact_id: Set(before.id),
                actor_id: Set(None),
                origin: Set("conflict".to_owned()),
                field: Set((*field).to_owned()),
                old_value: Set(Some(theirs.clone())),
                new_value: Set(ours.clone()),
                at: Set(now),
                ..Default::default()
            });
            out.kept.push((field, ours));
        }
    }
    let change = Change {
        actor_id: None,
        origin: "crm",
        now,
    };
    change.apply(&txn, before, &take, &mut history).await?;
    crate::contacts::insert_history(&txn, history).await?;
    let mut l = crm_link::ActiveModel::from(link.clone());
    l.crm_modified_at = Set(Some(crm_modified_at));
    if !out.kept.is_empty() {
        l.dirty = Set(true);
    }
    l.update(&txn).await?;
    txn.commit().await?;
    Ok(out)
}

/// The (organisation, member) links to `provider` with linked contacts whose pull last ran
/// before `cutoff` (or never).
pub async fn due(
    store: &Store,
    provider: &str,
    cutoff: EpochMs,
) -> Result<Vec<(i64, i64)>, StoreError> {
    use sea_orm::QuerySelect;
    let mut pairs: Vec<(i64, i64)> = crm_link::Entity::find()
        .select_only()
        .column(crm_link::Column::OrgId)
        .column(crm_link::Column::UserId)
        .filter(crm_link::Column::Provider.eq(provider))
        .distinct()
        .into_tuple()
        .all(store.conn())
        .await?;
    let recent: Vec<(i64, i64)> = crm_pull::Entity::find()
        .select_only()
        .column(crm_pull::Column::OrgId)
        .column(crm_pull::Column::UserId)
        .filter(crm_pull::Column::Provider.eq(provider))
        .filter(crm_pull::Column::LastRunAt.gt(cutoff))
        .into_tuple()
        .all(store.conn())
        .await?;
    pairs.retain(|p| !recent.contains(p));
    Ok(pairs)
}

/// Takes pull `id` for a run when it last ran before `cutoff` (one replica wins): answers
/// whether this caller took it.
pub async fn claim_pull(
    store: &Store,
    id: i64,
    cutoff: EpochMs,
    now: EpochMs,
) -> Result<bool, StoreError> {
    use sea_orm::Condition;
    let taken = crm_pull::Entity::update_many()
        .col_expr(crm_pull::Column::LastRunAt, Some(now).into())
        .filter(crm_pull::Column::Id.eq(id))
        .filter(
            Condition::any()
                .add(crm_pull::Column::LastRunAt.is_null())
                .add(crm_pull::Column::LastRunAt.lte(cutoff)),
        )
        .exec(store.conn())
        .await?;
    Ok(taken.rows_affected == 1)
}
