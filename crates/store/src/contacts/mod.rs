//! The organisation's contacts (issue #29): list with filters and paging, create, read, change
//! field by field with a history row per changed field. Every query names the organisation.
//! `many` changes many at once: an import, a bulk edit; `labels` and `tags` put those on many.

pub mod labels;
mod many;
pub mod tags;
pub mod timeline;
pub(crate) use many::insert_history;
pub use many::{import, update_many, ImportOutcome};

use crate::entity::contact::{change, contact};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::{Alias, Expr, Func, LikeExpr, Query, SimpleExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, SqlErr,
};

/// Whose contacts a caller sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seen {
    /// The whole organisation's.
    All,
    /// Those owned by one of these people, and those nobody owns.
    OwnedBy(Vec<i64>),
}

/// How the list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    Updated,
    Created,
    Name,
}

/// What the list is narrowed to, and its order.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub sort: Sort,
    pub descending: bool,
    /// Words matched anywhere in the name, number, e-mail or company (case-insensitive).
    pub q: Option<String>,
    pub lifecycle_stage: Option<String>,
    pub lead_status: Option<String>,
    /// `Some(None)`: nobody's.
    pub owner_id: Option<Option<i64>>,
    /// One of the organisation's tags on the contact (the manage tools' tags), any case.
    pub tag: Option<String>,
    /// A user property of the contact holding these words (any value when blank).
    pub property: Option<(i64, String)>,
    /// One of the organisation's shared labels on the contact.
    pub label_id: Option<i64>,
}

/// The manage tools' rows name a contact as its chat was named: the number's digits, with a
/// `+`, or the chat id. `key` is the row's name for it.
fn same_person(key: Expr) -> SimpleExpr {
    key.is_in([
        Expr::col((contact::Entity, contact::Column::Contact)).into(),
        Expr::cust("'+' || \"contacts\".\"contact\""),
        Expr::cust("\"contacts\".\"contact\" || '@c.us'"),
    ])
}

/// `text` as a `LIKE` pattern found anywhere, its own `%`, `_` and `\` taken literally
/// (`ESCAPE '\'`).
fn anywhere(text: &str) -> String {
    let mut out = String::from("%");
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

impl Seen {
    /// Whether a contact owned by `owner` is seen.
    pub fn sees(&self, owner: Option<i64>) -> bool {
        match (self, owner) {
            (Seen::All, _) | (_, None) => true,
            (Seen::OwnedBy(ids), Some(o)) => ids.contains(&o),
        }
    }
}

fn seen_condition(seen: &Seen) -> Condition {
    match seen {
        Seen::All => Condition::all(),
        Seen::OwnedBy(ids) => Condition::any()
            .add(contact::Column::OwnerId.is_null())
            .add(contact::Column::OwnerId.is_in(ids.iter().copied())),
    }
}

/// What `filter` and `seen` leave of the organisation's contacts.
fn condition(org_id: i64, seen: &Seen, filter: &Filter) -> Condition {
    let mut cond = Condition::all()
        .add(contact::Column::OrgId.eq(org_id))
        .add(seen_condition(seen));
    if let Some(s) = &filter.lifecycle_stage {
        cond = cond.add(contact::Column::LifecycleStage.eq(s.as_str()));
    }
    if let Some(s) = &filter.lead_status {
        cond = cond.add(contact::Column::LeadStatus.eq(s.as_str()));
    }
    match filter.owner_id {
        Some(Some(o)) => cond = cond.add(contact::Column::OwnerId.eq(o)),
        Some(None) => cond = cond.add(contact::Column::OwnerId.is_null()),
        None => {}
    }
    if let Some(tag) = filter.tag.as_deref() {
        use crate::entity::manage::tags;
        // Tags are kept as a JSON array: the tag is looked for as one of its strings.
        let quoted = serde_json::to_string(&tag.to_lowercase()).unwrap_or_default();
        let x = Alias::new("x");
        cond = cond.add(Expr::exists(
            Query::select()
                .expr(Expr::val(1))
                .from_as(tags::Entity, x.clone())
                .and_where(
                    Expr::col((x.clone(), tags::Column::OrgId))
                        .equals((contact::Entity, contact::Column::OrgId)),
                )
                .and_where(Expr::col((x.clone(), tags::Column::OwnerId)).eq(0))
                .and_where(same_person(Expr::col((x.clone(), tags::Column::Contact))))
                .and_where(
                    Expr::expr(Func::lower(Expr::col((x, tags::Column::Tags))))
                        .like(LikeExpr::new(anywhere(&quoted)).escape('\\')),
                )
                .to_owned(),
        ));
    }
    if let Some((property_id, words)) = &filter.property {
        use crate::entity::manage::property_value as value;
        let x = Alias::new("x");
        cond = cond.add(Expr::exists(
            Query::select()
                .expr(Expr::val(1))
                .from_as(value::Entity, x.clone())
                .and_where(
                    Expr::col((x.clone(), value::Column::OrgId))
                        .equals((contact::Entity, contact::Column::OrgId)),
                )
                .and_where(Expr::col((x.clone(), value::Column::PropertyId)).eq(*property_id))
                .and_where(same_person(Expr::col((x.clone(), value::Column::Contact))))
                .and_where(
                    Expr::expr(Func::lower(Expr::col((x, value::Column::Value))))
                        .like(LikeExpr::new(anywhere(&words.trim().to_lowercase())).escape('\\')),
                )
                .to_owned(),
        ));
    }
    if let Some(label_id) = filter.label_id {
        use crate::entity::contact::label;
        let x = Alias::new("x");
        cond = cond.add(Expr::exists(
            Query::select()
                .expr(Expr::val(1))
                .from_as(label::Entity, x.clone())
                .and_where(
                    Expr::col((x.clone(), label::Column::ContactId))
                        .equals((contact::Entity, contact::Column::Id)),
                )
                .and_where(Expr::col((x, label::Column::LabelId)).eq(label_id))
                .to_owned(),
        ));
    }
    if let Some(q) = filter.q.as_deref() {
        for word in q.split_whitespace().take(5) {
            let like = format!("%{}%", word.to_lowercase().replace(['%', '_', '\\'], ""));
            cond = cond.add(contact::Column::SearchText.like(&like));
        }
    }
    cond
}

/// The contacts `filter` and `seen` leave, in the filter's order.
fn ordered(org_id: i64, seen: &Seen, filter: &Filter) -> sea_orm::Select<contact::Entity> {
    let order = if filter.descending {
        sea_orm::Order::Desc
    } else {
        sea_orm::Order::Asc
    };
    let query = contact::Entity::find().filter(condition(org_id, seen, filter));
    let query = match filter.sort {
        Sort::Updated => query.order_by(contact::Column::UpdatedAt, order.clone()),
        Sort::Created => query.order_by(contact::Column::CreatedAt, order.clone()),
        // Unfiltered, the name index gives the order. Filtered, the filter's own index finds
        // the few matches and they are sorted: an order the name index could give would have
        // the planner walk every contact by name to find them (`|| ''` is the same text, but
        // not the indexed expression).
        Sort::Name if narrowed(filter) => query
            .order_by(
                Expr::cust("lower(\"contacts\".\"name\") || ''"),
                order.clone(),
            )
            .order_by(contact::Column::Contact, order.clone()),
        Sort::Name => query
            .order_by(
                Expr::expr(Func::lower(Expr::col(contact::Column::Name))),
                order.clone(),
            )
            .order_by(contact::Column::Contact, order.clone()),
    };
    query.order_by(contact::Column::Id, order)
}

/// Whether the filter narrows the contacts by an indexed field or the search.
fn narrowed(filter: &Filter) -> bool {
    filter.lifecycle_stage.is_some()
        || filter.lead_status.is_some()
        || filter.q.is_some()
        || filter.tag.is_some()
        || filter.property.is_some()
        || filter.label_id.is_some()
}

/// One page of the organisation's contacts as `seen`, and how many match. The page's ids are
/// found first — from the indexes alone where they hold what the filter and order read — and
/// only its rows are read whole, so a deep page skips index entries rather than rows.
pub async fn list(
    store: &Store,
    org_id: i64,
    seen: &Seen,
    filter: &Filter,
    offset: u64,
    limit: u64,
) -> Result<(Vec<contact::Model>, u64), StoreError> {
    let total = contact::Entity::find()
        .filter(condition(org_id, seen, filter))
        .count(store.conn())
        .await?;
    let ids: Vec<i64> = ordered(org_id, seen, filter)
        .select_only()
        .column(contact::Column::Id)
        .offset(offset)
        .limit(limit)
        .into_tuple()
        .all(store.conn())
        .await?;
    let mut rows = contact::Entity::find()
        .filter(contact::Column::OrgId.eq(org_id))
        .filter(contact::Column::Id.is_in(ids.iter().copied()))
        .all(store.conn())
        .await?;
    let place: std::collections::HashMap<i64, usize> =
        ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    rows.sort_by_key(|r| place.get(&r.id).copied().unwrap_or(usize::MAX));
    Ok((rows, total))
}

/// Every contact of the view, in its order — at most `max`, and `None` when there are more
/// (an export too large to make).
pub async fn list_all(
    store: &Store,
    org_id: i64,
    seen: &Seen,
    filter: &Filter,
    max: u64,
) -> Result<Option<Vec<contact::Model>>, StoreError> {
    let rows = ordered(org_id, seen, filter)
        .limit(max + 1)
        .all(store.conn())
        .await?;
    Ok((rows.len() as u64 <= max).then_some(rows))
}

/// The organisation's contacts with these keys (a person's number's digits), by key.
pub async fn by_keys(
    store: &Store,
    org_id: i64,
    keys: &[&str],
) -> Result<std::collections::HashMap<String, contact::Model>, StoreError> {
    many::by_keys(store.conn(), org_id, keys).await
}

/// The organisation's contact `id`, if any.
pub async fn get(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<contact::Model>, StoreError> {
    Ok(contact::Entity::find_by_id(id)
        .filter(contact::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

/// A new contact's values.
#[derive(Debug, Clone, Default)]
pub struct NewContact {
    pub contact: String,
    /// Field name → value, as `domain::contacts::clean_field` left them.
    pub fields: Vec<(&'static str, Option<String>)>,
    pub lifecycle_stage: Option<String>,
    pub lead_status: Option<String>,
    pub owner_id: Option<i64>,
    pub source: &'static str,
}

/// Creates the contact; `Conflict("contact_exists")` when the organisation has it already.
pub async fn create(
    store: &Store,
    org_id: i64,
    new: NewContact,
    now: EpochMs,
) -> Result<contact::Model, StoreError> {
    let mut row = contact::ActiveModel {
        org_id: Set(org_id),
        contact: Set(new.contact),
        lifecycle_stage: Set(new.lifecycle_stage),
        lead_status: Set(new.lead_status),
        owner_id: Set(new.owner_id),
        source: Set(new.source.to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    for (field, value) in new.fields {
        set_field(&mut row, field, value);
    }
    refresh_search(&mut row);
    match row.insert(store.conn()).await {
        Ok(m) => Ok(m),
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            Err(StoreError::Conflict("contact_exists".into()))
        }
        Err(e) => Err(e.into()),
    }
}

pub(crate) fn set_field(row: &mut contact::ActiveModel, field: &str, value: Option<String>) {
    match field {
        "name" => row.name = Set(value),
        "first_name" => row.first_name = Set(value),
        "last_name" => row.last_name = Set(value),
        "email" => row.email = Set(value),
        "address" => row.address = Set(value),
        "company" => row.company = Set(value),
        "job_title" => row.job_title = Set(value),
        "lifecycle_stage" => row.lifecycle_stage = Set(value),
        "lead_status" => row.lead_status = Set(value),
        "owner_id" => row.owner_id = Set(value.and_then(|v| v.parse().ok())),
        _ => {}
    }
}

/// The most characters of a contact's search text (an index holds it: PostgreSQL's entries
/// stay well under their 2 700 bytes).
pub const SEARCH_TEXT_CHARS: usize = 500;

/// The text the search looks in: the searched fields, lower-cased, one space apart, the
/// number last (cut at [`SEARCH_TEXT_CHARS`], the number kept).
pub fn search_text(
    name: Option<&str>,
    first: Option<&str>,
    last: Option<&str>,
    email: Option<&str>,
    company: Option<&str>,
    contact: &str,
) -> String {
    let words: String = [name, first, last, email, company]
        .into_iter()
        .flatten()
        .map(|w| w.to_lowercase() + " ")
        .collect();
    let room = SEARCH_TEXT_CHARS.saturating_sub(contact.chars().count());
    words.chars().take(room).chain(contact.chars()).collect()
}

/// Sets the row's search text from its fields as they now are.
pub(crate) fn refresh_search(row: &mut contact::ActiveModel) {
    fn val(v: &sea_orm::ActiveValue<Option<String>>) -> Option<&str> {
        match v {
            sea_orm::ActiveValue::Set(v) | sea_orm::ActiveValue::Unchanged(v) => v.as_deref(),
            sea_orm::ActiveValue::NotSet => None,
        }
    }
    let key = match &row.contact {
        sea_orm::ActiveValue::Set(k) | sea_orm::ActiveValue::Unchanged(k) => k.clone(),
        sea_orm::ActiveValue::NotSet => String::new(),
    };
    let text = search_text(
        val(&row.name),
        val(&row.first_name),
        val(&row.last_name),
        val(&row.email),
        val(&row.company),
        &key,
    );
    row.search_text = Set(text);
}

pub(crate) fn value_of(m: &contact::Model, field: &str) -> Option<String> {
    match field {
        "name" => m.name.clone(),
        "first_name" => m.first_name.clone(),
        "last_name" => m.last_name.clone(),
        "email" => m.email.clone(),
        "address" => m.address.clone(),
        "company" => m.company.clone(),
        "job_title" => m.job_title.clone(),
        "lifecycle_stage" => m.lifecycle_stage.clone(),
        "lead_status" => m.lead_status.clone(),
        "owner_id" => m.owner_id.map(|o| o.to_string()),
        _ => None,
    }
}

/// Changes the fields named in `changes` (field name → new value; the owner as its id in
/// text) and records each that changed, in one transaction. `NotFound` for no such contact.
pub async fn update(
    store: &Store,
    org_id: i64,
    id: i64,
    changes: &[(&'static str, Option<String>)],
    actor_id: Option<i64>,
    origin: &'static str,
    now: EpochMs,
) -> Result<contact::Model, StoreError> {
    let txn = store.begin_write().await?;
    let before = contact::Entity::find_by_id(id)
        .filter(contact::Column::OrgId.eq(org_id))
        .one(&txn)
        .await?
        .ok_or(StoreError::NotFound)?;
    let mut history = Vec::new();
    let change = Change {
        actor_id,
        origin,
        now,
    };
    let after = change.apply(&txn, before, changes, &mut history).await?;
    insert_history(&txn, history).await?;
    txn.commit().await?;
    Ok(after)
}

/// Who changes contacts, from where, when.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Change {
    pub actor_id: Option<i64>,
    pub origin: &'static str,
    pub now: EpochMs,
}

impl Change {
    /// Writes the fields of `changes` that differ from `before` and adds a history row for
    /// each to `history` (the caller inserts them together).
    pub(crate) async fn apply(
        &self,
        txn: &impl sea_orm::ConnectionTrait,
        before: contact::Model,
        changes: &[(&'static str, Option<String>)],
        history: &mut Vec<change::ActiveModel>,
    ) -> Result<contact::Model, StoreError> {
        let mut row = contact::ActiveModel::from(before.clone());
        let mut changed = false;
        for (field, value) in changes {
            let old = value_of(&before, field);
            if old == *value {
                continue;
            }
            changed = true;
            set_field(&mut row, field, value.clone());
            history.push(change::ActiveModel {
                org_id: Set(before.org_id),
                contact_id: Set(before.id),
                actor_id: Set(self.actor_id),
                origin: Set(self.origin.to_owned()),
                field: Set((*field).to_owned()),
                old_value: Set(old),
                new_value: Set(value.clone()),
                at: Set(self.now),
                ..Default::default()
            });
        }
        if !changed {
            return Ok(before);
        }
        row.updated_at = Set(self.now);
        refresh_search(&mut row);
        Ok(row.update(txn).await?)
    }
}

/// The newest `limit` changes of contact `id`, newest first.
pub async fn history(
    store: &Store,
    org_id: i64,
    id: i64,
    limit: u64,
) -> Result<Vec<change::Model>, StoreError> {
    Ok(change::Entity::find()
        .filter(change::Column::OrgId.eq(org_id))
        .filter(change::Column::ContactId.eq(id))
        .order_by_desc(change::Column::At)
        .order_by_desc(change::Column::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// Makes the organisation's contact for a chat's `contact` when it has none (a chat's first
/// message, on the shared number or a member's synced WhatsApp), in the chat's transaction: the
/// name the chat shows, owned by the member whose chat it is (none on the shared number), from
/// `chat`. A contact that exists is left as it is, so the same customer met on two members'
/// numbers stays one contact, its first owner kept.
pub async fn ensure_for_chat(
    txn: &impl sea_orm::ConnectionTrait,
    org_id: i64,
    contact_key: &str,
    name: Option<&str>,
    owner_id: Option<i64>,
    now: EpochMs,
) -> Result<(), StoreError> {
    use contact::Column as C;
    use sea_orm::sea_query::{OnConflict, Query};
    let name = name
        .map(|n| {
            n.trim()
                .chars()
                .filter(|c| !c.is_control())
                .take(120)
                .collect::<String>()
        })
        .filter(|n| !n.is_empty());
    let insert = Query::insert()
        .into_table(contact::Entity)
        .columns([
            C::OrgId,
            C::Contact,
            C::Name,
            C::OwnerId,
            C::Source,
            C::CreatedAt,
            C::UpdatedAt,
            C::SearchText,
        ])
        .values_panic([
            org_id.into(),
            contact_key.into(),
            name.clone().into(),
            owner_id.into(),
            "chat".into(),
            now.into(),
            now.into(),
            search_text(name.as_deref(), None, None, None, None, contact_key).into(),
        ])
        .on_conflict(
            OnConflict::columns([C::OrgId, C::Contact])
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    txn.execute(txn.get_database_backend().build(&insert))
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_text_is_the_fields_lower_cased_with_the_number_last_and_kept_when_cut() {
        assert_eq!(
            search_text(
                Some("Rhea KAPOOR"),
                None,
                Some("Kapoor"),
                Some("R@K.test"),
                None,
                "9198"
            ),
            "rhea kapoor kapoor r@k.test 9198"
        );
        let long = "ä".repeat(2 * SEARCH_TEXT_CHARS);
        let cut = search_text(Some(&long), None, None, None, None, "919876543210");
        assert_eq!(cut.chars().count(), SEARCH_TEXT_CHARS);
        assert!(cut.ends_with("919876543210"));
    }
}
