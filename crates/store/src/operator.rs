//! The operator's side (issue #16): operator admins and their sessions, sign-in attempts for the
//! limits, the audit log, and the searches of the admin panel over every organisation and user
//! of the installation (the only queries not scoped by an organisation: they serve the people
//! who run it).

use crate::entity::operator::{admin_session, audit, login_attempt, operator_admin};
use crate::entity::{membership, organisation, session, user};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, SqlErr,
};

/// Adds an operator admin, or sets a new password for an existing address.
pub async fn upsert_admin(
    store: &Store,
    email: &str,
    password_hash: &str,
    now: EpochMs,
) -> Result<operator_admin::Model, StoreError> {
    if let Some(found) = admin_by_email(store, email).await? {
        let mut row = operator_admin::ActiveModel::from(found);
        row.password_hash = Set(password_hash.to_owned());
        row.disabled_at = Set(None);
        return Ok(row.update(store.conn()).await?);
    }
    operator_admin::ActiveModel {
        email: Set(email.to_owned()),
        password_hash: Set(password_hash.to_owned()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await
    .map_err(|e| match e.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => StoreError::Conflict("email".into()),
        _ => StoreError::Db(e),
    })
}

/// The enabled operator admin with this address.
pub async fn admin_by_email(
    store: &Store,
    email: &str,
) -> Result<Option<operator_admin::Model>, StoreError> {
    Ok(operator_admin::Entity::find()
        .filter(operator_admin::Column::Email.eq(email))
        .filter(operator_admin::Column::DisabledAt.is_null())
        .one(store.conn())
        .await?)
}

/// Records a sign-in attempt as a failure before it is decided (committed at once, so every
/// concurrent attempt that counts afterwards sees it); answers its id.
pub async fn record_failure(
    store: &Store,
    email: &str,
    client: &str,
    now: EpochMs,
) -> Result<i64, StoreError> {
    let row = login_attempt::ActiveModel {
        email: Set(email.to_owned()),
        client: Set(client.to_owned()),
        ok: Set(false),
        at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?;
    Ok(row.id)
}

/// The attempt `id` signed in.
pub async fn mark_success(store: &Store, id: i64) -> Result<(), StoreError> {
    login_attempt::Entity::update_many()
        .col_expr(login_attempt::Column::Ok, Expr::value(true))
        .filter(login_attempt::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Forgets the attempt `id`: it was turned away before its password was checked.
pub async fn forget_attempt(store: &Store, id: i64) -> Result<(), StoreError> {
    login_attempt::Entity::delete_by_id(id)
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Sets a new password for the address (adding the admin if there is none) as `switchboard
/// admin create` does, in one transaction: a reset ends the admin's live operator sessions,
/// and either way a line is written to the audit log (the admin's own id; `via: cli`).
/// Answers the admin, whether it was created, and how many sessions were ended.
pub async fn set_admin_password(
    store: &Store,
    email: &str,
    password_hash: &str,
    now: EpochMs,
) -> Result<(operator_admin::Model, bool, u64), StoreError> {
    let txn = store.begin_write().await?;
    let found = operator_admin::Entity::find()
        .filter(operator_admin::Column::Email.eq(email))
        .one(&txn)
        .await?;
    let (admin, created) = match found {
        Some(found) => {
            let mut row = operator_admin::ActiveModel::from(found);
            row.password_hash = Set(password_hash.to_owned());
            row.disabled_at = Set(None);
            (row.update(&txn).await?, false)
        }
        None => (
            operator_admin::ActiveModel {
                email: Set(email.to_owned()),
                password_hash: Set(password_hash.to_owned()),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?,
            true,
        ),
    };
    let ended = admin_session::Entity::update_many()
        .col_expr(admin_session::Column::RevokedAt, Expr::value(now))
        .filter(admin_session::Column::AdminId.eq(admin.id))
        .filter(admin_session::Column::RevokedAt.is_null())
        .exec(&txn)
        .await?
        .rows_affected;
    audit(
        &txn,
        admin.id,
        now,
        if created {
            "admin_created"
        } else {
            "password_reset"
        },
        &format!("admin:{}", admin.id),
        None,
        serde_json::json!({ "via": "cli", "email": admin.email, "sessions_ended": ended }),
    )
    .await?;
    txn.commit().await?;
    Ok((admin, created, ended))
}

/// Failed attempts since `since` for the address and for the client.
pub async fn failures_since(
    store: &Store,
    email: &str,
    client: &str,
    since: EpochMs,
) -> Result<(u64, u64), StoreError> {
    let by = |c: Condition| {
        login_attempt::Entity::find()
            .filter(c)
            .filter(login_attempt::Column::Ok.eq(false))
            .filter(login_attempt::Column::At.gte(since))
            .count(store.conn())
    };
    let email_n = by(Condition::all().add(login_attempt::Column::Email.eq(email))).await?;
    let client_n = by(Condition::all().add(login_attempt::Column::Client.eq(client))).await?;
    Ok((email_n, client_n))
}

pub async fn create_session(
    store: &Store,
    admin_id: i64,
    token_hash: &str,
    now: EpochMs,
    ttl_ms: i64,
) -> Result<(), StoreError> {
    admin_session::ActiveModel {
        token_hash: Set(token_hash.to_owned()),
        admin_id: Set(admin_id),
        created_at: Set(now),
        expires_at: Set(now + ttl_ms),
        ..Default::default()
    }
    .insert(store.conn())
    .await?;
    Ok(())
}

/// The operator admin of a live session.
pub async fn admin_of_session(
    store: &Store,
    token_hash: &str,
    now: EpochMs,
) -> Result<Option<operator_admin::Model>, StoreError> {
    let Some(s) = admin_session::Entity::find()
        .filter(admin_session::Column::TokenHash.eq(token_hash))
        .filter(admin_session::Column::RevokedAt.is_null())
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .one(store.conn())
        .await?
    else {
        return Ok(None);
    };
    Ok(operator_admin::Entity::find_by_id(s.admin_id)
        .filter(operator_admin::Column::DisabledAt.is_null())
        .one(store.conn())
        .await?)
}

pub async fn revoke_session(
    store: &Store,
    token_hash: &str,
    now: EpochMs,
) -> Result<(), StoreError> {
    admin_session::Entity::update_many()
        .col_expr(admin_session::Column::RevokedAt, Expr::value(now))
        .filter(admin_session::Column::TokenHash.eq(token_hash))
        .filter(admin_session::Column::RevokedAt.is_null())
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Adds a line to the audit log.
pub async fn audit(
    db: &impl sea_orm::ConnectionTrait,
    admin_id: i64,
    now: EpochMs,
    action: &str,
    target: &str,
    reason: Option<&str>,
    detail: serde_json::Value,
) -> Result<(), StoreError> {
    audit::ActiveModel {
        admin_id: Set(admin_id),
        at: Set(now),
        action: Set(action.to_owned()),
        target: Set(target.to_owned()),
        reason: Set(reason.map(str::to_owned)),
        detail: Set(detail.to_string()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The audit log, newest first, `limit` lines from `offset`; with the admins' addresses.
pub async fn audit_page(
    store: &Store,
    offset: u64,
    limit: u64,
) -> Result<(Vec<(audit::Model, Option<String>)>, u64), StoreError> {
    let q = audit::Entity::find().order_by_desc(audit::Column::Id);
    let total = q.clone().count(store.conn()).await?;
    let rows = q.offset(offset).limit(limit).all(store.conn()).await?;
    let admins = operator_admin::Entity::find().all(store.conn()).await?;
    Ok((
        rows.into_iter()
            .map(|r| {
                let email = admins
                    .iter()
                    .find(|a| a.id == r.admin_id)
                    .map(|a| a.email.clone());
                (r, email)
            })
            .collect(),
        total,
    ))
}

/// `lower(column) LIKE '%text%'` with LIKE's own wildcards escaped: a case-insensitive
/// substring search on SQLite and PostgreSQL alike.
fn contains(
    column: impl sea_orm::sea_query::IntoColumnRef,
    text: &str,
) -> sea_orm::sea_query::SimpleExpr {
    let escaped = text
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    Expr::expr(sea_orm::sea_query::Func::lower(Expr::col(column)))
        .like(sea_orm::sea_query::LikeExpr::new(format!("%{escaped}%")).escape('\\'))
}

/// Organisations whose name or code contains `q`, `limit` from `offset`, with their member counts.
pub async fn organisations_page(
    store: &Store,
    q: Option<&str>,
    offset: u64,
    limit: u64,
) -> Result<(Vec<(organisation::Model, u64)>, u64), StoreError> {
    let mut query = organisation::Entity::find().order_by_asc(organisation::Column::Id);
    if let Some(q) = q.map(str::trim).filter(|q| !q.is_empty()) {
        query = query.filter(
            Condition::any()
                .add(contains(organisation::Column::Name, q))
                .add(contains(organisation::Column::OrganizationCode, q)),
        );
    }
    let total = query.clone().count(store.conn()).await?;
    let rows = query.offset(offset).limit(limit).all(store.conn()).await?;
    let mut out = Vec::with_capacity(rows.len());
    for org in rows {
        let members = membership::Entity::find()
            .filter(membership::Column::OrgId.eq(org.id))
            .count(store.conn())
            .await?;
        out.push((org, members));
    }
    Ok((out, total))
}

/// Users whose address or name contains `q`, `limit` from `offset`.
pub async fn users_page(
    store: &Store,
    q: Option<&str>,
    offset: u64,
    limit: u64,
) -> Result<(Vec<user::Model>, u64), StoreError> {
    let mut query = user::Entity::find().order_by_asc(user::Column::Id);
    if let Some(q) = q.map(str::trim).filter(|q| !q.is_empty()) {
        query = query.filter(
            Condition::any()
                .add(contains(user::Column::Email, q))
                .add(contains(user::Column::Name, q))
                .add(contains(user::Column::Mobile, q)),
        );
    }
    let total = query.clone().count(store.conn()).await?;
    let rows = query.offset(offset).limit(limit).all(store.conn()).await?;
    Ok((rows, total))
}

/// A user's memberships with their organisations, and how many live sessions they have.
pub async fn user_detail(
    store: &Store,
    user_id: i64,
    now: EpochMs,
) -> Result<
    Option<(
        user::Model,
        Vec<(membership::Model, organisation::Model)>,
        u64,
    )>,
    StoreError,
> {
    let Some(u) = user::Entity::find_by_id(user_id).one(store.conn()).await? else {
        return Ok(None);
    };
    let memberships = membership::Entity::find()
        .filter(membership::Column::UserId.eq(user_id))
        .find_also_related(organisation::Entity)
        .all(store.conn())
        .await?
        .into_iter()
        .filter_map(|(m, o)| o.map(|o| (m, o)))
        .collect();
    let sessions = session::Entity::find()
        .filter(session::Column::UserId.eq(user_id))
        .filter(session::Column::ExpiresAt.gt(now))
        .filter(session::Column::RevokedAt.is_null())
        .count(store.conn())
        .await?;
    Ok(Some((u, memberships, sessions)))
}
