//! The operator's admin panel (000 §2 `/admin/panel/secure`, `/{product}/admin/panel`,
//! `/failedtransactions`, the dynamic assignment panel; issue #16): the operator's sign-in and
//! sign-out, organisations and users with search and paging, a user's memberships, plans and
//! sessions, plan/seat/trial changes with a reason, the audit log, failed transactions across
//! the installation, and dynamic lead assignment at the spec's path with its report and leads.
//! Every route but the sign-in needs the operator's own session; every change is audited.

use super::{Access, Routes};
use crate::auth::hash_token;
use crate::billing::standing_now;
use crate::client::ClientAddr;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::operator::{admin_token, OperatorAdmin, ADMIN_COOKIE, SESSION_TTL_MS};
use crate::paging::Paging;
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::Cookie;
use axum_extra::extract::CookieJar;
use contract::accounts::ResultEnvelope;
use contract::admin::{
    AdminMe, AdminMembership, AdminOrg, AdminSignIn, AdminUser, AdminUserDetail,
    AssignmentMemberView, AssignmentRequest, DynamicAssignment, LeadView, OwnerQuery, Page,
    PageQuery, PeriodQuery, PlanChange, ShareRow,
};
use contract::billing::FailedTransaction;
use contract::ErrorCode;
use domain::assignment::{assignment_member, MemberFormInput, Percentage};
use domain::subscription::PlanFacts;
use secrecy::ExposeSecret;
use store::entity::operator::assignment_member as member_row;
use store::entity::organisation;
use utoipa_axum::routes;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Public, routes!(sign_in))
        .add(Access::Public, routes!(me))
        .add(Access::Operator, routes!(sign_out))
        .add(Access::Operator, routes!(organisations))
        .add(Access::Operator, routes!(users))
        .add(Access::Operator, routes!(user_detail))
        .add(Access::Operator, routes!(change_plan))
        .add(
            Access::Operator,
            routes!(super::admin_grants::grant_knowledge_base),
        )
        .add(Access::Operator, routes!(super::admin_audit::audit_log))
        .add(Access::Operator, routes!(super::admin_audit::plans))
        .add(Access::Operator, routes!(all_failed_transactions))
        .add(Access::Operator, routes!(get_assignment))
        .add(Access::Operator, routes!(save_assignment_member))
        .add(Access::Operator, routes!(delete_assignment_member))
        .add(Access::Operator, routes!(assignment_report))
        .add(Access::Operator, routes!(leads))
}

/// 000 §2 secure admin screen: signs an operator admin in (HttpOnly `sb_admin`, SameSite=Strict,
/// 30 minutes). Any failure — wrong password, unknown address, too many failures for the
/// address or the client — answers the same 401 `invalid_login_credentials`.
#[utoipa::path(
    post,
    path = "/api/admin/session",
    tag = "admin",
    request_body = AdminSignIn,
    responses(
        (status = 200, description = "Signed in; the cookie is set", body = AdminMe),
        (status = 401, description = "`invalid_login_credentials`, whatever failed", body = contract::ErrorBody),
    )
)]
pub async fn sign_in(
    State(state): State<AppState>,
    client: ClientAddr,
    jar: CookieJar,
    Json(req): Json<AdminSignIn>,
) -> Result<impl IntoResponse, AppError> {
    // No address longer than the column (254) can be an operator's; refused like any failure.
    if req.email.trim().is_empty()
        || req.email.trim().chars().count() > 254
        || req.password.is_empty()
    {
        return Err(crate::operator::invalid());
    }
    let admin = crate::operator::sign_in(&state, &req.email, &req.password, &client.key()).await?;
    let token = hex::encode(rand::random::<[u8; 32]>());
    let now = state.clock.now_ms();
    store::operator::create_session(
        &state.store,
        admin.id,
        &hash_token(&token),
        now,
        SESSION_TTL_MS,
    )
    .await?;
    store::operator::audit(
        state.store.conn(),
        admin.id,
        now,
        "sign_in",
        "session",
        None,
        serde_json::json!({}),
    )
    .await?;
    let cookie = Cookie::parse(format!(
        "{ADMIN_COOKIE}={token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age={}{}",
        SESSION_TTL_MS / 1000,
        if state.config.cookie_secure {
            "; Secure"
        } else {
            ""
        }
    ))
    .map_err(AppError::internal)?;
    Ok((jar.add(cookie), Json(AdminMe { email: admin.email })))
}

/// The signed-in operator admin.
#[utoipa::path(
    get,
    path = "/api/admin/session",
    tag = "admin",
    responses(
        (status = 200, description = "The operator admin", body = AdminMe),
        (status = 204, description = "No operator session (an answer, not a failure: the sign-in page asks on every load)"),
    )
)]
pub async fn me(admin: Result<OperatorAdmin, AppError>) -> Result<Response, AppError> {
    match admin {
        Ok(OperatorAdmin(admin)) => Ok(Json(AdminMe { email: admin.email }).into_response()),
        Err(e) if e.code == ErrorCode::Unauthenticated => {
            Ok(StatusCode::NO_CONTENT.into_response())
        }
        Err(e) => Err(e),
    }
}

/// Signs the operator out (the spec's screen has no logout; ours does).
#[utoipa::path(
    delete,
    path = "/api/admin/session",
    tag = "admin",
    responses(
        (status = 204, description = "Signed out"),
        (status = 401, description = "No operator session", body = contract::ErrorBody),
    )
)]
pub async fn sign_out(
    State(state): State<AppState>,
    OperatorAdmin(admin): OperatorAdmin,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<impl IntoResponse, AppError> {
    let now = state.clock.now_ms();
    if let Some(token) = admin_token(&headers) {
        store::operator::revoke_session(&state.store, &hash_token(&token), now).await?;
    }
    store::operator::audit(
        state.store.conn(),
        admin.id,
        now,
        "sign_out",
        "session",
        None,
        serde_json::json!({}),
    )
    .await?;
    Ok((
        StatusCode::NO_CONTENT,
        jar.remove(Cookie::build(ADMIN_COOKIE).path("/api")),
    ))
}

/// The operator's lists: 20 a page, at most 100.
pub(super) fn paging(q: &PageQuery) -> Paging {
    Paging::new(q.page, q.per_page, 20, 100)
}

pub(super) fn admin_org(state: &AppState, org: &organisation::Model, members: u64) -> AdminOrg {
    let now = standing_now(
        state,
        PlanFacts {
            plan_id: i64::from(org.plan_id),
            is_trial: org.is_trial,
            validity: org.validity,
        },
    );
    AdminOrg {
        org_id: org.id,
        org_name: org.name.clone(),
        organization_code: org.organization_code.clone(),
        plan_id: i64::from(org.plan_id),
        effective_plan_id: now.effective_plan_id,
        standing: crate::billing::standing_name(now.standing).to_owned(),
        is_trial: org.is_trial,
        validity: org.validity.and_then(rfc3339),
        seat_issued: org.seat_issued,
        members,
        dunning_since: org.dunning_since.and_then(rfc3339),
        knowledge_base: domain::subscription::knowledge_base_included(
            &now,
            org.knowledge_base_enabled,
        ),
        knowledge_base_granted: org.knowledge_base_enabled,
    }
}

fn admin_user(u: &store::entity::user::Model) -> AdminUser {
    AdminUser {
        id: u.id,
        email: u.email.clone(),
        name: u.name.clone(),
        mobile: u.mobile.clone(),
        plan_id: u.plan_id,
        created_at: rfc3339(u.created_at).unwrap_or_default(),
    }
}

/// Organisations whose name or code contains `q`, with plan, standing, seats and members.
#[utoipa::path(
    get,
    path = "/api/admin/organisations",
    tag = "admin",
    params(PageQuery),
    responses((status = 200, description = "A page of organisations", body = Page<AdminOrg>))
)]
pub async fn organisations(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
    Query(q): Query<PageQuery>,
) -> Result<Json<Page<AdminOrg>>, AppError> {
    let p = paging(&q);
    let (rows, total) =
        store::operator::organisations_page(&state.store, q.q.as_deref(), p.offset(), p.per_page)
            .await?;
    Ok(Json(p.answer(
        rows.iter().map(|(o, n)| admin_org(&state, o, *n)).collect(),
        total,
    )))
}

/// Users whose address, name or mobile contains `q`.
#[utoipa::path(
    get,
    path = "/api/admin/users",
    tag = "admin",
    params(PageQuery),
    responses((status = 200, description = "A page of users", body = Page<AdminUser>))
)]
pub async fn users(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
    Query(q): Query<PageQuery>,
) -> Result<Json<Page<AdminUser>>, AppError> {
    let p = paging(&q);
    let (rows, total) =
        store::operator::users_page(&state.store, q.q.as_deref(), p.offset(), p.per_page).await?;
    Ok(Json(p.answer(rows.iter().map(admin_user).collect(), total)))
}

/// User Info: a user's memberships (each organisation's plan and seats) and live sessions.
#[utoipa::path(
    get,
    path = "/api/admin/users/{id}",
    tag = "admin",
    params(("id" = i64, Path, description = "The user")),
    responses(
        (status = 200, description = "The user", body = AdminUserDetail),
        (status = 404, description = "No such user", body = contract::ErrorBody),
    )
)]
pub async fn user_detail(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
    Path(id): Path<i64>,
) -> Result<Json<AdminUserDetail>, AppError> {
    let now = state.clock.now_ms();
    let (u, memberships, live_sessions) = store::operator::user_detail(&state.store, id, now)
        .await?
        .ok_or_else(AppError::not_found)?;
    let mut out = Vec::with_capacity(memberships.len());
    for (m, o) in memberships {
        let members = store::orgs::seats_used(&state.store, o.id).await?;
        out.push(AdminMembership {
            org: admin_org(&state, &o, members),
            role_id: m.role_id,
            user_status: m.user_status,
            is_default_org: m.is_default_org,
        });
    }
    let onboarding = store::onboarding::of_user(&state.store, u.id)
        .await?
        .map(|a| super::onboarding::answers_view(&a));
    Ok(Json(AdminUserDetail {
        user: admin_user(&u),
        memberships: out,
        live_sessions,
        onboarding,
    }))
}

/// Changes an organisation's plan, seats, trial flag or validity, with a reason; audited.
#[utoipa::path(
    post,
    path = "/api/admin/organisations/{id}/plan",
    tag = "admin",
    params(("id" = i64, Path, description = "The organisation")),
    request_body = PlanChange,
    responses(
        (status = 200, description = "The organisation after the change", body = AdminOrg),
        (status = 404, description = "No such organisation", body = contract::ErrorBody),
        (status = 422, description = "No reason, an unknown plan or seats below 1", body = contract::ErrorBody),
    )
)]
pub async fn change_plan(
    State(state): State<AppState>,
    OperatorAdmin(admin): OperatorAdmin,
    Path(id): Path<i64>,
    Json(req): Json<PlanChange>,
) -> Result<Json<AdminOrg>, AppError> {
    let reason = req.reason.trim();
    if reason.is_empty() {
        return Err(AppError::new(
            ErrorCode::ValidationFailed,
            "a reason is required",
        ));
    }
    let org = store::orgs::organisation(&state.store, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    if let Some(p) = req.plan_id {
        if store::billing::plan(&state.store, domain::plans::normalize_plan_id(p))
            .await?
            .is_none()
        {
            return Err(AppError::new(ErrorCode::ValidationFailed, "no such plan"));
        }
    }
    if req.seats.is_some_and(|s| s < 1) {
        return Err(AppError::new(
            ErrorCode::ValidationFailed,
            "seats must be at least 1",
        ));
    }
    let now = state.clock.now_ms();
    let plan_id = req.plan_id.unwrap_or(i64::from(org.plan_id));
    let is_trial = req.is_trial.unwrap_or(org.is_trial);
    let validity = match req.valid_days {
        Some(days) => Some(now + i64::from(days) * 86_400_000),
        None => org.validity,
    };
    let txn = state.store.begin_write().await?;
    store::billing::set_plan(
        &txn,
        store::billing::Payer::Org(id),
        plan_id,
        is_trial,
        validity,
        req.seats,
    )
    .await?;
    let detail = serde_json::json!({
        "before": {"plan_id": org.plan_id, "seats": org.seat_issued, "is_trial": org.is_trial, "validity": org.validity},
        "after": {"plan_id": plan_id, "seats": req.seats.unwrap_or(org.seat_issued), "is_trial": is_trial, "validity": validity},
    });
    store::operator::audit(
        &txn,
        admin.id,
        now,
        "change_plan",
        &format!("organisation {id}"),
        Some(reason),
        detail.clone(),
    )
    .await?;
    // The organisation's billing history says who changed what and why (issue #25).
    let mut history = detail;
    history["reason"] = serde_json::json!(reason);
    history["by"] = serde_json::json!(admin.email);
    store::billing::add_history(
        &txn,
        store::billing::Payer::Org(id),
        now,
        "changed_by_operator",
        history,
    )
    .await?;
    txn.commit().await.map_err(store::StoreError::from)?;
    let org = store::orgs::organisation(&state.store, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let members = store::orgs::seats_used(&state.store, id).await?;
    Ok(Json(admin_org(&state, &org, members)))
}

/// Failed transactions across every organisation and workspace (000 §2 `/failedtransactions`).
#[utoipa::path(
    get,
    path = "/api/admin/failed-transactions",
    tag = "admin",
    params(PageQuery),
    responses((status = 200, description = "Newest first", body = ResultEnvelope<Vec<FailedTransaction>>))
)]
pub async fn all_failed_transactions(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
    Query(q): Query<PageQuery>,
) -> Result<Json<ResultEnvelope<Vec<FailedTransaction>>>, AppError> {
    let p = paging(&q);
    let rows =
        store::billing::all_failed_transactions(&state.store, p.offset(), p.per_page).await?;
    Ok(Json(ResultEnvelope::ok(
        rows.into_iter().map(super::billing::failed_view).collect(),
    )))
}

fn member_view(m: &member_row::Model) -> AssignmentMemberView {
    let first = m.name.split_whitespace().next().unwrap_or("").to_owned();
    AssignmentMemberView {
        id: Some(m.id),
        hubspot_owner_id: m.owner_id.clone(),
        employee_name: m.name.clone(),
        firstName: first,
        onboarding_stage: serde_json::from_str(&m.stages).unwrap_or_default(),
        region: m.region.clone(),
        target_percentage: Percentage::from_hundredths(
            u32::try_from(m.target_hundredths).unwrap_or(0),
        )
        .as_f64()
        .to_string(),
        paused: m.paused,
    }
}

/// 000 §7 `GET dashboard/dynamic-assignment`: `result`, `activeMembers` (the saved members) and
/// `allMembers` (the operator's HubSpot owners and every saved member).
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/dashboard/dynamic-assignment",
    tag = "admin",
    responses(
        (status = 200, description = "The members", body = DynamicAssignment),
        (status = 401, description = "No operator session", body = contract::ErrorBody),
    )
)]
pub async fn get_assignment(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
) -> Result<Json<DynamicAssignment>, AppError> {
    let saved = store::leads::members(&state.store).await?;
    let active: Vec<AssignmentMemberView> = saved.iter().map(member_view).collect();
    let mut all = active.clone();
    let cfg = &state.config.providers.hubspot;
    if let Some(token) = &cfg.operator_token {
        match connectors::hubspot::owners(
            &cfg.api_url,
            token.expose_secret(),
            &state.config.address_allow,
        )
        .await
        {
            Ok(owners) => {
                for o in owners {
                    if all.iter().any(|m| m.hubspot_owner_id == o.id) {
                        continue;
                    }
                    all.push(AssignmentMemberView {
                        id: None,
                        hubspot_owner_id: o.id,
                        employee_name: format!("{} {}", o.first_name, o.last_name)
                            .trim()
                            .to_owned(),
                        firstName: o.first_name,
                        onboarding_stage: Vec::new(),
                        region: domain::assignment::Region::default().code().to_owned(),
                        target_percentage: String::new(),
                        paused: false,
                    });
                }
            }
            Err(e) => tracing::warn!(error = %e, "HubSpot owners could not be read"),
        }
    }
    Ok(Json(DynamicAssignment {
        result: true,
        activeMembers: active,
        allMembers: all,
    }))
}

/// 000 §7 `POST dashboard/dynamic-assignment`: adds or edits a member (`owner_id, name,
/// target_percentage, region, onboarding_stage`; `paused` ours). The same checks as the panel's
/// wasm rules: each target at most 100, the total over the members at most 100, known stages and
/// regions. Audited.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/dashboard/dynamic-assignment",
    tag = "admin",
    request_body = AssignmentRequest,
    responses(
        (status = 200, description = "The members after the change", body = DynamicAssignment),
        (status = 401, description = "No operator session", body = contract::ErrorBody),
        (status = 422, description = "`fields.target_percentage`: percentage_required, percentage_invalid, percentage_over_100, total_percentage_others; `fields.region`, `fields.onboarding_stage`", body = contract::ErrorBody),
    )
)]
pub async fn save_assignment_member(
    State(state): State<AppState>,
    OperatorAdmin(admin): OperatorAdmin,
    Json(req): Json<AssignmentRequest>,
) -> Result<Json<DynamicAssignment>, AppError> {
    let target_text = match &req.target_percentage {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    if req.owner_id.trim().is_empty() || req.owner_id.len() > 64 {
        return Err(AppError::new(
            ErrorCode::ValidationFailed,
            "owner_id is required",
        ));
    }
    let form = MemberFormInput {
        owner_id: req.owner_id.trim().into(),
        name: req.name.clone(),
        target_percentage: target_text,
        region: req.region.clone(),
        onboarding_stages: req.onboarding_stage.clone(),
    };
    let member = assignment_member(&form).map_err(|rule| {
        let field = match rule {
            domain::RuleError::RegionUnknown => "region",
            domain::RuleError::OnboardingStageUnknown => "onboarding_stage",
            _ => "target_percentage",
        };
        AppError::invalid_field(field, rule)
    })?;
    let owner = req.owner_id.trim().to_owned();
    // The check of everyone's targets, the change and its audit row in one transaction: two
    // operators saving at once cannot pass 100% together, and no change goes unaudited.
    let txn = state.store.begin_write().await?;
    let saved = store::leads::members_for_change(&txn).await?;
    let others: u32 = saved
        .iter()
        .filter(|m| m.owner_id != owner)
        .map(|m| u32::try_from(m.target_hundredths).unwrap_or(0))
        .sum();
    if others + member.target_percentage.hundredths() > 10_000 {
        return Err(AppError::invalid_field(
            "target_percentage",
            domain::RuleError::TotalPercentageOthers,
        ));
    }
    let stages: Vec<&str> = member.onboarding_stage.iter().map(|s| s.code()).collect();
    let now = state.clock.now_ms();
    let saved = store::leads::save_member(
        &txn,
        &store::leads::MemberForm {
            owner_id: owner.clone(),
            name: member.name.clone(),
            target_hundredths: i32::try_from(member.target_percentage.hundredths()).unwrap_or(0),
            region: member.region.code().to_owned(),
            stages: serde_json::to_string(&stages).map_err(AppError::internal)?,
            paused: req.paused,
        },
        now,
    )
    .await?;
    store::operator::audit(
        &txn,
        admin.id,
        now,
        "save_assignment_member",
        &format!("member {owner}"),
        None,
        serde_json::json!({"name": saved.name, "target_hundredths": saved.target_hundredths, "region": saved.region, "stages": stages, "paused": saved.paused}),
    )
    .await?;
    txn.commit().await.map_err(store::StoreError::from)?;
    get_assignment(State(state), OperatorAdmin(admin)).await
}

/// 000 §7 `DELETE dashboard/dynamic-assignment?owner_id`. Audited.
#[utoipa::path(
    delete,
    path = "/api/v1/whatzapp/dashboard/dynamic-assignment",
    tag = "admin",
    params(("owner_id" = String, Query, description = "The member's owner id")),
    responses(
        (status = 200, description = "The members after the change", body = DynamicAssignment),
        (status = 401, description = "No operator session", body = contract::ErrorBody),
        (status = 404, description = "No such member", body = contract::ErrorBody),
    )
)]
pub async fn delete_assignment_member(
    State(state): State<AppState>,
    OperatorAdmin(admin): OperatorAdmin,
    Query(q): Query<OwnerQuery>,
) -> Result<Json<DynamicAssignment>, AppError> {
    let txn = state.store.begin_write().await?;
    if !store::leads::delete_member(&txn, &q.owner_id).await? {
        return Err(AppError::not_found());
    }
    let now = state.clock.now_ms();
    store::operator::audit(
        &txn,
        admin.id,
        now,
        "delete_assignment_member",
        &format!("member {}", q.owner_id),
        None,
        serde_json::json!({}),
    )
    .await?;
    txn.commit().await.map_err(store::StoreError::from)?;
    get_assignment(State(state), OperatorAdmin(admin)).await
}

fn day_start(text: Option<&str>, default: i64) -> Result<i64, AppError> {
    match text {
        None => Ok(default),
        Some(t) => domain::dates::parse_ymd(t)
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map(|d| d.and_utc().timestamp_millis())
            .ok_or_else(|| AppError::invalid_field("from", domain::RuleError::DateInvalid)),
    }
}

/// Target against actual share per member over a period (UTC days; the last 30 by default).
#[utoipa::path(
    get,
    path = "/api/admin/assignment/report",
    tag = "admin",
    params(
        ("from" = Option<String>, Query, description = "YYYY-MM-DD"),
        ("to" = Option<String>, Query, description = "YYYY-MM-DD, included"),
    ),
    responses((status = 200, description = "One row per member", body = ResultEnvelope<Vec<ShareRow>>))
)]
pub async fn assignment_report(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
    Query(q): Query<PeriodQuery>,
) -> Result<Json<ResultEnvelope<Vec<ShareRow>>>, AppError> {
    let now = state.clock.now_ms();
    let to = day_start(q.to.as_deref(), now)? + if q.to.is_some() { 86_400_000 } else { 0 };
    let from = day_start(q.from.as_deref(), to - 30 * 86_400_000)?;
    let members = store::leads::members(&state.store).await?;
    let counts = store::leads::counts(&state.store, from, to).await?;
    let targets: Vec<(i64, u32)> = members
        .iter()
        .map(|m| (m.id, u32::try_from(m.target_hundredths).unwrap_or(0)))
        .collect();
    let rows = domain::lead_routing::shares(&targets, &counts)
        .into_iter()
        .zip(&members)
        .map(|(s, m)| ShareRow {
            owner_id: m.owner_id.clone(),
            name: m.name.clone(),
            target: s.target,
            assigned: s.assigned,
            actual: s.actual,
        })
        .collect();
    Ok(Json(ResultEnvelope::ok(rows)))
}

/// The installation's leads: with `unassigned=true` only those no member matched.
#[utoipa::path(
    get,
    path = "/api/admin/leads",
    tag = "admin",
    responses((status = 200, description = "Unassigned leads, newest first", body = ResultEnvelope<Vec<LeadView>>))
)]
pub async fn leads(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
) -> Result<Json<ResultEnvelope<Vec<LeadView>>>, AppError> {
    let rows = store::leads::unassigned(&state.store, 200).await?;
    let users: Vec<i64> = rows.iter().map(|l| l.user_id).collect();
    let answers = store::onboarding::of_users(&state.store, &users).await?;
    Ok(Json(ResultEnvelope::ok(
        rows.into_iter()
            .map(|l| LeadView {
                onboarding: answers
                    .iter()
                    .find(|a| a.id == l.user_id)
                    .map(super::onboarding::answers_view),
                id: l.id,
                email: l.email,
                region: l.region,
                stage: l.stage,
                owner_id: None,
                assigned_at: l.assigned_at.and_then(rfc3339),
                created_at: rfc3339(l.created_at).unwrap_or_default(),
            })
            .collect(),
    )))
}
