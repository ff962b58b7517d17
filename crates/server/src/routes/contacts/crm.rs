//! A contact and its CRM record (issue #29, 001 §2 "link existing contacts or leads", "create
//! or update leads"): the records that may be it, found by number or e-mail ("No matched CRM
//! contact" when none); linking one (its values settled against the contact by the later-writer
//! rule); creating one from the contact ("Contact successfully created"); unlinking ("Contact
//! unlinked"); and a pull of the changes made in the CRM, which also runs every hour. The CRMs
//! are HubSpot and Zoho; the calls go through the caller's own link to it (Integrations),
//! which the contact's link then keeps using.

use super::{scope, seen_contact};
use crate::auth::CurrentUser;
use crate::crm_sync;
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use axum::http::StatusCode;
use contract::contacts::{ContactCrmLink, CrmLinkRequest, CrmMatch, CrmPullReport};
use contract::sync::OrgBody;
use domain::providers::Provider;
use domain::roles::AccessLevel;
use store::entity::contact::crm_link;

fn view(l: crm_link::Model) -> ContactCrmLink {
    ContactCrmLink {
        provider: l.provider,
        crm_id: l.crm_id,
        user_id: l.user_id,
        linked_at: rfc3339(l.linked_at).unwrap_or_default(),
        crm_modified_at: l.crm_modified_at.and_then(rfc3339),
        pending: l.dirty,
    }
}

/// The CRMs contacts are linked to (`hubspot`, `zoho`); another provider is 404.
fn provider(p: &str) -> Result<Provider, AppError> {
    crm_sync::linked(p).ok_or_else(AppError::not_found)
}

#[utoipa::path(
    get,
    path = "/api/contacts/{id}/crm",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact"), OrgBody),
    responses(
        (status = 200, description = "The contact's CRM links", body = Vec<ContactCrmLink>),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn contact_crm_links(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<OrgBody>,
) -> Result<Json<Vec<ContactCrmLink>>, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    seen_contact(&state, &seen, q.org_id, id).await?;
    let links = store::crm_links::of_contact(&state.store, q.org_id, id).await?;
    Ok(Json(links.into_iter().map(view).collect()))
}

#[utoipa::path(
    get,
    path = "/api/contacts/{id}/crm/{provider}/matches",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact"), ("provider" = String, Path, description = "`hubspot` or `zoho`"), OrgBody),
    responses(
        (status = 200, description = "The CRM's records with the contact's number or e-mail (none: 'No matched CRM contact')", body = Vec<CrmMatch>),
        (status = 404, description = "No such contact the caller sees; another provider", body = contract::ErrorBody),
        (status = 409, description = "`crm_not_connected`: the caller has no working link to the CRM", body = contract::ErrorBody),
        (status = 502, description = "`upstream_failed`", body = contract::ErrorBody),
    )
)]
pub async fn crm_matches(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, p)): Path<(i64, String)>,
    Query(q): Query<OrgBody>,
) -> Result<Json<Vec<CrmMatch>>, AppError> {
    let provider = provider(&p)?;
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    let c = seen_contact(&state, &seen, q.org_id, id).await?;
    let found = crm_sync::matches(&state, provider, user.id, &c).await?;
    Ok(Json(
        found
            .into_iter()
            .map(|r| {
                let get = |f: &str| {
                    r.fields
                        .iter()
                        .find(|(k, _)| *k == f)
                        .and_then(|(_, v)| v.clone())
                };
                CrmMatch {
                    name: domain::contacts::display_name(
                        None,
                        get("first_name").as_deref(),
                        get("last_name").as_deref(),
                    ),
                    email: get("email"),
                    phone: get("phone"),
                    lifecycle_stage: get("lifecycle_stage"),
                    crm_id: r.id,
                }
            })
            .collect(),
    ))
}

#[utoipa::path(
    post,
    path = "/api/contacts/{id}/crm/{provider}/link",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact"), ("provider" = String, Path, description = "`hubspot` or `zoho`")),
    request_body = CrmLinkRequest,
    responses(
        (status = 200, description = "Linked; the record's values settled against the contact (the later change wins, field by field; a losing CRM value is a `conflict` history row) and what won here sent to the CRM", body = ContactCrmLink),
        (status = 404, description = "No such contact the caller sees; no such CRM record; another provider", body = contract::ErrorBody),
        (status = 409, description = "`conflict`: the contact is linked already, or another contact has the record; `crm_not_connected`", body = contract::ErrorBody),
        (status = 502, description = "`upstream_failed`", body = contract::ErrorBody),
    )
)]
pub async fn link_crm(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, p)): Path<(i64, String)>,
    Json(req): Json<CrmLinkRequest>,
) -> Result<Json<ContactCrmLink>, AppError> {
    let provider = provider(&p)?;
    let (_, seen, _) = scope(&state, &user, req.org_id).await?;
    seen_contact(&state, &seen, req.org_id, id).await?;
    let crm_id: String = req.crm_id.trim().chars().take(64).collect();
    let record = crm_sync::record(&state, provider, user.id, &crm_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let link = store::crm_links::link(
        &state.store,
        req.org_id,
        id,
        provider.key(),
        user.id,
        &record.id,
        None,
        state.clock.now_ms(),
    )
    .await?;
    crm_sync::settle_one(&state, &link, &record).await?;
    let now = store::crm_links::of_contact(&state.store, req.org_id, id)
        .await?
        .into_iter()
        .find(|l| l.provider == provider.key())
        .ok_or_else(AppError::not_found)?;
    Ok(Json(view(now)))
}

#[utoipa::path(
    post,
    path = "/api/contacts/{id}/crm/{provider}/create",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact"), ("provider" = String, Path, description = "`hubspot` or `zoho`")),
    request_body = OrgBody,
    responses(
        (status = 201, description = "A CRM record made from the contact's fields, and linked ('Contact successfully created')", body = ContactCrmLink),
        (status = 404, description = "No such contact the caller sees; another provider", body = contract::ErrorBody),
        (status = 409, description = "`conflict`: linked already; `crm_not_connected`", body = contract::ErrorBody),
        (status = 502, description = "`upstream_failed`", body = contract::ErrorBody),
    )
)]
pub async fn create_in_crm(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, p)): Path<(i64, String)>,
    Json(req): Json<OrgBody>,
) -> Result<(StatusCode, Json<ContactCrmLink>), AppError> {
    let provider = provider(&p)?;
    let (_, seen, _) = scope(&state, &user, req.org_id).await?;
    let c = seen_contact(&state, &seen, req.org_id, id).await?;
    if store::crm_links::of_contact(&state.store, req.org_id, id)
        .await?
        .iter()
        .any(|l| l.provider == provider.key())
    {
        return Err(AppError::new(
            contract::ErrorCode::Conflict,
            "contact_linked",
        ));
    }
    let made = crm_sync::create(&state, provider, user.id, &c).await?;
    let link = store::crm_links::link(
        &state.store,
        req.org_id,
        id,
        provider.key(),
        user.id,
        &made.id,
        Some(made.modified_ms),
        state.clock.now_ms(),
    )
    .await?;
    Ok((StatusCode::CREATED, Json(view(link))))
}

#[utoipa::path(
    delete,
    path = "/api/contacts/{id}/crm/{provider}",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact"), ("provider" = String, Path, description = "`hubspot` or `zoho`"), OrgBody),
    responses(
        (status = 204, description = "Unlinked ('Contact unlinked'); the CRM's record is left as it is"),
        (status = 404, description = "No such contact the caller sees, or not linked", body = contract::ErrorBody),
    )
)]
pub async fn unlink_crm(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, p)): Path<(i64, String)>,
    Query(q): Query<OrgBody>,
) -> Result<StatusCode, AppError> {
    let provider = provider(&p)?;
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    seen_contact(&state, &seen, q.org_id, id).await?;
    store::crm_links::unlink(&state.store, q.org_id, id, provider.key()).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    post,
    path = "/api/contacts/crm/pull",
    tag = "contacts",
    request_body = OrgBody,
    responses(
        (status = 200, description = "Every member link with linked contacts pulled now (as the hourly pull does): changes made here pushed first, then the records changed since each link's cursor settled", body = CrmPullReport),
        (status = 403, description = "An employee (`fields.role`)", body = contract::ErrorBody),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
    )
)]
pub async fn pull_crm(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<OrgBody>,
) -> Result<Json<CrmPullReport>, AppError> {
    let (me, _, _) = scope(&state, &user, req.org_id).await?;
    AccessLevel::Manager
        .check(Some(i64::from(me.role_id)))
        .map_err(AppError::forbidden)?;
    Ok(Json(crm_sync::pull_org(&state, req.org_id).await?))
}
