//! The manage tools' rows (issue #18): quick replies, labels, funnels, user properties and
//! their values, tags, follow-ups, notes, preferences, and scheduled messages with their sends.
//! Every query names the workspace (`org_id`, 0 for a person's own) and, for personal rows,
//! the owner. The claim of due sends is one statement (a lease, `FOR UPDATE SKIP LOCKED` on
//! PostgreSQL) so a send is never handed to two claimers while its lease lives.

use crate::entity::manage::{
    follow_up, funnel, label, note, preference, property, property_value, quick_reply, schedule,
    send, tags,
};
use crate::entity::membership;
use crate::{DbKind, EpochMs, Store, StoreError};
use domain::accounts::ACTIVE_USER_STATUS;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, IntoActiveModel,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, Statement, TransactionTrait, Value,
};

/// Inserts a new row (its `id` left to the database) and answers it.
macro_rules! insert_fn {
    ($name:ident, $module:ident) => {
        pub async fn $name(
            store: &Store,
            row: $module::Model,
        ) -> Result<$module::Model, StoreError> {
            let mut am = row.into_active_model().reset_all();
            am.id = sea_orm::ActiveValue::NotSet;
            Ok(am.insert(store.conn()).await?)
        }
    };
}

/// Writes every field of a row back.
macro_rules! update_fn {
    ($name:ident, $module:ident) => {
        pub async fn $name(
            store: &Store,
            row: $module::Model,
        ) -> Result<$module::Model, StoreError> {
            Ok(row
                .into_active_model()
                .reset_all()
                .update(store.conn())
                .await?)
        }
    };
}

mod attachments;
pub use attachments::{
    swap_quick_reply_attachment, swap_schedule_attachment, update_quick_reply, update_schedule,
    AttachmentColumns,
};

insert_fn!(insert_quick_reply, quick_reply);
insert_fn!(insert_label, label);
update_fn!(update_label, label);
insert_fn!(insert_funnel, funnel);
update_fn!(update_funnel, funnel);
insert_fn!(insert_property, property);
update_fn!(update_property, property);
insert_fn!(insert_follow_up, follow_up);
update_fn!(update_follow_up, follow_up);
insert_fn!(insert_note, note);
update_fn!(update_note, note);

// ---- Quick replies ----

/// The quick replies a member sees in a workspace: their own, and those of `teams` (the
/// member's team, or every team for an admin).
pub async fn quick_replies(
    store: &Store,
    org_id: i64,
    user_id: i64,
    teams: TeamScope,
) -> Result<Vec<quick_reply::Model>, StoreError> {
    let mut shared = Condition::any().add(quick_reply::Column::OwnerId.eq(user_id));
    match teams {
        TeamScope::All => shared = shared.add(quick_reply::Column::TeamId.is_not_null()),
        TeamScope::One(t) => shared = shared.add(quick_reply::Column::TeamId.eq(t)),
        TeamScope::None => {}
    }
    Ok(quick_reply::Entity::find()
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .filter(shared)
        .order_by_asc(quick_reply::Column::Name)
        .order_by_asc(quick_reply::Column::Id)
        .all(store.conn())
        .await?)
}

/// Which teams' shared rows a member sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamScope {
    None,
    One(i64),
    All,
}

pub async fn quick_reply(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<quick_reply::Model>, StoreError> {
    Ok(quick_reply::Entity::find_by_id(id)
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

/// How many quick replies `user_id` owns in the workspace (the Free plan's limit counts these).
pub async fn owned_quick_replies(
    store: &Store,
    org_id: i64,
    user_id: i64,
) -> Result<u64, StoreError> {
    Ok(quick_reply::Entity::find()
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .filter(quick_reply::Column::OwnerId.eq(user_id))
        .count(store.conn())
        .await?)
}

pub async fn delete_quick_reply(store: &Store, org_id: i64, id: i64) -> Result<u64, StoreError> {
    Ok(quick_reply::Entity::delete_many()
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .filter(quick_reply::Column::Id.eq(id))
        .exec(store.conn())
        .await?
        .rows_affected)
}

/// Adds one to a quick reply's sent count.
pub async fn count_quick_reply_sent(store: &Store, org_id: i64, id: i64) -> Result<(), StoreError> {
    quick_reply::Entity::update_many()
        .col_expr(
            quick_reply::Column::SentCount,
            Expr::col(quick_reply::Column::SentCount).add(1),
        )
        .filter(quick_reply::Column::OrgId.eq(org_id))
        .filter(quick_reply::Column::Id.eq(id))
        .exec(store.conn())
        .await?;
    Ok(())
}

// ---- Labels and funnels ----

/// The labels a member sees: their own, and the workspace's shared ones.
pub async fn labels(
    store: &Store,
    org_id: i64,
    user_id: i64,
) -> Result<Vec<label::Model>, StoreError> {
    Ok(label::Entity::find()
        .filter(label::Column::OrgId.eq(org_id))
        .filter(
            Condition::any()
                .add(label::Column::OwnerId.eq(user_id))
                .add(label::Column::Shared.eq(true)),
        )
        .order_by_asc(label::Column::Id)
        .all(store.conn())
        .await?)
}

pub async fn label(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<label::Model>, StoreError> {
    Ok(label::Entity::find_by_id(id)
        .filter(label::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

/// Custom labels `user_id` owns in the workspace (the Free plan's limit counts these).
pub async fn owned_labels(store: &Store, org_id: i64, user_id: i64) -> Result<u64, StoreError> {
    Ok(label::Entity::find()
        .filter(label::Column::OrgId.eq(org_id))
        .filter(label::Column::OwnerId.eq(user_id))
        .count(store.conn())
        .await?)
}

/// Deletes a label and its sublabels.
pub async fn delete_label(store: &Store, org_id: i64, id: i64) -> Result<u64, StoreError> {
    Ok(label::Entity::delete_many()
        .filter(label::Column::OrgId.eq(org_id))
        .filter(
            Condition::any()
                .add(label::Column::Id.eq(id))
                .add(label::Column::ParentId.eq(id)),
        )
        .exec(store.conn())
        .await?
        .rows_affected)
}

pub async fn funnels(
    store: &Store,
    org_id: i64,
    user_id: i64,
) -> Result<Vec<funnel::Model>, StoreError> {
    Ok(funnel::Entity::find()
        .filter(funnel::Column::OrgId.eq(org_id))
        .filter(
            Condition::any()
                .add(funnel::Column::OwnerId.eq(user_id))
                .add(funnel::Column::Shared.eq(true)),
        )
        .order_by_asc(funnel::Column::Id)
        .all(store.conn())
        .await?)
}

pub async fn funnel(
    store: &Store,
    org_id: i64,
    id: i64,
) -> Result<Option<funnel::Model>, StoreError> {
    Ok(funnel::Entity::find_by_id(id)
        .filter(funnel::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?)
}

pub async fn delete_funnel(store: &Store, org_id: i64, id: i64) -> Result<u64, StoreError> {
    Ok(funnel::Entity::delete_many()
        .filter(funnel::Column::OrgId.eq(org_id))
        .filter(funnel::Column::Id.eq(id))
        .exec(store.conn())
        .await?
        .rows_affected)
}

// ---- User properties ----

pub async fn properties(store: &Store, org_id: i64) -> Result<Vec<property::Model>, StoreError> {
    Ok(property::Entity::find()
        .filter(property::Column::OrgId.eq(org_id))
        .order_by_asc(property::Column::Id)
        .all(store.conn())
        .await?)
}

/// Deletes a property and every contact's value of it.
pub async fn delete_property(store: &Store, org_id: i64, id: i64) -> Result<u64, StoreError> {
    let txn = store.conn().begin().await?;
    property_value::Entity::delete_many()
        .filter(property_value::Column::OrgId.eq(org_id))
        .filter(property_value::Column::PropertyId.eq(id))
        .exec(&txn)
        .await?;
    let n = property::Entity::delete_many()
        .filter(property::Column::OrgId.eq(org_id))
        .filter(property::Column::Id.eq(id))
        .exec(&txn)
        .await?
        .rows_affected;
    txn.commit().await?;
    Ok(n)
}

pub async fn contact_values(
    store: &Store,
    org_id: i64,
    contact: &str,
) -> Result<Vec<property_value::Model>, StoreError> {
    Ok(property_value::Entity::find()
        .filter(property_value::Column::OrgId.eq(org_id))
        .filter(property_value::Column::Contact.eq(contact))
        .order_by_asc(property_value::Column::PropertyId)
        .all(store.conn())
        .await?)
}

/// Sets a contact's values in one transaction (an empty value removes it).
pub async fn set_contact_values(
    store: &Store,
    org_id: i64,
    contact: &str,
    values: &[(i64, String)],
    user_id: i64,
    now: EpochMs,
) -> Result<(), StoreError> {
    let txn = store.conn().begin().await?;
    for (property_id, value) in values {
        property_value::Entity::delete_many()
            .filter(property_value::Column::OrgId.eq(org_id))
            .filter(property_value::Column::PropertyId.eq(*property_id))
            .filter(property_value::Column::Contact.eq(contact))
            .exec(&txn)
            .await?;
        if !value.is_empty() {
            property_value::ActiveModel {
                org_id: Set(org_id),
                property_id: Set(*property_id),
                contact: Set(contact.to_owned()),
                value: Set(value.clone()),
                updated_by: Set(user_id),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
    }
    txn.commit().await?;
    Ok(())
}

// ---- Tags ----

/// Every contact's tags in a workspace for `owner_id` (0: the organisation's).
pub async fn all_tags(
    store: &Store,
    org_id: i64,
    owner_id: i64,
) -> Result<Vec<tags::Model>, StoreError> {
    Ok(tags::Entity::find()
        .filter(tags::Column::OrgId.eq(org_id))
        .filter(tags::Column::OwnerId.eq(owner_id))
        .order_by_asc(tags::Column::Contact)
        .all(store.conn())
        .await?)
}

/// One contact's tags row, if any.
pub async fn tags_of(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    contact: &str,
) -> Result<Option<tags::Model>, StoreError> {
    Ok(tags::Entity::find()
        .filter(tags::Column::OrgId.eq(org_id))
        .filter(tags::Column::OwnerId.eq(owner_id))
        .filter(tags::Column::Contact.eq(contact))
        .one(store.conn())
        .await?)
}

/// Sets a contact's tags (a JSON array).
pub async fn set_tags(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    contact: &str,
    tags_json: &str,
    now: EpochMs,
) -> Result<tags::Model, StoreError> {
    let row = tags::ActiveModel {
        org_id: Set(org_id),
        owner_id: Set(owner_id),
        contact: Set(contact.to_owned()),
        tags: Set(tags_json.to_owned()),
        updated_at: Set(now),
        ..Default::default()
    };
    tags::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([
                tags::Column::OrgId,
                tags::Column::OwnerId,
                tags::Column::Contact,
            ])
            .update_columns([tags::Column::Tags, tags::Column::UpdatedAt])
            .to_owned(),
        )
        .exec(store.conn())
        .await?;
    tags_of(store, org_id, owner_id, contact)
        .await?
        .ok_or(StoreError::NotFound)
}

// ---- Follow-ups and notes ----

pub async fn follow_ups(
    store: &Store,
    org_id: i64,
    owner_id: i64,
) -> Result<Vec<follow_up::Model>, StoreError> {
    Ok(follow_up::Entity::find()
        .filter(follow_up::Column::OrgId.eq(org_id))
        .filter(follow_up::Column::OwnerId.eq(owner_id))
        .order_by_asc(follow_up::Column::DueAt)
        .order_by_asc(follow_up::Column::Id)
        .all(store.conn())
        .await?)
}

pub async fn follow_up(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<Option<follow_up::Model>, StoreError> {
    Ok(follow_up::Entity::find_by_id(id)
        .filter(follow_up::Column::OrgId.eq(org_id))
        .filter(follow_up::Column::OwnerId.eq(owner_id))
        .one(store.conn())
        .await?)
}

pub async fn delete_follow_up(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<u64, StoreError> {
    Ok(follow_up::Entity::delete_many()
        .filter(follow_up::Column::OrgId.eq(org_id))
        .filter(follow_up::Column::OwnerId.eq(owner_id))
        .filter(follow_up::Column::Id.eq(id))
        .exec(store.conn())
        .await?
        .rows_affected)
}

pub async fn notes(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    contact: &str,
) -> Result<Vec<note::Model>, StoreError> {
    Ok(note::Entity::find()
        .filter(note::Column::OrgId.eq(org_id))
        .filter(note::Column::OwnerId.eq(owner_id))
        .filter(note::Column::Contact.eq(contact))
        .order_by_desc(note::Column::UpdatedAt)
        .all(store.conn())
        .await?)
}

pub async fn note(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<Option<note::Model>, StoreError> {
    Ok(note::Entity::find_by_id(id)
        .filter(note::Column::OrgId.eq(org_id))
        .filter(note::Column::OwnerId.eq(owner_id))
        .one(store.conn())
        .await?)
}

pub async fn delete_note(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<u64, StoreError> {
    Ok(note::Entity::delete_many()
        .filter(note::Column::OrgId.eq(org_id))
        .filter(note::Column::OwnerId.eq(owner_id))
        .filter(note::Column::Id.eq(id))
        .exec(store.conn())
        .await?
        .rows_affected)
}

/// A person's notification settings (on, with sound, until changed).
pub async fn preferences(store: &Store, user_id: i64) -> Result<(bool, bool), StoreError> {
    Ok(preference::Entity::find_by_id(user_id)
        .one(store.conn())
        .await?
        .map_or((true, true), |p| {
            (p.notifications_enabled, p.notification_sound)
        }))
}

pub async fn set_preferences(
    store: &Store,
    user_id: i64,
    enabled: bool,
    sound: bool,
) -> Result<(), StoreError> {
    preference::Entity::insert(preference::ActiveModel {
        id: Set(user_id),
        notifications_enabled: Set(enabled),
        notification_sound: Set(sound),
    })
    .on_conflict(
        OnConflict::column(preference::Column::Id)
            .update_columns([
                preference::Column::NotificationsEnabled,
                preference::Column::NotificationSound,
            ])
            .to_owned(),
    )
    .exec(store.conn())
    .await?;
    Ok(())
}

// ---- Scheduled messages ----

/// Stores a schedule with its first send, in one transaction.
pub async fn insert_schedule(
    store: &Store,
    row: schedule::Model,
    first_due: EpochMs,
) -> Result<schedule::Model, StoreError> {
    let txn = store.conn().begin().await?;
    let mut am = row.into_active_model().reset_all();
    am.id = sea_orm::ActiveValue::NotSet;
    let saved = am.insert(&txn).await?;
    insert_send(&txn, saved.id, saved.owner_id, 0, first_due).await?;
    txn.commit().await?;
    Ok(saved)
}

async fn insert_send<C: ConnectionTrait>(
    db: &C,
    schedule_id: i64,
    owner_id: i64,
    occurrence: i32,
    due_at: EpochMs,
) -> Result<(), StoreError> {
    send::Entity::insert(send::ActiveModel {
        schedule_id: Set(schedule_id),
        owner_id: Set(owner_id),
        occurrence: Set(occurrence),
        due_at: Set(due_at),
        status: Set("due".into()),
        lease_until: Set(None),
        claim_token: Set(None),
        late: Set(false),
        error: Set(None),
        finished_at: Set(None),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([send::Column::ScheduleId, send::Column::Occurrence])
            .do_nothing()
            .to_owned(),
    )
    .do_nothing()
    .exec(db)
    .await?;
    Ok(())
}

/// Adds the send `occurrence` of a schedule at `due_at` (once: a second add is ignored).
pub async fn add_send(
    store: &Store,
    schedule_id: i64,
    owner_id: i64,
    occurrence: i32,
    due_at: EpochMs,
) -> Result<(), StoreError> {
    insert_send(store.conn(), schedule_id, owner_id, occurrence, due_at).await
}

pub async fn schedules(
    store: &Store,
    org_id: i64,
    owner_id: i64,
) -> Result<Vec<schedule::Model>, StoreError> {
    Ok(schedule::Entity::find()
        .filter(schedule::Column::OrgId.eq(org_id))
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .order_by_desc(schedule::Column::Id)
        .all(store.conn())
        .await?)
}

pub async fn schedule(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<Option<schedule::Model>, StoreError> {
    Ok(schedule::Entity::find_by_id(id)
        .filter(schedule::Column::OrgId.eq(org_id))
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .one(store.conn())
        .await?)
}

/// A schedule by id whatever its workspace (the claim's follow-up work).
pub async fn schedule_of_owner(
    store: &Store,
    owner_id: i64,
    id: i64,
) -> Result<Option<schedule::Model>, StoreError> {
    Ok(schedule::Entity::find_by_id(id)
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .one(store.conn())
        .await?)
}

/// Some of `owner_id`'s schedules by id (the claim's schedules, in one query).
pub async fn schedules_by_ids(
    store: &Store,
    owner_id: i64,
    ids: &[i64],
) -> Result<Vec<schedule::Model>, StoreError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(schedule::Entity::find()
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .filter(schedule::Column::Id.is_in(ids.iter().copied()))
        .all(store.conn())
        .await?)
}

/// The sends of some schedules, newest first.
pub async fn sends_of(store: &Store, schedule_ids: &[i64]) -> Result<Vec<send::Model>, StoreError> {
    if schedule_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(send::Entity::find()
        .filter(send::Column::ScheduleId.is_in(schedule_ids.iter().copied()))
        .order_by_desc(send::Column::Occurrence)
        .all(store.conn())
        .await?)
}

/// Deletes a schedule and its sends.
pub async fn delete_schedule(
    store: &Store,
    org_id: i64,
    owner_id: i64,
    id: i64,
) -> Result<u64, StoreError> {
    let txn = store.conn().begin().await?;
    let n = schedule::Entity::delete_many()
        .filter(schedule::Column::OrgId.eq(org_id))
        .filter(schedule::Column::OwnerId.eq(owner_id))
        .filter(schedule::Column::Id.eq(id))
        .exec(&txn)
        .await?
        .rows_affected;
    if n > 0 {
        send::Entity::delete_many()
            .filter(send::Column::ScheduleId.eq(id))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(n)
}

/// Replaces a changed schedule's pending send by its new first one.
pub async fn reschedule(
    store: &Store,
    row: schedule::Model,
    due_at: EpochMs,
) -> Result<schedule::Model, StoreError> {
    let txn = store.conn().begin().await?;
    send::Entity::delete_many()
        .filter(send::Column::ScheduleId.eq(row.id))
        .filter(send::Column::Status.is_in(["due", "claimed"]))
        .exec(&txn)
        .await?;
    // Occurrence numbers restart after the highest one already used.
    let last: Option<i32> = send::Entity::find()
        .filter(send::Column::ScheduleId.eq(row.id))
        .select_only()
        .column_as(send::Column::Occurrence.max(), "m")
        .into_tuple::<Option<i32>>()
        .one(&txn)
        .await?
        .flatten();
    let next = last.map_or(0, |l| l + 1);
    let saved = row.into_active_model().reset_all().update(&txn).await?;
    insert_send(&txn, saved.id, saved.owner_id, next, due_at).await?;
    txn.commit().await?;
    Ok(saved)
}

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
    let txn = store.conn().begin().await?;
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

/// Who may change an organisation's team labels and quick replies.
pub async fn set_team_tools_editors(
    store: &Store,
    org_id: i64,
    editors: &str,
) -> Result<(), StoreError> {
    use crate::entity::organisation;
    organisation::Entity::update_many()
        .col_expr(organisation::Column::TeamToolsEditors, Expr::value(editors))
        .filter(organisation::Column::Id.eq(org_id))
        .exec(store.conn())
        .await?;
    Ok(())
}
