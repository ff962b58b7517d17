//! The organisation's business hours on the wire (issue #30): each weekday's shifts and the
//! holidays in the organisation's zone, with the targets response times and call-backs are
//! measured against. Paths ours (docs/API.md); the rules are `domain::business_hours`.

/// `GET /api/business-hours`.
#[crate::wire(IntoParams)]
pub struct BusinessHoursQuery {
    pub org_id: i64,
}

/// One opening of a day: `HH:MM` to `HH:MM` local time (`24:00` ends the day).
#[crate::wire]
#[serde(deny_unknown_fields)]
pub struct BusinessShift {
    #[schema(pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    pub start: String,
    #[schema(pattern = "^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$")]
    pub end: String,
}

/// The organisation's business hours.
#[crate::wire(OptionalFields)]
pub struct BusinessHoursView {
    pub org_id: i64,
    /// The organisation's zone, which the shifts and holidays are read in.
    pub time_zone: String,
    /// Seven days, Monday first; each day's shifts in order (none: closed).
    pub week: Vec<Vec<BusinessShift>>,
    /// Local dates closed all day, `YYYY-MM-DD`, ascending.
    pub holidays: Vec<String>,
    /// Minutes of business time a first response should take at most (the SLA target).
    pub response_target_minutes: Option<u32>,
    /// Minutes of business time a missed or rejected call should be returned within.
    pub callback_target_minutes: Option<u32>,
    /// Open minutes in a week without holidays.
    pub weekly_minutes: u32,
    /// Whether an admin set them; otherwise they are the default, Monday to Friday 09:00–18:00.
    pub set: bool,
    /// RFC 3339, UTC; none until set.
    pub updated_at: Option<String>,
}

/// `PUT /api/business-hours`: the whole week, the holidays and the targets (admins).
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct BusinessHoursUpdate {
    pub org_id: i64,
    /// Seven days, Monday first, up to four shifts each that do not overlap.
    #[schema(min_items = 7, max_items = 7)]
    pub week: Vec<Vec<BusinessShift>>,
    /// Up to 400 local dates, `YYYY-MM-DD`.
    #[schema(max_items = 400)]
    pub holidays: Vec<String>,
    /// 1 to 10 080 (a week); none: no target.
    #[schema(minimum = 1, maximum = 10080)]
    pub response_target_minutes: Option<u32>,
    /// 1 to 10 080; none: no target.
    #[schema(minimum = 1, maximum = 10080)]
    pub callback_target_minutes: Option<u32>,
}
