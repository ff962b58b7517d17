//! Deals of a CRM-linked contact, written to the CRM the contact is linked to (the one the deal
//! went to first; HubSpot before Zoho for a new one): HubSpot's deal in the account's deal
//! pipeline, Zoho's Deal with the account's `Stage` values — each stage to the account's
//! stage that means the same (`pipelines.rs`).

use super::pipelines::stage_map;
use super::{link_for, with_link, CallError};
use crate::error::AppError;
use crate::state::AppState;
use connectors::activity::CrmLink;
use connectors::hubspot_pipelines::Object;
use connectors::hubspot_records::{self as hubspot, CrmDeal};
use connectors::zoho_objects::{self as zoho, Module, ZohoDeal};
use connectors::ConnectorError;
use store::entity::contact::deal;

/// Writes a deal of a linked contact to its CRM (made the first time, changed after); a deal
/// of an unlinked contact stays here. A failure is logged, never the caller's.
pub async fn deal_changed(state: &AppState, d: &deal::Model) {
    if let Err(e) = write_deal(state, d).await {
        tracing::info!(deal = d.id, error = ?e, "deal not written to the CRM");
    }
}

async fn write_deal(state: &AppState, d: &deal::Model) -> Result<(), CallError> {
    // As it now stands: an earlier write may have made its CRM deal.
    let Some((d, _)) = store::deals::get(&state.store, d.org_id, d.id)
        .await
        .map_err(AppError::from)?
    else {
        return Ok(());
    };
    let Some((provider, link)) =
        link_for(state, d.org_id, d.contact_id, d.crm_provider.as_deref()).await?
    else {
        return Ok(());
    };
    let allow = state.config.address_allow.clone();
    let amount = d.amount_minor.map(domain::contacts::deals::amount_text);
    let today = chrono::DateTime::from_timestamp_millis(d.created_at)
        .map(|t| t.format("%Y-%m-%d").to_string())
        .unwrap_or_default();
    let user = link.user_id;
    let written = with_link(state, provider, user, |crm| {
        let (allow, amount, d, contact) = (
            allow.clone(),
            amount.clone(),
            d.clone(),
            link.crm_id.clone(),
        );
        let today = today.clone();
        async move {
            match crm {
                CrmLink::HubSpot {
                    api_url,
                    access_token,
                } => {
                    let (api, token) = (api_url.as_str(), access_token.as_str());
                    let map = stage_map(state, provider, user, (api, token), Object::Deals, &allow)
                        .await?;
                    let deal = CrmDeal {
                        name: &d.name,
                        amount: amount.as_deref(),
                        currency: &d.currency,
                        pipeline: &map.pipeline,
                        stage: map.stage(&d.stage).unwrap_or(&d.stage),
                        close_date: d.close_date.as_deref(),
                        description: d.description.as_deref(),
                    };
                    match d.crm_id {
                        Some(id) => hubspot::update_deal(api, token, &id, &deal, &allow)
                            .await
                            .map(|()| id),
                        None => hubspot::create_deal(api, token, &contact, &deal, &allow).await,
                    }
                }
                CrmLink::Zoho {
                    api_url,
                    access_token,
                } => {
                    let (api, token) = (api_url.as_str(), access_token.as_str());
                    let map = stage_map(state, provider, user, (api, token), Object::Deals, &allow)
                        .await?;
                    let record = zoho::deal_record(&ZohoDeal {
                        name: &d.name,
                        amount: amount.as_deref(),
                        stage: map.stage(&d.stage).unwrap_or(&d.stage),
                        // Zoho's deals need a closing day: the deal's, else the day it was made.
                        closing_date: d.close_date.as_deref().unwrap_or(&today),
                        description: d.description.as_deref(),
                        contact_id: &contact,
                    });
                    match d.crm_id {
                        Some(id) => zoho::update(api, token, Module::Deals, &id, record, &allow)
                            .await
                            .map(|()| id),
                        None => zoho::create(api, token, Module::Deals, record, &allow).await,
                    }
                }
                _ => Err(ConnectorError::Upstream(
                    "not a CRM deals are kept in".into(),
                )),
            }
        }
    })
    .await?;
    if d.crm_id.is_none() {
        store::deals::set_crm(&state.store, d.id, provider.key(), &written)
            .await
            .map_err(AppError::from)?;
    }
    Ok(())
}
