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

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

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
    "-tok-access-",
    "-tok-refresh-",
];

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
}

/// One fake CRM's records.
#[derive(Default)]
struct Crm {
    /// Each with its `id`.
    contacts: Vec<Value>,
    /// Each with its `id`, the `contact_id` it is attached to and its `body`.
    activities: Vec<Value>,
    /// Freshdesk's tickets.
    tickets: Vec<Value>,
    /// How many of the next calls answer 429.
    rate_limited: usize,
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

fn router(state: FakeState) -> Router {
    Router::new()
        .route(
            "/freshdesk/{domain}/api/v2/tickets",
            get(freshdesk_tickets).post(freshdesk_create_ticket),
        )
        .route(
            "/freshdesk/{domain}/api/v2/contacts",
            get(freshdesk_contacts).post(freshdesk_contacts),
        )
        .route(
            "/freshdesk/{domain}/api/v2/tickets/{ticket}/notes",
            post(freshdesk_create_note),
        )
        .route(
            "/leadsquared/{host}/v2/LeadManagement.svc/RetrieveLeadByPhoneNumber",
            get(leadsquared_by_phone),
        )
        .route(
            "/leadsquared/{host}/v2/LeadManagement.svc/Lead.Create",
            post(leadsquared_create_lead),
        )
        .route(
            "/leadsquared/{host}/v2/ProspectActivity.svc/Create",
            post(leadsquared_create_activity),
        )
        .route(
            "/hubspot-api/crm/v3/objects/contacts/search",
            post(hubspot_search),
        )
        .route(
            "/hubspot-api/crm/v3/objects/contacts",
            post(hubspot_create_contact),
        )
        .route(
            "/hubspot-api/crm/v3/objects/notes",
            post(hubspot_create_note),
        )
        .route("/zoho-api/crm/v2/Contacts/search", get(zoho_search))
        .route("/zoho-api/crm/v2/Contacts", post(zoho_create_contact))
        .route("/zoho-api/crm/v2/Notes", post(zoho_create_note))
        .route(
            "/salesforce-instance/services/data/{version}/sobjects/{object}",
            post(salesforce_create),
        )
        .route(
            "/bitrix/{domain}/rest/{method}",
            post(bitrix_rest).get(bitrix_rest),
        )
        .route(
            "/leadsquared/{host}/v2/Authentication.svc/UserByAccessKey.Get",
            get(leadsquared_user).post(leadsquared_user),
        )
        .route("/webhook/receive", post(webhook_receive))
        .route("/oauth/{provider}/authorize", get(oauth_authorize))
        .route(
            "/google-sheets/v4/spreadsheets",
            post(google_create_spreadsheet),
        )
        .route(
            "/google-sheets/v4/spreadsheets/{id}/values/{range}",
            post(google_values),
        )
        .route("/oauth/{provider}/token", post(oauth_token))
        .route("/bitrix/{domain}/oauth/authorize/", get(bitrix_authorize))
        .route("/bitrix-oauth/oauth/token/", get(bitrix_token))
        .route("/zoho-accounts/oauth/v2/token", post(zoho_token))
        .route(
            "/salesforce-login/services/oauth2/authorize",
            get(salesforce_authorize),
        )
        .route(
            "/salesforce-instance/services/data/{version}/query",
            get(salesforce_query),
        )
        .route(
            "/salesforce-instance/services/data/{version}/ui-api/object-info/{object}",
            get(salesforce_object_info),
        )
        .route(
            "/salesforce-login/services/oauth2/token",
            post(salesforce_token),
        )
        .with_state(state)
}

/// Freshdesk authenticates with the key as the basic-auth user: 401 for any other key, 404 for
/// an unknown helpdesk.
/// With `requester_id`, that contact's tickets (the fake CRM's).
async fn freshdesk_tickets(
    State(state): State<FakeState>,
    Path(domain): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    use axum::response::IntoResponse;
    if let Some(requester) = q.get("requester_id") {
        if let Some(r) = freshdesk_gate(&state, "GET", &domain, "/tickets", &headers, json!(q)) {
            return r;
        }
        let tickets: Vec<Value> = with_crm(&state, "freshdesk", |c, _| {
            c.tickets
                .iter()
                .filter(|t| id_of(&t["requester_id"]).as_deref() == Some(requester.as_str()))
                .cloned()
                .collect()
        });
        return reply(StatusCode::OK, json!(tickets));
    }
    state.record(
        "GET",
        format!("/freshdesk/{domain}/api/v2/tickets"),
        &headers,
        Value::Null,
    );
    if let Some(r) = crm_limited(&state, "freshdesk") {
        return r;
    }
    if domain == FRESHDESK_MISSING_DOMAIN {
        return (StatusCode::NOT_FOUND, Json(json!({ "code": "not_found" }))).into_response();
    }
    let user = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.split_once(':').map(|(u, _)| u.to_owned()));
    if user.as_deref() == Some(FRESHDESK_API_KEY) {
        (
            StatusCode::OK,
            Json(json!([{ "id": 1, "subject": "Hello" }])),
        )
            .into_response()
    } else {
        (
            StatusCode::UNAUTHORIZED,
            Json(
                json!({ "code": "invalid_credentials", "message": "You have to be logged in to perform this action." }),
            ),
        )
            .into_response()
    }
}

/// LeadSquared's user lookup by access key: the user with an `Id` for the right pair, an error
/// object (HTTP 401) otherwise.
async fn leadsquared_user(
    State(state): State<FakeState>,
    Path(host): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> (StatusCode, Json<Value>) {
    state.record(
        "GET",
        format!("/leadsquared/{host}/v2/Authentication.svc/UserByAccessKey.Get"),
        &headers,
        Value::Null,
    );
    let good = q.get("accessKey").map(String::as_str) == Some(LEADSQUARED_ACCESS_KEY)
        && q.get("secretKey").map(String::as_str) == Some(LEADSQUARED_SECRET_KEY);
    if good {
        (
            StatusCode::OK,
            Json(
                json!({ "Id": LEADSQUARED_USER_ID, "FirstName": "Lena", "EmailAddress": "lena@leads.test" }),
            ),
        )
    } else {
        (
            StatusCode::UNAUTHORIZED,
            Json(
                json!({ "Status": "Error", "ExceptionType": "MXInvalidAccessKeyException", "ExceptionMessage": "Invalid Access Key or Secret Key" }),
            ),
        )
    }
}

/// A webhook receiver that records what it gets.
async fn webhook_receive(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> StatusCode {
    state.record("POST", "/webhook/receive".to_owned(), &headers, body);
    StatusCode::OK
}

/// A consent page that consents at once: back to `redirect_uri` with a fresh code and the state.
async fn oauth_authorize(
    State(state): State<FakeState>,
    Path(provider): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    state.record(
        "GET",
        format!("/oauth/{provider}/authorize"),
        &headers,
        json!(q),
    );
    let (Some(redirect), Some(st)) = (q.get("redirect_uri"), q.get("state")) else {
        return (StatusCode::BAD_REQUEST, "redirect_uri and state required").into_response();
    };
    if q.get("client_id").map(String::as_str) != Some(OAUTH_CLIENT_ID) {
        return (StatusCode::BAD_REQUEST, "unknown client_id").into_response();
    }
    let code = {
        let Ok(mut i) = state.0.lock() else {
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        };
        i.counter += 1;
        let code = format!("{provider}-code-{}", i.counter);
        i.codes.insert(code.clone(), provider.clone());
        if let Some(c) = q.get("code_challenge") {
            i.challenges.insert(code.clone(), c.clone());
        }
        code
    };
    let mut url = match url::Url::parse(redirect) {
        Ok(u) => u,
        Err(_) => return (StatusCode::BAD_REQUEST, "bad redirect_uri").into_response(),
    };
    url.query_pairs_mut()
        .append_pair("code", &code)
        .append_pair("state", st);
    if provider == "zoho" {
        // Zoho names the data centre that holds the account: here, this fake.
        let host = headers
            .get("host")
            .and_then(|h| h.to_str().ok())
            .unwrap_or("127.0.0.1");
        url.query_pairs_mut()
            .append_pair("accounts-server", &format!("http://{host}/zoho-accounts"))
            .append_pair("location", "us");
    }
    (
        StatusCode::FOUND,
        [(axum::http::header::LOCATION, url.to_string())],
    )
        .into_response()
}

/// The token endpoint: the code grant (a code the authorize page issued, once) and the refresh
/// grant, both only with the fake's client secret (in the body or as basic auth).
async fn oauth_token(
    State(state): State<FakeState>,
    Path(provider): Path<String>,
    headers: HeaderMap,
    axum::extract::Form(form): axum::extract::Form<HashMap<String, String>>,
) -> (StatusCode, Json<Value>) {
    state.record(
        "POST",
        format!("/oauth/{provider}/token"),
        &headers,
        Value::Null,
    );
    token_grant(&state, &provider, &headers, &form)
}

/// Zoho's token endpoint at the data centre the consent page named.
async fn zoho_token(
    State(state): State<FakeState>,
    headers: HeaderMap,
    axum::extract::Form(form): axum::extract::Form<HashMap<String, String>>,
) -> (StatusCode, Json<Value>) {
    state.record(
        "POST",
        "/zoho-accounts/oauth/v2/token".to_owned(),
        &headers,
        Value::Null,
    );
    token_grant(&state, "zoho", &headers, &form)
}

fn token_grant(
    state: &FakeState,
    provider: &str,
    headers: &HeaderMap,
    form: &HashMap<String, String>,
) -> (StatusCode, Json<Value>) {
    let provider = provider.to_owned();
    let basic_secret = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.split_once(':').map(|(_, p)| p.to_owned()));
    let secret_ok = form.get("client_secret").map(String::as_str) == Some(OAUTH_CLIENT_SECRET)
        || basic_secret.as_deref() == Some(OAUTH_CLIENT_SECRET);
    let invalid = |what: &str| {
        (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": what, "error_description": what })),
        )
    };
    if !secret_ok {
        return invalid("invalid_client");
    }
    let grant = form.get("grant_type").cloned().unwrap_or_default();
    let Ok(mut i) = state.0.lock() else {
        return invalid("server_error");
    };
    i.token_calls.push((provider.clone(), grant.clone()));
    let known = match grant.as_str() {
        "authorization_code" => {
            // A code issued with a PKCE challenge needs the verifier that hashes to it.
            let pkce_ok = match form.get("code").and_then(|c| i.challenges.remove(c)) {
                Some(challenge) => form.get("code_verifier").is_some_and(|v| {
                    use sha2::Digest;
                    base64::engine::general_purpose::URL_SAFE_NO_PAD
                        .encode(sha2::Sha256::digest(v.as_bytes()))
                        == challenge
                }),
                None => true,
            };
            form.get("code")
                .and_then(|c| i.codes.remove(c))
                .is_some_and(|p| p == provider)
                && pkce_ok
        }
        "refresh_token" => {
            !i.refuse_refresh.contains(&provider)
                && form
                    .get("refresh_token")
                    .and_then(|t| i.refresh_tokens.get(t))
                    .is_some_and(|p| *p == provider)
        }
        _ => return invalid("unsupported_grant_type"),
    };
    if !known {
        return invalid("invalid_grant");
    }
    i.counter += 1;
    let n = i.counter;
    let access = format!("{provider}-tok-access-{n}");
    i.access_tokens.insert(access.clone(), provider.clone());
    let mut answer = json!({ "access_token": access, "token_type": "bearer", "expires_in": 1800 });
    if provider == "salesforce" {
        let host = headers
            .get("host")
            .and_then(|h| h.to_str().ok())
            .unwrap_or("127.0.0.1");
        answer["instance_url"] = json!(format!("http://{host}/salesforce-instance"));
        // Salesforce names no lifetime.
        if let Some(o) = answer.as_object_mut() {
            o.remove("expires_in");
        }
    }
    if grant == "authorization_code" {
        let refresh = format!("{provider}-tok-refresh-{n}");
        i.refresh_tokens.insert(refresh.clone(), provider.clone());
        answer["refresh_token"] = json!(refresh);
    }
    (StatusCode::OK, Json(answer))
}

/// Where the fake's consent pages return to when the request names no `redirect_uri` (Bitrix
/// uses the application's registered address): the testkit's `oauth_redirect_url`.
pub const REGISTERED_REDIRECT: &str = "http://127.0.0.1:9/integrations";

/// A Bitrix24 portal's consent page: back to the registered address with a code, the state and
/// the portal's domain.
async fn bitrix_authorize(
    State(state): State<FakeState>,
    Path(domain): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    state.record(
        "GET",
        format!("/bitrix/{domain}/oauth/authorize/"),
        &headers,
        json!(q),
    );
    if q.get("client_id").map(String::as_str) != Some(OAUTH_CLIENT_ID) {
        return (StatusCode::BAD_REQUEST, "unknown client_id").into_response();
    }
    let Some(st) = q.get("state") else {
        return (StatusCode::BAD_REQUEST, "state required").into_response();
    };
    let code = {
        let Ok(mut i) = state.0.lock() else {
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        };
        i.counter += 1;
        let code = format!("bitrix-code-{}", i.counter);
        i.codes.insert(code.clone(), "bitrix".to_owned());
        i.portals.insert(code.clone(), domain.clone());
        code
    };
    let registered = state
        .0
        .lock()
        .ok()
        .and_then(|i| i.registered_redirect.clone())
        .unwrap_or_else(|| REGISTERED_REDIRECT.to_owned());
    let mut url = match url::Url::parse(&registered) {
        Ok(u) => u,
        Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    };
    url.query_pairs_mut()
        .append_pair("code", &code)
        .append_pair("state", st)
        .append_pair("domain", &domain);
    (
        StatusCode::FOUND,
        [(axum::http::header::LOCATION, url.to_string())],
    )
        .into_response()
}

/// Bitrix's central OAuth server: GET with the client secret in the query; refresh tokens rotate.
async fn bitrix_token(
    State(state): State<FakeState>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> (StatusCode, Json<Value>) {
    state.record(
        "GET",
        "/bitrix-oauth/oauth/token/".to_owned(),
        &headers,
        Value::Null,
    );
    let invalid = |what: &str| {
        (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": what, "error_description": what })),
        )
    };
    if q.get("client_id").map(String::as_str) != Some(OAUTH_CLIENT_ID)
        || q.get("client_secret").map(String::as_str) != Some(OAUTH_CLIENT_SECRET)
    {
        return invalid("invalid_client");
    }
    let grant = q.get("grant_type").cloned().unwrap_or_default();
    let Ok(mut i) = state.0.lock() else {
        return invalid("server_error");
    };
    i.token_calls.push(("bitrix".to_owned(), grant.clone()));
    let portal = match grant.as_str() {
        "authorization_code" => q
            .get("code")
            .filter(|c| i.codes.remove(*c).is_some())
            .and_then(|c| i.portals.remove(c)),
        "refresh_token" if !i.refuse_refresh.contains("bitrix") => q
            .get("refresh_token")
            .filter(|t| i.refresh_tokens.remove(*t).is_some())
            .and_then(|t| i.portals.remove(t)),
        "refresh_token" => None,
        _ => return invalid("unsupported_grant_type"),
    };
    let Some(portal) = portal else {
        return invalid("invalid_grant");
    };
    i.counter += 1;
    let n = i.counter;
    let refresh = format!("bitrix-tok-refresh-{n}");
    i.refresh_tokens
        .insert(refresh.clone(), "bitrix".to_owned());
    i.portals.insert(refresh.clone(), portal.clone());
    let access = format!("bitrix-tok-access-{n}");
    i.access_tokens.insert(access.clone(), "bitrix".to_owned());
    let client_endpoint = if i.bitrix_rest_on_fake {
        let host = headers
            .get("host")
            .and_then(|h| h.to_str().ok())
            .unwrap_or("127.0.0.1");
        format!("http://{host}/bitrix/{portal}/rest/")
    } else {
        format!("https://{portal}/rest/")
    };
    (
        StatusCode::OK,
        Json(json!({
            "access_token": access,
            "refresh_token": refresh,
            "expires_in": 3600,
            "client_endpoint": client_endpoint,
            "domain": portal,
            "member_id": "m-1",
        })),
    )
}

/// Salesforce's login host: the consent page and the token endpoint under its own prefix.
async fn salesforce_authorize(
    state: State<FakeState>,
    q: Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> axum::response::Response {
    oauth_authorize(state, Path("salesforce".to_owned()), q, headers).await
}

async fn salesforce_token(
    State(state): State<FakeState>,
    headers: HeaderMap,
    axum::extract::Form(form): axum::extract::Form<HashMap<String, String>>,
) -> (StatusCode, Json<Value>) {
    state.record(
        "POST",
        "/salesforce-login/services/oauth2/token".to_owned(),
        &headers,
        Value::Null,
    );
    token_grant(&state, "salesforce", &headers, &form)
}

/// The bearer token of a Google Sheets call when it is one the fake's Google token endpoint
/// issued (`google-tok-access-<n>`).
fn google_bearer(headers: &HeaderMap) -> bool {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .is_some_and(|t| t.starts_with("google-tok-access-"))
}

fn google_unauthenticated() -> (StatusCode, Json<Value>) {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({ "error": { "code": 401, "status": "UNAUTHENTICATED" } })),
    )
}

/// Google Sheets `POST /v4/spreadsheets`: a new, empty spreadsheet with the requested title and
/// first sheet.
async fn google_create_spreadsheet(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    state.record(
        "POST",
        "/google-sheets/v4/spreadsheets".to_owned(),
        &headers,
        body.clone(),
    );
    if !google_bearer(&headers) {
        return google_unauthenticated();
    }
    let Ok(mut i) = state.0.lock() else {
        return (StatusCode::INTERNAL_SERVER_ERROR, Json(Value::Null));
    };
    i.counter += 1;
    let id = format!("fake-sheet-{}", i.counter);
    i.sheets.insert(id.clone(), Vec::new());
    let title = body["properties"]["title"].as_str().unwrap_or("Untitled");
    let sheet = body["sheets"][0]["properties"]["title"]
        .as_str()
        .unwrap_or("Sheet1");
    (
        StatusCode::OK,
        Json(json!({
            "spreadsheetId": id,
            "properties": { "title": title },
            "sheets": [{ "properties": { "sheetId": 0, "title": sheet } }],
            "spreadsheetUrl": format!("https://docs.google.com/spreadsheets/d/{id}/edit"),
        })),
    )
}

/// Google Sheets `POST /v4/spreadsheets/{id}/values/{range}:append`: records the rows.
async fn google_values(
    State(state): State<FakeState>,
    Path((id, range)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    state.record(
        "POST",
        format!("/google-sheets/v4/spreadsheets/{id}/values/{range}"),
        &headers,
        body.clone(),
    );
    if !google_bearer(&headers) {
        return google_unauthenticated();
    }
    let Some(sheet) = range.strip_suffix(":append") else {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({ "error": { "code": 404 } })),
        );
    };
    let Ok(mut i) = state.0.lock() else {
        return (StatusCode::INTERNAL_SERVER_ERROR, Json(Value::Null));
    };
    let Some(rows) = i.sheets.get_mut(&id) else {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({ "error": { "code": 404 } })),
        );
    };
    let new: Vec<Vec<Value>> = body["values"]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|row| row.as_array().cloned().unwrap_or_default())
                .collect()
        })
        .unwrap_or_default();
    let count = new.len();
    rows.extend(new);
    (
        StatusCode::OK,
        Json(json!({
            "spreadsheetId": id,
            "updates": { "updatedRange": sheet, "updatedRows": count },
        })),
    )
}

/// Whether `headers` carry a live Salesforce access token; else Salesforce's 401 answer.
fn salesforce_bearer(
    state: &FakeState,
    headers: &HeaderMap,
) -> Result<(), (StatusCode, Json<Value>)> {
    let token = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let live = state.0.lock().is_ok_and(|i| {
        token
            .and_then(|t| i.access_tokens.get(t))
            .is_some_and(|p| p == "salesforce")
    });
    if live {
        Ok(())
    } else {
        Err((
            StatusCode::UNAUTHORIZED,
            Json(
                json!([{ "message": "Session expired or invalid", "errorCode": "INVALID_SESSION_ID" }]),
            ),
        ))
    }
}

/// The org's SOQL endpoint: answers the record types query and the contact lookups
/// [`salesforce_contact_query`] evaluates.
async fn salesforce_query(
    State(state): State<FakeState>,
    Path(version): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    use axum::response::IntoResponse;
    let soql = q.get("q").cloned().unwrap_or_default();
    state.record(
        "GET",
        format!("/salesforce-instance/services/data/{version}/query"),
        &headers,
        json!({ "q": soql }),
    );
    if soql.starts_with("SELECT Id FROM Contact") {
        if let Some(r) = crm_limited(&state, "salesforce") {
            return r;
        }
    }
    if let Err(e) = salesforce_bearer(&state, &headers) {
        return e.into_response();
    }
    if soql.starts_with("SELECT Id FROM Contact") {
        return match salesforce_contact_query(&state, &soql) {
            Some(records) => reply(
                StatusCode::OK,
                json!({ "totalSize": records.len(), "done": true, "records": records }),
            ),
            None => salesforce_error("MALFORMED_QUERY", "unsupported query"),
        };
    }
    if !soql.starts_with("SELECT Id, Name, DeveloperName FROM RecordType") {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!([{ "message": "unsupported query", "errorCode": "MALFORMED_QUERY" }])),
        )
            .into_response();
    }
    let records: Vec<Value> = SALESFORCE_RECORD_TYPES
        .iter()
        .map(|(id, name, dev)| {
            json!({
                "attributes": { "type": "RecordType", "url": format!("/services/data/{version}/sobjects/RecordType/{id}") },
                "Id": id, "Name": name, "DeveloperName": dev,
            })
        })
        .collect();
    (
        StatusCode::OK,
        Json(json!({ "totalSize": records.len(), "done": true, "records": records })),
    )
        .into_response()
}

/// The UI API's object info: `User` with a few fields, for a known record type.
async fn salesforce_object_info(
    State(state): State<FakeState>,
    Path((version, object)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> (StatusCode, Json<Value>) {
    state.record(
        "GET",
        format!("/salesforce-instance/services/data/{version}/ui-api/object-info/{object}"),
        &headers,
        json!(q),
    );
    if let Err(e) = salesforce_bearer(&state, &headers) {
        return e;
    }
    let known_type = q
        .get("recordTypeId")
        .is_some_and(|id| SALESFORCE_RECORD_TYPES.iter().any(|(rt, _, _)| rt == id));
    if object != "User" || !known_type {
        return (
            StatusCode::NOT_FOUND,
            Json(json!([{ "message": "not found", "errorCode": "NOT_FOUND" }])),
        );
    }
    let field = |api: &str, label: &str, ty: &str| json!({ "apiName": api, "label": label, "dataType": ty, "updateable": true });
    (
        StatusCode::OK,
        Json(json!({
            "apiName": "User",
            "label": "User",
            "fields": {
                "MobilePhone": field("MobilePhone", "Mobile", "Phone"),
                "Phone": field("Phone", "Phone", "Phone"),
                "Name": field("Name", "Full Name", "String"),
            },
        })),
    )
}

// ---------------------------------------------------------------------------------------------
// CRM APIs: contacts found or created by phone and the chat activity logged on them.
// ---------------------------------------------------------------------------------------------

type Reply = axum::response::Response;

fn reply(status: StatusCode, body: Value) -> Reply {
    use axum::response::IntoResponse;
    (status, Json(body)).into_response()
}

/// The digits of a phone number, how the fakes compare numbers that CRMs normalise.
fn phone_digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

fn same_phone(a: &str, b: &str) -> bool {
    let a = phone_digits(a);
    !a.is_empty() && a == phone_digits(b)
}

/// `v` as an id string (a string, or a number written out).
fn id_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Runs `f` on `provider`'s records and the id counter.
fn with_crm<R>(state: &FakeState, provider: &str, f: impl FnOnce(&mut Crm, &mut u64) -> R) -> R {
    let mut guard = state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let Inner { crm, counter, .. } = &mut *guard;
    f(crm.entry(provider.to_owned()).or_default(), counter)
}

/// The contact of `provider` with id `id`.
fn crm_contact(state: &FakeState, provider: &str, id: &str) -> Option<Value> {
    with_crm(state, provider, |c, _| {
        c.contacts
            .iter()
            .find(|x| id_of(&x["id"]).as_deref() == Some(id))
            .cloned()
    })
}

/// Stores `contact` with the next id (`<prefix><n, 15 digits>` when a prefix is given) as `id`
/// and under the `also` names, and answers the id.
fn add_contact(
    state: &FakeState,
    provider: &str,
    mut contact: Value,
    prefix: Option<&str>,
    also: &[&str],
) -> String {
    with_crm(state, provider, |c, counter| {
        *counter += 1;
        let id = match prefix {
            Some(p) => format!("{p}{:015}", *counter),
            None => counter.to_string(),
        };
        contact["id"] = json!(id);
        for name in also {
            contact[*name] = json!(id);
        }
        c.contacts.push(contact);
        id
    })
}

/// Stores an activity (the contact id and the body included by the caller) with the next id.
fn add_activity(
    state: &FakeState,
    provider: &str,
    mut activity: Value,
    prefix: Option<&str>,
) -> String {
    with_crm(state, provider, |c, counter| {
        *counter += 1;
        let id = match prefix {
            Some(p) => format!("{p}{:015}", *counter),
            None => counter.to_string(),
        };
        activity["id"] = json!(id);
        c.activities.push(activity);
        id
    })
}

/// Counts one call against a `rate_limit`: the 429 answer while calls remain limited.
fn crm_limited(state: &FakeState, provider: &str) -> Option<Reply> {
    use axum::response::IntoResponse;
    let limited = with_crm(state, provider, |c, _| {
        if c.rate_limited > 0 {
            c.rate_limited -= 1;
            true
        } else {
            false
        }
    });
    limited.then(|| {
        (
            StatusCode::TOO_MANY_REQUESTS,
            [(axum::http::header::RETRY_AFTER, "1")],
            Json(json!({ "error": "rate_limited", "message": "Too many requests" })),
        )
            .into_response()
    })
}

/// The token after `scheme` (e.g. `Bearer `) in the authorization header.
fn token_after<'h>(headers: &'h HeaderMap, scheme: &str) -> Option<&'h str> {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix(scheme))
}

/// Whether `token` is a live access token the fake issued to `provider`.
fn live_token(state: &FakeState, provider: &str, token: Option<&str>) -> bool {
    state.0.lock().is_ok_and(|i| {
        token
            .and_then(|t| i.access_tokens.get(t))
            .is_some_and(|p| p == provider)
    })
}

/// The basic-auth user name of `headers`.
fn basic_user(headers: &HeaderMap) -> Option<String> {
    token_after(headers, "Basic ")
        .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.split_once(':').map(|(u, _)| u.to_owned()))
}

/// 429 while `provider` is rate limited, else `refused` when the call is not `authorised`.
fn crm_gate(
    state: &FakeState,
    provider: &str,
    authorised: bool,
    refused: impl FnOnce() -> Reply,
) -> Option<Reply> {
    if let Some(r) = crm_limited(state, provider) {
        return Some(r);
    }
    (!authorised).then(refused)
}

fn hubspot_401() -> Reply {
    reply(
        StatusCode::UNAUTHORIZED,
        json!({ "status": "error", "category": "EXPIRED_AUTHENTICATION", "message": "The OAuth token used to make this call expired." }),
    )
}

fn hubspot_gate(state: &FakeState, path: &str, headers: &HeaderMap, body: &Value) -> Option<Reply> {
    state.record("POST", format!("/hubspot-api{path}"), headers, body.clone());
    let ok = live_token(state, "hubspot", token_after(headers, "Bearer "));
    crm_gate(state, "hubspot", ok, hubspot_401)
}

/// HubSpot contact search: filter groups are ORed, a group's filters ANDed; `EQ` only.
async fn hubspot_search(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/contacts/search", &headers, &body) {
        return r;
    }
    let groups = body["filterGroups"].as_array().cloned().unwrap_or_default();
    let matches = |c: &Value| {
        groups.iter().any(|g| {
            g["filters"].as_array().is_some_and(|fs| {
                !fs.is_empty()
                    && fs.iter().all(|f| {
                        f["operator"] == "EQ"
                            && f["propertyName"]
                                .as_str()
                                .is_some_and(|p| c["properties"][p] == f["value"])
                    })
            })
        })
    };
    let results: Vec<Value> = with_crm(&state, "hubspot", |c, _| {
        c.contacts.iter().filter(|x| matches(x)).cloned().collect()
    });
    reply(
        StatusCode::OK,
        json!({ "total": results.len(), "results": results }),
    )
}

/// HubSpot contact creation.
async fn hubspot_create_contact(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/contacts", &headers, &body) {
        return r;
    }
    if !body["properties"].is_object() {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR" }),
        );
    }
    let contact = json!({ "properties": body["properties"] });
    let id = add_contact(&state, "hubspot", contact, None, &[]);
    reply(
        StatusCode::CREATED,
        json!({ "id": id, "properties": body["properties"] }),
    )
}

/// HubSpot note creation: needs a body, a timestamp and a note-to-contact association (202) to
/// a contact that exists.
async fn hubspot_create_note(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = hubspot_gate(&state, "/crm/v3/objects/notes", &headers, &body) {
        return r;
    }
    let contact_id = body["associations"][0]["to"]["id"]
        .as_str()
        .map(str::to_owned);
    let to_contact = body["associations"][0]["types"][0]["associationTypeId"] == 202;
    let props = &body["properties"];
    let Some(contact_id) =
        contact_id.filter(|id| to_contact && crm_contact(&state, "hubspot", id).is_some())
    else {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR", "message": "association target not found" }),
        );
    };
    if !props["hs_note_body"].is_string() || props["hs_timestamp"].is_null() {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "status": "error", "category": "VALIDATION_ERROR" }),
        );
    }
    let id = add_activity(
        &state,
        "hubspot",
        json!({ "contact_id": contact_id, "body": props["hs_note_body"], "timestamp": props["hs_timestamp"] }),
        None,
    );
    reply(
        StatusCode::CREATED,
        json!({ "id": id, "properties": props }),
    )
}

fn zoho_gate(
    state: &FakeState,
    method: &str,
    path: &str,
    headers: &HeaderMap,
    body: Value,
) -> Option<Reply> {
    state.record(method, format!("/zoho-api{path}"), headers, body);
    let ok = live_token(state, "zoho", token_after(headers, "Zoho-oauthtoken "));
    crm_gate(state, "zoho", ok, || {
        reply(
            StatusCode::UNAUTHORIZED,
            json!({ "code": "INVALID_TOKEN", "details": {}, "message": "invalid oauth token", "status": "error" }),
        )
    })
}

/// Zoho's contact search by phone: 204 with no body when nothing matches.
async fn zoho_search(
    State(state): State<FakeState>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    if let Some(r) = zoho_gate(&state, "GET", "/crm/v2/Contacts/search", &headers, json!(q)) {
        return r;
    }
    let Some(phone) = q.get("phone") else {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "code": "REQUIRED_PARAM_MISSING", "status": "error" }),
        );
    };
    let found: Vec<Value> = with_crm(&state, "zoho", |c, _| {
        c.contacts
            .iter()
            .filter(|x| {
                ["Phone", "Mobile"]
                    .iter()
                    .any(|f| x[f].as_str().is_some_and(|p| same_phone(p, phone)))
            })
            .cloned()
            .collect()
    });
    if found.is_empty() {
        use axum::response::IntoResponse;
        return StatusCode::NO_CONTENT.into_response();
    }
    reply(
        StatusCode::OK,
        json!({ "data": found, "info": { "count": found.len(), "more_records": false } }),
    )
}

fn zoho_created(id: &str) -> Reply {
    reply(
        StatusCode::CREATED,
        json!({ "data": [{ "code": "SUCCESS", "details": { "id": id }, "message": "record added", "status": "success" }] }),
    )
}

fn zoho_invalid(what: &str) -> Reply {
    reply(
        StatusCode::BAD_REQUEST,
        json!({ "data": [{ "code": "MANDATORY_NOT_FOUND", "details": { "api_name": what }, "message": "required field not found", "status": "error" }] }),
    )
}

/// Zoho contact creation (`Last_Name` is mandatory).
async fn zoho_create_contact(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = zoho_gate(&state, "POST", "/crm/v2/Contacts", &headers, body.clone()) {
        return r;
    }
    let record = body["data"][0].clone();
    if !record["Last_Name"].is_string() {
        return zoho_invalid("Last_Name");
    }
    zoho_created(&add_contact(&state, "zoho", record, None, &[]))
}

/// Zoho note creation on a contact that exists.
async fn zoho_create_note(
    State(state): State<FakeState>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = zoho_gate(&state, "POST", "/crm/v2/Notes", &headers, body.clone()) {
        return r;
    }
    let note = &body["data"][0];
    let parent = note["Parent_Id"].as_str().unwrap_or_default().to_owned();
    if note["se_module"] != "Contacts" || crm_contact(&state, "zoho", &parent).is_none() {
        return zoho_invalid("Parent_Id");
    }
    if !note["Note_Content"].is_string() {
        return zoho_invalid("Note_Content");
    }
    let id = add_activity(
        &state,
        "zoho",
        json!({ "contact_id": parent, "body": note["Note_Content"], "title": note["Note_Title"] }),
        None,
    );
    zoho_created(&id)
}

/// One condition of the SOQL subset the fake org evaluates.
enum Soql {
    Eq(String, String),
    And(Box<Soql>, Box<Soql>),
    Or(Box<Soql>, Box<Soql>),
}

#[derive(Debug, PartialEq)]
enum SoqlToken {
    Open,
    Close,
    Equals,
    Text(String),
    Word(String),
}

fn soql_tokens(s: &str) -> Option<Vec<SoqlToken>> {
    let mut out = Vec::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\n' | '\t' => {}
            '(' => out.push(SoqlToken::Open),
            ')' => out.push(SoqlToken::Close),
            '=' => out.push(SoqlToken::Equals),
            '\'' => {
                let mut text = String::new();
                loop {
                    match chars.next()? {
                        '\'' => break,
                        '\\' => text.push(match chars.next()? {
                            'n' => '\n',
                            'r' => '\r',
                            't' => '\t',
                            other => other,
                        }),
                        other => text.push(other),
                    }
                }
                out.push(SoqlToken::Text(text));
            }
            c if c.is_ascii_alphanumeric() || c == '_' => {
                let mut word = c.to_string();
                while let Some(&n) = chars.peek() {
                    if n.is_ascii_alphanumeric() || n == '_' || n == '.' {
                        word.push(n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push(SoqlToken::Word(word));
            }
            _ => return None,
        }
    }
    Some(out)
}

fn soql_keyword(t: Option<&SoqlToken>, kw: &str) -> bool {
    matches!(t, Some(SoqlToken::Word(w)) if w.eq_ignore_ascii_case(kw))
}

fn soql_or(t: &[SoqlToken], at: &mut usize) -> Option<Soql> {
    let mut left = soql_and(t, at)?;
    while soql_keyword(t.get(*at), "OR") {
        *at += 1;
        left = Soql::Or(Box::new(left), Box::new(soql_and(t, at)?));
    }
    Some(left)
}

fn soql_and(t: &[SoqlToken], at: &mut usize) -> Option<Soql> {
    let mut left = soql_atom(t, at)?;
    while soql_keyword(t.get(*at), "AND") {
        *at += 1;
        left = Soql::And(Box::new(left), Box::new(soql_atom(t, at)?));
    }
    Some(left)
}

fn soql_atom(t: &[SoqlToken], at: &mut usize) -> Option<Soql> {
    match t.get(*at)? {
        SoqlToken::Open => {
            *at += 1;
            let inner = soql_or(t, at)?;
            (t.get(*at)? == &SoqlToken::Close).then_some(())?;
            *at += 1;
            Some(inner)
        }
        SoqlToken::Word(field) => match (t.get(*at + 1)?, t.get(*at + 2)?) {
            (SoqlToken::Equals, SoqlToken::Text(v)) => {
                *at += 3;
                Some(Soql::Eq(field.clone(), v.clone()))
            }
            _ => None,
        },
        _ => None,
    }
}

fn soql_holds(c: &Soql, record: &Value) -> bool {
    match c {
        Soql::Eq(f, v) => record[f].as_str() == Some(v.as_str()),
        Soql::And(a, b) => soql_holds(a, record) && soql_holds(b, record),
        Soql::Or(a, b) => soql_holds(a, record) || soql_holds(b, record),
    }
}

/// `SELECT Id FROM Contact WHERE <conditions> [ORDER BY <field>] [LIMIT <n>]` over the fake
/// org's contacts: `=` on string literals, AND, OR and parentheses. None for anything else.
fn salesforce_contact_query(state: &FakeState, soql: &str) -> Option<Vec<Value>> {
    let rest = soql.strip_prefix("SELECT Id FROM Contact WHERE ")?;
    let tokens = soql_tokens(rest)?;
    let mut at = 0;
    let cond = soql_or(&tokens, &mut at)?;
    if soql_keyword(tokens.get(at), "ORDER") && soql_keyword(tokens.get(at + 1), "BY") {
        matches!(tokens.get(at + 2), Some(SoqlToken::Word(_))).then_some(())?;
        at += 3;
    }
    let mut limit = usize::MAX;
    if soql_keyword(tokens.get(at), "LIMIT") {
        match tokens.get(at + 1) {
            Some(SoqlToken::Word(n)) => limit = n.parse().ok()?,
            _ => return None,
        }
        at += 2;
    }
    (at == tokens.len()).then_some(())?;
    Some(with_crm(state, "salesforce", |c, _| {
        c.contacts
            .iter()
            .filter(|x| soql_holds(&cond, x))
            .take(limit)
            .map(|x| json!({ "attributes": { "type": "Contact" }, "Id": x["id"] }))
            .collect()
    }))
}

/// The Contact fields the fake org has.
const SALESFORCE_CONTACT_FIELDS: &[&str] = &[
    "FirstName",
    "LastName",
    "Phone",
    "MobilePhone",
    "HomePhone",
    "OtherPhone",
    "AssistantPhone",
    "RecordTypeId",
];

fn salesforce_error(code: &str, message: &str) -> Reply {
    reply(
        StatusCode::BAD_REQUEST,
        json!([{ "message": message, "errorCode": code, "fields": [] }]),
    )
}

/// `sobjects/Contact` and `sobjects/Task` creation in the fake org.
async fn salesforce_create(
    State(state): State<FakeState>,
    Path((version, object)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    state.record(
        "POST",
        format!("/salesforce-instance/services/data/{version}/sobjects/{object}"),
        &headers,
        body.clone(),
    );
    if let Some(r) = crm_limited(&state, "salesforce") {
        return r;
    }
    if let Err((s, b)) = salesforce_bearer(&state, &headers) {
        return reply(s, b.0);
    }
    let Some(fields) = body.as_object() else {
        return salesforce_error("JSON_PARSER_ERROR", "not an object");
    };
    let created = |id: String| {
        reply(
            StatusCode::CREATED,
            json!({ "id": id, "success": true, "errors": [] }),
        )
    };
    match object.as_str() {
        "Contact" => {
            if let Some(bad) = fields
                .keys()
                .find(|k| !SALESFORCE_CONTACT_FIELDS.contains(&k.as_str()))
            {
                return salesforce_error(
                    "INVALID_FIELD",
                    &format!("No such column '{bad}' on sobject of type Contact"),
                );
            }
            if body["LastName"].as_str().is_none_or(str::is_empty) {
                return salesforce_error(
                    "REQUIRED_FIELD_MISSING",
                    "Required fields are missing: [LastName]",
                );
            }
            if let Some(rt) = body.get("RecordTypeId") {
                if !SALESFORCE_RECORD_TYPES.iter().any(|(id, _, _)| rt == id) {
                    return salesforce_error(
                        "INVALID_CROSS_REFERENCE_KEY",
                        "Record Type ID: this ID value isn't valid for the user",
                    );
                }
            }
            created(add_contact(
                &state,
                "salesforce",
                body.clone(),
                Some("003"),
                &["Id"],
            ))
        }
        "Task" => {
            let who = body["WhoId"].as_str().unwrap_or_default().to_owned();
            if crm_contact(&state, "salesforce", &who).is_none() {
                return salesforce_error(
                    "INVALID_CROSS_REFERENCE_KEY",
                    "Name ID: id value of incorrect type",
                );
            }
            if !body["Subject"].is_string() || !body["Status"].is_string() {
                return salesforce_error(
                    "REQUIRED_FIELD_MISSING",
                    "Required fields are missing: [Subject, Status]",
                );
            }
            let id = add_activity(
                &state,
                "salesforce",
                json!({
                    "contact_id": who,
                    "body": body["Description"],
                    "subject": body["Subject"],
                    "activity_date": body["ActivityDate"],
                    "status": body["Status"],
                }),
                Some("00T"),
            );
            created(id)
        }
        _ => reply(
            StatusCode::NOT_FOUND,
            json!([{ "message": "The requested resource does not exist", "errorCode": "NOT_FOUND" }]),
        ),
    }
}

/// A Bitrix24 portal's REST methods (`{method}.json?auth=<token>`): contact list by phone,
/// contact creation and timeline comments. An unknown token is 401 `expired_token` when it is
/// one the fake issued, `invalid_token` otherwise.
async fn bitrix_rest(
    State(state): State<FakeState>,
    Path((domain, method)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> Reply {
    let body = body.map(|Json(b)| b).unwrap_or(Value::Null);
    let token = q.get("auth").map(String::as_str);
    let ok = live_token(&state, "bitrix", token);
    let issued = token.is_some_and(|t| t.starts_with("bitrix-tok-access-"));
    state.record(
        "POST",
        format!("/bitrix/{domain}/rest/{method}"),
        &headers,
        body.clone(),
    );
    if let Some(r) = crm_gate(&state, "bitrix", ok, || {
        let error = if issued {
            "expired_token"
        } else {
            "invalid_token"
        };
        reply(
            StatusCode::UNAUTHORIZED,
            json!({ "error": error, "error_description": "The access token provided is not valid." }),
        )
    }) {
        return r;
    }
    let invalid = |what: &str| {
        reply(
            StatusCode::BAD_REQUEST,
            json!({ "error": "ERROR_CORE", "error_description": what }),
        )
    };
    let fields = &body["fields"];
    match method.strip_suffix(".json").unwrap_or(&method) {
        "crm.contact.list" => {
            let phone = body["filter"]["PHONE"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let found: Vec<Value> = with_crm(&state, "bitrix", |c, _| {
                c.contacts
                    .iter()
                    .filter(|x| {
                        x["PHONE"].as_array().is_some_and(|ps| {
                            ps.iter()
                                .any(|p| p["VALUE"].as_str().is_some_and(|v| same_phone(v, &phone)))
                        })
                    })
                    .map(|x| json!({ "ID": x["id"] }))
                    .collect()
            });
            reply(
                StatusCode::OK,
                json!({ "result": found, "total": found.len() }),
            )
        }
        "crm.contact.add" => {
            if !fields.is_object() {
                return invalid("fields required");
            }
            let id = add_contact(&state, "bitrix", fields.clone(), None, &["ID"]);
            reply(
                StatusCode::OK,
                json!({ "result": id.parse::<u64>().map_or(json!(id), |n| json!(n)) }),
            )
        }
        "crm.timeline.comment.add" => {
            let entity = id_of(&fields["ENTITY_ID"]).unwrap_or_default();
            if fields["ENTITY_TYPE"] != "contact"
                || crm_contact(&state, "bitrix", &entity).is_none()
            {
                return invalid("Entity not found");
            }
            if fields["COMMENT"].as_str().is_none_or(str::is_empty) {
                return invalid("COMMENT is empty");
            }
            let id = add_activity(
                &state,
                "bitrix",
                json!({ "contact_id": entity, "body": fields["COMMENT"] }),
                None,
            );
            reply(
                StatusCode::OK,
                json!({ "result": id.parse::<u64>().map_or(json!(id), |n| json!(n)) }),
            )
        }
        _ => reply(
            StatusCode::NOT_FOUND,
            json!({ "error": "ERROR_METHOD_NOT_FOUND", "error_description": "Method not found!" }),
        ),
    }
}

fn freshdesk_gate(
    state: &FakeState,
    method: &str,
    domain: &str,
    path: &str,
    headers: &HeaderMap,
    body: Value,
) -> Option<Reply> {
    let ok = basic_user(headers).as_deref() == Some(FRESHDESK_API_KEY);
    let missing = domain == FRESHDESK_MISSING_DOMAIN;
    state.record(
        method,
        format!("/freshdesk/{domain}/api/v2{path}"),
        headers,
        body,
    );
    crm_gate(state, "freshdesk", ok && !missing, move || {
        if missing {
            reply(StatusCode::NOT_FOUND, json!({ "code": "not_found" }))
        } else {
            reply(
                StatusCode::UNAUTHORIZED,
                json!({ "code": "invalid_credentials", "message": "You have to be logged in to perform this action." }),
            )
        }
    })
}

/// Freshdesk contacts: the list filtered by `phone`, and creation (a name and a phone, mobile
/// or email are required).
async fn freshdesk_contacts(
    State(state): State<FakeState>,
    Path(domain): Path<String>,
    method: axum::http::Method,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Option<Json<Value>>,
) -> Reply {
    let body = body.map(|Json(b)| b).unwrap_or(Value::Null);
    if method == axum::http::Method::GET {
        if let Some(r) = freshdesk_gate(&state, "GET", &domain, "/contacts", &headers, json!(q)) {
            return r;
        }
        let phone = q.get("phone").cloned().unwrap_or_default();
        let found: Vec<Value> = with_crm(&state, "freshdesk", |c, _| {
            c.contacts
                .iter()
                .filter(|x| {
                    phone.is_empty()
                        || ["phone", "mobile"]
                            .iter()
                            .any(|f| x[f].as_str().is_some_and(|p| same_phone(p, &phone)))
                })
                .cloned()
                .collect()
        });
        return reply(StatusCode::OK, json!(found));
    }
    if let Some(r) = freshdesk_gate(&state, "POST", &domain, "/contacts", &headers, body.clone()) {
        return r;
    }
    let reachable = ["phone", "mobile", "email"]
        .iter()
        .any(|f| body[f].is_string());
    if !body["name"].is_string() || !reachable {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "description": "Validation failed", "errors": [{ "field": "name", "code": "missing_field" }] }),
        );
    }
    let mut contact = body.clone();
    let id = add_contact(&state, "freshdesk", body, None, &[]);
    contact["id"] = json!(id.parse::<u64>().unwrap_or_default());
    reply(StatusCode::CREATED, contact)
}

/// Freshdesk ticket creation for a requester that exists.
async fn freshdesk_create_ticket(
    State(state): State<FakeState>,
    Path(domain): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = freshdesk_gate(&state, "POST", &domain, "/tickets", &headers, body.clone()) {
        return r;
    }
    let requester = id_of(&body["requester_id"]).unwrap_or_default();
    if crm_contact(&state, "freshdesk", &requester).is_none() || !body["subject"].is_string() {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "description": "Validation failed", "errors": [{ "field": "requester_id", "code": "invalid_value" }] }),
        );
    }
    let ticket = with_crm(&state, "freshdesk", |c, counter| {
        *counter += 1;
        let mut t = body.clone();
        t["id"] = json!(*counter);
        t["status"] = body.get("status").cloned().unwrap_or(json!(2));
        c.tickets.push(t.clone());
        t
    });
    reply(StatusCode::CREATED, ticket)
}

/// A note on a Freshdesk ticket that exists; recorded as an activity of the ticket's requester.
async fn freshdesk_create_note(
    State(state): State<FakeState>,
    Path((domain, ticket)): Path<(String, String)>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    let path = format!("/tickets/{ticket}/notes");
    if let Some(r) = freshdesk_gate(&state, "POST", &domain, &path, &headers, body.clone()) {
        return r;
    }
    let requester = with_crm(&state, "freshdesk", |c, _| {
        c.tickets
            .iter()
            .find(|t| id_of(&t["id"]).as_deref() == Some(ticket.as_str()))
            .and_then(|t| id_of(&t["requester_id"]))
    });
    let Some(requester) = requester else {
        return reply(StatusCode::NOT_FOUND, json!({ "code": "not_found" }));
    };
    if body["body"].as_str().is_none_or(str::is_empty) {
        return reply(
            StatusCode::BAD_REQUEST,
            json!({ "description": "Validation failed", "errors": [{ "field": "body", "code": "missing_field" }] }),
        );
    }
    let id = add_activity(
        &state,
        "freshdesk",
        json!({ "contact_id": requester, "ticket_id": ticket, "body": body["body"], "private": body["private"] }),
        None,
    );
    reply(
        StatusCode::CREATED,
        json!({ "id": id.parse::<u64>().unwrap_or_default(), "ticket_id": ticket, "body": body["body"] }),
    )
}

fn leadsquared_gate(
    state: &FakeState,
    method: &str,
    host: &str,
    path: &str,
    q: &HashMap<String, String>,
    headers: &HeaderMap,
    body: Value,
) -> Option<Reply> {
    let ok = q.get("accessKey").map(String::as_str) == Some(LEADSQUARED_ACCESS_KEY)
        && q.get("secretKey").map(String::as_str) == Some(LEADSQUARED_SECRET_KEY);
    state.record(
        method,
        format!("/leadsquared/{host}/v2{path}"),
        headers,
        body,
    );
    crm_gate(state, "leadsquared", ok, || {
        reply(
            StatusCode::UNAUTHORIZED,
            json!({ "Status": "Error", "ExceptionType": "MXInvalidAccessKeyException", "ExceptionMessage": "Invalid Access Key or Secret Key" }),
        )
    })
}

fn leadsquared_error(message: &str) -> Reply {
    reply(
        StatusCode::BAD_REQUEST,
        json!({ "Status": "Error", "ExceptionType": "MXInvalidInputException", "ExceptionMessage": message }),
    )
}

/// LeadSquared's lead lookup by phone.
async fn leadsquared_by_phone(
    State(state): State<FakeState>,
    Path(host): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Reply {
    let asked = json!({ "phone": q.get("phone") });
    if let Some(r) = leadsquared_gate(
        &state,
        "GET",
        &host,
        "/LeadManagement.svc/RetrieveLeadByPhoneNumber",
        &q,
        &headers,
        asked,
    ) {
        return r;
    }
    let phone = q.get("phone").cloned().unwrap_or_default();
    let found: Vec<Value> = with_crm(&state, "leadsquared", |c, _| {
        c.contacts
            .iter()
            .filter(|x| {
                ["Phone", "Mobile"]
                    .iter()
                    .any(|f| x[f].as_str().is_some_and(|p| same_phone(p, &phone)))
            })
            .cloned()
            .collect()
    });
    reply(StatusCode::OK, json!(found))
}

/// LeadSquared lead creation from an attribute list (a `Phone` or `EmailAddress` is required).
async fn leadsquared_create_lead(
    State(state): State<FakeState>,
    Path(host): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = leadsquared_gate(
        &state,
        "POST",
        &host,
        "/LeadManagement.svc/Lead.Create",
        &q,
        &headers,
        body.clone(),
    ) {
        return r;
    }
    let mut lead = serde_json::Map::new();
    for attr in body.as_array().into_iter().flatten() {
        if let (Some(name), Some(value)) = (attr["Attribute"].as_str(), attr.get("Value")) {
            lead.insert(name.to_owned(), value.clone());
        }
    }
    if !lead.contains_key("Phone") && !lead.contains_key("EmailAddress") {
        return leadsquared_error("A lead needs a Phone or an EmailAddress");
    }
    let id = add_contact(
        &state,
        "leadsquared",
        Value::Object(lead),
        Some("ls-lead-"),
        &["ProspectID"],
    );
    reply(
        StatusCode::OK,
        json!({ "Status": "Success", "Message": { "Id": id, "AffectedRows": 1 } }),
    )
}

/// LeadSquared activity creation on a lead that exists.
async fn leadsquared_create_activity(
    State(state): State<FakeState>,
    Path(host): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Reply {
    if let Some(r) = leadsquared_gate(
        &state,
        "POST",
        &host,
        "/ProspectActivity.svc/Create",
        &q,
        &headers,
        body.clone(),
    ) {
        return r;
    }
    let lead = body["RelatedProspectId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    if crm_contact(&state, "leadsquared", &lead).is_none() {
        return leadsquared_error("RelatedProspectId: no such lead");
    }
    if body["ActivityEvent"].as_i64().is_none() || !body["ActivityNote"].is_string() {
        return leadsquared_error("ActivityEvent and ActivityNote are required");
    }
    let id = add_activity(
        &state,
        "leadsquared",
        json!({
            "contact_id": lead,
            "body": body["ActivityNote"],
            "event": body["ActivityEvent"],
            "at": body["ActivityDateTime"],
        }),
        Some("ls-act-"),
    );
    reply(
        StatusCode::OK,
        json!({ "Status": "Success", "Message": { "Id": id } }),
    )
}
