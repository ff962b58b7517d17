//! Who a shared number's escalated conversation goes to: the next member other than the one who
//! let it wait, by the smooth weighted round-robin that also assigns new conversations
//! (`store::inbox::agents`, credits kept in the database; new ones are assigned in the intake's
//! batch, `store::inbox::batch`).

use crate::error::AppError;
use crate::state::AppState;
use store::entity::inbox::conversation;

/// Hands an escalated conversation to the next available member other than its assignee.
pub async fn reassign(
    state: &AppState,
    conv: &conversation::Model,
) -> Result<Option<i64>, AppError> {
    let before = conv.assignee_id;
    store::inbox::conversations::set_assignee(&state.store, conv.org_id, conv.id, None).await?;
    for _ in 0..3 {
        let chosen =
            store::inbox::agents::assign_next(&state.store, conv.org_id, conv.channel_id, conv.id)
                .await?;
        match chosen {
            Some(user) if Some(user) == before => {
                // The round-robin's turn fell on the same member: take the next turn.
                store::inbox::conversations::set_assignee(&state.store, conv.org_id, conv.id, None)
                    .await?;
            }
            Some(user) => {
                super::views::publish_assignment(state, conv.org_id, conv.id, Some(user)).await?;
                return Ok(Some(user));
            }
            None => break,
        }
    }
    // Nobody else is available: it stays with who had it.
    store::inbox::conversations::set_assignee(&state.store, conv.org_id, conv.id, before).await?;
    Ok(None)
}
