//! The organisation's shared labels on its contacts (migration 000061): read for a page, set on
//! one contact, added to or taken off many — each change a history row (`labels`, the names
//! before and after, sorted).

use super::Seen;
use crate::entity::contact::{change, contact, label};
use crate::entity::manage::label as manage_label;
use crate::{EpochMs, Store, StoreError};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use std::collections::{BTreeMap, HashMap};

/// The most labels one contact carries.
pub const MAX_LABELS: usize = 20;

/// The label ids on each of `contact_ids`.
pub async fn of_contacts(
    store: &Store,
    org_id: i64,
    contact_ids: &[i64],
) -> Result<HashMap<i64, Vec<i64>>, StoreError> {
    let mut out: HashMap<i64, Vec<i64>> = HashMap::new();
    for chunk in contact_ids.chunks(500) {
        for l in label::Entity::find()
            .filter(label::Column::OrgId.eq(org_id))
            .filter(label::Column::ContactId.is_in(chunk.iter().copied()))
            .all(store.conn())
            .await?
        {
            out.entry(l.contact_id).or_default().push(l.label_id);
        }
    }
    for ids in out.values_mut() {
        ids.sort_unstable();
    }
    Ok(out)
}

/// Every contact's shared labels by name (sorted), by contact id: an export's column, read in two
/// queries whatever the organisation's size.
pub async fn names_in_org(
    store: &Store,
    org_id: i64,
) -> Result<HashMap<i64, Vec<String>>, StoreError> {
    let names: HashMap<i64, String> = manage_label::Entity::find()
        .filter(manage_label::Column::OrgId.eq(org_id))
        .filter(manage_label::Column::Shared.eq(true))
        .all(store.conn())
        .await?
        .into_iter()
        .map(|l| (l.id, l.name))
        .collect();
    let mut out: HashMap<i64, Vec<String>> = HashMap::new();
    for l in label::Entity::find()
        .filter(label::Column::OrgId.eq(org_id))
        .all(store.conn())
        .await?
    {
        if let Some(n) = names.get(&l.label_id) {
            out.entry(l.contact_id).or_default().push(n.clone());
        }
    }
    for n in out.values_mut() {
        n.sort_unstable();
    }
    Ok(out)
}

/// The organisation's shared labels among `ids`, by id (a label of someone's own, or of
/// another organisation, is not among them).
pub async fn shared(
    conn: &impl ConnectionTrait,
    org_id: i64,
    ids: &[i64],
) -> Result<BTreeMap<i64, String>, StoreError> {
    Ok(manage_label::Entity::find()
        .filter(manage_label::Column::OrgId.eq(org_id))
        .filter(manage_label::Column::Shared.eq(true))
        .filter(manage_label::Column::Id.is_in(ids.iter().copied()))
        .all(conn)
        .await?
        .into_iter()
        .map(|l| (l.id, l.name))
        .collect())
}

fn names(ids: &[i64], known: &BTreeMap<i64, String>) -> Option<String> {
    let mut n: Vec<&str> = ids
        .iter()
        .filter_map(|id| known.get(id).map(String::as_str))
        .collect();
    n.sort_unstable();
    (!n.is_empty()).then(|| n.join(", "))
}

/// Changes the labels of each contact `ids` (all seen by the caller, else `NotFound` and
/// nothing changed): `set` replaces them, else `add` and `remove` are applied. Every label must
/// be a shared label of the organisation (`Invalid` otherwise). Answers how many changed.
pub async fn change(
    store: &Store,
    org_id: i64,
    ids: &[i64],
    seen: &Seen,
    (set, add, remove): (Option<&[i64]>, &[i64], &[i64]),
    actor_id: i64,
    now: EpochMs,
) -> Result<u64, StoreError> {
    let txn = store.begin_write().await?;
    let named: Vec<i64> = set
        .unwrap_or_default()
        .iter()
        .chain(add)
        .chain(remove)
        .copied()
        .collect();
    let known = shared(&txn, org_id, &named).await?;
    if named.iter().any(|id| !known.contains_key(id)) {
        txn.rollback().await?;
        // The caller checked them; one removed meanwhile is a conflict.
        return Err(StoreError::Conflict("label_removed".into()));
    }
    let Some(rows) = super::many::seen_rows(&txn, org_id, ids, seen).await? else {
        txn.rollback().await?;
        return Err(StoreError::NotFound);
    };
    let wanted: Vec<i64> = rows.iter().map(|c| c.id).collect();
    let mut current = HashMap::<i64, Vec<i64>>::new();
    for l in label::Entity::find()
        .filter(label::Column::OrgId.eq(org_id))
        .filter(label::Column::ContactId.is_in(wanted.iter().copied()))
        .all(&txn)
        .await?
    {
        current.entry(l.contact_id).or_default().push(l.label_id);
    }
    let all_ids: Vec<i64> = current.values().flatten().chain(&named).copied().collect();
    let label_names = shared(&txn, org_id, &all_ids).await?;
    let mut changed = 0;
    for id in wanted {
        let mut before = current.remove(&id).unwrap_or_default();
        before.sort_unstable();
        let mut after = match set {
            Some(s) => s.to_vec(),
            None => before
                .iter()
                .copied()
                .chain(add.iter().copied())
                .filter(|l| !remove.contains(l))
                .collect(),
        };
        after.sort_unstable();
        after.dedup();
        after.truncate(MAX_LABELS);
        if after == before {
            continue;
        }
        label::Entity::delete_many()
            .filter(label::Column::ContactId.eq(id))
            .exec(&txn)
            .await?;
        for l in &after {
            label::ActiveModel {
                org_id: Set(org_id),
                contact_id: Set(id),
                label_id: Set(*l),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        contact::Entity::update_many()
            .col_expr(contact::Column::UpdatedAt, now.into())
            .filter(contact::Column::Id.eq(id))
            .exec(&txn)
            .await?;
        change::ActiveModel {
            org_id: Set(org_id),
            contact_id: Set(id),
            actor_id: Set(Some(actor_id)),
            origin: Set("member".into()),
            field: Set("labels".into()),
            old_value: Set(names(&before, &label_names)),
            new_value: Set(names(&after, &label_names)),
            at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        changed += 1;
    }
    txn.commit().await?;
    Ok(changed)
}
