//! HubSpot's webhooks (the public app's contact subscriptions): a batch of events signed with
//! the app's client secret (`X-HubSpot-Signature-v3`: base64 of HMAC-SHA256 over the method,
//! the full request URL, the raw body and `X-HubSpot-Request-Timestamp`, refused past five
//! minutes). Only which contacts changed is taken from an event; their fields are read from
//! HubSpot with the member's own token, so a forged or replayed event can change nothing.

use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;

/// The oldest (or most future) request timestamp accepted, in ms.
pub const MAX_SKEW_MS: i64 = 5 * 60 * 1000;
/// The most events read from one delivery (HubSpot sends at most 100).
pub const MAX_EVENTS: usize = 200;

/// Whether `signature` is HubSpot's v3 signature of the request, made within five minutes of
/// `now_ms`.
pub fn signature_ok(
    client_secret: &[u8],
    (method, url): (&str, &str),
    body: &[u8],
    (timestamp, signature): (&str, &str),
    now_ms: i64,
) -> bool {
    let Ok(at) = timestamp.trim().parse::<i64>() else {
        return false;
    };
    if (now_ms - at).abs() > MAX_SKEW_MS {
        return false;
    }
    let Ok(expected) = base64::engine::general_purpose::STANDARD.decode(signature.trim()) else {
        return false;
    };
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(client_secret) else {
        return false;
    };
    mac.update(method.as_bytes());
    mac.update(url.as_bytes());
    mac.update(body);
    mac.update(timestamp.trim().as_bytes());
    mac.verify_slice(&expected).is_ok()
}

/// The ids of the contacts a delivery says were made, changed, merged or restored (a deletion
/// leaves the link as it is), each once.
pub fn changed_contacts(body: &[u8]) -> Result<Vec<String>, serde_json::Error> {
    let events: Vec<Value> = serde_json::from_slice(body)?;
    let mut ids: Vec<String> = Vec::new();
    for e in events.iter().take(MAX_EVENTS) {
        let kind = e["subscriptionType"].as_str().unwrap_or_default();
        if !matches!(
            kind,
            "contact.creation" | "contact.propertyChange" | "contact.merge" | "contact.restore"
        ) {
            continue;
        }
        let Some(id) = e.get("objectId").and_then(crate::activity::id_string) else {
            continue;
        };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// The signature HubSpot would send (for tests and the fake).
pub fn sign(
    client_secret: &[u8],
    (method, url): (&str, &str),
    body: &[u8],
    timestamp: &str,
) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(client_secret) else {
        return String::new();
    };
    mac.update(method.as_bytes());
    mac.update(url.as_bytes());
    mac.update(body);
    mac.update(timestamp.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_holds_only_for_its_request_and_time() {
        let secret = b"app-secret";
        let body = br#"[{"objectId":101,"subscriptionType":"contact.propertyChange"}]"#;
        let url = "https://switchboard.example/api/hooks/hubspot";
        let ts = "1764400000000";
        let sig = sign(secret, ("POST", url), body, ts);
        let now = 1_764_400_060_000;
        assert!(signature_ok(secret, ("POST", url), body, (ts, &sig), now));
        assert!(!signature_ok(
            b"other",
            ("POST", url),
            body,
            (ts, &sig),
            now
        ));
        assert!(!signature_ok(
            secret,
            ("POST", "https://evil.example/api/hooks/hubspot"),
            body,
            (ts, &sig),
            now
        ));
        assert!(!signature_ok(secret, ("POST", url), b"[]", (ts, &sig), now));
        // Six minutes later it is a replay.
        assert!(!signature_ok(
            secret,
            ("POST", url),
            body,
            (ts, &sig),
            now + 300_000
        ));
        assert!(!signature_ok(
            secret,
            ("POST", url),
            body,
            ("soon", &sig),
            now
        ));
    }

    #[test]
    fn only_changed_contacts_are_taken_once_each() {
        let body = br#"[
            {"objectId":101,"subscriptionType":"contact.propertyChange","propertyName":"firstname"},
            {"objectId":101,"subscriptionType":"contact.propertyChange","propertyName":"lastname"},
            {"objectId":"102","subscriptionType":"contact.creation"},
            {"objectId":103,"subscriptionType":"contact.deletion"},
            {"objectId":104,"subscriptionType":"deal.propertyChange"},
            {"subscriptionType":"contact.merge"}
        ]"#;
        assert_eq!(changed_contacts(body).unwrap(), ["101", "102"]);
        assert!(changed_contacts(b"{}").is_err());
    }
}
