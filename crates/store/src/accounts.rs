//! Signing in by e-mail code: issuing a code (only its hash is stored), checking one (expiry,
//! attempts, single use), creating the user on first sign-in, and the development mailbox.

use crate::entity::{dev_mail, login_code, membership, user};
use crate::{EpochMs, Store, StoreError};
use domain::accounts::{code_usable, ACTIVE_USER_STATUS, INVITED_USER_STATUS};
use domain::RuleError;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

/// The user with this e-mail (stored in lower case).
pub async fn find_user_by_email(
    store: &Store,
    email: &str,
) -> Result<Option<user::Model>, StoreError> {
    Ok(user::Entity::find()
        .filter(user::Column::Email.eq(email))
        .one(store.conn())
        .await?)
}

/// The user with this id.
pub async fn find_user(store: &Store, id: i64) -> Result<Option<user::Model>, StoreError> {
    Ok(user::Entity::find_by_id(id).one(store.conn()).await?)
}

/// The users with one of these ids (order not kept).
pub async fn find_users(store: &Store, ids: &[i64]) -> Result<Vec<user::Model>, StoreError> {
    Ok(user::Entity::find()
        .filter(user::Column::Id.is_in(ids.iter().copied()))
        .all(store.conn())
        .await?)
}

/// The users with this mobile number (several people may share one).
pub async fn find_users_by_mobile(
    store: &Store,
    mobile: &str,
) -> Result<Vec<user::Model>, StoreError> {
    Ok(user::Entity::find()
        .filter(user::Column::Mobile.eq(mobile))
        .order_by_asc(user::Column::Id)
        .all(store.conn())
        .await?)
}

/// When the last code to `email` was sent, if any.
pub async fn last_code_sent_at(store: &Store, email: &str) -> Result<Option<EpochMs>, StoreError> {
    Ok(login_code::Entity::find()
        .filter(login_code::Column::Email.eq(email))
        .order_by_desc(login_code::Column::CreatedAt)
        .one(store.conn())
        .await?
        .map(|c| c.created_at))
}

/// Stores a new code for `email` and retires every earlier unused one, so only the newest code
/// sent can be used — unless `per_day` codes were already sent to `email` since `day_start`:
/// then nothing is written and the answer is false. Concurrent requests for one address count
/// one after the other (a transaction-scoped advisory lock on the address on PostgreSQL; the
/// write lock, taken by the first write, on SQLite), so they cannot pass the cap together.
pub async fn issue_code(
    store: &Store,
    email: &str,
    code_hash: &str,
    now: EpochMs,
    ttl_ms: i64,
    day_start: EpochMs,
    per_day: u64,
) -> Result<bool, StoreError> {
    let txn = store.begin_write().await?;
    if store.kind() == crate::DbKind::Postgres {
        // One issuer per address at a time, until this transaction ends.
        txn.execute(sea_orm::Statement::from_sql_and_values(
            sea_orm::DbBackend::Postgres,
            "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
            [format!("login_code:{email}").into()],
        ))
        .await?;
    }
    // The first write takes SQLite's write lock, so issuers there count one after the other.
    login_code::Entity::update_many()
        .col_expr(login_code::Column::UsedAt, Expr::value(now))
        .filter(login_code::Column::Email.eq(email))
        .filter(login_code::Column::UsedAt.is_null())
        .exec(&txn)
        .await?;
    let sent = login_code::Entity::find()
        .filter(login_code::Column::Email.eq(email))
        .filter(login_code::Column::CreatedAt.gte(day_start))
        .count(&txn)
        .await?;
    if sent >= per_day {
        // Dropped without commit: the retired code stays usable.
        txn.rollback().await?;
        return Ok(false);
    }
    login_code::ActiveModel {
        email: Set(email.to_owned()),
        code_hash: Set(code_hash.to_owned()),
        created_at: Set(now),
        expires_at: Set(now + ttl_ms),
        attempts: Set(0),
        used_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(true)
}

/// What checking a code gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeCheck {
    /// The code was right: the user (created now when `signed_up`) may start a session.
    Accepted {
        user: Box<user::Model>,
        signed_up: bool,
    },
    /// The code cannot sign in: `otp_invalid` (wrong, or none sent), `code_expired` or
    /// `code_attempts_exhausted`.
    Refused(RuleError),
}

/// Uses up the newest unused code sent to `key` (an e-mail address; another purpose names its
/// own key, e.g. joining an organisation) when `code_hash` is it. A wrong code counts one
/// attempt; a right one is used up at once (a second use is refused). The refusal is
/// `otp_invalid` (wrong, or none sent), `code_expired` or `code_attempts_exhausted`.
pub async fn take_code(
    store: &Store,
    key: &str,
    code_hash: &str,
    now: EpochMs,
) -> Result<Result<(), RuleError>, StoreError> {
    let db = store.conn();
    let Some(code) = login_code::Entity::find()
        .filter(login_code::Column::Email.eq(key))
        .filter(login_code::Column::UsedAt.is_null())
        .order_by_desc(login_code::Column::CreatedAt)
        .one(db)
        .await?
    else {
        return Ok(Err(RuleError::OtpInvalid));
    };
    if let Err(rule) = code_usable(now, code.expires_at, code.attempts) {
        return Ok(Err(rule));
    }
    let max = domain::accounts::MAX_CODE_ATTEMPTS;
    if code.code_hash != code_hash {
        // Conditional, so concurrent wrong tries cannot go past the limit unnoticed.
        login_code::Entity::update_many()
            .col_expr(
                login_code::Column::Attempts,
                Expr::col(login_code::Column::Attempts).add(1),
            )
            .filter(login_code::Column::Id.eq(code.id))
            .filter(login_code::Column::Attempts.lt(max))
            .exec(db)
            .await?;
        return Ok(Err(RuleError::OtpInvalid));
    }
    let used = login_code::Entity::update_many()
        .col_expr(login_code::Column::UsedAt, Expr::value(now))
        .filter(login_code::Column::Id.eq(code.id))
        .filter(login_code::Column::UsedAt.is_null())
        .filter(login_code::Column::Attempts.lt(max))
        .exec(db)
        .await?;
    if used.rows_affected != 1 {
        // Used by a concurrent request a moment ago.
        return Ok(Err(RuleError::OtpInvalid));
    }
    Ok(Ok(()))
}

/// Checks a sign-in code ([`take_code`] of `email`); the user is created on their first
/// sign-in, and their pending invitations become active memberships.
pub async fn check_code(
    store: &Store,
    email: &str,
    code_hash: &str,
    now: EpochMs,
) -> Result<CodeCheck, StoreError> {
    if let Err(rule) = take_code(store, email, code_hash, now).await? {
        return Ok(CodeCheck::Refused(rule));
    }
    // Read, then maybe write: SQLite's write lock up front, so a concurrent writer cannot make
    // the upgrade fail (busy) halfway.
    let txn = store.begin_write().await?;
    let (user, signed_up) = match user::Entity::find()
        .filter(user::Column::Email.eq(email))
        .one(&txn)
        .await?
    {
        Some(u) => (u, false),
        None => (
            user::ActiveModel {
                email: Set(Some(email.to_owned())),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?,
            true,
        ),
    };
    accept_invitations(&txn, user.id, now).await?;
    txn.commit().await?;
    Ok(CodeCheck::Accepted {
        user: Box::new(user),
        signed_up,
    })
}

/// An invited employee who signs in becomes an active member (001 §3 `user_status` 2). When the
/// person has no default organisation yet (they were in their Personal workspace, or are new),
/// the organisation that invited them most recently becomes their default, so they arrive in
/// it; a default they chose stays.
async fn accept_invitations(
    db: &impl ConnectionTrait,
    user_id: i64,
    now: EpochMs,
) -> Result<(), StoreError> {
    let invited = membership::Entity::find()
        .filter(membership::Column::UserId.eq(user_id))
        .filter(membership::Column::UserStatus.eq(INVITED_USER_STATUS))
        .order_by_desc(membership::Column::CreatedAt)
        .order_by_desc(membership::Column::Id)
        .one(db)
        .await?;
    let Some(newest) = invited else {
        return Ok(());
    };
    membership::Entity::update_many()
        .col_expr(
            membership::Column::UserStatus,
            Expr::value(ACTIVE_USER_STATUS),
        )
        .col_expr(
            membership::Column::InvitationStatus,
            Expr::value("accepted"),
        )
        .col_expr(membership::Column::JoinedAt, Expr::value(now))
        .col_expr(membership::Column::UpdatedAt, Expr::value(now))
        .filter(membership::Column::UserId.eq(user_id))
        .filter(membership::Column::UserStatus.eq(INVITED_USER_STATUS))
        .exec(db)
        .await?;
    let has_default = membership::Entity::find()
        .filter(membership::Column::UserId.eq(user_id))
        .filter(membership::Column::IsDefaultOrg.eq(true))
        .count(db)
        .await?
        > 0;
    if !has_default {
        membership::Entity::update_many()
            .col_expr(membership::Column::IsDefaultOrg, Expr::value(true))
            .filter(membership::Column::Id.eq(newest.id))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Keeps an e-mail in the development mailbox.
pub async fn record_mail(
    store: &Store,
    recipient: &str,
    subject: &str,
    body: &str,
    html: Option<&str>,
    now: EpochMs,
) -> Result<(), StoreError> {
    dev_mail::ActiveModel {
        recipient: Set(recipient.to_owned()),
        subject: Set(subject.to_owned()),
        body: Set(body.to_owned()),
        html: Set(html.map(str::to_owned)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?;
    Ok(())
}

/// The development mailbox of one address, newest first.
pub async fn mailbox(store: &Store, recipient: &str) -> Result<Vec<dev_mail::Model>, StoreError> {
    Ok(dev_mail::Entity::find()
        .filter(dev_mail::Column::Recipient.eq(recipient))
        .order_by_desc(dev_mail::Column::Id)
        .all(store.conn())
        .await?)
}
