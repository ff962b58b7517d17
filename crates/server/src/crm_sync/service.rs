//! Tickets and call logs of a HubSpot-linked contact, written to HubSpot's own tickets (the
//! account's ticket pipeline) and calls, associated with the contact's record. A ticket is made
//! the first time and changed after; a call is written once.

use super::pipelines::stage_map;
use super::{with_link, CallError, HUBSPOT};
use crate::error::AppError;
use crate::state::AppState;
use connectors::activity::CrmLink;
use connectors::hubspot_pipelines::Object;
use connectors::hubspot_records::{self as hubspot, Attached};
use connectors::ConnectorError;
use domain::contacts::pipelines::StageMap;
use domain::contacts::service as rules;
use domain::providers::Provider;
use serde_json::Value;
use std::sync::Arc;
use store::entity::contact::{call_log, crm_link, ticket};

/// The contact's HubSpot link, when it has one.
async fn hubspot_link(
    state: &AppState,
    org_id: i64,
    contact_id: i64,
) -> Result<Option<crm_link::Model>, CallError> {
    Ok(
        store::crm_links::of_contact(&state.store, org_id, contact_id)
            .await
            .map_err(AppError::from)?
            .into_iter()
            .find(|l| l.provider == HUBSPOT),
    )
}

/// The properties of an object, given the account's ticket pipeline (for a ticket).
type Properties = Arc<dyn Fn(Option<&StageMap>) -> Value + Send + Sync>;

/// Creates (no `existing` id) or changes the HubSpot object; answers its id. A ticket is
/// written to the account's own ticket pipeline (`pipelines.rs`).
async fn write(
    state: &AppState,
    link: &crm_link::Model,
    kind: Attached,
    existing: Option<String>,
    properties: Properties,
) -> Result<String, CallError> {
    let allow = state.config.address_allow.clone();
    let contact = link.crm_id.clone();
    let user_id = link.user_id;
    with_link(state, Provider::Hubspot, user_id, |crm| {
        let (allow, contact, existing, properties) = (
            allow.clone(),
            contact.clone(),
            existing.clone(),
            properties.clone(),
        );
        async move {
            let CrmLink::HubSpot {
                api_url,
                access_token,
            } = crm
            else {
                return Err(ConnectorError::Upstream("not a HubSpot link".into()));
            };
            let map = match kind {
                Attached::Ticket => Some(
                    stage_map(
                        state,
                        user_id,
                        (&api_url, &access_token),
                        Object::Tickets,
                        &allow,
                    )
                    .await?,
                ),
                _ => None,
            };
            let properties = properties(map.as_ref());
            match existing {
                Some(id) => {
                    hubspot::update_attached(&api_url, &access_token, kind, &id, properties, &allow)
                        .await
                        .map(|()| id)
                }
                None => {
                    hubspot::create_attached(
                        &api_url,
                        &access_token,
                        kind,
                        &contact,
                        properties,
                        &allow,
                    )
                    .await
                }
            }
        }
    })
    .await
}

/// Writes a ticket of a HubSpot-linked contact to HubSpot. A failure is logged, never the
/// caller's: the ticket stays here.
pub async fn ticket_changed(state: &AppState, t: &ticket::Model) {
    let result = async {
        let Some(link) = hubspot_link(state, t.org_id, t.contact_id).await? else {
            return Ok(());
        };
        let t2 = t.clone();
        let properties: Properties = Arc::new(move |map: Option<&StageMap>| {
            let default_stage = rules::hubspot_ticket_stage(&t2.status);
            let (pipeline, stage) = match map {
                Some(m) => (
                    m.pipeline.as_str(),
                    m.stage(&t2.status).unwrap_or(default_stage),
                ),
                None => ("0", default_stage),
            };
            hubspot::ticket_properties(
                &t2.name,
                t2.description.as_deref(),
                (pipeline, stage),
                t2.ticket_type.as_deref(),
            )
        });
        let written = write(state, &link, Attached::Ticket, t.crm_id.clone(), properties).await?;
        if t.crm_id.is_none() {
            store::service::set_ticket_crm(&state.store, t.id, HUBSPOT, &written)
                .await
                .map_err(AppError::from)?;
        }
        Ok::<(), CallError>(())
    }
    .await;
    if let Err(e) = result {
        tracing::info!(ticket = t.id, error = ?e, "ticket not written to HubSpot");
    }
}

/// Writes a logged call with a HubSpot-linked contact to HubSpot. A failure is logged, never
/// the caller's.
pub async fn call_logged(state: &AppState, c: &call_log::Model) {
    let result = async {
        let Some(link) = hubspot_link(state, c.org_id, c.contact_id).await? else {
            return Ok(());
        };
        let properties = hubspot::call_properties(
            c.called_at,
            i64::from(c.duration_secs) * 1000,
            rules::hubspot_call_disposition(&c.outcome),
            c.description.as_deref(),
        );
        let properties: Properties = Arc::new(move |_| properties.clone());
        let written = write(state, &link, Attached::Call, None, properties).await?;
        store::service::set_call_crm(&state.store, c.id, HUBSPOT, &written)
            .await
            .map_err(AppError::from)?;
        Ok::<(), CallError>(())
    }
    .await;
    if let Err(e) = result {
        tracing::info!(call = c.id, error = ?e, "call not written to HubSpot");
    }
}
