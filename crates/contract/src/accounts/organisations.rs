//! Organisations (the accounts contract, `contract::accounts`).

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
    /// Whether people may join it by its code (its admins turn it off).
    pub join_by_code: bool,
}

/// Create an organisation; the caller becomes its admin.
#[crate::wire(OptionalFields)]
pub struct CreateOrganization {
    /// `domain::accounts::OrganisationName`: not blank, at most 200 characters.
    #[schema(pattern = r"\S", max_length = 200)]
    pub org_name: String,
    /// An http(s) URL (`domain::inputs::HttpUrl`); empty: no logo.
    #[schema(pattern = r"^\s*([hH][tT][tT][pP][sS]?://.*)?$")]
    pub org_logo: Option<String>,
    /// IANA zone; default Asia/Kolkata.
    #[schema(schema_with = crate::schemas::time_zone_or_null)]
    pub time_zone: Option<String>,
}

/// Update an organisation (admins). Absent fields stay; an empty `org_logo` removes the logo.
#[crate::wire(OptionalFields)]
pub struct UpdateOrganization {
    pub org_id: i64,
    pub org_name: Option<String>,
    /// An http(s) URL (`domain::inputs::HttpUrl`); empty: no logo.
    #[schema(pattern = r"^\s*([hH][tT][tT][pP][sS]?://.*)?$")]
    pub org_logo: Option<String>,
    #[schema(schema_with = crate::schemas::time_zone_or_null)]
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
#[crate::wire(OptionalFields)]
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
