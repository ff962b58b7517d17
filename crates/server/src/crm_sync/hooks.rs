//! Changes a CRM announces (HubSpot's contact webhooks, Zoho's notification channels): each
//! named record is read with the token of every member link holding it, then settled as a pull
//! would (`settle_one`: the later writer, field by field). Between these the hourly pull still
//! runs, so a missed or refused announcement is caught up within the hour. Zoho's channels are
//! per member link: subscribed by its pull and renewed before they end.

use super::{settle_one, with_link};
use crate::error::AppError;
use crate::state::AppState;
use connectors::crm_records as records;
use connectors::zoho_watch;
use domain::providers::Provider;
use store::entity::contact::crm_pull;

/// The most links one announcement reads.
const MAX_LINKS: u64 = 500;

/// Reads and settles `provider`'s records `crm_ids` for every link holding them (only
/// `holder`'s — organisation and member — when the announcement came through their own
/// channel); answers how many contacts changed here.
pub async fn refresh_records(
    state: &AppState,
    provider: Provider,
    crm_ids: &[String],
    holder: Option<(i64, i64)>,
) -> Result<u64, AppError> {
    let links =
        store::crm_links::with_crm_ids(&state.store, provider.key(), crm_ids, MAX_LINKS).await?;
    let links = links
        .into_iter()
        .filter(|l| holder.is_none_or(|(org, user)| l.org_id == org && l.user_id == user));
    let allow = state.config.address_allow.clone();
    let mut changed = 0;
    for link in links {
        let read = with_link(state, provider, link.user_id, |crm| {
            let (allow, id) = (allow.clone(), link.crm_id.clone());
            async move { records::get_contact(&crm, &id, &allow).await }
        })
        .await;
        let record = match read {
            Ok(Some(r)) => r,
            // Deleted there, or merged away: the link stays as it is.
            Ok(None) => continue,
            Err(e) => {
                tracing::info!(link = link.id, error = ?e, "announced CRM change not read");
                continue;
            }
        };
        if link
            .crm_modified_at
            .is_some_and(|seen| seen >= record.modified_ms)
            && !link.dirty
        {
            continue;
        }
        match settle_one(state, &link, &record).await {
            Ok((true, _)) => changed += 1,
            Ok(_) => {}
            Err(e) => {
                tracing::info!(link = link.id, error = ?e, "announced CRM change not settled")
            }
        }
    }
    Ok(changed)
}

/// Where Zoho calls with a channel's notifications (after the public URL).
pub const ZOHO_NOTIFY_PATH: &str = "/api/contacts/crm/zoho/notify";
/// How long a Zoho channel is subscribed for, and how early it is renewed.
const WATCH_FOR_MS: i64 = 23 * 3_600_000;
const RENEW_BEFORE_MS: i64 = 2 * 3_600_000;

/// Subscribes (or renews, when it ends within two hours) the Zoho channel of `pull`'s member
/// link. A failure is logged: the pull still brings the changes.
pub async fn keep_zoho_watch(state: &AppState, pull: &crm_pull::Model) {
    let now = state.clock.now_ms();
    if pull
        .watch_until
        .is_some_and(|until| until - now > RENEW_BEFORE_MS)
    {
        return;
    }
    let token = {
        use rand::RngCore;
        let mut bytes = [0u8; 24];
        rand::rng().fill_bytes(&mut bytes);
        bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()
    };
    let until = now + WATCH_FOR_MS;
    let until_text = chrono::DateTime::from_timestamp_millis(until)
        .map(|t| t.format("%Y-%m-%dT%H:%M:%S+00:00").to_string())
        .unwrap_or_default();
    let notify_url = format!(
        "{}{ZOHO_NOTIFY_PATH}",
        state.config.public_url.trim_end_matches('/')
    );
    let allow = state.config.address_allow.clone();
    let subscribed = with_link(state, Provider::Zoho, pull.user_id, |crm| {
        let (allow, token, notify_url, until_text) = (
            allow.clone(),
            token.clone(),
            notify_url.clone(),
            until_text.clone(),
        );
        async move {
            let connectors::activity::CrmLink::Zoho {
                api_url,
                access_token,
            } = crm
            else {
                return Err(connectors::ConnectorError::Upstream(
                    "not a Zoho link".into(),
                ));
            };
            zoho_watch::watch(
                &api_url,
                &access_token,
                (pull.id, &token),
                &notify_url,
                &until_text,
                &allow,
            )
            .await
        }
    })
    .await;
    match subscribed {
        Ok(()) => {
            if let Err(e) = store::crm_watches::save(&state.store, pull.id, &token, until).await {
                tracing::warn!(pull = pull.id, error = %e, "Zoho channel not saved");
            }
        }
        Err(e) => tracing::info!(pull = pull.id, error = ?e, "Zoho channel not subscribed"),
    }
}

/// Whether two secrets are equal, in time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
