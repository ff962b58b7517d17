//! Users and memberships (the accounts contract, `contract::accounts`).

/// `checkuserexistance?user_email|user_mobile`.
#[crate::wire(OptionalFields)]
pub struct UserExistenceQuery {
    pub user_email: Option<String>,
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
#[crate::wire(OptionalFields)]
pub struct AccountsQuery {
    pub mobile: Option<String>,
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
#[crate::wire(OptionalFields)]
pub struct NewExtensionToken {
    /// What its owner calls it in the list (e.g. the browser it went to); default 'Browser
    /// extension'. At most 80 characters.
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
