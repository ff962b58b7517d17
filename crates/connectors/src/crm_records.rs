//! The CRMs whose contacts the Lead CRM keeps in step (issue #29), behind one set of calls:
//! contacts found by number or e-mail, read, created, changed, and read page by page in the
//! order they changed (the pull). Each CRM names its fields its own way
//! ([`crate::hubspot_records`], [`crate::zoho_records`]); Switchboard's side is always its
//! own field names.

use crate::activity::CrmLink;
use crate::{hubspot_records as hubspot, zoho_records as zoho, ConnectorError};
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

/// Records one changed-since read reaches before the caller moves its start to the newest
/// change it saw (HubSpot's search stops at 10 000 results, Zoho's paging at 2 000).
pub fn window(link: &CrmLink) -> usize {
    match link {
        CrmLink::Zoho { .. } => zoho::WINDOW,
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
    match link {
        CrmLink::HubSpot {
            api_url,
            access_token,
        } => hubspot::search_contacts(api_url, access_token, phone, email, allow).await,
        CrmLink::Zoho {
            api_url,
            access_token,
        } => zoho::search_contacts(api_url, access_token, phone, email, allow).await,
        _ => Err(unsupported()),
    }
}

/// Contact `id`; `None` when the CRM has none (deleted or merged away).
pub async fn get_contact(
    link: &CrmLink,
    id: &str,
    allow: &[SocketAddr],
) -> Result<Option<CrmContact>, ConnectorError> {
    match link {
        CrmLink::HubSpot {
            api_url,
            access_token,
        } => hubspot::get_contact(api_url, access_token, id, allow).await,
        CrmLink::Zoho {
            api_url,
            access_token,
        } => zoho::get_contact(api_url, access_token, id, allow).await,
        _ => Err(unsupported()),
    }
}

/// Creates a contact with `fields`.
pub async fn create_contact(
    link: &CrmLink,
    fields: &Fields,
    allow: &[SocketAddr],
) -> Result<CrmContact, ConnectorError> {
    match link {
        CrmLink::HubSpot {
            api_url,
            access_token,
        } => hubspot::create_contact(api_url, access_token, fields, allow).await,
        CrmLink::Zoho {
            api_url,
            access_token,
        } => zoho::create_contact(api_url, access_token, fields, allow).await,
        _ => Err(unsupported()),
    }
}

/// Changes contact `id`'s `fields`; the record as it now stands when the CRM says.
pub async fn update_contact(
    link: &CrmLink,
    id: &str,
    fields: &Fields,
    allow: &[SocketAddr],
) -> Result<Option<CrmContact>, ConnectorError> {
    match link {
        CrmLink::HubSpot {
            api_url,
            access_token,
        } => hubspot::update_contact(api_url, access_token, id, fields, allow).await,
        CrmLink::Zoho {
            api_url,
            access_token,
        } => zoho::update_contact(api_url, access_token, id, fields, allow).await,
        _ => Err(unsupported()),
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
    match link {
        CrmLink::HubSpot {
            api_url,
            access_token,
        } => hubspot::changed_since(api_url, access_token, since_ms, page, allow).await,
        CrmLink::Zoho {
            api_url,
            access_token,
        } => zoho::changed_since(api_url, access_token, since_ms, page, allow).await,
        _ => Err(unsupported()),
    }
}
