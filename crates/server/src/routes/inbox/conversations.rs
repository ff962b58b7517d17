//! The chatter list (000 §2 'Chatter'; 001 §9 tabs), its counts, one conversation's state:
//! Open/Closed, the assignee, the read mark, and opening a chat by number.

use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::inbox::{self, views, Viewer};
use crate::state::AppState;
use crate::workspace::workspace;
use axum::extract::State;
use contract::inbox::{
    AssignRequest, Conversation, ConversationListQuery, ConversationPage,
    ConversationStatusRequest, InboxCounts, InboxQuery, OpenChatRequest, TabCount,
};
use domain::inbox::{ChatRef, Cursor, Tab, FREE_LIMITED_TAB_ROWS, PAGE_SIZE};
use store::entity::inbox::conversation;

/// Whether the workspace's plan shows every mentioned and unread conversation.
async fn sees_all(
    state: &AppState,
    user: &store::entity::user::Model,
    org_id: i64,
) -> Result<bool, AppError> {
    let ws = workspace(state, user, Some(org_id)).await?;
    crate::workspace::paid(state, &ws).await
}

/// The conversation `id` if the viewer may see it (404 otherwise, like a missing one).
pub async fn visible_conversation(
    state: &AppState,
    v: &Viewer,
    id: i64,
) -> Result<conversation::Model, AppError> {
    store::inbox::list::conversation(&state.store, &v.list, id)
        .await?
        .ok_or_else(AppError::not_found)
}

/// A page of a tab's conversations, newest message first, 20 at a time.
#[utoipa::path(
    get,
    path = "/api/inbox/conversations",
    tag = "inbox",
    params(ConversationListQuery),
    responses(
        (status = 200, description = "A page; `next_cursor` asks for the next", body = ConversationPage),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.tab` = value_invalid, `fields.cursor` = value_invalid", body = contract::ErrorBody),
    )
)]
pub async fn list_conversations(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ConversationListQuery>,
) -> Result<Json<ConversationPage>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    let tab = match q.tab.as_deref() {
        None => Tab::All,
        Some(t) => Tab::parse(t).map_err(|r| AppError::invalid_field("tab", r))?,
    };
    let cursor = q
        .cursor
        .as_deref()
        .map(Cursor::parse)
        .transpose()
        .map_err(|r| AppError::invalid_field("cursor", r))?;
    let limited = tab.limited_on_free() && !sees_all(&state, &user, v.org_id()).await?;
    let now = state.clock.now_ms();
    let mut rows = if limited && cursor.is_some() {
        // Free shows the first rows only; the next page is behind the upgrade.
        Vec::new()
    } else {
        let want = if limited {
            FREE_LIMITED_TAB_ROWS
        } else {
            PAGE_SIZE
        };
        let words = domain::inbox::text::search_words(q.q.as_deref().unwrap_or_default());
        let search = store::inbox::search::Search {
            words: &words,
            tuning: store::inbox::search::Tuning {
                walk_from: state.config.inbox.search_walk_from,
                window: state.config.inbox.search_window,
            },
        };
        store::inbox::list::page(&state.store, &v.list, tab, search, cursor, want + 1, now).await?
    };
    let page = if limited {
        FREE_LIMITED_TAB_ROWS
    } else {
        PAGE_SIZE
    };
    let more = rows.len() as u64 > page;
    rows.truncate(usize::try_from(page).unwrap_or(usize::MAX));
    let next_cursor = (more && !limited).then(|| {
        rows.last().map(|r| {
            Cursor {
                at_ms: r.last_message_at,
                id: r.id,
            }
            .encode()
        })
    });
    Ok(Json(ConversationPage {
        items: rows.iter().map(views::conversation).collect(),
        next_cursor: next_cursor.flatten(),
        upgrade_to_see_all: limited && (more || cursor.is_some()),
    }))
}

/// Every tab's count for the caller, in the spec's order (none for the tabs that need the Lead
/// CRM).
#[utoipa::path(
    get,
    path = "/api/inbox/counts",
    tag = "inbox",
    params(InboxQuery),
    responses(
        (status = 200, description = "Counts per tab", body = InboxCounts),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn inbox_counts(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<InboxQuery>,
) -> Result<Json<InboxCounts>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    let now = state.clock.now_ms();
    let mut tabs = Vec::with_capacity(Tab::ALL.len());
    for tab in Tab::ALL {
        let count = store::inbox::list::count(&state.store, &v.list, tab, now).await?;
        tabs.push(TabCount {
            tab: tab.code().to_owned(),
            count,
        });
    }
    Ok(Json(InboxCounts { tabs }))
}

/// One conversation.
#[utoipa::path(
    get,
    path = "/api/inbox/conversations/{id}",
    tag = "inbox",
    params(("id" = i64, Path, description = "The conversation"), InboxQuery),
    responses(
        (status = 200, description = "The conversation", body = Conversation),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a conversation the caller may see", body = contract::ErrorBody),
    )
)]
pub async fn get_conversation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<InboxQuery>,
) -> Result<Json<Conversation>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    Ok(Json(row_view(&state, &v, id).await?))
}

/// The conversation as its list row reads, for the caller.
async fn row_view(state: &AppState, v: &Viewer, id: i64) -> Result<Conversation, AppError> {
    let c = visible_conversation(state, v, id).await?;
    let read = store::inbox::list::read_at(&state.store, c.id, v.user_id()).await?;
    Ok(views::conversation(&store::inbox::list::Row {
        id: c.id,
        channel_id: c.channel_id,
        owner_id: c.owner_id,
        chat_id: c.chat_id,
        contact: c.contact,
        name: c.name,
        is_group: c.is_group,
        open: c.open,
        assignee_id: c.assignee_id,
        last_message_at: c.last_message_at,
        last_outbound: c.last_outbound,
        last_inbound_at: c.last_inbound_at,
        preview: c.preview,
        read_at: read,
    }))
}

/// Open or Closed (001 §3).
#[utoipa::path(
    put,
    path = "/api/inbox/conversations/{id}/status",
    tag = "inbox",
    params(("id" = i64, Path, description = "The conversation")),
    request_body = ConversationStatusRequest,
    responses(
        (status = 200, description = "Changed", body = Conversation),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a conversation the caller may see", body = contract::ErrorBody),
    )
)]
pub async fn set_conversation_status(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<ConversationStatusRequest>,
) -> Result<Json<Conversation>, AppError> {
    let v = inbox::viewer(&state, &user, req.org_id).await?;
    let c = visible_conversation(&state, &v, id).await?;
    store::inbox::conversations::set_open(&state.store, v.org_id(), c.id, req.open).await?;
    views::publish_conversation(&state, v.org_id(), c.id).await?;
    Ok(Json(row_view(&state, &v, id).await?))
}

/// Assigns to an active member of the organisation, or unassigns.
#[utoipa::path(
    put,
    path = "/api/inbox/conversations/{id}/assignee",
    tag = "inbox",
    params(("id" = i64, Path, description = "The conversation")),
    request_body = AssignRequest,
    responses(
        (status = 200, description = "Assigned", body = Conversation),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, not a conversation the caller may see, or `fields.user_id`: not an active member", body = contract::ErrorBody),
    )
)]
pub async fn assign_conversation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<AssignRequest>,
) -> Result<Json<Conversation>, AppError> {
    let v = inbox::viewer(&state, &user, req.org_id).await?;
    let c = visible_conversation(&state, &v, id).await?;
    if let Some(to) = req.user_id {
        let active = store::orgs::membership(&state.store, v.org_id(), to)
            .await?
            .is_some_and(|m| m.user_status == domain::accounts::ACTIVE_USER_STATUS);
        if !active {
            return Err(AppError::not_found().with_field("user_id", "not_found"));
        }
    }
    store::inbox::conversations::set_assignee(&state.store, v.org_id(), c.id, req.user_id).await?;
    views::publish_assignment(&state, v.org_id(), c.id, req.user_id).await?;
    Ok(Json(row_view(&state, &v, id).await?))
}

/// The caller has read the conversation up to now.
#[utoipa::path(
    post,
    path = "/api/inbox/conversations/{id}/read",
    tag = "inbox",
    params(("id" = i64, Path, description = "The conversation"), InboxQuery),
    responses(
        (status = 200, description = "Read", body = Conversation),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a conversation the caller may see", body = contract::ErrorBody),
    )
)]
pub async fn read_conversation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<InboxQuery>,
) -> Result<Json<Conversation>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    let c = visible_conversation(&state, &v, id).await?;
    let at = c.last_inbound_at.unwrap_or(0).max(state.clock.now_ms());
    store::inbox::conversations::mark_read(&state.store, c.id, v.user_id(), at).await?;
    Ok(Json(row_view(&state, &v, id).await?))
}

/// 000 §2 'open chat by number': the shared number's conversation with that number, made when
/// there is none yet.
#[utoipa::path(
    post,
    path = "/api/inbox/open",
    tag = "inbox",
    request_body = OpenChatRequest,
    responses(
        (status = 200, description = "The conversation", body = Conversation),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no shared number", body = contract::ErrorBody),
        (status = 422, description = "`fields.number` = phone_required / phone_invalid / phone_country_code_missing", body = contract::ErrorBody),
    )
)]
pub async fn open_chat(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<OpenChatRequest>,
) -> Result<Json<Conversation>, AppError> {
    let v = inbox::viewer(&state, &user, req.org_id).await?;
    let chat =
        ChatRef::from_number(&req.number).map_err(|r| AppError::invalid_field("number", r))?;
    let ch = inbox::shared_number(&state, v.org_id()).await?;
    let now = state.clock.now_ms();
    let id = store::inbox::intake::open(
        &state.store,
        &store::inbox::intake::Chat {
            org_id: v.org_id(),
            channel_id: ch.id,
            owner_id: None,
            chat_id: &chat.chat_id,
            contact: &chat.contact,
            is_group: false,
            name: None,
        },
        now,
    )
    .await?;
    Ok(Json(row_view(&state, &v, id).await?))
}
