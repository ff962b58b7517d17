//! The sync engine (issue #7; 000 §3 webhook payload and label rules, §4 sync states, §8 retry
//! policy): at ingestion, [`Planner`] turns each new chat message into delivery jobs — the
//! organisation's webhook when it is on, and the sender's own CRM and spreadsheet links whose
//! label rules let the chat through — written in the message's transaction (the outbox in
//! `store::sync`). The [`worker`] takes due jobs, delivers them, and retries with exponential
//! backoff and jitter until the configured tries run out, then dead-letters them.
//!
//! Architecture invariant: a job is delivered at least once and, across replicas, never by two
//! workers at the same time (see `store::sync`); the receiver deduplicates by `webhook-id`.

use crate::links::{self, kinds};
use crate::oauth;
use crate::state::AppState;
use connectors::activity::{ChatActivity, Outcome as CrmOutcome};
use connectors::ConnectorError;
use domain::events::{MessageEvent, MESSAGE_OUTGOING};
use domain::labels::{chat_syncs, CrmLabelSync};
use domain::providers::{Provider, SyncTarget};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::time::Duration;
use store::entity::integration;
use store::integrations::{Owner, STATUS_CONNECTED};
use store::sync::{Finished, Job, NewJob, Outcome};

/// When a delivery refused for the provider's daily limit is tried again.
const DAILY_LIMIT_RETRY_MS: i64 = 3_600_000;

/// The providers whose links the sync engine delivers chat activity to (the CRMs and the
/// spreadsheet), by their stored key.
pub fn activity_providers() -> Vec<&'static str> {
    Provider::ALL
        .into_iter()
        .filter(|p| p.syncs_activity())
        .map(Provider::key)
        .collect()
}

/// The label-rule name (`crm_name`) of a provider's links.
fn label_name(provider: &str) -> Option<&'static str> {
    Provider::from_key(provider).and_then(Provider::label_name)
}

/// The stable `webhook-id` of `event_id` at link `integration_id`: the same message to the same
/// target always carries the same id, so a receiver can drop a repeat.
pub fn delivery_id(org_id: i64, integration_id: i64, event_id: &str) -> String {
    let digest = Sha256::digest(format!("{org_id}:{integration_id}:{event_id}").as_bytes());
    format!("msg_{}", hex::encode(&digest[..16]))
}

/// A fresh Standard Webhooks signing secret (24 random bytes).
pub fn new_signing_secret() -> String {
    connectors::webhook::secret_from_key(&rand::random::<[u8; 24]>())
}

fn direction_text(d: i16) -> &'static str {
    if d == MESSAGE_OUTGOING {
        "OUTGOING"
    } else {
        "INCOMING"
    }
}

fn iso_utc(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_default()
}

/// 000 §3 webhook sample payload: the message's fields under the spec's names, plus `Labels`.
pub fn webhook_body(e: &MessageEvent) -> serde_json::Value {
    serde_json::json!({
        "MessageId": e.event_id,
        "Message": e.message,
        "Chatid": e.chat_id,
        "File": e.file,
        "FileName": e.file_name,
        "Ack": e.ack,
        "Datetime": iso_utc(e.occurred_at),
        "Date": e.date_text,
        "Direction": direction_text(e.direction),
        "SentById": e.sent_by_id,
        "ChannelName": e.channel_name,
        "ChannelId": e.channel_id,
        "SentByNumber": e.sent_by_number,
        "sentByUserId": e.sent_by_user_id,
        "CreatedByUser": e.user_id,
        "senderName": e.sender_name,
        "Labels": e.labels,
    })
}

fn activity_of(e: &MessageEvent, phone: String) -> ChatActivity {
    let body = match (&e.message, &e.file_name) {
        (Some(m), _) => m.clone(),
        (None, Some(f)) => format!("[file] {f}"),
        (None, None) => String::new(),
    };
    ChatActivity {
        message_id: e.event_id.clone(),
        phone,
        contact_name: (e.direction != MESSAGE_OUTGOING)
            .then(|| e.sender_name.clone())
            .flatten(),
        direction: direction_text(e.direction).to_owned(),
        body,
        occurred_at_ms: e.occurred_at,
        agent_name: None,
        labels: e.labels.clone(),
    }
}

/// Where the messages of one batch go: read once per batch, applied to each new message inside
/// the storing transaction.
pub struct Planner {
    org_id: i64,
    max_attempts: i32,
    webhook: Option<i64>,
    /// Per user: their CRM and spreadsheet links (provider, link id).
    links: HashMap<i64, Vec<(String, i64)>>,
    rules: HashMap<(i64, String), CrmLabelSync>,
}

impl Planner {
    /// Reads the organisation's webhook and the CRM links and label rules of `users`.
    pub async fn load(
        state: &AppState,
        org_id: i64,
        users: &[i64],
    ) -> Result<Planner, crate::error::AppError> {
        let webhook = match links::find::<kinds::Webhooks>(state, Owner::Org(org_id)).await? {
            Some(row) => {
                let s = links::settings::<kinds::Webhooks>(&row)?;
                kinds::Webhooks::is_on(&s).then_some(row.id)
            }
            None => None,
        };
        let providers = activity_providers();
        let mut by_user: HashMap<i64, Vec<(String, i64)>> = HashMap::new();
        for row in store::integrations::links_of_users(&state.store, users, &providers).await? {
            if row.status != STATUS_CONNECTED {
                continue;
            }
            if let Some(u) = row.user_id {
                by_user.entry(u).or_default().push((row.provider, row.id));
            }
        }
        let rules = store::sync::label_rules_of(&state.store, org_id, users)
            .await?
            .into_iter()
            .map(|(u, r)| ((u, r.crm_name.clone()), r))
            .collect();
        Ok(Planner {
            org_id,
            max_attempts: i32::try_from(state.config.sync.max_attempts).unwrap_or(3),
            webhook,
            links: by_user,
            rules,
        })
    }

    /// The jobs of one new message.
    pub fn jobs_for(&self, e: &MessageEvent) -> Vec<NewJob> {
        let mut jobs = Vec::new();
        let job = |kind: &str, integration_id: i64, payload: String| NewJob {
            kind: kind.to_owned(),
            integration_id,
            event_id: e.event_id.clone(),
            delivery_id: delivery_id(self.org_id, integration_id, &e.event_id),
            payload,
            max_attempts: self.max_attempts,
        };
        if let Some(id) = self.webhook {
            jobs.push(job(
                store::sync::KIND_WEBHOOK,
                id,
                webhook_body(e).to_string(),
            ));
        }
        let Some(phone) = domain::events::chat_phone(&e.chat_id) else {
            return jobs;
        };
        for (provider, id) in self.links.get(&e.user_id).into_iter().flatten() {
            let Some(name) = label_name(provider) else {
                continue;
            };
            let rule = self.rules.get(&(e.user_id, name.to_owned()));
            if !chat_syncs(rule, &e.labels) {
                continue;
            }
            let activity = activity_of(e, phone.clone());
            let payload = serde_json::to_string(&activity).unwrap_or_default();
            jobs.push(job(provider, *id, payload));
        }
        jobs
    }
}

/// The most finished tries recorded in one transaction.
const FINISH_BATCH: usize = 256;

/// Runs the worker until `stop` turns true, then lets the deliveries in flight finish. Tries
/// run concurrently (up to `sync_concurrency`); their results come back on a channel and are
/// recorded in batches, one transaction each, so a busy queue costs a commit per batch rather
/// than per delivery.
pub async fn worker(state: AppState, mut stop: tokio::sync::watch::Receiver<bool>) {
    let c = &state.config;
    let name = format!("{}-{}", std::process::id(), uuid::Uuid::new_v4().simple());
    let concurrency = c.sync.concurrency.max(1);
    let poll = Duration::from_millis(c.sync.poll_ms.max(10));
    let lease = i64::try_from(c.sync.lease_ms).unwrap_or(120_000);
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel::<Finished>();
    let mut in_flight = 0usize;
    tracing::info!(worker = %name, concurrency, "sync worker started");
    loop {
        let stopping = *stop.borrow();
        if stopping && in_flight == 0 {
            break;
        }
        // Claim when at least half the slots are free (fewer, larger claims).
        let free = concurrency - in_flight;
        if !stopping && free * 2 >= concurrency {
            let now = state.clock.now_ms();
            let limit = u32::try_from(free).unwrap_or(u32::MAX);
            match store::sync::claim(&state.store, &name, now, lease, limit).await {
                Ok(jobs) => {
                    for job in jobs {
                        in_flight += 1;
                        let (state, tx) = (state.clone(), done_tx.clone());
                        tokio::spawn(async move {
                            let start = std::time::Instant::now();
                            let outcome = deliver(&state, &job).await;
                            let latency_ms =
                                i64::try_from(start.elapsed().as_millis()).unwrap_or(i64::MAX);
                            let _ = tx.send(Finished {
                                job,
                                outcome,
                                latency_ms,
                            });
                        });
                    }
                }
                Err(e) => tracing::warn!(error = %e, "sync claim failed"),
            }
        }
        let wake = state.sync_wake.clone();
        let first = tokio::select! {
            d = done_rx.recv(), if in_flight > 0 => d,
            _ = wake.notified(), if in_flight < concurrency && !stopping => None,
            _ = tokio::time::sleep(poll) => None,
            _ = stop.changed(), if !stopping => None,
        };
        if let Some(first) = first {
            let mut batch = vec![first];
            while batch.len() < FINISH_BATCH {
                match done_rx.try_recv() {
                    Ok(d) => batch.push(d),
                    Err(_) => break,
                }
            }
            in_flight -= batch.len();
            let now = state.clock.now_ms();
            if let Err(e) = store::sync::finish_many(&state.store, &name, &batch, now).await {
                // The leases run out and the jobs are tried again: at least once, never lost.
                tracing::warn!(jobs = batch.len(), error = %e, "could not record deliveries");
            }
        }
    }
    tracing::info!(worker = %name, "sync worker stopped");
}

/// A try that cannot succeed by trying again (no answer from the target to record).
fn given_up(error: impl Into<String>) -> Outcome {
    Outcome::Dead {
        status_code: None,
        error: error.into(),
    }
}

/// A failed try: retried after the backoff (or the provider's `Retry-After`, whichever is
/// later) while tries are left, else dead.
fn failed(
    state: &AppState,
    job: &Job,
    status_code: Option<u16>,
    error: String,
    retry_after_ms: Option<u64>,
) -> Outcome {
    let code = status_code.map(i32::from);
    if job.attempt >= job.max_attempts {
        return Outcome::Dead {
            status_code: code,
            error,
        };
    }
    let c = &state.config;
    let attempt = u32::try_from(job.attempt.max(1)).unwrap_or(1);
    let backoff = domain::retry::backoff_ms(
        attempt,
        c.sync.backoff_base_ms,
        c.sync.backoff_max_ms,
        rand::random::<f64>(),
    );
    let wait = backoff.max(retry_after_ms.unwrap_or(0));
    Outcome::Retry {
        at: state.clock.now_ms() + i64::try_from(wait).unwrap_or(i64::MAX / 2),
        status_code: code,
        error,
        refund: false,
    }
}

async fn deliver(state: &AppState, job: &Job) -> Outcome {
    let link = match store::integrations::by_id(&state.store, job.integration_id).await {
        Ok(Some(l)) => l,
        Ok(None) => return given_up("the integration was removed"),
        Err(e) => return failed(state, job, None, format!("database: {e}"), None),
    };
    if job.kind == store::sync::KIND_WEBHOOK {
        deliver_webhook(state, job, &link).await
    } else {
        deliver_activity(state, job, link).await
    }
}

async fn deliver_webhook(state: &AppState, job: &Job, link: &integration::Model) -> Outcome {
    if link.org_id != Some(job.org_id) {
        return given_up("the endpoint belongs to another organisation");
    }
    let settings = match links::settings::<kinds::Webhooks>(link) {
        Ok(s) => s,
        Err(_) => return failed(state, job, None, "unreadable settings".to_owned(), None),
    };
    let Some(url) = settings.duplex_webhook.filter(|_| settings.status == 1) else {
        return Outcome::Skipped {
            reason: "the webhook is turned off".to_owned(),
        };
    };
    let secret = match links::secret::<kinds::Webhooks>(state, link) {
        Ok(s) => s,
        Err(_) => return failed(state, job, None, "unreadable secret".to_owned(), None),
    };
    let report = connectors::webhook::deliver_signed(
        &state.webhook_clients,
        &connectors::webhook::Delivery {
            url: &url,
            token: secret.auth_token.as_deref(),
            body: &job.payload,
            id: &job.delivery_id,
            timestamp: state.clock.now_ms() / 1000,
            secret: secret.signing_secret.as_deref(),
            timeout: Duration::from_millis(state.config.sync.webhook_timeout_ms),
        },
        &state.config.address_allow,
    )
    .await;
    match report.error {
        None => Outcome::Delivered {
            status_code: report.status.map(i32::from),
        },
        Some(error) => failed(state, job, report.status, error, report.retry_after_ms),
    }
}

/// What one provider call ended in, before the retry policy.
enum Try {
    Done(Outcome),
    Expired,
    Failed(ConnectorError),
}

async fn try_once(state: &AppState, job: &Job, link: &integration::Model) -> Try {
    if Provider::from_key(&link.provider).map(|p| p.spec().sync) == Some(SyncTarget::Sheet) {
        return try_sheet(state, job, link).await;
    }
    let activity: ChatActivity = match serde_json::from_str(&job.payload) {
        Ok(a) => a,
        Err(_) => return Try::Done(given_up("unreadable job")),
    };
    let crm = match links::crm_client(state, link) {
        Ok(c) => c,
        Err(e) => return Try::Done(given_up(e)),
    };
    match connectors::activity::log_chat(&crm, &activity, &state.config.address_allow).await {
        Ok(CrmOutcome::Logged(_)) => Try::Done(Outcome::Delivered { status_code: None }),
        Ok(CrmOutcome::SkippedNoContact) => Try::Done(Outcome::Skipped {
            reason: "no contact with this number, and contact creation is off".to_owned(),
        }),
        Err(ConnectorError::TokenExpired) => Try::Expired,
        Err(e) => Try::Failed(e),
    }
}

async fn try_sheet(state: &AppState, job: &Job, link: &integration::Model) -> Try {
    let (Ok(s), Ok(token)) = (
        links::settings::<kinds::GoogleSheet>(link),
        links::secret::<kinds::GoogleSheet>(state, link),
    ) else {
        return Try::Done(given_up("unreadable spreadsheet link"));
    };
    let Ok(a) = serde_json::from_str::<ChatActivity>(&job.payload) else {
        return Try::Done(given_up("unreadable job"));
    };
    let cells = vec![
        iso_utc(a.occurred_at_ms),
        a.direction,
        a.phone,
        a.contact_name.unwrap_or_default(),
        a.body,
        s.label_name,
        a.labels.join(", "),
        a.message_id,
    ];
    match connectors::google::append_row(
        &state.config.providers.google.sheets_api_url,
        &token.access_token,
        &s.sheet_id,
        &s.sub_sheet_name,
        &cells,
    )
    .await
    {
        Ok(()) => Try::Done(Outcome::Delivered { status_code: None }),
        Err(ConnectorError::WrongCredentials | ConnectorError::TokenExpired) => Try::Expired,
        Err(e) => Try::Failed(e),
    }
}

async fn deliver_activity(state: &AppState, job: &Job, link: integration::Model) -> Outcome {
    let (provider, owner) = match (Provider::from_key(&link.provider), link.user_id) {
        (Some(p), Some(u)) => (p, Owner::User(u)),
        _ => return given_up("not a workspace link"),
    };
    let needs_reconnect = || Outcome::Dead {
        status_code: Some(401),
        error: "the provider no longer accepts the link: connect it again".to_owned(),
    };
    // Refresh first when the token is about to expire; once more after a 401.
    let mut refreshed_after_401 = false;
    loop {
        let current = match oauth::fresh_link(state, provider, owner).await {
            Ok(Some(l)) => l,
            Ok(None) => return given_up("the integration was removed"),
            Err(e) => return failed(state, job, None, e.message.clone(), None),
        };
        if current.status != STATUS_CONNECTED {
            return needs_reconnect();
        }
        match try_once(state, job, &current).await {
            Try::Done(o) => return o,
            // OAuth links refresh (Salesforce states no lifetime, so expiry is no test);
            // key-based ones cannot.
            Try::Expired if !refreshed_after_401 && provider.spec().refreshes => {
                refreshed_after_401 = true;
                // One refresh however many deliveries (or read calls) saw this token refused.
                if let Err(e) = oauth::refresh_after_refused(state, provider, owner, &current).await
                {
                    return failed(state, job, None, e.message.clone(), None);
                }
            }
            Try::Expired => return needs_reconnect(),
            Try::Failed(ConnectorError::RateLimited { retry_after_ms }) => {
                let wait = retry_after_ms.unwrap_or(state.config.sync.backoff_base_ms);
                return Outcome::Retry {
                    at: state.clock.now_ms() + i64::try_from(wait).unwrap_or(60_000),
                    status_code: Some(429),
                    error: "the provider asked to slow down".to_owned(),
                    refund: true,
                };
            }
            // The account's calls for the day are spent: ask again in an hour (the account's
            // day may end at any hour of ours), the attempt not counted.
            Try::Failed(ConnectorError::DailyLimit) => {
                return Outcome::Retry {
                    at: state.clock.now_ms() + DAILY_LIMIT_RETRY_MS,
                    status_code: Some(429),
                    error: "the provider's daily call limit is reached".to_owned(),
                    refund: true,
                };
            }
            Try::Failed(ConnectorError::WrongCredentials) => {
                return Outcome::Dead {
                    status_code: Some(401),
                    error: "the provider refused the credentials".to_owned(),
                };
            }
            Try::Failed(e) => return failed(state, job, None, e.to_string(), None),
        }
    }
}
