//! LeadSquared: the credential check (000 §5 'credentials are verified by a proxy call that must
//! return a user Id'). The server makes this call itself when a link is saved, and the
//! restricted `other/proxy` endpoint makes it for the extension's older code path. The chat log
//! finds or creates a lead by phone and posts an activity per message.

use crate::guard::host_has_suffix;
use crate::{guard_url, ConnectorError, GuardError};
use serde_json::Value;
use std::net::SocketAddr;

/// The user lookup by access key, relative to the API host.
pub const USER_BY_ACCESS_KEY: &str = "/v2/Authentication.svc/UserByAccessKey.Get";

/// Looks the key pair's user up on `base` (the configured template filled with the host, e.g.
/// `https://api-in21.leadsquared.com`) and answers its `Id`; `WrongCredentials` when LeadSquared
/// refuses the keys or answers without an `Id`.
pub async fn user_id(
    base: &str,
    access_key: &str,
    secret_key: &str,
    allow: &[SocketAddr],
) -> Result<String, ConnectorError> {
    let url = format!("{}{USER_BY_ACCESS_KEY}", base.trim_end_matches('/'));
    let target = guard_url(&url, allow).await?;
    let res = target
        .client()?
        .get(target.url.clone())
        .query(&[("accessKey", access_key), ("secretKey", secret_key)])
        .send()
        .await?;
    let status = res.status().as_u16();
    if matches!(status, 400 | 401 | 403 | 404) {
        return Err(ConnectorError::WrongCredentials);
    }
    if !res.status().is_success() {
        return Err(ConnectorError::Upstream(format!(
            "leadsquared answered {status}"
        )));
    }
    let body: Value = res
        .json()
        .await
        .map_err(|_| ConnectorError::WrongCredentials)?;
    id_of(&body).ok_or(ConnectorError::WrongCredentials)
}

fn id_of(body: &Value) -> Option<String> {
    match body.get("Id") {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    }
}

/// A request the extension asks `other/proxy` to make.
#[derive(Debug, Clone)]
pub struct ProxyRequest {
    pub url: String,
    pub method: String,
    pub payload: Option<Value>,
    pub headers: Vec<(String, String)>,
}

/// Makes `req` only when its host is a LeadSquared API host (one of `host_suffixes`) reachable
/// through the address guard; answers the JSON LeadSquared returned and whether it succeeded.
/// Only GET and POST, only JSON, no redirects, and only `Content-Type`/`Accept` headers pass.
pub async fn proxy(
    req: &ProxyRequest,
    host_suffixes: &[String],
    allow: &[SocketAddr],
) -> Result<(bool, Value), ConnectorError> {
    let parsed = url::Url::parse(req.url.trim()).map_err(|_| GuardError::NotAUrl)?;
    let host = parsed.host_str().ok_or(GuardError::NoHost)?;
    if !host_has_suffix(
        host.trim_start_matches('[').trim_end_matches(']'),
        host_suffixes,
    ) {
        return Err(GuardError::HostNotAllowed.into());
    }
    let target = guard_url(&req.url, allow).await?;
    let client = target.client()?;
    let mut builder = match req.method.to_ascii_uppercase().as_str() {
        "GET" | "" => client.get(target.url.clone()),
        "POST" => client.post(target.url.clone()),
        _ => return Err(GuardError::HostNotAllowed.into()),
    };
    for (name, value) in &req.headers {
        if name.eq_ignore_ascii_case("content-type") || name.eq_ignore_ascii_case("accept") {
            builder = builder.header(name.as_str(), value.as_str());
        }
    }
    if let Some(p) = &req.payload {
        if !p.is_null() && !req.method.eq_ignore_ascii_case("GET") {
            builder = builder.json(p);
        }
    }
    let res = builder.send().await?;
    let ok = res.status().is_success();
    let body = res.json::<Value>().await.unwrap_or(Value::Null);
    Ok((ok && id_of(&body).is_some(), body))
}

/// The activity type the chat is logged as. LeadSquared names activity types by number; custom
/// types (a "WhatsApp message" type an admin creates) are numbered from 200.
// ASSUMPTION: the org has custom activity type 201 for WhatsApp messages; store the code with
// the link once the connect flow asks for it.
pub const WHATSAPP_ACTIVITY_EVENT: i64 = 201;

/// Finds the lead by phone (`RetrieveLeadByPhoneNumber`), else creates it (`Lead.Create`), and
/// posts an activity with the message on it (`ProspectActivity.svc/Create`).
pub async fn log_chat(
    base: &str,
    access_key: &str,
    secret_key: &str,
    activity: &crate::activity::ChatActivity,
    allow: &[SocketAddr],
) -> Result<crate::activity::Outcome, ConnectorError> {
    use crate::activity::{id_at, send, Auth, Logged, Outcome};
    use reqwest::Method;
    use serde_json::json;
    let api = base.trim_end_matches('/');
    let keys = [("accessKey", access_key), ("secretKey", secret_key)];
    let phone = activity.international_phone();
    let found = send(
        "leadsquared",
        Auth::ApiKey,
        Method::GET,
        &format!("{api}/v2/LeadManagement.svc/RetrieveLeadByPhoneNumber"),
        allow,
        |b| b.query(&keys).query(&[("phone", phone.as_str())]),
    )
    .await?;
    let existing = found
        .as_ref()
        .and_then(|a| a.pointer("/0/ProspectID"))
        .and_then(crate::activity::id_string);
    let post = |path: &str, body: Value| {
        let url = format!("{api}{path}");
        async move {
            send(
                "leadsquared",
                Auth::ApiKey,
                Method::POST,
                &url,
                allow,
                |b| b.query(&keys).json(&body),
            )
            .await
        }
    };
    let (contact_id, contact_created) = match existing {
        Some(id) => (id, false),
        None => {
            let created = post(
                "/v2/LeadManagement.svc/Lead.Create",
                json!([
                    { "Attribute": "FirstName", "Value": activity.display_name() },
                    { "Attribute": "Phone", "Value": phone },
                    { "Attribute": "Source", "Value": "WhatsApp" },
                ]),
            )
            .await?;
            (
                id_at(&created, "/Message/Id", "leadsquared lead creation")?,
                true,
            )
        }
    };
    let posted = post(
        "/v2/ProspectActivity.svc/Create",
        json!({
            "RelatedProspectId": contact_id,
            "ActivityEvent": WHATSAPP_ACTIVITY_EVENT,
            "ActivityNote": activity.note_text(),
            "ActivityDateTime": crate::activity::utc_datetime(activity.occurred_at_ms),
        }),
    )
    .await?;
    Ok(Outcome::Logged(Logged {
        activity_id: id_at(&posted, "/Message/Id", "leadsquared activity creation")?,
        contact_id,
        contact_created,
    }))
}
