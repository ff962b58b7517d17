//! Labels with sublabels, and funnels: the board the label screen shows (001 §5, §6).

use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::workspace::{limits, workspace, Workspace};
use axum::extract::State;
use contract::manage::{
    Funnel, FunnelRequest, LabelBoard, LabelRequest, ManageQuery, ManagedLabel,
};
use contract::ErrorCode;
use domain::RuleError;
use store::entity::manage::{funnel, label};
use store::scoped::{Rows, Scoped};

/// WhatsApp Business's own labels (read-only; the screen translates the codes).
const SYSTEM_LABELS: [(&str, &str); 5] = [
    ("new_customer", "#6bcbef"),
    ("new_order", "#f5c33b"),
    ("pending_payment", "#ff9dff"),
    ("paid", "#a2d9ce"),
    ("order_complete", "#54c265"),
];

fn label_view(ws: &Workspace, l: &label::Model) -> ManagedLabel {
    ManagedLabel {
        id: l.id,
        name: l.name.clone(),
        color: l.color.clone(),
        parent_id: l.parent_id,
        kind: if l.shared { "shared" } else { "custom" }.into(),
        editable: label_editable(ws, l.owner_id, l.shared),
    }
}

/// A shared label or funnel (an admin's, for the organisation) is changed by those who may
/// change team tools (admins; managers when the organisation lets them); a custom one by its
/// owner.
fn label_editable(ws: &Workspace, owner_id: i64, shared: bool) -> bool {
    if shared {
        ws.may_edit_team_tools()
    } else {
        owner_id == ws.user_id
    }
}

fn funnel_view(ws: &Workspace, f: &funnel::Model) -> Funnel {
    Funnel {
        id: f.id,
        name: f.name.clone(),
        stages: serde_json::from_str(&f.stages).unwrap_or_default(),
        shared: f.shared,
        editable: label_editable(ws, f.owner_id, f.shared),
    }
}

async fn board(state: &AppState, ws: &Workspace) -> Result<LabelBoard, AppError> {
    let rows = ws.rows::<label::Entity>(state, ws.seen()).await?;
    let funnels = ws.rows::<funnel::Entity>(state, ws.seen()).await?;
    let mut labels: Vec<ManagedLabel> = SYSTEM_LABELS
        .iter()
        .enumerate()
        .map(|(i, (name, color))| ManagedLabel {
            id: -(i as i64) - 1,
            name: (*name).to_owned(),
            color: (*color).to_owned(),
            parent_id: None,
            kind: "system".into(),
            editable: false,
        })
        .collect();
    labels.extend(rows.iter().map(|l| label_view(ws, l)));
    Ok(LabelBoard {
        labels,
        funnels: funnels.iter().map(|f| funnel_view(ws, f)).collect(),
        limit: limits(state, ws).await?.labels,
        used: rows.iter().filter(|l| l.owner_id == ws.user_id).count() as u32,
        may_share: ws.may_edit_team_tools(),
    })
}

/// 403 `label_admin_only` ('Labels created by admins cannot be edited') or 404.
fn may_change_label(ws: &Workspace, owner_id: i64, shared: bool) -> Result<(), AppError> {
    if label_editable(ws, owner_id, shared) {
        Ok(())
    } else if shared {
        Err(AppError::forbidden(RuleError::LabelAdminOnly))
    } else {
        Err(AppError::not_found())
    }
}

/// A label or a funnel: a member's own, or shared with the organisation.
trait Shareable {
    fn owner_and_shared(&self) -> (i64, bool);
}

impl Shareable for label::Model {
    fn owner_and_shared(&self) -> (i64, bool) {
        (self.owner_id, self.shared)
    }
}

impl Shareable for funnel::Model {
    fn owner_and_shared(&self) -> (i64, bool) {
        (self.owner_id, self.shared)
    }
}

/// Label or funnel `id` of the workspace when the caller may change it ([`may_change_label`]).
async fn changeable<E: Scoped>(
    state: &AppState,
    ws: &Workspace,
    id: i64,
) -> Result<E::Model, AppError>
where
    E::Model: Shareable,
{
    let row = ws.row::<E>(state, Rows::All, id).await?;
    let (owner_id, shared) = row.owner_and_shared();
    may_change_label(ws, owner_id, shared)?;
    Ok(row)
}

/// A shared label or funnel is made by those who may change team tools (403 `admin_only`
/// otherwise).
fn check_shared(ws: &Workspace, shared: bool) -> Result<(), AppError> {
    if shared && !ws.may_edit_team_tools() {
        return Err(AppError::forbidden(RuleError::AdminOnly));
    }
    Ok(())
}

async fn checked_parent(
    state: &AppState,
    ws: &Workspace,
    parent: Option<i64>,
    own: Option<i64>,
) -> Result<(), AppError> {
    if let Some(p) = parent {
        let parent = ws.row::<label::Entity>(state, Rows::All, p).await?;
        // A label the caller does not see is not found, as everywhere.
        if !(parent.shared || parent.owner_id == ws.user_id) {
            return Err(AppError::not_found());
        }
        // One level of sublabels, never a label under itself: what the labels already are
        // refuses it, a conflict.
        if parent.parent_id.is_some() || Some(p) == own {
            return Err(AppError::new(
                ErrorCode::Conflict,
                "not a label a sublabel may go under",
            ));
        }
    }
    Ok(())
}

/// The labels (system, custom and shared, sublabels under their parent's id) and funnels the
/// caller sees, with the plan's label limit.
#[utoipa::path(
    get,
    path = "/api/manage/labels",
    tag = "manage",
    params(ManageQuery),
    responses(
        (status = 200, description = "Labels and funnels", body = LabelBoard),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn label_board(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<LabelBoard>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    Ok(Json(board(&state, &ws).await?))
}

/// Creates a label (a sublabel with `parent_id`; `shared` for the whole organisation, admins
/// only); 402 `plan_limit_reached` past the Free plan's 5.
#[utoipa::path(
    post,
    path = "/api/manage/labels",
    tag = "manage",
    request_body = LabelRequest,
    responses(
        (status = 200, description = "Labels and funnels", body = LabelBoard),
        (status = 402, description = "`plan_limit_reached`, `fields.plan` = labels", body = contract::ErrorBody),
        (status = 403, description = "A shared label by a non-admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no such parent", body = contract::ErrorBody),
        (status = 409, description = "`fields.name` = label_name_taken: a label the caller sees has this name; or the parent is itself a sublabel", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` / `fields.color`", body = contract::ErrorBody),
    )
)]
pub async fn create_label(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<LabelRequest>,
) -> Result<Json<LabelBoard>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let draft = checked_label(&req)?;
    let shared = req.shared.unwrap_or(false);
    check_shared(&ws, shared)?;
    checked_parent(&state, &ws, req.parent_id, None).await?;
    unique_label_name(&state, &ws, &draft.name, None).await?;
    ws.within_plan::<label::Entity>(&state, limits(&state, &ws).await?.labels, "labels")
        .await?;
    let now = state.clock.now_ms();
    ws.insert::<label::Entity>(
        &state,
        label::Model {
            id: 0,
            org_id: ws.org_id,
            owner_id: ws.user_id,
            parent_id: req.parent_id,
            name: draft.name,
            color: draft.color,
            shared,
            created_at: now,
            updated_at: now,
        },
    )
    .await?;
    Ok(Json(board(&state, &ws).await?))
}

/// A label's name is unique among the labels the caller sees in the workspace (their own and
/// the shared ones, sublabels included), case and spaces aside: 409 `conflict` with
/// `fields.name` = `label_name_taken` otherwise. `own` is the label being renamed.
async fn unique_label_name(
    state: &AppState,
    ws: &Workspace,
    name: &str,
    own: Option<i64>,
) -> Result<(), AppError> {
    let rows = ws.rows::<label::Entity>(state, ws.seen()).await?;
    let others = rows
        .iter()
        .filter(|l| Some(l.id) != own)
        .map(|l| l.name.as_str());
    if domain::names::name_taken(name, others) {
        return Err(AppError::new(
            ErrorCode::Conflict,
            "a label with this name already exists in this workspace",
        )
        .with_rule("name", RuleError::LabelNameTaken));
    }
    Ok(())
}

fn checked_label(req: &LabelRequest) -> Result<domain::manage::LabelDraft, AppError> {
    domain::manage::label(&domain::manage::LabelInput {
        name: req.name.clone(),
        color: req.color.clone(),
    })
    .map_err(|rule| {
        let field = if rule == RuleError::LabelColorInvalid {
            "color"
        } else {
            "name"
        };
        AppError::invalid_field(field, rule)
    })
}

/// Changes a label: 403 `label_admin_only` for an admin's label changed by anyone else.
#[utoipa::path(
    put,
    path = "/api/manage/labels/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The label")),
    request_body = LabelRequest,
    responses(
        (status = 200, description = "Labels and funnels", body = LabelBoard),
        (status = 403, description = "`fields.role` = label_admin_only", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a label (or parent) the caller sees", body = contract::ErrorBody),
        (status = 409, description = "`fields.name` = label_name_taken: another label the caller sees has this name; or the parent is a sublabel or the label itself", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` / `fields.color`", body = contract::ErrorBody),
    )
)]
pub async fn update_label(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<LabelRequest>,
) -> Result<Json<LabelBoard>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let mut row = changeable::<label::Entity>(&state, &ws, id).await?;
    let draft = checked_label(&req)?;
    let shared = req.shared.unwrap_or(row.shared);
    check_shared(&ws, shared)?;
    checked_parent(&state, &ws, req.parent_id, Some(id)).await?;
    unique_label_name(&state, &ws, &draft.name, Some(id)).await?;
    row.name = draft.name;
    row.color = draft.color;
    row.parent_id = req.parent_id;
    row.shared = shared;
    row.updated_at = state.clock.now_ms();
    ws.update::<label::Entity>(&state, row).await?;
    Ok(Json(board(&state, &ws).await?))
}

/// Deletes a label and its sublabels.
#[utoipa::path(
    delete,
    path = "/api/manage/labels/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The label"), ManageQuery),
    responses(
        (status = 200, description = "Labels and funnels", body = LabelBoard),
        (status = 403, description = "`fields.role` = label_admin_only", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a label the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn delete_label(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<LabelBoard>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    changeable::<label::Entity>(&state, &ws, id).await?;
    store::manage::delete_label(&state.store, ws.org_id, id).await?;
    Ok(Json(board(&state, &ws).await?))
}

fn checked_funnel(req: &FunnelRequest) -> Result<domain::manage::FunnelDraft, AppError> {
    domain::manage::funnel(&domain::manage::FunnelInput {
        name: req.name.clone(),
        stages: req.stages.clone(),
    })
    .map_err(|rule| {
        let field = if rule == RuleError::FunnelNameInvalid {
            "name"
        } else {
            "stages"
        };
        AppError::invalid_field(field, rule)
    })
}

/// Creates a funnel: ordered stages (`shared` for the whole organisation, admins only).
#[utoipa::path(
    post,
    path = "/api/manage/funnels",
    tag = "manage",
    request_body = FunnelRequest,
    responses(
        (status = 200, description = "Labels and funnels", body = LabelBoard),
        (status = 403, description = "A shared funnel by a non-admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` / `fields.stages`", body = contract::ErrorBody),
    )
)]
pub async fn create_funnel(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<FunnelRequest>,
) -> Result<Json<LabelBoard>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let draft = checked_funnel(&req)?;
    let shared = req.shared.unwrap_or(false);
    check_shared(&ws, shared)?;
    let now = state.clock.now_ms();
    ws.insert::<funnel::Entity>(
        &state,
        funnel::Model {
            id: 0,
            org_id: ws.org_id,
            owner_id: ws.user_id,
            name: draft.name,
            stages: serde_json::to_string(&draft.stages).map_err(AppError::internal)?,
            shared,
            created_at: now,
            updated_at: now,
        },
    )
    .await?;
    Ok(Json(board(&state, &ws).await?))
}

/// Changes a funnel (an admin's shared funnel: admins only).
#[utoipa::path(
    put,
    path = "/api/manage/funnels/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The funnel")),
    request_body = FunnelRequest,
    responses(
        (status = 200, description = "Labels and funnels", body = LabelBoard),
        (status = 403, description = "`fields.role` = label_admin_only", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a funnel the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` / `fields.stages`", body = contract::ErrorBody),
    )
)]
pub async fn update_funnel(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<FunnelRequest>,
) -> Result<Json<LabelBoard>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let mut row = changeable::<funnel::Entity>(&state, &ws, id).await?;
    let draft = checked_funnel(&req)?;
    let shared = req.shared.unwrap_or(row.shared);
    check_shared(&ws, shared)?;
    row.name = draft.name;
    row.stages = serde_json::to_string(&draft.stages).map_err(AppError::internal)?;
    row.shared = shared;
    row.updated_at = state.clock.now_ms();
    ws.update::<funnel::Entity>(&state, row).await?;
    Ok(Json(board(&state, &ws).await?))
}

/// Deletes a funnel.
#[utoipa::path(
    delete,
    path = "/api/manage/funnels/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The funnel"), ManageQuery),
    responses(
        (status = 200, description = "Labels and funnels", body = LabelBoard),
        (status = 403, description = "`fields.role` = label_admin_only", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not a funnel the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn delete_funnel(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<LabelBoard>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    changeable::<funnel::Entity>(&state, &ws, id).await?;
    ws.delete::<funnel::Entity>(&state, Rows::All, id).await?;
    Ok(Json(board(&state, &ws).await?))
}
