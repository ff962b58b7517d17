//! The generic OAuth consent page and token endpoint (`/oauth/{provider}/authorize`,
//! `/oauth/{provider}/token`): codes issued once, PKCE checked, refreshes refusable per provider.

use super::{FakeState, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use base64::Engine;
use serde_json::{json, Value};
use std::collections::HashMap;

/// A consent page that consents at once: back to `redirect_uri` with a fresh code and the state.
pub(super) async fn oauth_authorize(
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
pub(super) async fn oauth_token(
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

pub(super) fn token_grant(
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
