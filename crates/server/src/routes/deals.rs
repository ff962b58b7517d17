//! The Lead CRM's deals (issue #29, `/leadcrm`): the pipeline board, a contact's deals, and a
//! deal made, changed (a card dragged to another stage is a change of `stage`) and removed. A
//! deal is seen by whoever sees a contact with its owner (routes/contacts: admins all, managers
//! their team's, employees their own, everyone the ones nobody owns); a deal is made only for a
//! contact the caller sees.

use super::contacts::{owner_allowed, scope, seen_contact};
use super::{Access, Routes};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use axum::http::StatusCode;
use contract::deals::{Board, BoardQuery, BoardStage, Deal, DealUpdate, DealsQuery, NewDeal};
use contract::sync::OrgBody;
use domain::contacts::deals as rules;
use domain::RuleError;
use std::collections::BTreeMap;
use store::contacts::Seen;
use store::deals::{BoardFilter, DealValues};
use store::entity::contact::{contact, deal};
use utoipa_axum::routes;

/// Deals a board column holds at most (its count and totals cover them all).
const PER_STAGE: u64 = 200;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(deal_board))
        .add(Access::Scoped, routes!(contact_deals, create_deal))
        .add(Access::Scoped, routes!(get_deal, update_deal, delete_deal))
}

fn view(d: deal::Model, c: Option<contact::Model>) -> Deal {
    let contact_name = c
        .map(|c| {
            domain::contacts::display_name(
                c.name.as_deref(),
                c.first_name.as_deref(),
                c.last_name.as_deref(),
            )
            .unwrap_or_else(|| {
                if c.contact.bytes().all(|b| b.is_ascii_digit()) {
                    format!("+{}", c.contact)
                } else {
                    c.contact
                }
            })
        })
        .unwrap_or_default();
    Deal {
        id: d.id,
        org_id: d.org_id,
        contact_id: d.contact_id,
        contact_name,
        name: d.name,
        amount: d.amount_minor.map(rules::amount_text),
        currency: d.currency,
        stage: d.stage,
        owner_id: d.owner_id,
        close_date: d.close_date,
        description: d.description,
        closed_at: d.closed_at.and_then(rfc3339),
        created_at: rfc3339(d.created_at).unwrap_or_default(),
        updated_at: rfc3339(d.updated_at).unwrap_or_default(),
    }
}

/// The given fields, checked, every refusal named at once.
struct Given<'a> {
    name: Option<&'a str>,
    amount: Option<&'a str>,
    currency: Option<&'a str>,
    stage: Option<&'a str>,
    close_date: Option<&'a str>,
    description: Option<&'a str>,
}

fn checked(given: Given<'_>) -> Result<DealValues, AppError> {
    let mut bad = BTreeMap::new();
    let mut note = |field: &str, e: RuleError| {
        bad.insert(field.to_owned(), e.code().to_owned());
    };
    let mut out = DealValues::default();
    if let Some(v) = given.name {
        rules::name(v).map_or_else(|e| note("name", e), |v| out.name = Some(v));
    }
    if let Some(v) = given.amount {
        rules::amount(v).map_or_else(|e| note("amount", e), |v| out.amount_minor = Some(v));
    }
    if let Some(v) = given.currency {
        rules::currency(v).map_or_else(|e| note("currency", e), |v| out.currency = Some(v));
    }
    if let Some(v) = given.stage {
        rules::stage(v).map_or_else(|e| note("stage", e), |v| out.stage = Some(v));
    }
    if let Some(v) = given.close_date {
        rules::close_date(v).map_or_else(|e| note("close_date", e), |v| out.close_date = Some(v));
    }
    if let Some(v) = given.description {
        rules::description(v)
            .map_or_else(|e| note("description", e), |v| out.description = Some(v));
    }
    if bad.is_empty() {
        Ok(out)
    } else {
        Err(AppError::invalid_fields(bad))
    }
}

#[utoipa::path(
    get,
    path = "/api/deals/board",
    tag = "deals",
    params(BoardQuery),
    responses(
        (status = 200, description = "Every stage of the pipeline in order: its count, totals per currency and the 200 most recently changed deals the caller sees", body = Board),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
    )
)]
pub async fn deal_board(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<BoardQuery>,
) -> Result<Json<Board>, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    let filter = BoardFilter {
        owner_id: q.owner_id.map(|o| (o != 0).then_some(o)),
        q: q.q
            .map(|s| s.chars().take(100).collect::<String>())
            .filter(|s| !s.trim().is_empty()),
    };
    let columns = store::deals::board(
        &state.store,
        q.org_id,
        &seen,
        &filter,
        &rules::DEAL_STAGES,
        PER_STAGE,
    )
    .await?;
    Ok(Json(Board {
        stages: columns
            .into_iter()
            .map(|c| BoardStage {
                stage: c.stage,
                count: c.count,
                totals: c
                    .totals
                    .into_iter()
                    .map(|(cur, minor)| (cur, rules::amount_text(minor)))
                    .collect(),
                deals: c.deals.into_iter().map(|(d, c)| view(d, c)).collect(),
            })
            .collect(),
    }))
}

#[utoipa::path(
    get,
    path = "/api/deals",
    tag = "deals",
    params(DealsQuery),
    responses(
        (status = 200, description = "The contact's deals the caller sees, newest first (at most 200)", body = Vec<Deal>),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn contact_deals(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<DealsQuery>,
) -> Result<Json<Vec<Deal>>, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    seen_contact(&state, &seen, q.org_id, q.contact_id).await?;
    let deals = store::deals::of_contact(&state.store, q.org_id, &seen, q.contact_id).await?;
    Ok(Json(deals.into_iter().map(|(d, c)| view(d, c)).collect()))
}

#[utoipa::path(
    post,
    path = "/api/deals",
    tag = "deals",
    request_body = NewDeal,
    responses(
        (status = 201, description = "The deal", body = Deal),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
        (status = 422, description = "Every refused field at once: `name` fields_required / value_invalid, `amount`, `currency`, `stage`, `description`, `owner_id` value_invalid, `close_date` date_invalid", body = contract::ErrorBody),
    )
)]
pub async fn create_deal(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<NewDeal>,
) -> Result<(StatusCode, Json<Deal>), AppError> {
    let (me, seen, people) = scope(&state, &user, req.org_id).await?;
    let person = seen_contact(&state, &seen, req.org_id, req.contact_id).await?;
    let mut values = checked(Given {
        name: Some(&req.name),
        amount: req.amount.as_deref(),
        currency: req.currency.as_deref(),
        stage: req.stage.as_deref(),
        close_date: req.close_date.as_deref(),
        description: req.description.as_deref(),
    })?;
    values.owner_id = Some(owner_allowed(&me, user.id, &people, req.owner_id)?);
    let made = store::deals::create(
        &state.store,
        req.org_id,
        req.contact_id,
        values,
        state.clock.now_ms(),
    )
    .await?;
    crate::crm_sync::deal_changed(&state, &made).await;
    Ok((StatusCode::CREATED, Json(view(made, Some(person)))))
}

/// The deal `id` of the organisation with its contact, when the caller sees it (404 otherwise).
async fn seen_deal(
    state: &AppState,
    seen: &Seen,
    org_id: i64,
    id: i64,
) -> Result<(deal::Model, Option<contact::Model>), AppError> {
    store::deals::get(&state.store, org_id, id)
        .await?
        .filter(|(d, _)| seen.sees(d.owner_id))
        .ok_or_else(AppError::not_found)
}

#[utoipa::path(
    get,
    path = "/api/deals/{id}",
    tag = "deals",
    params(("id" = i64, Path, description = "The deal"), OrgBody),
    responses(
        (status = 200, description = "The deal", body = Deal),
        (status = 404, description = "No such deal the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn get_deal(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<OrgBody>,
) -> Result<Json<Deal>, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    let (d, c) = seen_deal(&state, &seen, q.org_id, id).await?;
    Ok(Json(view(d, c)))
}

#[utoipa::path(
    patch,
    path = "/api/deals/{id}",
    tag = "deals",
    params(("id" = i64, Path, description = "The deal")),
    request_body = DealUpdate,
    responses(
        (status = 200, description = "The deal after the change; moving into Closed Won or Closed Lost stamps `closed_at`, moving out clears it", body = Deal),
        (status = 404, description = "No such deal the caller sees", body = contract::ErrorBody),
        (status = 422, description = "As for creating", body = contract::ErrorBody),
    )
)]
pub async fn update_deal(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<DealUpdate>,
) -> Result<Json<Deal>, AppError> {
    let (me, seen, people) = scope(&state, &user, req.org_id).await?;
    let (_, person) = seen_deal(&state, &seen, req.org_id, id).await?;
    let mut values = checked(Given {
        name: req.name.as_deref(),
        amount: req.amount.as_deref(),
        currency: req.currency.as_deref(),
        stage: req.stage.as_deref(),
        close_date: req.close_date.as_deref(),
        description: req.description.as_deref(),
    })?;
    if req.owner_id.is_some() {
        values.owner_id = Some(owner_allowed(&me, user.id, &people, req.owner_id)?);
    }
    let after =
        store::deals::update(&state.store, req.org_id, id, values, state.clock.now_ms()).await?;
    crate::crm_sync::deal_changed(&state, &after).await;
    Ok(Json(view(after, person)))
}

#[utoipa::path(
    delete,
    path = "/api/deals/{id}",
    tag = "deals",
    params(("id" = i64, Path, description = "The deal"), OrgBody),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "No such deal the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn delete_deal(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<OrgBody>,
) -> Result<StatusCode, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    seen_deal(&state, &seen, q.org_id, id).await?;
    store::deals::delete(&state.store, q.org_id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
