//! The extension's claims of due sends: one statement takes a lease (`FOR UPDATE SKIP LOCKED`
//! on PostgreSQL), so a send is never handed to two claimers while its lease lives; only
//! schedules their owner may still send are claimed.

use crate::entity::manage::{schedule, send};
use crate::entity::membership;
use crate::{DbKind, EpochMs, Store, StoreError};
use domain::accounts::ACTIVE_USER_STATUS;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Statement,
    Value,
};

/// The `org_id` of a person's own workspace.
const PERSONAL_WORKSPACE: i64 = 0;

/// The workspaces whose schedules `owner_id` may still send: their own (0) and every
/// organisation they are an active member of. A member removed from an organisation (or no
/// longer active in it) keeps their schedules there, but no longer sends them.
async fn sendable_workspaces(store: &Store, owner_id: i64) -> Result<Vec<i64>, StoreError> {
    let mut orgs: Vec<i64> = membership::Entity::find()
        .filter(membership::Column::UserId.eq(owner_id))
        .filter(membership::Column::UserStatus.eq(ACTIVE_USER_STATUS))
        .select_only()
        .column(membership::Column::OrgId)
        .into_tuple::<i64>()
        .all(store.conn())
        .await?;
    orgs.push(PERSONAL_WORKSPACE);
    Ok(orgs)
}

/// The SQL condition, on a send aliased `ss`, that its schedule is one its owner may still send
/// (see [`sendable_workspaces`]), in the claim's one statement: 0 is [`PERSONAL_WORKSPACE`] and
/// 2 [`ACTIVE_USER_STATUS`].
const SENDABLE_SEND: &str = "EXISTS (SELECT 1 FROM schedules s WHERE s.id = ss.schedule_id \
     AND s.owner_id = ss.owner_id AND (s.org_id = 0 OR EXISTS (SELECT 1 FROM memberships m \
     WHERE m.org_id = s.org_id AND m.user_id = ss.owner_id AND m.user_status = 2)))";

/// Sends overdue by more than the grace of schedules whose missed policy is `skip`: the caller
/// marks each missed (with [`finish_send`]) and adds the next. Only schedules the owner may
/// still send (their own, and organisations they are an active member of).
pub async fn overdue_skips(
    store: &Store,
    owner_id: i64,
    before: EpochMs,
) -> Result<Vec<send::Model>, StoreError> {
    let skip_ids: Vec<i64> = schedule::Entity::find()
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .filter(schedule::Column::OrgId.is_in(sendable_workspaces(store, owner_id).await?))
        .filter(schedule::Column::MissedPolicy.eq("skip"))
        .filter(schedule::Column::Status.eq("active"))
        .select_only()
        .column(schedule::Column::Id)
        .into_tuple::<i64>()
        .all(store.conn())
        .await?;
    if skip_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(send::Entity::find()
        .filter(send::Column::OwnerId.eq(owner_id))
        .filter(send::Column::Status.eq("due"))
        .filter(send::Column::DueAt.lt(before))
        .filter(send::Column::ScheduleId.is_in(skip_ids))
        .all(store.conn())
        .await?)
}

/// Takes up to `limit` of `owner_id`'s sends that are due (or whose lease ended) for a new
/// lease until `until`, under `token`, in one statement: two claimers never get the same send.
/// Only sends of schedules the owner may still send: their own workspace's, and an
/// organisation's only while they are an active member of it.
pub async fn claim_sends(
    store: &Store,
    owner_id: i64,
    now: EpochMs,
    until: EpochMs,
    late_before: EpochMs,
    token: &str,
    limit: u32,
) -> Result<Vec<send::Model>, StoreError> {
    let pick = format!(
        "SELECT ss.id FROM schedule_sends ss WHERE ss.owner_id = {{o}} \
         AND ((ss.status = 'due' AND ss.due_at <= {{n}}) \
         OR (ss.status = 'claimed' AND ss.lease_until <= {{n}})) \
         AND {SENDABLE_SEND} ORDER BY ss.due_at, ss.id LIMIT {{l}}"
    );
    let columns = "id, schedule_id, owner_id, occurrence, due_at, status, lease_until, \
                   claim_token, late, error, finished_at";
    let (sql, values): (String, Vec<Value>) =
        match store.kind() {
            DbKind::Postgres => (
                format!(
                "UPDATE schedule_sends SET status = 'claimed', lease_until = $1, claim_token = $2, \
                 late = (due_at < $3) WHERE id IN ({} FOR UPDATE SKIP LOCKED) RETURNING {columns}",
                pick.replace("{o}", "$4").replace("{n}", "$5").replace("{l}", "$6")
            ),
                vec![
                    until.into(),
                    token.into(),
                    late_before.into(),
                    owner_id.into(),
                    now.into(),
                    i64::from(limit).into(),
                ],
            ),
            DbKind::Sqlite => (
                format!(
                "UPDATE schedule_sends SET status = 'claimed', lease_until = ?, claim_token = ?, \
                 late = (due_at < ?) WHERE id IN ({}) RETURNING {columns}",
                pick.replace("{o}", "?").replace("{n}", "?").replace("{l}", "?")
            ),
                vec![
                    until.into(),
                    token.into(),
                    late_before.into(),
                    owner_id.into(),
                    now.into(),
                    now.into(),
                    i64::from(limit).into(),
                ],
            ),
        };
    let txn = store.begin_write().await?;
    let rows = txn
        .query_all(Statement::from_sql_and_values(
            txn.get_database_backend(),
            sql,
            values,
        ))
        .await?;
    txn.commit().await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        out.push(send::Model {
            id: r.try_get("", "id")?,
            schedule_id: r.try_get("", "schedule_id")?,
            owner_id: r.try_get("", "owner_id")?,
            occurrence: r.try_get("", "occurrence")?,
            due_at: r.try_get("", "due_at")?,
            status: r.try_get("", "status")?,
            lease_until: r.try_get("", "lease_until")?,
            claim_token: r.try_get("", "claim_token")?,
            late: r.try_get("", "late")?,
            error: r.try_get("", "error")?,
            finished_at: r.try_get("", "finished_at")?,
        });
    }
    out.sort_by_key(|s| (s.due_at, s.id));
    Ok(out)
}

/// Ends a send (`sent`, `failed`, `missed`, `cancelled`) if it is still in the state the caller
/// saw (`claimed` under `token`, or `due` for a missed one). Answers whether it did.
pub async fn finish_send(
    store: &Store,
    owner_id: i64,
    id: i64,
    expect: SendHolder<'_>,
    status: &str,
    error: Option<&str>,
    now: EpochMs,
) -> Result<Option<send::Model>, StoreError> {
    let mut q = send::Entity::update_many()
        .col_expr(send::Column::Status, Expr::value(status))
        .col_expr(send::Column::Error, Expr::value(error.map(str::to_owned)))
        .col_expr(send::Column::FinishedAt, Expr::value(now))
        .col_expr(send::Column::LeaseUntil, Expr::value(Option::<i64>::None))
        .filter(send::Column::Id.eq(id))
        .filter(send::Column::OwnerId.eq(owner_id));
    q = match expect {
        SendHolder::Claim(token) => q
            .filter(send::Column::Status.eq("claimed"))
            .filter(send::Column::ClaimToken.eq(token)),
        SendHolder::Due => q.filter(send::Column::Status.eq("due")),
    };
    if q.exec(store.conn()).await?.rows_affected == 0 {
        return Ok(None);
    }
    Ok(send::Entity::find_by_id(id).one(store.conn()).await?)
}

/// Who a send is expected to be held by when it is finished.
#[derive(Debug, Clone, Copy)]
pub enum SendHolder<'a> {
    Claim(&'a str),
    Due,
}

/// A send of `owner_id` by id, when its schedule is one they may still send (their own
/// workspace's, or an organisation's they are an active member of).
pub async fn sendable_send_of(
    store: &Store,
    owner_id: i64,
    id: i64,
) -> Result<Option<send::Model>, StoreError> {
    let Some(found) = send::Entity::find_by_id(id)
        .filter(send::Column::OwnerId.eq(owner_id))
        .one(store.conn())
        .await?
    else {
        return Ok(None);
    };
    let sendable = schedule::Entity::find_by_id(found.schedule_id)
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .filter(schedule::Column::OrgId.is_in(sendable_workspaces(store, owner_id).await?))
        .count(store.conn())
        .await?;
    Ok((sendable > 0).then_some(found))
}

/// Whether the contact `chat_digits` (a phone's digits) wrote to `user_id` in the organisation
/// after `since` (the extension's reported incoming messages).
pub async fn contact_wrote_since(
    store: &Store,
    org_id: i64,
    user_id: i64,
    chat_digits: &str,
    since: EpochMs,
) -> Result<bool, StoreError> {
    let n = store
        .conn()
        .query_one(Statement::from_sql_and_values(
            store.conn().get_database_backend(),
            match store.kind() {
                DbKind::Postgres => {
                    "SELECT COUNT(*) AS n FROM message_events WHERE org_id = $1 AND user_id = $2 \
                     AND direction = $3 AND occurred_at > $4 AND (chat_id = $5 OR chat_id LIKE $6)"
                }
                DbKind::Sqlite => {
                    "SELECT COUNT(*) AS n FROM message_events WHERE org_id = ? AND user_id = ? \
                     AND direction = ? AND occurred_at > ? AND (chat_id = ? OR chat_id LIKE ?)"
                }
            },
            [
                org_id.into(),
                user_id.into(),
                domain::events::MESSAGE_INCOMING.into(),
                since.into(),
                chat_digits.into(),
                format!("{chat_digits}@%").into(),
            ],
        ))
        .await?
        .map(|r| r.try_get::<i64>("", "n"))
        .transpose()?
        .unwrap_or(0);
    Ok(n > 0)
}
