//! Downloads shared-number media into the file store (run by the inbox worker): a message's
//! media arrives as a URL on the organisation's gateway, fetched with its API key — the
//! browser could not — so it is kept under `inbox/<org>/<message>-<random>` and served from
//! here (`GET …/messages/{id}/media`). A gateway that is away is tried again with backoff; media
//! it refuses (too large, gone) is given up, leaving the message's name and type.

use crate::state::AppState;
use connectors::waha::GatewayError;
use store::inbox::media::Due;

/// The largest media kept (WhatsApp sends documents up to 100 MB; these are what a team reads).
pub const MAX_MEDIA_BYTES: usize = 32 * 1024 * 1024;
/// Downloads taken in one round.
const BATCH: u64 = 8;
/// How long a taken download is the taker's before another worker may try it.
const LEASE_MS: i64 = 120_000;
/// Tries before the media is given up.
const MAX_TRIES: i32 = 8;

/// One round: the due downloads, each kept, tried again later or given up. Answers how many
/// were kept.
pub async fn round(state: &AppState) -> Result<usize, crate::error::AppError> {
    let now = state.clock.now_ms();
    let due = store::inbox::media::take(&state.store, now, LEASE_MS, BATCH).await?;
    let mut kept = 0;
    for d in due {
        match fetch(state, &d).await {
            Ok((key, mimetype)) => {
                store::inbox::media::kept(&state.store, d.message_id, &key, &mimetype).await?;
                super::views::publish_message(state, d.org_id, d.conversation_id).await?;
                kept += 1;
            }
            Err(Retry::Later(why)) if d.tries + 1 < MAX_TRIES => {
                let c = &state.config.inbox;
                let wait = domain::retry::backoff_ms(
                    u32::try_from(d.tries).unwrap_or(u32::MAX),
                    c.backoff_base_ms,
                    c.backoff_max_ms,
                    rand::random::<f64>(),
                );
                tracing::info!(message = d.message_id, %why, "inbox media: trying again later");
                let next = now + i64::try_from(wait).unwrap_or(i64::MAX / 2);
                store::inbox::media::later(&state.store, d.message_id, Some(next)).await?;
            }
            Err(Retry::Later(why) | Retry::Never(why)) => {
                tracing::warn!(message = d.message_id, %why, "inbox media given up");
                store::inbox::media::later(&state.store, d.message_id, None).await?;
            }
        }
    }
    Ok(kept)
}

enum Retry {
    Later(String),
    Never(String),
}

async fn fetch(state: &AppState, d: &Due) -> Result<(String, String), Retry> {
    let ch = store::inbox::channels::find(&state.store, d.org_id, d.channel_id)
        .await
        .map_err(|e| Retry::Later(format!("store: {e}")))?
        .ok_or_else(|| Retry::Never("the shared number was disconnected".to_owned()))?;
    let gateway = super::gateway(state, &ch)
        .await
        .map_err(|e| Retry::Later(e.message))?;
    let (mimetype, bytes) = gateway
        .media(&d.url, MAX_MEDIA_BYTES)
        .await
        .map_err(|e| match e {
            GatewayError::Refused(why) => Retry::Never(why),
            GatewayError::Unauthorized => {
                Retry::Never("the gateway refused the API key".to_owned())
            }
            GatewayError::NotFound => Retry::Never("the gateway no longer has it".to_owned()),
            GatewayError::NotReady { .. } | GatewayError::Unavailable(_) => {
                Retry::Later("the gateway did not answer".to_owned())
            }
        })?;
    let key = format!(
        "inbox/{}/{}-{:016x}",
        d.org_id,
        d.message_id,
        rand::random::<u64>()
    );
    state
        .files
        .put(&key, &bytes)
        .await
        .map_err(|e| Retry::Later(format!("file store: {e}")))?;
    Ok((key, mimetype))
}
