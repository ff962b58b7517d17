//! The AI service (000 §7: POST to the AI handler with `{searchText}`; the answer's `status`
//! must be truthy and `data` is the reply). The knowledge base also sends the passages it found
//! as `context`, so the reply can be grounded in the organisation's documents.

use crate::{ConnectorError, TIMEOUT};
use serde_json::{json, Value};

/// The service's reply text; `Upstream` when it failed or answered without `status`.
pub async fn ask(
    url: &str,
    search_text: &str,
    context: &[String],
) -> Result<String, ConnectorError> {
    let http = reqwest::Client::builder()
        .timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    let res = http
        .post(url)
        .json(&json!({ "searchText": search_text, "context": context }))
        .send()
        .await?;
    let status = res.status().as_u16();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    let ok = match body.get("status") {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_i64().is_some_and(|n| n != 0),
        Some(Value::String(s)) => !s.is_empty(),
        _ => false,
    };
    match body.get("data").and_then(Value::as_str) {
        Some(text) if ok && (200..300).contains(&status) && !text.trim().is_empty() => {
            Ok(text.to_owned())
        }
        // 000 §8: 'Failed to generate ai reply.' when the answer lacks status.
        _ => Err(ConnectorError::Upstream(format!(
            "Failed to generate ai reply (answered {status})"
        ))),
    }
}
