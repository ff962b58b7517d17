//! One change to many contacts (`/leads`' bulk edit): the stage, the status, the owner, a label
//! and a tag put on or taken off.

use super::{checked_labels, cleaned_fields, owner_allowed, scope};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Json;
use crate::state::AppState;
use axum::extract::State;
use contract::contacts::{ContactsBulkResult, ContactsBulkUpdate};
use domain::RuleError;
use store::contacts::tags::Retagged;

/// Contacts one bulk change names at most (a page of the table is 100).
pub const MAX_BULK_IDS: usize = 500;

#[utoipa::path(
    post,
    path = "/api/contacts/bulk",
    tag = "contacts",
    request_body = ContactsBulkUpdate,
    responses(
        (status = 200, description = "How many contacts changed; each change is in the contact's history", body = ContactsBulkResult),
        (status = 404, description = "Not a member; or a contact named is not one the caller sees (nothing changed)", body = contract::ErrorBody),
        (status = 422, description = "`fields.ids` = `value_invalid` (none, or more than 500); `fields.lifecycle_stage` / `fields.lead_status` / `fields.owner_id` / `fields.add_label_id` / `fields.remove_label_id` (not a shared label of the organisation) = `value_invalid`; `fields.add_tag` / `fields.remove_tag` = `tag_required` (blank) or `tag_too_long` (past 10 characters); `fields.add_tag` = `tags_too_many` when a contact would carry three (nothing changed)", body = contract::ErrorBody),
    )
)]
pub async fn update_contacts(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<ContactsBulkUpdate>,
) -> Result<Json<ContactsBulkResult>, AppError> {
    let (me, seen, people) = scope(&state, &user, req.org_id).await?;
    if req.ids.is_empty() || req.ids.len() > MAX_BULK_IDS {
        return Err(AppError::invalid_field("ids", RuleError::ValueInvalid));
    }
    let no_text = [
        ("name", None),
        ("first_name", None),
        ("last_name", None),
        ("email", None),
        ("address", None),
        ("company", None),
        ("job_title", None),
    ];
    let mut changes = cleaned_fields(
        no_text,
        req.lifecycle_stage.as_deref(),
        req.lead_status.as_deref(),
    )?;
    if req.owner_id.is_some() {
        let owner = owner_allowed(&me, user.id, &people, req.owner_id)?;
        changes.push(("owner_id", owner.map(|o| o.to_string())));
    }
    let add: Vec<i64> = req.add_label_id.into_iter().collect();
    let remove: Vec<i64> = req.remove_label_id.into_iter().collect();
    checked_labels(&state, req.org_id, "add_label_id", &add).await?;
    checked_labels(&state, req.org_id, "remove_label_id", &remove).await?;
    let add_tag = typed_tag("add_tag", req.add_tag.as_deref())?;
    let remove_tag = typed_tag("remove_tag", req.remove_tag.as_deref())?;
    // Tags first: the one change a contact's own state may refuse, before anything is written.
    let mut updated = 0;
    if add_tag.is_some() || remove_tag.is_some() {
        let retag = |current: &[String]| {
            domain::manage::retagged(current, add_tag.as_deref(), remove_tag.as_deref())
        };
        match store::contacts::tags::change_many(
            &state.store,
            req.org_id,
            &req.ids,
            &seen,
            retag,
            user.id,
            state.clock.now_ms(),
        )
        .await?
        {
            Retagged::Changed(n) => updated = n,
            Retagged::Refused(rule, _) => {
                return Err(AppError::invalid_field("add_tag", rule));
            }
        }
    }
    let fields = store::contacts::update_many(
        &state.store,
        req.org_id,
        &req.ids.clone(),
        &seen,
        &changes,
        user.id,
        state.clock.now_ms(),
    )
    .await?;
    updated = updated.max(fields);
    if !add.is_empty() || !remove.is_empty() {
        let labelled = store::contacts::labels::change(
            &state.store,
            req.org_id,
            &req.ids,
            &seen,
            (None, &add, &remove),
            user.id,
            state.clock.now_ms(),
        )
        .await?;
        updated = updated.max(labelled);
    }
    crate::crm_sync::many_changed_here(&state, req.org_id, req.ids);
    Ok(Json(ContactsBulkResult { updated }))
}

/// A tag typed for the bulk change, checked by the manage tools' rule; none when not sent.
fn typed_tag(field: &str, raw: Option<&str>) -> Result<Option<String>, AppError> {
    raw.map(domain::manage::bulk_tag)
        .transpose()
        .map_err(|rule| AppError::invalid_field(field, rule))
}
