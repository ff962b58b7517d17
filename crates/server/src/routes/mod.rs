//! The API's routes, one module per area, each exporting `router()`; merged here once.

pub mod auth;
pub mod client_errors;
pub mod health;

use crate::error::AppError;
use crate::state::AppState;
use axum::Router;

/// Everything under `/api`. Unknown paths and wrong methods answer in the error shape.
pub fn api() -> Router<AppState> {
    Router::new()
        .merge(health::router())
        .merge(auth::router())
        .merge(client_errors::router())
        .route("/openapi.json", axum::routing::get(crate::openapi::serve))
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
