//! Workspace-scoped rows, written once (issue #26; docs/HOWTO-resource.md).
//!
//! Most of what a member keeps — quick replies, labels, funnels, notes, follow-ups, scheduled
//! messages, knowledge-base conversations — is a row of one workspace (`org_id`, 0 for a
//! person's own) with an owner and an `id`. The queries each such resource needs (find one in
//! the workspace, list what a member sees, count what one person owns for the plan's limit,
//! delete, insert, update) are the generic functions here over [`Scoped`], which an entity
//! implements by naming its three columns (and, when members see each other's rows, which ones).
//! Every query names the workspace, so a row of another organisation is never reached.

use crate::{Store, StoreError};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Select,
};
pub use sea_orm::{Condition, IntoActiveModel};

/// An entity whose rows live in one workspace and belong to one person (the bounds are what
/// [`insert`] and [`update`] need of any sea-orm entity).
pub trait Scoped:
    EntityTrait<
    Model: IntoActiveModel<<Self as EntityTrait>::ActiveModel> + Sync,
    ActiveModel: ActiveModelBehavior + Send,
>
{
    /// The workspace: the organisation's id, or 0 for a person's own.
    const ORG: Self::Column;
    /// The person the row belongs to.
    const OWNER: Self::Column;
    /// The primary key.
    const ID: Self::Column;

    /// The rows of a workspace every member sees besides their own (`None`: only their own).
    fn shared() -> Option<Condition> {
        None
    }

    /// The order lists come in (oldest first unless the resource says otherwise).
    fn ordered(q: Select<Self>) -> Select<Self> {
        q.order_by_asc(Self::ID)
    }
}

/// Which rows of a workspace a query reaches.
#[derive(Debug, Clone)]
pub enum Rows {
    /// Every row of the workspace (the caller decides what may be done with it).
    All,
    /// The rows one person owns.
    OwnedBy(i64),
    /// What a member sees: their own and the entity's [`Scoped::shared`] ones.
    SeenBy(i64),
    /// Their own and those matching the condition (e.g. their team's).
    SeenWith(i64, Condition),
}

impl Rows {
    fn condition<E: Scoped>(self) -> Condition {
        match self {
            Rows::All => Condition::all(),
            Rows::OwnedBy(user) => Condition::all().add(E::OWNER.eq(user)),
            Rows::SeenBy(user) => {
                let own = Condition::any().add(E::OWNER.eq(user));
                match E::shared() {
                    Some(shared) => own.add(shared),
                    None => own,
                }
            }
            Rows::SeenWith(user, more) => Condition::any().add(E::OWNER.eq(user)).add(more),
        }
    }
}

fn within<E: Scoped>(org_id: i64, rows: Rows) -> Condition {
    Condition::all()
        .add(E::ORG.eq(org_id))
        .add(rows.condition::<E>())
}

/// The rows of `rows` in the workspace that also match `filter`, in the entity's order.
pub async fn list<E: Scoped>(
    store: &Store,
    org_id: i64,
    rows: Rows,
    filter: Condition,
) -> Result<Vec<E::Model>, StoreError> {
    let q = E::find().filter(within::<E>(org_id, rows)).filter(filter);
    Ok(E::ordered(q).all(store.conn()).await?)
}

/// Row `id`, when it is in the workspace and among `rows`.
pub async fn find<E: Scoped>(
    store: &Store,
    org_id: i64,
    rows: Rows,
    id: i64,
) -> Result<Option<E::Model>, StoreError> {
    Ok(E::find()
        .filter(within::<E>(org_id, rows))
        .filter(E::ID.eq(id))
        .one(store.conn())
        .await?)
}

/// How many of `rows` the workspace holds (with [`Rows::OwnedBy`], what a plan's limit counts).
pub async fn count<E: Scoped>(store: &Store, org_id: i64, rows: Rows) -> Result<u64, StoreError> {
    Ok(E::find()
        .filter(within::<E>(org_id, rows))
        .count(store.conn())
        .await?)
}

/// Deletes row `id` when it is in the workspace and among `rows`; answers how many went (0 or 1).
pub async fn delete<E: Scoped>(
    store: &Store,
    org_id: i64,
    rows: Rows,
    id: i64,
) -> Result<u64, StoreError> {
    Ok(E::delete_many()
        .filter(within::<E>(org_id, rows))
        .filter(E::ID.eq(id))
        .exec(store.conn())
        .await?
        .rows_affected)
}

/// Inserts a new row (its `id` left to the database) and answers it as stored.
pub async fn insert<E: Scoped>(store: &Store, row: E::Model) -> Result<E::Model, StoreError> {
    let mut am = row.into_active_model().reset_all();
    am.not_set(E::ID);
    Ok(am.insert(store.conn()).await?)
}

/// Writes every field of a row back.
pub async fn update<E: Scoped>(store: &Store, row: E::Model) -> Result<E::Model, StoreError> {
    Ok(row
        .into_active_model()
        .reset_all()
        .update(store.conn())
        .await?)
}

/// Implements [`Scoped`] for an entity module whose columns are `org_id`, `id` and the owner
/// column named, with optional shared rows and order.
macro_rules! scoped {
    ($module:ident, owner: $owner:ident $(, shared: $shared:expr)? $(, order: $order:expr)?) => {
        impl $crate::scoped::Scoped for $module::Entity {
            const ORG: $module::Column = $module::Column::OrgId;
            const OWNER: $module::Column = $module::Column::$owner;
            const ID: $module::Column = $module::Column::Id;
            $(
                fn shared() -> Option<sea_orm::Condition> {
                    Some(sea_orm::Condition::all().add($shared))
                }
            )?
            $(
                fn ordered(q: sea_orm::Select<Self>) -> sea_orm::Select<Self> {
                    ($order)(q)
                }
            )?
        }
    };
}
pub(crate) use scoped;
