//! The built web app (`web_dir`, Vite's output) as a browser should receive it (issue #13):
//! - each file's brotli or gzip variant (`.br`, `.gz`, written beside it at build time by
//!   `web/scripts/precompress.mjs`) when the browser accepts it, the plain file otherwise;
//! - `/assets/*` (content-hashed names: a changed file is a new name) cached for a year as
//!   `immutable`, so a second visit fetches none of them; a missing asset is a plain 404, never
//!   the app's page under an asset's name;
//! - everything else, `index.html` and the single-page fallback included, `no-cache`: the
//!   browser revalidates it (`Last-Modified`, a 304 when unchanged) and so learns of a new build.

use crate::state::AppState;
use axum::extract::Request;
use axum::http::header::{self, HeaderValue};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

/// `Cache-Control` of content-hashed assets.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of the app's page and the other unhashed files.
pub const REVALIDATE: &str = "no-cache";

/// The router that serves `web_dir`: hashed assets, root files, and `index.html` for every other
/// path (the app's own routes).
pub fn router(web_dir: &Path) -> Router<AppState> {
    let index = ServeFile::new(web_dir.join("index.html"))
        .precompressed_br()
        .precompressed_gzip();
    let assets = ServeDir::new(web_dir.join("assets"))
        .precompressed_br()
        .precompressed_gzip();
    let root = ServeDir::new(web_dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(index);
    Router::new()
        .nest_service("/assets", assets)
        .fallback_service(root)
        .layer(middleware::from_fn(cache_policy))
}

async fn cache_policy(req: Request, next: Next) -> Response {
    let hashed = req.uri().path().starts_with("/assets/");
    let mut res = next.run(req).await;
    let ok = matches!(res.status(), StatusCode::OK | StatusCode::NOT_MODIFIED);
    let policy = if hashed && ok { IMMUTABLE } else { REVALIDATE };
    let h = res.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    // The same address answers br, gzip or plain bytes.
    h.entry(header::VARY)
        .or_insert(HeaderValue::from_static("accept-encoding"));
    res
}
