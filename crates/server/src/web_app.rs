//! The built web app (`web_dir`, Vite's output) as a browser should receive it (issue #13):
//! - each file's brotli or gzip variant (`.br`, `.gz`, written beside it at build time by
//!   `web/scripts/precompress.mjs`) when the browser accepts it, the plain file otherwise;
//! - `/assets/*` (content-hashed names: a changed file is a new name) cached for a year as
//!   `immutable`, so a second visit fetches none of them; a missing asset is a plain 404, never
//!   the app's page under an asset's name;
//! - everything else, `index.html` and the single-page fallback included, `no-cache`: the
//!   browser revalidates it (`Last-Modified`, a 304 when unchanged) and so learns of a new build;
//! - a prerendered page (`web/scripts/prerender.mjs`: the public pages and the sign-up page's
//!   first paint, `<route>/index.html` and one `<route>/index.<lang>.html` per other language)
//!   for its route, before the single-page fallback: the language asked for with `?lang=`, else
//!   the first of `Accept-Language` the product speaks (the web app's own rule), else English.
//!   `/feedback/{id}` without a page of its own gets the general form, `feedback/index.html`.

use crate::state::AppState;
use axum::extract::Request;
use axum::http::header::{self, HeaderValue};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use domain::language::Language;
use std::path::{Path, PathBuf};
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
    let dir = web_dir.to_path_buf();
    Router::new()
        .nest_service("/assets", assets)
        .fallback_service(root)
        .layer(middleware::from_fn(move |req, next| {
            prerendered(dir.clone(), req, next)
        }))
        .layer(middleware::from_fn(cache_policy))
}

/// The language a prerendered page is served in: `?lang=` when the product speaks it, else the
/// first language of `Accept-Language` it speaks, else English.
fn page_language(req: &Request) -> Language {
    let asked = req.uri().query().and_then(|q| {
        q.split('&')
            .find_map(|kv| kv.strip_prefix("lang="))
            .and_then(Language::from_tag)
    });
    asked
        .or_else(|| {
            req.headers()
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| {
                    v.split(',')
                        .map(|part| part.split(';').next().unwrap_or("").trim())
                        .find_map(Language::from_tag)
                })
        })
        .unwrap_or(Language::En)
}

/// The prerendered file of `path` in `lang` under `web_dir`, when there is one: the route's
/// own folder, or the general feedback form for a `/feedback/{id}` without one.
fn prerendered_file(web_dir: &Path, path: &str, lang: Language) -> Option<String> {
    let route = path.trim_matches('/');
    let safe = |r: &str| {
        r.split('/').all(|seg| {
            !seg.is_empty()
                && seg
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
    };
    if route.is_empty() || !safe(route) {
        return None;
    }
    let name = match lang {
        Language::En => "index.html".to_owned(),
        other => format!("index.{}.html", other.tag()),
    };
    let general = route
        .strip_prefix("feedback/")
        .filter(|id| !id.contains('/'))
        .map(|_| "feedback".to_owned());
    [Some(route.to_owned()), general]
        .into_iter()
        .flatten()
        .flat_map(|r| [format!("{r}/{name}"), format!("{r}/index.html")])
        .find(|file| web_dir.join(PathBuf::from(file)).is_file())
        .map(|file| format!("/{file}"))
}

/// Answers a route that has a prerendered page with that page (the request is handed on with its
/// path rewritten, so the precompressed variants and revalidation still apply).
async fn prerendered(web_dir: PathBuf, mut req: Request, next: Next) -> Response {
    let path = req.uri().path().to_owned();
    let page = if path.contains('.') || path.starts_with("/assets/") {
        None
    } else {
        let lang = page_language(&req);
        prerendered_file(&web_dir, &path, lang)
    };
    let Some(file) = page else {
        return next.run(req).await;
    };
    if let Ok(uri) = file.parse() {
        *req.uri_mut() = uri;
    }
    let mut res = next.run(req).await;
    res.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("accept-encoding, accept-language"),
    );
    res
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
