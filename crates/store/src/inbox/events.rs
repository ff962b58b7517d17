//! The inbox's event log: every change a live screen shows (a message, an ack, an assignment, a
//! state), numbered by the database so a screen that reconnects asks for what came after the
//! last number it saw, on whichever replica it reaches.

use crate::entity::inbox::event;
use crate::{EpochMs, Store, StoreError};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

/// The PostgreSQL channel replicas wake each other's live screens on; its payload is the
/// organisation's id.
pub const CHANNEL: &str = "inbox_events";

/// Appends an event (with the conversation's owner, for the screens' visibility) and, on
/// PostgreSQL, notifies every replica listening on [`CHANNEL`].
pub async fn append(
    store: &Store,
    org_id: i64,
    kind: &str,
    conversation_id: Option<i64>,
    body: String,
    now: EpochMs,
) -> Result<event::Model, StoreError> {
    use crate::entity::inbox::conversation;
    let owner_id = match conversation_id {
        Some(id) => conversation::Entity::find_by_id(id)
            .one(store.conn())
            .await?
            .and_then(|c| c.owner_id),
        None => None,
    };
    append_owned(store, org_id, kind, conversation_id, owner_id, body, now).await
}

/// [`append`] with the owner given: an event of a member's own chats.
pub async fn append_owned(
    store: &Store,
    org_id: i64,
    kind: &str,
    conversation_id: Option<i64>,
    owner_id: Option<i64>,
    body: String,
    now: EpochMs,
) -> Result<event::Model, StoreError> {
    append_in(
        store.conn(),
        org_id,
        kind,
        conversation_id,
        owner_id,
        body,
        now,
    )
    .await
}

/// [`append_owned`] on `db` — a transaction, whose commit then makes the change and its event
/// visible together (and sends PostgreSQL's `NOTIFY`, which waits for the commit).
pub async fn append_in<C: sea_orm::ConnectionTrait>(
    db: &C,
    org_id: i64,
    kind: &str,
    conversation_id: Option<i64>,
    owner_id: Option<i64>,
    body: String,
    now: EpochMs,
) -> Result<event::Model, StoreError> {
    let row = event::ActiveModel {
        org_id: Set(org_id),
        kind: Set(kind.to_owned()),
        conversation_id: Set(conversation_id),
        owner_id: Set(owner_id),
        body: Set(body),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    if db.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
        notify_in(db, org_id).await?;
    }
    Ok(row)
}

/// PostgreSQL's `NOTIFY` on [`CHANNEL`] that `org_id`'s inbox changed, sent when `db`'s
/// transaction commits.
pub(crate) async fn notify_in<C: sea_orm::ConnectionTrait>(
    db: &C,
    org_id: i64,
) -> Result<(), StoreError> {
    db.execute(sea_orm::Statement::from_sql_and_values(
        sea_orm::DatabaseBackend::Postgres,
        "SELECT pg_notify($1, $2)",
        [CHANNEL.into(), org_id.to_string().into()],
    ))
    .await?;
    Ok(())
}

/// Listens for other replicas' events (PostgreSQL only; on SQLite one process holds the
/// database), calling `wake` with the organisation's id of each; reconnects after a failure.
pub async fn listen(store: &Store, wake: impl Fn(i64) + Send + 'static) {
    if store.kind() != crate::DbKind::Postgres {
        return;
    }
    let pool = store.conn().get_postgres_connection_pool().clone();
    loop {
        match sea_orm::sqlx::postgres::PgListener::connect_with(&pool).await {
            Ok(mut listener) => {
                if let Err(e) = listener.listen(CHANNEL).await {
                    tracing::warn!(error = %e, "LISTEN inbox_events failed");
                } else {
                    loop {
                        match listener.recv().await {
                            Ok(n) => {
                                if let Ok(org) = n.payload().parse::<i64>() {
                                    wake(org);
                                }
                            }
                            Err(e) => {
                                tracing::warn!(error = %e, "inbox events listener lost");
                                break;
                            }
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "inbox events listener could not connect"),
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}

/// The organisation's events after `after`, oldest first, at most `limit`.
pub async fn after(
    store: &Store,
    org_id: i64,
    after: i64,
    limit: u64,
) -> Result<Vec<event::Model>, StoreError> {
    Ok(event::Entity::find()
        .filter(event::Column::OrgId.eq(org_id))
        .filter(event::Column::Id.gt(after))
        .order_by_asc(event::Column::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// The newest event's number (0 when none), where a new screen starts.
pub async fn last_id(store: &Store, org_id: i64) -> Result<i64, StoreError> {
    Ok(event::Entity::find()
        .filter(event::Column::OrgId.eq(org_id))
        .order_by_desc(event::Column::Id)
        .one(store.conn())
        .await?
        .map_or(0, |e| e.id))
}

/// Forgets events older than `before` (a screen away that long reloads instead).
pub async fn prune(store: &Store, before: EpochMs) -> Result<u64, StoreError> {
    Ok(event::Entity::delete_many()
        .filter(event::Column::CreatedAt.lt(before))
        .exec(store.conn())
        .await?
        .rows_affected)
}
