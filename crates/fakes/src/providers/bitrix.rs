//! Fake Bitrix24: a portal's consent page (`GET /bitrix/{domain}/oauth/authorize/`), the central
//! OAuth server's token endpoint (`GET /bitrix-oauth/oauth/token/`, refresh tokens rotate) and a
//! portal's REST methods (`/bitrix/{domain}/rest/{method}.json?auth=<token>`):
//! `crm.contact.list`, `crm.contact.add` and `crm.timeline.comment.add`.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;

use super::{
    add_activity, add_contact, crm_contact, crm_gate, id_of, live_token, reply, same_phone,
    with_crm, FakeState, Reply, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, REGISTERED_REDIRECT,
};

/// A Bitrix24 portal's consent page: back to the registered address with a code, the state and
/// the portal's domain.
pub(super) async fn bitrix_authorize(
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
pub(super) async fn bitrix_token(
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

/// A Bitrix24 portal's REST methods (`{method}.json?auth=<token>`): contact list by phone,
/// contact creation and timeline comments. An unknown token is 401 `expired_token` when it is
/// one the fake issued, `invalid_token` otherwise.
pub(super) async fn bitrix_rest(
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
