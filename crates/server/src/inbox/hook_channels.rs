//! The shared numbers by webhook token, each kept for a moment with its opened HMAC key: a busy
//! number's webhooks would otherwise each read the channel's row and open its sealed keys. A
//! cache, not truth — this process forgets everything when a shared number is connected, changed
//! or disconnected here; another replica's change is seen within [`KEEP`].

use crate::error::AppError;
use crate::state::AppState;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use store::entity::inbox::channel;

/// How long a channel read for its webhook is used again.
const KEEP: Duration = Duration::from_secs(2);
/// The most tokens kept (a bound, whatever callers send: only known tokens are kept).
const MAX: usize = 4_096;

/// A shared number as its webhook needs it.
pub struct HookChannel {
    pub channel: channel::Model,
    pub hmac_key: String,
}

/// Each kept channel by its token, with when it was read.
type Kept = HashMap<String, (Instant, Arc<HookChannel>)>;

#[derive(Clone, Default)]
pub struct HookChannels {
    kept: Arc<Mutex<Kept>>,
}

impl HookChannels {
    /// The shared number whose webhook token is `token`; None when there is none.
    pub async fn get(
        &self,
        state: &AppState,
        token: &str,
    ) -> Result<Option<Arc<HookChannel>>, AppError> {
        if let Some((at, hit)) = self.lock()?.get(token) {
            if at.elapsed() < KEEP {
                return Ok(Some(hit.clone()));
            }
        }
        let Some(channel) = store::inbox::channels::by_hook_token(&state.store, token).await?
        else {
            return Ok(None);
        };
        let hmac_key = super::secret_of(state, &channel)?.hmac_key;
        let found = Arc::new(HookChannel { channel, hmac_key });
        let mut kept = self.lock()?;
        if kept.len() >= MAX {
            kept.retain(|_, (at, _)| at.elapsed() < KEEP);
            if kept.len() >= MAX {
                kept.clear();
            }
        }
        kept.insert(token.to_owned(), (Instant::now(), found.clone()));
        Ok(Some(found))
    }

    /// Forgets every kept channel (one was connected, changed or disconnected).
    pub fn forget(&self) {
        if let Ok(mut kept) = self.kept.lock() {
            kept.clear();
        }
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Kept>, AppError> {
        self.kept
            .lock()
            .map_err(|_| AppError::internal("the webhook channels' lock is poisoned"))
    }
}
