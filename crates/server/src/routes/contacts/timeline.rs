//! A contact's page (issue #29): its timeline — chats, calls, notes, tasks, deals, tickets and
//! logged calls, newest first — and the notes and tasks made from it, which are the caller's
//! note and follow-up of the chat and, when the contact is linked to CRMs, a note or task on
//! each CRM's record (001 §2 "create tasks and notes").

use super::{scope, seen_contact};
use crate::auth::CurrentUser;
use crate::crm_sync::{write_activity, Activity};
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::routes::manage::notes::insert_note;
use crate::routes::planner::follow_ups::insert_follow_up;
use crate::state::AppState;
use crate::views::rfc3339;
use crate::workspace::workspace;
use axum::extract::State;
use axum::http::StatusCode;
use contract::manage::{ChatNoteRequest, FollowUpRequest};
use contract::timeline::{
    ContactActivity, ContactNoteRequest, ContactTaskRequest, Timeline, TimelineItem, TimelineQuery,
};
use domain::analytics::CallDirection;
use domain::contacts::timeline::{merge, Cursor};
use domain::RuleError;
use store::contacts::timeline::{read, Entry, Reader};
use store::contacts::Seen;

/// Entries one page holds.
const PAGE: usize = 50;

fn direction(e: &Entry) -> Option<String> {
    let code = e.direction?;
    let name = match e.kind {
        "call" => match CallDirection::from_code(i64::from(code))? {
            CallDirection::Incoming => "incoming",
            CallDirection::Outgoing => "outgoing",
            CallDirection::Missed => "missed",
            CallDirection::Rejected => "rejected",
        },
        _ if code == domain::events::MESSAGE_OUTGOING => "outgoing",
        _ => "incoming",
    };
    Some(name.to_owned())
}

fn item(e: Entry) -> TimelineItem {
    TimelineItem {
        kind: e.kind.to_owned(),
        id: e.id,
        at: rfc3339(e.at).unwrap_or_default(),
        user_id: e.user_id,
        direction: direction(&e),
        title: e.title,
        text: e.text,
        status: e.status,
        duration_s: e.duration_s,
    }
}

#[utoipa::path(
    get,
    path = "/api/contacts/{id}/timeline",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact"), TimelineQuery),
    responses(
        (status = 200, description = "One page of the contact's timeline, newest first (50 entries)", body = Timeline),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.before` = `value_invalid`: not a cursor this route gave", body = contract::ErrorBody),
    )
)]
pub async fn contact_timeline(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<TimelineQuery>,
) -> Result<Json<Timeline>, AppError> {
    let (_, seen, people) = scope(&state, &user, q.org_id).await?;
    let contact = seen_contact(&state, &seen, q.org_id, id).await?;
    let cursor = match q.before.as_deref() {
        None => None,
        Some(text) => Some(
            Cursor::decode(text)
                .ok_or_else(|| AppError::invalid_field("before", RuleError::ValueInvalid))?,
        ),
    };
    let reader = Reader {
        org_id: q.org_id,
        contact: &contact.contact,
        contact_id: contact.id,
        members: (seen != Seen::All).then_some(people.as_slice()),
        caller: user.id,
    };
    let entries = read(&state.store, &reader, cursor, PAGE as u64).await?;
    let (page, next) = merge(entries.into_iter().map(|e| (e.cursor(), e)).collect(), PAGE);
    Ok(Json(Timeline {
        items: page.into_iter().map(|(_, e)| item(e)).collect(),
        next: next.map(|c| c.encode()),
    }))
}

#[utoipa::path(
    post,
    path = "/api/contacts/{id}/notes",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact")),
    request_body = ContactNoteRequest,
    responses(
        (status = 201, description = "The note, kept here and written to each linked CRM that took it", body = ContactActivity),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.body` = `fields_required`: blank or over 20 000 characters", body = contract::ErrorBody),
    )
)]
pub async fn create_contact_note(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<ContactNoteRequest>,
) -> Result<(StatusCode, Json<ContactActivity>), AppError> {
    let (_, seen, _) = scope(&state, &user, req.org_id).await?;
    let contact = seen_contact(&state, &seen, req.org_id, id).await?;
    let ws = workspace(&state, &user, Some(req.org_id)).await?;
    let note = insert_note(
        &state,
        &ws,
        &ChatNoteRequest {
            org_id: Some(req.org_id),
            contact: contact.contact.clone(),
            kind: "note".into(),
            title: None,
            body: req.body,
        },
    )
    .await?;
    let activity = Activity::Note {
        body: note.body.clone(),
        at_ms: note.created_at,
    };
    let (written_to, failed) = write_activity(&state, req.org_id, id, &activity).await?;
    Ok((
        StatusCode::CREATED,
        Json(ContactActivity {
            id: note.id,
            written_to,
            failed,
        }),
    ))
}

#[utoipa::path(
    post,
    path = "/api/contacts/{id}/tasks",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact")),
    request_body = ContactTaskRequest,
    responses(
        (status = 201, description = "The task (the caller's follow-up), kept here and written to each linked CRM that took it", body = ContactActivity),
        (status = 402, description = "The plan's follow-ups are used up", body = contract::ErrorBody),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.title` / `fields.due` / `fields.time_zone`, as for a follow-up", body = contract::ErrorBody),
    )
)]
pub async fn create_contact_task(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<ContactTaskRequest>,
) -> Result<(StatusCode, Json<ContactActivity>), AppError> {
    let (_, seen, _) = scope(&state, &user, req.org_id).await?;
    let contact = seen_contact(&state, &seen, req.org_id, id).await?;
    let ws = workspace(&state, &user, Some(req.org_id)).await?;
    let task = insert_follow_up(
        &state,
        &ws,
        &FollowUpRequest {
            org_id: Some(req.org_id),
            title: req.title,
            notes: req.notes,
            contact: Some(contact.contact.clone()),
            due: req.due,
            time_zone: req.time_zone,
            priority: None,
            amount: None,
            recurrence: None,
            comment: None,
            email: None,
            lead_minutes: None,
        },
    )
    .await?;
    let activity = Activity::Task {
        title: task.title.clone(),
        notes: Some(task.notes.clone()).filter(|n| !n.is_empty()),
        due_ms: task.due_at,
        due_date: task.due_local.chars().take(10).collect(),
    };
    let (written_to, failed) = write_activity(&state, req.org_id, id, &activity).await?;
    Ok((
        StatusCode::CREATED,
        Json(ContactActivity {
            id: task.id,
            written_to,
            failed,
        }),
    ))
}
