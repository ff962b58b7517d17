//! Seats: the price of a change before it is confirmed, the change, and the seats an
//! organisation holds now.

use super::overview::{is_running, overview_of};
use crate::access::member_at;
use crate::auth::CurrentUser;
use crate::billing::{self, payer_plan, standing_now, upstream};
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::billing::{SeatChangeAnswer, SeatPreview, SeatsRequest};
use contract::ErrorCode;
use domain::plans::{normalize_plan_id, TeamSeats, MIN_TEAM_SIZE};
use domain::roles::AccessLevel;
use domain::subscription::{seat_change, Standing};
use domain::RuleError;
use store::billing::Payer;
use store::entity::billing as rows;

/// The seats an organisation may be set to (the domain's `TeamSeats::parse_for`): at least the
/// team minimum (422 `team_too_small`), every member (409 `seats_exhausted`), at most
/// `MAX_SEATS` (422 `too_many_seats`).
pub(super) async fn check_seats(
    state: &AppState,
    org_id: i64,
    seats: u32,
) -> Result<u32, AppError> {
    let used = store::orgs::seats_used(&state.store, org_id).await? as u32;
    match TeamSeats::parse_for(i64::from(seats), used) {
        Ok(_) => Ok(used),
        // The team minimum is met but not the members: remove members first.
        Err(RuleError::TeamTooSmall) if seats >= MIN_TEAM_SIZE => Err(AppError::new(
            ErrorCode::SeatsExhausted,
            "fewer seats than members: remove members first",
        )),
        Err(e) => Err(AppError::invalid_field("seats", e)),
    }
}

fn preview_of(
    sub: Option<&rows::subscription::Model>,
    current: u32,
    seats: u32,
    plan_amount_minor: i64,
    now: i64,
) -> SeatPreview {
    let (price, currency, start, end) = match sub {
        Some(s) => (
            s.unit_amount_minor,
            s.currency.to_ascii_uppercase(),
            s.period_start.unwrap_or(now),
            s.period_end.unwrap_or(now),
        ),
        None => (plan_amount_minor, "USD".to_owned(), now, now),
    };
    let c = seat_change(price, current, seats, start, end, now);
    SeatPreview {
        current_seats: c.current_seats,
        new_seats: c.new_seats,
        due_now_minor: c.due_now_minor,
        next_invoice_minor: c.next_invoice_minor,
        currency,
        at_period_end: c.at_period_end,
        period_end: sub.and_then(|s| s.period_end).and_then(rfc3339),
    }
}

/// A decrease already waiting for the period's end: nothing else changes until it applies or
/// is cancelled (by asking for the seats the plan has).
fn refuse_while_scheduled(
    sub: Option<&rows::subscription::Model>,
    seat_issued: u32,
    seats: u32,
) -> Result<(), AppError> {
    let scheduled = sub
        .filter(|s| is_running(s))
        .and_then(|s| s.pending_seats)
        .is_some_and(|p| p != seat_issued as i32);
    if scheduled && seats != seat_issued {
        return Err(AppError::new(
            ErrorCode::SeatChangeScheduled,
            "a decrease of seats is scheduled: cancel it first",
        ));
    }
    Ok(())
}

/// What a change of seats costs before it is confirmed: added seats prorated over the rest of
/// the period (the domain's `seat_change`), removed seats at the period's end.
#[utoipa::path(
    get,
    path = "/api/billing/seats/preview",
    tag = "billing",
    params(SeatsRequest),
    responses(
        (status = 200, description = "The price change", body = SeatPreview),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 409, description = "`seats_exhausted`: fewer seats than members; `seat_change_scheduled`: a decrease waits for the period's end", body = contract::ErrorBody),
        (status = 422, description = "`fields.seats` = team_too_small or too_many_seats", body = contract::ErrorBody),
    )
)]
pub async fn seat_preview(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<SeatsRequest>,
) -> Result<Json<SeatPreview>, AppError> {
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    check_seats(&state, q.org_id, q.seats).await?;
    let plan = payer_plan(&state, Payer::Org(q.org_id)).await?;
    let sub = store::billing::subscription_of(&state.store, Payer::Org(q.org_id)).await?;
    refuse_while_scheduled(sub.as_ref(), plan.seat_issued, q.seats)?;
    let amount = store::billing::plan(&state.store, normalize_plan_id(plan.facts.plan_id))
        .await?
        .map_or(0, |p| p.amount_minor);
    Ok(Json(preview_of(
        sub.as_ref(),
        plan.seat_issued,
        q.seats,
        amount,
        state.clock.now_ms(),
    )))
}

/// Changes an organisation's seats through its subscription: added seats now (prorated),
/// removed seats from the period's end. Asking for the seats the plan has cancels a scheduled
/// decrease, and is otherwise a no-op (`change` null). While a decrease is scheduled, nothing
/// else changes (409 `seat_change_scheduled`).
#[utoipa::path(
    post,
    path = "/api/billing/seats",
    tag = "billing",
    request_body = SeatsRequest,
    responses(
        (status = 200, description = "The billing screen after the change, and what it cost", body = SeatChangeAnswer),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 409, description = "`seats_exhausted` (fewer seats than members), `seat_change_scheduled`, or no subscription to change", body = contract::ErrorBody),
        (status = 422, description = "`fields.seats` = team_too_small or too_many_seats", body = contract::ErrorBody),
    )
)]
pub async fn change_seats(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<SeatsRequest>,
) -> Result<Json<SeatChangeAnswer>, AppError> {
    member_at(&state, &user, req.org_id, AccessLevel::Admin).await?;
    check_seats(&state, req.org_id, req.seats).await?;
    let payer = Payer::Org(req.org_id);
    let plan = payer_plan(&state, payer).await?;
    let sub = store::billing::subscription_of(&state.store, payer)
        .await?
        .filter(is_running);
    refuse_while_scheduled(sub.as_ref(), plan.seat_issued, req.seats)?;
    let scheduled = sub
        .as_ref()
        .and_then(|s| s.pending_seats)
        .filter(|p| *p != plan.seat_issued as i32);
    if req.seats == plan.seat_issued && scheduled.is_none() {
        return Ok(Json(SeatChangeAnswer {
            overview: overview_of(&state, payer).await?,
            change: None,
        }));
    }
    let sub = sub.ok_or_else(|| {
        AppError::new(ErrorCode::Conflict, "no subscription: choose a plan first")
    })?;
    let stripe = billing::stripe(&state)?;
    // The plan's item and its add-ons' move together.
    let items = stripe
        .subscription(&sub.provider_id)
        .await
        .map_err(upstream)?
        .item_ids;
    if items.is_empty() {
        return Err(AppError::new(
            ErrorCode::Conflict,
            "the subscription has no item",
        ));
    }
    let cancelling = scheduled.is_some();
    let adding = req.seats > plan.seat_issued;
    let now = state.clock.now_ms();
    // What the change costs, as previewed: the domain's proration at this instant.
    let change = preview_of(Some(&sub), plan.seat_issued, req.seats, 0, now);
    let pending = if adding || cancelling {
        None
    } else {
        Some(req.seats as i32)
    };
    store::billing::set_pending_seats(&state.store, sub.id, pending).await?;
    let key = format!(
        "seats_{}_{}_{}_{}",
        sub.provider_id,
        req.seats,
        sub.event_at,
        sub.pending_seats.unwrap_or(0)
    );
    let answer = match stripe
        .set_quantity(&sub.provider_id, &items, req.seats, adding, &key)
        .await
    {
        Ok(a) => a,
        Err(e) => {
            store::billing::set_pending_seats(&state.store, sub.id, sub.pending_seats).await?;
            return Err(upstream(e));
        }
    };
    billing::apply_answer(&state, &answer).await?;
    let kind = if cancelling {
        "seats_removal_cancelled"
    } else if adding {
        "seats_added"
    } else {
        "seats_removal_scheduled"
    };
    let from = if cancelling {
        scheduled.map_or(plan.seat_issued, |p| p as u32)
    } else {
        plan.seat_issued
    };
    store::billing::add_history(
        state.store.conn(),
        payer,
        now,
        kind,
        serde_json::json!({
            "from": from,
            "to": req.seats,
            "due_now_minor": adding.then_some(change.due_now_minor),
            "currency": change.currency,
            "effective_at": (!adding && !cancelling).then_some(sub.period_end).flatten(),
        }),
    )
    .await?;
    Ok(Json(SeatChangeAnswer {
        overview: overview_of(&state, payer).await?,
        change: (!cancelling).then_some(change),
    }))
}

/// How many members an organisation's plan holds now (invites and imports stop there): the seats
/// bought while the plan runs or is in grace; on Free, no one new.
pub async fn seat_limit(state: &AppState, org_id: i64) -> Result<u32, AppError> {
    let plan = payer_plan(state, Payer::Org(org_id)).await?;
    let now = standing_now(state, plan.facts);
    Ok(match now.standing {
        Standing::Free => 0,
        _ => plan.seat_issued,
    })
}
