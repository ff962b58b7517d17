//! The workspace of a call (issue #18, #26): an organisation the caller is an active member of,
//! or their own; the plan's limits and the quotas there; and the one path every handler of a
//! workspace's resources takes to its rows (docs/HOWTO-resource.md): [`workspace`] resolves and
//! checks membership, then [`Workspace`]'s `row`, `rows`, `delete`, `insert`, `update` and
//! `within_plan` reach only this workspace's rows through `store::scoped`, answering in the one
//! error shape (404 for a row the caller may not reach, 402 past the plan's limit).

use crate::access::member;
use crate::error::AppError;
use crate::state::AppState;
use contract::ErrorCode;
use domain::roles::AccessLevel;
use domain::subscription::PlanLimits;
use domain::RuleError;
use store::billing::Payer;
use store::entity::{membership, organisation, user};
use store::scoped::{Rows, Scoped};

/// `org_id` of a person's own workspace in the manage tables.
pub const PERSONAL: i64 = 0;

/// The workspace of a call.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// The organisation, or [`PERSONAL`].
    pub org_id: i64,
    pub user_id: i64,
    /// The caller's role in the organisation (none in their own workspace).
    pub role_id: Option<i16>,
    pub team_id: Option<i64>,
    /// `admins` or `admins_and_managers` (organisations only).
    pub team_tools_editors: String,
}

impl Workspace {
    pub fn is_org(&self) -> bool {
        self.org_id != PERSONAL
    }

    pub fn is_admin(&self) -> bool {
        self.role_id == Some(1)
    }

    /// 001 §6 'Teams plan lets admins control access to team labels and quick replies': admins
    /// always; managers when the organisation lets them.
    pub fn may_edit_team_tools(&self) -> bool {
        match self.role_id {
            Some(1) => true,
            // The owner is manager-level (issue #28).
            Some(2 | 4) => self.team_tools_editors == "admins_and_managers",
            _ => false,
        }
    }

    fn payer(&self) -> Payer {
        if self.is_org() {
            Payer::Org(self.org_id)
        } else {
            Payer::User(self.user_id)
        }
    }

    /// The organisation's id, or 422 `fields.org_id` = `rule` in the personal workspace.
    pub fn org_only(&self, rule: RuleError) -> Result<i64, AppError> {
        if self.is_org() {
            Ok(self.org_id)
        } else {
            Err(AppError::invalid_field("org_id", rule))
        }
    }

    /// 403 `admin_only` unless the caller is an admin of the organisation.
    pub fn admin(&self) -> Result<(), AppError> {
        AccessLevel::Admin
            .check(self.role_id.map(i64::from))
            .map(|_| ())
            .map_err(AppError::forbidden)
    }
}

/// Resolves `org_id` (none: the caller's own workspace). A non-member gets 404.
pub async fn workspace(
    state: &AppState,
    user: &user::Model,
    org_id: Option<i64>,
) -> Result<Workspace, AppError> {
    match org_id {
        None | Some(PERSONAL) => Ok(Workspace {
            org_id: PERSONAL,
            user_id: user.id,
            role_id: None,
            team_id: None,
            team_tools_editors: "admins".into(),
        }),
        Some(org) => {
            let m = member(state, user, org).await?;
            let o = store::orgs::organisation(&state.store, org)
                .await?
                .ok_or_else(AppError::not_found)?;
            Ok(Workspace::of_member(&m, &o))
        }
    }
}

impl Workspace {
    /// A member's workspace in their organisation.
    pub fn of_member(m: &membership::Model, org: &organisation::Model) -> Workspace {
        Workspace {
            org_id: org.id,
            user_id: m.user_id,
            role_id: Some(m.role_id),
            team_id: m.team_id,
            team_tools_editors: org.team_tools_editors.clone(),
        }
    }
}

/// The plan's limits in the workspace (001 §9: 5 labels, 5 quick replies, the signature on
/// Free).
pub async fn limits(state: &AppState, ws: &Workspace) -> Result<PlanLimits, AppError> {
    let plan = crate::billing::payer_plan(state, ws.payer()).await?;
    let now = crate::billing::standing_now(state, plan.facts);
    Ok(domain::subscription::plan_limits(&now, plan.ai_addon, None))
}

/// Whether the workspace's plan is a paid one now (001 §9: Free sees only part of the inbox's
/// mentions and unread messages).
pub async fn paid(state: &AppState, ws: &Workspace) -> Result<bool, AppError> {
    let plan = crate::billing::payer_plan(state, ws.payer()).await?;
    Ok(crate::billing::standing_now(state, plan.facts)
        .kind
        .is_paid())
}

/// 402 `plan_limit_reached` (`fields.plan` = `what`) when `used` reached `limit`.
pub fn within_limit(limit: Option<u32>, used: u64, what: &str) -> Result<(), AppError> {
    match limit {
        Some(l) if used >= u64::from(l) => {
            let mut e = AppError::new(
                ErrorCode::PlanLimitReached,
                format!("the plan allows {l} {what}"),
            );
            e.fields = Some([("plan".to_owned(), what.to_owned())].into());
            Err(e)
        }
        _ => Ok(()),
    }
}

/// What one person keeps in a workspace, bounded by `quotas.*` (issue #23).
#[derive(Debug, Clone, Copy)]
pub enum Kept {
    Schedules,
    FollowUps,
}

/// 409 `quota_reached` (`fields.quota` names it) when the caller already keeps as many as the
/// quota allows in this workspace. Counted before the insert: two creations at the same instant
/// may pass it by one each, which bounds growth all the same.
pub async fn within_quota(state: &AppState, ws: &Workspace, kept: Kept) -> Result<(), AppError> {
    let quotas = &state.config.quotas;
    let (used, limit, name) = match kept {
        Kept::Schedules => (
            store::quotas::schedules_of(&state.store, ws.org_id, ws.user_id).await?,
            quotas.schedules_per_workspace,
            "schedules",
        ),
        Kept::FollowUps => (
            store::quotas::follow_ups_of(&state.store, ws.org_id, ws.user_id).await?,
            quotas.follow_ups_per_workspace,
            "follow_ups",
        ),
    };
    if used < limit {
        return Ok(());
    }
    let mut e = AppError::new(
        ErrorCode::QuotaReached,
        format!("at most {limit} {name} may be kept in a workspace"),
    );
    e.fields = Some([("quota".to_owned(), name.to_owned())].into());
    Err(e)
}

/// A workspace's rows, reached only through the workspace (`store::scoped`).
impl Workspace {
    /// The caller's own rows.
    pub fn own(&self) -> Rows {
        Rows::OwnedBy(self.user_id)
    }

    /// What the caller sees: their own rows and the resource's shared ones.
    pub fn seen(&self) -> Rows {
        Rows::SeenBy(self.user_id)
    }

    /// Row `id` among `rows` of this workspace, or 404 (another workspace's row, another
    /// person's, or none: the caller cannot tell which).
    pub async fn row<E: Scoped>(
        &self,
        state: &AppState,
        rows: Rows,
        id: i64,
    ) -> Result<E::Model, AppError> {
        store::scoped::find::<E>(&state.store, self.org_id, rows, id)
            .await?
            .ok_or_else(AppError::not_found)
    }

    /// Every row among `rows` of this workspace, in the resource's order.
    pub async fn rows<E: Scoped>(
        &self,
        state: &AppState,
        rows: Rows,
    ) -> Result<Vec<E::Model>, AppError> {
        self.rows_where::<E>(state, rows, store::scoped::Condition::all())
            .await
    }

    /// The rows among `rows` of this workspace that match `filter`, in the resource's order.
    pub async fn rows_where<E: Scoped>(
        &self,
        state: &AppState,
        rows: Rows,
        filter: store::scoped::Condition,
    ) -> Result<Vec<E::Model>, AppError> {
        Ok(store::scoped::list::<E>(&state.store, self.org_id, rows, filter).await?)
    }

    /// Deletes row `id` among `rows` of this workspace; 404 when there was none.
    pub async fn delete<E: Scoped>(
        &self,
        state: &AppState,
        rows: Rows,
        id: i64,
    ) -> Result<(), AppError> {
        match store::scoped::delete::<E>(&state.store, self.org_id, rows, id).await? {
            0 => Err(AppError::not_found()),
            _ => Ok(()),
        }
    }

    /// Stores a new row (its `org_id` and owner are the caller's to set from this workspace).
    pub async fn insert<E: Scoped>(
        &self,
        state: &AppState,
        row: E::Model,
    ) -> Result<E::Model, AppError> {
        Ok(store::scoped::insert::<E>(&state.store, row).await?)
    }

    /// Writes a changed row back.
    pub async fn update<E: Scoped>(
        &self,
        state: &AppState,
        row: E::Model,
    ) -> Result<E::Model, AppError> {
        Ok(store::scoped::update::<E>(&state.store, row).await?)
    }

    /// 402 `plan_limit_reached` (`fields.plan` = `what`) when the caller already owns as many
    /// rows of `E` here as the plan's `limit` allows.
    pub async fn within_plan<E: Scoped>(
        &self,
        state: &AppState,
        limit: Option<u32>,
        what: &str,
    ) -> Result<(), AppError> {
        if limit.is_none() {
            return Ok(());
        }
        let used = store::scoped::count::<E>(&state.store, self.org_id, self.own()).await?;
        within_limit(limit, used, what)
    }
}
