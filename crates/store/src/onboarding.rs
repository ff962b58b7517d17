//! The onboarding questionnaire and tour, one row per person (`GET|PUT /api/account/onboarding`)
//! and the operator's read of them beside the person's lead.

use crate::entity::onboarding::answers;
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

/// The questionnaire's four answers: team size, CRMs, goal, goal text.
pub type AnswersChange = (Option<String>, Vec<String>, Option<String>, Option<String>);

/// A change, checked by the caller: the answers (all four together) and the tour.
#[derive(Debug, Default)]
pub struct Change {
    /// Team size, CRMs, goal, goal text.
    pub answers: Option<AnswersChange>,
    /// Status and step.
    pub tour: Option<(String, i32)>,
}

/// The person's row, if they ever saved one.
pub async fn of_user(store: &Store, user_id: i64) -> Result<Option<answers::Model>, StoreError> {
    Ok(answers::Entity::find_by_id(user_id)
        .one(store.conn())
        .await?)
}

/// The rows of `user_ids`.
pub async fn of_users(store: &Store, user_ids: &[i64]) -> Result<Vec<answers::Model>, StoreError> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(answers::Entity::find()
        .filter(answers::Column::Id.is_in(user_ids.iter().copied()))
        .all(store.conn())
        .await?)
}

/// A row never saved: nothing answered, the tour not started.
pub fn blank(user_id: i64, now: EpochMs) -> answers::Model {
    answers::Model {
        id: user_id,
        team_size: None,
        crms: String::new(),
        goal: None,
        goal_text: None,
        answered_at: None,
        tour_status: "not_started".to_owned(),
        tour_step: 0,
        tour_at: None,
        updated_at: now,
    }
}

/// Applies `change` to the person's row (made when missing) and answers the row as stored. The
/// write is one upsert, so two saves at once never collide on the new row.
pub async fn save(
    store: &Store,
    user_id: i64,
    change: Change,
    now: EpochMs,
) -> Result<answers::Model, StoreError> {
    let mut row = of_user(store, user_id)
        .await?
        .unwrap_or_else(|| blank(user_id, now));
    let mut columns = vec![answers::Column::UpdatedAt];
    if let Some((team_size, crms, goal, goal_text)) = change.answers {
        row.team_size = team_size;
        row.crms = crms.join(",");
        row.goal = goal;
        row.goal_text = goal_text;
        row.answered_at = Some(now);
        columns.extend([
            answers::Column::TeamSize,
            answers::Column::Crms,
            answers::Column::Goal,
            answers::Column::GoalText,
            answers::Column::AnsweredAt,
        ]);
    }
    if let Some((status, step)) = change.tour {
        row.tour_status = status;
        row.tour_step = step;
        row.tour_at = Some(now);
        columns.extend([
            answers::Column::TourStatus,
            answers::Column::TourStep,
            answers::Column::TourAt,
        ]);
    }
    row.updated_at = now;
    let active = answers::ActiveModel {
        id: Set(row.id),
        team_size: Set(row.team_size.clone()),
        crms: Set(row.crms.clone()),
        goal: Set(row.goal.clone()),
        goal_text: Set(row.goal_text.clone()),
        answered_at: Set(row.answered_at),
        tour_status: Set(row.tour_status.clone()),
        tour_step: Set(row.tour_step),
        tour_at: Set(row.tour_at),
        updated_at: Set(row.updated_at),
    };
    answers::Entity::insert(active)
        .on_conflict(
            OnConflict::column(answers::Column::Id)
                .update_columns(columns)
                .to_owned(),
        )
        .exec_without_returning(store.conn())
        .await?;
    Ok(of_user(store, user_id).await?.unwrap_or(row))
}

/// The CRM codes of a row.
pub fn crms_of(row: &answers::Model) -> Vec<String> {
    row.crms
        .split(',')
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect()
}
