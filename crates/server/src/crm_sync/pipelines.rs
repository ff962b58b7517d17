//! A CRM account's own deal and ticket pipelines — HubSpot's deal and ticket pipelines, Zoho's
//! deal `Stage` picklist — read from the account (not assumed) and kept an hour per member
//! link, so a deal or ticket is written to the stage that means the same there
//! (`domain::contacts::pipelines`). An account whose pipelines cannot be read (a token without
//! the scope, an answer without stages) gets the CRM's defaults, which every account starts
//! with; a refused token or a rate limit is the caller's to retry, as for any other call.

use crate::state::AppState;
use connectors::hubspot_pipelines::{pipelines, Object};
use connectors::zoho_objects;
use connectors::ConnectorError;
use domain::contacts::deals::DEAL_STAGES;
use domain::contacts::pipelines::{deal_stages, ticket_stages, StageMap};
use domain::contacts::service::TICKET_STATUSES;
use domain::providers::Provider;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// How long an account's pipelines are kept.
const FRESH_MS: i64 = 3_600_000;
/// The most links kept; past it the cache starts again.
const MAX_LINKS: usize = 10_000;

/// Each link's (member's) stage maps, with when they were read.
#[derive(Clone, Default)]
pub struct PipelineCache(Arc<Mutex<HashMap<Key, (i64, StageMap)>>>);

/// A cache entry's key: the CRM, the member whose link it is, the object.
type Key = (&'static str, i64, Object);

/// Zoho's default deal stages, for Switchboard's seven in order.
const ZOHO_DEAL_STAGES: [&str; 7] = [
    "Qualification",
    "Needs Analysis",
    "Value Proposition",
    "Id. Decision Makers",
    "Proposal/Price Quote",
    "Closed Won",
    "Closed Lost",
];

/// The CRM's defaults. HubSpot's pipelines: `default` with the deal stages' own ids, `0` with
/// `1`–`4`; Zoho's deal stages.
fn defaults(provider: Provider, object: Object) -> StageMap {
    match object {
        Object::Deals if provider == Provider::Zoho => StageMap {
            pipeline: "Stage".into(),
            stages: DEAL_STAGES
                .iter()
                .zip(ZOHO_DEAL_STAGES)
                .map(|(s, z)| (*s, z.to_owned()))
                .collect(),
        },
        Object::Deals => StageMap {
            pipeline: "default".into(),
            stages: DEAL_STAGES.iter().map(|s| (*s, (*s).to_owned())).collect(),
        },
        Object::Tickets => StageMap {
            pipeline: "0".into(),
            stages: TICKET_STATUSES
                .iter()
                .zip(["1", "2", "3", "4"])
                .map(|(s, id)| (*s, id.to_owned()))
                .collect(),
        },
    }
}

/// Where `user_id`'s account at `provider` takes `object`s: read through `api_url` and
/// `token` when not read in the last hour.
pub async fn stage_map(
    state: &AppState,
    provider: Provider,
    user_id: i64,
    (api_url, token): (&str, &str),
    object: Object,
    allow: &[SocketAddr],
) -> Result<StageMap, ConnectorError> {
    let now = state.clock.now_ms();
    let key = (provider.key(), user_id, object);
    if let Ok(cache) = state.hubspot_pipelines.0.lock() {
        if let Some((at, map)) = cache.get(&key) {
            if now - at < FRESH_MS {
                return Ok(map.clone());
            }
        }
    }
    let read = match provider {
        Provider::Zoho => zoho_objects::deal_stages(api_url, token, allow).await,
        _ => pipelines(api_url, token, object, allow).await,
    };
    let map = match read {
        Ok(read) => match object {
            Object::Deals => deal_stages(&read),
            Object::Tickets => ticket_stages(&read),
        }
        .unwrap_or_else(|| defaults(provider, object)),
        Err(
            e @ (ConnectorError::TokenExpired
            | ConnectorError::RateLimited { .. }
            | ConnectorError::DailyLimit),
        ) => return Err(e),
        Err(e) => {
            tracing::info!(user = user_id, provider = provider.key(), error = ?e, "pipelines unreadable: the defaults");
            defaults(provider, object)
        }
    };
    if let Ok(mut cache) = state.hubspot_pipelines.0.lock() {
        if cache.len() >= MAX_LINKS {
            cache.clear();
        }
        cache.insert(key, (now, map.clone()));
    }
    Ok(map)
}
