//! The OpenAPI document served at `/api/openapi.json`: this file's title and shared schemas,
//! plus every route declared in `routes` (each handler's `#[utoipa::path]` and the schemas it
//! names). Nothing to add here for a new route.

use axum::Json;
use utoipa::OpenApi;

/// The document's head and the schemas no single route names.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Switchboard API",
        description = "The workspace behind the Switchboard extension."
    ),
    components(schemas(
        contract::client_error::ClientErrorReport,
        contract::auth::SessionInfo,
        contract::auth::SessionUser,
        contract::ErrorBody,
        contract::ErrorDetail,
        contract::ErrorCode
    ))
)]
pub(crate) struct ApiHead;

/// The whole document: the head and every declared route.
pub struct ApiDoc;

impl OpenApi for ApiDoc {
    fn openapi() -> utoipa::openapi::OpenApi {
        crate::routes::openapi_document().clone()
    }
}

pub async fn serve() -> Json<&'static utoipa::openapi::OpenApi> {
    Json(crate::routes::openapi_document())
}
