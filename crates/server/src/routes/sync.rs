//! The sync engine's screens (issue #7): the webhook delivery log with its tries and "resend",
//! rotating the endpoint's signing secret (admins); each employee's CRM label rules
//! (`crmLabelSyncData`: the employee themself, or an admin or manager who sees them); and the
//! integrations' last sync (001 §7) for the caller's links and the organisation's webhook.

use super::{Access, Routes};
use crate::access::{member, member_at, visible};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::links::{self, kinds::Webhooks};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::ResultEnvelope;
use contract::sync::{
    Delivery, DeliveryAttempt, DeliveryLog, DeliveryQuery, LabelRules, LabelRulesQuery, LastSync,
    OrgBody, SigningSecret,
};
use contract::ErrorCode;
use domain::delivery::SyncState;
use domain::labels::CrmLabelSync;
use domain::providers::Provider;
use domain::roles::AccessLevel;
use std::collections::BTreeMap;
use store::integrations::Owner;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(list_deliveries))
        .add(Access::Scoped, routes!(list_attempts))
        .add(Access::Scoped, routes!(resend_delivery))
        .add(Access::Scoped, routes!(rotate_secret))
        .add_extension(Access::Scoped, routes!(get_label_rules))
        .add(Access::Scoped, routes!(put_label_rules))
        .add_extension(Access::Scoped, routes!(last_sync))
}

fn delivery_of(d: store::sync::Delivery, now: i64) -> Delivery {
    let delivering = d.status == store::sync::PENDING && d.locked_until.is_some_and(|t| t > now);
    Delivery {
        id: d.id,
        webhook_id: d.delivery_id,
        event_id: d.event_id,
        status: if delivering {
            "delivering".to_owned()
        } else {
            d.status.clone()
        },
        attempts: d.attempts,
        max_attempts: d.max_attempts,
        last_status_code: d.last_status_code,
        last_latency_ms: d.last_latency_ms,
        last_error: d.last_error,
        next_attempt_at: (d.status == store::sync::PENDING && !delivering)
            .then_some(d.next_attempt_at),
        created_at: d.created_at,
        done_at: d.done_at,
    }
}

/// The newest deliveries of the organisation's webhook, newest first, 50 a page (at most 100),
/// optionally of one status. Admins only.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/webhook/deliveries",
    tag = "sync",
    params(DeliveryQuery),
    responses(
        (status = 200, description = "A page of the log", body = ResultEnvelope<DeliveryLog>),
        (status = 400, description = "An unknown status or a limit out of range", body = contract::ErrorBody),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn list_deliveries(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<DeliveryQuery>,
) -> Result<Json<ResultEnvelope<DeliveryLog>>, AppError> {
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    let limit = q.limit.unwrap_or(50);
    if !(1..=100).contains(&limit) {
        return Err(AppError::invalid_field(
            "limit",
            domain::RuleError::ValueInvalid,
        ));
    }
    let status = match q.status.as_deref() {
        None | Some("") => None,
        Some(
            s @ (store::sync::PENDING
            | store::sync::DELIVERED
            | store::sync::SKIPPED
            | store::sync::DEAD),
        ) => Some(s),
        Some(_) => {
            return Err(AppError::invalid_field(
                "status",
                domain::RuleError::ValueInvalid,
            ))
        }
    };
    let rows = store::sync::deliveries(
        &state.store,
        q.org_id,
        store::sync::KIND_WEBHOOK,
        status,
        q.before,
        limit,
    )
    .await?;
    let next_before = (rows.len() == limit as usize)
        .then(|| rows.last().map(|d| d.id))
        .flatten();
    let now = state.clock.now_ms();
    Ok(Json(ResultEnvelope::ok(DeliveryLog {
        deliveries: rows.into_iter().map(|d| delivery_of(d, now)).collect(),
        next_before,
    })))
}

/// Every try of one delivery, oldest first. Admins only; another organisation's delivery is 404.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/webhook/deliveries/{id}/attempts",
    tag = "sync",
    params(("id" = i64, Path, description = "The delivery"), OrgBody),
    responses(
        (status = 200, description = "The tries", body = ResultEnvelope<Vec<DeliveryAttempt>>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no such delivery", body = contract::ErrorBody),
    )
)]
pub async fn list_attempts(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<OrgBody>,
) -> Result<Json<ResultEnvelope<Vec<DeliveryAttempt>>>, AppError> {
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    let tries = store::sync::attempts(&state.store, q.org_id, id).await?;
    if tries.is_empty()
        && !store::sync::job_exists(&state.store, q.org_id, store::sync::KIND_WEBHOOK, id).await?
    {
        return Err(AppError::not_found());
    }
    Ok(Json(ResultEnvelope::ok(
        tries
            .into_iter()
            .map(|a| DeliveryAttempt {
                attempt: a.attempt,
                status_code: a.status_code,
                latency_ms: a.latency_ms,
                ok: a.ok,
                error: a.error,
                at: a.at,
            })
            .collect(),
    )))
}

/// Sends a delivery again now, with the same `webhook-id`, its tries counted afresh. 409 while a
/// try of it is running. Admins only.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/webhook/deliveries/{id}/resend",
    tag = "sync",
    params(("id" = i64, Path, description = "The delivery")),
    request_body = OrgBody,
    responses(
        (status = 200, description = "Queued again", body = ResultEnvelope<Delivery>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no such delivery", body = contract::ErrorBody),
        (status = 409, description = "A try is running right now", body = contract::ErrorBody),
    )
)]
pub async fn resend_delivery(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<OrgBody>,
) -> Result<Json<ResultEnvelope<Delivery>>, AppError> {
    member_at(&state, &user, body.org_id, AccessLevel::Admin).await?;
    let kind = store::sync::KIND_WEBHOOK;
    if !store::sync::job_exists(&state.store, body.org_id, kind, id).await? {
        return Err(AppError::not_found());
    }
    let now = state.clock.now_ms();
    if !store::sync::resend(&state.store, body.org_id, kind, id, now).await? {
        return Err(AppError::new(
            ErrorCode::Conflict,
            "this delivery is being tried right now",
        ));
    }
    state.sync_wake.notify_one();
    let row = store::sync::delivery(&state.store, body.org_id, kind, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    Ok(Json(ResultEnvelope::ok(delivery_of(row, now))))
}

/// Makes a new signing secret for the endpoint and answers it (once); deliveries from now on
/// are signed with it. Admins only; 404 when no endpoint is saved.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/webhook/endpoints/secret",
    tag = "sync",
    request_body = OrgBody,
    responses(
        (status = 200, description = "The new secret", body = ResultEnvelope<SigningSecret>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no endpoint saved", body = contract::ErrorBody),
    )
)]
pub async fn rotate_secret(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<OrgBody>,
) -> Result<Json<ResultEnvelope<SigningSecret>>, AppError> {
    member_at(&state, &user, body.org_id, AccessLevel::Admin).await?;
    let owner = Owner::Org(body.org_id);
    let row = links::find::<Webhooks>(&state, owner)
        .await?
        .ok_or_else(AppError::not_found)?;
    let settings = links::settings::<Webhooks>(&row)?;
    let mut secret = links::secret::<Webhooks>(&state, &row)?;
    let made = crate::sync::new_signing_secret();
    secret.signing_secret = Some(made.clone());
    links::save::<Webhooks>(&state, owner, &settings, &secret).await?;
    Ok(Json(ResultEnvelope::ok(SigningSecret {
        org_id: body.org_id,
        signing_secret: made,
    })))
}

/// Whether the caller may read (or, with `write`, change) `user_id`'s label rules in `org_id`:
/// their own always; an admin anyone's; a manager (read only) the employees they see.
async fn may_touch_rules(
    state: &AppState,
    user: &store::entity::user::Model,
    org_id: i64,
    user_id: i64,
    write: bool,
) -> Result<(), AppError> {
    let me = member(state, user, org_id).await?;
    if user_id == user.id {
        return Ok(());
    }
    if write {
        AccessLevel::Admin
            .check(Some(i64::from(me.role_id)))
            .map_err(AppError::forbidden)?;
    }
    let all = store::orgs::employees(&state.store, org_id, None).await?;
    if visible(&me, user, all, false)
        .iter()
        .any(|r| r.user.id == user_id)
    {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// An employee's `crmLabelSyncData` (000 §3), one entry per CRM that has a rule.
#[utoipa::path(
    get,
    path = "/api/v2/crm-label-sync",
    tag = "sync",
    params(LabelRulesQuery),
    responses(
        (status = 200, description = "The rules", body = ResultEnvelope<LabelRules>),
        (status = 404, description = "Not a member, or an employee the caller does not see", body = contract::ErrorBody),
    )
)]
pub async fn get_label_rules(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<LabelRulesQuery>,
) -> Result<Json<ResultEnvelope<LabelRules>>, AppError> {
    may_touch_rules(&state, &user, q.org_id, q.user_id, false).await?;
    let rules = store::sync::label_rules(&state.store, q.org_id, q.user_id).await?;
    Ok(Json(ResultEnvelope::ok(LabelRules {
        org_id: q.org_id,
        user_id: q.user_id,
        crm_label_sync_data: rules,
    })))
}

/// Replaces an employee's `crmLabelSyncData`: every entry is checked by the domain's
/// `crm_label_sync` rule (422 naming the entry, e.g. `crmLabelSyncData[0]:
/// label_in_both_lists`); nothing is saved unless all pass. The employee themself or an admin.
#[utoipa::path(
    put,
    path = "/api/v2/crm-label-sync",
    tag = "sync",
    request_body = LabelRules,
    responses(
        (status = 200, description = "Saved, as stored", body = ResultEnvelope<LabelRules>),
        (status = 403, description = "Another person's rules, and not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or an employee the caller does not see", body = contract::ErrorBody),
        (status = 422, description = "An entry broke a rule", body = contract::ErrorBody),
    )
)]
pub async fn put_label_rules(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<LabelRules>,
) -> Result<Json<ResultEnvelope<LabelRules>>, AppError> {
    may_touch_rules(&state, &user, body.org_id, body.user_id, true).await?;
    let mut errors = BTreeMap::new();
    let mut rules: Vec<CrmLabelSync> = Vec::new();
    for (i, raw) in body.crm_label_sync_data.iter().enumerate() {
        match CrmLabelSync::parse(raw) {
            Ok(r) if rules.iter().any(|o| o.crm_name == r.crm_name) => {
                errors.insert(
                    format!("crmLabelSyncData[{i}]"),
                    domain::RuleError::ValueInvalid.code().to_owned(),
                );
            }
            Ok(r) => rules.push(r),
            Err(rule) => {
                errors.insert(format!("crmLabelSyncData[{i}]"), rule.code().to_owned());
            }
        }
    }
    if !errors.is_empty() {
        return Err(AppError::invalid_fields(errors));
    }
    let now = state.clock.now_ms();
    store::sync::set_label_rules(&state.store, body.org_id, body.user_id, &rules, now).await?;
    let stored = store::sync::label_rules(&state.store, body.org_id, body.user_id).await?;
    Ok(Json(ResultEnvelope::ok(LabelRules {
        org_id: body.org_id,
        user_id: body.user_id,
        crm_label_sync_data: stored,
    })))
}

async fn sync_of(
    state: &AppState,
    row: &store::entity::integration::Model,
    provider: Provider,
    stopped: bool,
) -> Result<LastSync, AppError> {
    let (pending, _, dead) = store::sync::link_counts(&state.store, row.id).await?;
    // Read the link after the counts: a worker that committed in between then shows its state
    // with the counts it left, never an older state with newer counts.
    let fresh = store::integrations::by_id(&state.store, row.id).await?;
    let row = fresh.as_ref().unwrap_or(row);
    let status = if stopped {
        SyncState::Stopped
    } else if row.status == store::integrations::STATUS_NEEDS_RECONNECT {
        SyncState::Failed
    } else {
        match row.sync_status.as_deref() {
            Some(s) => SyncState::from_stored(s),
            None if pending > 0 => SyncState::Processing,
            None => SyncState::Starting,
        }
    };
    Ok(LastSync {
        provider,
        sync_status: status,
        last_sync_at: row.last_sync_at,
        sync_error: row.sync_error.clone(),
        pending,
        dead,
    })
}

/// 001 §7 `integrations last sync`: the sync state of the caller's CRM and spreadsheet links and
/// of the organisation's webhook (000 §4 statuses), when each last delivered, the last failure,
/// and how many deliveries wait or were given up.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/integrations/lastsync",
    tag = "sync",
    params(OrgBody),
    responses(
        (status = 200, description = "One entry per link", body = ResultEnvelope<Vec<LastSync>>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn last_sync(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<OrgBody>,
) -> Result<Json<ResultEnvelope<Vec<LastSync>>>, AppError> {
    member(&state, &user, q.org_id).await?;
    let mut out = Vec::new();
    for row in store::integrations::links_of_user(&state.store, user.id).await? {
        match Provider::from_key(&row.provider) {
            Some(p) if p.syncs_activity() => out.push(sync_of(&state, &row, p, false).await?),
            _ => {}
        }
    }
    if let Some(row) = links::find::<Webhooks>(&state, Owner::Org(q.org_id)).await? {
        let switched_off = links::settings::<Webhooks>(&row)?.status != 1;
        out.push(sync_of(&state, &row, Provider::Webhooks, switched_off).await?);
    }
    Ok(Json(ResultEnvelope::ok(out)))
}
