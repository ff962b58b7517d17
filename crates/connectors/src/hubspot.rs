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

/// A HubSpot owner (a person leads can be assigned to).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    pub id: String,
    pub email: Option<String>,
    pub first_name: String,
    pub last_name: String,
}

/// The account's owners (`GET /crm/v3/owners`), with the operator's private-app token.
pub async fn owners(
    api_url: &str,
    token: &str,
    allow: &[SocketAddr],
) -> Result<Vec<Owner>, ConnectorError> {
    let url = format!("{}/crm/v3/owners?limit=100", api_url.trim_end_matches('/'));
    let answer = send("hubspot", Auth::ApiKey, Method::GET, &url, allow, |b| {
        b.bearer_auth(token)
    })
    .await?;
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
    Ok(answer
        .as_ref()
        .and_then(|a| a.get("results"))
        .and_then(Value::as_array)
        .map(|owners| {
            owners
                .iter()
                .filter_map(|o| {
                    Some(Owner {
                        id: crate::activity::id_string(o.get("id")?)?,
                        email: o.get("email").and_then(Value::as_str).map(str::to_owned),
                        first_name: text(o, "firstName"),
                        last_name: text(o, "lastName"),
                    })
                })
                .collect()
        })
        .unwrap_or_default())
}

/// Makes `owner_id` the owner of the contact with `email`, creating the contact when HubSpot
/// has none (`hubspot_owner_id`, HubSpot's contact-owner property).
pub async fn assign_owner(
    api_url: &str,
    token: &str,
    email: &str,
    owner_id: &str,
    allow: &[SocketAddr],
) -> Result<(), ConnectorError> {
    let api = api_url.trim_end_matches('/');
    let found = send(
        "hubspot",
        Auth::ApiKey,
        Method::POST,
        &format!("{api}/crm/v3/objects/contacts/search"),
        allow,
        |b| {
            b.bearer_auth(token).json(&json!({
                "filterGroups": [{ "filters": [{ "propertyName": "email", "operator": "EQ", "value": email }] }]
            }))
        },
    )
    .await?;
    let properties = json!({ "properties": { "email": email, "hubspot_owner_id": owner_id } });
    match found
        .as_ref()
        .and_then(|a| a.pointer("/results/0/id"))
        .and_then(crate::activity::id_string)
    {
        Some(id) => {
            send(
                "hubspot",
                Auth::ApiKey,
                Method::PATCH,
                &format!("{api}/crm/v3/objects/contacts/{id}"),
                allow,
                |b| b.bearer_auth(token).json(&properties),
            )
            .await?;
        }
        None => {
            let created = send(
                "hubspot",
                Auth::ApiKey,
                Method::POST,
                &format!("{api}/crm/v3/objects/contacts"),
                allow,
                |b| b.bearer_auth(token).json(&properties),
            )
            .await?;
            id_at(&created, "/id", "contact creation")?;
        }
    }
    Ok(())
}
