//! The inbox's rows as the wire shows them, and the events live screens receive: each change is
//! appended to the organisation's event log (`store::inbox::events`) and this process's screens
//! are woken; other replicas' screens find it on their next look (and, on PostgreSQL, are woken
//! by `NOTIFY`).

use crate::error::AppError;
use crate::state::AppState;
use crate::views::rfc3339;
use contract::inbox::{Conversation, InboxMessage};
use domain::inbox::{Ack, SessionState, Standing};
use serde_json::{json, Value};
use store::entity::inbox::message;
use store::inbox::list::Row;

pub fn conversation(r: &Row) -> Conversation {
    Conversation {
        id: r.id,
        channel: if r.owner_id.is_some() {
            "member"
        } else {
            "shared"
        }
        .to_owned(),
        created_by_user: r.owner_id,
        chat_id: r.chat_id.clone(),
        contact: r.contact.clone(),
        name: r.name.clone(),
        is_group: r.is_group,
        standing: standing_code(Standing::of(r.open, r.last_outbound)).to_owned(),
        assignee_id: r.assignee_id,
        last_message_at: rfc3339(r.last_message_at).unwrap_or_default(),
        preview: r.preview.clone(),
        unread: r.unread(),
    }
}

pub const fn standing_code(s: Standing) -> &'static str {
    match s {
        Standing::NeedsReply => "needs_reply",
        Standing::AwaitingReply => "awaiting_reply",
        Standing::Closed => "closed",
    }
}

pub const fn ack_code(a: Ack) -> &'static str {
    match a {
        Ack::Failed => "failed",
        Ack::Queued => "queued",
        Ack::Sent => "sent",
        Ack::Delivered => "delivered",
        Ack::Read => "read",
    }
}

pub fn message_view(m: &message::Model) -> InboxMessage {
    InboxMessage {
        id: m.id,
        kind: if m.kind == store::inbox::NOTE {
            "note"
        } else {
            "message"
        }
        .to_owned(),
        outbound: m.outbound,
        author_id: m.author_id,
        sender: m.sender.clone(),
        body: m.body.clone(),
        media_name: m.media_name.clone(),
        media_type: m.media_type.clone(),
        media_ready: m.media_key.is_some(),
        ack: ack_code(Ack::from_code(m.ack)).to_owned(),
        error: m.error.clone(),
        sent_at: rfc3339(m.sent_at).unwrap_or_default(),
    }
}

/// Appends an event and wakes this process's live screens.
pub async fn publish(
    state: &AppState,
    org_id: i64,
    kind: &str,
    conversation_id: Option<i64>,
    body: Value,
) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    store::inbox::events::append(
        &state.store,
        org_id,
        kind,
        conversation_id,
        body.to_string(),
        now,
    )
    .await?;
    state.inbox_wake.send_replace(org_id);
    Ok(())
}

/// A member's synced chats have new messages (the screens of those who may see the member
/// refresh).
pub async fn publish_member_chats(
    state: &AppState,
    org_id: i64,
    member: i64,
) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    store::inbox::events::append_owned(
        &state.store,
        org_id,
        "message",
        None,
        Some(member),
        json!({ "member_id": member }).to_string(),
        now,
    )
    .await?;
    state.inbox_wake.send_replace(org_id);
    Ok(())
}

/// A conversation has a new message (the screens fetch it).
pub async fn publish_message(
    state: &AppState,
    org_id: i64,
    conversation_id: i64,
) -> Result<(), AppError> {
    publish(
        state,
        org_id,
        "message",
        Some(conversation_id),
        json!({ "conversation_id": conversation_id }),
    )
    .await
}

pub async fn publish_ack(
    state: &AppState,
    org_id: i64,
    conversation_id: i64,
    message_id: i64,
    ack: Ack,
) -> Result<(), AppError> {
    publish(
        state,
        org_id,
        "ack",
        Some(conversation_id),
        json!({ "conversation_id": conversation_id, "message_id": message_id, "ack": ack_code(ack) }),
    )
    .await
}

pub async fn publish_assignment(
    state: &AppState,
    org_id: i64,
    conversation_id: i64,
    assignee: Option<i64>,
) -> Result<(), AppError> {
    publish(
        state,
        org_id,
        "assignment",
        Some(conversation_id),
        json!({ "conversation_id": conversation_id, "assignee_id": assignee }),
    )
    .await
}

pub async fn publish_state(state: &AppState, org_id: i64, s: SessionState) -> Result<(), AppError> {
    publish(state, org_id, "state", None, json!({ "state": s.code() })).await
}

/// A conversation changed otherwise (Open/Closed, read).
pub async fn publish_conversation(
    state: &AppState,
    org_id: i64,
    conversation_id: i64,
) -> Result<(), AppError> {
    publish(
        state,
        org_id,
        "conversation",
        Some(conversation_id),
        json!({ "conversation_id": conversation_id }),
    )
    .await
}
