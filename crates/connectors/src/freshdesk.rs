//! Freshdesk: the credential check the connect modal relies on (000 §5 'Credentials are verified
//! by a tickets call'). Freshdesk authenticates with the API key as the basic-auth user name and
//! `X` as the password. The chat log finds or creates a contact by phone and notes each message
//! on the contact's open WhatsApp ticket.

use crate::{guard_url, ConnectorError};
use std::net::SocketAddr;

/// Lists one ticket on `base` (the configured template filled with the domain, e.g.
/// `https://acme.freshdesk.com`). Ok when Freshdesk accepts the key; `WrongCredentials` on 401,
/// 403 or 404 (an unknown helpdesk answers 404).
pub async fn check_credentials(
    base: &str,
    api_key: &str,
    allow: &[SocketAddr],
) -> Result<(), ConnectorError> {
    let target = guard_url(
        &format!("{}/api/v2/tickets", base.trim_end_matches('/')),
        allow,
    )
    .await?;
    let res = target
        .client()?
        .get(target.url.clone())
        .query(&[("per_page", "1")])
        .basic_auth(api_key, Some("X"))
        .send()
        .await?;
    match res.status().as_u16() {
        200..=299 => Ok(()),
        401 | 403 | 404 => Err(ConnectorError::WrongCredentials),
        s => Err(ConnectorError::Upstream(format!("freshdesk answered {s}"))),
    }
}

/// The subject of the ticket a chat's messages are noted on.
fn ticket_subject(activity: &crate::activity::ChatActivity) -> String {
    format!("WhatsApp chat {}", activity.international_phone())
}

/// `text` as Freshdesk's HTML note body.
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\n', "<br>")
}

/// Finds the contact by phone, else creates it; reuses the contact's open (or pending)
/// WhatsApp ticket, else opens one; and adds the message to it as a private note.
pub async fn log_chat(
    base: &str,
    api_key: &str,
    activity: &crate::activity::ChatActivity,
    allow: &[SocketAddr],
) -> Result<crate::activity::Outcome, ConnectorError> {
    use crate::activity::{id_at, id_string, send, Auth, Logged, Outcome};
    use reqwest::Method;
    use serde_json::{json, Value};
    let api = format!("{}/api/v2", base.trim_end_matches('/'));
    let get = |path: String, query: Vec<(&'static str, String)>| {
        let url = format!("{api}{path}");
        async move {
            send("freshdesk", Auth::ApiKey, Method::GET, &url, allow, |b| {
                b.basic_auth(api_key, Some("X")).query(&query)
            })
            .await
        }
    };
    let post = |path: String, body: Value| {
        let url = format!("{api}{path}");
        async move {
            send("freshdesk", Auth::ApiKey, Method::POST, &url, allow, |b| {
                b.basic_auth(api_key, Some("X")).json(&body)
            })
            .await
        }
    };
    let phone = activity.international_phone();
    let found = get("/contacts".to_owned(), vec![("phone", phone.clone())]).await?;
    let existing = found
        .as_ref()
        .and_then(|a| a.pointer("/0/id"))
        .and_then(id_string);
    let (contact_id, contact_created) = match existing {
        Some(id) => (id, false),
        None => {
            let created = post(
                "/contacts".to_owned(),
                json!({ "name": activity.display_name(), "phone": phone }),
            )
            .await?;
            (id_at(&created, "/id", "freshdesk contact creation")?, true)
        }
    };
    let subject = ticket_subject(activity);
    let tickets = if contact_created {
        None
    } else {
        get(
            "/tickets".to_owned(),
            vec![
                ("requester_id", contact_id.clone()),
                ("order_by", "created_at".to_owned()),
            ],
        )
        .await?
    };
    // Open (2) or pending (3), and ours by its subject.
    let open = tickets
        .as_ref()
        .and_then(Value::as_array)
        .and_then(|ts| {
            ts.iter().find(|t| {
                t["subject"].as_str() == Some(subject.as_str())
                    && matches!(t["status"].as_i64(), Some(2 | 3))
            })
        })
        .and_then(|t| id_string(&t["id"]));
    let ticket_id = match open {
        Some(id) => id,
        None => {
            let requester: Value = contact_id
                .parse::<i64>()
                .map_or_else(|_| json!(contact_id), |n| json!(n));
            let created = post(
                "/tickets".to_owned(),
                json!({
                    "requester_id": requester,
                    "subject": subject,
                    "description": html(&format!("WhatsApp conversation with {}", activity.display_name())),
                    "status": 2,
                    "priority": 1,
                    "source": 7,
                    "tags": ["WhatsApp"],
                }),
            )
            .await?;
            id_at(&created, "/id", "freshdesk ticket creation")?
        }
    };
    if !ticket_id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ConnectorError::Upstream(
            "freshdesk answered an unusable ticket id".to_owned(),
        ));
    }
    let note = post(
        format!("/tickets/{ticket_id}/notes"),
        json!({ "body": html(&activity.note_text()), "private": true }),
    )
    .await?;
    Ok(Outcome::Logged(Logged {
        activity_id: id_at(&note, "/id", "freshdesk note creation")?,
        contact_id,
        contact_created,
    }))
}
