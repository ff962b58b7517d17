//! What every answer promises a browser (issue #13), as middleware around the whole app:
//! - security headers on every answer — a Content-Security-Policy with no inline script and no
//!   `eval` (`'wasm-unsafe-eval'` lets the domain module compile), no framing
//!   (`frame-ancestors 'none'`, which supersedes `X-Frame-Options`), no MIME sniffing, a strict
//!   referrer policy, a Permissions-Policy, and HSTS when served over HTTPS;
//! - cross-site refusal: a state change (any method but GET, HEAD, OPTIONS) that a browser marks
//!   as coming from another site is refused before it reaches a handler, so the session cookie
//!   cannot be ridden by another page (and a sign-in cannot be forced on someone). Calls with an
//!   `Authorization` header (the extension's token, which no other site can attach) and calls
//!   from outside a browser (no `Sec-Fetch-Site`, no `Origin`) pass;
//! - API answers are never stored by caches (`Cache-Control: no-store`): they are personal.

use crate::error::AppError;
use axum::extract::Request;
use axum::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use contract::ErrorCode;
use std::sync::Arc;

/// The Content-Security-Policy of every answer. Styles may be inline: Mantine sets its theme
/// variables in a `<style>` element and positions popovers with `style` attributes; scripts may
/// not. Pictures may come from any https host (profile pictures). Fetches, fonts and workers
/// fall back to `default-src 'self'`. Kept short: it rides on every answer (bytes over the wire).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
     script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: https:; \
     object-src 'none'; \
     base-uri 'none'; \
     form-action 'self'; \
     frame-ancestors 'none'";

/// Browser features the app never uses, switched off for it and anything it could embed.
pub const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/// HSTS for a year once the app is served over HTTPS (`cookie_secure`).
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000; includeSubDomains";

/// The headers added to every answer (an answer that set one itself keeps its own).
#[derive(Clone)]
pub struct SecurityHeaders(Arc<HeaderMap>);

impl SecurityHeaders {
    pub fn new(https: bool) -> SecurityHeaders {
        let mut h = HeaderMap::new();
        let fixed = |v: &'static str| HeaderValue::from_static(v);
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            fixed(CONTENT_SECURITY_POLICY),
        );
        h.insert(header::X_CONTENT_TYPE_OPTIONS, fixed("nosniff"));
        h.insert(
            header::REFERRER_POLICY,
            fixed("strict-origin-when-cross-origin"),
        );
        h.insert(
            HeaderName::from_static("permissions-policy"),
            fixed(PERMISSIONS_POLICY),
        );
        if https {
            h.insert(
                header::STRICT_TRANSPORT_SECURITY,
                fixed(STRICT_TRANSPORT_SECURITY),
            );
        }
        SecurityHeaders(Arc::new(h))
    }
}

/// Adds the security headers to every answer.
pub async fn add_security_headers(
    axum::extract::State(headers): axum::extract::State<SecurityHeaders>,
    req: Request,
    next: Next,
) -> Response {
    let mut res = next.run(req).await;
    for (name, value) in headers.0.iter() {
        if !res.headers().contains_key(name) {
            res.headers_mut().insert(name.clone(), value.clone());
        }
    }
    res
}

/// Whether the browser says this request comes from another site (or another origin of this
/// site). `Sec-Fetch-Site` decides where the browser sends it (every current browser does);
/// otherwise `Origin` must name this server's own host. Neither header: not a browser.
pub fn is_cross_site(headers: &HeaderMap, own_authority: Option<&str>) -> bool {
    if let Some(site) = headers.get("sec-fetch-site") {
        return !matches!(site.as_bytes(), b"same-origin" | b"none");
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return false;
    };
    let origin_authority = origin.split_once("://").map(|(_, rest)| rest);
    match (origin_authority, own_authority) {
        (Some(theirs), Some(ours)) => !theirs.eq_ignore_ascii_case(ours),
        // `Origin: null` (sandboxed frames, some redirects) or no Host to compare with.
        _ => true,
    }
}

/// Refuses cross-site state changes made with the browser's credentials (403
/// `cross_site_refused`); see the module comment for who passes.
pub async fn refuse_cross_site(req: Request, next: Next) -> Response {
    let safe = matches!(
        *req.method(),
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    );
    if !safe && !req.headers().contains_key(header::AUTHORIZATION) {
        let own = req
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .map(str::to_owned)
            .or_else(|| req.uri().authority().map(|a| a.to_string()));
        if is_cross_site(req.headers(), own.as_deref()) {
            tracing::warn!(method = %req.method(), uri = %req.uri(), "cross-site state change refused");
            return AppError::new(
                ErrorCode::CrossSiteRefused,
                "state changes must come from this site's own pages",
            )
            .into_response();
        }
    }
    next.run(req).await
}

/// `Cache-Control: no-store` on API answers that did not choose their own.
pub async fn no_store(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    res.headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn fetch_metadata_decides_where_the_browser_sends_it() {
        let own = Some("app.example.com");
        assert!(!is_cross_site(
            &headers(&[("sec-fetch-site", "same-origin")]),
            own
        ));
        assert!(!is_cross_site(&headers(&[("sec-fetch-site", "none")]), own));
        assert!(is_cross_site(
            &headers(&[("sec-fetch-site", "same-site")]),
            own
        ));
        assert!(is_cross_site(
            &headers(&[("sec-fetch-site", "cross-site")]),
            own
        ));
        // Fetch metadata wins over a matching Origin.
        assert!(is_cross_site(
            &headers(&[
                ("sec-fetch-site", "cross-site"),
                ("origin", "https://app.example.com")
            ]),
            own
        ));
    }

    #[test]
    fn without_fetch_metadata_the_origin_must_be_this_host() {
        let own = Some("app.example.com");
        assert!(!is_cross_site(
            &headers(&[("origin", "https://app.example.com")]),
            own
        ));
        assert!(!is_cross_site(
            &headers(&[("origin", "https://APP.example.com")]),
            own
        ));
        assert!(is_cross_site(
            &headers(&[("origin", "https://evil.example")]),
            own
        ));
        assert!(is_cross_site(
            &headers(&[("origin", "https://app.example.com:8443")]),
            own
        ));
        assert!(is_cross_site(&headers(&[("origin", "null")]), own));
        assert!(!is_cross_site(&headers(&[]), own), "not a browser");
    }
}
