//! Tickets and call logs of a CRM-linked contact, written to the CRM the contact is linked to
//! (the one a ticket went to first; HubSpot before Zoho for a new one): HubSpot's own tickets
//! (the account's ticket pipeline) and calls, or Zoho's Cases and Calls, associated with the
//! contact's record. A ticket is made the first time and changed after; a call is written once.

use super::pipelines::stage_map;
use super::{link_for, with_link, CallError};
use crate::error::AppError;
use crate::state::AppState;
use connectors::activity::CrmLink;
use connectors::hubspot_pipelines::Object;
use connectors::hubspot_records::{self as hubspot, Attached};
use connectors::zoho_objects::{self as zoho, Module};
use connectors::ConnectorError;
use domain::contacts::service as rules;
use domain::providers::Provider;
use serde_json::Value;
use store::entity::contact::{call_log, crm_link, ticket};

/// What is written, in each CRM's terms.
enum Record {
    Ticket(ticket::Model),
    Call(call_log::Model),
}

impl Record {
    fn crm_id(&self) -> Option<String> {
        match self {
            Record::Ticket(t) => t.crm_id.clone(),
            Record::Call(_) => None,
        }
    }

    /// HubSpot's object and properties; a ticket's stage in the account's pipeline.
    async fn hubspot(
        &self,
        state: &AppState,
        user: i64,
        (api, token): (&str, &str),
        allow: &[std::net::SocketAddr],
    ) -> Result<(Attached, Value), ConnectorError> {
        Ok(match self {
            Record::Ticket(t) => {
                let map = stage_map(
                    state,
                    Provider::Hubspot,
                    user,
                    (api, token),
                    Object::Tickets,
                    allow,
                )
                .await?;
                let stage = map
                    .stage(&t.status)
                    .unwrap_or_else(|| rules::hubspot_ticket_stage(&t.status));
                let properties = hubspot::ticket_properties(
                    &t.name,
                    t.description.as_deref(),
                    (&map.pipeline, stage),
                    t.ticket_type.as_deref(),
                );
                (Attached::Ticket, properties)
            }
            Record::Call(c) => (
                Attached::Call,
                hubspot::call_properties(
                    c.called_at,
                    i64::from(c.duration_secs) * 1000,
                    rules::hubspot_call_disposition(&c.outcome),
                    c.description.as_deref(),
                ),
            ),
        })
    }

    /// Zoho's module and record.
    fn zoho(&self, contact: &str) -> (Module, Value) {
        match self {
            Record::Ticket(t) => (
                Module::Cases,
                zoho::case_record(
                    &t.name,
                    t.description.as_deref(),
                    (
                        rules::zoho_case_status(&t.status),
                        rules::zoho_case_type(t.ticket_type.as_deref()),
                    ),
                    contact,
                ),
            ),
            Record::Call(c) => {
                let start = chrono::DateTime::from_timestamp_millis(c.called_at)
                    .map(|t| t.format("%Y-%m-%dT%H:%M:%S+00:00").to_string())
                    .unwrap_or_default();
                (
                    Module::Calls,
                    zoho::call_record(
                        &start,
                        i64::from(c.duration_secs),
                        rules::zoho_call_result(&c.outcome),
                        c.description.as_deref(),
                        contact,
                    ),
                )
            }
        }
    }
}

/// Creates (no id yet) or changes the CRM's record; answers its id.
async fn write(
    state: &AppState,
    provider: Provider,
    link: &crm_link::Model,
    record: &Record,
) -> Result<String, CallError> {
    let allow = state.config.address_allow.clone();
    let user = link.user_id;
    with_link(state, provider, user, |crm| {
        let (allow, contact, existing) = (allow.clone(), link.crm_id.clone(), record.crm_id());
        async move {
            match crm {
                CrmLink::HubSpot {
                    api_url,
                    access_token,
                } => {
                    let (api, token) = (api_url.as_str(), access_token.as_str());
                    let (kind, properties) =
                        record.hubspot(state, user, (api, token), &allow).await?;
                    match existing {
                        Some(id) => {
                            hubspot::update_attached(api, token, kind, &id, properties, &allow)
                                .await
                                .map(|()| id)
                        }
                        None => {
                            hubspot::create_attached(api, token, kind, &contact, properties, &allow)
                                .await
                        }
                    }
                }
                CrmLink::Zoho {
                    api_url,
                    access_token,
                } => {
                    let (module, body) = record.zoho(&contact);
                    match existing {
                        Some(id) => {
                            zoho::update(&api_url, &access_token, module, &id, body, &allow)
                                .await
                                .map(|()| id)
                        }
                        None => zoho::create(&api_url, &access_token, module, body, &allow).await,
                    }
                }
                _ => Err(ConnectorError::Upstream(
                    "not a CRM tickets are kept in".into(),
                )),
            }
        }
    })
    .await
}

/// Writes a ticket of a linked contact to its CRM. A failure is logged, never the caller's:
/// the ticket stays here.
pub async fn ticket_changed(state: &AppState, t: &ticket::Model) {
    let result = async {
        let Some((provider, link)) =
            link_for(state, t.org_id, t.contact_id, t.crm_provider.as_deref()).await?
        else {
            return Ok(());
        };
        let written = write(state, provider, &link, &Record::Ticket(t.clone())).await?;
        if t.crm_id.is_none() {
            store::service::set_ticket_crm(&state.store, t.id, provider.key(), &written)
                .await
                .map_err(AppError::from)?;
        }
        Ok::<(), CallError>(())
    }
    .await;
    if let Err(e) = result {
        tracing::info!(ticket = t.id, error = ?e, "ticket not written to the CRM");
    }
}

/// Writes a logged call with a linked contact to its CRM. A failure is logged, never the
/// caller's.
pub async fn call_logged(state: &AppState, c: &call_log::Model) {
    let result = async {
        let Some((provider, link)) = link_for(state, c.org_id, c.contact_id, None).await? else {
            return Ok(());
        };
        let written = write(state, provider, &link, &Record::Call(c.clone())).await?;
        store::service::set_call_crm(&state.store, c.id, provider.key(), &written)
            .await
            .map_err(AppError::from)?;
        Ok::<(), CallError>(())
    }
    .await;
    if let Err(e) = result {
        tracing::info!(call = c.id, error = ?e, "call not written to the CRM");
    }
}
