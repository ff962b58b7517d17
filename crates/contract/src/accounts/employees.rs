//! Employees (the accounts contract, `contract::accounts`).

use super::{OrgMapping, Role, Team};

/// `whatzapp_basic_info` (sic).
#[crate::wire]
pub struct BasicInfo {
    pub name: Option<String>,
    pub mobile: Option<String>,
}

/// 000 §3 `crmLabelSyncData[]`: which chat labels sync to one CRM (the domain's type, so the
/// label rules are one definition everywhere).
pub use domain::labels::CrmLabelSync;

/// 001 §3 employee (organisation mapping).
#[crate::wire]
pub struct Employee {
    pub workspace_id: i64,
    pub user_id: i64,
    pub org_id: i64,
    pub team_id: Option<i64>,
    pub role_id: i16,
    /// 2 active, 1 invited (not signed in yet).
    pub user_status: i16,
    /// 1 when the extension is syncing for this employee.
    pub syncing_active: u8,
    /// `pending` until the employee signs in, then `accepted`.
    pub invitation_status: String,
    pub email: Option<String>,
    pub address: Option<String>,
    pub employee_code: Option<String>,
    pub joined_at: Option<i64>,
    /// When the newest invitation e-mail went out (epoch ms); null when none was sent.
    pub invitation_sent_at: Option<i64>,
    pub whatzapp_basic_info: BasicInfo,
    pub callyzer_orgamnization_team: Option<Team>,
    pub callyzer_user_role: Role,
    pub whatsapp_no: Option<String>,
    #[serde(rename = "crmLabelSyncData")]
    #[cfg_attr(feature = "ts", ts(rename = "crmLabelSyncData"))]
    #[schema(value_type = Vec<Object>)]
    pub crm_label_sync_data: Vec<CrmLabelSync>,
}

/// `employees?org_id&workspace_id&status&type`.
#[crate::wire(OptionalFields)]
pub struct EmployeesQuery {
    pub org_id: i64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub workspace_id: Option<i64>,
    /// Default 2 (active members).
    pub status: Option<i16>,
    /// `teams` (the only kind).
    #[serde(default, rename = "type")]
    #[cfg_attr(feature = "ts", ts(rename = "type"))]
    pub kind: Option<String>,
}

/// One `sync_list` entry (001 §3).
#[crate::wire]
pub struct SyncEntry {
    pub user_id: i64,
    /// call, whatsapp or conversationAnalytics.
    pub sync_type: String,
    pub syncing_active: u8,
}

/// 001 §3 employee list response.
#[crate::wire]
pub struct EmployeeList {
    pub result: bool,
    pub data: Vec<Employee>,
    pub sync_list: Vec<SyncEntry>,
    /// The caller's own membership of the organisation.
    pub mapping_details: OrgMapping,
}

/// One person to add.
#[crate::wire(Default, OptionalFields)]
pub struct NewEmployee {
    pub name: Option<String>,
    pub email: Option<String>,
    /// With country code (`number` is read too, as in the import file).
    #[serde(default, alias = "number")]
    pub mobile: Option<String>,
    pub address: Option<String>,
    /// Default 3 (employee).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub role_id: Option<i64>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub team_id: Option<i64>,
}

/// Add employees (admins; managers into their own team).
#[crate::wire]
pub struct AddEmployees {
    pub org_id: i64,
    /// 1 to 5 000 (`domain::accounts::MAX_IMPORT_ROWS`).
    #[schema(min_items = 1, max_items = 5_000)]
    pub employees: Vec<NewEmployee>,
}

/// The employees added, as the list shows them.
#[crate::wire]
pub struct AddedEmployees {
    pub employees: Vec<Employee>,
}

/// Update one employee (admins). Absent fields stay; `team_id` 0 takes them out of their team.
#[crate::wire(OptionalFields)]
pub struct UpdateEmployee {
    pub org_id: i64,
    pub user_id: i64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub role_id: Option<i64>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub team_id: Option<i64>,
    /// 1/0 or true/false.
    pub syncing_active: Option<bool>,
    pub address: Option<String>,
    pub employee_code: Option<String>,
}

/// `POST employees/resend-invitation`: send an invited member their invitation again.
#[crate::wire]
pub struct ResendInvitation {
    pub org_id: i64,
    pub user_id: i64,
}

/// `employees/import?org_id&role_id&team_id`.
#[crate::wire(OptionalFields)]
pub struct ImportQuery {
    pub org_id: i64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub role_id: Option<i64>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub team_id: Option<i64>,
}

/// A row of an import that was not added, and why.
#[crate::wire]
pub struct ImportRowError {
    /// The row's line in the file (the header is line 1).
    pub row: usize,
    /// The column: `number`, `name`, `email`, `address`.
    pub field: String,
    /// The rule's error code (translated by the web app).
    pub code: String,
}

/// What an import did: valid rows are added (all in one transaction), the others reported.
#[crate::wire]
pub struct ImportReport {
    /// Data rows read (the header not counted).
    pub rows: usize,
    pub inserted: usize,
    pub errors: Vec<ImportRowError>,
}

/// `teams list?user_id` (the workspace id), optionally `&org_id` (default: the default
/// organisation).
#[crate::wire(OptionalFields)]
pub struct TeamsListQuery {
    pub user_id: i64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub org_id: Option<i64>,
}

/// 001 §3 team list entry: one visible member.
#[crate::wire]
pub struct TeamListEntry {
    pub user_id: i64,
    pub team_id: Option<i64>,
    pub callyzer_orgamnization_team: Option<Team>,
    pub whatzapp_basic_info: BasicInfo,
}

/// `?org_id&page&per_page` of the organisation's change log.
#[crate::wire(IntoParams, OptionalFields)]
#[into_params(parameter_in = Query)]
pub struct OrgActivityQuery {
    /// An organisation the caller administers.
    pub org_id: i64,
    /// From 0.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    #[param(schema_with = crate::admin::page_number)]
    pub page: Option<u64>,
    /// 1 to 100; 20 by default.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    #[param(schema_with = crate::admin::page_number)]
    pub per_page: Option<u64>,
}

/// One line of an organisation's change log (issue #25): who changed what, when, from → to.
#[crate::wire]
pub struct OrgActivity {
    pub id: i64,
    /// RFC 3339.
    pub at: String,
    /// `organisation_renamed`, `logo_changed`, `time_zone_changed`, `member_updated` or
    /// `invitation_resent`.
    pub action: String,
    /// Who made the change: their name, else their e-mail; null when unknown.
    pub actor: Option<String>,
    /// The member the change was about (name, else e-mail), for member changes and invitations.
    pub target: Option<String>,
    pub changes: Vec<ActivityChange>,
}

/// One field's change. Values are plain text: a role as its id (`1` admin, `2` manager, `3`
/// employee), a team as its name (null: no team), a switch as `true`/`false`.
#[crate::wire]
pub struct ActivityChange {
    /// `org_name`, `org_logo`, `time_zone`, `role_id`, `team_id`, `syncing_active`, `address`,
    /// `employee_code` or `email`.
    pub field: String,
    pub from: Option<String>,
    pub to: Option<String>,
}
