//! The operator's admin panel on the wire (000 §2 secure admin screen and admin panel, §3
//! assignment member, §7 `dashboard/dynamic-assignment`): paths ours except dynamic assignment's
//! (docs/API.md).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The secure admin screen's form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdminSignIn {
    pub email: String,
    pub password: String,
}

/// The signed-in operator admin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdminMe {
    pub email: String,
}

/// A search with paging.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct PageQuery {
    pub q: Option<String>,
    /// From 0.
    pub page: Option<u64>,
    /// 1 to 100; 20 by default.
    pub per_page: Option<u64>,
}

/// An organisation in the admin panel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdminOrg {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub org_id: i64,
    pub org_name: String,
    pub organization_code: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub plan_id: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub effective_plan_id: i64,
    /// trial, active, grace or free.
    pub standing: String,
    pub is_trial: bool,
    pub validity: Option<String>,
    pub seat_issued: i32,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub members: u64,
    pub dunning_since: Option<String>,
    /// Whether the organisation has the knowledge base now (its plan or the operator's grant).
    pub knowledge_base: bool,
    /// Whether the operator granted the knowledge base whatever the plan.
    pub knowledge_base_granted: bool,
}

/// The operator's knowledge-base grant for an organisation, with a reason the audit log keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KnowledgeBaseGrant {
    /// On: the organisation has the knowledge base whatever its plan; off: only by its plan.
    pub granted: bool,
    /// Why (required).
    pub reason: String,
}

/// A user in the admin panel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdminUser {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    pub email: Option<String>,
    pub name: Option<String>,
    pub mobile: Option<String>,
    /// The personal workspace's plan.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub plan_id: i64,
    pub created_at: String,
}

/// One membership of a user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdminMembership {
    pub org: AdminOrg,
    pub role_id: i16,
    pub user_status: i16,
    pub is_default_org: bool,
}

/// User Info: a user with their memberships (plan and seats of each organisation) and sessions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdminUserDetail {
    pub user: AdminUser,
    pub memberships: Vec<AdminMembership>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub live_sessions: u64,
}

/// A page of results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Page<T> {
    pub items: Vec<T>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub page: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub per_page: u64,
}

/// A change of an organisation's plan, seats or trial by an operator, with the reason the audit
/// log keeps. Absent fields stay as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct PlanChange {
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub plan_id: Option<i64>,
    pub seats: Option<i32>,
    pub is_trial: Option<bool>,
    /// The plan's new end, this many days from now (0 ends it now).
    pub valid_days: Option<u32>,
    /// Why (required).
    pub reason: String,
}

/// A plan of the catalogue, as the operator's screens name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdminPlan {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    pub plan_name: String,
    /// `self` (a personal workspace) or `teams`.
    pub plan_type: String,
    pub is_monthly: bool,
}

/// One line of the audit log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AuditEntry {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[allow(non_snake_case)]
pub struct AssignmentMemberView {
    /// The member's row id (null for an owner not yet added).
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[allow(non_snake_case)]
pub struct DynamicAssignment {
    pub result: bool,
    pub activeMembers: Vec<AssignmentMemberView>,
    /// Every HubSpot owner and hand-added member, added or not.
    pub allMembers: Vec<AssignmentMemberView>,
}

/// 000 §7 `POST dashboard/dynamic-assignment`: `owner_id, name, target_percentage, region,
/// onboarding_stage`; `paused` is ours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OwnerQuery {
    pub owner_id: String,
}

/// A member's target against what it received (the report).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShareRow {
    pub owner_id: String,
    pub name: String,
    pub target: f64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub assigned: u64,
    pub actual: f64,
}

/// The report's period: `from`/`to` as `YYYY-MM-DD` (UTC days, `to` included); the last 30
/// days by default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct PeriodQuery {
    pub from: Option<String>,
    pub to: Option<String>,
}

/// A lead of the installation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LeadView {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    pub email: Option<String>,
    pub region: String,
    pub stage: String,
    pub owner_id: Option<String>,
    pub assigned_at: Option<String>,
    pub created_at: String,
}
