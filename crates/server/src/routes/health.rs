//! `GET /api/health`: the server answers and its database responds. `GET /api/client-config`:
//! what the web app is told when it starts.

use super::{Access, Routes};
use crate::error::AppError;
use crate::extract::Json;
use crate::state::AppState;
use axum::extract::State;
use contract::health::{ClientConfig, DatabaseKind, Health};
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Public, routes!(get_health))
        .add(Access::Public, routes!(get_client_config))
}

/// Reports the version and the database kind after a round trip to the database.
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "health",
    responses(
        (status = 200, description = "The server and its database answer", body = Health),
        (status = 500, description = "The database does not answer", body = contract::ErrorBody),
    )
)]
pub async fn get_health(State(state): State<AppState>) -> Result<Json<Health>, AppError> {
    state.store.ping().await?;
    Ok(Json(Health {
        status: "ok".to_owned(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        database: match state.store.kind() {
            store::DbKind::Sqlite => DatabaseKind::Sqlite,
            store::DbKind::Postgres => DatabaseKind::Postgres,
        },
    }))
}

/// The extension's ids and the support and demo links, from the server's configuration
/// (`client.*`): the web app asks once when it starts instead of carrying them in its build.
#[utoipa::path(
    get,
    path = "/api/client-config",
    tag = "health",
    responses(
        (status = 200, description = "What the web app is told", body = ClientConfig),
    )
)]
pub async fn get_client_config(
    State(state): State<AppState>,
) -> (
    [(axum::http::HeaderName, &'static str); 1],
    Json<ClientConfig>,
) {
    let c = &state.config.client;
    (
        // A deployment's settings change rarely; a few minutes' staleness is harmless.
        [(axum::http::header::CACHE_CONTROL, "public, max-age=300")],
        Json(ClientConfig {
            extension_ids: c.extension_ids(),
            support_url: c.support_url.clone(),
            demo_url: c.demo_url.clone(),
        }),
    )
}
