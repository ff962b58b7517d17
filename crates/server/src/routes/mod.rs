//! The API's routes, one module per area. Each module's `routes()` declares every route once:
//! its access beside `routes!(handler)`, with the path and method read from the handler's
//! `#[utoipa::path]`. The router, the OpenAPI document and `all_routes()` are all built from
//! those declarations, so the tenant-isolation test and the OpenAPI test, which walk
//! `all_routes()`, cannot miss a route.
//!
//! The browser extension's token opens only the routes declared with [`Routes::add_extension`]
//! (the extension's scope, listed in docs/API.md and checked against it by a test): `build()`
//! marks their requests with [`ExtensionScope`], which `auth::MaybeUser` requires of a bearer
//! token.

pub mod account;
pub mod accounts;
pub mod admin;
pub mod admin_audit;
pub mod admin_grants;
pub mod analytics;
pub mod answers;
pub mod auth;
pub mod billing;
pub mod business_hours;
pub mod client_errors;
pub mod contacts;
pub mod deals;
pub mod dev;
pub mod employees;
pub mod events;
pub mod extension_tokens;
pub mod feedback;
pub mod health;
pub mod inbox;
pub mod integrations;
pub mod invitations;
pub mod join;
pub mod kb;
pub mod kb_conversations;
pub mod kb_search;
pub mod manage;
pub mod onboarding;
pub mod org_activity;
pub mod orgs;
pub mod planner;
pub mod referrals;
pub mod service;
pub mod sync;
pub mod teams;

use crate::error::AppError;
use crate::state::AppState;
use axum::http::Method;
use axum::routing::MethodRouter;
use axum::Extension;
use axum::Router;
use std::sync::Arc;
use std::sync::OnceLock;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::OpenApi;
use utoipa_axum::router::UtoipaMethodRouter;

/// Who may call a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone (health, signing in, the OpenAPI document, the development mailbox).
    Public,
    /// A signed-in caller, about their own account only (no ids of others in the request).
    SignedIn,
    /// A signed-in caller naming an organisation, team or user by id: membership and role are
    /// checked on the server and every query is scoped by the organisation.
    Scoped,
    /// An operator admin of this installation (their own `sb_admin` session; a user's session
    /// does not count), across every organisation.
    Operator,
}

/// One route as declared: method, path under `/api`, who may call it, and whether the browser
/// extension's token opens it.
#[derive(Debug)]
pub struct ApiRoute {
    pub method: Method,
    pub path: &'static str,
    pub access: Access,
    /// In the extension's scope: a bearer extension token is accepted here (and nowhere else).
    pub extension: bool,
}

/// The mark `build()` puts on the requests of the extension's routes (a request extension);
/// `auth::MaybeUser` accepts a bearer extension token only on a request that carries it.
#[derive(Debug, Clone, Copy)]
pub struct ExtensionScope;

/// One declaration: access, whether the extension's token opens it, what it shares with its
/// area, and the route.
struct Declared {
    access: Access,
    extension: bool,
    shared: Option<Arc<answers::Shared>>,
    route: UtoipaMethodRouter<AppState>,
}

/// An area's routes as declared (`routes!(handler)` from utoipa-axum: the handler, its path,
/// method, operation and schemas), each with its access.
#[derive(Default)]
pub struct Routes {
    declared: Vec<Declared>,
    shared: Option<Arc<answers::Shared>>,
}

impl Routes {
    pub fn new() -> Routes {
        Routes::default()
    }

    /// Says once what every route added after it shares with the others of its area (the tag,
    /// the query parameters, the refusals), instead of in each `#[utoipa::path]`.
    pub fn sharing(mut self, shared: answers::Shared) -> Routes {
        self.shared = Some(Arc::new(shared));
        self
    }

    /// Adds a documented route: `routes!(handler)` of one handler. Only the cookie session (the
    /// web app) opens it; a bearer extension token is refused with 403
    /// `extension_token_not_allowed`.
    pub fn add(mut self, access: Access, route: UtoipaMethodRouter<AppState>) -> Routes {
        self.declared.push(Declared {
            access,
            extension: false,
            shared: self.shared.clone(),
            route,
        });
        self
    }

    /// Adds a documented route of the browser extension's scope: its bearer token is accepted
    /// here as well as the cookie session. Every such route is in docs/API.md's scope table.
    pub fn add_extension(mut self, access: Access, route: UtoipaMethodRouter<AppState>) -> Routes {
        self.declared.push(Declared {
            access,
            extension: true,
            shared: self.shared.clone(),
            route,
        });
        self
    }

    pub(crate) fn merge(mut self, other: Routes) -> Routes {
        self.declared.extend(other.declared);
        self
    }
}

/// Every area's declarations.
fn declarations() -> Routes {
    [
        health::routes(),
        auth::routes(),
        extension_tokens::routes(),
        client_errors::routes(),
        feedback::routes(),
        dev::routes(),
        accounts::routes(),
        account::routes(),
        onboarding::routes(),
        orgs::routes(),
        org_activity::routes(),
        teams::routes(),
        employees::routes(),
        invitations::routes(),
        join::routes(),
        contacts::routes(),
        deals::routes(),
        service::routes(),
        referrals::routes(),
        events::routes(),
        analytics::routes(),
        integrations::routes(),
        sync::routes(),
        billing::routes(),
        admin::routes(),
        kb::routes(),
        kb_conversations::routes(),
        manage::routes(),
        planner::routes(),
        inbox::routes(),
        business_hours::routes(),
    ]
    .into_iter()
    .fold(Routes::new(), Routes::merge)
}

/// The document's own route: served, public, and not listed in the document it serves.
const OPENAPI_PATH: &str = "/openapi.json";

/// The handlers' documented prefix; the router is nested under it.
const API_PREFIX: &str = "/api";

/// The operations of one path, by method.
fn operations(item: &PathItem) -> impl Iterator<Item = (Method, &Operation)> {
    [
        (Method::GET, &item.get),
        (Method::POST, &item.post),
        (Method::PUT, &item.put),
        (Method::PATCH, &item.patch),
        (Method::DELETE, &item.delete),
        (Method::HEAD, &item.head),
        (Method::OPTIONS, &item.options),
        (Method::TRACE, &item.trace),
    ]
    .into_iter()
    .filter_map(|(m, op)| op.as_ref().map(|op| (m, op)))
}

/// What the declarations build: the router, the route list and the OpenAPI document.
struct Built {
    router: Router<AppState>,
    list: Vec<ApiRoute>,
    doc: OpenApi,
}

fn build() -> Built {
    let mut doc = <crate::openapi::ApiHead as utoipa::OpenApi>::openapi();
    let mut router = Router::new();
    let mut list = Vec::new();
    for Declared {
        access,
        extension,
        shared,
        route: (schemas, mut paths, method_router),
    } in declarations().declared
    {
        for item in paths.paths.values_mut() {
            if let Some(shared) = &shared {
                shared.apply(item);
            }
            answers::complete(item, access, extension);
        }
        let method_router = if extension {
            method_router.layer(Extension(ExtensionScope))
        } else {
            method_router
        };
        for (path, item) in &paths.paths {
            let under_api = path
                .strip_prefix(API_PREFIX)
                .unwrap_or_else(|| panic!("{path}: every documented path starts with /api"));
            // Leaked once per route: the table lives as long as the process.
            let under_api: &'static str = Box::leak(under_api.to_owned().into_boxed_str());
            for (method, _) in operations(item) {
                list.push(ApiRoute {
                    method,
                    path: under_api,
                    access,
                    extension,
                });
            }
            router = router.route(under_api, method_router.clone());
        }
        doc.paths.merge(paths);
        let components = doc.components.get_or_insert_with(Default::default);
        components.schemas.extend(schemas);
    }
    router = router.route(OPENAPI_PATH, openapi_route());
    list.push(ApiRoute {
        method: Method::GET,
        path: OPENAPI_PATH,
        access: Access::Public,
        extension: false,
    });
    Built { router, list, doc }
}

fn openapi_route() -> MethodRouter<AppState> {
    axum::routing::get(crate::openapi::serve)
}

fn built_once() -> &'static (Vec<ApiRoute>, OpenApi) {
    static BUILT: OnceLock<(Vec<ApiRoute>, OpenApi)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let b = build();
        (b.list, b.doc)
    })
}

/// Every route of the API, as declared.
pub fn all_routes() -> impl Iterator<Item = &'static ApiRoute> {
    built_once().0.iter()
}

/// The OpenAPI document of every documented route.
pub fn openapi_document() -> &'static OpenApi {
    &built_once().1
}

/// Everything under `/api`. Unknown paths and wrong methods answer in the error shape.
pub fn api() -> Router<AppState> {
    build()
        .router
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
}

async fn not_found() -> AppError {
    AppError::new(contract::ErrorCode::NotFound, "no API route at this path")
}

async fn method_not_allowed() -> AppError {
    AppError::new(
        contract::ErrorCode::MethodNotAllowed,
        "method not allowed on this path",
    )
}

#[cfg(test)]
mod tests {
    use super::all_routes;
    use std::collections::BTreeSet;

    /// The `(method, path)` rows of docs/API.md's table of the extension's scope.
    fn documented_scope() -> BTreeSet<(String, String)> {
        let doc = include_str!("../../../../docs/API.md");
        let section = doc
            .split("## The browser extension's scope")
            .nth(1)
            .expect("docs/API.md has the extension's scope");
        let section = section.split("\n## ").next().unwrap_or_default();
        section
            .lines()
            .filter_map(|line| {
                let cells: Vec<&str> = line.split('|').map(str::trim).collect();
                let (method, path) = (cells.get(1)?, cells.get(2)?);
                let path = path.strip_prefix('`')?.strip_suffix('`')?;
                Some((method.to_string(), path.to_owned()))
            })
            .collect()
    }

    #[test]
    fn the_extensions_scope_is_exactly_the_table_in_the_api_notes() {
        let declared: BTreeSet<(String, String)> = all_routes()
            .filter(|r| r.extension)
            .map(|r| (r.method.to_string(), format!("/api{}", r.path)))
            .collect();
        let documented = documented_scope();
        assert!(documented.len() > 20, "{documented:?}");
        let undocumented: Vec<_> = declared.difference(&documented).collect();
        let undeclared: Vec<_> = documented.difference(&declared).collect();
        assert!(
            undocumented.is_empty() && undeclared.is_empty(),
            "in scope but not in docs/API.md: {undocumented:?}; \
             in docs/API.md but not in scope: {undeclared:?}"
        );
    }

    #[test]
    fn no_operator_or_public_route_is_in_the_extensions_scope() {
        for r in all_routes().filter(|r| r.extension) {
            assert!(
                matches!(r.access, super::Access::SignedIn | super::Access::Scoped),
                "{} {} is {:?}",
                r.method,
                r.path,
                r.access
            );
        }
    }
}
