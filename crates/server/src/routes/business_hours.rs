//! The organisation's business hours (issue #30): read by every member (the dashboards count in
//! them), set by its admins — the week's shifts, the holidays and the targets. The inbox's
//! needs-reply clock counts in the same hours.

use super::{Access, Routes};
use crate::access::{member, member_at};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::business_hours::{
    BusinessHoursQuery, BusinessHoursUpdate, BusinessHoursView, BusinessShift,
};
use domain::business_hours::{BusinessHoursInput, Schedule, Shift};
use domain::roles::AccessLevel;
use domain::RuleError;
use store::entity::{business_hours, organisation};
use utoipa_axum::routes;

/// The most minutes a target may be (a week).
const MAX_TARGET_MINUTES: u32 = 10_080;

pub fn routes() -> Routes {
    Routes::new().add(
        Access::Scoped,
        routes!(get_business_hours, set_business_hours),
    )
}

/// The hours as the screen shows them: `row` (none: the default) in the organisation's zone.
fn view(
    org: &organisation::Model,
    row: Option<&business_hours::Model>,
) -> Result<BusinessHoursView, AppError> {
    let org_id = org.id;
    let hours = crate::business_hours::compile(row, &org.time_zone)?.hours();
    let minutes = |m: Option<i32>| m.and_then(|m| u32::try_from(m).ok());
    Ok(BusinessHoursView {
        org_id,
        time_zone: hours.time_zone,
        week: hours
            .week
            .into_iter()
            .map(|d| {
                d.into_iter()
                    .map(|s| BusinessShift {
                        start: s.start,
                        end: s.end,
                    })
                    .collect()
            })
            .collect(),
        holidays: hours.holidays,
        response_target_minutes: minutes(row.and_then(|r| r.response_target_min)),
        callback_target_minutes: minutes(row.and_then(|r| r.callback_target_min)),
        weekly_minutes: hours.weekly_minutes,
        set: row.is_some(),
        updated_at: row.and_then(|r| rfc3339(r.updated_at)),
    })
}

/// The organisation's business hours (the default week until an admin sets them).
#[utoipa::path(
    get,
    path = "/api/business-hours",
    tag = "organisations",
    params(BusinessHoursQuery),
    responses(
        (status = 200, description = "The hours, in the organisation's zone", body = BusinessHoursView),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn get_business_hours(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<BusinessHoursQuery>,
) -> Result<Json<BusinessHoursView>, AppError> {
    member(&state, &user, q.org_id).await?;
    let org = store::orgs::organisation(&state.store, q.org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let row = store::business_hours::of(&state.store, q.org_id).await?;
    Ok(Json(view(&org, row.as_ref())?))
}

/// Sets the organisation's business hours, holidays and targets (admins).
#[utoipa::path(
    put,
    path = "/api/business-hours",
    tag = "organisations",
    request_body = BusinessHoursUpdate,
    responses(
        (status = 200, description = "The hours as stored", body = BusinessHoursView),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.week` = value_invalid (not seven days), shift_invalid, shifts_overlap or shifts_too_many; `fields.holidays` = date_invalid or holidays_too_many; `fields.response_target_minutes` / `fields.callback_target_minutes` = value_invalid (outside 1–10 080)", body = contract::ErrorBody),
    )
)]
pub async fn set_business_hours(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<BusinessHoursUpdate>,
) -> Result<Json<BusinessHoursView>, AppError> {
    member_at(&state, &user, req.org_id, AccessLevel::Admin).await?;
    for (field, target) in [
        ("response_target_minutes", req.response_target_minutes),
        ("callback_target_minutes", req.callback_target_minutes),
    ] {
        if target.is_some_and(|m| m == 0 || m > MAX_TARGET_MINUTES) {
            return Err(AppError::invalid_field(field, RuleError::ValueInvalid));
        }
    }
    let org = store::orgs::organisation(&state.store, req.org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let input = BusinessHoursInput {
        time_zone: org.time_zone.clone(),
        week: req
            .week
            .into_iter()
            .map(|d| {
                d.into_iter()
                    .map(|s| Shift {
                        start: s.start,
                        end: s.end,
                    })
                    .collect()
            })
            .collect(),
        holidays: req.holidays,
    };
    let hours = Schedule::new(&input)
        .map_err(|rule| {
            let field = match rule {
                RuleError::DateInvalid | RuleError::HolidaysTooMany => "holidays",
                _ => "week",
            };
            AppError::invalid_field(field, rule)
        })?
        .hours();
    let row = business_hours::Model {
        id: 0,
        org_id: req.org_id,
        week: serde_json::to_string(&hours.week).map_err(AppError::internal)?,
        holidays: serde_json::to_string(&hours.holidays).map_err(AppError::internal)?,
        response_target_min: req
            .response_target_minutes
            .and_then(|m| i32::try_from(m).ok()),
        callback_target_min: req
            .callback_target_minutes
            .and_then(|m| i32::try_from(m).ok()),
        updated_by: Some(user.id),
        updated_at: state.clock.now_ms(),
    };
    let saved = store::business_hours::save(&state.store, row).await?;
    // Conversations already waiting keep the clock they started with; new waits count in the
    // new hours.
    Ok(Json(view(&org, Some(&saved))?))
}
