//! The sync engine's durable queue (issue #7): an outbox of delivery jobs, one per chat message
//! and target (the organisation's webhook, a user's CRM or spreadsheet link), written in the
//! transaction that stores the message; the workers' claim, finish and retry; the attempt log the
//! webhooks page shows; each employee's CRM label rules; and the sync state of each link.
//!
//! Architecture invariant: a job is claimed by moving its `next_attempt_at` to the end of a lease
//! in one statement (`FOR UPDATE SKIP LOCKED` on PostgreSQL, SQLite's single writer otherwise), so
//! replicas sharing a database never hold the same job at once, and a job whose worker died is
//! due again when its lease ends. Delivery is at least once; the stable `delivery_id` (the
//! `webhook-id`) lets receivers drop the rare repeat.

use crate::{rows_as, DbKind, EpochMs, Store, StoreError};
use domain::delivery::{DeliveryState, SyncState};
use domain::labels::CrmLabelSync;
use sea_orm::sea_query::{Expr, OnConflict, Order, Query};
use sea_orm::{ConnectionTrait, DeriveIden, FromQueryResult, Statement, TransactionTrait, Value};

// The job states and link sync states, as the domain names them (`domain::delivery`).
pub const PENDING: &str = DeliveryState::Pending.as_str();
pub const DELIVERED: &str = DeliveryState::Delivered.as_str();
pub const SKIPPED: &str = DeliveryState::Skipped.as_str();
pub const DEAD: &str = DeliveryState::Dead.as_str();

/// The job kind of the organisation's outgoing webhook; CRM jobs use the provider's name.
pub const KIND_WEBHOOK: &str = "webhook";

pub const SYNC_READY: &str = SyncState::Ready.as_str();
pub const SYNC_PROCESSING: &str = SyncState::Processing.as_str();
pub const SYNC_ERROR: &str = SyncState::Error.as_str();
pub const SYNC_FAILED: &str = SyncState::Failed.as_str();

#[derive(DeriveIden)]
enum SyncJobs {
    Table,
    Id,
    OrgId,
    Kind,
    IntegrationId,
    EventId,
    DeliveryId,
    Payload,
    Status,
    Attempts,
    MaxAttempts,
    NextAttemptAt,
    LockedBy,
    LockedUntil,
    LastError,
    LastStatusCode,
    CreatedAt,
    UpdatedAt,
    DoneAt,
}

#[derive(DeriveIden)]
enum SyncAttempts {
    Table,
    Id,
    JobId,
    OrgId,
    IntegrationId,
    Attempt,
    StatusCode,
    LatencyMs,
    Ok,
    Error,
    At,
}

#[derive(DeriveIden)]
enum CrmLabelRules {
    Table,
    OrgId,
    UserId,
    CrmName,
    IncludedLabels,
    ExcludedLabels,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Integrations {
    Table,
    Id,
    SyncStatus,
    LastSyncAt,
    SyncError,
}

/// A job to write with its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewJob {
    pub kind: String,
    pub integration_id: i64,
    pub event_id: String,
    pub delivery_id: String,
    /// What the worker sends: the webhook body, or the activity for a CRM, as JSON text.
    pub payload: String,
    pub max_attempts: i32,
}

/// Writes `jobs` inside the caller's transaction; a job for a (link, event) pair that already
/// has one is skipped. Answers how many were written.
pub async fn enqueue_in<C: ConnectionTrait>(
    conn: &C,
    org_id: i64,
    jobs: &[NewJob],
    now: EpochMs,
) -> Result<u64, StoreError> {
    let mut written = 0;
    for chunk in jobs.chunks(200) {
        let mut q = Query::insert();
        q.into_table(SyncJobs::Table)
            .columns([
                SyncJobs::OrgId,
                SyncJobs::Kind,
                SyncJobs::IntegrationId,
                SyncJobs::EventId,
                SyncJobs::DeliveryId,
                SyncJobs::Payload,
                SyncJobs::Status,
                SyncJobs::Attempts,
                SyncJobs::MaxAttempts,
                SyncJobs::NextAttemptAt,
                SyncJobs::CreatedAt,
                SyncJobs::UpdatedAt,
            ])
            .on_conflict(
                OnConflict::columns([SyncJobs::IntegrationId, SyncJobs::EventId])
                    .do_nothing()
                    .to_owned(),
            );
        for j in chunk {
            q.values_panic([
                org_id.into(),
                j.kind.clone().into(),
                j.integration_id.into(),
                j.event_id.clone().into(),
                j.delivery_id.clone().into(),
                j.payload.clone().into(),
                PENDING.into(),
                0i32.into(),
                j.max_attempts.into(),
                now.into(),
                now.into(),
                now.into(),
            ]);
        }
        let backend = conn.get_database_backend();
        written += conn.execute(backend.build(&q)).await?.rows_affected();
    }
    Ok(written)
}

/// Writes jobs on their own (a manual test delivery, tests).
pub async fn enqueue(
    store: &Store,
    org_id: i64,
    jobs: &[NewJob],
    now: EpochMs,
) -> Result<u64, StoreError> {
    let txn = store.begin_write().await?;
    let n = enqueue_in(&txn, org_id, jobs, now).await?;
    txn.commit().await?;
    Ok(n)
}

/// A job a worker holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub id: i64,
    pub org_id: i64,
    pub kind: String,
    pub integration_id: i64,
    pub event_id: String,
    pub delivery_id: String,
    pub payload: String,
    /// This try's number (1 for the first).
    pub attempt: i32,
    pub max_attempts: i32,
}

const JOB_COLUMNS: &str =
    "id, org_id, kind, integration_id, event_id, delivery_id, payload, attempts, max_attempts";

fn job_of(r: &sea_orm::QueryResult) -> Result<Job, StoreError> {
    Ok(Job {
        id: r.try_get("", "id")?,
        org_id: r.try_get("", "org_id")?,
        kind: r.try_get("", "kind")?,
        integration_id: r.try_get("", "integration_id")?,
        event_id: r.try_get("", "event_id")?,
        delivery_id: r.try_get("", "delivery_id")?,
        payload: r.try_get("", "payload")?,
        attempt: r.try_get("", "attempts")?,
        max_attempts: r.try_get("", "max_attempts")?,
    })
}

/// Takes up to `limit` due jobs for `worker` until `now + lease_ms`: each try is counted as it
/// is taken, and a job whose worker dies is due again when the lease ends.
pub async fn claim(
    store: &Store,
    worker: &str,
    now: EpochMs,
    lease_ms: i64,
    limit: u32,
) -> Result<Vec<Job>, StoreError> {
    let db = store.conn();
    let until = now + lease_ms;
    let (sql, values): (String, Vec<Value>) = match store.kind() {
        DbKind::Postgres => (
            format!(
                "UPDATE sync_jobs SET locked_by = $1, locked_until = $2, next_attempt_at = $2, \
                 attempts = attempts + 1, updated_at = $3 \
                 WHERE id IN (SELECT id FROM sync_jobs WHERE status = 'pending' \
                 AND next_attempt_at <= $3 ORDER BY next_attempt_at, id LIMIT $4 \
                 FOR UPDATE SKIP LOCKED) RETURNING {JOB_COLUMNS}"
            ),
            vec![
                worker.into(),
                until.into(),
                now.into(),
                i64::from(limit).into(),
            ],
        ),
        DbKind::Sqlite => (
            format!(
                "UPDATE sync_jobs SET locked_by = ?, locked_until = ?, next_attempt_at = ?, \
                 attempts = attempts + 1, updated_at = ? \
                 WHERE id IN (SELECT id FROM sync_jobs WHERE status = 'pending' \
                 AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?) \
                 RETURNING {JOB_COLUMNS}"
            ),
            vec![
                worker.into(),
                until.into(),
                until.into(),
                now.into(),
                now.into(),
                i64::from(limit).into(),
            ],
        ),
    };
    let txn = db.begin().await?;
    relaxed_commit(store, &txn).await?;
    let rows = txn
        .query_all(Statement::from_sql_and_values(
            txn.get_database_backend(),
            sql,
            values,
        ))
        .await?;
    txn.commit().await?;
    let mut jobs = rows.iter().map(job_of).collect::<Result<Vec<_>, _>>()?;
    jobs.sort_by_key(|j| j.id);
    Ok(jobs)
}

/// On PostgreSQL, lets this transaction's commit return before its WAL reaches the disk. Only
/// the queue's own bookkeeping (claims, tries, delivered marks) is written so: a crash can lose
/// the last few milliseconds of it, which means a delivery is made again (at least once, with
/// the same `webhook-id`), never that a message is lost — the messages and their jobs are
/// committed durably by ingestion.
async fn relaxed_commit<C: ConnectionTrait>(store: &Store, txn: &C) -> Result<(), StoreError> {
    if store.kind() == DbKind::Postgres {
        txn.execute_unprepared("SET LOCAL synchronous_commit = off")
            .await?;
    }
    Ok(())
}

/// How one try ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Delivered {
        status_code: Option<i32>,
    },
    Skipped {
        reason: String,
    },
    /// Try again at `at` (the caller computed the backoff).
    Retry {
        at: EpochMs,
        status_code: Option<i32>,
        error: String,
        /// The try does not count against the job's tries (the provider asked to slow down).
        refund: bool,
    },
    /// Give up: the last try failed, or the failure cannot be retried.
    Dead {
        status_code: Option<i32>,
        error: String,
    },
}

/// One finished try, to record.
#[derive(Debug, Clone)]
pub struct Finished {
    pub job: Job,
    pub outcome: Outcome,
    pub latency_ms: i64,
}

/// Records `job`'s try (the attempt log), moves the job on, and updates its link's sync state.
pub async fn finish(
    store: &Store,
    job: &Job,
    worker: &str,
    outcome: &Outcome,
    latency_ms: i64,
    now: EpochMs,
) -> Result<(), StoreError> {
    let one = Finished {
        job: job.clone(),
        outcome: outcome.clone(),
        latency_ms,
    };
    finish_many(store, worker, std::slice::from_ref(&one), now).await
}

/// Records a batch of finished tries in one transaction (a commit per batch, not per delivery):
/// the attempt log, each job moved on, and each link's sync state from its last try in the
/// batch. A worker whose lease on a job was lost still logs its try but leaves the job to its
/// new holder.
pub async fn finish_many(
    store: &Store,
    worker: &str,
    done: &[Finished],
    now: EpochMs,
) -> Result<(), StoreError> {
    if done.is_empty() {
        return Ok(());
    }
    let txn = store.begin_write().await?;
    relaxed_commit(store, &txn).await?;
    let backend = txn.get_database_backend();
    let mut log = Query::insert();
    log.into_table(SyncAttempts::Table).columns([
        SyncAttempts::JobId,
        SyncAttempts::OrgId,
        SyncAttempts::IntegrationId,
        SyncAttempts::Attempt,
        SyncAttempts::StatusCode,
        SyncAttempts::LatencyMs,
        SyncAttempts::Ok,
        SyncAttempts::Error,
        SyncAttempts::At,
    ]);
    // Delivered jobs with the same answer move on in one statement.
    let mut delivered: std::collections::BTreeMap<Option<i32>, Vec<i64>> = Default::default();
    let mut links: std::collections::BTreeMap<i64, &Outcome> = Default::default();
    for f in done {
        let (code, error) = match &f.outcome {
            Outcome::Delivered { status_code } => (*status_code, None),
            Outcome::Skipped { reason } => (None, Some(reason.clone())),
            Outcome::Retry {
                status_code, error, ..
            }
            | Outcome::Dead { status_code, error } => (*status_code, Some(error.clone())),
        };
        let ok = matches!(
            f.outcome,
            Outcome::Delivered { .. } | Outcome::Skipped { .. }
        );
        log.values_panic([
            f.job.id.into(),
            f.job.org_id.into(),
            f.job.integration_id.into(),
            f.job.attempt.into(),
            code.into(),
            f.latency_ms.into(),
            ok.into(),
            error.clone().into(),
            now.into(),
        ]);
        links.insert(f.job.integration_id, &f.outcome);
        let (status, next_at, done_at) = match &f.outcome {
            Outcome::Delivered { status_code } => {
                delivered.entry(*status_code).or_default().push(f.job.id);
                continue;
            }
            Outcome::Skipped { .. } => (SKIPPED, now, Some(now)),
            Outcome::Retry { at, .. } => (PENDING, *at, None),
            Outcome::Dead { .. } => (DEAD, now, Some(now)),
        };
        let mut up = Query::update();
        up.table(SyncJobs::Table)
            .values([
                (SyncJobs::Status, status.into()),
                (SyncJobs::NextAttemptAt, next_at.into()),
                (SyncJobs::LockedBy, Option::<String>::None.into()),
                (SyncJobs::LockedUntil, Option::<i64>::None.into()),
                (SyncJobs::LastError, error.into()),
                (SyncJobs::LastStatusCode, code.into()),
                (SyncJobs::UpdatedAt, now.into()),
                (SyncJobs::DoneAt, done_at.into()),
            ])
            .and_where(Expr::col(SyncJobs::Id).eq(f.job.id))
            .and_where(Expr::col(SyncJobs::LockedBy).eq(worker));
        if let Outcome::Retry { refund: true, .. } = f.outcome {
            up.value(SyncJobs::Attempts, Expr::col(SyncJobs::Attempts).sub(1));
        }
        txn.execute(backend.build(&up)).await?;
    }
    for (code, ids) in delivered {
        let up = Query::update()
            .table(SyncJobs::Table)
            .values([
                (SyncJobs::Status, DELIVERED.into()),
                (SyncJobs::NextAttemptAt, now.into()),
                (SyncJobs::LockedBy, Option::<String>::None.into()),
                (SyncJobs::LockedUntil, Option::<i64>::None.into()),
                (SyncJobs::LastError, Option::<String>::None.into()),
                (SyncJobs::LastStatusCode, code.into()),
                (SyncJobs::UpdatedAt, now.into()),
                (SyncJobs::DoneAt, Some(now).into()),
            ])
            .and_where(Expr::col(SyncJobs::Id).is_in(ids))
            .and_where(Expr::col(SyncJobs::LockedBy).eq(worker))
            .to_owned();
        txn.execute(backend.build(&up)).await?;
    }
    txn.execute(backend.build(&log)).await?;
    for (id, outcome) in links {
        let (sync_status, last_sync, sync_error) = match outcome {
            Outcome::Delivered { .. } | Outcome::Skipped { .. } => (SYNC_READY, Some(now), None),
            Outcome::Retry { error, .. } => (SYNC_PROCESSING, None, Some(error.clone())),
            Outcome::Dead { error, .. } => (SYNC_ERROR, None, Some(error.clone())),
        };
        let mut link = Query::update();
        link.table(Integrations::Table)
            .value(Integrations::SyncStatus, sync_status)
            .value(Integrations::SyncError, sync_error)
            .and_where(Expr::col(Integrations::Id).eq(id));
        if let Some(t) = last_sync {
            link.value(Integrations::LastSyncAt, t);
        }
        txn.execute(backend.build(&link)).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// When the next pending job is due, if any (the worker sleeps until then).
pub async fn next_due(store: &Store) -> Result<Option<EpochMs>, StoreError> {
    let db = store.conn();
    let q = Query::select()
        .expr(Expr::cust("MIN(next_attempt_at)"))
        .from(SyncJobs::Table)
        .and_where(Expr::col(SyncJobs::Status).eq(PENDING))
        .to_owned();
    let row = db.query_one(db.get_database_backend().build(&q)).await?;
    Ok(row.and_then(|r| r.try_get_by_index::<Option<i64>>(0).ok().flatten()))
}

/// One job as the delivery log shows it.
#[derive(Debug, Clone, PartialEq, Eq, FromQueryResult)]
pub struct Delivery {
    pub id: i64,
    pub kind: String,
    pub integration_id: i64,
    pub event_id: String,
    pub delivery_id: String,
    pub status: String,
    pub attempts: i32,
    pub max_attempts: i32,
    pub next_attempt_at: EpochMs,
    pub locked_until: Option<EpochMs>,
    pub last_status_code: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: EpochMs,
    pub done_at: Option<EpochMs>,
    /// The last try's time in milliseconds.
    pub last_latency_ms: Option<i64>,
}

/// The newest jobs of `org_id` of `kind`, newest first, older than `before` when given.
pub async fn deliveries(
    store: &Store,
    org_id: i64,
    kind: &str,
    status: Option<&str>,
    before: Option<i64>,
    limit: u32,
) -> Result<Vec<Delivery>, StoreError> {
    let mut q = Query::select();
    q.columns([
        SyncJobs::Id,
        SyncJobs::Kind,
        SyncJobs::IntegrationId,
        SyncJobs::EventId,
        SyncJobs::DeliveryId,
        SyncJobs::Status,
        SyncJobs::Attempts,
        SyncJobs::MaxAttempts,
        SyncJobs::NextAttemptAt,
        SyncJobs::LockedUntil,
        SyncJobs::LastStatusCode,
        SyncJobs::LastError,
        SyncJobs::CreatedAt,
        SyncJobs::DoneAt,
    ])
    .expr_as(
        Expr::cust(
            "(SELECT a.latency_ms FROM sync_attempts a WHERE a.job_id = sync_jobs.id \
             ORDER BY a.id DESC LIMIT 1)",
        ),
        sea_orm::sea_query::Alias::new("last_latency_ms"),
    )
    .from(SyncJobs::Table)
    .and_where(Expr::col(SyncJobs::OrgId).eq(org_id))
    .and_where(Expr::col(SyncJobs::Kind).eq(kind))
    .order_by(SyncJobs::Id, Order::Desc)
    .limit(u64::from(limit));
    if let Some(s) = status {
        q.and_where(Expr::col(SyncJobs::Status).eq(s));
    }
    if let Some(b) = before {
        q.and_where(Expr::col(SyncJobs::Id).lt(b));
    }
    rows_as(store, &q).await
}

/// One logged try.
#[derive(Debug, Clone, PartialEq, Eq, FromQueryResult)]
pub struct Attempt {
    pub attempt: i32,
    pub status_code: Option<i32>,
    pub latency_ms: i64,
    pub ok: bool,
    pub error: Option<String>,
    pub at: EpochMs,
}

/// The tries of job `job_id` of `org_id`, oldest first (empty for another organisation's job).
pub async fn attempts(store: &Store, org_id: i64, job_id: i64) -> Result<Vec<Attempt>, StoreError> {
    let q = Query::select()
        .columns([
            SyncAttempts::Attempt,
            SyncAttempts::StatusCode,
            SyncAttempts::LatencyMs,
            SyncAttempts::Ok,
            SyncAttempts::Error,
            SyncAttempts::At,
        ])
        .from(SyncAttempts::Table)
        .and_where(Expr::col(SyncAttempts::OrgId).eq(org_id))
        .and_where(Expr::col(SyncAttempts::JobId).eq(job_id))
        .order_by(SyncAttempts::Id, Order::Asc)
        .to_owned();
    rows_as(store, &q).await
}

/// Puts job `job_id` of `org_id` and `kind` back in the queue, due now, with its tries reset
/// and its `delivery_id` kept (the receiver sees the same `webhook-id`). False when there is no
/// such job or it is being delivered right now.
pub async fn resend(
    store: &Store,
    org_id: i64,
    kind: &str,
    job_id: i64,
    now: EpochMs,
) -> Result<bool, StoreError> {
    let db = store.conn();
    let q = Query::update()
        .table(SyncJobs::Table)
        .values([
            (SyncJobs::Status, PENDING.into()),
            (SyncJobs::Attempts, 0i32.into()),
            (SyncJobs::NextAttemptAt, now.into()),
            (SyncJobs::DoneAt, Option::<i64>::None.into()),
            (SyncJobs::UpdatedAt, now.into()),
        ])
        .and_where(Expr::col(SyncJobs::Id).eq(job_id))
        .and_where(Expr::col(SyncJobs::OrgId).eq(org_id))
        .and_where(Expr::col(SyncJobs::Kind).eq(kind))
        .and_where(
            Expr::col(SyncJobs::Status)
                .ne(PENDING)
                .or(Expr::col(SyncJobs::LockedUntil).is_null()),
        )
        .to_owned();
    Ok(db
        .execute(db.get_database_backend().build(&q))
        .await?
        .rows_affected()
        > 0)
}

/// Job counts of one link by status: (pending, delivered, dead).
pub async fn link_counts(
    store: &Store,
    integration_id: i64,
) -> Result<(i64, i64, i64), StoreError> {
    let db = store.conn();
    let q = Query::select()
        .column(SyncJobs::Status)
        .expr(Expr::cust("COUNT(*)"))
        .from(SyncJobs::Table)
        .and_where(Expr::col(SyncJobs::IntegrationId).eq(integration_id))
        .group_by_col(SyncJobs::Status)
        .to_owned();
    let rows = db.query_all(db.get_database_backend().build(&q)).await?;
    let mut out = (0, 0, 0);
    for r in rows {
        let status: String = r.try_get_by_index(0)?;
        let n: i64 = r.try_get_by_index(1)?;
        match status.as_str() {
            PENDING => out.0 = n,
            DELIVERED | SKIPPED => out.1 += n,
            DEAD => out.2 = n,
            _ => {}
        }
    }
    Ok(out)
}

/// `user_id`'s label rules in `org_id`, one per CRM.
pub async fn label_rules(
    store: &Store,
    org_id: i64,
    user_id: i64,
) -> Result<Vec<CrmLabelSync>, StoreError> {
    Ok(label_rules_of(store, org_id, &[user_id])
        .await?
        .into_iter()
        .map(|(_, r)| r)
        .collect())
}

/// The label rules of `users` in `org_id`, as (user, rule) pairs.
pub async fn label_rules_of(
    store: &Store,
    org_id: i64,
    users: &[i64],
) -> Result<Vec<(i64, CrmLabelSync)>, StoreError> {
    if users.is_empty() {
        return Ok(Vec::new());
    }
    let db = store.conn();
    let q = Query::select()
        .columns([
            CrmLabelRules::UserId,
            CrmLabelRules::CrmName,
            CrmLabelRules::IncludedLabels,
            CrmLabelRules::ExcludedLabels,
        ])
        .from(CrmLabelRules::Table)
        .and_where(Expr::col(CrmLabelRules::OrgId).eq(org_id))
        .and_where(Expr::col(CrmLabelRules::UserId).is_in(users.iter().copied()))
        .order_by(CrmLabelRules::UserId, Order::Asc)
        .order_by(CrmLabelRules::CrmName, Order::Asc)
        .to_owned();
    let rows = db.query_all(db.get_database_backend().build(&q)).await?;
    let list = |text: String| -> Vec<String> { serde_json::from_str(&text).unwrap_or_default() };
    rows.iter()
        .map(|r| {
            Ok((
                r.try_get("", "user_id")?,
                CrmLabelSync {
                    crm_name: r.try_get("", "crm_name")?,
                    included_labels: list(r.try_get("", "included_labels")?),
                    excluded_labels: list(r.try_get("", "excluded_labels")?),
                },
            ))
        })
        .collect()
}

/// Replaces `user_id`'s label rules in `org_id` with `rules` (already checked by the domain).
pub async fn set_label_rules(
    store: &Store,
    org_id: i64,
    user_id: i64,
    rules: &[CrmLabelSync],
    now: EpochMs,
) -> Result<(), StoreError> {
    let txn = store.begin_write().await?;
    let backend = txn.get_database_backend();
    let del = Query::delete()
        .from_table(CrmLabelRules::Table)
        .and_where(Expr::col(CrmLabelRules::OrgId).eq(org_id))
        .and_where(Expr::col(CrmLabelRules::UserId).eq(user_id))
        .to_owned();
    txn.execute(backend.build(&del)).await?;
    if !rules.is_empty() {
        let mut ins = Query::insert();
        ins.into_table(CrmLabelRules::Table).columns([
            CrmLabelRules::OrgId,
            CrmLabelRules::UserId,
            CrmLabelRules::CrmName,
            CrmLabelRules::IncludedLabels,
            CrmLabelRules::ExcludedLabels,
            CrmLabelRules::UpdatedAt,
        ]);
        for r in rules {
            let text = |l: &Vec<String>| serde_json::to_string(l).unwrap_or_else(|_| "[]".into());
            ins.values_panic([
                org_id.into(),
                user_id.into(),
                r.crm_name.clone().into(),
                text(&r.included_labels).into(),
                text(&r.excluded_labels).into(),
                now.into(),
            ]);
        }
        txn.execute(backend.build(&ins)).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Whether `org_id` has job `job_id` of `kind`.
pub async fn job_exists(
    store: &Store,
    org_id: i64,
    kind: &str,
    job_id: i64,
) -> Result<bool, StoreError> {
    Ok(delivery(store, org_id, kind, job_id).await?.is_some())
}

/// Job `job_id` of `org_id` and `kind`, as the log shows it.
pub async fn delivery(
    store: &Store,
    org_id: i64,
    kind: &str,
    job_id: i64,
) -> Result<Option<Delivery>, StoreError> {
    // Older than the next id: `job_id` itself is the newest (no bound past i64::MAX).
    Ok(
        deliveries(store, org_id, kind, None, job_id.checked_add(1), 1)
            .await?
            .into_iter()
            .find(|d| d.id == job_id),
    )
}
