//! A conversation's messages (paged 20 backwards, 000 §2), replies and internal notes.

use super::conversations::visible_conversation;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::inbox::{self, views};
use crate::state::AppState;
use axum::extract::State;
use contract::inbox::{InboxMessage, InboxTextRequest, MessageListQuery, MessagePage};
use domain::inbox::text::{checked_text, mentions};
use domain::inbox::{Ack, Cursor, PAGE_SIZE};
use store::inbox::intake::{Chat, Incoming};

/// A page of the conversation's messages and notes, newest first; `next_cursor` asks for the
/// older page.
#[utoipa::path(
    get,
    path = "/api/inbox/conversations/{id}/messages",
    tag = "inbox",
    params(("id" = i64, Path, description = "The conversation"), MessageListQuery),
    responses(
        (status = 200, description = "A page, newest first", body = MessagePage),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a conversation the caller may see", body = contract::ErrorBody),
        (status = 422, description = "`fields.before` = value_invalid", body = contract::ErrorBody),
    )
)]
pub async fn list_messages(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<MessageListQuery>,
) -> Result<Json<MessagePage>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    let c = visible_conversation(&state, &v, id).await?;
    let before = q
        .before
        .as_deref()
        .map(Cursor::parse)
        .transpose()
        .map_err(|r| AppError::invalid_field("before", r))?;
    let mut rows =
        store::inbox::list::messages(&state.store, v.org_id(), c.id, before, PAGE_SIZE + 1).await?;
    let more = rows.len() as u64 > PAGE_SIZE;
    rows.truncate(usize::try_from(PAGE_SIZE).unwrap_or(usize::MAX));
    let next_cursor = more
        .then(|| {
            rows.last().map(|m| {
                Cursor {
                    at_ms: m.sent_at,
                    id: m.id,
                }
                .encode()
            })
        })
        .flatten();
    Ok(Json(MessagePage {
        items: rows.iter().map(views::message_view).collect(),
        next_cursor,
    }))
}

/// Replies in the conversation, kept as `queued`: on the shared number the inbox worker hands
/// it to the gateway (kept while the gateway is away), in a member's own chat the member's
/// extension claims and sends it from their WhatsApp; its ticks follow as they are reported.
#[utoipa::path(
    post,
    path = "/api/inbox/conversations/{id}/replies",
    tag = "inbox",
    params(("id" = i64, Path, description = "The conversation")),
    request_body = InboxTextRequest,
    responses(
        (status = 200, description = "Queued", body = InboxMessage),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a conversation the caller may see", body = contract::ErrorBody),
        (status = 422, description = "`fields.text` = fields_required", body = contract::ErrorBody),
    )
)]
pub async fn reply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<InboxTextRequest>,
) -> Result<Json<InboxMessage>, AppError> {
    let v = inbox::viewer(&state, &user, req.org_id).await?;
    let text = checked_text(&req.text).map_err(|r| AppError::invalid_field("text", r))?;
    let c = visible_conversation(&state, &v, id).await?;
    let now = state.clock.now_ms();
    let chat = Chat {
        org_id: v.org_id(),
        channel_id: c.channel_id,
        owner_id: c.owner_id,
        chat_id: &c.chat_id,
        contact: &c.contact,
        is_group: c.is_group,
        name: None,
    };
    let reply = Incoming {
        source_id: None,
        kind: store::inbox::MESSAGE,
        outbound: true,
        author_id: Some(v.user_id()),
        sender: None,
        body: Some(&text),
        media_key: None,
        media_url: None,
        media_type: None,
        media_name: None,
        ack: Ack::Queued,
        sent_at: now,
        escalate_at: None,
    };
    let recorded = store::inbox::sends::queue_reply(&state.store, &chat, &reply, now).await?;
    state.inbox_send_wake.notify_one();
    views::publish_message(&state, v.org_id(), c.id).await?;
    let id = recorded
        .message_id
        .ok_or_else(|| AppError::internal("a reply without its row"))?;
    let row = store::inbox::list::message(&state.store, v.org_id(), id)
        .await?
        .ok_or_else(AppError::not_found)?;
    Ok(Json(views::message_view(&row)))
}

/// An internal note of the team (never sent), `@[member id]` mentioning members: each mentioned
/// member sees the conversation in their mentions tab for 10 days.
#[utoipa::path(
    post,
    path = "/api/inbox/conversations/{id}/notes",
    tag = "inbox",
    params(("id" = i64, Path, description = "The conversation")),
    request_body = InboxTextRequest,
    responses(
        (status = 200, description = "Noted", body = InboxMessage),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a conversation the caller may see", body = contract::ErrorBody),
        (status = 422, description = "`fields.text` = fields_required", body = contract::ErrorBody),
    )
)]
pub async fn add_note(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<InboxTextRequest>,
) -> Result<Json<InboxMessage>, AppError> {
    let v = inbox::viewer(&state, &user, req.org_id).await?;
    let text = checked_text(&req.text).map_err(|r| AppError::invalid_field("text", r))?;
    let c = visible_conversation(&state, &v, id).await?;
    // Only the organisation's active members can be mentioned; other ids stay plain text.
    let active = store::orgs::employees(
        &state.store,
        v.org_id(),
        Some(domain::accounts::ACTIVE_USER_STATUS),
    )
    .await?;
    let mentioned: Vec<i64> = mentions(&text)
        .into_iter()
        .filter(|id| active.iter().any(|r| r.user.id == *id))
        .collect();
    let now = state.clock.now_ms();
    let row = store::inbox::intake::note(
        &state.store,
        v.org_id(),
        c.id,
        v.user_id(),
        &text,
        &mentioned,
        now,
    )
    .await?;
    views::publish_message(&state, v.org_id(), c.id).await?;
    Ok(Json(views::message_view(&row)))
}
