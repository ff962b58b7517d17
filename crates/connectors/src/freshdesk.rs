//! Freshdesk: the credential check the connect modal relies on (000 §5 'Credentials are verified
//! by a tickets call'). Freshdesk authenticates with the API key as the basic-auth user name and
//! `X` as the password.

use crate::{guard_url, ConnectorError};
use std::net::SocketAddr;

/// Lists one ticket on `base` (the configured template filled with the domain, e.g.
/// `https://acme.freshdesk.com`). Ok when Freshdesk accepts the key; `WrongCredentials` on 401,
/// 403 or 404 (an unknown helpdesk answers 404).
pub async fn check_credentials(
    base: &str,
    api_key: &str,
    allow: &[SocketAddr],
) -> Result<(), ConnectorError> {
    let target = guard_url(
        &format!("{}/api/v2/tickets", base.trim_end_matches('/')),
        allow,
    )
    .await?;
    let res = target
        .client()?
        .get(target.url.clone())
        .query(&[("per_page", "1")])
        .basic_auth(api_key, Some("X"))
        .send()
        .await?;
    match res.status().as_u16() {
        200..=299 => Ok(()),
        401 | 403 | 404 => Err(ConnectorError::WrongCredentials),
        s => Err(ConnectorError::Upstream(format!("freshdesk answered {s}"))),
    }
}
