//! The organisation's contacts (issue #29, `/leads`): list, create, read, change, history. Who
//! sees which contacts follows 001 §6 as the employee list does: an admin or owner all of them,
//! a manager those their team owns, an employee their own — and everyone the ones nobody owns
//! yet (a new customer is everyone's to take). Changing the owner is a manager's, to a member
//! they see; an employee may take a contact for themselves.

mod bulk;
mod crm;
mod crm_hooks;
mod export;
mod timeline;
mod transfer;

use super::{Access, Routes};
use crate::access::{member, visible};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::paging::Paging;
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use axum::http::StatusCode;
use contract::admin::Page;
use contract::contacts::{Contact, ContactChange, ContactUpdate, ContactsQuery, NewContact};
use contract::sync::OrgBody;
use domain::contacts as rules;
use domain::inbox::chat::ChatRef;
use domain::roles::{is_manager_level, sees_whole_organisation};
use domain::RuleError;
use std::collections::BTreeMap;
use store::contacts::{Filter, Seen, Sort};
use store::entity::{contact::contact, membership, user};
use utoipa_axum::routes;

/// Rows a page holds at most.
const MAX_PER_PAGE: u64 = 100;
/// History rows answered.
const HISTORY_ROWS: u64 = 200;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(list_contacts, create_contact))
        .add(Access::Scoped, routes!(get_contact, update_contact))
        .add(Access::Scoped, routes!(contact_history))
        .add(Access::Scoped, routes!(timeline::contact_timeline))
        .add(Access::Scoped, routes!(timeline::create_contact_note))
        .add(Access::Scoped, routes!(timeline::create_contact_task))
        .add(Access::Scoped, routes!(bulk::update_contacts))
        .add(Access::Scoped, routes!(transfer::import_contacts))
        .add(Access::Scoped, routes!(export::export_contacts))
        .add(Access::Scoped, routes!(crm::contact_crm_links))
        .add(Access::Scoped, routes!(crm::crm_matches))
        // In this order: the isolation walk links, unlinks, then creates the record anew.
        .add(Access::Scoped, routes!(crm::link_crm))
        .add(Access::Scoped, routes!(crm::unlink_crm))
        .add(Access::Scoped, routes!(crm::create_in_crm))
        .add(Access::Scoped, routes!(crm::pull_crm))
        .add(Access::Public, routes!(crm_hooks::hubspot_webhook))
        .add(Access::Public, routes!(crm_hooks::zoho_notify))
}

pub(crate) fn view(c: contact::Model, label_ids: Vec<i64>) -> Contact {
    let phone = c
        .contact
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| format!("+{}", c.contact));
    Contact {
        display_name: rules::display_name(
            c.name.as_deref(),
            c.first_name.as_deref(),
            c.last_name.as_deref(),
        ),
        id: c.id,
        org_id: c.org_id,
        phone,
        contact: c.contact,
        name: c.name,
        first_name: c.first_name,
        last_name: c.last_name,
        email: c.email,
        address: c.address,
        company: c.company,
        job_title: c.job_title,
        lifecycle_stage: c.lifecycle_stage,
        lead_status: c.lead_status,
        owner_id: c.owner_id,
        source: c.source,
        label_ids,
        created_at: rfc3339(c.created_at).unwrap_or_default(),
        updated_at: rfc3339(c.updated_at).unwrap_or_default(),
    }
}

/// The contacts as answered, each with its labels.
pub(crate) async fn views(
    state: &AppState,
    org_id: i64,
    rows: Vec<contact::Model>,
) -> Result<Vec<Contact>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|c| c.id).collect();
    let mut labels = store::contacts::labels::of_contacts(&state.store, org_id, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|c| {
            let l = labels.remove(&c.id).unwrap_or_default();
            view(c, l)
        })
        .collect())
}

/// One contact as answered, with its labels.
async fn view_one(state: &AppState, c: contact::Model) -> Result<Contact, AppError> {
    let org_id = c.org_id;
    Ok(views(state, org_id, vec![c]).await?.remove(0))
}

/// Checks `ids` are the organisation's shared labels (at most 20, else `fields.<field>` =
/// `value_invalid`).
pub(crate) async fn checked_labels(
    state: &AppState,
    org_id: i64,
    field: &str,
    ids: &[i64],
) -> Result<(), AppError> {
    let known = store::contacts::labels::shared(state.store.conn(), org_id, ids).await?;
    if ids.len() > store::contacts::labels::MAX_LABELS
        || ids.iter().any(|id| !known.contains_key(id))
    {
        return Err(AppError::invalid_field(field, RuleError::ValueInvalid));
    }
    Ok(())
}

/// The caller's membership, which contacts they see, and the members they see (owners they
/// may name).
pub(crate) async fn scope(
    state: &AppState,
    user: &user::Model,
    org_id: i64,
) -> Result<(membership::Model, Seen, Vec<i64>), AppError> {
    let me = member(state, user, org_id).await?;
    let all = store::orgs::employees(
        &state.store,
        org_id,
        Some(domain::accounts::ACTIVE_USER_STATUS),
    )
    .await?;
    let people: Vec<i64> = visible(&me, user, all, true)
        .iter()
        .map(|r| r.user.id)
        .collect();
    let seen = if sees_whole_organisation(Some(i64::from(me.role_id))) {
        Seen::All
    } else {
        Seen::OwnedBy(people.clone())
    };
    Ok((me, seen, people))
}

/// The owner a caller may set: nobody (0 or none), themselves, or — for a manager — a member
/// they see. Anything else is `fields.owner_id` = `value_invalid`.
pub(crate) fn owner_allowed(
    me: &membership::Model,
    caller: i64,
    people: &[i64],
    owner: Option<i64>,
) -> Result<Option<i64>, AppError> {
    match owner.filter(|o| *o != 0) {
        None => Ok(None),
        Some(o) if o == caller => Ok(Some(o)),
        Some(o) if is_manager_level(Some(i64::from(me.role_id))) && people.contains(&o) => {
            Ok(Some(o))
        }
        Some(_) => Err(AppError::invalid_field("owner_id", RuleError::ValueInvalid)),
    }
}

/// The seven text fields a request may carry, by name.
trait TextFields {
    fn text_fields(&self) -> [(&'static str, Option<&str>); 7];
}

macro_rules! text_fields {
    ($($t:ty),*) => {$(
        impl TextFields for $t {
            fn text_fields(&self) -> [(&'static str, Option<&str>); 7] {
                [
                    ("name", self.name.as_deref()),
                    ("first_name", self.first_name.as_deref()),
                    ("last_name", self.last_name.as_deref()),
                    ("email", self.email.as_deref()),
                    ("address", self.address.as_deref()),
                    ("company", self.company.as_deref()),
                    ("job_title", self.job_title.as_deref()),
                ]
            }
        }
    )*};
}
text_fields!(NewContact, ContactUpdate);

/// The fields of a request, cleaned, with every refusal named at once.
fn cleaned_fields(
    given: [(&'static str, Option<&str>); 7],
    stage: Option<&str>,
    status: Option<&str>,
) -> Result<Vec<(&'static str, Option<String>)>, AppError> {
    let mut out = Vec::new();
    let mut bad = BTreeMap::new();
    for (field, raw) in given {
        if raw.is_none() {
            continue;
        }
        match rules::clean_field(field, raw) {
            Ok(v) => out.push((field, v)),
            Err(e) => {
                bad.insert(field.to_owned(), e.code().to_owned());
            }
        }
    }
    if stage.is_some() {
        match rules::lifecycle_stage(stage) {
            Ok(v) => out.push(("lifecycle_stage", v.map(str::to_owned))),
            Err(e) => {
                bad.insert("lifecycle_stage".into(), e.code().to_owned());
            }
        }
    }
    if status.is_some() {
        match rules::lead_status(status) {
            Ok(v) => out.push(("lead_status", v.map(str::to_owned))),
            Err(e) => {
                bad.insert("lead_status".into(), e.code().to_owned());
            }
        }
    }
    if bad.is_empty() {
        Ok(out)
    } else {
        Err(AppError::invalid_fields(bad))
    }
}

/// The list's filter and order from its query; a bad value is named.
fn filter_of(q: &ContactsQuery) -> Result<Filter, AppError> {
    let stage = rules::lifecycle_stage(q.lifecycle_stage.as_deref())
        .map_err(|e| AppError::invalid_field("lifecycle_stage", e))?;
    let status = rules::lead_status(q.lead_status.as_deref())
        .map_err(|e| AppError::invalid_field("lead_status", e))?;
    let sort = match q.sort.as_deref().unwrap_or("updated") {
        "updated" => Sort::Updated,
        "created" => Sort::Created,
        "name" => Sort::Name,
        _ => return Err(AppError::invalid_field("sort", RuleError::ValueInvalid)),
    };
    let descending = match q.dir.as_deref().unwrap_or("desc") {
        "desc" => true,
        "asc" => false,
        _ => return Err(AppError::invalid_field("dir", RuleError::ValueInvalid)),
    };
    Ok(Filter {
        sort,
        descending,
        // A search is a few words: anything past 100 characters is not part of it.
        q: q.q
            .as_ref()
            .map(|s| s.chars().take(100).collect::<String>())
            .filter(|s| !s.trim().is_empty()),
        lifecycle_stage: stage.map(str::to_owned),
        lead_status: status.map(str::to_owned),
        owner_id: q.owner_id.map(|o| (o != 0).then_some(o)),
        // A tag is at most 10 characters, a value's words a short search.
        tag: q
            .tag
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| t.chars().take(50).collect()),
        property: q.property_id.map(|id| {
            let words = q.property_value.as_deref().unwrap_or_default();
            (id, words.chars().take(100).collect())
        }),
        label_id: q.label_id,
    })
}

#[utoipa::path(
    get,
    path = "/api/contacts",
    tag = "contacts",
    params(ContactsQuery),
    responses(
        (status = 200, description = "One page of the contacts the caller sees", body = Page<Contact>),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
        (status = 422, description = "`fields.lifecycle_stage` / `fields.lead_status` / `fields.sort` / `fields.dir` = `value_invalid`", body = contract::ErrorBody),
    )
)]
pub async fn list_contacts(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ContactsQuery>,
) -> Result<Json<Page<Contact>>, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    let filter = filter_of(&q)?;
    let paging = Paging::new(q.page, q.per_page, 50, MAX_PER_PAGE);
    let (rows, total) = store::contacts::list(
        &state.store,
        q.org_id,
        &seen,
        &filter,
        paging.offset(),
        paging.per_page,
    )
    .await?;
    Ok(Json(
        paging.answer(views(&state, q.org_id, rows).await?, total),
    ))
}

#[utoipa::path(
    post,
    path = "/api/contacts",
    tag = "contacts",
    request_body = NewContact,
    responses(
        (status = 201, description = "The contact", body = Contact),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
        (status = 409, description = "`conflict`: the organisation has this number already", body = contract::ErrorBody),
        (status = 422, description = "`fields.phone` = `phone_invalid`…; a field too long or not one line = `value_invalid`; `fields.email` = `email_invalid`; `fields.owner_id` = `value_invalid`", body = contract::ErrorBody),
    )
)]
pub async fn create_contact(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<NewContact>,
) -> Result<(StatusCode, Json<Contact>), AppError> {
    let (me, _, people) = scope(&state, &user, req.org_id).await?;
    let chat = ChatRef::from_number(&req.phone).map_err(|e| AppError::invalid_field("phone", e))?;
    let fields = cleaned_fields(
        req.text_fields(),
        req.lifecycle_stage.as_deref(),
        req.lead_status.as_deref(),
    )?;
    let owner = owner_allowed(&me, user.id, &people, req.owner_id)?;
    let (mut text, mut stage, mut status) = (Vec::new(), None, None);
    for (f, v) in fields {
        match f {
            "lifecycle_stage" => stage = v,
            "lead_status" => status = v,
            _ => text.push((f, v)),
        }
    }
    let made = store::contacts::create(
        &state.store,
        req.org_id,
        store::contacts::NewContact {
            contact: chat.contact,
            fields: text,
            lifecycle_stage: stage,
            lead_status: status,
            owner_id: owner,
            source: "member",
        },
        state.clock.now_ms(),
    )
    .await?;
    Ok((StatusCode::CREATED, Json(view(made, Vec::new()))))
}

/// The contact `id` of the organisation, when the caller sees it (404 otherwise).
pub(crate) async fn seen_contact(
    state: &AppState,
    seen: &Seen,
    org_id: i64,
    id: i64,
) -> Result<contact::Model, AppError> {
    store::contacts::get(&state.store, org_id, id)
        .await?
        .filter(|c| seen.sees(c.owner_id))
        .ok_or_else(AppError::not_found)
}

#[utoipa::path(
    get,
    path = "/api/contacts/{id}",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact"), OrgBody),
    responses(
        (status = 200, description = "The contact", body = Contact),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn get_contact(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<OrgBody>,
) -> Result<Json<Contact>, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    let c = seen_contact(&state, &seen, q.org_id, id).await?;
    Ok(Json(view_one(&state, c).await?))
}

#[utoipa::path(
    patch,
    path = "/api/contacts/{id}",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact")),
    request_body = ContactUpdate,
    responses(
        (status = 200, description = "The contact after the change; each changed field is in its history", body = Contact),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
        (status = 422, description = "As for creating; every refused field named at once", body = contract::ErrorBody),
    )
)]
pub async fn update_contact(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<ContactUpdate>,
) -> Result<Json<Contact>, AppError> {
    let (me, seen, people) = scope(&state, &user, req.org_id).await?;
    seen_contact(&state, &seen, req.org_id, id).await?;
    let mut changes = cleaned_fields(
        req.text_fields(),
        req.lifecycle_stage.as_deref(),
        req.lead_status.as_deref(),
    )?;
    if req.owner_id.is_some() {
        let owner = owner_allowed(&me, user.id, &people, req.owner_id)?;
        changes.push(("owner_id", owner.map(|o| o.to_string())));
    }
    if let Some(labels) = req.label_ids.as_deref() {
        checked_labels(&state, req.org_id, "label_ids", labels).await?;
    }
    let mut after = store::contacts::update(
        &state.store,
        req.org_id,
        id,
        &changes,
        Some(user.id),
        "member",
        state.clock.now_ms(),
    )
    .await?;
    if let Some(labels) = req.label_ids.as_deref() {
        store::contacts::labels::change(
            &state.store,
            req.org_id,
            &[id],
            &seen,
            (Some(labels), &[], &[]),
            user.id,
            state.clock.now_ms(),
        )
        .await?;
        after = seen_contact(&state, &seen, req.org_id, id).await?;
    }
    crate::crm_sync::changed_here(&state, req.org_id, &[id]).await;
    Ok(Json(view_one(&state, after).await?))
}

#[utoipa::path(
    get,
    path = "/api/contacts/{id}/history",
    tag = "contacts",
    params(("id" = i64, Path, description = "The contact"), OrgBody),
    responses(
        (status = 200, description = "The newest 200 changes, newest first", body = Vec<ContactChange>),
        (status = 404, description = "No such contact the caller sees", body = contract::ErrorBody),
    )
)]
pub async fn contact_history(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<OrgBody>,
) -> Result<Json<Vec<ContactChange>>, AppError> {
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    seen_contact(&state, &seen, q.org_id, id).await?;
    let rows = store::contacts::history(&state.store, q.org_id, id, HISTORY_ROWS).await?;
    Ok(Json(
        rows.into_iter()
            .map(|c| ContactChange {
                field: c.field,
                old_value: c.old_value,
                new_value: c.new_value,
                origin: c.origin,
                actor_id: c.actor_id,
                at: rfc3339(c.at).unwrap_or_default(),
            })
            .collect(),
    ))
}
