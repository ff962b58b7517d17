//! Where the shared number's verified messages are stored: each webhook hands its message to
//! this process's intake and waits; one task stores whatever gathered while the previous batch
//! committed in one transaction (`store::inbox::batch`, a group commit) and answers every
//! waiting webhook once its batch committed — so a webhook is still answered 200 only when its
//! message is stored, and a quiet number waits for nobody. A batch that fails is retried one
//! message at a time, so one bad message fails only its own webhook (which the gateway retries).

use crate::error::AppError;
use domain::inbox::Ack;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use store::inbox::batch::{Item, Stored, MAX_BATCH};
use store::inbox::intake::{Chat, Incoming, Recorded};
use store::Store;
use tokio::sync::{mpsc, oneshot};

/// Messages waiting for the intake task: webhooks past this wait for room (back-pressure on the
/// gateway rather than memory).
const QUEUE: usize = 4 * MAX_BATCH;

/// A gateway message to store, owned (it crosses to the intake task).
#[derive(Debug, Clone)]
pub struct Arrival {
    pub org_id: i64,
    pub channel_id: i64,
    pub chat_id: String,
    pub contact: String,
    pub is_group: bool,
    pub source_id: String,
    pub outbound: bool,
    pub sender: Option<String>,
    pub body: Option<String>,
    pub media_url: Option<String>,
    pub media_type: Option<String>,
    pub media_name: Option<String>,
    pub ack: Ack,
    /// When it was sent (epoch ms).
    pub sent_at: i64,
    /// When it arrived (epoch ms, the server's clock).
    pub now: i64,
}

struct Job {
    arrival: Arrival,
    reply: oneshot::Sender<Result<Stored, AppError>>,
}

/// This process's intake: a queue and the task that drains it (started on first use, on the
/// runtime that serves the webhooks).
#[derive(Clone)]
pub struct Intake {
    queue: mpsc::Sender<Job>,
    waiting: Arc<Mutex<Option<mpsc::Receiver<Job>>>>,
}

impl Default for Intake {
    fn default() -> Self {
        let (queue, waiting) = mpsc::channel(QUEUE);
        Intake {
            queue,
            waiting: Arc::new(Mutex::new(Some(waiting))),
        }
    }
}

impl Intake {
    /// Stores `arrival` (once by its source id, with its live event; a new conversation
    /// assigned) and answers what storing did, once it is committed.
    pub async fn store(&self, store: &Store, arrival: Arrival) -> Result<Stored, AppError> {
        let idle = self
            .waiting
            .lock()
            .map_err(|_| AppError::internal("the inbox intake's lock is poisoned"))?
            .take();
        if let Some(rx) = idle {
            tokio::spawn(drain(store.clone(), rx));
        }
        let (reply, answer) = oneshot::channel();
        self.queue
            .send(Job { arrival, reply })
            .await
            .map_err(|_| AppError::internal("the inbox intake stopped"))?;
        answer
            .await
            .map_err(|_| AppError::internal("the inbox intake dropped a message"))?
    }
}

/// Stores batches until every sender is gone: whatever is queued when the previous batch is
/// done, up to [`MAX_BATCH`].
async fn drain(store: Store, mut rx: mpsc::Receiver<Job>) {
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        let batch = std::mem::take(&mut jobs);
        if batch.len() > 1 {
            match record(&store, &batch).await {
                Ok(done) => {
                    for (job, recorded) in batch.into_iter().zip(done) {
                        let _ = job.reply.send(Ok(recorded));
                    }
                    continue;
                }
                Err(e) => tracing::warn!(
                    messages = batch.len(),
                    error = %e.message,
                    internal = ?e.internal,
                    "a batch of webhook messages failed; storing them one at a time"
                ),
            }
        }
        for job in batch {
            let done = record(&store, std::slice::from_ref(&job)).await;
            let _ = job
                .reply
                .send(done.map(|d| d.into_iter().next().unwrap_or(NOTHING)));
        }
    }
}

/// What a batch answers for a message it did not report (never: one answer per message).
const NOTHING: Stored = Stored {
    recorded: Recorded {
        conversation_id: 0,
        message_id: None,
        new_conversation: false,
    },
    assignee: None,
};

/// One transaction for `jobs`: each inbound message's needs-reply clock from its
/// organisation's settings (read once per organisation), then the batch stored.
async fn record(store: &Store, jobs: &[Job]) -> Result<Vec<Stored>, AppError> {
    let mut clocks = HashMap::new();
    for job in jobs.iter().filter(|j| !j.arrival.outbound) {
        let org = job.arrival.org_id;
        if let std::collections::hash_map::Entry::Vacant(e) = clocks.entry(org) {
            e.insert(super::clock::Escalation::of(store, org).await?);
        }
    }
    let now = jobs.iter().map(|j| j.arrival.now).max().unwrap_or_default();
    let items: Vec<Item<'_>> = jobs
        .iter()
        .map(|job| {
            let a = &job.arrival;
            let escalate_at = clocks
                .get(&a.org_id)
                .and_then(Option::as_ref)
                .and_then(|c| c.at(a.sent_at));
            Item {
                chat: Chat {
                    org_id: a.org_id,
                    channel_id: a.channel_id,
                    owner_id: None,
                    chat_id: &a.chat_id,
                    contact: &a.contact,
                    is_group: a.is_group,
                    name: None,
                },
                msg: Incoming {
                    source_id: Some(&a.source_id),
                    kind: store::inbox::MESSAGE,
                    outbound: a.outbound,
                    author_id: None,
                    sender: a.sender.as_deref(),
                    body: a.body.as_deref(),
                    media_key: None,
                    media_url: a.media_url.as_deref(),
                    media_type: a.media_type.as_deref(),
                    media_name: a.media_name.as_deref(),
                    ack: a.ack,
                    sent_at: a.sent_at,
                    escalate_at: if a.outbound { None } else { escalate_at },
                },
            }
        })
        .collect();
    Ok(store::inbox::batch::record_announced(store, &items, now).await?)
}
