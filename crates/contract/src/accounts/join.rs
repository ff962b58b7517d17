//! Joining an organisation by its code (001 §3–§5, §7–§8: the organisation code, a one-time code
//! with a countdown, 'Code Expired', 'Enter valid OTP', 'Enter valid organisation code to
//! continue', 'Successfully joined organisation').

/// `POST /api/organizations/join/code`: the organisation's code; a one-time code goes to the
/// caller's own e-mail.
#[crate::wire]
#[serde(deny_unknown_fields)]
pub struct JoinCodeRequest {
    /// `domain::accounts::OrganisationCode`: 4 to 32 letters, digits or inner hyphens (any case).
    #[schema(pattern = r"^\s*[A-Za-z0-9][A-Za-z0-9-]{2,30}[A-Za-z0-9]\s*$")]
    pub organization_code: String,
}

/// The one-time code was sent. Only the organisation's name is told to someone not yet in it.
#[crate::wire]
pub struct JoinCodeSent {
    pub org_name: String,
    /// Where the code went: the caller's own address.
    pub email: String,
    pub expires_in_ms: i64,
    /// How long until another code may be asked for.
    pub resend_after_ms: i64,
}

/// `POST /api/organizations/join`: the organisation's code and the one-time code.
#[crate::wire]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    #[schema(pattern = r"^\s*[A-Za-z0-9][A-Za-z0-9-]{2,30}[A-Za-z0-9]\s*$")]
    pub organization_code: String,
    /// Six digits (spaces ignored).
    #[schema(pattern = r"^\s*([0-9]\s*){6}$")]
    pub code: String,
}

/// Joined: the organisation is the caller's default now (the workspace switches to it).
#[crate::wire]
pub struct Joined {
    pub org_id: i64,
    pub org_name: String,
    /// 'Successfully joined organisation'.
    pub message: String,
}

/// `PUT /api/organizations/join-by-code`: whether people may join the organisation by its code.
#[crate::wire]
#[serde(deny_unknown_fields)]
pub struct JoinSetting {
    pub org_id: i64,
    pub enabled: bool,
}
