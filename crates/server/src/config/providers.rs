//! The external providers' settings (`providers.<name>`), one section each.

use secrecy::SecretString;
use serde::{Deserialize, Serialize};

/// The payment provider, speaking Stripe's API and webhook scheme.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct StripeConfig {
    /// The provider's API base (`/v1/checkout/sessions`, `/v1/subscriptions/…`,
    /// `/v1/billing_portal/sessions`).
    pub api_url: String,
    /// The secret API key; without it checkouts answer `billing_unavailable`.
    #[serde(skip_serializing)]
    pub secret_key: Option<SecretString>,
    /// The webhook signing secret (`whsec_…`) that `Stripe-Signature` headers are checked with.
    #[serde(skip_serializing)]
    pub webhook_secret: Option<SecretString>,
    /// How old a signed webhook may be, in seconds.
    pub tolerance_s: i64,
}

impl Default for StripeConfig {
    fn default() -> Self {
        StripeConfig {
            api_url: "https://api.stripe.com".to_owned(),
            secret_key: None,
            webhook_secret: None,
            tolerance_s: 300,
        }
    }
}

/// The exchange-rate provider (the `/latest/{base}` answer with `conversion_rates`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct ExchangeRatesConfig {
    /// The provider's base, e.g. `https://v6.exchangerate-api.com/v6/<key>`; without it only
    /// USD is known (rate 1, 001 §8).
    pub api_url: Option<String>,
    /// How long fetched rates are served from the database before they are fetched again.
    pub ttl_s: u64,
}

impl Default for ExchangeRatesConfig {
    fn default() -> Self {
        ExchangeRatesConfig {
            api_url: None,
            ttl_s: 6 * 3600,
        }
    }
}

/// Freshdesk (API key links).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct FreshdeskConfig {
    /// Freshdesk's API base; `{domain}` is the user's helpdesk host.
    pub api_url: String,
}

impl Default for FreshdeskConfig {
    fn default() -> Self {
        FreshdeskConfig {
            api_url: "https://{domain}".to_owned(),
        }
    }
}

/// LeadSquared (access and secret key links).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct LeadsquaredConfig {
    /// LeadSquared's API base; `{host}` is the user's API host (e.g. `api-in21.leadsquared.com`).
    pub api_url: String,
    /// The hosts `other/proxy` may reach: a host matches when it is one of these or ends with
    /// `.<suffix>`.
    pub host_suffixes: Vec<String>,
}

impl Default for LeadsquaredConfig {
    fn default() -> Self {
        LeadsquaredConfig {
            api_url: "https://{host}".to_owned(),
            host_suffixes: vec!["leadsquared.com".to_owned()],
        }
    }
}

/// HubSpot's OAuth application and CRM API.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct HubspotConfig {
    /// HubSpot's OAuth application (the secret never reaches the browser).
    pub client_id: String,
    /// HubSpot's client secret (never reaches the browser).
    #[serde(skip_serializing)]
    pub client_secret: Option<SecretString>,
    /// HubSpot's consent page.
    pub authorize_url: String,
    /// HubSpot's token endpoint (code exchange and refresh).
    pub token_url: String,
    /// HubSpot's CRM API (contacts, notes).
    pub api_url: String,
    /// The operator's own HubSpot private-app token: dynamic lead assignment reads its owners
    /// and writes each assigned lead's contact owner with it.
    #[serde(skip_serializing)]
    pub operator_token: Option<SecretString>,
}

impl Default for HubspotConfig {
    fn default() -> Self {
        HubspotConfig {
            client_id: String::new(),
            client_secret: None,
            authorize_url: "https://app.hubspot.com/oauth/authorize".to_owned(),
            token_url: "https://api.hubapi.com/oauth/v1/token".to_owned(),
            operator_token: None,
            api_url: "https://api.hubapi.com".to_owned(),
        }
    }
}

/// Bitrix24's OAuth application.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct BitrixConfig {
    /// Bitrix24's OAuth application; the consent page is on the user's portal
    /// (`bitrix_portal_url`, `{domain}` is the portal host), the token endpoint is central.
    pub client_id: String,
    /// Bitrix24's client secret.
    #[serde(skip_serializing)]
    pub client_secret: Option<SecretString>,
    /// A Bitrix24 portal's base, for its consent page; `{domain}` is the portal host.
    pub portal_url: String,
    /// Bitrix24's central token endpoint.
    pub token_url: String,
}

impl Default for BitrixConfig {
    fn default() -> Self {
        BitrixConfig {
            client_id: String::new(),
            client_secret: None,
            portal_url: "https://{domain}".to_owned(),
            token_url: "https://oauth.bitrix.info/oauth/token/".to_owned(),
        }
    }
}

/// Zoho's OAuth application and CRM API.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct ZohoConfig {
    /// Zoho's OAuth application. The code is exchanged at the data centre Zoho names on return
    /// (`accounts-server`), which must be one of `zoho_accounts_servers`.
    pub client_id: String,
    /// Zoho's client secret.
    #[serde(skip_serializing)]
    pub client_secret: Option<SecretString>,
    /// Zoho's consent page.
    pub authorize_url: String,
    /// The Zoho data centres a code may be exchanged at (the `accounts-server` Zoho names on return must be one of them).
    pub accounts_servers: Vec<String>,
    /// Zoho CRM's API; when unset, derived from the link's accounts server
    /// (`accounts.zoho.in` → `www.zohoapis.in`).
    pub api_url: Option<String>,
}

impl Default for ZohoConfig {
    fn default() -> Self {
        ZohoConfig {
            client_id: String::new(),
            client_secret: None,
            authorize_url: "https://accounts.zoho.com/oauth/v2/auth".to_owned(),
            accounts_servers: ["com", "eu", "in", "com.au", "jp", "com.cn", "sa", "uk"]
                .iter()
                .map(|tld| format!("https://accounts.zoho.{tld}"))
                .chain(["https://accounts.zohocloud.ca".to_owned()])
                .collect(),
            api_url: None,
        }
    }
}

/// Salesforce's connected app.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct SalesforceConfig {
    /// Salesforce's connected app (web-server flow with PKCE) and its login host.
    pub client_id: String,
    /// Salesforce's client secret.
    #[serde(skip_serializing)]
    pub client_secret: Option<SecretString>,
    /// Salesforce's login host (consent page and token endpoint); a sandbox uses `https://test.salesforce.com`.
    pub login_url: String,
}

impl Default for SalesforceConfig {
    fn default() -> Self {
        SalesforceConfig {
            client_id: String::new(),
            client_secret: None,
            login_url: "https://login.salesforce.com".to_owned(),
        }
    }
}

/// Google's OAuth application and the Sheets API.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct GoogleConfig {
    /// Google's OAuth application for the spreadsheet link (offline access, drive-file scope)
    /// and the Sheets API the link writes through.
    pub client_id: String,
    /// Google's client secret.
    #[serde(skip_serializing)]
    pub client_secret: Option<SecretString>,
    /// Google's consent page.
    pub authorize_url: String,
    /// Google's token endpoint.
    pub token_url: String,
    /// The Google Sheets API the spreadsheet link writes rows through.
    pub sheets_api_url: String,
}

impl Default for GoogleConfig {
    fn default() -> Self {
        GoogleConfig {
            client_id: String::new(),
            client_secret: None,
            authorize_url: "https://accounts.google.com/o/oauth2/v2/auth".to_owned(),
            token_url: "https://oauth2.googleapis.com/token".to_owned(),
            sheets_api_url: "https://sheets.googleapis.com".to_owned(),
        }
    }
}

/// The external providers, one section each.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ProvidersConfig {
    pub freshdesk: FreshdeskConfig,
    pub leadsquared: LeadsquaredConfig,
    pub hubspot: HubspotConfig,
    pub bitrix: BitrixConfig,
    pub zoho: ZohoConfig,
    pub salesforce: SalesforceConfig,
    pub google: GoogleConfig,
    pub stripe: StripeConfig,
    pub exchange_rates: ExchangeRatesConfig,
}
