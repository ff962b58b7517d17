//! The API's routes, one module per area, each listing its routes in a `ROUTES` table; the
//! router is built here once from every table. Because the router is built from the tables,
//! `all_routes()` is every route there is: the OpenAPI test and the tenant-isolation test walk
//! it, so a new route cannot be left out of either.

pub mod accounts;
pub mod analytics;
pub mod auth;
pub mod client_errors;
pub mod dev;
pub mod employees;
pub mod events;
pub mod extension_tokens;
pub mod health;
pub mod integrations;
pub mod orgs;
pub mod sync;
pub mod teams;

use crate::error::AppError;
use crate::state::AppState;
use axum::http::Method;
use axum::routing::MethodRouter;
use axum::Router;

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
}

/// One route: method, path under `/api`, who may call it, and its handler.
pub struct ApiRoute {
    pub method: Method,
    pub path: &'static str,
    pub access: Access,
    handler: fn() -> MethodRouter<AppState>,
}

impl ApiRoute {
    pub const fn new(
        method: Method,
        path: &'static str,
        access: Access,
        handler: fn() -> MethodRouter<AppState>,
    ) -> ApiRoute {
        ApiRoute {
            method,
            path,
            access,
            handler,
        }
    }
}

/// Every route of the API, table by table.
pub fn all_routes() -> impl Iterator<Item = &'static ApiRoute> {
    [
        health::ROUTES,
        auth::ROUTES,
        extension_tokens::ROUTES,
        client_errors::ROUTES,
        dev::ROUTES,
        accounts::ROUTES,
        orgs::ROUTES,
        teams::ROUTES,
        employees::ROUTES,
        events::ROUTES,
        analytics::ROUTES,
        integrations::ROUTES,
        sync::ROUTES,
        OPENAPI,
    ]
    .into_iter()
    .flatten()
}

const OPENAPI: &[ApiRoute] = &[ApiRoute::new(
    Method::GET,
    "/openapi.json",
    Access::Public,
    || axum::routing::get(crate::openapi::serve),
)];

/// Everything under `/api`. Unknown paths and wrong methods answer in the error shape.
pub fn api() -> Router<AppState> {
    all_routes()
        .fold(Router::new(), |r, route| {
            r.route(route.path, (route.handler)())
        })
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
