//! A person's knowledge-base conversations (000 §4; issue #25): listed newest first, reopened
//! with their messages, renamed and deleted. Each is the caller's own in one organisation;
//! another person's conversation answers 404 as a missing one does.

use super::kb::{conversation_view, kb_member, message_view};
use super::{Access, Routes};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use contract::accounts::ResultEnvelope;
use contract::kb::{KbConversation, KbConversationDetail, KbOrgQuery, RenameConversation};
use contract::ErrorCode;
use store::entity::kb::conversation;
use utoipa_axum::routes;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(list_conversations))
        .add(
            Access::Scoped,
            routes!(get_conversation, rename_conversation, delete_conversation),
        )
}

/// The caller's conversations in the organisation, newest first.
#[utoipa::path(
    get,
    path = "/api/kb/conversations",
    tag = "knowledge base",
    params(("org_id" = i64, Query, description = "The organisation")),
    responses(
        (status = 200, description = "The conversations", body = ResultEnvelope<Vec<KbConversation>>),
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the organisation's plan does not include the knowledge base", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn list_conversations(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<KbOrgQuery>,
) -> Result<Json<ResultEnvelope<Vec<KbConversation>>>, AppError> {
    let ws = kb_member(&state, &user, q.org_id).await?;
    let rows = ws.rows::<conversation::Entity>(&state, ws.own()).await?;
    Ok(Json(ResultEnvelope::ok(
        rows.iter().map(conversation_view).collect(),
    )))
}

/// One of the caller's conversations with its messages (to reopen it).
#[utoipa::path(
    get,
    path = "/api/kb/conversations/{id}",
    tag = "knowledge base",
    params(
        ("id" = i64, Path, description = "The conversation"),
        ("org_id" = i64, Query, description = "The organisation"),
    ),
    responses(
        (status = 200, description = "The conversation", body = KbConversationDetail),
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the organisation's plan does not include the knowledge base", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
    )
)]
pub async fn get_conversation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<KbOrgQuery>,
) -> Result<Json<KbConversationDetail>, AppError> {
    let ws = kb_member(&state, &user, q.org_id).await?;
    let c = ws.row::<conversation::Entity>(&state, ws.own(), id).await?;
    let messages = store::kb::messages(&state.store, c.id).await?;
    Ok(Json(KbConversationDetail {
        conversation: conversation_view(&c),
        messages: messages.iter().map(message_view).collect(),
    }))
}

/// Renames one of the caller's conversations (1 to 80 characters, spaces collapsed).
#[utoipa::path(
    patch,
    path = "/api/kb/conversations/{id}",
    tag = "knowledge base",
    params(
        ("id" = i64, Path, description = "The conversation"),
        ("org_id" = i64, Query, description = "The organisation"),
    ),
    request_body = RenameConversation,
    responses(
        (status = 200, description = "The conversation renamed", body = KbConversation),
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the organisation's plan does not include the knowledge base", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
        (status = 422, description = "`fields.title`: `title_required` or `title_too_long`", body = contract::ErrorBody),
    )
)]
pub async fn rename_conversation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<KbOrgQuery>,
    Json(req): Json<RenameConversation>,
) -> Result<Json<KbConversation>, AppError> {
    let ws = kb_member(&state, &user, q.org_id).await?;
    let title = domain::kb::conversation::conversation_title(&req.title).map_err(|refusal| {
        AppError::new(
            ErrorCode::ValidationFailed,
            format!("title: {}", refusal.code()),
        )
        .with_field("title", refusal.code())
    })?;
    if !store::kb::rename_conversation(&state.store, q.org_id, user.id, id, &title).await? {
        return Err(AppError::not_found());
    }
    let c = ws.row::<conversation::Entity>(&state, ws.own(), id).await?;
    Ok(Json(conversation_view(&c)))
}

/// Deletes one of the caller's conversations with its messages.
#[utoipa::path(
    delete,
    path = "/api/kb/conversations/{id}",
    tag = "knowledge base",
    params(
        ("id" = i64, Path, description = "The conversation"),
        ("org_id" = i64, Query, description = "The organisation"),
    ),
    responses(
        (status = 204, description = "Deleted"),
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the organisation's plan does not include the knowledge base", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
    )
)]
pub async fn delete_conversation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<KbOrgQuery>,
) -> Result<StatusCode, AppError> {
    kb_member(&state, &user, q.org_id).await?;
    if store::kb::delete_conversation(&state.store, q.org_id, user.id, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::not_found())
    }
}
