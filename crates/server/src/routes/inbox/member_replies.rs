//! Replies in a member's own chat: the team writes them in the inbox, the member's extension
//! sends them from the member's WhatsApp — the scheduled sends' protocol: it claims the replies
//! waiting for it under a lease (two claims never hold one reply; an unreported one is handed
//! out again when its lease ends) and reports each sent or failed.

use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Path};
use crate::inbox::views;
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::inbox::{ClaimedReply, InboxMessage, ReplyClaim, ReplyClaimRequest, ReplyReport};
use domain::inbox::Ack;
use domain::RuleError;

/// The extension claims the replies waiting for the caller's WhatsApp.
#[utoipa::path(
    post,
    path = "/api/v2/inbox/replies/claim",
    tag = "inbox",
    request_body = ReplyClaimRequest,
    responses(
        (status = 200, description = "The replies now the caller's to send, each until `lease_until`", body = ReplyClaim),
    )
)]
pub async fn claim_replies(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<ReplyClaimRequest>,
) -> Result<Json<ReplyClaim>, AppError> {
    let limit = req.limit.unwrap_or(20).clamp(1, 100);
    let lease_ms = i64::from(req.lease_seconds.unwrap_or(60).clamp(10, 600)) * 1000;
    let now = state.clock.now_ms();
    let token = crate::inbox::random_token();
    let claimed = store::inbox::sends::claim_member(
        &state.store,
        user.id,
        now,
        now + lease_ms,
        &token,
        limit,
    )
    .await?;
    let lease_until = rfc3339(now + lease_ms).unwrap_or_default();
    Ok(Json(ReplyClaim {
        replies: claimed
            .into_iter()
            .map(|c| ClaimedReply {
                reply_id: c.send_id,
                claim_token: token.clone(),
                org_id: c.org_id,
                chat_id: c.chat_id,
                text: c.body.unwrap_or_default(),
                lease_until: lease_until.clone(),
            })
            .collect(),
    }))
}

/// The extension reports a claimed reply sent (with WhatsApp's id for it) or failed.
#[utoipa::path(
    post,
    path = "/api/v2/inbox/replies/{id}/report",
    tag = "inbox",
    params(("id" = i64, Path, description = "The claimed reply (`reply_id`)")),
    request_body = ReplyReport,
    responses(
        (status = 200, description = "The message as it now stands", body = InboxMessage),
        (status = 404, description = "Not a reply waiting for the caller", body = contract::ErrorBody),
        (status = 409, description = "`conflict`: the claim no longer holds it", body = contract::ErrorBody),
        (status = 422, description = "`fields.status` = value_invalid", body = contract::ErrorBody),
    )
)]
pub async fn report_reply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<ReplyReport>,
) -> Result<Json<InboxMessage>, AppError> {
    let sent = match req.status.as_str() {
        "sent" => true,
        "failed" => false,
        _ => return Err(AppError::invalid_field("status", RuleError::ValueInvalid)),
    };
    let send = store::inbox::sends::held(&state.store, id, user.id, &req.claim_token).await?;
    let source = req
        .message_id
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty() && m.len() <= 200);
    let ack = if sent {
        store::inbox::sends::sent(&state.store, send.id, send.message_id, source).await?;
        Ack::Sent
    } else {
        let why: String = req
            .error
            .as_deref()
            .unwrap_or("the member's WhatsApp could not send it")
            .chars()
            .take(250)
            .collect();
        store::inbox::sends::give_up(&state.store, send.id, send.message_id, &why).await?;
        Ack::Failed
    };
    let row = store::inbox::list::message(&state.store, send.org_id, send.message_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    views::publish_ack(&state, send.org_id, row.conversation_id, row.id, ack).await?;
    Ok(Json(views::message_view(&row)))
}
