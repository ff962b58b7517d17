//! The Lead CRM's deals (issue #29): the board — each stage's count, totals per currency and
//! most recently changed deals — a contact's deals, and a deal's creation and changes. Who sees
//! a deal follows its owner as for contacts (`contacts::Seen`). Every query names the
//! organisation.

use crate::contacts::Seen;
use crate::entity::contact::{contact, deal};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::{Expr, Func, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, FromQueryResult, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use std::collections::HashMap;

/// What the board is narrowed to.
#[derive(Debug, Clone, Default)]
pub struct BoardFilter {
    /// `Some(None)`: nobody's.
    pub owner_id: Option<Option<i64>>,
    /// Words found in the deal's name, or its contact's name or number.
    pub q: Option<String>,
}

/// One stage of the board.
#[derive(Debug, Clone)]
pub struct Column {
    pub stage: String,
    pub count: u64,
    /// Amounts added up per currency, in minor units.
    pub totals: Vec<(String, i64)>,
    /// The most recently changed deals, each with its contact.
    pub deals: Vec<(deal::Model, Option<contact::Model>)>,
}

fn seen_condition(seen: &Seen) -> Condition {
    match seen {
        Seen::All => Condition::all(),
        Seen::OwnedBy(ids) => Condition::any()
            .add(deal::Column::OwnerId.is_null())
            .add(deal::Column::OwnerId.is_in(ids.iter().copied())),
    }
}

fn condition(org_id: i64, seen: &Seen, filter: &BoardFilter) -> Condition {
    let mut cond = Condition::all()
        .add(deal::Column::OrgId.eq(org_id))
        .add(seen_condition(seen));
    match filter.owner_id {
        Some(Some(o)) => cond = cond.add(deal::Column::OwnerId.eq(o)),
        Some(None) => cond = cond.add(deal::Column::OwnerId.is_null()),
        None => {}
    }
    if let Some(q) = filter.q.as_deref() {
        for word in q.split_whitespace().take(5) {
            let like = format!("%{}%", word.to_lowercase().replace(['%', '_', '\\'], ""));
            let contacts = Query::select()
                .column(contact::Column::Id)
                .from(contact::Entity)
                .cond_where(
                    Condition::all()
                        .add(contact::Column::OrgId.eq(org_id))
                        .add(contact::Column::SearchText.like(&like)),
                )
                .to_owned();
            cond = cond.add(
                Condition::any()
                    .add(Expr::expr(Func::lower(Expr::col(deal::Column::Name))).like(&like))
                    .add(deal::Column::ContactId.in_subquery(contacts)),
            );
        }
    }
    cond
}

#[derive(Debug, FromQueryResult)]
struct StageSum {
    stage: String,
    currency: String,
    count: i64,
    total: Option<i64>,
}

/// The board: every stage of `stages`, in order, with up to `per_stage` deals.
pub async fn board(
    store: &Store,
    org_id: i64,
    seen: &Seen,
    filter: &BoardFilter,
    stages: &[&str],
    per_stage: u64,
) -> Result<Vec<Column>, StoreError> {
    let cond = condition(org_id, seen, filter);
    let sums = deal::Entity::find()
        .select_only()
        .column(deal::Column::Stage)
        .column(deal::Column::Currency)
        .column_as(deal::Column::Id.count(), "count")
        .column_as(
            Expr::expr(Func::coalesce([
                Expr::col(deal::Column::AmountMinor).sum(),
                Expr::val(0i64).into(),
            ]))
            .cast_as(sea_orm::sea_query::Alias::new("BIGINT")),
            "total",
        )
        .filter(cond.clone())
        .group_by(deal::Column::Stage)
        .group_by(deal::Column::Currency)
        .into_model::<StageSum>()
        .all(store.conn())
        .await?;
    let mut columns = Vec::with_capacity(stages.len());
    for stage in stages {
        let deals = deal::Entity::find()
            .filter(cond.clone())
            .filter(deal::Column::Stage.eq(*stage))
            .order_by_desc(deal::Column::UpdatedAt)
            .order_by_desc(deal::Column::Id)
            .limit(per_stage)
            .all(store.conn())
            .await?;
        let mine: Vec<&StageSum> = sums.iter().filter(|s| s.stage == *stage).collect();
        columns.push(Column {
            stage: (*stage).to_owned(),
            count: mine.iter().map(|s| s.count.max(0) as u64).sum(),
            totals: mine
                .iter()
                .map(|s| (s.currency.clone(), s.total.unwrap_or(0)))
                .collect(),
            deals: with_contacts(store, org_id, deals).await?,
        });
    }
    Ok(columns)
}

/// Each deal with its contact, read in one query.
async fn with_contacts(
    store: &Store,
    org_id: i64,
    deals: Vec<deal::Model>,
) -> Result<Vec<(deal::Model, Option<contact::Model>)>, StoreError> {
    let mut ids: Vec<i64> = deals.iter().map(|d| d.contact_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut contacts: HashMap<i64, contact::Model> = HashMap::new();
    for chunk in ids.chunks(500) {
        for c in contact::Entity::find()
            .filter(contact::Column::OrgId.eq(org_id))
            .filter(contact::Column::Id.is_in(chunk.iter().copied()))
            .all(store.conn())
            .await?
        {
            contacts.insert(c.id, c);
        }
    }
    Ok(deals
        .into_iter()
        .map(|d| {
            let c = contacts.get(&d.contact_id).cloned();
            (d, c)
        })
        .collect())
}

/// The deals of contact `contact_id` the caller sees, newest first (at most 200).
pub async fn of_contact(
    store: &Store,
    org_id: i64,
    seen: &Seen,
    contact_id: i64,
) -> Result<Vec<(deal::Model, Option<contact::Model>)>, StoreError> {
    let deals = deal::Entity::find()
        .filter(deal::Column::OrgId.eq(org_id))
        .filter(deal::Column::ContactId.eq(contact_id))
        .filter(seen_condition(seen))
        .order_by_desc(deal::Column::CreatedAt)
        .order_by_desc(deal::Column::Id)
        .limit(200)
        .all(store.conn())
        .await?;
    with_contacts(store, org_id, deals).await
}

/// The organisation's deal `id` with its contact, if any.
pub async fn get(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<(deal::Model, Option<contact::Model>)>, StoreError> {
    let Some(d) = deal::Entity::find_by_id(id)
        .filter(deal::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?
    else {
        return Ok(None);
    };
    Ok(with_contacts(store, org_id, vec![d]).await?.pop())
}

/// A deal's values, as checked by the domain's rules.
#[derive(Debug, Clone, Default)]
pub struct DealValues {
    pub name: Option<String>,
    pub amount_minor: Option<Option<i64>>,
    pub currency: Option<String>,
    pub stage: Option<&'static str>,
    pub owner_id: Option<Option<i64>>,
    pub close_date: Option<Option<String>>,
    pub description: Option<Option<String>>,
}

impl DealValues {
    fn set_on(self, row: &mut deal::ActiveModel, now: EpochMs, was_closed: bool) {
        if let Some(v) = self.name {
            row.name = Set(v);
        }
        if let Some(v) = self.amount_minor {
            row.amount_minor = Set(v);
        }
        if let Some(v) = self.currency {
            row.currency = Set(v);
        }
        if let Some(stage) = self.stage {
            row.stage = Set(stage.to_owned());
            let closed = domain::contacts::deals::is_closed(stage);
            if closed && !was_closed {
                row.closed_at = Set(Some(now));
            } else if !closed {
                row.closed_at = Set(None);
            }
        }
        if let Some(v) = self.owner_id {
            row.owner_id = Set(v);
        }
        if let Some(v) = self.close_date {
            row.close_date = Set(v);
        }
        if let Some(v) = self.description {
            row.description = Set(v);
        }
        row.updated_at = Set(now);
    }
}

/// Makes a deal of contact `contact_id` (the caller checked it is the organisation's).
pub async fn create(
    store: &Store,
    org_id: i64,
    contact_id: i64,
    values: DealValues,
    now: EpochMs,
) -> Result<deal::Model, StoreError> {
    let mut row = deal::ActiveModel {
        org_id: Set(org_id),
        contact_id: Set(contact_id),
        name: Set(String::new()),
        amount_minor: Set(None),
        currency: Set("USD".to_owned()),
        stage: Set(domain::contacts::deals::DEAL_STAGES[0].to_owned()),
        owner_id: Set(None),
        close_date: Set(None),
        description: Set(None),
        closed_at: Set(None),
        crm_provider: Set(None),
        crm_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    values.set_on(&mut row, now, false);
    Ok(row.insert(store.conn()).await?)
}

/// Changes deal `id`; `NotFound` when the organisation has no such deal.
pub async fn update(
    store: &Store,
    org_id: i64,
    id: i64,
    values: DealValues,
    now: EpochMs,
) -> Result<deal::Model, StoreError> {
    let txn = store.begin_write().await?;
    let before = deal::Entity::find_by_id(id)
        .filter(deal::Column::OrgId.eq(org_id))
        .one(&txn)
        .await?
        .ok_or(StoreError::NotFound)?;
    let was_closed = before.closed_at.is_some();
    let mut row = deal::ActiveModel::from(before);
    values.set_on(&mut row, now, was_closed);
    let after = row.update(&txn).await?;
    txn.commit().await?;
    Ok(after)
}

/// Removes deal `id`; `NotFound` when the organisation has no such deal.
pub async fn delete(store: &Store, org_id: i64, id: i64) -> Result<(), StoreError> {
    let gone = deal::Entity::delete_many()
        .filter(deal::Column::OrgId.eq(org_id))
        .filter(deal::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    if gone.rows_affected == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// Records the CRM record deal `id` is written to.
pub async fn set_crm(
    store: &Store,
    id: i64,
    provider: &str,
    crm_id: &str,
) -> Result<(), StoreError> {
    deal::Entity::update_many()
        .col_expr(deal::Column::CrmProvider, provider.into())
        .col_expr(deal::Column::CrmId, crm_id.into())
        .filter(deal::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}
