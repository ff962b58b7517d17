//! `GET /api/health`: the server answers and its database responds.

use super::{Access, Routes};
use crate::error::AppError;
use crate::extract::Json;
use crate::state::AppState;
use axum::extract::State;
use contract::health::{DatabaseKind, Health};
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new().add(Access::Public, routes!(get_health))
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
