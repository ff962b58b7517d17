//! The operator's admin panel on the wire (000 §2 secure admin screen and admin panel, §3
//! assignment member, §7 `dashboard/dynamic-assignment`): paths ours except dynamic assignment's
//! (docs/API.md).

/// The secure admin screen's form.
#[crate::wire]
pub struct AdminSignIn {
    pub email: String,
    pub password: String,
}

/// The signed-in operator admin.
#[crate::wire]
pub struct AdminMe {
    pub email: String,
}

/// The furthest page a list answers (a million pages of at most a hundred rows): a page past it
/// is read as it, and a page past the last is an empty page.
pub const MAX_PAGE: u64 = 1_000_000;

/// `page` and `per_page` in the document: any whole number a u64 holds. The server bounds
/// them rather than refusing them (`server::paging`): a page past the last is empty, a size
/// past the list's maximum is the maximum, 0 is 1.
pub fn page_number() -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(0u64))
        .maximum(Some(u64::MAX))
        .build()
}

/// A search with paging.
#[crate::wire(IntoParams, OptionalFields)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Lists that search: part of a name, code, address or mobile.
    pub q: Option<String>,
    /// From 0.
    #[param(schema_with = page_number)]
    pub page: Option<u64>,
    /// 1 to 100; 20 by default.
    #[param(schema_with = page_number)]
    pub per_page: Option<u64>,
}

/// An organisation in the admin panel.
#[crate::wire]
pub struct AdminOrg {
    pub org_id: i64,
    pub org_name: String,
    pub organization_code: String,
    pub plan_id: i64,
    pub effective_plan_id: i64,
    /// trial, active, grace or free.
    pub standing: String,
    pub is_trial: bool,
    pub validity: Option<String>,
    pub seat_issued: i32,
    pub members: u64,
    pub dunning_since: Option<String>,
    /// Whether the organisation has the knowledge base now (its plan or the operator's grant).
    pub knowledge_base: bool,
    /// Whether the operator granted the knowledge base whatever the plan.
    pub knowledge_base_granted: bool,
}

/// The operator's knowledge-base grant for an organisation, with a reason the audit log keeps.
#[crate::wire]
pub struct KnowledgeBaseGrant {
    /// On: the organisation has the knowledge base whatever its plan; off: only by its plan.
    pub granted: bool,
    /// Why (required).
    pub reason: String,
}

/// A user in the admin panel.
#[crate::wire]
pub struct AdminUser {
    pub id: i64,
    pub email: Option<String>,
    pub name: Option<String>,
    pub mobile: Option<String>,
    /// The personal workspace's plan.
    pub plan_id: i64,
    pub created_at: String,
}

/// One membership of a user.
#[crate::wire]
pub struct AdminMembership {
    pub org: AdminOrg,
    pub role_id: i16,
    pub user_status: i16,
    pub is_default_org: bool,
}

/// User Info: a user with their memberships (plan and seats of each organisation) and sessions.
#[crate::wire]
pub struct AdminUserDetail {
    pub user: AdminUser,
    pub memberships: Vec<AdminMembership>,
    pub live_sessions: u64,
    /// Their onboarding questionnaire, `null` until they saved any.
    pub onboarding: Option<crate::accounts::OnboardingAnswers>,
}

/// A page of results.
#[crate::wire]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

/// A change of an organisation's plan, seats or trial by an operator, with the reason the audit
/// log keeps. Absent fields stay as they are.
#[crate::wire(OptionalFields)]
pub struct PlanChange {
    pub plan_id: Option<i64>,
    pub seats: Option<i32>,
    pub is_trial: Option<bool>,
    /// The plan's new end, this many days from now (0 ends it now).
    pub valid_days: Option<u32>,
    /// Why (required).
    pub reason: String,
}

/// A plan of the catalogue, as the operator's screens name it.
#[crate::wire]
pub struct AdminPlan {
    pub id: i64,
    pub plan_name: String,
    /// `self` (a personal workspace) or `teams`.
    pub plan_type: String,
    pub is_monthly: bool,
}

/// One line of the audit log.
#[crate::wire]
pub struct AuditEntry {
    pub id: i64,
    pub at: String,
    pub admin_email: Option<String>,
    pub action: String,
    pub target: String,
    /// What the target is called now (an organisation's name, an assignment member's name),
    /// when it still exists.
    pub target_name: Option<String>,
    pub reason: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "Record<string, unknown>"))]
    #[schema(value_type = Object)]
    pub detail: serde_json::Value,
}

/// 000 §3 assignment member.
#[crate::wire]
#[allow(non_snake_case)]
pub struct AssignmentMemberView {
    /// The member's row id (null for an owner not yet added).
    pub id: Option<i64>,
    pub hubspot_owner_id: String,
    pub employee_name: String,
    pub firstName: String,
    pub onboarding_stage: Vec<String>,
    pub region: String,
    /// Text, as the form holds it ("30", "12.5").
    pub target_percentage: String,
    pub paused: bool,
}

/// 000 §7 `GET dashboard/dynamic-assignment`.
#[crate::wire]
#[allow(non_snake_case)]
pub struct DynamicAssignment {
    pub result: bool,
    pub activeMembers: Vec<AssignmentMemberView>,
    /// Every HubSpot owner and hand-added member, added or not.
    pub allMembers: Vec<AssignmentMemberView>,
}

/// 000 §7 `POST dashboard/dynamic-assignment`: `owner_id, name, target_percentage, region,
/// onboarding_stage`; `paused` is ours.
#[crate::wire(OptionalFields)]
pub struct AssignmentRequest {
    pub owner_id: String,
    pub name: String,
    /// Text or number.
    #[cfg_attr(feature = "ts", ts(type = "string | number"))]
    #[schema(value_type = String)]
    pub target_percentage: serde_json::Value,
    pub region: Option<String>,
    pub onboarding_stage: Vec<String>,
    pub paused: Option<bool>,
}

/// `DELETE dashboard/dynamic-assignment?owner_id`.
#[crate::wire]
pub struct OwnerQuery {
    pub owner_id: String,
}

/// A member's target against what it received (the report).
#[crate::wire(!Eq)]
pub struct ShareRow {
    pub owner_id: String,
    pub name: String,
    pub target: f64,
    pub assigned: u64,
    pub actual: f64,
}

/// The report's period: `from`/`to` as `YYYY-MM-DD` (UTC days, `to` included); the last 30
/// days by default.
#[crate::wire(OptionalFields)]
pub struct PeriodQuery {
    pub from: Option<String>,
    pub to: Option<String>,
}

/// A lead of the installation.
#[crate::wire]
pub struct LeadView {
    pub id: i64,
    pub email: Option<String>,
    pub region: String,
    pub stage: String,
    pub owner_id: Option<String>,
    pub assigned_at: Option<String>,
    pub created_at: String,
    /// The person's onboarding questionnaire, when they have answered or toured.
    pub onboarding: Option<crate::accounts::OnboardingAnswers>,
}
