//! Invitations and the organisation's change log (issue #25): who invited a member and when the
//! newest invitation went out, the person's chosen language, and `org_audit`, the record of the
//! changes an organisation's admins and managers make.

use crate::entity::{membership, org_audit, user};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

/// Records who invited these members of `org_id` and, when an e-mail went out, when.
pub async fn mark_invited(
    store: &Store,
    org_id: i64,
    user_ids: &[i64],
    inviter: i64,
    sent_at: Option<EpochMs>,
) -> Result<(), StoreError> {
    if user_ids.is_empty() {
        return Ok(());
    }
    let mut q = membership::Entity::update_many()
        .col_expr(membership::Column::InvitedBy, Expr::value(inviter));
    if let Some(at) = sent_at {
        q = q.col_expr(membership::Column::InvitationSentAt, Expr::value(at));
    }
    q.filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::UserId.is_in(user_ids.iter().copied()))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// Stores the language a person chose (a catalogue tag such as `es` or `pt-BR`).
pub async fn set_language(
    store: &Store,
    user_id: i64,
    language: &str,
    now: EpochMs,
) -> Result<(), StoreError> {
    user::Entity::update_many()
        .col_expr(user::Column::PreferredLanguage, Expr::value(language))
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(user_id))
        .exec(store.conn())
        .await?;
    Ok(())
}

/// A change to record in the organisation's log.
#[derive(Debug, Clone)]
pub struct OrgChange<'a> {
    pub org_id: i64,
    pub actor_id: Option<i64>,
    /// A stable key: `time_zone_changed`, `organisation_renamed`, `member_updated`,
    /// `invitation_resent`, …
    pub action: &'a str,
    pub target_user_id: Option<i64>,
    /// A JSON object: the values before and after.
    pub detail: serde_json::Value,
}

/// Adds one line to the organisation's change log.
pub async fn audit(
    db: &impl ConnectionTrait,
    change: OrgChange<'_>,
    now: EpochMs,
) -> Result<(), StoreError> {
    org_audit::ActiveModel {
        org_id: Set(change.org_id),
        actor_id: Set(change.actor_id),
        at: Set(now),
        action: Set(change.action.to_owned()),
        target_user_id: Set(change.target_user_id),
        detail: Set(change.detail.to_string()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// How many times `action` was recorded for `target_user_id` in `org_id` since `since`.
pub async fn audited_since(
    store: &Store,
    org_id: i64,
    target_user_id: i64,
    action: &str,
    since: EpochMs,
) -> Result<u64, StoreError> {
    Ok(org_audit::Entity::find()
        .filter(org_audit::Column::OrgId.eq(org_id))
        .filter(org_audit::Column::TargetUserId.eq(target_user_id))
        .filter(org_audit::Column::Action.eq(action))
        .filter(org_audit::Column::At.gte(since))
        .count(store.conn())
        .await?)
}

/// A page of the organisation's change log, newest first, and how many lines it has.
pub async fn org_log_page(
    store: &Store,
    org_id: i64,
    offset: u64,
    limit: u64,
) -> Result<(Vec<org_audit::Model>, u64), StoreError> {
    use sea_orm::QuerySelect;
    let query = org_audit::Entity::find().filter(org_audit::Column::OrgId.eq(org_id));
    let total = query.clone().count(store.conn()).await?;
    let rows = query
        .order_by_desc(org_audit::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(store.conn())
        .await?;
    Ok((rows, total))
}

/// The organisation's change log, newest first (at most `limit` lines).
pub async fn org_log(
    store: &Store,
    org_id: i64,
    limit: u64,
) -> Result<Vec<org_audit::Model>, StoreError> {
    use sea_orm::QuerySelect;
    Ok(org_audit::Entity::find()
        .filter(org_audit::Column::OrgId.eq(org_id))
        .order_by_desc(org_audit::Column::Id)
        .limit(limit)
        .all(store.conn())
        .await?)
}

/// The chosen language of whoever invited this person most recently, while an invitation is
/// still pending (the invited person's language until they choose one).
pub async fn inviter_language(store: &Store, user_id: i64) -> Result<Option<String>, StoreError> {
    let db = store.conn();
    let Some(inviter) = membership::Entity::find()
        .filter(membership::Column::UserId.eq(user_id))
        .filter(membership::Column::UserStatus.eq(domain::accounts::INVITED_USER_STATUS))
        .filter(membership::Column::InvitedBy.is_not_null())
        .order_by_desc(membership::Column::Id)
        .one(db)
        .await?
        .and_then(|m| m.invited_by)
    else {
        return Ok(None);
    };
    Ok(user::Entity::find_by_id(inviter)
        .one(db)
        .await?
        .and_then(|u| u.preferred_language))
}

/// How the change log names these people: their name, else their e-mail (those that exist).
pub async fn people_names(
    store: &Store,
    ids: &[i64],
) -> Result<std::collections::HashMap<i64, String>, StoreError> {
    if ids.is_empty() {
        return Ok(Default::default());
    }
    Ok(user::Entity::find()
        .filter(user::Column::Id.is_in(ids.iter().copied()))
        .all(store.conn())
        .await?
        .into_iter()
        .filter_map(|u| {
            let name = u.name.filter(|n| !n.trim().is_empty()).or(u.email)?;
            Some((u.id, name))
        })
        .collect())
}
