//! A message's media, once the inbox worker has kept it in the file store (`inbox::media`):
//! served as every stored file is (an attachment of an inert type, `nosniff`), to those who may
//! see the conversation.

use super::conversations::visible_conversation;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Path, Query};
use crate::inbox;
use crate::state::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use contract::inbox::InboxQuery;

/// The message's media as a download.
#[utoipa::path(
    get,
    path = "/api/inbox/conversations/{id}/messages/{message_id}/media",
    tag = "inbox",
    params(
        ("id" = i64, Path, description = "The conversation"),
        ("message_id" = i64, Path, description = "The message"),
        InboxQuery
    ),
    responses(
        (status = 200, description = "The file, as an attachment", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a conversation the caller may see, or no media kept (yet)", body = contract::ErrorBody),
    )
)]
pub async fn message_media(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, message_id)): Path<(i64, i64)>,
    Query(q): Query<InboxQuery>,
) -> Result<Response, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    let c = visible_conversation(&state, &v, id).await?;
    let (key, kind, name) = store::inbox::media::of_message(&state.store, c.id, message_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let bytes = state.files.get(&key).await.map_err(AppError::internal)?;
    let kind = kind.unwrap_or_else(|| "application/octet-stream".to_owned());
    let name = name.unwrap_or_else(|| format!("media-{message_id}"));
    Ok((crate::files::download_headers(&name, &kind), bytes).into_response())
}
