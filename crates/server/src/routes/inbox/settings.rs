//! The inbox's settings (admins): who new conversations on the shared number go to, and the
//! needs-reply clock (counted in the organisation's business hours, `/api/business-hours`).

use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::inbox;
use crate::state::AppState;
use axum::extract::State;
use contract::inbox::{InboxAgent, InboxQuery, InboxSettings};
use domain::inbox::MAX_REPLY_MINUTES;
use domain::RuleError;
use store::entity::inbox::settings;
use store::inbox::agents::Agent;

/// The most members one shared number's assignment lists.
const MAX_AGENTS: usize = 500;

async fn current(state: &AppState, org_id: i64) -> Result<InboxSettings, AppError> {
    let s = store::inbox::settings::of(&state.store, org_id).await?;
    let agents = match store::inbox::channels::gateway_of(&state.store, org_id).await? {
        Some(ch) => store::inbox::agents::list(&state.store, ch.id)
            .await?
            .into_iter()
            .map(|a| InboxAgent {
                user_id: a.user_id,
                weight: u32::try_from(a.weight).unwrap_or(0),
                available: a.available,
            })
            .collect(),
        None => Vec::new(),
    };
    Ok(match s {
        Some(s) => InboxSettings {
            org_id,
            agents,
            reply_minutes: s.reply_minutes.and_then(|m| u32::try_from(m).ok()),
            escalation: s.escalation,
        },
        None => InboxSettings {
            org_id,
            agents,
            reply_minutes: None,
            escalation: "alert".to_owned(),
        },
    })
}

/// The inbox's settings.
#[utoipa::path(
    get,
    path = "/api/inbox/settings",
    tag = "inbox",
    params(InboxQuery),
    responses(
        (status = 200, description = "The settings", body = InboxSettings),
        (status = 403, description = "Below manager", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn inbox_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<InboxQuery>,
) -> Result<Json<InboxSettings>, AppError> {
    let v = inbox::viewer(&state, &user, q.org_id).await?;
    Ok(Json(current(&state, v.org_id()).await?))
}

/// Changes the settings. Agents apply to the shared number (connect it first); each must be an
/// active member.
#[utoipa::path(
    put,
    path = "/api/inbox/settings",
    tag = "inbox",
    request_body = InboxSettings,
    responses(
        (status = 200, description = "Changed", body = InboxSettings),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member; `fields.agents`: not an active member, or no shared number", body = contract::ErrorBody),
        (status = 422, description = "`fields.reply_minutes` / `fields.escalation` / `fields.agents` = value_invalid", body = contract::ErrorBody),
    )
)]
pub async fn set_inbox_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<InboxSettings>,
) -> Result<Json<InboxSettings>, AppError> {
    let v = inbox::viewer(&state, &user, req.org_id).await?;
    v.admin()?;
    if req
        .reply_minutes
        .is_some_and(|m| m == 0 || m > MAX_REPLY_MINUTES)
    {
        return Err(AppError::invalid_field(
            "reply_minutes",
            RuleError::ValueInvalid,
        ));
    }
    if !matches!(req.escalation.as_str(), "alert" | "reassign") {
        return Err(AppError::invalid_field(
            "escalation",
            RuleError::ValueInvalid,
        ));
    }
    if req.agents.len() > MAX_AGENTS
        || req.agents.iter().any(|a| a.weight > 100)
        || req
            .agents
            .iter()
            .enumerate()
            .any(|(i, a)| req.agents[..i].iter().any(|b| b.user_id == a.user_id))
    {
        return Err(AppError::invalid_field("agents", RuleError::ValueInvalid));
    }
    let active = store::orgs::employees(
        &state.store,
        v.org_id(),
        Some(domain::accounts::ACTIVE_USER_STATUS),
    )
    .await?;
    if req
        .agents
        .iter()
        .any(|a| !active.iter().any(|r| r.user.id == a.user_id))
    {
        return Err(AppError::not_found().with_field("agents", "not_found"));
    }
    if !req.agents.is_empty() {
        let ch = store::inbox::channels::gateway_of(&state.store, v.org_id())
            .await?
            .ok_or_else(|| AppError::not_found().with_field("agents", "not_found"))?;
        let agents: Vec<Agent> = req
            .agents
            .iter()
            .map(|a| Agent {
                user_id: a.user_id,
                weight: i32::try_from(a.weight).unwrap_or(0),
                available: a.available,
            })
            .collect();
        store::inbox::agents::set(&state.store, v.org_id(), ch.id, &agents).await?;
    } else if let Some(ch) = store::inbox::channels::gateway_of(&state.store, v.org_id()).await? {
        store::inbox::agents::set(&state.store, v.org_id(), ch.id, &[]).await?;
    }
    store::inbox::settings::save(
        &state.store,
        settings::Model {
            id: 0,
            org_id: v.org_id(),
            reply_minutes: req.reply_minutes.and_then(|m| i32::try_from(m).ok()),
            escalation: req.escalation.clone(),
            updated_at: state.clock.now_ms(),
        },
    )
    .await?;
    Ok(Json(current(&state, v.org_id()).await?))
}
