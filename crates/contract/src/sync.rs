//! The sync engine's wire shapes (issue #7): the webhook delivery log with resend, the signing
//! secret shown once, each employee's CRM label rules (`crmLabelSyncData`), and the
//! integrations' last sync (001 §7).

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// `GET webhook/deliveries`: the newest deliveries of the organisation's webhook.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, IntoParams)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct DeliveryQuery {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub org_id: i64,
    /// Only `pending`, `delivered`, `skipped` or `dead` ones.
    #[serde(default)]
    pub status: Option<String>,
    /// Older than this delivery id (the previous page's `next_before`).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub before: Option<i64>,
    /// At most this many (1 to 100; 50 when absent).
    #[serde(default)]
    pub limit: Option<u32>,
}

/// One message's delivery to the endpoint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Delivery {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub id: i64,
    /// The `webhook-id` header: the same on every try and resend.
    pub webhook_id: String,
    /// The message's `MessageId`.
    pub event_id: String,
    /// `pending` (waiting for a try), `delivering` (a try is running), `delivered`, `skipped`
    /// or `dead` (every try failed).
    pub status: String,
    pub attempts: i32,
    pub max_attempts: i32,
    pub last_status_code: Option<i32>,
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub last_latency_ms: Option<i64>,
    pub last_error: Option<String>,
    /// When the next try is due (pending only), epoch ms.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub next_attempt_at: Option<i64>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created_at: i64,
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub done_at: Option<i64>,
}

/// A page of the delivery log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeliveryLog {
    pub deliveries: Vec<Delivery>,
    /// Pass as `before` for the next page; none on the last page.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub next_before: Option<i64>,
}

/// One try of a delivery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeliveryAttempt {
    pub attempt: i32,
    pub status_code: Option<i32>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub latency_ms: i64,
    pub ok: bool,
    pub error: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub at: i64,
}

/// `POST webhook/deliveries/{id}/resend` and `POST webhook/endpoints/secret`: the organisation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, IntoParams)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OrgBody {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub org_id: i64,
}

/// The endpoint's signing secret (`whsec_…`): answered once, when it is made or rotated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SigningSecret {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub org_id: i64,
    pub signing_secret: String,
}

/// `GET/PUT crm-label-sync`: whose rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, IntoParams)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LabelRulesQuery {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub org_id: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub user_id: i64,
}

/// An employee's `crmLabelSyncData` (000 §3): per CRM, the labels a chat must carry to sync
/// (`included_labels`) and the ones that keep it out (`excluded_labels`). A PUT replaces the
/// whole list; a CRM left out has no rule (every chat syncs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LabelRules {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub org_id: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub user_id: i64,
    #[serde(rename = "crmLabelSyncData")]
    #[cfg_attr(feature = "ts", ts(rename = "crmLabelSyncData"))]
    #[schema(value_type = Vec<Object>)]
    pub crm_label_sync_data: Vec<domain::labels::CrmLabelSync>,
}

/// `GET integrations/lastsync?org_id` (001 §7): one entry per link the caller can see — their
/// own CRM and spreadsheet links, and the organisation's webhook.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LastSync {
    /// The integration card's key (`hubspot`, `zoho`, `googleSheet`, `webhooks`, …).
    #[schema(value_type = String)]
    pub provider: domain::providers::Provider,
    /// 000 §4: `STARTING` (nothing synced yet), `PROCESSING`, `READY`, `ERROR`, `FAILED`
    /// (connect again) or `STOPPED` (the webhook is off).
    #[schema(value_type = String)]
    pub sync_status: domain::delivery::SyncState,
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub last_sync_at: Option<i64>,
    pub sync_error: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub pending: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub dead: i64,
}
