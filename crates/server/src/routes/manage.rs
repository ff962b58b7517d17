//! The manage tools (001 §2 'Manage Tools', §3, §5, §6, §8, §9; issue #18): quick replies with
//! variables and attachments, labels with sublabels and funnels, the organisation's user
//! properties and each contact's values, tags per contact (`getusertags`), notes and docs per
//! chat, and who may change team labels and quick replies. Follow-ups and scheduled messages are
//! in `routes/planner.rs`. Every form is checked by the same domain rule the browser runs.

use super::{Access, Routes};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::manage::{
    forget_file, limits, org_param, serve_attachment, store_upload, swap_attachment, within_limit,
    workspace, Attached, AttachedTable, Workspace, SIGNATURE,
};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::{Path, Request, State};
use axum::response::Response;
use contract::accounts::ResultEnvelope;
use contract::manage::{
    AttachmentQuery, ChatNote, ChatNoteRequest, ContactProfile, ContactProfileRequest,
    ContactQuery, ContactTags, Funnel, FunnelRequest, LabelBoard, LabelRequest, ManageQuery,
    ManagedLabel, PropertyValueEntry, QuickReply, QuickReplyList, QuickReplyRequest,
    QuickReplySent, TagsRequest, TeamToolsAccess, UserProperty, UserPropertyRequest,
};
use contract::ErrorCode;
use domain::manage::PropertyKind;
use domain::RuleError;
use store::entity::manage::{funnel, label, note, property, quick_reply};
use utoipa_axum::routes;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(list_quick_replies))
        .add(Access::Scoped, routes!(create_quick_reply))
        .add(Access::Scoped, routes!(update_quick_reply))
        .add(Access::Scoped, routes!(delete_quick_reply))
        .add(Access::Scoped, routes!(upload_quick_reply_attachment))
        .add(Access::Scoped, routes!(download_quick_reply_attachment))
        .add(Access::Scoped, routes!(remove_quick_reply_attachment))
        .add(Access::Scoped, routes!(quick_reply_sent))
        .add(Access::Scoped, routes!(label_board))
        .add(Access::Scoped, routes!(create_label))
        .add(Access::Scoped, routes!(update_label))
        .add(Access::Scoped, routes!(delete_label))
        .add(Access::Scoped, routes!(create_funnel))
        .add(Access::Scoped, routes!(update_funnel))
        .add(Access::Scoped, routes!(delete_funnel))
        .add(Access::Scoped, routes!(list_properties))
        .add(Access::Scoped, routes!(create_property))
        .add(Access::Scoped, routes!(update_property))
        .add(Access::Scoped, routes!(delete_property))
        .add(Access::Scoped, routes!(contact_profile))
        .add(Access::Scoped, routes!(set_contact_profile))
        .add_extension(Access::Scoped, routes!(user_tags))
        .add(Access::Scoped, routes!(contact_tags))
        .add(Access::Scoped, routes!(set_contact_tags))
        .add(Access::Scoped, routes!(list_notes))
        .add(Access::Scoped, routes!(create_note))
        .add(Access::Scoped, routes!(update_note))
        .add(Access::Scoped, routes!(delete_note))
        .add(Access::Scoped, routes!(team_tools_access))
        .add(Access::Scoped, routes!(set_team_tools_access))
}

fn rule_field<T>(field: &str, r: Result<T, RuleError>) -> Result<T, AppError> {
    r.map_err(|rule| AppError::invalid_field(field, rule))
}

// ---- Quick replies ----

fn quick_reply_view(ws: &Workspace, q: &quick_reply::Model) -> QuickReply {
    let editable = match q.team_id {
        Some(_) => ws.may_edit_team_tools(),
        None => q.owner_id == ws.user_id,
    };
    QuickReply {
        id: q.id,
        name: q.name.clone(),
        message: q.message.clone(),
        team_id: q.team_id,
        owner_id: q.owner_id,
        editable,
        attachment: q.info(format!(
            "/api/manage/quick-replies/{}/attachment{}",
            q.id,
            org_param(q.org_id)
        )),
        sent_count: q.sent_count,
        updated_at: rfc3339(q.updated_at).unwrap_or_default(),
    }
}

/// Which teams' quick replies the member sees: their own team's, every team's for an admin.
pub(crate) fn team_scope(ws: &Workspace) -> store::manage::TeamScope {
    use store::manage::TeamScope;
    if !ws.is_org() {
        TeamScope::None
    } else if ws.is_admin() {
        TeamScope::All
    } else {
        ws.team_id.map_or(TeamScope::None, TeamScope::One)
    }
}

/// A quick reply the caller sees (404 otherwise) — and, with `edit`, may change (403).
async fn visible_quick_reply(
    state: &AppState,
    ws: &Workspace,
    id: i64,
    edit: bool,
) -> Result<quick_reply::Model, AppError> {
    let q = store::manage::quick_reply(&state.store, ws.org_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let seen = q.owner_id == ws.user_id
        || match (q.team_id, team_scope(ws)) {
            (Some(_), store::manage::TeamScope::All) => true,
            (Some(t), store::manage::TeamScope::One(mine)) => t == mine,
            _ => false,
        };
    if !seen {
        return Err(AppError::not_found());
    }
    if edit && !quick_reply_view(ws, &q).editable {
        return Err(AppError::forbidden(RuleError::AdminOnly));
    }
    Ok(q)
}

async fn quick_reply_list(state: &AppState, ws: &Workspace) -> Result<QuickReplyList, AppError> {
    let rows =
        store::manage::quick_replies(&state.store, ws.org_id, ws.user_id, team_scope(ws)).await?;
    let limits = limits(state, ws).await?;
    let used = rows.iter().filter(|q| q.owner_id == ws.user_id).count() as u32;
    Ok(QuickReplyList {
        items: rows.iter().map(|q| quick_reply_view(ws, q)).collect(),
        limit: limits.quick_replies,
        used,
        signature: limits.signature.then(|| SIGNATURE.to_owned()),
        may_edit_team_tools: ws.may_edit_team_tools(),
    })
}

/// Checks a quick reply's fields and team: the domain's rule, then the team (of this
/// organisation, and only for those who may change team tools).
async fn checked_quick_reply(
    state: &AppState,
    ws: &Workspace,
    req: &QuickReplyRequest,
    has_attachment: bool,
) -> Result<domain::manage::QuickReplyDraft, AppError> {
    let draft = domain::manage::quick_reply(&domain::manage::QuickReplyInput {
        name: req.name.clone(),
        message: req.message.clone(),
        has_attachment: Some(has_attachment),
    })
    .map_err(|rule| {
        let field = if rule == RuleError::QuickReplyNameInvalid {
            "name"
        } else {
            "message"
        };
        AppError::invalid_field(field, rule)
    })?;
    if let Some(team) = req.team_id {
        if !ws.is_org() {
            return Err(AppError::not_found());
        }
        store::orgs::team(&state.store, ws.org_id, team).await?;
        if !ws.may_edit_team_tools() {
            return Err(AppError::forbidden(RuleError::AdminOnly));
        }
    }
    Ok(draft)
}

/// The quick replies the caller sees in the workspace (their own and their team's; an admin
/// sees every team's), with the plan's limit and, on Free, the signature appended to sends.
#[utoipa::path(
    get,
    path = "/api/manage/quick-replies",
    tag = "manage",
    params(ManageQuery),
    responses(
        (status = 200, description = "The quick replies", body = QuickReplyList),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn list_quick_replies(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<QuickReplyList>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    Ok(Json(quick_reply_list(&state, &ws).await?))
}

/// Creates a quick reply (001 §5 'Enter a valid quick reply name / message'); 402
/// `plan_limit_reached` past the Free plan's 5.
#[utoipa::path(
    post,
    path = "/api/manage/quick-replies",
    tag = "manage",
    request_body = QuickReplyRequest,
    responses(
        (status = 200, description = "Created", body = QuickReply),
        (status = 402, description = "`plan_limit_reached`, `fields.plan` = quick_replies", body = contract::ErrorBody),
        (status = 403, description = "A team quick reply by someone who may not change team tools", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or a team of another organisation", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` / `fields.message`", body = contract::ErrorBody),
    )
)]
pub async fn create_quick_reply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<QuickReplyRequest>,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    // A reply whose file comes next (`has_attachment`) may be created without text.
    let draft = checked_quick_reply(&state, &ws, &req, req.has_attachment.unwrap_or(false)).await?;
    let used = store::manage::owned_quick_replies(&state.store, ws.org_id, ws.user_id).await?;
    within_limit(
        limits(&state, &ws).await?.quick_replies,
        used,
        "quick_replies",
    )?;
    let now = state.clock.now_ms();
    let row = store::manage::insert_quick_reply(
        &state.store,
        quick_reply::Model {
            id: 0,
            org_id: ws.org_id,
            owner_id: ws.user_id,
            team_id: req.team_id,
            name: draft.name,
            message: draft.message,
            sent_count: 0,
            created_at: now,
            updated_at: now,
            attachment_key: None,
            attachment_name: None,
            attachment_type: None,
            attachment_size: None,
        },
    )
    .await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}

/// Changes a quick reply (its author's, or a team's for those who may change team tools).
#[utoipa::path(
    put,
    path = "/api/manage/quick-replies/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply")),
    request_body = QuickReplyRequest,
    responses(
        (status = 200, description = "Changed", body = QuickReply),
        (status = 403, description = "Not the caller's to change", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.name` / `fields.message`", body = contract::ErrorBody),
    )
)]
pub async fn update_quick_reply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<QuickReplyRequest>,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let mut row = visible_quick_reply(&state, &ws, id, true).await?;
    let draft = checked_quick_reply(&state, &ws, &req, row.attachment_key.is_some()).await?;
    row.name = draft.name;
    row.message = draft.message;
    row.team_id = req.team_id;
    row.updated_at = state.clock.now_ms();
    let row = store::manage::update_quick_reply(&state.store, row).await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}

/// Deletes a quick reply and its file.
#[utoipa::path(
    delete,
    path = "/api/manage/quick-replies/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply"), ManageQuery),
    responses(
        (status = 200, description = "The quick replies left", body = QuickReplyList),
        (status = 403, description = "Not the caller's to delete", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn delete_quick_reply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<QuickReplyList>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = visible_quick_reply(&state, &ws, id, true).await?;
    store::manage::delete_quick_reply(&state.store, ws.org_id, id).await?;
    forget_file(&state, row.attachment_key.as_deref()).await;
    Ok(Json(quick_reply_list(&state, &ws).await?))
}

/// Attaches a file (the body, its type in `Content-Type`; at most 16 MiB, else `fields.file` =
/// `attachment_too_large`), replacing the one it had.
#[utoipa::path(
    post,
    path = "/api/manage/quick-replies/{id}/attachment",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply"), AttachmentQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream"),
    responses(
        (status = 200, description = "The quick reply with its file", body = QuickReply),
        (status = 403, description = "Not the caller's to change", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.file` = attachment_too_large", body = contract::ErrorBody),
    )
)]
pub async fn upload_quick_reply_attachment(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<AttachmentQuery>,
    req: Request,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = visible_quick_reply(&state, &ws, id, true).await?;
    let file = store_upload(&state, &ws, &q.name, req).await?;
    let held = row.key();
    swap_attachment(
        &state,
        &ws,
        AttachedTable::QuickReply,
        id,
        held,
        Some(&file),
    )
    .await?;
    let row = visible_quick_reply(&state, &ws, id, false).await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}

/// The quick reply's file.
#[utoipa::path(
    get,
    path = "/api/manage/quick-replies/{id}/attachment",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply"), ManageQuery),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 404, description = "Not a member, not one the caller sees, or no file", body = contract::ErrorBody),
    )
)]
pub async fn download_quick_reply_attachment(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Response, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = visible_quick_reply(&state, &ws, id, false).await?;
    serve_attachment(&state, &row).await
}

/// Removes the quick reply's file (a reply without text then needs one: 422 `fields.message`).
#[utoipa::path(
    delete,
    path = "/api/manage/quick-replies/{id}/attachment",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply"), ManageQuery),
    responses(
        (status = 200, description = "The quick reply without a file", body = QuickReply),
        (status = 403, description = "Not the caller's to change", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
        (status = 422, description = "`fields.message`: nothing would be left to send", body = contract::ErrorBody),
    )
)]
pub async fn remove_quick_reply_attachment(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let row = visible_quick_reply(&state, &ws, id, true).await?;
    if row.message.trim().is_empty() {
        return Err(AppError::invalid_field(
            "message",
            RuleError::QuickReplyMessageInvalid,
        ));
    }
    swap_attachment(&state, &ws, AttachedTable::QuickReply, id, row.key(), None).await?;
    let row = visible_quick_reply(&state, &ws, id, false).await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}

/// The extension used a quick reply: its sent count and the quick-reply analytics count it
/// once per `event_id`.
#[utoipa::path(
    post,
    path = "/api/manage/quick-replies/{id}/sent",
    tag = "manage",
    params(("id" = i64, Path, description = "The quick reply")),
    request_body = QuickReplySent,
    responses(
        (status = 200, description = "The quick reply with its count", body = QuickReply),
        (status = 404, description = "Not a member, or not one the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn quick_reply_sent(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<QuickReplySent>,
) -> Result<Json<QuickReply>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    visible_quick_reply(&state, &ws, id, false).await?;
    let now = state.clock.now_ms();
    let event_id: String = req.event_id.trim().chars().take(100).collect();
    if event_id.is_empty() {
        return Err(AppError::invalid_field(
            "event_id",
            RuleError::FieldsRequired,
        ));
    }
    let new = if ws.is_org() {
        store::analytics::insert_usage(
            &state.store,
            ws.org_id,
            store::analytics::UsageKind::QuickReply,
            &[domain::events::UsageEvent {
                event_id: format!("qr-{id}-{event_id}"),
                user_id: ws.user_id,
                occurred_at: now,
            }],
            now,
        )
        .await?
            > 0
    } else {
        true
    };
    if new {
        store::manage::count_quick_reply_sent(&state.store, ws.org_id, id).await?;
    }
    let row = visible_quick_reply(&state, &ws, id, false).await?;
    Ok(Json(quick_reply_view(&ws, &row)))
}

// ---- Labels and funnels ----

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
    let rows = store::manage::labels(&state.store, ws.org_id, ws.user_id).await?;
    let funnels = store::manage::funnels(&state.store, ws.org_id, ws.user_id).await?;
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
        let parent = store::manage::label(&state.store, ws.org_id, p)
            .await?
            .ok_or_else(AppError::not_found)?;
        // One level of sublabels, never a label under itself.
        if parent.parent_id.is_some()
            || Some(p) == own
            || !(parent.shared || parent.owner_id == ws.user_id)
        {
            return Err(AppError::new(
                ErrorCode::ValidationFailed,
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
        (status = 409, description = "`fields.name` = label_name_taken: a label the caller sees has this name", body = contract::ErrorBody),
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
    let used = store::manage::owned_labels(&state.store, ws.org_id, ws.user_id).await?;
    within_limit(limits(&state, &ws).await?.labels, used, "labels")?;
    let now = state.clock.now_ms();
    store::manage::insert_label(
        &state.store,
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
    let rows = store::manage::labels(&state.store, ws.org_id, ws.user_id).await?;
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
        (status = 404, description = "Not a member, or not a label the caller sees", body = contract::ErrorBody),
        (status = 409, description = "`fields.name` = label_name_taken: another label the caller sees has this name", body = contract::ErrorBody),
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
    let mut row = store::manage::label(&state.store, ws.org_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    may_change_label(&ws, row.owner_id, row.shared)?;
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
    store::manage::update_label(&state.store, row).await?;
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
    let row = store::manage::label(&state.store, ws.org_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    may_change_label(&ws, row.owner_id, row.shared)?;
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
    store::manage::insert_funnel(
        &state.store,
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
    let mut row = store::manage::funnel(&state.store, ws.org_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    may_change_label(&ws, row.owner_id, row.shared)?;
    let draft = checked_funnel(&req)?;
    let shared = req.shared.unwrap_or(row.shared);
    check_shared(&ws, shared)?;
    row.name = draft.name;
    row.stages = serde_json::to_string(&draft.stages).map_err(AppError::internal)?;
    row.shared = shared;
    row.updated_at = state.clock.now_ms();
    store::manage::update_funnel(&state.store, row).await?;
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
    let row = store::manage::funnel(&state.store, ws.org_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    may_change_label(&ws, row.owner_id, row.shared)?;
    store::manage::delete_funnel(&state.store, ws.org_id, id).await?;
    Ok(Json(board(&state, &ws).await?))
}

// ---- User properties ----

fn property_view(p: &property::Model) -> UserProperty {
    UserProperty {
        id: p.id,
        name: p.name.clone(),
        kind: PropertyKind::parse(&p.kind).unwrap_or(PropertyKind::Text),
        options: serde_json::from_str(&p.options).unwrap_or_default(),
    }
}

async fn property_list(
    state: &AppState,
    org_id: i64,
) -> Result<ResultEnvelope<Vec<UserProperty>>, AppError> {
    let rows = store::manage::properties(&state.store, org_id).await?;
    Ok(ResultEnvelope::ok(rows.iter().map(property_view).collect()))
}

/// Checks a property against the organisation's others (`except` itself when renamed).
async fn checked_property(
    state: &AppState,
    org_id: i64,
    req: &UserPropertyRequest,
    except: Option<i64>,
) -> Result<domain::manage::PropertyDraft, AppError> {
    let existing = store::manage::properties(&state.store, org_id)
        .await?
        .into_iter()
        .filter(|p| Some(p.id) != except)
        .map(|p| p.name)
        .collect();
    domain::manage::user_property(&domain::manage::PropertyInput {
        name: req.name.clone(),
        kind: req.kind,
        options: req.options.clone(),
        existing,
    })
    .map_err(|rule| {
        let field = if rule == RuleError::PropertyOptionsRequired {
            "options"
        } else {
            "name"
        };
        AppError::invalid_field(field, rule)
    })
}

/// The organisation's user properties (none in a personal workspace).
#[utoipa::path(
    get,
    path = "/api/manage/user-properties",
    tag = "manage",
    params(ManageQuery),
    responses(
        (status = 200, description = "The properties", body = ResultEnvelope<Vec<UserProperty>>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn list_properties(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ResultEnvelope<Vec<UserProperty>>>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    if !ws.is_org() {
        return Ok(Json(ResultEnvelope::ok(Vec::new())));
    }
    Ok(Json(property_list(&state, ws.org_id).await?))
}

/// Creates a user property (001 §5 'User properties can only be created from the organisation
/// workspace', 'Property names should not contain numbers', 'You can not have properties with
/// same name'); admins and managers.
#[utoipa::path(
    post,
    path = "/api/manage/user-properties",
    tag = "manage",
    request_body = UserPropertyRequest,
    responses(
        (status = 200, description = "The properties", body = ResultEnvelope<Vec<UserProperty>>),
        (status = 403, description = "An employee", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.org_id` = properties_need_organisation; `fields.name`; `fields.options`", body = contract::ErrorBody),
    )
)]
pub async fn create_property(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<UserPropertyRequest>,
) -> Result<Json<ResultEnvelope<Vec<UserProperty>>>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let org_id = ws.org_only(RuleError::PropertiesNeedOrganisation)?;
    manager(&ws)?;
    let draft = checked_property(&state, org_id, &req, None).await?;
    store::manage::insert_property(
        &state.store,
        property::Model {
            id: 0,
            org_id,
            name: draft.name,
            kind: draft.kind.code().to_owned(),
            options: serde_json::to_string(&draft.options).map_err(AppError::internal)?,
            created_by: ws.user_id,
            created_at: state.clock.now_ms(),
        },
    )
    .await?;
    Ok(Json(property_list(&state, org_id).await?))
}

fn manager(ws: &Workspace) -> Result<(), AppError> {
    domain::roles::AccessLevel::Manager
        .check(ws.role_id.map(i64::from))
        .map(|_| ())
        .map_err(AppError::forbidden)
}

/// Changes a user property (the same rules; admins and managers).
#[utoipa::path(
    put,
    path = "/api/manage/user-properties/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The property")),
    request_body = UserPropertyRequest,
    responses(
        (status = 200, description = "The properties", body = ResultEnvelope<Vec<UserProperty>>),
        (status = 403, description = "An employee", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no such property", body = contract::ErrorBody),
        (status = 422, description = "`fields.name`; `fields.options`", body = contract::ErrorBody),
    )
)]
pub async fn update_property(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<UserPropertyRequest>,
) -> Result<Json<ResultEnvelope<Vec<UserProperty>>>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let org_id = ws.org_only(RuleError::PropertiesNeedOrganisation)?;
    manager(&ws)?;
    let mut row = store::manage::properties(&state.store, org_id)
        .await?
        .into_iter()
        .find(|p| p.id == id)
        .ok_or_else(AppError::not_found)?;
    let draft = checked_property(&state, org_id, &req, Some(id)).await?;
    row.name = draft.name;
    row.kind = draft.kind.code().to_owned();
    row.options = serde_json::to_string(&draft.options).map_err(AppError::internal)?;
    store::manage::update_property(&state.store, row).await?;
    Ok(Json(property_list(&state, org_id).await?))
}

/// Deletes a user property and every contact's value of it (admins and managers).
#[utoipa::path(
    delete,
    path = "/api/manage/user-properties/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The property"), ManageQuery),
    responses(
        (status = 200, description = "The properties", body = ResultEnvelope<Vec<UserProperty>>),
        (status = 403, description = "An employee", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no such property", body = contract::ErrorBody),
    )
)]
pub async fn delete_property(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ResultEnvelope<Vec<UserProperty>>>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let org_id = ws.org_only(RuleError::PropertiesNeedOrganisation)?;
    manager(&ws)?;
    if store::manage::delete_property(&state.store, org_id, id).await? == 0 {
        return Err(AppError::not_found());
    }
    Ok(Json(property_list(&state, org_id).await?))
}

fn contact_key(raw: &str) -> Result<String, AppError> {
    let c = raw.trim();
    if c.is_empty() || c.len() > 64 {
        return Err(AppError::invalid_field(
            "contact",
            RuleError::FieldsRequired,
        ));
    }
    Ok(c.to_owned())
}

/// A contact's property values in the organisation.
#[utoipa::path(
    get,
    path = "/api/manage/contacts/{contact}/properties",
    tag = "manage",
    params(("contact" = String, Path, description = "The chat id or phone number"), ManageQuery),
    responses(
        (status = 200, description = "The values", body = ContactProfile),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.org_id` = properties_need_organisation", body = contract::ErrorBody),
    )
)]
pub async fn contact_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(contact): Path<String>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ContactProfile>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let org_id = ws.org_only(RuleError::PropertiesNeedOrganisation)?;
    let contact = contact_key(&contact)?;
    profile(&state, org_id, contact).await.map(Json)
}

async fn profile(
    state: &AppState,
    org_id: i64,
    contact: String,
) -> Result<ContactProfile, AppError> {
    let values = store::manage::contact_values(&state.store, org_id, &contact).await?;
    Ok(ContactProfile {
        contact,
        values: values
            .into_iter()
            .map(|v| PropertyValueEntry {
                property_id: v.property_id,
                value: v.value,
            })
            .collect(),
    })
}

/// Sets some of a contact's values ('Property values should match property type':
/// `fields["values[i]"]`); any member.
#[utoipa::path(
    put,
    path = "/api/manage/contacts/{contact}/properties",
    tag = "manage",
    params(("contact" = String, Path, description = "The chat id or phone number")),
    request_body = ContactProfileRequest,
    responses(
        (status = 200, description = "The values", body = ContactProfile),
        (status = 404, description = "Not a member, or a property of another organisation", body = contract::ErrorBody),
        (status = 422, description = "`fields[\"values[i]\"]` = property_value_mismatch", body = contract::ErrorBody),
    )
)]
pub async fn set_contact_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(contact): Path<String>,
    Json(req): Json<ContactProfileRequest>,
) -> Result<Json<ContactProfile>, AppError> {
    let ws = workspace(&state, &user, Some(req.org_id)).await?;
    let org_id = ws.org_only(RuleError::PropertiesNeedOrganisation)?;
    let contact = contact_key(&contact)?;
    let props = store::manage::properties(&state.store, org_id).await?;
    let mut values = Vec::with_capacity(req.values.len());
    let mut broken = std::collections::BTreeMap::new();
    for (i, v) in req.values.iter().enumerate() {
        let p = props
            .iter()
            .find(|p| p.id == v.property_id)
            .ok_or_else(AppError::not_found)?;
        let view = property_view(p);
        match domain::manage::property_value(&domain::manage::PropertyValueInput {
            kind: view.kind,
            options: Some(view.options),
            value: v.value.clone(),
        }) {
            Ok(ok) => values.push((p.id, ok.0)),
            Err(rule) => {
                broken.insert(format!("values[{i}]"), rule.code().to_owned());
            }
        }
    }
    if !broken.is_empty() {
        return Err(AppError::invalid_fields(broken));
    }
    store::manage::set_contact_values(
        &state.store,
        org_id,
        &contact,
        &values,
        ws.user_id,
        state.clock.now_ms(),
    )
    .await?;
    profile(&state, org_id, contact).await.map(Json)
}

// ---- Tags ----

/// Tags are the organisation's in an organisation (owner 0), the person's in their own.
fn tag_owner(ws: &Workspace) -> i64 {
    if ws.is_org() {
        0
    } else {
        ws.user_id
    }
}

fn tags_view(t: &store::entity::manage::tags::Model) -> ContactTags {
    ContactTags {
        contact: t.contact.clone(),
        tags: serde_json::from_str(&t.tags).unwrap_or_default(),
        updated_at: rfc3339(t.updated_at).unwrap_or_default(),
    }
}

/// 000 §7 `getusertags?org_id` (reads `data`): every tagged contact's tags in the workspace.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/getusertags",
    tag = "manage",
    params(ManageQuery),
    responses(
        (status = 200, description = "The contacts' tags", body = ResultEnvelope<Vec<ContactTags>>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn user_tags(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ResultEnvelope<Vec<ContactTags>>>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let rows = store::manage::all_tags(&state.store, ws.org_id, tag_owner(&ws)).await?;
    Ok(Json(ResultEnvelope::ok(
        rows.iter().map(tags_view).collect(),
    )))
}

/// One contact's tags (none yet: an empty list).
#[utoipa::path(
    get,
    path = "/api/manage/contacts/{contact}/tags",
    tag = "manage",
    params(("contact" = String, Path, description = "The chat id or phone number"), ManageQuery),
    responses(
        (status = 200, description = "The contact's tags", body = ContactTags),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn contact_tags(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(contact): Path<String>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ContactTags>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let contact = contact_key(&contact)?;
    let row = store::manage::tags_of(&state.store, ws.org_id, tag_owner(&ws), &contact).await?;
    Ok(Json(row.as_ref().map_or_else(
        || ContactTags {
            contact: contact.clone(),
            tags: Vec::new(),
            updated_at: String::new(),
        },
        tags_view,
    )))
}

/// Sets a contact's tags (001 §5, §9: one or two, at most 10 characters each).
#[utoipa::path(
    put,
    path = "/api/manage/contacts/{contact}/tags",
    tag = "manage",
    params(("contact" = String, Path, description = "The chat id or phone number")),
    request_body = TagsRequest,
    responses(
        (status = 200, description = "The contact's tags", body = ContactTags),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.tags` = tag_required, tags_too_many or tag_too_long", body = contract::ErrorBody),
    )
)]
pub async fn set_contact_tags(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(contact): Path<String>,
    Json(req): Json<TagsRequest>,
) -> Result<Json<ContactTags>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let contact = contact_key(&contact)?;
    let tags = rule_field(
        "tags",
        domain::manage::contact_tags(&domain::manage::TagsInput { tags: req.tags }),
    )?;
    let row = store::manage::set_tags(
        &state.store,
        ws.org_id,
        tag_owner(&ws),
        &contact,
        &serde_json::to_string(&tags.0).map_err(AppError::internal)?,
        state.clock.now_ms(),
    )
    .await?;
    Ok(Json(tags_view(&row)))
}

// ---- Notes and docs ----

fn note_view(n: &note::Model) -> ChatNote {
    ChatNote {
        id: n.id,
        contact: n.contact.clone(),
        kind: n.kind.clone(),
        title: n.title.clone(),
        body: n.body.clone(),
        updated_at: rfc3339(n.updated_at).unwrap_or_default(),
    }
}

/// A note's checked fields: `note` or `doc`, a body ('Please fill all mandatory fields').
fn checked_note(req: &ChatNoteRequest) -> Result<(String, String, String, String), AppError> {
    let kind = match req.kind.as_str() {
        "note" | "doc" => req.kind.clone(),
        _ => return Err(AppError::invalid_field("kind", RuleError::FieldsRequired)),
    };
    let body = req.body.trim().to_owned();
    if body.is_empty() || body.chars().count() > 20_000 {
        return Err(AppError::invalid_field("body", RuleError::FieldsRequired));
    }
    let title: String = req
        .title
        .as_deref()
        .unwrap_or_default()
        .trim()
        .chars()
        .take(240)
        .collect();
    Ok((contact_key(&req.contact)?, kind, title, body))
}

/// The caller's notes and docs of a chat, newest first.
#[utoipa::path(
    get,
    path = "/api/manage/notes",
    tag = "manage",
    params(ContactQuery),
    responses(
        (status = 200, description = "Notes and docs", body = ResultEnvelope<Vec<ChatNote>>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn list_notes(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ContactQuery>,
) -> Result<Json<ResultEnvelope<Vec<ChatNote>>>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let contact = contact_key(&q.contact)?;
    let rows = store::manage::notes(&state.store, ws.org_id, ws.user_id, &contact).await?;
    Ok(Json(ResultEnvelope::ok(
        rows.iter().map(note_view).collect(),
    )))
}

/// Creates a note or doc of a chat.
#[utoipa::path(
    post,
    path = "/api/manage/notes",
    tag = "manage",
    request_body = ChatNoteRequest,
    responses(
        (status = 200, description = "Created", body = ChatNote),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.body` / `fields.kind` / `fields.contact` = fields_required", body = contract::ErrorBody),
    )
)]
pub async fn create_note(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<ChatNoteRequest>,
) -> Result<Json<ChatNote>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let (contact, kind, title, body) = checked_note(&req)?;
    let now = state.clock.now_ms();
    let row = store::manage::insert_note(
        &state.store,
        note::Model {
            id: 0,
            org_id: ws.org_id,
            owner_id: ws.user_id,
            contact,
            kind,
            title,
            body,
            created_at: now,
            updated_at: now,
        },
    )
    .await?;
    Ok(Json(note_view(&row)))
}

/// Changes one of the caller's notes or docs.
#[utoipa::path(
    put,
    path = "/api/manage/notes/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The note")),
    request_body = ChatNoteRequest,
    responses(
        (status = 200, description = "Changed", body = ChatNote),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
        (status = 422, description = "`fields.body` = fields_required", body = contract::ErrorBody),
    )
)]
pub async fn update_note(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<ChatNoteRequest>,
) -> Result<Json<ChatNote>, AppError> {
    let ws = workspace(&state, &user, req.org_id).await?;
    let mut row = store::manage::note(&state.store, ws.org_id, ws.user_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let (contact, kind, title, body) = checked_note(&req)?;
    row.contact = contact;
    row.kind = kind;
    row.title = title;
    row.body = body;
    row.updated_at = state.clock.now_ms();
    let row = store::manage::update_note(&state.store, row).await?;
    Ok(Json(note_view(&row)))
}

/// Deletes one of the caller's notes or docs.
#[utoipa::path(
    delete,
    path = "/api/manage/notes/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The note"), ManageQuery),
    responses(
        (status = 200, description = "Deleted", body = ResultEnvelope<bool>),
        (status = 404, description = "Not a member, or not the caller's", body = contract::ErrorBody),
    )
)]
pub async fn delete_note(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<ManageQuery>,
) -> Result<Json<ResultEnvelope<bool>>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    if store::manage::delete_note(&state.store, ws.org_id, ws.user_id, id).await? == 0 {
        return Err(AppError::not_found());
    }
    Ok(Json(ResultEnvelope::ok(true)))
}

// ---- Team tools access ----

/// Who may change the organisation's team labels and quick replies.
#[utoipa::path(
    get,
    path = "/api/manage/team-tools-access",
    tag = "manage",
    params(ManageQuery),
    responses(
        (status = 200, description = "The setting", body = TeamToolsAccess),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.org_id`: a personal workspace has no teams", body = contract::ErrorBody),
    )
)]
pub async fn team_tools_access(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ManageQuery>,
) -> Result<Json<TeamToolsAccess>, AppError> {
    let ws = workspace(&state, &user, q.org_id).await?;
    let org_id = ws.org_only(RuleError::FieldsRequired)?;
    Ok(Json(TeamToolsAccess {
        org_id,
        editors: ws.team_tools_editors,
    }))
}

/// 001 §6: admins decide whether managers may change team labels and quick replies.
#[utoipa::path(
    put,
    path = "/api/manage/team-tools-access",
    tag = "manage",
    request_body = TeamToolsAccess,
    responses(
        (status = 200, description = "The setting", body = TeamToolsAccess),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields.editors`", body = contract::ErrorBody),
    )
)]
pub async fn set_team_tools_access(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<TeamToolsAccess>,
) -> Result<Json<TeamToolsAccess>, AppError> {
    let ws = workspace(&state, &user, Some(req.org_id)).await?;
    ws.admin()?;
    if !["admins", "admins_and_managers"].contains(&req.editors.as_str()) {
        return Err(AppError::invalid_field("editors", RuleError::RoleUnknown));
    }
    store::manage::set_team_tools_editors(&state.store, req.org_id, &req.editors).await?;
    Ok(Json(req))
}
