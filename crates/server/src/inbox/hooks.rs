//! What a shared number's verified webhook changes. Every event may arrive more than once and
//! in any order (each is its own POST with its own retries): a message is stored once by its id,
//! an ack only moves a message forward, and a status older than the stored one is ignored.

use super::intake::Arrival;
use crate::error::AppError;
use crate::state::AppState;
use connectors::waha::{Envelope, Event, WaMessage};
use domain::inbox::{Ack, ChatRef, SessionState};
use store::entity::inbox::channel;

/// The most characters of a message's text kept (WhatsApp's own limit).
const MAX_BODY_CHARS: usize = 65_536;
/// The longest media URL kept (the column's size).
const MAX_MEDIA_URL: usize = 2_000;

/// Applies one event of `ch`'s session; false when it changed nothing (a retry, an ack that
/// arrived after a later one, an older status).
pub async fn apply(state: &AppState, ch: &channel::Model, env: Envelope) -> Result<bool, AppError> {
    match env.event {
        Event::Message(m) => message(state, ch, &m).await,
        Event::Ack(a) => {
            let Some(ack) = Ack::from_gateway(i64::from(a.ack)) else {
                return Ok(false);
            };
            let chat = chat_of_message_id(&a.id)
                .or(if a.from_me {
                    a.to.as_deref()
                } else {
                    a.from.as_deref()
                })
                .and_then(|c| ChatRef::parse(c).ok());
            if let Some(chat) = chat {
                let error = (ack == Ack::Failed).then_some("the gateway reported an error");
                if let Some((conv, msg, now)) = store::inbox::intake::apply_ack(
                    &state.store,
                    ch.id,
                    &chat.chat_id,
                    &a.id,
                    ack,
                    error,
                )
                .await?
                {
                    super::views::publish_ack(state, ch.org_id, conv, msg, now).await?;
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Event::Status(s) => {
            let st = SessionState::from_gateway(&s.status);
            if store::inbox::channels::set_state(
                &state.store,
                ch.id,
                st.code(),
                env.me.as_deref(),
                env.timestamp_ms,
            )
            .await?
            {
                super::views::publish_state(state, ch.org_id, st).await?;
                return Ok(true);
            }
            Ok(false)
        }
        Event::Other(_) => Ok(false),
    }
}

/// The chat of a serialized message id, `{fromMe}_{chatId}_{rawId}[_{participant}]`.
fn chat_of_message_id(id: &str) -> Option<&str> {
    let mut parts = id.splitn(3, '_');
    let from_me = parts.next()?;
    if from_me != "true" && from_me != "false" {
        return None;
    }
    parts.next().filter(|c| c.contains('@'))
}

async fn message(state: &AppState, ch: &channel::Model, m: &WaMessage) -> Result<bool, AppError> {
    // Broadcasts, channels and status updates are not conversations.
    let Ok(chat) = ChatRef::parse(m.chat_id()) else {
        return Ok(false);
    };
    let body: Option<String> = m
        .body
        .as_deref()
        .filter(|b| !b.is_empty())
        .map(|b| b.chars().take(MAX_BODY_CHARS).collect());
    if m.from_me
        && store::inbox::conversations::adopt_echo(
            &state.store,
            ch.id,
            &chat.chat_id,
            &m.id,
            body.as_deref(),
        )
        .await?
    {
        // Our own reply, sent before the gateway could tell its id: now it has one.
        return Ok(true);
    }
    let media = m.media.as_ref();
    let ack = if m.from_me {
        m.ack
            .and_then(|a| Ack::from_gateway(i64::from(a)))
            .unwrap_or(Ack::Sent)
    } else {
        Ack::Delivered
    };
    let arrival = Arrival {
        org_id: ch.org_id,
        channel_id: ch.id,
        chat_id: chat.chat_id,
        contact: chat.contact,
        is_group: chat.group,
        source_id: m.id.clone(),
        outbound: m.from_me,
        sender: chat.group.then(|| m.participant.clone()).flatten(),
        body,
        // Downloaded by the inbox worker with the gateway's key (`inbox::media`); none when the
        // gateway itself failed to fetch it.
        media_url: media
            .filter(|x| x.error.as_ref().is_none_or(serde_json::Value::is_null))
            .and_then(|x| x.url.clone())
            .filter(|u| u.len() <= MAX_MEDIA_URL),
        media_type: media.and_then(|x| x.mimetype.clone()),
        media_name: media.and_then(|x| x.filename.clone()),
        ack,
        sent_at: m.timestamp_s.saturating_mul(1000),
        now: state.clock.now_ms(),
    };
    // Stored with its live event in this process's next batch (one commit for many webhooks).
    // A new conversation is assigned in the same batch, its `assignment` event with it.
    let stored = state.intake.store(&state.store, arrival).await?;
    if stored.recorded.message_id.is_none() {
        return Ok(false);
    }
    state.inbox_wake.send_replace(ch.org_id);
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::chat_of_message_id;

    #[test]
    fn the_chat_is_read_from_a_serialized_id() {
        assert_eq!(
            chat_of_message_id("true_11111111111@c.us_4CC5EDD64BC22EBA6D639F2AF571346C"),
            Some("11111111111@c.us")
        );
        assert_eq!(
            chat_of_message_id("false_120363@g.us_AAAA_9199@c.us"),
            Some("120363@g.us")
        );
        assert_eq!(chat_of_message_id("3EB0378E606CA43FEF38D2"), None);
        assert_eq!(chat_of_message_id("maybe_x_y"), None);
    }
}
