//! HubSpot: the OAuth application's scopes (000 §7: 'one required scope (read contacts) and
//! optional scopes covering contacts, companies, deals, lists, custom objects, files, tickets,
//! timeline, automation, owners and events'). HubSpot takes the client credentials in the form
//! body and does not document PKCE; access tokens live about 30 minutes. And the chat log: a
//! contact found or created by phone, with a note per message.

/// The required scope.
pub const SCOPES: &[&str] = &["crm.objects.contacts.read"];

/// The optional scopes, as HubSpot names them.
pub const OPTIONAL_SCOPES: &[&str] = &[
    "crm.objects.contacts.write",
    "crm.objects.companies.read",
    "crm.objects.companies.write",
    "crm.objects.deals.read",
    "crm.objects.deals.write",
    "crm.lists.read",
    "crm.lists.write",
    "crm.objects.custom.read",
    "crm.objects.custom.write",
    "files",
    "tickets",
    "timeline",
    "automation",
    "crm.objects.owners.read",
    "behavioral_events.event_definitions.read_write",
];

use crate::activity::{id_at, send, Auth, ChatActivity, Logged, Outcome};
use crate::ConnectorError;
use reqwest::Method;
use serde_json::{json, Value};
use std::net::SocketAddr;

/// HubSpot's association type id for a note attached to a contact.
const NOTE_TO_CONTACT: u32 = 202;

/// Finds the contact whose `phone` is the number (with or without the `+`), else creates it,
/// and attaches a note with the message (`/crm/v3/objects/notes`).
pub async fn log_chat(
    api_url: &str,
    access_token: &str,
    activity: &ChatActivity,
    allow: &[SocketAddr],
) -> Result<Outcome, ConnectorError> {
    let api = api_url.trim_end_matches('/');
    let call = |method: Method, path: &str, body: Value| {
        let url = format!("{api}{path}");
        async move {
            send("hubspot", Auth::OAuth, method, &url, allow, |b| {
                b.bearer_auth(access_token).json(&body)
            })
            .await
        }
    };
    let phone = activity.international_phone();
    let by_phone = |value: &str| json!({ "filters": [{ "propertyName": "phone", "operator": "EQ", "value": value }] });
    let found = call(
        Method::POST,
        "/crm/v3/objects/contacts/search",
        json!({
            "filterGroups": [by_phone(&phone), by_phone(&crate::activity::digits(&phone))],
            "properties": ["phone", "firstname"],
            "limit": 1,
        }),
    )
    .await?;
    let existing = found
        .as_ref()
        .and_then(|a| a.pointer("/results/0/id"))
        .and_then(crate::activity::id_string);
    let (contact_id, contact_created) = match existing {
        Some(id) => (id, false),
        None => {
            let created = call(
                Method::POST,
                "/crm/v3/objects/contacts",
                json!({ "properties": { "phone": phone, "firstname": activity.display_name() } }),
            )
            .await?;
            (id_at(&created, "/id", "hubspot contact creation")?, true)
        }
    };
    let note = call(
        Method::POST,
        "/crm/v3/objects/notes",
        json!({
            "properties": {
                "hs_note_body": activity.note_text(),
                "hs_timestamp": activity.occurred_at_ms.to_string(),
            },
            "associations": [{
                "to": { "id": contact_id },
                "types": [{ "associationCategory": "HUBSPOT_DEFINED", "associationTypeId": NOTE_TO_CONTACT }],
            }],
        }),
    )
    .await?;
    Ok(Outcome::Logged(Logged {
        activity_id: id_at(&note, "/id", "hubspot note creation")?,
        contact_id,
        contact_created,
    }))
}
