//! The organisation's user properties and each contact's values of them (001 §5).

use super::contact_key;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::workspace::{workspace, Workspace};
use axum::extract::State;
use contract::accounts::ResultEnvelope;
use contract::manage::{
    ContactProfile, ContactProfileRequest, ManageQuery, PropertyValueEntry, UserProperty,
    UserPropertyRequest,
};
use contract::ErrorCode;
use domain::manage::PropertyKind;
use domain::RuleError;
use store::entity::manage::property;
use store::scoped::Rows;

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
    ws: &Workspace,
) -> Result<ResultEnvelope<Vec<UserProperty>>, AppError> {
    let rows = ws.rows::<property::Entity>(state, Rows::All).await?;
    Ok(ResultEnvelope::ok(rows.iter().map(property_view).collect()))
}

/// Checks a property against the organisation's others (`except` itself when renamed).
async fn checked_property(
    state: &AppState,
    ws: &Workspace,
    req: &UserPropertyRequest,
    except: Option<i64>,
) -> Result<domain::manage::PropertyDraft, AppError> {
    let existing = ws
        .rows::<property::Entity>(state, Rows::All)
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
    .map_err(|rule| match rule {
        // What the workspace already has, not the request, refuses it: a conflict.
        RuleError::PropertyNameDuplicate => AppError::new(
            ErrorCode::Conflict,
            "a user property with this name already exists",
        )
        .with_rule("name", rule),
        RuleError::PropertyOptionsRequired => AppError::invalid_field("options", rule),
        _ => AppError::invalid_field("name", rule),
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
    Ok(Json(property_list(&state, &ws).await?))
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
        (status = 409, description = "`fields.name` = property_name_duplicate: the organisation has a property of this name", body = contract::ErrorBody),
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
    let draft = checked_property(&state, &ws, &req, None).await?;
    ws.insert::<property::Entity>(
        &state,
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
    Ok(Json(property_list(&state, &ws).await?))
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
        (status = 409, description = "`fields.name` = property_name_duplicate: the organisation has a property of this name", body = contract::ErrorBody),
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
    ws.org_only(RuleError::PropertiesNeedOrganisation)?;
    manager(&ws)?;
    let mut row = ws.row::<property::Entity>(&state, Rows::All, id).await?;
    let draft = checked_property(&state, &ws, &req, Some(id)).await?;
    row.name = draft.name;
    row.kind = draft.kind.code().to_owned();
    row.options = serde_json::to_string(&draft.options).map_err(AppError::internal)?;
    ws.update::<property::Entity>(&state, row).await?;
    Ok(Json(property_list(&state, &ws).await?))
}

/// Deletes a user property and every contact's value of it (admins and managers).
#[utoipa::path(
    delete,
    path = "/api/manage/user-properties/{id}",
    tag = "manage",
    params(("id" = i64, Path, description = "The property"), ("org_id" = i64, Query, minimum = 1, description = "The organisation: properties belong to one (none is 422 `properties_need_organisation`)")),
    responses(
        (status = 200, description = "The properties", body = ResultEnvelope<Vec<UserProperty>>),
        (status = 403, description = "An employee", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no such property", body = contract::ErrorBody),
        (status = 422, description = "`fields.org_id` = properties_need_organisation", body = contract::ErrorBody),
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
    Ok(Json(property_list(&state, &ws).await?))
}

/// A contact's property values in the organisation.
#[utoipa::path(
    get,
    path = "/api/manage/contacts/{contact}/properties",
    tag = "manage",
    params(("contact" = String, Path, description = "The chat id or phone number"), ("org_id" = i64, Query, minimum = 1, description = "The organisation: properties belong to one (none is 422 `properties_need_organisation`)")),
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
    let props = ws.rows::<property::Entity>(&state, Rows::All).await?;
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
