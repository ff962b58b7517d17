//! Notes and docs per chat, each the caller's own.

use super::contact_key;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use crate::workspace::workspace;
use axum::extract::State;
use contract::accounts::ResultEnvelope;
use contract::manage::{ChatNote, ChatNoteRequest, ContactQuery, ManageQuery};
use domain::RuleError;
use store::entity::manage::note;

fn note_view(n: &note::Model) -> ChatNote {
    ChatNote {
        id: n.id,
        contact: n.contact.clone(),
        kind: n.kind.clone(),
        title: n.title.clone(),
        body: n.body.clone(),
        updated_at: rfc3339(n.updated_at).unwrap_or_default(),
    }
}

/// A note's checked fields: `note` or `doc`, a body ('Please fill all mandatory fields').
fn checked_note(req: &ChatNoteRequest) -> Result<(String, String, String, String), AppError> {
    let kind = match req.kind.as_str() {
        "note" | "doc" => req.kind.clone(),
        _ => return Err(AppError::invalid_field("kind", RuleError::FieldsRequired)),
    };
    let body = req.body.trim().to_owned();
    if body.is_empty() || body.chars().count() > 20_000 {
        return Err(AppError::invalid_field("body", RuleError::FieldsRequired));
    }
    let title: String = req
        .title
        .as_deref()
        .unwrap_or_default()
        .trim()
        .chars()
        .take(240)
        .collect();
    Ok((contact_key(&req.contact)?, kind, title, body))
}

/// The caller's notes and docs of a chat, newest first.
#[utoipa::path(
    get,
    path = "/api/manage/notes",
    tag = "manage",
    params(ContactQuery),
    responses(
        (status = 200, description = "Notes and docs", body = ResultEnvelope<Vec<ChatNote>>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.contact` = fields_required: blank or over 64 bytes", body = contract::ErrorBody),
    )
)]
pub async fn list_notes(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ContactQuery>,
) -> Result<Json<ResultEnvelope<Vec<ChatNote>>>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let contact = contact_key(&q.contact)?;
    let rows = ws
        .rows_where::<note::Entity>(&state, ws.own(), store::manage::notes_of(&contact))
        .await?;
    Ok(Json(ResultEnvelope::ok(
        rows.iter().map(note_view).collect(),
    )))
}

/// Creates a note or doc of a chat.
#[utoipa::path(
    post,
    path = "/api/manage/notes",
    tag = "manage",
    request_body = ChatNoteRequest,
    responses(
        (status = 200, description = "Created", body = ChatNote),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.body` / `fields.kind` / `fields.contact` = fields_required", body = contract::ErrorBody),
    )
)]
pub async fn create_note(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<ChatNoteRequest>,
) -> Result<Json<ChatNote>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    Ok(Json(note_view(&insert_note(&state, &ws, &req).await?)))
}

/// Checks and stores a note or doc of the caller's (also a contact's note, `/leads`).
pub(crate) async fn insert_note(
    state: &AppState,
    ws: &crate::workspace::Workspace,
    req: &ChatNoteRequest,
) -> Result<note::Model, AppError> {
    let (contact, kind, title, body) = checked_note(req)?;
    let now = state.clock.now_ms();
    ws.insert::<note::Entity>(
        state,
        note::Model {
            id: 0,
            org_id: ws.org_id,
            owner_id: ws.user_id,
            contact,
            kind,
            title,
            body,
            created_at: now,
            updated_at: now,
        },
    )
    .await
}

/// Changes one of the caller's notes or docs.
#[utoipa::path(
    put,
    path = "/api/manage/notes/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The note")),
    request_body = ChatNoteRequest,
    responses(
        (status = 200, description = "Changed", body = ChatNote),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
        (status = 422, description = "`fields.body` = fields_required", body = contract::ErrorBody),
    )
)]
pub async fn update_note(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<ChatNoteRequest>,
) -> Result<Json<ChatNote>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let mut row = ws.row::<note::Entity>(&state, ws.own(), id).await?;
    let (contact, kind, title, body) = checked_note(&req)?;
    row.contact = contact;
    row.kind = kind;
    row.title = title;
    row.body = body;
    row.updated_at = state.clock.now_ms();
    let row = ws.update::<note::Entity>(&state, row).await?;
    Ok(Json(note_view(&row)))
}

/// Deletes one of the caller's notes or docs.
#[utoipa::path(
    delete,
    path = "/api/manage/notes/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The note"), ManageQuery),
    responses(
        (status = 200, description = "Deleted", body = ResultEnvelope<bool>),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
    )
)]
pub async fn delete_note(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ResultEnvelope<bool>>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    ws.delete::<note::Entity>(&state, ws.own(), id).await?;
    Ok(Json(ResultEnvelope::ok(true)))
}
