//! Accounts, organisations, teams and employees on the wire: signing in by e-mail code, and the
//! extension's account calls (001 §3, §7) with their field names as the extension reads them,
//! misspellings included (`callyzer_orgamnization_team`, `whatzapp_basic_info`).

use crate::auth::SessionUser;

// ---- envelopes -------------------------------------------------------------------------------

/// The v1 answer: `result` true on success, the payload in `data`.
#[crate::wire(!Eq)]
pub struct ResultEnvelope<T> {
    pub result: bool,
    pub data: T,
}

impl<T> ResultEnvelope<T> {
    pub fn ok(data: T) -> Self {
        ResultEnvelope { result: true, data }
    }
}

/// The v2 helpers' answer: `status` true on success.
#[crate::wire(!Eq)]
pub struct StatusEnvelope<T> {
    pub status: bool,
    pub data: T,
}

/// The organisation-details answer (001 §7.5): `type` true on success, `data[0]` the
/// organisation.
#[crate::wire(!Eq)]
pub struct TypeEnvelope<T> {
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(rename = "type"))]
    pub type_: bool,
    pub data: T,
}

/// An answer with nothing to return but success.
#[crate::wire]
pub struct Ack {
    pub result: bool,
    pub message: String,
}

impl Ack {
    pub fn ok(message: impl Into<String>) -> Self {
        Ack {
            result: true,
            message: message.into(),
        }
    }
}

// ---- signing in by e-mail code -----------------------------------------------------------------

/// `POST /api/auth/code`: send a one-time code to this address.
#[crate::wire]
pub struct CodeRequest {
    /// `domain::inputs::Email`: one `@`, text before it, a dot inside the text after it.
    #[schema(pattern = r"^[ \t\n\r]*[^\s@]+@[^\s@]+\.[^\s@]+[ \t\n\r]*$")]
    pub email: String,
}

/// `PUT /api/auth/language`: the language the person chose for the app and its e-mails.
#[crate::wire]
pub struct LanguageChoice {
    /// `en`, `es`, `hi`, `id`, `pt-BR` or `pt-PT`.
    #[schema(pattern = "^(en|es|hi|id|pt-BR|pt-PT)$")]
    pub language: String,
}

/// The code was sent.
#[crate::wire]
pub struct CodeSent {
    /// The address, as it will be used (trimmed, lower case).
    pub email: String,
    /// Milliseconds until the code expires (the countdown).
    pub expires_in_ms: i64,
    /// Milliseconds until another code may be requested.
    pub resend_after_ms: i64,
}

/// `POST /api/auth/verify`: sign in (or sign up) with the code.
#[crate::wire]
pub struct VerifyRequest {
    /// `domain::inputs::Email`: one `@`, text before it, a dot inside the text after it.
    #[schema(pattern = r"^[ \t\n\r]*[^\s@]+@[^\s@]+\.[^\s@]+[ \t\n\r]*$")]
    pub email: String,
    /// `domain::accounts::OtpCode`: six digits (spaces ignored).
    #[schema(pattern = r"^\s*([0-9]\s*){6}$")]
    pub code: String,
}

/// Signed in: the session's user (as `GET /api/auth/session` gives it). The session itself is the
/// HttpOnly cookie; its value is never in a body.
#[crate::wire]
pub struct SignedIn {
    pub user: SessionUser,
    /// True when this sign-in created the account.
    pub signed_up: bool,
}

/// `GET /api/dev/mailbox?email=`.
#[crate::wire]
pub struct MailboxQuery {
    pub email: String,
}

/// One e-mail kept in the development mailbox.
#[crate::wire]
pub struct DevMail {
    pub to: String,
    pub subject: String,
    /// The plain-text part.
    pub body: String,
    /// The HTML part (null for an e-mail kept before HTML parts existed).
    pub html: Option<String>,
    pub created_at: i64,
}

/// The development mailbox of one address, newest first.
#[crate::wire]
pub struct DevMailbox {
    pub messages: Vec<DevMail>,
}

// ---- users and memberships -----------------------------------------------------------------------

/// `checkuserexistance?user_email|user_mobile`.
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct UserExistenceQuery {
    #[serde(default)]
    pub user_email: Option<String>,
    #[serde(default)]
    pub user_mobile: Option<String>,
}

/// 000 §3 connected flags per `dataKey`: one for every provider of the registry
/// (`domain::providers`), true when it is linked.
#[crate::wire]
#[serde(transparent)]
#[schema(value_type = std::collections::BTreeMap<String, bool>)]
pub struct IntegrationFlags(pub std::collections::BTreeMap<domain::providers::Provider, bool>);

impl Default for IntegrationFlags {
    /// Every provider, none linked.
    fn default() -> Self {
        IntegrationFlags(
            domain::providers::Provider::ALL
                .into_iter()
                .map(|p| (p, false))
                .collect(),
        )
    }
}

impl IntegrationFlags {
    /// Sets the flag of `provider`.
    pub fn set(&mut self, provider: domain::providers::Provider, on: bool) {
        self.0.insert(provider, on);
    }

    /// The flag of `provider`.
    pub fn get(&self, provider: domain::providers::Provider) -> bool {
        self.0.get(&provider).copied().unwrap_or(false)
    }
}

/// `callyzer_organization` inside a membership.
#[crate::wire]
pub struct OrgRef {
    pub org_id: Option<i64>,
    pub org_name: String,
    pub organization_code: Option<String>,
}

/// One membership (`callyzer_user_mappings[]`, and an entry of the organisation list). The
/// synthetic Personal entry has null ids.
#[crate::wire]
pub struct OrgMapping {
    pub mapping_id: Option<i64>,
    pub org_id: Option<i64>,
    pub role_id: Option<i16>,
    pub team_id: Option<i64>,
    /// 1 when this is the user's default organisation, else 0.
    pub is_default_org: u8,
    /// The same flag under the organisation list's name.
    pub default_org: u8,
    pub user_status: Option<i16>,
    pub joined_at: Option<i64>,
    pub callyzer_organization: OrgRef,
}

/// 000 §3 / 001 §3 user existence data.
#[crate::wire]
pub struct UserExistence {
    /// The user's id, also their `workspace_id`.
    pub id: i64,
    pub email: Option<String>,
    pub name: Option<String>,
    pub mobile: Option<String>,
    pub profile_pic: Option<String>,
    pub integrations: IntegrationFlags,
    pub callyzer_user_mappings: Vec<OrgMapping>,
}

/// v2 `auth/accounts?mobile&email`.
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct AccountsQuery {
    #[serde(default)]
    pub mobile: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
}

/// One account the extension may use.
#[crate::wire]
pub struct Account {
    pub email: Option<String>,
    /// The extension token the caller presented (empty for the web app's cookie session, whose
    /// value is never answered).
    pub access_token: String,
}

/// `POST /api/auth/extension-tokens`: mint a token for the browser extension.
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct NewExtensionToken {
    /// What its owner calls it in the list (e.g. the browser it went to); default 'Browser
    /// extension'. At most 80 characters.
    #[serde(default)]
    pub name: Option<String>,
}

/// An extension token as its owner sees it in the list: never the token itself.
#[crate::wire]
pub struct ExtensionTokenInfo {
    pub id: i64,
    pub name: String,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub expires_at: i64,
    /// Epoch milliseconds of the last call made with it (to the minute), or null.
    pub last_used_at: Option<i64>,
}

/// The answer to minting: the token, shown this once and handed to the extension.
#[crate::wire]
pub struct MintedExtensionToken {
    /// `sbx_` and 64 hex digits. Stored only as its SHA-256.
    pub token: String,
    pub info: ExtensionTokenInfo,
}

/// `GET /api/auth/extension-tokens`: the caller's live extension tokens, newest first.
#[crate::wire]
pub struct ExtensionTokenList {
    pub tokens: Vec<ExtensionTokenInfo>,
}

/// 000 §3 user data v2.
#[crate::wire]
pub struct AccountsData {
    pub accounts: Vec<Account>,
    pub active_account: Account,
    pub mobile: Option<String>,
    pub email: Option<String>,
}

// ---- organisations ---------------------------------------------------------------------------------

/// `getOrganizationDetails?organization_code`.
#[crate::wire]
pub struct OrgCodeQuery {
    pub organization_code: String,
}

/// An organisation as the management screens read it.
#[crate::wire]
pub struct Organization {
    pub org_id: i64,
    pub org_name: String,
    pub org_logo: Option<String>,
    pub organization_code: String,
    pub time_zone: String,
    pub plan_id: i32,
    pub is_trial: bool,
    /// End of the plan or trial, RFC 3339 UTC; null on the free plan.
    pub validity: Option<String>,
    pub seat_issued: i32,
    /// Whether the knowledge-base (AI) screen is on for this organisation.
    pub knowledge_base: bool,
}

/// Create an organisation; the caller becomes its admin.
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct CreateOrganization {
    /// `domain::accounts::OrganisationName`: not blank, at most 200 characters.
    #[schema(pattern = r"\S", max_length = 200)]
    pub org_name: String,
    #[serde(default)]
    pub org_logo: Option<String>,
    /// IANA zone; default Asia/Kolkata.
    #[serde(default)]
    pub time_zone: Option<String>,
}

/// Update an organisation (admins). Absent fields stay; an empty `org_logo` removes the logo.
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct UpdateOrganization {
    pub org_id: i64,
    #[serde(default)]
    pub org_name: Option<String>,
    #[serde(default)]
    pub org_logo: Option<String>,
    #[serde(default)]
    pub time_zone: Option<String>,
}

/// `?org_id`.
#[crate::wire]
pub struct OrgQuery {
    pub org_id: i64,
}

/// `?workspace_id` (the caller's own user id).
#[crate::wire]
pub struct WorkspaceQuery {
    pub workspace_id: i64,
}

/// Remove user: `?user_id&org_id` (admins).
#[crate::wire]
pub struct RemoveUserQuery {
    pub user_id: i64,
    pub org_id: i64,
}

/// Set active organisation: `?workspace_id&org_id`; no `org_id` means the Personal workspace.
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct SetActiveOrgQuery {
    pub workspace_id: i64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub org_id: Option<i64>,
}

/// 001 §3 credit history: `seat_issued`; for an organisation also `validity` and `is_trial`.
#[crate::wire]
pub struct CreditHistory {
    pub org_id: Option<i64>,
    pub plan_id: i32,
    pub seat_issued: i32,
    /// RFC 3339 UTC; null on the free plan.
    pub validity: Option<String>,
    pub is_trial: bool,
}

/// `remainseatsavablity?org_id`.
#[crate::wire]
pub struct SeatAvailability {
    pub seat_issued: i32,
    /// Members holding a seat (active and invited).
    pub seats_used: i64,
    /// Seats still free (never below 0).
    pub remaining_seats: i64,
}

// ---- teams ------------------------------------------------------------------------------------

/// A team palette entry (`color_data[]`).
#[crate::wire]
pub struct ColorEntry {
    pub id: i32,
    pub bg_color: String,
    pub text_color: String,
}

/// 001 §3 team colour palette.
#[crate::wire]
pub struct ColorPalette {
    pub color_data: Vec<ColorEntry>,
}

/// A team (`callyzer_orgamnization_team`): `team_color` is a palette id; its colours travel
/// beside it.
#[crate::wire]
pub struct Team {
    pub id: i64,
    pub org_id: i64,
    pub team_name: String,
    pub team_color: Option<i32>,
    pub bg_color: Option<String>,
    pub text_color: Option<String>,
    /// Members in the team (only in the organisation's team list).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub member_count: Option<u64>,
}

/// Create a team (admins and managers).
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct CreateTeam {
    pub org_id: i64,
    pub team_name: String,
    #[serde(default)]
    pub team_color: Option<i32>,
}

/// Update a team's details (admins, and the team's manager).
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct UpdateTeam {
    pub org_id: i64,
    pub team_id: i64,
    #[serde(default)]
    pub team_name: Option<String>,
    #[serde(default)]
    pub team_color: Option<i32>,
}

/// Add employees to a team.
#[crate::wire]
pub struct AssignTeam {
    pub org_id: i64,
    pub team_id: i64,
    pub user_ids: Vec<i64>,
}

/// A role (`callyzer_user_role`).
#[crate::wire]
pub struct Role {
    pub id: i16,
    pub role_name: String,
}

// ---- employees ----------------------------------------------------------------------------------

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
    #[serde(default)]
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
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct EmployeesQuery {
    pub org_id: i64,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub workspace_id: Option<i64>,
    /// Default 2 (active members).
    #[serde(default)]
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
#[crate::wire(Default)]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct NewEmployee {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    /// With country code (`number` is read too, as in the import file).
    #[serde(default, alias = "number")]
    pub mobile: Option<String>,
    #[serde(default)]
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
    pub employees: Vec<NewEmployee>,
}

/// The employees added, as the list shows them.
#[crate::wire]
pub struct AddedEmployees {
    pub employees: Vec<Employee>,
}

/// Update one employee (admins). Absent fields stay; `team_id` 0 takes them out of their team.
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
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
    #[serde(default)]
    pub syncing_active: Option<bool>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub employee_code: Option<String>,
}

/// `POST employees/resend-invitation`: send an invited member their invitation again.
#[crate::wire]
pub struct ResendInvitation {
    pub org_id: i64,
    pub user_id: i64,
}

/// `employees/import?org_id&role_id&team_id`.
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
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
#[crate::wire]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
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
#[crate::wire(IntoParams)]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
#[into_params(parameter_in = Query)]
pub struct OrgActivityQuery {
    /// An organisation the caller administers.
    pub org_id: i64,
    /// From 0.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    #[serde(default, deserialize_with = "crate::admin::page")]
    #[param(minimum = 0, maximum = 1_000_000)]
    pub page: Option<u64>,
    /// 1 to 100; 20 by default.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    #[serde(default, deserialize_with = "crate::admin::per_page")]
    #[param(minimum = 1, maximum = 100)]
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
