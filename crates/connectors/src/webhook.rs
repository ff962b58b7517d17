//! Outgoing webhooks (000 §3 `duplex_webhook`, `auth_token`): the organisation's endpoint gets
//! each chat event as JSON, with the optional token as a bearer. The URL is checked by the
//! address guard when it is saved and again on every delivery, since names can change.

use crate::{guard_url, ConnectorError};
use serde_json::Value;
use std::net::SocketAddr;

/// Checks that `url` may be reached at all (used when the endpoint is saved).
pub async fn check_endpoint(url: &str, allow: &[SocketAddr]) -> Result<(), ConnectorError> {
    guard_url(url, allow).await?;
    Ok(())
}

/// Posts `payload` to `url`. Ok on any 2xx answer.
pub async fn deliver(
    url: &str,
    token: Option<&str>,
    payload: &Value,
    allow: &[SocketAddr],
) -> Result<(), ConnectorError> {
    let target = guard_url(url, allow).await?;
    let mut req = target.client()?.post(target.url.clone()).json(payload);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await?;
    if res.status().is_success() {
        Ok(())
    } else {
        Err(ConnectorError::Upstream(format!(
            "webhook answered {}",
            res.status().as_u16()
        )))
    }
}
