//! The dashboards on the wire: the extension's event batches (call logs, 001 §3; chat messages,
//! 000 §3 webhook fields) with their per-event report, and the typed analytics answers (calls
//! overview, active hours, new calls, daily totals, comparison) bucketed in the organisation's
//! zone. Bucket keys are ISO text (`2026-03-08`, `2026-03-08T12`) or the hour number.

/// `POST /api/v2/events/calls`: a batch of call-log events for one organisation.
#[crate::wire(!PartialEq)]
pub struct CallEventsBatch {
    pub org_id: i64,
    /// At most 1 000 events: `{id, Datetime, Direction (1, 2, 3, 5), Duration (s), Chatid,
    /// CreatedByUser, createdAt?, updatedAt?}`; times are epoch ms or ISO text (UTC).
    /// Any JSON value is taken: an event that is not an object, or breaks a rule, is refused on
    /// its own in the answer's `rejected`, not with the batch.
    #[schema(value_type = Vec<serde_json::Value>)]
    pub events: Vec<domain::events::CallEventInput>,
}

/// `POST /api/v2/events/messages`: a batch of chat-message events for one organisation.
#[crate::wire(!PartialEq)]
pub struct MessageEventsBatch {
    pub org_id: i64,
    /// At most 1 000 events with the webhook fields: `MessageId, Message, Chatid, File,
    /// FileName, Ack, Datetime, Date, Direction (OUTGOING | INCOMING), SentById, ChannelName,
    /// ChannelId, SentByNumber, sentByUserId, CreatedByUser, senderName`, plus optional `Labels` (the chat's label ids, which the CRM label rules read).
    /// Any JSON value is taken: an event that is not an object, or breaks a rule, is refused on
    /// its own in the answer's `rejected`, not with the batch.
    #[schema(value_type = Vec<serde_json::Value>)]
    pub events: Vec<domain::events::MessageEventInput>,
}

/// One refused field of one event.
#[crate::wire]
pub struct EventError {
    /// Position of the event in the batch (from 0).
    pub index: u32,
    /// The event's id when it had one.
    pub id: Option<String>,
    /// The wire name of the field (`Direction`, `CreatedByUser`, …; `event` for an event that is
    /// not an object of the right shape).
    pub field: String,
    /// A rule code (`value_invalid`, `fields_required`, `no_date`, `date_invalid`) or
    /// `not_found` (CreatedByUser is not a member) / `forbidden` (a member the caller may not
    /// send for) / `malformed_body`.
    pub code: String,
}

/// What happened to a batch. Sent only after the valid events are committed.
#[crate::wire]
pub struct IngestReport {
    /// Events in the batch.
    pub received: u32,
    /// Valid events stored now.
    pub stored: u32,
    /// Valid events already stored before (same id in this organisation) or repeated in the
    /// batch: nothing is stored twice.
    pub duplicates: u32,
    /// Events refused, each field once.
    pub rejected: Vec<EventError>,
}

/// The dashboards' filter (000 §3): an organisation, a period, a team or one employee.
#[crate::wire(Default, IntoParams, !PartialEq, OptionalFields)]
#[into_params(parameter_in = Query)]
pub struct AnalyticsQuery {
    pub org_id: i64,
    /// First local day `YYYY-MM-DD` (with `end_date`); else `preset`; else the last 7 days.
    pub start_date: Option<String>,
    /// Last local day, inclusive.
    pub end_date: Option<String>,
    /// today, yesterday, this_week, last_week, this_month, last_month, last_6_months,
    /// this_year, last_year, last_7_days.
    pub preset: Option<String>,
    /// Only this team's members (0 or absent: everyone visible).
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub team_id: Option<i64>,
    /// Only this member (must be visible to the caller).
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub user_id: Option<i64>,
    /// Overview only: `Datetime` (default) or `createdAt` (the new-call overview).
    #[param(pattern = r"^\s*(Datetime|createdAt)?\s*$")]
    pub field: Option<String>,
}

/// The period an answer covers, in the organisation's zone; both ends inclusive.
#[crate::wire]
pub struct AnalyticsRange {
    pub start_ms: i64,
    pub end_ms: i64,
    pub start_date: String,
    pub end_date: String,
    pub days: u32,
    pub time_zone: String,
}

/// Calls in one direction (or all): 001 §3 `totalCount`, `totalDuration` (s), `uniqueCalls`.
#[crate::wire(Copy, Default)]
pub struct CallTotals {
    pub total_count: u64,
    pub total_duration: u64,
    /// Distinct Chatid. In `all` this is exact (a chat called in two directions counts once).
    pub unique_calls: u64,
}

/// Per direction (1 incoming, 2 outgoing, 3 missed, 5 rejected) and all together.
#[crate::wire(Copy, Default)]
pub struct DirectionTotals {
    pub incoming: CallTotals,
    pub outgoing: CallTotals,
    pub missed: CallTotals,
    pub rejected: CallTotals,
    pub all: CallTotals,
}

/// One employee's row of the overview.
#[crate::wire]
pub struct UserOverview {
    pub user_id: i64,
    pub name: Option<String>,
    pub team_id: Option<i64>,
    #[serde(flatten)]
    pub calls: DirectionTotals,
}

/// `GET /api/v1/analytics/overview`.
#[crate::wire(!Eq)]
pub struct OverviewAnswer {
    pub range: AnalyticsRange,
    /// One row per selected employee (zeros included), best first by count, ties by id.
    pub users: Vec<UserOverview>,
    pub totals: DirectionTotals,
    /// 001 §9: the first two and the last two by count.
    pub top_performers: Vec<i64>,
    pub needing_attention: Vec<i64>,
}

/// `BucketCount::key`: an hour (a number) or a day or half-day (a text).
fn bucket_key() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
    let one_of = OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Integer))
        .item(ObjectBuilder::new().schema_type(Type::String))
        .build();
    utoipa::openapi::RefOr::T(Schema::OneOf(one_of))
}

/// A count in one bucket.
#[crate::wire]
pub struct BucketCount {
    /// `8`..`20` for hours, `YYYY-MM-DD` for days, `YYYY-MM-DDT00|12` for half-days.
    #[schema(schema_with = bucket_key)]
    pub key: domain::buckets::BucketKey,
    pub count: u64,
}

/// `GET /api/v1/analytics/active-hours`: calls and chat messages per local hour, 8 to 20.
#[crate::wire(!Eq)]
pub struct ActiveHoursAnswer {
    pub range: AnalyticsRange,
    pub calls: Vec<BucketCount>,
    pub chats: Vec<BucketCount>,
}

/// `GET /api/v1/analytics/new-calls`: calls per local half-day, on `createdAt`.
#[crate::wire(!Eq)]
pub struct NewCallsAnswer {
    pub range: AnalyticsRange,
    pub buckets: Vec<BucketCount>,
}

/// One local day of calls per direction.
#[crate::wire]
pub struct DayTotals {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub incoming: u64,
    pub outgoing: u64,
    pub missed: u64,
    pub rejected: u64,
    /// Seconds, all directions.
    pub duration: u64,
}

/// `GET /api/v1/analytics/daily`: every local day of the range, empty ones at 0.
#[crate::wire(!Eq)]
pub struct DailyAnswer {
    pub range: AnalyticsRange,
    pub days: Vec<DayTotals>,
}

/// A number now and in the previous period (percent null when growing from nothing).
#[crate::wire(Copy, !Eq)]
pub struct ChangeValue {
    pub current: u64,
    pub previous: u64,
    pub absolute: i64,
    pub percent: Option<f64>,
}

/// `GET /api/v1/analytics/comparison`: the period against the previous one of equal length
/// (001 §7 item 2), totals and per-day series.
#[crate::wire(!Eq)]
pub struct ComparisonAnswer {
    pub range: AnalyticsRange,
    pub previous_range: AnalyticsRange,
    pub current: DirectionTotals,
    pub previous: DirectionTotals,
    pub total_count: ChangeValue,
    pub total_duration: ChangeValue,
    pub unique_calls: ChangeValue,
    /// Chat messages of the selected employees (on `Datetime`, every hour of the day).
    pub chats: ChangeValue,
    pub current_days: Vec<DayTotals>,
    pub previous_days: Vec<DayTotals>,
}

/// One employee's chat messages in the period (001 §3 'total messages, unique chats, sent,
/// received').
#[crate::wire]
pub struct ChatCounters {
    pub user_id: i64,
    pub name: Option<String>,
    pub team_id: Option<i64>,
    pub total_messages: u64,
    pub sent: u64,
    pub received: u64,
    /// Distinct chats the employee sent or received a message in.
    pub unique_chats: u64,
}

/// `GET /api/v1/analytics/chats`: the chat counters of the selection against the previous
/// period of equal length, and per employee (most messages first).
#[crate::wire(!Eq)]
pub struct ChatCountersAnswer {
    pub range: AnalyticsRange,
    pub previous_range: AnalyticsRange,
    pub total_messages: ChangeValue,
    pub sent: ChangeValue,
    pub received: ChangeValue,
    /// Distinct chats over the whole selection (a chat two employees wrote in counts once).
    pub unique_chats: ChangeValue,
    /// Every selected employee, zeros included.
    pub users: Vec<ChatCounters>,
}

/// `POST /api/v2/events/quick-replies` and `/schedulers`: quick replies sent or messages
/// scheduled, one event each: `{id, CreatedByUser, Datetime}`.
#[crate::wire(!PartialEq)]
pub struct UsageEventsBatch {
    pub org_id: i64,
    /// Any JSON value is taken: an event that is not an object, or breaks a rule, is refused on
    /// its own in the answer's `rejected`, not with the batch.
    #[schema(value_type = Vec<serde_json::Value>)]
    pub events: Vec<domain::events::UsageEventInput>,
}

/// One user's count (001 §3 `quick_reply_updated_counts` entry).
#[crate::wire(Copy)]
pub struct UserCount {
    pub user_id: i64,
    pub count: u64,
}

/// `GET /api/v1/whatzapp/quickreplies/analytics`: quick replies sent per selected employee.
#[crate::wire(!Eq)]
pub struct QuickReplyAnalytics {
    pub range: AnalyticsRange,
    pub quick_reply_updated_counts: Vec<UserCount>,
}

/// One workspace's scheduled messages (001 §3 'per workspace_id, a schedulers count').
#[crate::wire(Copy)]
pub struct SchedulerCount {
    pub workspace_id: i64,
    pub schedulers: u64,
}

/// `GET /api/v1/whatzapp/scheduler/analytics`.
#[crate::wire(!Eq)]
pub struct SchedulerAnalytics {
    pub range: AnalyticsRange,
    pub schedulers: Vec<SchedulerCount>,
}
