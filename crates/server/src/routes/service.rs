//! The Lead CRM's tickets and call logs (issue #29, 001 §2: "deals, tickets and call logs"
//! created from a contact or a chat): a contact's tickets made, changed (status moves it along
//! the ticket pipeline; closing stamps `closed_at`) and removed, and its calls logged and
//! removed. Seen by whoever sees the contact (routes/contacts); each is written to the
//! contact's HubSpot record when it is linked (`crm_sync::service`).

use super::contacts::{scope, seen_contact};
use super::{Access, Routes};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use axum::http::StatusCode;
use contract::service::{
    CallLog, ContactRecordsQuery, NewCallLog, NewTicket, Ticket, TicketUpdate,
};
use contract::sync::OrgBody;
use domain::contacts::{deals as text_rules, service as rules};
use domain::RuleError;
use std::collections::BTreeMap;
use store::entity::contact::{call_log, ticket};
use store::service::{NewCall, TicketValues};
use utoipa_axum::routes;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(contact_tickets, create_ticket))
        .add(Access::Scoped, routes!(update_ticket, delete_ticket))
        .add(Access::Scoped, routes!(contact_calls, log_call))
        .add(Access::Scoped, routes!(delete_call))
}

fn ticket_view(t: ticket::Model) -> Ticket {
    Ticket {
        id: t.id,
        org_id: t.org_id,
        contact_id: t.contact_id,
        name: t.name,
        description: t.description,
        status: t.status,
        pipeline: t.pipeline,
        ticket_type: t.ticket_type,
        created_by: t.created_by,
        closed_at: t.closed_at.and_then(rfc3339),
        crm_provider: t.crm_provider,
        created_at: rfc3339(t.created_at).unwrap_or_default(),
        updated_at: rfc3339(t.updated_at).unwrap_or_default(),
    }
}

fn call_view(c: call_log::Model) -> CallLog {
    CallLog {
        id: c.id,
        org_id: c.org_id,
        contact_id: c.contact_id,
        outcome: c.outcome,
        duration_secs: i64::from(c.duration_secs),
        description: c.description,
        called_at: rfc3339(c.called_at).unwrap_or_default(),
        logged_by: c.logged_by,
        crm_provider: c.crm_provider,
        created_at: rfc3339(c.created_at).unwrap_or_default(),
    }
}

/// Collects every refused field, to answer them at once.
#[derive(Default)]
struct Refusals(BTreeMap<String, String>);

impl Refusals {
    fn take<T>(&mut self, field: &str, r: Result<T, RuleError>) -> Option<T> {
        r.map_err(|e| self.0.insert(field.to_owned(), e.code().to_owned()))
            .ok()
    }

    fn error(self) -> AppError {
        AppError::invalid_fields(self.0)
    }

    fn done<T>(self, value: T) -> Result<T, AppError> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(AppError::invalid_fields(self.0))
        }
    }
}

fn ticket_values(
    name: Option<&str>,
    description: Option<&str>,
    status: Option<&str>,
    ticket_type: Option<&str>,
) -> Result<TicketValues, AppError> {
    let mut bad = Refusals::default();
    let values = TicketValues {
        name: name.and_then(|v| bad.take("name", text_rules::name(v))),
        description: description.and_then(|v| bad.take("description", text_rules::description(v))),
        status: status.and_then(|v| {
            bad.take("status", rules::ticket_status(v))
                .map(str::to_owned)
        }),
        ticket_type: ticket_type.and_then(|v| {
            bad.take("ticket_type", rules::ticket_type(v))
                .map(|t| t.map(str::to_owned))
        }),
    };
    bad.done(values)
}

/// The ticket `id` of the organisation, when the caller sees its contact (404 otherwise).
async fn seen_ticket(
    state: &AppState,
    user: &store::entity::user::Model,
    org_id: i64,
    id: i64,
) -> Result<ticket::Model, AppError> {
    let (_, seen, _) = scope(state, user, org_id).await?;
    let t = store::service::ticket(&state.store, org_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    seen_contact(state, &seen, org_id, t.contact_id).await?;
    Ok(t)
}

#[utoipa::path(
    get,
    path = "/api/tickets",
    tag = "deals",
    params(ContactRecordsQuery),
    responses(
        (status = 200, description = "The contact's tickets, most recently changed first (at most 200)", body = Vec<Ticket>),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn contact_tickets(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ContactRecordsQuery>,
) -> Result<Json<Vec<Ticket>>, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    seen_contact(&state, &seen, q.org_id, q.contact_id).await?;
    let rows = store::service::tickets_of(&state.store, q.org_id, q.contact_id).await?;
    Ok(Json(rows.into_iter().map(ticket_view).collect()))
}

#[utoipa::path(
    post,
    path = "/api/tickets",
    tag = "deals",
    request_body = NewTicket,
    responses(
        (status = 201, description = "The ticket, in the support pipeline", body = Ticket),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
        (status = 422, description = "Every refused field at once: `name` fields_required / value_invalid, `description`, `status`, `ticket_type` value_invalid", body = contract::ErrorBody),
    )
)]
pub async fn create_ticket(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<NewTicket>,
) -> Result<(StatusCode, Json<Ticket>), AppError> {
    let (_, seen, _) = scope(&state, &user, req.org_id).await?;
    seen_contact(&state, &seen, req.org_id, req.contact_id).await?;
    let values = ticket_values(
        Some(&req.name),
        req.description.as_deref(),
        req.status.as_deref(),
        req.ticket_type.as_deref(),
    )?;
    let made = store::service::create_ticket(
        &state.store,
        req.org_id,
        req.contact_id,
        values,
        user.id,
        state.clock.now_ms(),
    )
    .await?;
    crate::crm_sync::ticket_changed(&state, &made).await;
    let now = store::service::ticket(&state.store, req.org_id, made.id)
        .await?
        .unwrap_or(made);
    Ok((StatusCode::CREATED, Json(ticket_view(now))))
}

#[utoipa::path(
    patch,
    path = "/api/tickets/{id}",
    tag = "deals",
    params(("id" = i64, Path, description = "The ticket")),
    request_body = TicketUpdate,
    responses(
        (status = 200, description = "The ticket after the change; moving to `closed` stamps `closed_at`, moving out clears it", body = Ticket),
        (status = 404, description = "No such ticket the caller sees", body = contract::ErrorBody),
        (status = 422, description = "As for creating", body = contract::ErrorBody),
    )
)]
pub async fn update_ticket(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<TicketUpdate>,
) -> Result<Json<Ticket>, AppError> {
    seen_ticket(&state, &user, req.org_id, id).await?;
    let values = ticket_values(
        req.name.as_deref(),
        req.description.as_deref(),
        req.status.as_deref(),
        req.ticket_type.as_deref(),
    )?;
    let after =
        store::service::update_ticket(&state.store, req.org_id, id, values, state.clock.now_ms())
            .await?;
    crate::crm_sync::ticket_changed(&state, &after).await;
    Ok(Json(ticket_view(after)))
}

#[utoipa::path(
    delete,
    path = "/api/tickets/{id}",
    tag = "deals",
    params(("id" = i64, Path, description = "The ticket"), OrgBody),
    responses(
        (status = 204, description = "Removed here (the CRM's ticket stays)"),
        (status = 404, description = "No such ticket the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn delete_ticket(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<OrgBody>,
) -> Result<StatusCode, AppError> {
    seen_ticket(&state, &user, q.org_id, id).await?;
    store::service::delete_ticket(&state.store, q.org_id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    get,
    path = "/api/calls",
    tag = "deals",
    params(ContactRecordsQuery),
    responses(
        (status = 200, description = "The contact's logged calls, most recent first (at most 200)", body = Vec<CallLog>),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn contact_calls(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ContactRecordsQuery>,
) -> Result<Json<Vec<CallLog>>, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    seen_contact(&state, &seen, q.org_id, q.contact_id).await?;
    let rows = store::service::calls_of(&state.store, q.org_id, q.contact_id).await?;
    Ok(Json(rows.into_iter().map(call_view).collect()))
}

#[utoipa::path(
    post,
    path = "/api/calls",
    tag = "deals",
    request_body = NewCallLog,
    responses(
        (status = 201, description = "The call, logged", body = CallLog),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
        (status = 422, description = "Every refused field at once: `outcome`, `duration_secs`, `description`, `called_at` (not RFC 3339, or in the future) value_invalid", body = contract::ErrorBody),
    )
)]
pub async fn log_call(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<NewCallLog>,
) -> Result<(StatusCode, Json<CallLog>), AppError> {
    let (_, seen, _) = scope(&state, &user, req.org_id).await?;
    seen_contact(&state, &seen, req.org_id, req.contact_id).await?;
    let now = state.clock.now_ms();
    let mut bad = Refusals::default();
    let outcome = bad.take("outcome", rules::call_outcome(&req.outcome));
    let duration = bad.take("duration_secs", rules::call_duration(req.duration_secs));
    let description = req
        .description
        .as_deref()
        .and_then(|d| bad.take("description", text_rules::description(d)))
        .flatten();
    let called_at = match req.called_at.as_deref() {
        None => Some(now),
        Some(at) => bad.take(
            "called_at",
            chrono::DateTime::parse_from_rfc3339(at.trim())
                .ok()
                .map(|t| t.timestamp_millis())
                // A minute's grace for a clock a little ahead of ours.
                .filter(|ms| *ms <= now + 60_000)
                .ok_or(RuleError::ValueInvalid),
        ),
    };
    let (Some(outcome), Some(duration_secs), Some(called_at)) = (outcome, duration, called_at)
    else {
        return Err(bad.error());
    };
    bad.done(())?;
    let made = store::service::log_call(
        &state.store,
        req.org_id,
        req.contact_id,
        NewCall {
            outcome: outcome.to_owned(),
            duration_secs,
            description,
            called_at,
        },
        user.id,
        now,
    )
    .await?;
    crate::crm_sync::call_logged(&state, &made).await;
    let now = store::service::call(&state.store, req.org_id, made.id)
        .await?
        .unwrap_or(made);
    Ok((StatusCode::CREATED, Json(call_view(now))))
}

#[utoipa::path(
    delete,
    path = "/api/calls/{id}",
    tag = "deals",
    params(("id" = i64, Path, description = "The call"), OrgBody),
    responses(
        (status = 204, description = "Removed here (the CRM's call stays)"),
        (status = 404, description = "No such call the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn delete_call(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<OrgBody>,
) -> Result<StatusCode, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    let c = store::service::call(&state.store, q.org_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    seen_contact(&state, &seen, q.org_id, c.contact_id).await?;
    store::service::delete_call(&state.store, q.org_id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
