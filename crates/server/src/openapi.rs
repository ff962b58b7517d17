//! The OpenAPI document, generated from the handlers' annotations and the contract types, served
//! at `/api/openapi.json`. Add each new handler to `paths(...)`.

use axum::Json;
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Switchboard API",
        description = "The workspace behind the Switchboard extension."
    ),
    paths(
        crate::routes::health::get_health,
        crate::routes::client_errors::report_client_error,
        crate::routes::auth::get_session,
        crate::routes::auth::delete_session,
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
pub struct ApiDoc;

pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}
