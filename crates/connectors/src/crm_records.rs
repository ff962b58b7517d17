//! The CRMs whose contacts the Lead CRM keeps in step (issue #29), behind one set of calls:
//! contacts found by number or e-mail, read, created, changed, and read page by page in the
//! order they changed (the pull). Each CRM names its fields its own way
//! ([`crate::hubspot_records`], [`crate::zoho_records`]); Switchboard's side is always its
//! own field names.

use crate::activity::CrmLink;
use crate::{hubspot_records as hubspot, zoho_objects, zoho_records as zoho, ConnectorError};
use std::net::SocketAddr;

/// A CRM contact as Switchboard reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrmContact {
    pub id: String,
    /// Switchboard's field name → the value (blank is none). Only the fields the CRM keeps.
    pub fields: Vec<(&'static str, Option<String>)>,
    /// When the CRM last changed it, epoch ms.
    pub modified_ms: i64,
}

/// Switchboard's fields as one CRM's link writes them: `(field, value)`.
pub type Fields = [(&'static str, Option<String>)];

fn unsupported() -> ConnectorError {
    ConnectorError::Upstream("this CRM's contacts are not kept in step".into())
}

/// The CRMs kept in step.
#[derive(Clone, Copy)]
enum Crm {
    HubSpot,
    Zoho,
}

/// Which CRM a link is, with its API's base URL and token: the one place a link is told apart.
fn endpoint(link: &CrmLink) -> Result<(Crm, &str, &str), ConnectorError> {
    match link {
        CrmLink::HubSpot {
            api_url,
            access_token,
        } => Ok((Crm::HubSpot, api_url, access_token)),
        CrmLink::Zoho {
            api_url,
            access_token,
        } => Ok((Crm::Zoho, api_url, access_token)),
        _ => Err(unsupported()),
    }
}

/// Records one changed-since read reaches before the caller moves its start to the newest
/// change it saw (HubSpot's search stops at 10 000 results, Zoho's paging at 2 000).
pub fn window(link: &CrmLink) -> usize {
    match endpoint(link) {
        Ok((Crm::Zoho, ..)) => zoho::WINDOW,
        _ => hubspot::WINDOW,
    }
}

/// Contacts whose phone is the number (digits, with or without `+`) or whose e-mail is `email`.
pub async fn search_contacts(
    link: &CrmLink,
    phone: &str,
    email: Option<&str>,
    allow: &[SocketAddr],
) -> Result<Vec<CrmContact>, ConnectorError> {
    match endpoint(link)? {
        (Crm::HubSpot, api, token) => {
            hubspot::search_contacts(api, token, phone, email, allow).await
        }
        (Crm::Zoho, api, token) => zoho::search_contacts(api, token, phone, email, allow).await,
    }
}

/// Contact `id`; `None` when the CRM has none (deleted or merged away).
pub async fn get_contact(
    link: &CrmLink,
    id: &str,
    allow: &[SocketAddr],
) -> Result<Option<CrmContact>, ConnectorError> {
    match endpoint(link)? {
        (Crm::HubSpot, api, token) => hubspot::get_contact(api, token, id, allow).await,
        (Crm::Zoho, api, token) => zoho::get_contact(api, token, id, allow).await,
    }
}

/// Creates a contact with `fields`.
pub async fn create_contact(
    link: &CrmLink,
    fields: &Fields,
    allow: &[SocketAddr],
) -> Result<CrmContact, ConnectorError> {
    match endpoint(link)? {
        (Crm::HubSpot, api, token) => hubspot::create_contact(api, token, fields, allow).await,
        (Crm::Zoho, api, token) => zoho::create_contact(api, token, fields, allow).await,
    }
}

/// Changes contact `id`'s `fields`; the record as it now stands when the CRM says.
pub async fn update_contact(
    link: &CrmLink,
    id: &str,
    fields: &Fields,
    allow: &[SocketAddr],
) -> Result<Option<CrmContact>, ConnectorError> {
    match endpoint(link)? {
        (Crm::HubSpot, api, token) => hubspot::update_contact(api, token, id, fields, allow).await,
        (Crm::Zoho, api, token) => zoho::update_contact(api, token, id, fields, allow).await,
    }
}

/// One page of the contacts changed at or after `since_ms`, oldest change first, and the
/// token of the next page (none after the last). A caller reads at most [`window`] records
/// from one `since_ms`, then starts again from the newest change it read.
pub async fn changed_since(
    link: &CrmLink,
    since_ms: i64,
    page: Option<&str>,
    allow: &[SocketAddr],
) -> Result<(Vec<CrmContact>, Option<String>), ConnectorError> {
    match endpoint(link)? {
        (Crm::HubSpot, api, token) => {
            hubspot::changed_since(api, token, since_ms, page, allow).await
        }
        (Crm::Zoho, api, token) => zoho::changed_since(api, token, since_ms, page, allow).await,
    }
}

/// A note on contact `id`, written at `at_ms`; answers the CRM's id of it. Zoho's notes have
/// a title: the body's first line, cut to 120 characters.
pub async fn add_note(
    link: &CrmLink,
    id: &str,
    body: &str,
    at_ms: i64,
    allow: &[SocketAddr],
) -> Result<String, ConnectorError> {
    match endpoint(link)? {
        (Crm::HubSpot, api, token) => {
            let properties = hubspot::note_properties(body, at_ms);
            hubspot::create_attached(api, token, hubspot::Attached::Note, id, properties, allow)
                .await
        }
        (Crm::Zoho, api, token) => {
            let title: String = body
                .lines()
                .next()
                .unwrap_or("")
                .chars()
                .take(120)
                .collect();
            let record = zoho_objects::note_record(id, &title, body);
            zoho_objects::create(api, token, zoho_objects::Module::Notes, record, allow).await
        }
    }
}

/// A task on contact `id` due at `due_ms` (`due_date` the same day in the task's zone, for a
/// CRM whose tasks have a day); answers the CRM's id of it.
pub async fn add_task(
    link: &CrmLink,
    id: &str,
    subject: &str,
    body: Option<&str>,
    (due_ms, due_date): (i64, &str),
    allow: &[SocketAddr],
) -> Result<String, ConnectorError> {
    match endpoint(link)? {
        (Crm::HubSpot, api, token) => {
            let properties = hubspot::task_properties(subject, body, due_ms);
            hubspot::create_attached(api, token, hubspot::Attached::Task, id, properties, allow)
                .await
        }
        (Crm::Zoho, api, token) => {
            let record = zoho_objects::task_record(id, subject, body, due_date);
            zoho_objects::create(api, token, zoho_objects::Module::Tasks, record, allow).await
        }
    }
}
