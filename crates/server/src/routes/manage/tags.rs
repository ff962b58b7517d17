//! Tags per contact (000 §7 `getusertags`; 001 §5, §9).

use super::{contact_key, rule_field};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use crate::workspace::{workspace, Workspace};
use axum::extract::State;
use contract::accounts::ResultEnvelope;
use contract::manage::{ContactTags, ManageQuery, TagsRequest};

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
