//! The chat counters beside the call counters (001 §3 'total messages, unique chats, sent,
//! received'; issue #30): the chat messages the extension reported for the selected employees,
//! in the period and the previous one of equal length, and per employee. Definitions in
//! docs/DECISIONS.md ('Chat counters').

use super::{change, Answer, Scope};
use crate::error::AppError;
use crate::extract::Json;
use contract::accounts::ResultEnvelope;
use contract::analytics::{ChatCounters, ChatCountersAnswer};
use domain::analytics::Change;
use domain::dates::DateRange;
use std::collections::HashMap;
use store::analytics::MessageCounts;

async fn counts_of(
    s: &Scope,
    range: &DateRange,
) -> Result<(Vec<(i64, MessageCounts)>, u64), AppError> {
    Ok(store::analytics::message_counts(s.store(), s.window(range)).await?)
}

/// The period's chat messages against the previous period's: all, sent, received and distinct
/// chats, for the selection and for each employee in it.
#[utoipa::path(
    get,
    path = "/api/v1/analytics/chats",
    responses((status = 200, description = "Both periods' chat counters", body = ResultEnvelope<ChatCountersAnswer>))
)]
pub async fn chats(s: Scope) -> Answer<ChatCountersAnswer> {
    let prev = s
        .range
        .previous(s.tz)
        .map_err(|r| AppError::invalid_field("start_date", r))?;
    let ((now, chats_now), (before, chats_before)) =
        tokio::try_join!(counts_of(&s, &s.range), counts_of(&s, &prev))?;
    let sum = |rows: &[(i64, MessageCounts)], f: fn(&MessageCounts) -> u64| -> u64 {
        rows.iter().map(|(_, c)| f(c)).sum()
    };
    let compare = |f: fn(&MessageCounts) -> u64| change(Change::new(sum(&now, f), sum(&before, f)));
    let by_user: HashMap<i64, MessageCounts> = now.iter().copied().collect();
    let mut users: Vec<ChatCounters> = s
        .members
        .iter()
        .map(|r| {
            let c = by_user.get(&r.user.id).copied().unwrap_or_default();
            ChatCounters {
                user_id: r.user.id,
                name: r.user.name.clone(),
                team_id: r.membership.team_id,
                total_messages: c.total,
                sent: c.sent,
                received: c.received,
                unique_chats: c.chats,
            }
        })
        .collect();
    users.sort_by(|a, b| {
        b.total_messages
            .cmp(&a.total_messages)
            .then(a.user_id.cmp(&b.user_id))
    });
    Ok(Json(ResultEnvelope::ok(ChatCountersAnswer {
        range: s.range(),
        previous_range: s.range_of(&prev),
        total_messages: compare(|c| c.total),
        sent: compare(|c| c.sent),
        received: compare(|c| c.received),
        unique_chats: change(Change::new(chats_now, chats_before)),
        users,
    })))
}
