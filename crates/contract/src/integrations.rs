//! The Integrations screen's calls (000 §3, §7): per-user links keyed by `workspace_id`, the
//! organisation's webhook endpoint, and the v2 LeadSquared helpers. Link answers say whether a
//! link exists and show its non-secret settings only: no API key, secret key or token ever
//! appears in an answer.

/// A link's state as the Integrations screen shows it.
#[crate::wire(OptionalFields)]
pub struct LinkStatus {
    /// A usable link exists.
    pub connected: bool,
    /// A link exists but the provider no longer accepts it: the user must connect again.
    pub needs_reconnect: bool,
    /// Freshdesk: the helpdesk host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    /// LeadSquared: the API host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// LeadSquared: the host without its `api-` prefix (000 §5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub homepage: Option<String>,
}

/// `GET freshdesk/tickets?domain&api_key`: the credential check.
#[crate::wire]
pub struct FreshdeskCheckQuery {
    pub domain: String,
    pub api_key: String,
}

/// `POST freshdesk/createauth`.
#[crate::wire]
pub struct FreshdeskLink {
    pub workspace_id: i64,
    pub domain: String,
    pub api_key: String,
}

/// `POST v2 leadsquared/auth` (000 §7). `homepage` is accepted but recomputed from `host`.
#[crate::wire(OptionalFields)]
pub struct LeadsquaredLink {
    /// Not blank (`domain::inputs::LeadsquaredCredentials`: all three are required).
    #[schema(pattern = r"\S")]
    pub host: String,
    pub homepage: Option<String>,
    #[schema(pattern = r"\S")]
    pub access_id: String,
    #[schema(pattern = r"\S")]
    pub secret_key: String,
}

/// `POST v2 other/proxy`: kept only for the LeadSquared credential check; any other host is
/// refused.
#[crate::wire(!Eq, OptionalFields)]
pub struct ProxyRequest {
    pub url: String,
    pub method: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub payload: Option<serde_json::Value>,
    pub headers: Option<std::collections::BTreeMap<String, String>>,
}

/// `GET webhook/endpoints?org_id`.
#[crate::wire]
pub struct WebhookQuery {
    pub org_id: i64,
}

/// `POST webhook/endpoints`: `org_id` plus one (or more) of the three values.
#[crate::wire(OptionalFields)]
pub struct WebhookUpdate {
    pub org_id: i64,
    /// An http(s) URL (`domain::inputs::HttpUrl`) at an address the server may reach.
    #[schema(pattern = r"^\s*[hH][tT][tT][pP][sS]?://")]
    pub duplex_webhook: Option<String>,
    /// 1 on, 0 off.
    #[serde(default)]
    #[schema(maximum = 1)]
    pub status: Option<u8>,
    #[schema(schema_with = crate::schemas::webhook_token_or_null)]
    pub auth_token: Option<String>,
}

/// The organisation's webhook endpoint. The token is never sent back: `auth_token` is a mask
/// (`••••` and its last four characters) when one is set, so the page can show it locked.
#[crate::wire(OptionalFields)]
pub struct WebhookEndpoint {
    pub org_id: i64,
    pub duplex_webhook: Option<String>,
    pub auth_token: Option<String>,
    /// 1 on, 0 off (000 §9).
    pub status: u8,
    /// The Standard Webhooks signing secret, only in the answer that made it (the first save);
    /// afterwards see `has_signing_secret` and rotate to get a new one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signing_secret: Option<String>,
    #[serde(default)]
    pub has_signing_secret: bool,
}

/// `GET integrations/{provider}/authorize?workspace_id`: the server issues the consent URL.
#[crate::wire(OptionalFields)]
pub struct AuthorizeQuery {
    pub workspace_id: i64,
    /// Accepted for compatibility and ignored: the server uses its configured redirect.
    pub redirect_uri: Option<String>,
    /// Bitrix24: the portal (000 §5 domain rules).
    pub domain: Option<String>,
}

/// The consent page to open. Its `state` is single-use, expires in 10 minutes and is bound to
/// the signed-in user; the provider sends it back with the code.
#[crate::wire]
pub struct AuthorizeUrl {
    pub url: String,
    pub state: String,
}

/// `POST hubspotauthentication?workspace_id&code&state` (000 §7). `grant_type`, `redirect_uri`,
/// `client_id` and `client_secret` are accepted and ignored: the server exchanges the code with
/// its own configured application.
#[crate::wire(OptionalFields)]
pub struct OAuthReturnQuery {
    pub workspace_id: i64,
    pub code: String,
    pub state: String,
    pub grant_type: Option<String>,
    pub redirect_uri: Option<String>,
    pub client_id: Option<String>,
    pub client_secret: Option<String>,
}

/// `POST bitrix/createauth` (000 §7): in our flow the browser sends the `code` and `state` the
/// portal returned, and the server exchanges them. The spec's token fields (`access_token`,
/// `refresh_token`, `client_endpoint`, `expires`) are accepted and ignored: tokens never pass
/// through the browser.
#[crate::wire(!Eq, OptionalFields)]
pub struct BitrixLink {
    pub workspace_id: i64,
    pub code: String,
    pub state: String,
    pub access_token: Option<String>,
    pub refresh_token: Option<String>,
    pub client_endpoint: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub expires: Option<serde_json::Value>,
}

/// `GET zoho/scopes` (000 §7): `data.scopes`.
#[crate::wire]
pub struct ZohoScopes {
    pub scopes: Vec<String>,
}

/// `POST zoho/auth/token` (000 §7): the code (`temp_code`), the data centre Zoho returned
/// (`temp_account_server_url`, its `accounts-server`) and our `state`. `client_id`,
/// `client_secret` and `redirect_uri` are accepted and ignored. The answer does not carry the
/// refresh token the spec shows: tokens stay on the server.
#[crate::wire(OptionalFields)]
pub struct ZohoLink {
    pub workspace_id: i64,
    pub temp_code: String,
    pub temp_account_server_url: String,
    pub state: String,
    pub client_id: Option<String>,
    pub client_secret: Option<String>,
    pub redirect_uri: Option<String>,
}

/// `POST v2 salesforce/auth` (000 §7): the code Salesforce returned and our `state`;
/// `redirect_uri` is accepted and ignored, `workspace_id`, when given, must be the caller's.
#[crate::wire(OptionalFields)]
pub struct SalesforceLink {
    pub code: String,
    pub state: String,
    pub redirect_uri: Option<String>,
    pub workspace_id: Option<i64>,
}

/// A user field chosen as a record type's phone-number field (000 §3 `selectedField`).
#[crate::wire]
pub struct SalesforceField {
    /// The field's API name.
    pub id: String,
    /// The field's label.
    pub name: String,
}

/// One contact record type in the settings (000 §3).
#[crate::wire]
#[serde(rename_all = "camelCase")]
pub struct ContactRecordType {
    pub id: String,
    pub name: String,
    pub is_selected: bool,
    #[serde(default)]
    pub selected_field: Vec<SalesforceField>,
}

/// v2 `salesforce/settings` (000 §3): contact creation (default on) and the record types with
/// their phone-number fields.
#[crate::wire]
#[serde(rename_all = "camelCase")]
pub struct SalesforceSettings {
    pub contact_creation_enabled: bool,
    #[serde(default)]
    pub contact_record_types: Vec<ContactRecordType>,
}

impl Default for SalesforceSettings {
    /// 000 §9 'Salesforce contact creation is enabled by default'.
    fn default() -> Self {
        SalesforceSettings {
            contact_creation_enabled: true,
            contact_record_types: Vec::new(),
        }
    }
}

/// `POST googlesheet` (000 §7): in our flow the browser sends the `code` and `state` Google
/// returned and the label chosen in the sync modal (`label_name`, default 'Google Sheet'); the
/// server exchanges the code and creates the spreadsheet. The spec's `sheet_id`,
/// `sub_sheet_name`, `file_name` and token fields are accepted and ignored: the server names the
/// sheet, and tokens never pass through the browser.
#[crate::wire(!Eq, OptionalFields)]
pub struct GoogleSheetLink {
    pub workspace_id: i64,
    pub code: String,
    pub state: String,
    pub label_name: Option<String>,
    pub redirect_uri: Option<String>,
    pub sheet_id: Option<String>,
    pub sub_sheet_name: Option<String>,
    pub file_name: Option<String>,
    pub access_token: Option<String>,
    pub refresh_token: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub expires_in: Option<serde_json::Value>,
}

/// `GET googlesheet` (000 §7 `data.sheet_id`): the link's state and its non-secret settings.
#[crate::wire(OptionalFields)]
pub struct SheetLinkStatus {
    pub connected: bool,
    pub needs_reconnect: bool,
    pub sheet_id: Option<String>,
    pub sub_sheet_name: Option<String>,
    pub label_name: Option<String>,
    pub file_name: Option<String>,
}

/// `GET getsheetfunnel` (000 §7 `data.funnel_name`, the label).
#[crate::wire(OptionalFields)]
pub struct SheetFunnel {
    pub funnel_name: Option<String>,
}

/// `PATCH updatesheetfunnel` (000 §7): the new label (`spreadsheet_label` rule).
#[crate::wire]
pub struct SheetFunnelUpdate {
    pub workspace_id: i64,
    /// Not blank (`SheetLabel::parse`).
    #[schema(pattern = r"\S")]
    pub updated_name: String,
}

/// One Salesforce record type (000 §3 'Salesforce record type'), with Salesforce's own names.
#[crate::wire(OptionalFields)]
pub struct SalesforceRecordType {
    #[serde(rename = "Id")]
    pub id: String,
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "DeveloperName", default)]
    pub developer_name: Option<String>,
}

/// v2 `salesforce/record-types` (000 §7): `data.records`.
#[crate::wire]
pub struct SalesforceRecordTypes {
    pub records: Vec<SalesforceRecordType>,
}

/// One field of Salesforce's UI-API object info: its API name, label and data type.
#[crate::wire(OptionalFields)]
#[serde(rename_all = "camelCase")]
pub struct SalesforceFieldInfo {
    pub api_name: String,
    pub label: String,
    pub data_type: Option<String>,
}

/// An object's info: its fields by API name.
#[crate::wire]
pub struct SalesforceObjectInfo {
    pub fields: std::collections::BTreeMap<String, SalesforceFieldInfo>,
}

/// The object infos of v2 `salesforce/record-type/fields`: only `User`.
#[crate::wire]
pub struct SalesforceObjectInfos {
    #[serde(rename = "User")]
    pub user: SalesforceObjectInfo,
}

/// v2 `salesforce/record-type/fields?id` (000 §7): `data.objectInfos.User.fields`.
#[crate::wire]
#[serde(rename_all = "camelCase")]
pub struct SalesforceRecordTypeFields {
    pub object_infos: SalesforceObjectInfos,
}

/// The query of v2 `salesforce/record-type/fields`: the record type's `Id`.
#[crate::wire(IntoParams)]
pub struct SalesforceRecordTypeQuery {
    /// A Salesforce record id: 15 or 18 letters and digits.
    #[param(pattern = "^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$")]
    pub id: String,
}

/// `GET integrations/members?org_id` (001 §7 'GET user integrations, query org_id'): one
/// member's links, for each member of the organisation the caller may see (001 §6).
#[crate::wire]
pub struct MemberIntegrations {
    pub user_id: i64,
    /// Per provider: a usable link in the member's own workspace (`webhooks`: the
    /// organisation's endpoint is switched on, the same for everyone).
    pub integrations: crate::accounts::IntegrationFlags,
    /// The keys (as in `integrations`) of links the provider no longer accepts: the member must
    /// connect again.
    pub needs_reconnect: Vec<String>,
}
