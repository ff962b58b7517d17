//! The inbox worker (one per process, beside the sync worker; replicas share the work through
//! leases): hands queued replies to the shared number's gateway, runs the needs-reply clock,
//! downloads messages' media into the file store (`media.rs`), and forgets old events.
//!
//! A reply the gateway cannot take now (unreachable, 5xx, its session not running or not paired)
//! waits and is tried again with backoff for as long as `inbox.hold_replies_ms` from when it was
//! written — the gateway being away loses nothing. A refusal that trying again cannot mend (the
//! key refused, the request refused) fails it at once, with the reason the sender sees.

use crate::state::AppState;
use connectors::waha::GatewayError;
use std::time::Duration;
use store::inbox::sends::Claimed;

/// Replies handed over in one round.
const BATCH: u32 = 32;

pub async fn run(state: AppState, mut stop: tokio::sync::watch::Receiver<bool>) {
    let poll = Duration::from_millis(state.config.inbox.poll_ms.max(10));
    let mut last_prune = 0i64;
    let mut last_expiry = 0i64;
    loop {
        if *stop.borrow() {
            break;
        }
        if let Err(e) = round(&state).await {
            tracing::warn!(error = %e.message, "inbox worker round failed");
        }
        let now = state.clock.now_ms();
        if now - last_expiry > 60_000 {
            last_expiry = now;
            if let Err(e) = expire_member_replies(&state).await {
                tracing::warn!(error = %e.message, "expiring members' replies failed");
            }
        }
        if now - last_prune > 3_600_000 {
            last_prune = now;
            let before = now - i64::try_from(state.config.inbox.keep_events_ms).unwrap_or(i64::MAX);
            if let Err(e) = store::inbox::events::prune(&state.store, before).await {
                tracing::warn!(error = %e, "pruning inbox events failed");
            }
        }
        let wake = state.inbox_send_wake.clone();
        tokio::select! {
            _ = wake.notified() => {}
            _ = tokio::time::sleep(poll) => {}
            _ = stop.changed() => {}
        }
    }
}

/// One round: due replies, due escalations, then due media downloads.
pub async fn round(state: &AppState) -> Result<(), crate::error::AppError> {
    let c = &state.config.inbox;
    let now = state.clock.now_ms();
    let lease = i64::try_from(c.lease_ms).unwrap_or(60_000);
    let claimed = store::inbox::sends::claim(&state.store, now, lease, BATCH).await?;
    for send in claimed {
        deliver(state, &send).await?;
    }
    super::clock::sweep(state).await?;
    super::media::round(state).await?;
    Ok(())
}

async fn deliver(state: &AppState, send: &Claimed) -> Result<(), crate::error::AppError> {
    let outcome = hand_over(state, send).await;
    let now = state.clock.now_ms();
    match outcome {
        Ok(source_id) => {
            store::inbox::sends::sent(&state.store, send.id, send.message_id, source_id.as_deref())
                .await?;
            super::views::publish_ack(
                state,
                send.org_id,
                send.conversation_id,
                send.message_id,
                domain::inbox::Ack::Sent,
            )
            .await?;
        }
        Err(Failure::Wait(why))
            if now - send.queued_at
                < i64::try_from(state.config.inbox.hold_replies_ms).unwrap_or(i64::MAX) =>
        {
            let c = &state.config.inbox;
            let wait = domain::retry::backoff_ms(
                u32::try_from(send.attempts).unwrap_or(u32::MAX),
                c.backoff_base_ms,
                c.backoff_max_ms,
                rand::random::<f64>(),
            );
            let next = now + i64::try_from(wait).unwrap_or(i64::MAX / 2);
            store::inbox::sends::retry(&state.store, send.id, next, &why).await?;
        }
        Err(Failure::Wait(why) | Failure::Fail(why)) => {
            store::inbox::sends::give_up(&state.store, send.id, send.message_id, &why).await?;
            super::views::publish_ack(
                state,
                send.org_id,
                send.conversation_id,
                send.message_id,
                domain::inbox::Ack::Failed,
            )
            .await?;
        }
    }
    Ok(())
}

/// Replies in members' own chats that no extension took in time are failed, with the reason.
async fn expire_member_replies(state: &AppState) -> Result<(), crate::error::AppError> {
    let hold = i64::try_from(state.config.inbox.hold_replies_ms).unwrap_or(i64::MAX);
    let before = state.clock.now_ms().saturating_sub(hold);
    let expired = store::inbox::sends::expire_member(
        &state.store,
        before,
        "the member's WhatsApp was not online to send it",
    )
    .await?;
    for (org, conversation, message) in expired {
        super::views::publish_ack(
            state,
            org,
            conversation,
            message,
            domain::inbox::Ack::Failed,
        )
        .await?;
    }
    Ok(())
}

enum Failure {
    /// Worth trying again later.
    Wait(String),
    /// Trying again cannot help.
    Fail(String),
}

/// Sends the reply through its channel's gateway: the gateway's id for it, if it told one.
async fn hand_over(state: &AppState, send: &Claimed) -> Result<Option<String>, Failure> {
    let ch = store::inbox::channels::find(&state.store, send.org_id, send.channel_id)
        .await
        .map_err(|e| Failure::Wait(format!("store: {e}")))?
        .ok_or_else(|| Failure::Fail("the shared number was disconnected".to_owned()))?;
    let gateway = super::gateway(state, &ch)
        .await
        .map_err(|e| Failure::Wait(e.message))?;
    let session = ch.session.as_deref().unwrap_or_default();
    let text = send.body.as_deref().unwrap_or_default();
    gateway
        .send_text(session, &send.chat_id, text, None)
        .await
        .map_err(|e| match e {
            GatewayError::Unauthorized => {
                Failure::Fail("the gateway refused the API key".to_owned())
            }
            GatewayError::Refused(why) => {
                Failure::Fail(format!("the gateway refused the message: {why}"))
            }
            GatewayError::NotFound | GatewayError::NotReady { .. } => {
                Failure::Wait("the shared number is not connected".to_owned())
            }
            GatewayError::Unavailable(why) => {
                Failure::Wait(format!("the gateway did not answer: {why}"))
            }
        })
}
