//! The onboarding questionnaire and guided tour (issue #28 item 9): the person's own answers —
//! team size, CRMs in use, main goal — and where their tour of the signed-in frame stopped, so
//! it resumes there. Every value is checked by `domain::onboarding`; the operator reads the
//! answers beside the person's lead (`GET /api/admin/leads`).

use super::{Access, Routes};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Json;
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::accounts::{OnboardingAnswers, OnboardingChange, OnboardingState};
use domain::onboarding as rules;
use domain::RuleError;
use store::entity::onboarding::answers;
use store::onboarding::{crms_of, Change};
use utoipa_axum::routes;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::SignedIn, routes!(get_onboarding))
        .add(Access::SignedIn, routes!(save_onboarding))
}

/// The caller's answers and tour; a person who never saved any gets the blank state.
#[utoipa::path(
    get,
    path = "/api/account/onboarding",
    tag = "account",
    responses((status = 200, description = "The answers and the tour's state", body = OnboardingState))
)]
pub async fn get_onboarding(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<OnboardingState>, AppError> {
    let row = store::onboarding::of_user(&state.store, user.id)
        .await?
        .unwrap_or_else(|| store::onboarding::blank(user.id, state.clock.now_ms()));
    Ok(Json(view(&row)))
}

/// Saves the questionnaire (when any of its four fields is sent: all four, a missing one
/// cleared) and the tour (`tour_status` with `tour_step`). Every broken field is named at once.
#[utoipa::path(
    put,
    path = "/api/account/onboarding",
    tag = "account",
    request_body = OnboardingChange,
    responses(
        (status = 200, description = "The answers and tour as stored", body = OnboardingState),
        (status = 400, description = "A field it does not know, or a value of the wrong type", body = contract::ErrorBody),
        (status = 422, description = "`fields.team_size`, `fields.crms`, `fields.goal`, `fields.goal_text`, `fields.tour_status` or `fields.tour_step`", body = contract::ErrorBody),
    )
)]
pub async fn save_onboarding(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<OnboardingChange>,
) -> Result<Json<OnboardingState>, AppError> {
    let change = checked(req).map_err(|broken| {
        AppError::invalid_fields(
            broken
                .into_iter()
                .map(|(f, rule)| (f.to_owned(), rule.code().to_owned()))
                .collect(),
        )
    })?;
    let now = state.clock.now_ms();
    let row = store::onboarding::save(&state.store, user.id, change, now).await?;
    Ok(Json(view(&row)))
}

/// The change checked field by field against the domain's lists.
fn checked(req: OnboardingChange) -> Result<Change, rules::Broken> {
    let mut broken: rules::Broken = Vec::new();
    let mut change = Change::default();
    let answered = req.team_size.is_some()
        || req.crms.is_some()
        || req.goal.is_some()
        || req.goal_text.is_some();
    if answered {
        let team_size = rules::team_size(req.team_size.as_deref());
        let crms = rules::crms(req.crms.as_deref().unwrap_or_default());
        let goal = rules::goal(req.goal.as_deref());
        let goal_text = rules::goal_text(req.goal_text.as_deref());
        for (field, e) in [
            ("team_size", team_size.as_ref().err()),
            ("crms", crms.as_ref().err()),
            ("goal", goal.as_ref().err()),
            ("goal_text", goal_text.as_ref().err()),
        ] {
            if let Some(e) = e {
                broken.push((field, *e));
            }
        }
        if let (Ok(t), Ok(c), Ok(g), Ok(gt)) = (team_size, crms, goal, goal_text) {
            change.answers = Some((t, c, g, gt));
        }
    }
    match (req.tour_status, req.tour_step) {
        (None, None) => {}
        (Some(status), Some(step)) => match rules::tour(&status, step) {
            Ok((s, n)) => change.tour = Some((s.to_owned(), n)),
            Err(b) => broken.extend(b),
        },
        (None, Some(_)) => broken.push(("tour_status", RuleError::FieldsRequired)),
        (Some(_), None) => broken.push(("tour_step", RuleError::FieldsRequired)),
    }
    if broken.is_empty() {
        Ok(change)
    } else {
        Err(broken)
    }
}

fn view(row: &answers::Model) -> OnboardingState {
    OnboardingState {
        team_size: row.team_size.clone(),
        crms: crms_of(row),
        goal: row.goal.clone(),
        goal_text: row.goal_text.clone(),
        answered_at: row.answered_at.and_then(rfc3339),
        tour_status: row.tour_status.clone(),
        tour_step: row.tour_step,
        tour_at: row.tour_at.and_then(rfc3339),
    }
}

/// A lead's answers as the operator sees them.
pub fn answers_view(row: &answers::Model) -> OnboardingAnswers {
    OnboardingAnswers {
        team_size: row.team_size.clone(),
        crms: crms_of(row),
        goal: row.goal.clone(),
        goal_text: row.goal_text.clone(),
        answered_at: row.answered_at.and_then(rfc3339),
        tour_status: row.tour_status.clone(),
    }
}
