//! Deals of a HubSpot-linked contact, written to the account's deal pipeline, each stage to
//! the account's stage that means the same (`pipelines.rs`).

use super::pipelines::stage_map;
use super::{with_link, CallError, HUBSPOT};
use crate::error::AppError;
use crate::state::AppState;
use connectors::activity::CrmLink;
use connectors::hubspot_pipelines::Object;
use connectors::hubspot_records::{self as hubspot, CrmDeal};
use connectors::ConnectorError;
use domain::providers::Provider;
use store::entity::contact::deal;

/// Writes a deal of a HubSpot-linked contact to HubSpot (made the first time, changed after);
/// a deal of an unlinked contact stays here. A failure is logged, never the caller's.
pub async fn deal_changed(state: &AppState, d: &deal::Model) {
    if let Err(e) = write_deal(state, d).await {
        tracing::info!(deal = d.id, error = ?e, "deal not written to HubSpot");
    }
}

async fn write_deal(state: &AppState, d: &deal::Model) -> Result<(), CallError> {
    // As it now stands: an earlier write may have made its HubSpot deal.
    let Some((d, _)) = store::deals::get(&state.store, d.org_id, d.id)
        .await
        .map_err(AppError::from)?
    else {
        return Ok(());
    };
    let d = &d;
    let links = store::crm_links::of_contact(&state.store, d.org_id, d.contact_id)
        .await
        .map_err(AppError::from)?;
    let Some(link) = links.into_iter().find(|l| l.provider == HUBSPOT) else {
        return Ok(());
    };
    let allow = state.config.address_allow.clone();
    let amount = d.amount_minor.map(domain::contacts::deals::amount_text);
    let crm_id = d.crm_id.clone();
    let contact_crm = link.crm_id.clone();
    let link_user = link.user_id;
    let written = with_link(state, Provider::Hubspot, link.user_id, |crm| {
        let (allow, amount, crm_id, contact_crm) = (
            allow.clone(),
            amount.clone(),
            crm_id.clone(),
            contact_crm.clone(),
        );
        let d = d.clone();
        async move {
            let CrmLink::HubSpot {
                api_url: api,
                access_token: token,
            } = crm
            else {
                return Err(ConnectorError::Upstream("not a HubSpot link".into()));
            };
            let map = stage_map(state, link_user, (&api, &token), Object::Deals, &allow).await?;
            let deal = CrmDeal {
                name: &d.name,
                amount: amount.as_deref(),
                currency: &d.currency,
                pipeline: &map.pipeline,
                stage: map.stage(&d.stage).unwrap_or(&d.stage),
                close_date: d.close_date.as_deref(),
                description: d.description.as_deref(),
            };
            match crm_id {
                Some(id) => hubspot::update_deal(&api, &token, &id, &deal, &allow)
                    .await
                    .map(|()| id),
                None => hubspot::create_deal(&api, &token, &contact_crm, &deal, &allow).await,
            }
        }
    })
    .await?;
    if d.crm_id.is_none() {
        store::deals::set_crm(&state.store, d.id, HUBSPOT, &written)
            .await
            .map_err(AppError::from)?;
    }
    Ok(())
}
