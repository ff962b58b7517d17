//! Organisations (001 §3, §7): details by code (logo and name for the top bar), creating one
//! (the creator becomes its admin, on a 7-day Teams trial with 3 seats), updating it, removing a
//! member, its credit history and its free seats.

use super::{Access, Routes};
use crate::access::{member, member_at};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views;
use axum::extract::State;
use contract::accounts::{
    Ack, CreateOrganization, CreditHistory, OrgCodeQuery, OrgQuery, Organization, RemoveUserQuery,
    ResultEnvelope, SeatAvailability, TypeEnvelope, UpdateOrganization,
};
use contract::ErrorCode;
use domain::accounts::{OrganisationCode, OrganisationName};
use domain::inputs::HttpUrl;
use domain::plans::{TEAMS_TRIAL_DAYS, TEAMS_TRIAL_SEATS};
use domain::roles::AccessLevel;
use domain::RuleError;
use store::orgs::{NewOrganisation, OrganisationChanges};
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(organisation_details))
        .add(Access::SignedIn, routes!(create_organisation))
        .add(Access::Scoped, routes!(update_organisation))
        .add(Access::Scoped, routes!(remove_user))
        .add(Access::Scoped, routes!(org_credit_history))
        .add(Access::Scoped, routes!(remaining_seats))
}

/// Teams plan id (001 §9 'Ids 10 and 11 mean Teams').
const TEAMS_PLAN_ID: i32 = 10;

/// 001 §7.5: the organisation named by `organization_code`, for its members. A malformed code
/// is 422 and an unknown one 404, both with `fields.organization_code` =
/// `organisation_code_invalid` ('Enter valid organisation code to continue'); another
/// organisation's code answers exactly as an unknown one.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/getOrganizationDetails",
    tag = "organisations",
    params(("organization_code" = String, Query, pattern = r"^[ \t\n\r]*[A-Za-z0-9][A-Za-z0-9-]{2,30}[A-Za-z0-9][ \t\n\r]*$", description = "The organisation's code (`domain::accounts::OrganisationCode`: 4 to 32 letters, digits or hyphens, not starting or ending with one)")),
    responses(
        (status = 200, description = "`type` true and the organisation in `data[0]`", body = TypeEnvelope<Vec<Organization>>),
        (status = 404, description = "No organisation of the caller has this code", body = contract::ErrorBody),
        (status = 422, description = "Not an organisation code", body = contract::ErrorBody),
    )
)]
pub async fn organisation_details(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<OrgCodeQuery>,
) -> Result<Json<TypeEnvelope<Vec<Organization>>>, AppError> {
    let code = OrganisationCode::parse(&q.organization_code)
        .map_err(|rule| AppError::invalid_field("organization_code", rule))?;
    let unknown = || {
        AppError::new(ErrorCode::NotFound, "no organisation with this code")
            .with_rule("organization_code", RuleError::OrganisationCodeInvalid)
    };
    let org = store::orgs::organisation_by_code(&state.store, code.as_str())
        .await?
        .ok_or_else(unknown)?;
    member(&state, &user, org.id).await.map_err(|_| unknown())?;
    Ok(Json(TypeEnvelope {
        type_: true,
        data: vec![views::organization(
            &org,
            crate::billing::knowledge_base_on(&state, &org),
        )],
    }))
}

fn parse_logo(raw: Option<&str>) -> Result<Option<Option<String>>, AppError> {
    match raw.map(str::trim) {
        None => Ok(None),
        Some("") => Ok(Some(None)),
        Some(url) => HttpUrl::parse(url)
            .map(|u| Some(Some(u.as_str().to_owned())))
            .map_err(|rule| AppError::invalid_field("org_logo", rule)),
    }
}

fn parse_zone(raw: Option<&str>) -> Result<Option<String>, AppError> {
    raw.map(|z| {
        domain::zones::parse_time_zone(z)
            .map(|tz| tz.name().to_owned())
            .map_err(|rule| AppError::invalid_field("time_zone", rule))
    })
    .transpose()
}

/// Creates an organisation with a new unique `organization_code`; the caller becomes its admin
/// (role 1) and it becomes their default organisation. `time_zone` is the creator's browser's
/// zone (checked against the domain's zone list, 422 `fields.time_zone` otherwise); without
/// one, Asia/Kolkata. It starts on the 7-day Teams trial with
/// 3 seats (001 §4).
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/organizations",
    tag = "organisations",
    request_body = CreateOrganization,
    responses(
        (status = 200, description = "The new organisation", body = ResultEnvelope<Organization>),
        (status = 422, description = "`fields`: org_name, org_logo or time_zone", body = contract::ErrorBody),
    )
)]
pub async fn create_organisation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<CreateOrganization>,
) -> Result<Json<ResultEnvelope<Organization>>, AppError> {
    let name = OrganisationName::parse(&req.org_name)
        .map_err(|rule| AppError::invalid_field("org_name", rule))?;
    let logo = parse_logo(req.org_logo.as_deref())?.flatten();
    let zone = parse_zone(req.time_zone.as_deref())?
        .unwrap_or_else(|| domain::zones::DEFAULT_TIME_ZONE.to_owned());
    let now = state.clock.now_ms();
    // Each organisation starts a Teams trial: a day's creations are bounded per person.
    let created =
        store::quotas::organisations_created_since(&state.store, user.id, now - 86_400_000).await?;
    if created >= state.config.quotas.organisations_per_day {
        let mut e = AppError::new(
            contract::ErrorCode::DailyLimitReached,
            "too many organisations created today",
        );
        e.fields = Some([("limit".to_owned(), "organisations".to_owned())].into());
        return Err(e);
    }
    // A clash of random codes is rare; draw again a few times before giving up.
    for _ in 0..5 {
        let code = OrganisationCode::from_random(rand::random());
        let new = NewOrganisation {
            name: name.as_str().to_owned(),
            code: code.as_str().to_owned(),
            logo_url: logo.clone(),
            time_zone: zone.clone(),
            plan_id: TEAMS_PLAN_ID,
            is_trial: true,
            validity: Some(now + i64::from(TEAMS_TRIAL_DAYS) * 86_400_000),
            seat_issued: TEAMS_TRIAL_SEATS as i32,
        };
        match store::orgs::create_organisation(&state.store, user.id, new, now).await {
            Ok(org) => {
                return Ok(Json(ResultEnvelope::ok(views::organization(
                    &org,
                    crate::billing::knowledge_base_on(&state, &org),
                ))))
            }
            Err(store::StoreError::Conflict(_)) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(AppError::internal(
        "could not draw a free organisation code",
    ))
}

/// Updates name, logo (empty removes it) or time zone (an IANA zone of the domain's list, else
/// 422 `fields.time_zone`); admins only. Each change is recorded in the organisation's change
/// log (`org_audit`: who, when, from → to).
#[utoipa::path(
    patch,
    path = "/api/v1/whatzapp/organizations",
    tag = "organisations",
    request_body = UpdateOrganization,
    responses(
        (status = 200, description = "The organisation as stored", body = ResultEnvelope<Organization>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`fields`: org_name, org_logo or time_zone", body = contract::ErrorBody),
    )
)]
pub async fn update_organisation(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<UpdateOrganization>,
) -> Result<Json<ResultEnvelope<Organization>>, AppError> {
    member_at(&state, &user, req.org_id, AccessLevel::Admin).await?;
    let changes = OrganisationChanges {
        name: req
            .org_name
            .as_deref()
            .map(|n| {
                OrganisationName::parse(n)
                    .map(|n| n.as_str().to_owned())
                    .map_err(|rule| AppError::invalid_field("org_name", rule))
            })
            .transpose()?,
        logo_url: parse_logo(req.org_logo.as_deref())?,
        time_zone: parse_zone(req.time_zone.as_deref())?,
    };
    let now = state.clock.now_ms();
    let before = store::orgs::organisation(&state.store, req.org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let org = store::orgs::update_organisation(&state.store, req.org_id, changes, now).await?;
    for (action, from, to) in [
        ("organisation_renamed", Some(&before.name), Some(&org.name)),
        (
            "logo_changed",
            before.logo_url.as_ref(),
            org.logo_url.as_ref(),
        ),
        (
            "time_zone_changed",
            Some(&before.time_zone),
            Some(&org.time_zone),
        ),
    ] {
        if from == to {
            continue;
        }
        store::invitations::audit(
            state.store.conn(),
            store::invitations::OrgChange {
                org_id: org.id,
                actor_id: Some(user.id),
                action,
                target_user_id: None,
                detail: serde_json::json!({ "from": from, "to": to }),
            },
            now,
        )
        .await?;
        tracing::info!(
            org_id = org.id,
            by = user.id,
            action,
            "organisation changed"
        );
    }
    Ok(Json(ResultEnvelope::ok(views::organization(
        &org,
        crate::billing::knowledge_base_on(&state, &org),
    ))))
}

/// Removes a member (admins). The last admin cannot be removed (409 `conflict`).
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/organizations/remove-user",
    tag = "organisations",
    params(
        ("user_id" = i64, Query, description = "The member to remove"),
        ("org_id" = i64, Query, description = "The organisation"),
    ),
    responses(
        (status = 200, description = "Removed", body = Ack),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no such member", body = contract::ErrorBody),
        (status = 409, description = "The last admin", body = contract::ErrorBody),
    )
)]
pub async fn remove_user(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<RemoveUserQuery>,
) -> Result<Json<Ack>, AppError> {
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    store::orgs::remove_member(&state.store, q.org_id, q.user_id).await?;
    Ok(Json(Ack::ok("user removed")))
}

/// 001 §3 organisation credit history: `seat_issued`, `validity`, `is_trial`; `plan_id` is the
/// plan in force (Free once the grace period after `validity` has passed).
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/organizations/credit-history",
    tag = "organisations",
    params(("org_id" = i64, Query, description = "The organisation")),
    responses(
        (status = 200, description = "The organisation's plan and seats", body = ResultEnvelope<CreditHistory>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn org_credit_history(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<OrgQuery>,
) -> Result<Json<ResultEnvelope<CreditHistory>>, AppError> {
    member(&state, &user, q.org_id).await?;
    let org = store::orgs::organisation(&state.store, q.org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    // The plan whose features apply now: the stored one through the grace period, then Free.
    let now = crate::billing::standing_now(
        &state,
        domain::subscription::PlanFacts {
            plan_id: i64::from(org.plan_id),
            is_trial: org.is_trial,
            validity: org.validity,
        },
    );
    Ok(Json(ResultEnvelope::ok(CreditHistory {
        org_id: Some(org.id),
        plan_id: i32::try_from(now.effective_plan_id).unwrap_or(1),
        seat_issued: org.seat_issued,
        validity: org.validity.and_then(views::rfc3339),
        is_trial: org.is_trial,
    })))
}

/// Seats paid for, held (active and invited members) and still free.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/remainseatsavablity",
    tag = "organisations",
    params(("org_id" = i64, Query, description = "The organisation")),
    responses(
        (status = 200, description = "Seat counts", body = ResultEnvelope<SeatAvailability>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn remaining_seats(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<OrgQuery>,
) -> Result<Json<ResultEnvelope<SeatAvailability>>, AppError> {
    member(&state, &user, q.org_id).await?;
    let org = store::orgs::organisation(&state.store, q.org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let used = store::orgs::seats_used(&state.store, q.org_id).await? as i64;
    Ok(Json(ResultEnvelope::ok(SeatAvailability {
        seat_issued: org.seat_issued,
        seats_used: used,
        remaining_seats: (i64::from(org.seat_issued) - used).max(0),
    })))
}
