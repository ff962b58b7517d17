//! The account's deal and ticket pipelines (`GET /crm/v3/pipelines/{deals|tickets}`), so deals
//! and tickets are written to the stages the account really has
//! (`domain::contacts::pipelines` maps them). HubSpot sends a stage's metadata as text:
//! `isClosed` "true"/"false" and `probability` "0.2" for a deal stage, `ticketState`
//! "OPEN"/"CLOSED" for a ticket stage.

use crate::hubspot_records::call;
use crate::ConnectorError;
use domain::contacts::pipelines::{CrmPipeline, CrmStage};
use reqwest::Method;
use serde_json::Value;
use std::net::SocketAddr;

/// The objects with pipelines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Object {
    Deals,
    Tickets,
}

impl Object {
    fn path(self) -> &'static str {
        match self {
            Object::Deals => "/crm/v3/pipelines/deals",
            Object::Tickets => "/crm/v3/pipelines/tickets",
        }
    }
}

/// The most pipelines and stages read (HubSpot allows far fewer on any plan).
const MAX_PIPELINES: usize = 100;
const MAX_STAGES: usize = 100;

fn stage(v: &Value) -> Option<CrmStage> {
    let meta = &v["metadata"];
    let text = |k: &str| meta.get(k).and_then(Value::as_str).map(str::to_owned);
    let closed = match text("isClosed") {
        Some(c) => c.eq_ignore_ascii_case("true"),
        None => text("ticketState").is_some_and(|s| s.eq_ignore_ascii_case("CLOSED")),
    };
    Some(CrmStage {
        id: v.get("id")?.as_str()?.to_owned(),
        label: v["label"].as_str().unwrap_or_default().to_owned(),
        display_order: v["displayOrder"].as_i64().unwrap_or(0),
        closed,
        probability: text("probability").and_then(|p| p.parse().ok()),
    })
}

/// The account's pipelines of `object`, archived ones left out.
pub async fn pipelines(
    api_url: &str,
    token: &str,
    object: Object,
    allow: &[SocketAddr],
) -> Result<Vec<CrmPipeline>, ConnectorError> {
    let answer = call(api_url, token, Method::GET, object.path(), None, allow).await?;
    let results = answer
        .as_ref()
        .and_then(|a| a.get("results"))
        .and_then(Value::as_array)
        .ok_or_else(|| ConnectorError::Upstream("hubspot pipelines: no results".into()))?;
    Ok(results
        .iter()
        .take(MAX_PIPELINES)
        .filter(|p| p["archived"] != true)
        .filter_map(|p| {
            Some(CrmPipeline {
                id: p.get("id")?.as_str()?.to_owned(),
                display_order: p["displayOrder"].as_i64().unwrap_or(0),
                stages: p["stages"]
                    .as_array()?
                    .iter()
                    .take(MAX_STAGES)
                    .filter(|s| s["archived"] != true)
                    .filter_map(stage)
                    .collect(),
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_stage_reads_hubspots_text_metadata() {
        let won = stage(
            &json!({ "id": "closedwon", "label": "Closed won", "displayOrder": 5,
            "metadata": { "isClosed": "true", "probability": "1.0" } }),
        )
        .unwrap();
        assert!(won.closed);
        assert_eq!(won.probability, Some(1.0));
        let open_ticket = stage(&json!({ "id": "1", "label": "New", "displayOrder": 0,
            "metadata": { "ticketState": "OPEN" } }))
        .unwrap();
        assert!(!open_ticket.closed);
        let closed_ticket = stage(&json!({ "id": "4", "label": "Closed", "displayOrder": 3,
            "metadata": { "ticketState": "CLOSED" } }))
        .unwrap();
        assert!(closed_ticket.closed);
        assert_eq!(stage(&json!({ "label": "no id" })), None);
    }
}
