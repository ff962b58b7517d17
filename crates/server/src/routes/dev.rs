//! `GET /api/dev/mailbox?email=`: the e-mails kept because no SMTP server is configured, for
//! tests, end-to-end runs and local development. Answers 404 unless `dev_mailbox` is enabled.

use super::{Access, Routes};
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::{DevMail, DevMailbox, MailboxQuery};
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new().add(Access::Public, routes!(get_mailbox))
}

/// The mailbox of one address, newest first.
#[utoipa::path(
    get,
    path = "/api/dev/mailbox",
    tag = "dev",
    params(("email" = String, Query, description = "The recipient")),
    responses(
        (status = 200, description = "The kept e-mails", body = DevMailbox),
        (status = 404, description = "The development mailbox is not enabled", body = contract::ErrorBody),
    )
)]
pub async fn get_mailbox(
    State(state): State<AppState>,
    Query(q): Query<MailboxQuery>,
) -> Result<Json<DevMailbox>, AppError> {
    if !state.config.dev_mailbox {
        return Err(AppError::new(
            contract::ErrorCode::NotFound,
            "no API route at this path",
        ));
    }
    let email = q.email.trim().to_ascii_lowercase();
    let messages = store::accounts::mailbox(&state.store, &email)
        .await?
        .into_iter()
        .map(|m| DevMail {
            to: m.recipient,
            subject: m.subject,
            body: m.body,
            html: m.html,
            created_at: m.created_at,
        })
        .collect();
    Ok(Json(DevMailbox { messages }))
}
