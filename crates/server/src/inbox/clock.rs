//! The needs-reply clock: when a waiting conversation escalates (the inbox's settings, counted in
//! the organisation's business hours, `crate::business_hours`), and what escalating does
//! — an alert on every open inbox, or the conversation handed to the next available member.

use crate::error::AppError;
use crate::state::AppState;
use domain::business_hours::Schedule;
use store::entity::inbox::conversation;

/// The organisation's needs-reply clock: its business hours and the minutes a customer waits
/// within them; None when the clock is off.
#[derive(Debug, Clone)]
pub struct Escalation {
    hours: Schedule,
    minutes: u32,
}

impl Escalation {
    /// The clock of `org_id` as its settings and zone say.
    pub async fn of(store: &store::Store, org_id: i64) -> Result<Option<Escalation>, AppError> {
        let Some(s) = store::inbox::settings::of(store, org_id).await? else {
            return Ok(None);
        };
        let Some(minutes) = s.reply_minutes.and_then(|m| u32::try_from(m).ok()) else {
            return Ok(None);
        };
        let hours = crate::business_hours::schedule_of(store, org_id).await?;
        Ok(Some(Escalation { hours, minutes }))
    }

    /// When a customer's message at `since` (epoch ms) escalates if nobody answers.
    pub fn at(&self, since: i64) -> Option<i64> {
        self.hours.after(since, self.minutes)
    }
}

/// Escalates every conversation whose clock ran out by now (each once, whichever replica comes
/// first): reassigns it to the next available member other than its assignee, or alerts.
pub async fn sweep(state: &AppState) -> Result<usize, AppError> {
    let now = state.clock.now_ms();
    let due = store::inbox::settings::due(&state.store, now, 100).await?;
    let mut done = 0;
    for conv in due {
        let Some(at) = conv.escalate_at else { continue };
        if !store::inbox::settings::escalated(&state.store, conv.id, at).await? {
            continue;
        }
        done += 1;
        escalate(state, &conv).await?;
    }
    Ok(done)
}

async fn escalate(state: &AppState, conv: &conversation::Model) -> Result<(), AppError> {
    let reassign = store::inbox::settings::of(&state.store, conv.org_id)
        .await?
        .is_some_and(|s| s.escalation == "reassign");
    if reassign {
        if let Some(to) = super::assign::reassign(state, conv).await? {
            tracing::info!(conversation = conv.id, to, "needs-reply clock reassigned");
            return Ok(());
        }
    }
    super::views::publish(
        state,
        conv.org_id,
        "overdue",
        Some(conv.id),
        serde_json::json!({ "conversation_id": conv.id, "assignee_id": conv.assignee_id }),
    )
    .await
}
