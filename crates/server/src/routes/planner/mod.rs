//! Follow-ups and scheduled messages (001 §2 reminders and notifications, §3, §4, §5 'Please
//! enter a title', 'Time has already passed', 'Message and Upload can't be empty'; issue #18).
//!
//! The extension sends messages; the server never does. A schedule keeps one pending send at a
//! time: the extension claims due sends with a lease (`POST /api/v2/schedules/claim`), reports
//! each one, and the next is made from the domain's recurrence in the schedule's zone. A send
//! overdue by more than [`MISSED_AFTER_MS`] is skipped as missed (policy `skip`) or handed out
//! marked late (policy `send_late`); one whose contact wrote since the schedule was made is
//! cancelled when the schedule asks for it.

use super::{Access, Routes};
use chrono::{DateTime, Utc};
use utoipa_axum::routes;

pub(crate) mod follow_ups;
mod schedules;
mod sends;

pub use follow_ups::*;
pub use schedules::*;
pub use sends::*;

/// A due send not claimed within this long is late (policy `send_late`) or missed (`skip`).
pub const MISSED_AFTER_MS: i64 = 10 * 60 * 1000;
/// The latest sends shown per schedule.
const RECENT_SENDS: usize = 10;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(follow_ups::follow_up_board))
        .add(Access::Scoped, routes!(follow_ups::create_follow_up))
        .add(Access::Scoped, routes!(follow_ups::update_follow_up))
        .add(Access::Scoped, routes!(follow_ups::complete_follow_up))
        .add(Access::Scoped, routes!(follow_ups::complete_all_follow_ups))
        .add(Access::Scoped, routes!(follow_ups::delete_follow_up))
        .add(Access::SignedIn, routes!(follow_ups::notification_settings))
        .add(
            Access::SignedIn,
            routes!(follow_ups::set_notification_settings),
        )
        .add(Access::Scoped, routes!(schedules::list_schedules))
        .add(Access::Scoped, routes!(schedules::create_schedule))
        .add(Access::Scoped, routes!(schedules::update_schedule))
        .add(Access::Scoped, routes!(schedules::delete_schedule))
        .add(
            Access::Scoped,
            routes!(schedules::upload_schedule_attachment),
        )
        .add(
            Access::Scoped,
            routes!(schedules::download_schedule_attachment),
        )
        .add(
            Access::Scoped,
            routes!(schedules::remove_schedule_attachment),
        )
        .add_extension(Access::SignedIn, routes!(sends::claim_sends))
        .add_extension(Access::Scoped, routes!(sends::report_send))
}

fn utc(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or_default()
}
