//! Zoho's change notifications (Notification API, v2): a member link subscribes a channel to
//! its contacts' creations and edits (`POST /crm/v2/actions/watch`: channel id, events,
//! `notify_url`, a token of ours, an end), which Zoho then calls with the changed record ids
//! and the token. Only the ids are taken; the records are read with the member's own token.

use crate::zoho_records::call;
use crate::ConnectorError;
use reqwest::Method;
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;

/// The events subscribed.
pub const EVENTS: [&str; 2] = ["Contacts.create", "Contacts.edit"];
/// The most ids read from one notification (Zoho sends at most 100).
pub const MAX_IDS: usize = 200;

/// Subscribes channel `channel_id` until `until` (Zoho's time text) to [`EVENTS`], calling
/// `notify_url` with `token`.
pub async fn watch(
    api_url: &str,
    access_token: &str,
    (channel_id, token): (i64, &str),
    notify_url: &str,
    until: &str,
    allow: &[SocketAddr],
) -> Result<(), ConnectorError> {
    let body = json!({ "watch": [{
        "channel_id": channel_id.to_string(),
        "events": EVENTS,
        "channel_expiry": until,
        "token": token,
        "notify_url": notify_url,
    }]});
    let answer = call(
        api_url,
        access_token,
        Method::POST,
        "/crm/v2/actions/watch",
        |b| b.json(&body),
        allow,
    )
    .await?;
    let ok = answer
        .as_ref()
        .and_then(|a| a.pointer("/watch/0/code"))
        .and_then(|c| c.as_str())
        == Some("SUCCESS");
    if ok {
        Ok(())
    } else {
        Err(ConnectorError::Upstream("zoho watch not subscribed".into()))
    }
}

/// A notification as Zoho sends it.
#[derive(Debug, Deserialize)]
pub struct Notification {
    pub channel_id: serde_json::Value,
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub module: String,
    #[serde(default)]
    pub operation: String,
    #[serde(default)]
    pub ids: Vec<serde_json::Value>,
}

impl Notification {
    /// The channel, as the number it was subscribed with.
    pub fn channel(&self) -> Option<i64> {
        match &self.channel_id {
            serde_json::Value::Number(n) => n.as_i64(),
            serde_json::Value::String(s) => s.parse().ok(),
            _ => None,
        }
    }

    /// The contacts made or changed (a deletion names none), each once.
    pub fn changed_contacts(&self) -> Vec<String> {
        if self.module != "Contacts" || !matches!(self.operation.as_str(), "insert" | "update") {
            return Vec::new();
        }
        let mut ids: Vec<String> = Vec::new();
        for id in self.ids.iter().take(MAX_IDS) {
            if let Some(id) = crate::activity::id_string(id) {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
        }
        ids
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notification_names_its_channel_and_changed_contacts() {
        let n: Notification = serde_json::from_str(
            r#"{"server_time":1764400000000,"query_params":{},"module":"Contacts",
                "resource_uri":"https://www.zohoapis.com/crm/v2/Contacts",
                "ids":["572576700000001","572576700000001",572576700000002],
                "affected_fields":[{"572576700000001":["Title"]}],
                "operation":"update","channel_id":"42","token":"t0k3n"}"#,
        )
        .unwrap();
        assert_eq!(n.channel(), Some(42));
        assert_eq!(n.changed_contacts(), ["572576700000001", "572576700000002"]);
        let deleted = Notification {
            operation: "delete".into(),
            ..n
        };
        assert!(deleted.changed_contacts().is_empty());
    }
}
