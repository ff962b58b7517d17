//! Each provider's link kind: the types of what its link keeps in plain settings and in the
//! sealed secret, the details its status shows, and — for the CRMs — how a link becomes the
//! connector's view of it for the sync engine. One entry per provider of
//! `domain::providers::Provider`, and `with_kind!` (at the end), which maps each provider to
//! its kind.

use super::LinkKind;
use crate::config::Config;
use connectors::activity::{CrmLink, SalesforceRecordType};
use contract::integrations::LinkStatus;
use domain::providers::Provider;
use serde::{Deserialize, Serialize};

/// The sealed part of an OAuth link.
#[derive(Serialize, Deserialize)]
pub struct TokenSecret {
    pub access_token: String,
    pub refresh_token: Option<String>,
}

/// The plain settings of a link that keeps none (stored as `{}`).
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct NoSettings {}

/// The provider of a kind (the `Provider` variant of the same name), its settings and secret
/// types: the first three items of every `LinkKind` impl.
macro_rules! kind_types {
    ($name:ident, $settings:ty, $secret:ty) => {
        const PROVIDER: Provider = Provider::$name;
        type Settings = $settings;
        type Secret = $secret;
    };
}

pub struct Hubspot;
impl LinkKind for Hubspot {
    kind_types!(Hubspot, NoSettings, TokenSecret);
    fn crm_link(c: &Config, _: NoSettings, secret: TokenSecret) -> Result<CrmLink, String> {
        Ok(CrmLink::HubSpot {
            api_url: c.providers.hubspot.api_url.clone(),
            access_token: secret.access_token,
        })
    }
}

/// Zoho's settings: the data centre its tokens belong to.
#[derive(Serialize, Deserialize)]
pub struct ZohoSettings {
    pub accounts_server: String,
}

pub struct Zoho;
impl LinkKind for Zoho {
    kind_types!(Zoho, ZohoSettings, TokenSecret);
    fn crm_link(c: &Config, s: ZohoSettings, secret: TokenSecret) -> Result<CrmLink, String> {
        Ok(CrmLink::Zoho {
            api_url: c
                .providers
                .zoho
                .api_url
                .clone()
                .unwrap_or_else(|| s.accounts_server.replace("accounts.", "www.zohoapis.")),
            access_token: secret.access_token,
        })
    }
}

/// Salesforce's settings: the org's REST base and the settings panel's choices.
#[derive(Serialize, Deserialize)]
pub struct SalesforceSettings {
    pub instance_url: Option<String>,
    /// The settings panel's choices (v2 `salesforce/settings`); defaults until saved.
    #[serde(default)]
    pub panel: Option<contract::integrations::SalesforceSettings>,
}

pub struct Salesforce;
impl LinkKind for Salesforce {
    kind_types!(Salesforce, SalesforceSettings, TokenSecret);
    fn crm_link(_: &Config, s: SalesforceSettings, secret: TokenSecret) -> Result<CrmLink, String> {
        let panel = s.panel.unwrap_or_default();
        Ok(CrmLink::Salesforce {
            instance_url: s.instance_url.ok_or("no Salesforce instance")?,
            access_token: secret.access_token,
            contact_creation: panel.contact_creation_enabled,
            record_types: panel
                .contact_record_types
                .into_iter()
                .filter(|t| t.is_selected)
                .map(|t| SalesforceRecordType {
                    id: t.id,
                    phone_fields: t.selected_field.into_iter().map(|f| f.id).collect(),
                })
                .collect(),
        })
    }
}

/// Bitrix24's settings: the portal's REST endpoint.
#[derive(Serialize, Deserialize)]
pub struct BitrixSettings {
    pub client_endpoint: Option<String>,
}

pub struct Bitrix;
impl LinkKind for Bitrix {
    kind_types!(Bitrix, BitrixSettings, TokenSecret);
    /// The portal's host.
    fn describe(s: &BitrixSettings, status: &mut LinkStatus) {
        status.domain = s
            .client_endpoint
            .as_deref()
            .and_then(|e| e.split("://").nth(1))
            .and_then(|rest| rest.split('/').next())
            .map(str::to_owned);
    }
    fn crm_link(_: &Config, s: BitrixSettings, secret: TokenSecret) -> Result<CrmLink, String> {
        Ok(CrmLink::Bitrix {
            client_endpoint: s.client_endpoint.ok_or("no Bitrix24 endpoint")?,
            access_token: secret.access_token,
        })
    }
}

/// The spreadsheet link's settings (000 §3 'Spreadsheet link'): the sheet, the tab rows go
/// to, the label written in each row and the file's name.
#[derive(Serialize, Deserialize)]
pub struct SheetSettings {
    pub sheet_id: String,
    pub sub_sheet_name: String,
    pub label_name: String,
    pub file_name: String,
}

pub struct GoogleSheet;
impl LinkKind for GoogleSheet {
    kind_types!(GoogleSheet, SheetSettings, TokenSecret);
}

/// Freshdesk's settings: the helpdesk's host.
#[derive(Debug, Serialize, Deserialize)]
pub struct FreshdeskSettings {
    pub domain: String,
}
#[derive(Serialize, Deserialize)]
pub struct FreshdeskSecret {
    pub api_key: String,
}

pub struct Freshdesk;
impl LinkKind for Freshdesk {
    kind_types!(Freshdesk, FreshdeskSettings, FreshdeskSecret);
    fn describe(s: &FreshdeskSettings, status: &mut LinkStatus) {
        status.domain = Some(s.domain.clone());
    }
    fn crm_link(c: &Config, s: FreshdeskSettings, k: FreshdeskSecret) -> Result<CrmLink, String> {
        Ok(CrmLink::Freshdesk {
            api_url: connectors::fill_template(&c.providers.freshdesk.api_url, "domain", &s.domain),
            api_key: k.api_key,
        })
    }
}

/// LeadSquared's settings.
#[derive(Debug, Serialize, Deserialize)]
pub struct LeadsquaredSettings {
    pub host: String,
    pub homepage: String,
    /// The LeadSquared user the keys belong to (the credential check's `Id`).
    pub user_id: String,
}
#[derive(Serialize, Deserialize)]
pub struct LeadsquaredSecret {
    pub access_id: String,
    pub secret_key: String,
}

pub struct Leadsquared;
impl LinkKind for Leadsquared {
    kind_types!(Leadsquared, LeadsquaredSettings, LeadsquaredSecret);
    fn describe(s: &LeadsquaredSettings, status: &mut LinkStatus) {
        status.host = Some(s.host.clone());
        status.homepage = Some(s.homepage.clone());
    }
    fn crm_link(
        c: &Config,
        s: LeadsquaredSettings,
        k: LeadsquaredSecret,
    ) -> Result<CrmLink, String> {
        Ok(CrmLink::LeadSquared {
            api_url: connectors::fill_template(&c.providers.leadsquared.api_url, "host", &s.host),
            access_id: k.access_id,
            secret_key: k.secret_key,
        })
    }
}

/// The organisation's webhook endpoint as stored.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct WebhookSettings {
    pub duplex_webhook: Option<String>,
    pub status: u8,
}
#[derive(Default, Serialize, Deserialize)]
pub struct WebhookSecret {
    pub auth_token: Option<String>,
    /// The Standard Webhooks signing secret (`whsec_…`), made when the endpoint is first saved
    /// and shown once; rotatable.
    #[serde(default)]
    pub signing_secret: Option<String>,
}

pub struct Webhooks;
impl LinkKind for Webhooks {
    kind_types!(Webhooks, WebhookSettings, WebhookSecret);
}
impl Webhooks {
    /// Switched on, with an address to deliver to.
    pub fn is_on(s: &WebhookSettings) -> bool {
        s.status == 1 && s.duplex_webhook.is_some()
    }
}

/// Runs `$body` with `$kind` bound to the [`LinkKind`] of `$provider` (a `Provider` value): the
/// one place a provider known at run time meets its types.
#[macro_export]
macro_rules! with_kind {
    ($provider:expr, $kind:ident => $body:expr) => {
        $crate::with_kind!(@each $provider, $kind => $body;
            GoogleSheet Hubspot Freshdesk Zoho Salesforce Leadsquared Bitrix Webhooks)
    };
    // Each `Provider` variant and its kind type share a name.
    (@each $provider:expr, $kind:ident => $body:expr; $($name:ident)*) => {{
        use domain::providers::Provider;
        use $crate::links::kinds;
        match $provider {
            $(Provider::$name => {
                type $kind = kinds::$name;
                $body
            })*
        }
    }};
}
