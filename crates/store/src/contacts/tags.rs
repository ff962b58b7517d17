//! The organisation's tags (the manage tools' `contact_tags`, owner 0) on many contacts at once:
//! `/leads`' bulk edit puts one on and takes one off, all or none, a history row (`tags`) for
//! each contact that changed. A contact's tags row may be named by the number's digits, `+`
//! and digits, or the chat id; each row of the contact gets the same change, and a contact with
//! none gets one named by its key.

use super::Seen;
use crate::entity::contact::{change, contact};
use crate::entity::manage::tags;
use crate::{EpochMs, Store, StoreError};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use std::collections::HashMap;

/// What a bulk tag change did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Retagged {
    /// How many contacts changed.
    Changed(u64),
    /// The rule refused one contact's tags (nothing changed): the code, and how many contacts
    /// it refused.
    Refused(domain::RuleError, u64),
}

/// The names a contact's manage-tool rows may carry.
fn keys_of(c: &contact::Model) -> Vec<String> {
    if c.contact.bytes().all(|b| b.is_ascii_digit()) {
        vec![
            c.contact.clone(),
            format!("+{}", c.contact),
            format!("{}@c.us", c.contact),
        ]
    } else {
        vec![c.contact.clone()]
    }
}

fn parsed(json: &str) -> Vec<String> {
    serde_json::from_str(json).unwrap_or_default()
}

/// Changes the organisation's tags of each contact `ids` (all seen by the caller, else
/// `NotFound` and nothing changed) by `retag`, which answers a contact's tags after the change
/// or the rule it breaks.
pub async fn change_many(
    store: &Store,
    org_id: i64,
    ids: &[i64],
    seen: &Seen,
    retag: impl Fn(&[String]) -> Result<Vec<String>, domain::RuleError>,
    actor_id: i64,
    now: EpochMs,
) -> Result<Retagged, StoreError> {
    let txn = store.begin_write().await?;
    let Some(contacts) = super::many::seen_rows(&txn, org_id, ids, seen).await? else {
        txn.rollback().await?;
        return Err(StoreError::NotFound);
    };
    let owner_of: HashMap<String, i64> = contacts
        .iter()
        .flat_map(|c| keys_of(c).into_iter().map(move |k| (k, c.id)))
        .collect();
    let mut rows: HashMap<i64, Vec<tags::Model>> = HashMap::new();
    let keys: Vec<String> = owner_of.keys().cloned().collect();
    for chunk in keys.chunks(500) {
        for row in tags::Entity::find()
            .filter(tags::Column::OrgId.eq(org_id))
            .filter(tags::Column::OwnerId.eq(0))
            .filter(tags::Column::Contact.is_in(chunk.iter().cloned()))
            .all(&txn)
            .await?
        {
            if let Some(id) = owner_of.get(&row.contact) {
                rows.entry(*id).or_default().push(row);
            }
        }
    }
    // Decide every contact before writing any, so a refusal changes nothing.
    let mut plan = Vec::new();
    let mut refused: Option<(domain::RuleError, u64)> = None;
    for c in &contacts {
        let mut own = rows.remove(&c.id).unwrap_or_default();
        // The newest row is the contact's tags as last set; the others follow it.
        own.sort_by_key(|r| std::cmp::Reverse(r.updated_at));
        let before = own.first().map(|r| parsed(&r.tags)).unwrap_or_default();
        match retag(&before) {
            Ok(after) if after == before && own.iter().all(|r| parsed(&r.tags) == before) => {}
            Ok(after) => plan.push((c, own, before, after)),
            Err(e) => {
                let n = refused.map_or(0, |(_, n)| n);
                refused = Some((e, n + 1));
            }
        }
    }
    if let Some((e, n)) = refused {
        txn.rollback().await?;
        return Ok(Retagged::Refused(e, n));
    }
    let mut changed = 0;
    for (c, own, before, after) in plan {
        let json = serde_json::to_string(&after).unwrap_or_else(|_| "[]".into());
        if own.is_empty() {
            tags::ActiveModel {
                org_id: Set(org_id),
                owner_id: Set(0),
                contact: Set(c.contact.clone()),
                tags: Set(json),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        } else if after.is_empty() {
            tags::Entity::delete_many()
                .filter(tags::Column::Id.is_in(own.iter().map(|r| r.id)))
                .exec(&txn)
                .await?;
        } else {
            tags::Entity::update_many()
                .col_expr(tags::Column::Tags, json.into())
                .col_expr(tags::Column::UpdatedAt, now.into())
                .filter(tags::Column::Id.is_in(own.iter().map(|r| r.id)))
                .exec(&txn)
                .await?;
        }
        if before != after {
            changed += 1;
            contact::Entity::update_many()
                .col_expr(contact::Column::UpdatedAt, now.into())
                .filter(contact::Column::Id.eq(c.id))
                .exec(&txn)
                .await?;
            change::ActiveModel {
                org_id: Set(org_id),
                contact_id: Set(c.id),
                actor_id: Set(Some(actor_id)),
                origin: Set("member".into()),
                field: Set("tags".into()),
                old_value: Set((!before.is_empty()).then(|| before.join(", "))),
                new_value: Set((!after.is_empty()).then(|| after.join(", "))),
                at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
    }
    txn.commit().await?;
    Ok(Retagged::Changed(changed))
}
