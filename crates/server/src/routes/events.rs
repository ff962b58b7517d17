//! Ingestion of the extension's dashboard events (issue #6): batches of call logs and chat
//! messages for one organisation, each event read by the domain's rules, the valid ones stored
//! idempotently (by event id within the organisation) and acknowledged only after the commit,
//! the broken ones reported one field at a time.
//!
//! The caller must be an active member of the organisation; an event's `CreatedByUser` must be
//! a member the caller may see (001 §6: an admin anyone active, a manager their team, an
//! employee themself), so nobody files calls in another person's name.

use super::{Access, Routes};
use crate::access::{member, visible};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Json;
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::StatusEnvelope;
use contract::analytics::{
    CallEventsBatch, EventError, IngestReport, MessageEventsBatch, UsageEventsBatch,
};
use contract::ErrorCode;
use domain::accounts::ACTIVE_USER_STATUS;
use domain::dates::zone_or_default;
use domain::events::{
    parse_call_event, parse_message_event, parse_usage_event, CallEventInput, FieldError,
    MessageEventInput, UsageEventInput,
};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::HashSet;
use utoipa_axum::routes;

/// The most events one batch may carry; more is 413 `payload_too_large`.
pub const MAX_BATCH_EVENTS: usize = 1_000;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add_extension(Access::Scoped, routes!(ingest_calls))
        .add_extension(Access::Scoped, routes!(ingest_messages))
        .add_extension(Access::Scoped, routes!(ingest_quick_replies))
        .add_extension(Access::Scoped, routes!(ingest_schedulers))
}

/// A batch as it arrives: each event is read on its own, so one malformed event does not
/// refuse the others.
#[derive(Deserialize)]
pub struct RawBatch {
    org_id: i64,
    events: Vec<serde_json::Value>,
}

/// What the handlers share: membership, the batch bound, reading each event, and who the
/// caller may send for.
struct Batch<T> {
    report: IngestReport,
    valid: Vec<T>,
}

fn event_id(v: &serde_json::Value, keys: &[&str]) -> Option<String> {
    keys.iter().find_map(|k| match v.get(*k)? {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

async fn read_batch<I: DeserializeOwned, T>(
    state: &AppState,
    user: &store::entity::user::Model,
    raw: RawBatch,
    id_keys: &[&str],
    parse: impl Fn(&I, domain::events::Zone, i64) -> Result<T, Vec<FieldError>>,
    owner: impl Fn(&T) -> i64,
) -> Result<Batch<T>, AppError> {
    let me = member(state, user, raw.org_id).await?;
    if raw.events.len() > MAX_BATCH_EVENTS {
        return Err(AppError::new(
            ErrorCode::PayloadTooLarge,
            format!(
                "{} events in one batch; at most {MAX_BATCH_EVENTS}",
                raw.events.len()
            ),
        ));
    }
    let org = store::orgs::organisation(&state.store, raw.org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let tz = zone_or_default(Some(&org.time_zone))
        .map_err(|e| AppError::internal(format!("organisation zone: {}", e.code())))?;
    let now = state.clock.now_ms();
    let all = store::orgs::employees(&state.store, raw.org_id, None).await?;
    let members: HashSet<i64> = all.iter().map(|r| r.user.id).collect();
    let allowed: HashSet<i64> = visible(&me, user, all, true)
        .iter()
        .filter(|r| r.membership.user_status == ACTIVE_USER_STATUS)
        .map(|r| r.user.id)
        .collect();
    let mut report = IngestReport {
        received: raw.events.len() as u32,
        stored: 0,
        duplicates: 0,
        rejected: Vec::new(),
    };
    let mut valid = Vec::new();
    for (i, value) in raw.events.into_iter().enumerate() {
        let index = i as u32;
        let id = event_id(&value, id_keys);
        let reject = |field: &str, code: &str| EventError {
            index,
            id: id.clone(),
            field: field.to_owned(),
            code: code.to_owned(),
        };
        let input: I = match serde_json::from_value(value) {
            Ok(input) => input,
            Err(_) => {
                report
                    .rejected
                    .push(reject("event", ErrorCode::MalformedBody.code()));
                continue;
            }
        };
        match parse(&input, tz, now) {
            Err(errs) => report
                .rejected
                .extend(errs.iter().map(|e| reject(e.field, e.code.code()))),
            Ok(ev) => {
                let who = owner(&ev);
                if !members.contains(&who) {
                    report
                        .rejected
                        .push(reject("CreatedByUser", ErrorCode::NotFound.code()));
                } else if !allowed.contains(&who) {
                    report
                        .rejected
                        .push(reject("CreatedByUser", ErrorCode::Forbidden.code()));
                } else {
                    valid.push(ev);
                }
            }
        }
    }
    Ok(Batch { report, valid })
}

fn finish<T>(mut batch: Batch<T>, stored: u64) -> Json<StatusEnvelope<IngestReport>> {
    batch.report.stored = stored as u32;
    batch.report.duplicates = (batch.valid.len() as u64).saturating_sub(stored) as u32;
    Json(StatusEnvelope {
        status: true,
        data: batch.report,
    })
}

/// Stores a batch of call-log events (001 §3). Valid events are kept even when others are
/// refused; a resent batch stores nothing twice.
#[utoipa::path(
    post,
    path = "/api/v2/events/calls",
    tag = "analytics",
    request_body = CallEventsBatch,
    responses(
        (status = 200, description = "Stored, duplicates and refused events", body = StatusEnvelope<IngestReport>),
        (status = 400, description = "Not a batch (no org_id or events list)", body = contract::ErrorBody),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
        (status = 413, description = "More than 1 000 events, or a body over the size limit", body = contract::ErrorBody),
    )
)]
pub async fn ingest_calls(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(raw): Json<RawBatch>,
) -> Result<Json<StatusEnvelope<IngestReport>>, AppError> {
    let org_id = raw.org_id;
    let batch = read_batch::<CallEventInput, _>(
        &state,
        &user,
        raw,
        &["id", "_id", "EventId"],
        parse_call_event,
        |e| e.user_id,
    )
    .await?;
    let stored =
        store::analytics::insert_calls(&state.store, org_id, &batch.valid, state.clock.now_ms())
            .await?;
    Ok(finish(batch, stored))
}

/// Stores a batch of chat-message events (000 §3 webhook fields), as the call batch, and in the
/// same transaction queues each new message's deliveries (the organisation's webhook, the
/// sender's CRM and spreadsheet links their label rules allow).
#[utoipa::path(
    post,
    path = "/api/v2/events/messages",
    tag = "analytics",
    request_body = MessageEventsBatch,
    responses(
        (status = 200, description = "Stored, duplicates and refused events", body = StatusEnvelope<IngestReport>),
        (status = 400, description = "Not a batch (no org_id or events list)", body = contract::ErrorBody),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
        (status = 413, description = "More than 1 000 events, or a body over the size limit", body = contract::ErrorBody),
    )
)]
pub async fn ingest_messages(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(raw): Json<RawBatch>,
) -> Result<Json<StatusEnvelope<IngestReport>>, AppError> {
    let org_id = raw.org_id;
    let batch = read_batch::<MessageEventInput, _>(
        &state,
        &user,
        raw,
        &["MessageId"],
        parse_message_event,
        |e| e.user_id,
    )
    .await?;
    let mut senders: Vec<i64> = batch.valid.iter().map(|e| e.user_id).collect();
    senders.sort_unstable();
    senders.dedup();
    let planner = crate::sync::Planner::load(&state, org_id, &senders).await?;
    let stored = store::analytics::insert_messages_with_jobs(
        &state.store,
        org_id,
        &batch.valid,
        state.clock.now_ms(),
        |e| planner.jobs_for(e),
    )
    .await?;
    state.sync_wake.notify_one();
    if stored > 0 {
        for member in &senders {
            crate::inbox::views::publish_member_chats(&state, org_id, *member).await?;
        }
    }
    Ok(finish(batch, stored))
}

async fn ingest_usage(
    state: &AppState,
    user: &store::entity::user::Model,
    raw: RawBatch,
    kind: store::analytics::UsageKind,
) -> Result<Json<StatusEnvelope<IngestReport>>, AppError> {
    let org_id = raw.org_id;
    let batch = read_batch::<UsageEventInput, _>(
        state,
        user,
        raw,
        &["id", "_id", "EventId"],
        parse_usage_event,
        |e| e.user_id,
    )
    .await?;
    let stored = store::analytics::insert_usage(
        &state.store,
        org_id,
        kind,
        &batch.valid,
        state.clock.now_ms(),
    )
    .await?;
    Ok(finish(batch, stored))
}

/// Stores quick replies sent (001 §3 quick reply analytics), as the call batch.
#[utoipa::path(
    post,
    path = "/api/v2/events/quick-replies",
    tag = "analytics",
    request_body = UsageEventsBatch,
    responses(
        (status = 200, description = "Stored, duplicates and refused events", body = StatusEnvelope<IngestReport>),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
        (status = 413, description = "More than 1 000 events", body = contract::ErrorBody),
    )
)]
pub async fn ingest_quick_replies(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(raw): Json<RawBatch>,
) -> Result<Json<StatusEnvelope<IngestReport>>, AppError> {
    ingest_usage(&state, &user, raw, store::analytics::UsageKind::QuickReply).await
}

/// Stores messages scheduled (001 §3 scheduler analytics), as the call batch.
#[utoipa::path(
    post,
    path = "/api/v2/events/schedulers",
    tag = "analytics",
    request_body = UsageEventsBatch,
    responses(
        (status = 200, description = "Stored, duplicates and refused events", body = StatusEnvelope<IngestReport>),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
        (status = 413, description = "More than 1 000 events", body = contract::ErrorBody),
    )
)]
pub async fn ingest_schedulers(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(raw): Json<RawBatch>,
) -> Result<Json<StatusEnvelope<IngestReport>>, AppError> {
    ingest_usage(&state, &user, raw, store::analytics::UsageKind::Scheduler).await
}
