//! Fake providers for tests and local runs: one axum server on port 0 that answers just enough
//! like Freshdesk, LeadSquared and a webhook receiver for the server's connectors to be driven
//! end to end without the internet. Each provider lives under its own path prefix; the server's
//! configured base URLs point there (`{base}/freshdesk/{domain}`, `{base}/leadsquared/{host}`).
//! Every request is recorded so tests can prove what reached a provider and what did not.

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
        .route("/freshdesk/{domain}/api/v2/tickets", get(freshdesk_tickets))
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
async fn freshdesk_tickets(
    State(state): State<FakeState>,
    Path(domain): Path<String>,
    headers: HeaderMap,
) -> (StatusCode, Json<Value>) {
    state.record(
        "GET",
        format!("/freshdesk/{domain}/api/v2/tickets"),
        &headers,
        Value::Null,
    );
    if domain == FRESHDESK_MISSING_DOMAIN {
        return (StatusCode::NOT_FOUND, Json(json!({ "code": "not_found" })));
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
    } else {
        (
            StatusCode::UNAUTHORIZED,
            Json(
                json!({ "code": "invalid_credentials", "message": "You have to be logged in to perform this action." }),
            ),
        )
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
    StatusCode::NO_CONTENT
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
    let mut url = match url::Url::parse(REGISTERED_REDIRECT) {
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
    (
        StatusCode::OK,
        Json(json!({
            "access_token": format!("bitrix-tok-access-{n}"),
            "refresh_token": refresh,
            "expires_in": 3600,
            "client_endpoint": format!("https://{portal}/rest/"),
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

/// The org's SOQL endpoint: answers the record types query only.
async fn salesforce_query(
    State(state): State<FakeState>,
    Path(version): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> (StatusCode, Json<Value>) {
    let soql = q.get("q").cloned().unwrap_or_default();
    state.record(
        "GET",
        format!("/salesforce-instance/services/data/{version}/query"),
        &headers,
        json!({ "q": soql }),
    );
    if let Err(e) = salesforce_bearer(&state, &headers) {
        return e;
    }
    if !soql.starts_with("SELECT Id, Name, DeveloperName FROM RecordType") {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!([{ "message": "unsupported query", "errorCode": "MALFORMED_QUERY" }])),
        );
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
