//! Changes a CRM announces (HubSpot's contact webhooks): each named record is read with the
//! token of every member link holding it, then settled as a pull would (`settle_one`: the
//! later writer, field by field). Between these the hourly pull still runs, so a missed or
//! refused announcement is caught up within the hour.

use super::{settle_one, with_link};
use crate::error::AppError;
use crate::state::AppState;
use connectors::crm_records as records;
use domain::providers::Provider;

/// The most links one announcement reads.
const MAX_LINKS: u64 = 500;

/// Reads and settles `provider`'s records `crm_ids` for every link holding them; answers how
/// many contacts changed here.
pub async fn refresh_records(
    state: &AppState,
    provider: Provider,
    crm_ids: &[String],
) -> Result<u64, AppError> {
    let links =
        store::crm_links::with_crm_ids(&state.store, provider.key(), crm_ids, MAX_LINKS).await?;
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
