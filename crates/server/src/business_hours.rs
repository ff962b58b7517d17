//! The organisation's business hours as the server uses them: the stored week and holidays (or
//! the default) in the organisation's zone, compiled into the domain's `Schedule` for the
//! inbox's needs-reply clock and the dashboards' business-time figures.

use crate::error::AppError;
use domain::business_hours::{default_week, BusinessHoursInput, Schedule, Shift};
use store::entity::business_hours;

/// The stored form, or the default week without holidays, in `time_zone`.
pub fn input_of(row: Option<&business_hours::Model>, time_zone: &str) -> BusinessHoursInput {
    let (week, holidays) = match row {
        Some(r) => (
            serde_json::from_str::<Vec<Vec<Shift>>>(&r.week).unwrap_or_else(|_| default_week()),
            serde_json::from_str::<Vec<String>>(&r.holidays).unwrap_or_default(),
        ),
        None => (default_week(), Vec::new()),
    };
    BusinessHoursInput {
        time_zone: time_zone.to_owned(),
        week,
        holidays,
    }
}

/// The organisation's hours, ready to count with.
pub async fn schedule_of(store: &store::Store, org_id: i64) -> Result<Schedule, AppError> {
    let org = store::orgs::organisation(store, org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let row = store::business_hours::of(store, org_id).await?;
    compile(row.as_ref(), &org.time_zone)
}

/// The stored hours (or the default) of an organisation in `time_zone`, compiled.
pub fn compile(row: Option<&business_hours::Model>, time_zone: &str) -> Result<Schedule, AppError> {
    let zone = domain::dates::zone_or_default(Some(time_zone))
        .map_err(|r| AppError::internal(r.code()))?;
    let mut input = input_of(row, zone.name());
    // Stored hours were checked when saved; a zone the product stopped offering reads as
    // the default zone rather than stopping the clock.
    Schedule::new(&input)
        .or_else(|_| {
            input.week = default_week();
            input.holidays.clear();
            Schedule::new(&input)
        })
        .map_err(|r| AppError::internal(r.code()))
}
