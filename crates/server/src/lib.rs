//! The Switchboard server as a library: `build_app` assembles the router (API, OpenAPI document,
//! the built web app with its single-page fallback); `run` serves it until shutdown. `main.rs`
//! only parses the command line.

pub mod access;
pub mod auth;
pub mod billing;
pub mod business_hours;
pub mod client;
pub mod clock;
pub mod config;
pub mod credits;
pub mod crm_sync;
pub mod error;
pub mod error_text;
pub mod extract;
pub mod files;
pub mod geo;
pub mod import;
pub mod inbox;
pub mod kb_index;
pub mod leads;
pub mod links;
pub mod mail;
pub mod mail_texts;
pub mod manage;
pub mod oauth;
pub mod openapi;
pub mod operator;
pub mod paging;
pub mod pdf;
pub mod pdf_text;
pub mod photo;
pub mod policy;
pub mod routes;
pub mod search;
pub mod secrets;
pub mod state;
pub mod sync;
pub mod views;
pub mod web_app;
pub mod workspace;

use axum::extract::{DefaultBodyLimit, Request};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use config::Config;
use state::AppState;
use std::future::Future;
use store::Store;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::trace::TraceLayer;

/// API answers smaller than this go out as they are: compressing them saves less than it costs.
const COMPRESS_ABOVE_BYTES: u16 = 1024;

/// Connects to the database and applies pending migrations.
pub async fn open_store(config: &Config) -> Result<Store, store::StoreError> {
    let store = Store::connect(&config.database_url).await?;
    store.migrate().await?;
    Ok(store)
}

/// The whole application: `/api/*` and, for every other path, the web app (`web_app`). Every
/// answer carries the security headers (`policy`); API answers are compressed (br, gzip) above
/// 1 KB, never cached, and state changes from other sites are refused.
pub fn build_app(state: AppState) -> Router {
    let compress = CompressionLayer::new()
        .br(true)
        .gzip(true)
        // Brotli's default (11) is for files compressed once; 4 is as fast as gzip and smaller.
        .quality(CompressionLevel::Precise(4))
        .compress_when(
            SizeAbove::new(COMPRESS_ABOVE_BYTES)
                .and(NotForContentType::GRPC)
                .and(NotForContentType::IMAGES)
                .and(NotForContentType::SSE)
                .and(NotADownload),
        );
    let api = routes::api()
        .layer(middleware::from_fn(policy::refuse_cross_site))
        .layer(middleware::from_fn(policy::no_store))
        .layer(middleware::from_fn(error_text::with_language))
        .layer(compress);
    let headers = policy::SecurityHeaders::new(state.config.cookie_secure);
    Router::new()
        .nest("/api", api)
        .merge(web_app::router(&state.config.web_dir))
        .layer(DefaultBodyLimit::max(state.config.max_body_bytes))
        .layer(middleware::from_fn_with_state(
            headers,
            policy::add_security_headers,
        ))
        .layer(middleware::from_fn(log_failures))
        .layer(CatchPanicLayer::custom(panic_answer))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// Stored files (attachments, documents: answers with a `Content-Disposition`) are sent as they
/// were stored: most are compressed
/// formats already, and compressing megabytes again on every download costs the server CPU
/// for little gain.
#[derive(Clone, Copy)]
struct NotADownload;

impl Predicate for NotADownload {
    fn should_compress<B>(&self, res: &axum::http::Response<B>) -> bool
    where
        B: axum::body::HttpBody,
    {
        !res.headers()
            .contains_key(axum::http::header::CONTENT_DISPOSITION)
    }
}

/// A handler that panics answers 500 in the one error shape and the process lives on (the
/// server's profiles unwind on panic; the panic's message goes to the log only).
fn panic_answer(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a handler panicked");
    tracing::error!(panic = message, "a request handler panicked");
    axum::response::IntoResponse::into_response(error::AppError::internal("a handler panicked"))
}

/// Logs every server-side failure with the detail the response body leaves out.
async fn log_failures(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let uri = req.uri().clone();
    let res = next.run(req).await;
    if res.status().is_server_error() {
        let detail = res
            .extensions()
            .get::<error::FailureDetail>()
            .map(|d| d.0.as_str());
        tracing::error!(%method, %uri, status = %res.status(), detail, "request failed");
    }
    res
}

/// Serves on `listener` until `shutdown` resolves, then finishes in-flight requests.
pub async fn run(
    config: Config,
    store: Store,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let state = AppState::new(config, store).map_err(std::io::Error::other)?;
    serve_state(state, listener, shutdown).await
}

/// Serves an already assembled state (tests keep a handle on its clock).
pub async fn serve_state(
    state: AppState,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    if !state.config.web_dir.join("index.html").exists() {
        tracing::warn!(
            web_dir = %state.config.web_dir.display(),
            "the web app is not built here; run `just web` (the API still works)"
        );
    }
    if state.config.client.extension_ids().is_empty() {
        tracing::warn!(
            "no browser extension id is configured (client.extension_ids): the web app cannot \
             reach the extension and says so where it would"
        );
    }
    for id in state.config.client.malformed_extension_ids() {
        tracing::warn!(
            id,
            "client.extension_ids: not an extension id (32 letters a–p), left out"
        );
    }
    if state.config.dev_mailbox {
        tracing::warn!(
            "the development mailbox is served at /api/dev/mailbox: it shows sign-in codes"
        );
    }
    if state.config.billing.trust_forwarded_for {
        tracing::warn!(
            hops = state.config.proxy_hops(),
            "billing.trust_forwarded_for is deprecated: set trusted_proxy_hops (the number of \
             proxies you run) instead"
        );
    }
    let (stop, stopped) = tokio::sync::watch::channel(false);
    // Other replicas' inbox events wake this process's live screens (PostgreSQL's NOTIFY).
    let notify_listener = {
        let (store, wake) = (state.store.clone(), state.inbox_wake.clone());
        tokio::spawn(async move {
            store::inbox::events::listen(&store, move |org| {
                wake.send_replace(org);
            })
            .await;
        })
    };
    let worker = state
        .config
        .sync
        .worker
        .then(|| tokio::spawn(sync::worker(state.clone(), stopped.clone())));
    // The hourly CRM pull runs beside the sync worker, on the same switch.
    let crm_pull = state
        .config
        .sync
        .worker
        .then(|| tokio::spawn(crm_sync::hourly(state.clone(), stopped.clone())));
    let inbox_worker = state
        .config
        .inbox
        .worker
        .then(|| tokio::spawn(inbox::worker::run(state.clone(), stopped)));
    // The peer address reaches `client::ClientAddr` (rate limits, the visitor's currency).
    let app = build_app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await;
    // Let the deliveries in flight finish (bounded); anything cut off is retried after its
    // lease by this or another replica.
    let _ = stop.send(true);
    if let Some(w) = worker {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(15), w).await;
    }
    if let Some(w) = inbox_worker {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(15), w).await;
    }
    if let Some(w) = crm_pull {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(15), w).await;
    }
    notify_listener.abort();
    served
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down");
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use axum::body::Body;
    use tower::ServiceExt;

    #[tokio::test]
    async fn a_panicking_handler_answers_500_in_the_error_shape_and_the_next_request_is_served() {
        let app = Router::new()
            .route(
                "/boom",
                axum::routing::get(|| async {
                    let v: Vec<u8> = Vec::new();
                    #[allow(clippy::indexing_slicing)]
                    let first = v[3];
                    first.to_string()
                }),
            )
            .route("/fine", axum::routing::get(|| async { "fine" }))
            .layer(CatchPanicLayer::custom(panic_answer));
        let res = app
            .clone()
            .oneshot(Request::get("/boom").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), 500);
        let body = axum::body::to_bytes(res.into_body(), 4096).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["error"]["code"], "internal");
        let res = app
            .oneshot(Request::get("/fine").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }
}
