//! `POST /api/client-errors`: errors the web app could not handle, written to the server log.

use super::{Access, Routes};
use crate::error::AppError;
use crate::extract::Json;
use axum::http::StatusCode;
use contract::client_error::ClientErrorReport;
use contract::ErrorCode;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new().add(Access::Public, routes!(report_client_error))
}

/// Logs the report (truncated) and answers 204.
#[utoipa::path(
    post,
    path = "/api/client-errors",
    tag = "health",
    request_body = ClientErrorReport,
    responses(
        (status = 204, description = "Logged"),
        (status = 400, description = "Not a report", body = contract::ErrorBody),
    )
)]
pub async fn report_client_error(
    Json(report): Json<ClientErrorReport>,
) -> Result<StatusCode, AppError> {
    if report.message.trim().is_empty() {
        return Err(AppError::new(
            ErrorCode::MalformedBody,
            "message must not be empty",
        ));
    }
    let message: String = report.message.chars().take(2_000).collect();
    let path: String = report.path.chars().take(500).collect();
    let stack: String = report
        .stack
        .unwrap_or_default()
        .chars()
        .take(8_000)
        .collect();
    tracing::warn!(target: "client", %path, %message, %stack, "browser error");
    Ok(StatusCode::NO_CONTENT)
}
