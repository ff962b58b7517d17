//! Refer and Earn (issue #28): codes, sign-ups through them, invitation e-mails and credits.

use crate::entity::referral::{code, credit, invite, referral};
use crate::entity::user;
use crate::{EpochMs, Store, StoreError};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};

/// The person's referral code, made (from `fresh`) the first time it is asked for. A code
/// already taken by someone else is drawn again by the caller (`Ok(None)`).
pub async fn code_of(
    store: &Store,
    user_id: i64,
    fresh: &str,
    now: EpochMs,
) -> Result<Option<String>, StoreError> {
    if let Some(c) = code::Entity::find()
        .filter(code::Column::UserId.eq(user_id))
        .one(store.conn())
        .await?
    {
        return Ok(Some(c.code));
    }
    let inserted = code::ActiveModel {
        user_id: Set(user_id),
        code: Set(fresh.to_owned()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await;
    match inserted {
        Ok(c) => Ok(Some(c.code)),
        // The person's own code made meanwhile, or the drawn code taken: read again.
        Err(_) => Ok(code::Entity::find()
            .filter(code::Column::UserId.eq(user_id))
            .one(store.conn())
            .await?
            .map(|c| c.code)),
    }
}

/// Who owns `code`.
pub async fn referrer_of(
    store: &Store,
    code_text: &str,
) -> Result<Option<user::Model>, StoreError> {
    let Some(c) = code::Entity::find()
        .filter(code::Column::Code.eq(code_text))
        .one(store.conn())
        .await?
    else {
        return Ok(None);
    };
    Ok(user::Entity::find_by_id(c.user_id)
        .one(store.conn())
        .await?)
}

/// What recording a sign-up gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recorded {
    /// The referrer's earning sign-ups, this one included (0 when it does not earn).
    pub earning: u32,
}

/// Records that `referred_id` signed up through `referrer_id`'s link (once per person: a second
/// record is ignored), and, when it completes a pair, credits the referrer `credit_minor`.
pub async fn record_sign_up(
    store: &Store,
    referrer_id: i64,
    referred_id: i64,
    not_earning: Option<&str>,
    credit_minor: i64,
    now: EpochMs,
) -> Result<Option<Recorded>, StoreError> {
    // Read, then write: SQLite's write lock up front (a deferred transaction's upgrade can fail
    // busy under a concurrent writer).
    let txn = store.begin_write().await?;
    let exists = referral::Entity::find()
        .filter(referral::Column::ReferredId.eq(referred_id))
        .count(&txn)
        .await?
        > 0;
    if exists {
        return Ok(None);
    }
    referral::ActiveModel {
        referrer_id: Set(referrer_id),
        referred_id: Set(referred_id),
        earns: Set(not_earning.is_none()),
        reason: Set(not_earning.map(str::to_owned)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let earning = if not_earning.is_none() {
        referral::Entity::find()
            .filter(referral::Column::ReferrerId.eq(referrer_id))
            .filter(referral::Column::Earns.eq(true))
            .count(&txn)
            .await? as u32
    } else {
        0
    };
    if not_earning.is_none() && domain::referrals::completes_pair(earning) {
        credit::ActiveModel {
            user_id: Set(referrer_id),
            amount_minor: Set(credit_minor),
            currency: Set("USD".into()),
            source: Set("referral".into()),
            note: Set(None),
            created_at: Set(now),
            applied_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(Some(Recorded { earning }))
}

/// Adds a credit (the operator's grant: a store review).
pub async fn grant(
    store: &Store,
    user_id: i64,
    amount_minor: i64,
    source: &str,
    note: Option<&str>,
    now: EpochMs,
) -> Result<credit::Model, StoreError> {
    Ok(credit::ActiveModel {
        user_id: Set(user_id),
        amount_minor: Set(amount_minor),
        currency: Set("USD".into()),
        source: Set(source.to_owned()),
        note: Set(note.map(str::to_owned)),
        created_at: Set(now),
        applied_at: Set(None),
        ..Default::default()
    }
    .insert(store.conn())
    .await?)
}

/// A person's referral figures and credits.
#[derive(Debug, Clone)]
pub struct Report {
    pub signed_up: u64,
    pub earning: u64,
    pub invites_sent: u64,
    /// Newest first.
    pub credits: Vec<credit::Model>,
}

pub async fn report(store: &Store, user_id: i64) -> Result<Report, StoreError> {
    let db = store.conn();
    let of = referral::Column::ReferrerId.eq(user_id);
    Ok(Report {
        signed_up: referral::Entity::find()
            .filter(of.clone())
            .count(db)
            .await?,
        earning: referral::Entity::find()
            .filter(of)
            .filter(referral::Column::Earns.eq(true))
            .count(db)
            .await?,
        invites_sent: invite::Entity::find()
            .filter(invite::Column::UserId.eq(user_id))
            .count(db)
            .await?,
        credits: credit::Entity::find()
            .filter(credit::Column::UserId.eq(user_id))
            .order_by_desc(credit::Column::CreatedAt)
            .order_by_desc(credit::Column::Id)
            .all(db)
            .await?,
    })
}

/// Invitations `user_id` sent since `since`.
pub async fn invites_since(store: &Store, user_id: i64, since: EpochMs) -> Result<u64, StoreError> {
    Ok(invite::Entity::find()
        .filter(invite::Column::UserId.eq(user_id))
        .filter(invite::Column::SentAt.gte(since))
        .count(store.conn())
        .await?)
}

pub async fn record_invite(
    store: &Store,
    user_id: i64,
    email: &str,
    now: EpochMs,
) -> Result<(), StoreError> {
    invite::ActiveModel {
        user_id: Set(user_id),
        email: Set(email.to_owned()),
        sent_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await?;
    Ok(())
}

/// Gives the friend their free month: their personal plan becomes Pro Plus on trial until
/// `until`, unless they already pay for one.
pub async fn give_friend_plan(
    store: &Store,
    user_id: i64,
    plan_id: i64,
    until: EpochMs,
    now: EpochMs,
) -> Result<(), StoreError> {
    use sea_orm::sea_query::Expr;
    user::Entity::update_many()
        .col_expr(user::Column::PlanId, Expr::value(plan_id))
        .col_expr(user::Column::PlanIsTrial, Expr::value(true))
        .col_expr(user::Column::PlanValidity, Expr::value(until))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(user_id))
        .filter(user::Column::PlanId.eq(1))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// The person's credits not yet handed to the payment provider, oldest first.
pub async fn pending_credits(
    store: &Store,
    user_id: i64,
) -> Result<Vec<credit::Model>, StoreError> {
    Ok(credit::Entity::find()
        .filter(credit::Column::UserId.eq(user_id))
        .filter(credit::Column::AppliedAt.is_null())
        .order_by_asc(credit::Column::Id)
        .all(store.conn())
        .await?)
}

/// Marks a credit handed to the payment provider. False when it was marked already (another
/// replica did it: the provider's idempotency key made both one transaction).
pub async fn mark_applied(store: &Store, credit_id: i64, now: EpochMs) -> Result<bool, StoreError> {
    use sea_orm::sea_query::Expr;
    let done = credit::Entity::update_many()
        .col_expr(credit::Column::AppliedAt, Expr::value(now))
        .filter(credit::Column::Id.eq(credit_id))
        .filter(credit::Column::AppliedAt.is_null())
        .exec(store.conn())
        .await?;
    Ok(done.rows_affected == 1)
}

/// Who among `user_ids` holds credits not yet applied.
pub async fn with_pending_credits(store: &Store, user_ids: &[i64]) -> Result<Vec<i64>, StoreError> {
    use sea_orm::QuerySelect;
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(credit::Entity::find()
        .select_only()
        .column(credit::Column::UserId)
        .distinct()
        .filter(credit::Column::UserId.is_in(user_ids.iter().copied()))
        .filter(credit::Column::AppliedAt.is_null())
        .into_tuple::<i64>()
        .all(store.conn())
        .await?)
}

/// Where a person's credits go: the payment provider's customer (and the currency its invoices
/// are in) of their own subscription, else of the subscription of the lowest-numbered
/// organisation they administer. The newest subscription with a customer counts, running or
/// not (a customer whose subscription ended may subscribe again and use the credit then).
pub async fn credit_customer(
    store: &Store,
    user_id: i64,
) -> Result<Option<(String, String)>, StoreError> {
    use crate::entity::billing::subscription;
    use crate::entity::membership;
    use sea_orm::QuerySelect;
    let customer_of = |s: subscription::Model| s.customer_id.map(|c| (c, s.currency));
    let own = subscription::Entity::find()
        .filter(subscription::Column::UserId.eq(user_id))
        .filter(subscription::Column::OrgId.is_null())
        .filter(subscription::Column::CustomerId.is_not_null())
        .order_by_desc(subscription::Column::Id)
        .one(store.conn())
        .await?;
    if let Some(found) = own.and_then(customer_of) {
        return Ok(Some(found));
    }
    let administered: Vec<i64> = membership::Entity::find()
        .select_only()
        .column(membership::Column::OrgId)
        .filter(membership::Column::UserId.eq(user_id))
        .filter(membership::Column::RoleId.eq(domain::roles::ADMIN_ROLE_ID as i16))
        .filter(membership::Column::UserStatus.eq(domain::roles::ACTIVE_USER_STATUS as i16))
        .order_by_asc(membership::Column::OrgId)
        .into_tuple::<i64>()
        .all(store.conn())
        .await?;
    for org_id in administered {
        let sub = subscription::Entity::find()
            .filter(subscription::Column::OrgId.eq(org_id))
            .filter(subscription::Column::CustomerId.is_not_null())
            .order_by_desc(subscription::Column::Id)
            .one(store.conn())
            .await?;
        if let Some(found) = sub.and_then(customer_of) {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// The active administrators of `org_id`.
pub async fn admins_of(store: &Store, org_id: i64) -> Result<Vec<i64>, StoreError> {
    use crate::entity::membership;
    use sea_orm::QuerySelect;
    Ok(membership::Entity::find()
        .select_only()
        .column(membership::Column::UserId)
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::RoleId.eq(domain::roles::ADMIN_ROLE_ID as i16))
        .filter(membership::Column::UserStatus.eq(domain::roles::ACTIVE_USER_STATUS as i16))
        .into_tuple::<i64>()
        .all(store.conn())
        .await?)
}
