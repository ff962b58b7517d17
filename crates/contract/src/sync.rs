//! The sync engine's wire shapes (issue #7): the webhook delivery log with resend, the signing
//! secret shown once, each employee's CRM label rules (`crmLabelSyncData`), and the
//! integrations' last sync (001 §7).

/// `GET webhook/deliveries`: the newest deliveries of the organisation's webhook.
#[crate::wire(IntoParams, OptionalFields)]
pub struct DeliveryQuery {
    pub org_id: i64,
    /// Only `pending`, `delivered`, `skipped` or `dead` ones (empty: all).
    #[param(pattern = "^(pending|delivered|skipped|dead)?$")]
    pub status: Option<String>,
    /// Older than this delivery id (the previous page's `next_before`).
    pub before: Option<i64>,
    /// At most this many (1 to 100; 50 when absent).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// One message's delivery to the endpoint.
#[crate::wire]
pub struct Delivery {
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
    pub last_latency_ms: Option<i64>,
    pub last_error: Option<String>,
    /// When the next try is due (pending only), epoch ms.
    pub next_attempt_at: Option<i64>,
    pub created_at: i64,
    pub done_at: Option<i64>,
}

/// A page of the delivery log.
#[crate::wire]
pub struct DeliveryLog {
    pub deliveries: Vec<Delivery>,
    /// Pass as `before` for the next page; none on the last page.
    pub next_before: Option<i64>,
}

/// One try of a delivery.
#[crate::wire]
pub struct DeliveryAttempt {
    pub attempt: i32,
    pub status_code: Option<i32>,
    pub latency_ms: i64,
    pub ok: bool,
    pub error: Option<String>,
    pub at: i64,
}

/// `POST webhook/deliveries/{id}/resend` and `POST webhook/endpoints/secret`: the organisation.
#[crate::wire(IntoParams)]
pub struct OrgBody {
    pub org_id: i64,
}

/// The endpoint's signing secret (`whsec_…`): answered once, when it is made or rotated.
#[crate::wire]
pub struct SigningSecret {
    pub org_id: i64,
    pub signing_secret: String,
}

/// `GET/PUT crm-label-sync`: whose rules.
#[crate::wire(IntoParams)]
pub struct LabelRulesQuery {
    pub org_id: i64,
    pub user_id: i64,
}

/// An employee's `crmLabelSyncData` (000 §3): per CRM, the labels a chat must carry to sync
/// (`included_labels`) and the ones that keep it out (`excluded_labels`). A PUT replaces the
/// whole list; a CRM left out has no rule (every chat syncs).
#[crate::wire]
pub struct LabelRules {
    pub org_id: i64,
    pub user_id: i64,
    #[serde(rename = "crmLabelSyncData")]
    #[cfg_attr(feature = "ts", ts(rename = "crmLabelSyncData"))]
    #[schema(schema_with = label_rule_entries)]
    pub crm_label_sync_data: Vec<domain::labels::CrmLabelSync>,
}

/// `crmLabelSyncData`: `domain::labels::CrmLabelSync` entries, at most one per CRM that label
/// rules apply to, each list within `MAX_LABELS` ids of at most `MAX_LABEL_LEN` characters.
fn label_rule_entries() -> utoipa::openapi::schema::Array {
    use domain::labels::{MAX_LABELS, MAX_LABEL_LEN};
    use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, ObjectBuilder, Type};
    let crms: Vec<&str> = domain::providers::Provider::ALL
        .into_iter()
        .filter_map(|p| p.label_name())
        .collect();
    let labels = || {
        ArrayBuilder::new()
            .items(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .max_length(Some(MAX_LABEL_LEN)),
            )
            .max_items(Some(MAX_LABELS))
    };
    let entry = ObjectBuilder::new()
        .property(
            "crm_name",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(crms.clone())),
        )
        .required("crm_name")
        .property("included_labels", labels())
        .property("excluded_labels", labels())
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    ArrayBuilder::new()
        .items(entry)
        .max_items(Some(crms.len()))
        .build()
}

/// `GET integrations/lastsync?org_id` (001 §7): one entry per link the caller can see — their
/// own CRM and spreadsheet links, and the organisation's webhook.
#[crate::wire]
pub struct LastSync {
    /// The integration card's key (`hubspot`, `zoho`, `googleSheet`, `webhooks`, …).
    #[schema(value_type = String)]
    pub provider: domain::providers::Provider,
    /// 000 §4: `STARTING` (nothing synced yet), `PROCESSING`, `READY`, `ERROR`, `FAILED`
    /// (connect again) or `STOPPED` (the webhook is off).
    #[schema(value_type = String)]
    pub sync_status: domain::delivery::SyncState,
    pub last_sync_at: Option<i64>,
    pub sync_error: Option<String>,
    pub pending: i64,
    pub dead: i64,
}
