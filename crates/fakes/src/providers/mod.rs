//! Fake providers for tests and local runs: one axum server on port 0 that answers just enough
//! like Freshdesk, LeadSquared and a webhook receiver for the server's connectors to be driven
//! end to end without the internet. Each provider lives under its own path prefix; the server's
//! configured base URLs point there (`{base}/freshdesk/{domain}`, `{base}/leadsquared/{host}`).
//! Every request is recorded so tests can prove what reached a provider and what did not.
//! The CRM APIs (HubSpot under `/hubspot-api`, Zoho under `/zoho-api`, the Salesforce org under
//! `/salesforce-instance`, Bitrix24 portals under `/bitrix/{domain}/rest/`, Freshdesk under
//! `/freshdesk/{domain}/api/v2`, LeadSquared under `/leadsquared/{host}/v2`) keep contacts and
//! logged chat activity in memory per provider, check credentials like the real ones, and can
//! be told to answer 429 ([`FakeProviders::rate_limit`]).
//!
//! Each provider's handlers and helpers live in a module of their own (`freshdesk`,
//! `leadsquared`, `hubspot`, `zoho`, `salesforce`, `bitrix`, `google`, `webhook`, `stripe`,
//! `storage`, and `waha`, the WhatsApp gateway under `/waha`); this module holds the shared
//! state and the [`FakeProviders`] handle, `router` the routes, `oauth` the generic OAuth
//! consent page and token endpoint
//! (`/oauth/{provider}/authorize`, `/oauth/{provider}/token`) and `crm` the helpers the CRM
//! fakes share.

use axum::http::HeaderMap;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

mod bitrix;
mod crm;
mod crm_tasks;
mod freshdesk;
mod google;
mod hubspot;
mod hubspot_objects;
mod hubspot_pipelines;
mod hubspot_records;
mod leadsquared;
mod oauth;
mod router;
mod salesforce;
mod storage;
mod stripe;
mod waha;
mod webhook;
mod zoho;
mod zoho_objects;
mod zoho_records;

// The providers' modules reach the shared helpers as `super::…`.
use crm::{
    add_activity, add_contact, basic_user, crm_contact, crm_gate, crm_limited, id_of, live_token,
    reply, same_phone, token_after, with_crm, Reply,
};
use oauth::{oauth_authorize, token_grant};
use router::router;

/// The Freshdesk API key the fake accepts.
pub const FRESHDESK_API_KEY: &str = "fd-key-7Hq2Lm9XwPz4";
/// The LeadSquared access key and secret key the fake accepts, and the user `Id` it answers.
pub const LEADSQUARED_ACCESS_KEY: &str = "u$r-access-4c1e9a7b";
pub const LEADSQUARED_SECRET_KEY: &str = "ls-secret-93fd0c2e5b1a";
pub const LEADSQUARED_USER_ID: &str = "ls-user-4242";
/// A Freshdesk domain the fake answers 404 for (no such helpdesk).
pub const FRESHDESK_MISSING_DOMAIN: &str = "nohelpdesk.freshdesk.com";

/// The OAuth client id and secret the fake's token endpoints accept (every provider).
pub const OAUTH_CLIENT_ID: &str = "fake-client-id";
pub const OAUTH_CLIENT_SECRET: &str = "fake-client-secret-0b9e4d";

/// The operator's HubSpot private-app token the fake accepts (dynamic assignment's owners).
pub const HUBSPOT_PRIVATE_APP_TOKEN: &str = "pat-na1-fake-0a1b2c3d";
/// The fake HubSpot account's owners: (id, first name, last name, e-mail).
pub const HUBSPOT_OWNERS: &[(&str, &str, &str, &str)] = &[
    ("9001", "Lucia", "Moreno", "lucia@owners.test"),
    ("9002", "Javier", "Ruiz", "javier@owners.test"),
    ("9003", "Asha", "Rao", "asha@owners.test"),
];

/// The payment provider's secret API key and webhook signing secret the fake uses.
pub const STRIPE_SECRET_KEY: &str = "sk_test_fake_4eC39HqLyjWDarjtT1zdp7dc";
pub const STRIPE_WEBHOOK_SECRET: &str = "whsec_fake_7d1c0b9a3e5f";
pub use stripe::sign as stripe_sign;
pub use stripe::STRIPE_API_VERSION;

pub use waha::{
    waha_sign, WahaDelivery, WahaEngine, WahaSent, WahaSwitches, WAHA_API_KEY, WAHA_VERSION,
};

/// The contact record types the fake Salesforce org has: (`Id`, `Name`, `DeveloperName`).
pub const SALESFORCE_RECORD_TYPES: &[(&str, &str, &str)] = &[
    ("012000000000001AAA", "Customer", "Customer"),
    ("012000000000002AAA", "Partner Contact", "Partner_Contact"),
];

/// Every secret the fake hands out or accepts, or a part every token it issues contains
/// (`<provider>-tok-access-<n>`, `<provider>-tok-refresh-<n>`): a test scans answers and the
/// database for these.
pub const SECRETS: &[&str] = &[
    FRESHDESK_API_KEY,
    LEADSQUARED_ACCESS_KEY,
    LEADSQUARED_SECRET_KEY,
    OAUTH_CLIENT_SECRET,
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    HUBSPOT_PRIVATE_APP_TOKEN,
    WAHA_API_KEY,
    "-tok-access-",
    "-tok-refresh-",
];

/// Where the fake's consent pages return to when the request names no `redirect_uri` (Bitrix
/// uses the application's registered address): the testkit's `oauth_redirect_url`.
pub const REGISTERED_REDIRECT: &str = "http://127.0.0.1:9/integrations";

/// One request the fake received.
#[derive(Debug, Clone)]
pub struct Received {
    pub method: String,
    pub path: String,
    pub authorization: Option<String>,
    pub body: Value,
}

#[derive(Default)]
struct Inner {
    received: Vec<Received>,
    counter: u64,
    /// Codes issued by the authorize pages and not yet exchanged: code → provider.
    codes: HashMap<String, String>,
    /// Refresh tokens issued: token → provider.
    refresh_tokens: HashMap<String, String>,
    /// Providers whose refresh endpoint answers `invalid_grant`.
    refuse_refresh: std::collections::HashSet<String>,
    /// Token requests per provider and grant type.
    token_calls: Vec<(String, String)>,
    /// Bitrix: the portal each code and refresh token belongs to.
    portals: HashMap<String, String>,
    /// PKCE: the S256 challenge each code was issued with.
    challenges: HashMap<String, String>,
    /// Access tokens issued: token → provider (Salesforce's instance API checks them).
    access_tokens: HashMap<String, String>,
    /// Google Sheets: the rows appended to each spreadsheet the fake created.
    sheets: HashMap<String, Vec<Vec<Value>>>,
    /// The CRM APIs' records, per provider (`hubspot`, `zoho`, `salesforce`, `bitrix`,
    /// `freshdesk`, `leadsquared`).
    crm: HashMap<String, Crm>,
    /// Where consent pages without a `redirect_uri` (Bitrix) return; [`REGISTERED_REDIRECT`]
    /// unless [`FakeProviders::set_registered_redirect`] changed it.
    registered_redirect: Option<String>,
    /// Whether Bitrix's token answer names the portal's REST endpoint on this fake
    /// (`http://<fake>/bitrix/<portal>/rest/`) rather than `https://<portal>/rest/`.
    bitrix_rest_on_fake: bool,
    /// The fake bucket's objects, by `bucket/key`.
    objects: HashMap<String, Vec<u8>>,
    /// Whether the AI service answers without `status` (000 §8: a failed reply).
    ai_failing: bool,
    /// The questions the AI service was asked, with their context.
    ai_asked: Vec<Value>,
    /// This fake's own `http://addr` (the checkout pages' links).
    self_url: String,
    /// The payment provider's sessions, subscriptions and events, and the rate calls.
    stripe: stripe::Stripe,
    /// The WAHA gateway's sessions, messages, webhook attempts and switches.
    waha: waha::Gateway,
}

/// One fake CRM's records.
#[derive(Default)]
struct Crm {
    /// Each with its `id`.
    contacts: Vec<Value>,
    /// Each with its `id`, the `contact_id` it is attached to and its `body`.
    activities: Vec<Value>,
    /// Freshdesk's tickets; HubSpot's, each with its `properties` and `contact_id`.
    tickets: Vec<Value>,
    /// HubSpot's calls: each with its `properties` and `contact_id`.
    calls: Vec<Value>,
    /// HubSpot's deals: each with its `id`, `properties` and the `contact_id` it belongs to.
    deals: Vec<Value>,
    /// How many of the next calls answer 429.
    rate_limited: usize,
    /// Calls left today (none: no daily limit); at 0 every call answers the daily 429.
    daily_left: Option<usize>,
    /// Zoho's notification channels, each as subscribed (the latest per channel id).
    watches: Vec<Value>,
    /// HubSpot's own pipelines by object (`deals`, `tickets`), when not the defaults.
    pipelines: std::collections::HashMap<String, Value>,
}

#[derive(Clone, Default)]
struct FakeState(Arc<Mutex<Inner>>);

impl FakeState {
    fn record(&self, method: &str, path: String, headers: &HeaderMap, body: Value) {
        let authorization = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        if let Ok(mut inner) = self.0.lock() {
            inner.received.push(Received {
                method: method.to_owned(),
                path,
                authorization,
                body,
            });
        }
    }
}

/// The running fake. Stops when dropped.
pub struct FakeProviders {
    pub addr: SocketAddr,
    state: FakeState,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl FakeProviders {
    /// Starts the fake on 127.0.0.1, port 0.
    pub async fn start() -> anyhow::Result<FakeProviders> {
        Self::start_on("127.0.0.1:0").await
    }

    /// Starts the fake on `bind` (e.g. for `just fake-providers`).
    pub async fn start_on(bind: &str) -> anyhow::Result<FakeProviders> {
        let state = FakeState::default();
        let app = router(state.clone());
        let listener = tokio::net::TcpListener::bind(bind).await?;
        let addr = listener.local_addr()?;
        if let Ok(mut i) = state.0.lock() {
            i.self_url = format!("http://{addr}");
        }
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = rx.await;
                })
                .await;
        });
        Ok(FakeProviders {
            addr,
            state,
            shutdown: Some(tx),
        })
    }

    /// `http://127.0.0.1:port` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Where consent pages that take no `redirect_uri` (Bitrix) send the browser back: the
    /// application's registered address, i.e. the server's `oauth_redirect_url`.
    pub fn set_registered_redirect(&self, url: &str) {
        if let Ok(mut i) = self.state.0.lock() {
            i.registered_redirect = Some(url.to_owned());
        }
    }

    /// The server settings that point a `switchboard serve` at this fake, as the environment
    /// variables it reads (`SWITCHBOARD_…`): every provider's base URL, the OAuth applications'
    /// id and secret, and the address guard's allowance for the fake's address. The end-to-end
    /// suite starts the `fake-providers` binary and passes these on.
    pub fn server_env(&self) -> Vec<(String, String)> {
        let mut env: Vec<(String, String)> = [
            ("ADDRESS_ALLOW", format!("[\"{}\"]", self.addr)),
            (
                "PROVIDERS__FRESHDESK__API_URL",
                self.url("/freshdesk/{domain}"),
            ),
            (
                "PROVIDERS__LEADSQUARED__API_URL",
                self.url("/leadsquared/{host}"),
            ),
            (
                "PROVIDERS__HUBSPOT__AUTHORIZE_URL",
                self.url("/oauth/hubspot/authorize"),
            ),
            (
                "PROVIDERS__HUBSPOT__TOKEN_URL",
                self.url("/oauth/hubspot/token"),
            ),
            ("PROVIDERS__HUBSPOT__API_URL", self.url("/hubspot-api")),
            (
                "PROVIDERS__BITRIX__PORTAL_URL",
                self.url("/bitrix/{domain}"),
            ),
            (
                "PROVIDERS__BITRIX__TOKEN_URL",
                self.url("/bitrix-oauth/oauth/token/"),
            ),
            (
                "PROVIDERS__ZOHO__AUTHORIZE_URL",
                self.url("/oauth/zoho/authorize"),
            ),
            (
                "PROVIDERS__ZOHO__ACCOUNTS_SERVERS",
                format!("[\"{}\"]", self.url("/zoho-accounts")),
            ),
            ("PROVIDERS__ZOHO__API_URL", self.url("/zoho-api")),
            (
                "PROVIDERS__SALESFORCE__LOGIN_URL",
                self.url("/salesforce-login"),
            ),
            (
                "PROVIDERS__GOOGLE__AUTHORIZE_URL",
                self.url("/oauth/google/authorize"),
            ),
            (
                "PROVIDERS__GOOGLE__TOKEN_URL",
                self.url("/oauth/google/token"),
            ),
            (
                "PROVIDERS__GOOGLE__SHEETS_API_URL",
                self.url("/google-sheets"),
            ),
            (
                "PROVIDERS__HUBSPOT__OPERATOR_TOKEN",
                HUBSPOT_PRIVATE_APP_TOKEN.to_owned(),
            ),
            ("PROVIDERS__STRIPE__API_URL", self.url("/stripe")),
            (
                "PROVIDERS__STRIPE__SECRET_KEY",
                STRIPE_SECRET_KEY.to_owned(),
            ),
            (
                "PROVIDERS__STRIPE__WEBHOOK_SECRET",
                STRIPE_WEBHOOK_SECRET.to_owned(),
            ),
            ("PROVIDERS__EXCHANGE_RATES__API_URL", self.url("/rates")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        for provider in ["HUBSPOT", "BITRIX", "ZOHO", "SALESFORCE", "GOOGLE"] {
            env.push((
                format!("PROVIDERS__{provider}__CLIENT_ID"),
                OAUTH_CLIENT_ID.to_owned(),
            ));
            env.push((
                format!("PROVIDERS__{provider}__CLIENT_SECRET"),
                OAUTH_CLIENT_SECRET.to_owned(),
            ));
        }
        env.into_iter()
            .map(|(k, v)| (format!("SWITCHBOARD_{k}"), v))
            .collect()
    }

    /// Everything received so far, oldest first.
    pub fn received(&self) -> Vec<Received> {
        self.state
            .0
            .lock()
            .map(|i| i.received.clone())
            .unwrap_or_default()
    }

    /// Makes `provider`'s refresh endpoint refuse every refresh token (`invalid_grant`), as
    /// when the user revoked the app; `false` accepts them again.
    pub fn refuse_refresh(&self, provider: &str, refuse: bool) {
        if let Ok(mut i) = self.state.0.lock() {
            if refuse {
                i.refuse_refresh.insert(provider.to_owned());
            } else {
                i.refuse_refresh.remove(provider);
            }
        }
    }

    /// Makes every access token issued so far to `provider` expire: its API answers 401 to
    /// them (a refresh issues a new one that works).
    pub fn expire_access_tokens(&self, provider: &str) {
        if let Ok(mut i) = self.state.0.lock() {
            i.access_tokens.retain(|_, p| p != provider);
        }
    }

    /// How many token requests of `grant_type` `provider` got.
    pub fn token_calls(&self, provider: &str, grant_type: &str) -> usize {
        self.state
            .0
            .lock()
            .map(|i| {
                i.token_calls
                    .iter()
                    .filter(|(p, g)| p == provider && g == grant_type)
                    .count()
            })
            .unwrap_or(0)
    }

    /// The rows appended to the fake Google spreadsheet `id`, or None for a spreadsheet it did
    /// not create.
    pub fn sheet_rows(&self, id: &str) -> Option<Vec<Vec<Value>>> {
        self.state
            .0
            .lock()
            .ok()
            .and_then(|i| i.sheets.get(id).cloned())
    }

    /// The contacts `provider`'s fake CRM holds (each with its `id`), oldest first.
    pub fn crm_contacts(&self, provider: &str) -> Vec<Value> {
        with_crm(&self.state, provider, |c, _| c.contacts.clone())
    }

    /// The chat activity logged in `provider`'s fake CRM, oldest first: each with its `id`, the
    /// `contact_id` it is attached to and its `body` (Freshdesk's also with its `ticket_id`).
    pub fn crm_activities(&self, provider: &str) -> Vec<Value> {
        with_crm(&self.state, provider, |c, _| c.activities.clone())
    }

    /// Gives `provider`'s account `calls` more API calls today, after which every call answers
    /// the daily limit's 429 (none: no daily limit, as at first).
    pub fn daily_limit(&self, provider: &str, calls: Option<usize>) {
        with_crm(&self.state, provider, |c, _| c.daily_left = calls);
    }

    /// Makes `provider`'s next `next_n` CRM API calls answer 429 with `Retry-After: 1`.
    pub fn rate_limit(&self, provider: &str, next_n: usize) {
        with_crm(&self.state, provider, |c, _| c.rate_limited = next_n);
    }

    /// Adds a contact to `provider`'s fake CRM as its API would store it (e.g. Salesforce
    /// `{"LastName": .., "MobilePhone": .., "RecordTypeId": ..}`) and answers its id.
    pub fn seed_crm_contact(&self, provider: &str, contact: Value) -> String {
        let (prefix, also): (Option<&str>, &[&str]) = match provider {
            "salesforce" => (Some("003"), &["Id"]),
            "bitrix" => (None, &["ID"]),
            "leadsquared" => (Some("ls-lead-"), &["ProspectID"]),
            _ => (None, &[]),
        };
        add_contact(&self.state, provider, contact, prefix, also)
    }

    /// A live access token for `provider`'s API, as its token endpoint would issue
    /// (`<provider>-tok-access-<n>`); `expire_access_tokens` expires it.
    pub fn issue_access_token(&self, provider: &str) -> String {
        let mut i = self
            .state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        i.counter += 1;
        let token = format!("{provider}-tok-access-{}", i.counter);
        i.access_tokens.insert(token.clone(), provider.to_owned());
        token
    }

    /// Makes Bitrix's token answer name the portal's REST endpoint on this fake
    /// (`http://<fake>/bitrix/<portal>/rest/`), so a linked portal's API calls reach the fake.
    pub fn bitrix_rest_on_fake(&self, on: bool) {
        if let Ok(mut i) = self.state.0.lock() {
            i.bitrix_rest_on_fake = on;
        }
    }

    /// Where the fake payment provider sends its webhooks (the server's
    /// `/api/billing/stripe/webhook`).
    pub fn set_stripe_webhook(&self, url: &str) {
        if let Ok(mut i) = self.state.0.lock() {
            i.stripe.webhook_url = Some(url.to_owned());
        }
    }

    /// Every event the fake payment provider sent, oldest first, each with the endpoint's
    /// answer as `delivered_status`.
    pub fn stripe_events(&self) -> Vec<Value> {
        self.state
            .0
            .lock()
            .map(|i| i.stripe.events.clone())
            .unwrap_or_default()
    }

    /// Checkout sessions created (an idempotent replay creates none).
    pub fn stripe_sessions_created(&self) -> usize {
        self.state
            .0
            .lock()
            .map(|i| i.stripe.sessions_created)
            .unwrap_or(0)
    }

    /// The subscription `id` as the fake provider holds it.
    pub fn stripe_subscription(&self, id: &str) -> Option<Value> {
        self.state
            .0
            .lock()
            .ok()
            .and_then(|i| i.stripe.subscriptions.get(id).cloned())
    }

    /// Fails the next payment of subscription `id`: sends `invoice.payment_failed` for one
    /// period of its seats and answers the event.
    pub async fn stripe_fail_payment(&self, id: &str) -> Option<Value> {
        let sub = self.stripe_subscription(id)?;
        let mut invoice = stripe::invoice_of(&self.state, &sub, "open");
        invoice["last_finalization_error"] = json!({"message": "Your card was declined."});
        Some(stripe::send(&self.state, "invoice.payment_failed", invoice).await)
    }

    /// Renews subscription `id` for another period: its invoice takes the customer's credit in
    /// its currency off what is due, is paid, and `invoice.paid` is sent. Answers the event.
    pub async fn stripe_renew(&self, id: &str) -> Option<Value> {
        let sub = self.stripe_subscription(id)?;
        let invoice = stripe::invoice_of(&self.state, &sub, "paid");
        Some(stripe::send(&self.state, "invoice.paid", invoice).await)
    }

    /// The credit balance of `customer` in `currency` (negative: credit the customer holds).
    pub fn stripe_balance(&self, customer: &str, currency: &str) -> i64 {
        self.state
            .0
            .lock()
            .map(|i| i.stripe.balance(customer, currency))
            .unwrap_or(0)
    }

    /// Makes balance transactions fail with a server error, or succeed again.
    pub fn stripe_refuse_balance(&self, refuse: bool) {
        if let Ok(mut i) = self.state.0.lock() {
            i.stripe.refuse_balance = refuse;
        }
    }

    /// Pays the open invoice `invoice` (as a retried charge would): sends `invoice.paid`.
    pub async fn stripe_pay_invoice(&self, invoice: &Value) -> Value {
        let mut paid = invoice.clone();
        paid["status"] = json!("paid");
        paid["amount_paid"] = paid["amount_due"].clone();
        stripe::send(&self.state, "invoice.paid", paid).await
    }

    /// The keys of the fake bucket's objects (`bucket/key`), sorted.
    pub fn bucket_keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = self
            .state
            .0
            .lock()
            .map(|i| i.objects.keys().cloned().collect())
            .unwrap_or_default();
        keys.sort();
        keys
    }

    /// Makes the AI service answer without `status` (a failed reply), or answer again.
    pub fn ai_failing(&self, failing: bool) {
        if let Ok(mut i) = self.state.0.lock() {
            i.ai_failing = failing;
        }
    }

    /// What the AI service was asked (`{searchText, context}`), oldest first.
    pub fn ai_asked(&self) -> Vec<Value> {
        self.state
            .0
            .lock()
            .map(|i| i.ai_asked.clone())
            .unwrap_or_default()
    }

    /// How many times the exchange-rate provider was asked.
    pub fn rate_calls(&self) -> usize {
        self.state
            .0
            .lock()
            .map(|i| i.stripe.rate_calls)
            .unwrap_or(0)
    }

    /// Requests received under `prefix`.
    pub fn received_under(&self, prefix: &str) -> Vec<Received> {
        self.received()
            .into_iter()
            .filter(|r| r.path.starts_with(prefix))
            .collect()
    }
}

impl Drop for FakeProviders {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}
