//! A webhook receiver for tests and benchmarks: an axum server on port 0 that records every
//! delivery (headers, raw body, time) and answers as told — succeed, fail the next n times, fail
//! always, or redirect — so the sync engine's retries, dead letters and signatures can be
//! observed from the receiving end.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One delivery as received.
#[derive(Debug, Clone)]
pub struct Hit {
    pub webhook_id: Option<String>,
    pub timestamp: Option<i64>,
    pub signature: Option<String>,
    pub authorization: Option<String>,
    pub body: String,
    /// When it arrived, from the receiver's start.
    pub at: std::time::Duration,
    /// What the receiver answered.
    pub answered: u16,
    /// Every header as received: lower-case names, in arrival order (repeats of a name follow
    /// its first), values decoded lossily where not UTF-8.
    pub headers: Vec<(String, String)>,
}

impl Hit {
    /// The first value of header `name` (any case), if it came.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// How the receiver answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// 200 to everything.
    Accept,
    /// 500 to the next `n` deliveries, then 200.
    FailNext(usize),
    /// 500 to everything.
    FailAlways,
    /// 302 to elsewhere.
    Redirect,
}

struct Inner {
    hits: Vec<Hit>,
    mode: Mode,
    started: Instant,
    /// How long each answer takes (a real endpoint's work).
    delay: std::time::Duration,
}

#[derive(Clone)]
struct Shared(Arc<Mutex<Inner>>);

/// The running receiver; stops when dropped.
pub struct WebhookReceiver {
    pub addr: SocketAddr,
    shared: Shared,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl WebhookReceiver {
    pub async fn start(mode: Mode) -> anyhow::Result<WebhookReceiver> {
        let shared = Shared(Arc::new(Mutex::new(Inner {
            hits: Vec::new(),
            mode,
            started: Instant::now(),
            delay: std::time::Duration::ZERO,
        })));
        let app = Router::new()
            .route("/hook", post(receive))
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = rx.await;
                })
                .await;
        });
        Ok(WebhookReceiver {
            addr,
            shared,
            shutdown: Some(tx),
        })
    }

    /// The endpoint URL to configure.
    pub fn url(&self) -> String {
        format!("http://{}/hook", self.addr)
    }

    /// Makes every answer take `delay`.
    pub fn set_delay(&self, delay: std::time::Duration) {
        if let Ok(mut i) = self.shared.0.lock() {
            i.delay = delay;
        }
    }

    pub fn set_mode(&self, mode: Mode) {
        if let Ok(mut i) = self.shared.0.lock() {
            i.mode = mode;
        }
    }

    /// Every delivery so far, oldest first.
    pub fn hits(&self) -> Vec<Hit> {
        self.shared
            .0
            .lock()
            .map(|i| i.hits.clone())
            .unwrap_or_default()
    }

    /// How many deliveries arrived.
    pub fn count(&self) -> usize {
        self.shared.0.lock().map(|i| i.hits.len()).unwrap_or(0)
    }

    /// Waits (up to `timeout`) until `pred` holds for the hits; answers whether it did.
    pub async fn wait_for(
        &self,
        timeout: std::time::Duration,
        pred: impl Fn(&[Hit]) -> bool,
    ) -> bool {
        let end = Instant::now() + timeout;
        loop {
            if pred(&self.hits()) {
                return true;
            }
            if Instant::now() > end {
                return false;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}

impl Drop for WebhookReceiver {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

fn header(h: &HeaderMap, name: &str) -> Option<String> {
    h.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned)
}

async fn receive(State(shared): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    let delay = shared.0.lock().map(|i| i.delay).unwrap_or_default();
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let Ok(mut inner) = shared.0.lock() else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let answered = match inner.mode {
        Mode::Accept => StatusCode::OK,
        Mode::FailNext(0) => {
            inner.mode = Mode::Accept;
            StatusCode::OK
        }
        Mode::FailNext(n) => {
            inner.mode = Mode::FailNext(n - 1);
            StatusCode::INTERNAL_SERVER_ERROR
        }
        Mode::FailAlways => StatusCode::INTERNAL_SERVER_ERROR,
        Mode::Redirect => StatusCode::FOUND,
    };
    let at = inner.started.elapsed();
    inner.hits.push(Hit {
        webhook_id: header(&headers, "webhook-id"),
        timestamp: header(&headers, "webhook-timestamp").and_then(|t| t.parse().ok()),
        signature: header(&headers, "webhook-signature"),
        authorization: header(&headers, "authorization"),
        body: String::from_utf8_lossy(&body).into_owned(),
        at,
        answered: answered.as_u16(),
        headers: headers
            .iter()
            .map(|(n, v)| {
                let v = String::from_utf8_lossy(v.as_bytes()).into_owned();
                (n.as_str().to_owned(), v)
            })
            .collect(),
    });
    if answered == StatusCode::FOUND {
        return (answered, [("location", "http://127.0.0.1:9/elsewhere")]).into_response();
    }
    answered.into_response()
}

#[cfg(test)]
mod tests {
    use super::{Mode, WebhookReceiver};
    use std::time::Duration;

    #[tokio::test]
    async fn a_hit_keeps_every_header_and_finds_them_in_any_case() {
        let hook = WebhookReceiver::start(Mode::FailNext(1)).await.unwrap();
        let http = reqwest::Client::new();
        for _ in 0..2 {
            http.post(hook.url())
                .header("Webhook-Id", "msg_1")
                .header("X-Custom", "a")
                .header("x-custom", "b")
                .body("{}")
                .send()
                .await
                .unwrap();
        }
        assert!(
            hook.wait_for(Duration::from_secs(5), |h| h.len() == 2)
                .await
        );
        let hits = hook.hits();
        assert_eq!(
            hits.iter().map(|h| h.answered).collect::<Vec<_>>(),
            [500, 200]
        );
        let hit = &hits[1];
        assert_eq!(hit.webhook_id.as_deref(), Some("msg_1"));
        assert_eq!(hit.header("WEBHOOK-ID"), Some("msg_1"));
        assert_eq!(hit.header("x-custom"), Some("a"));
        assert_eq!(hit.header("x-missing"), None);
        let custom: Vec<&(String, String)> = hit
            .headers
            .iter()
            .filter(|(n, _)| n == "x-custom")
            .collect();
        assert_eq!(
            custom,
            [
                &("x-custom".to_owned(), "a".to_owned()),
                &("x-custom".to_owned(), "b".to_owned())
            ]
        );
        assert!(hit.headers.iter().all(|(n, _)| *n == n.to_lowercase()));
    }
}
