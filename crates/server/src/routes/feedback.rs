//! The public feedback form (000 §2 `/feedback/{id}`, issue #28): `POST /api/feedback/{topic}`
//! stores what a visitor writes — anyone may, before or without an account — and the operator
//! reads it at `GET /api/admin/feedback`. The topic is the page's id (`contact`, `demo`,
//! `uninstall`, or any other slug: the general form; docs/DECISIONS.md).
//!
//! Anyone may write, so every input is bounded: the body by `max_body_bytes`, each field by
//! its length (`contract::feedback`), and each client address by a per-minute allowance counted
//! in this process (the error reports' `Limiter`: a bounded cache, see `client_errors`), checked
//! before the fields so refused attempts count too.

use super::admin::paging;
use super::client_errors::Limiter;
use super::{Access, Routes};
use crate::client::ClientAddr;
use crate::error::AppError;
use crate::extract::{Json, Path, Query};
use crate::operator::OperatorAdmin;
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use axum::http::StatusCode;
use contract::admin::{Page, PageQuery};
use contract::feedback::{
    FeedbackEntry, FeedbackRequest, EMAIL_CHARS, MESSAGE_CHARS, NAME_CHARS, TOPIC_CHARS,
    WHATSAPP_CHARS,
};
use contract::ErrorCode;
use domain::accounts::PhoneNumber;
use domain::inputs::Email;
use domain::RuleError;
use std::collections::BTreeMap;
use store::feedback::NewFeedback;
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Public, routes!(send_feedback))
        .add(Access::Operator, routes!(list_feedback))
}

/// Messages one client address may send a minute.
pub const PER_CLIENT_PER_MINUTE: u32 = 3;
/// Messages the whole process accepts a minute (also bounds the addresses remembered).
pub const TOTAL_PER_MINUTE: u32 = 60;

/// The limiter the state keeps for this form.
pub fn limiter() -> Limiter {
    Limiter::new(PER_CLIENT_PER_MINUTE, TOTAL_PER_MINUTE)
}

/// A topic is a slug: 1 to 40 of `a-z`, `0-9`, `-`, `_`.
fn is_topic(topic: &str) -> bool {
    !topic.is_empty()
        && topic.len() <= TOPIC_CHARS
        && topic
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// The message as stored, or each field's broken rule: `fields_required` for a blank name or
/// message, `email_invalid`, the phone rules, `value_invalid` for a field over its length.
fn checked(topic: &str, req: FeedbackRequest) -> Result<NewFeedback, AppError> {
    let mut broken = BTreeMap::new();
    let mut text = |field: &str, raw: &str, max: usize| {
        let t = raw.trim();
        if t.is_empty() {
            broken.insert(
                field.to_owned(),
                RuleError::FieldsRequired.code().to_owned(),
            );
        } else if raw.chars().count() > max {
            broken.insert(field.to_owned(), RuleError::ValueInvalid.code().to_owned());
        }
        t.to_owned()
    };
    let name = text("name", &req.name, NAME_CHARS);
    let message = text("message", &req.message, MESSAGE_CHARS);
    let email = if req.email.chars().count() > EMAIL_CHARS {
        broken.insert("email".into(), RuleError::ValueInvalid.code().into());
        String::new()
    } else {
        match Email::parse(&req.email) {
            Ok(e) => e.as_str().to_ascii_lowercase(),
            Err(rule) => {
                broken.insert("email".into(), rule.code().into());
                String::new()
            }
        }
    };
    // The length is the field's as sent (the document's `maxLength`), blanks included.
    let whatsapp_no = match req.whatsapp.as_deref() {
        Some(raw) if raw.chars().count() > WHATSAPP_CHARS => {
            broken.insert("whatsapp".into(), RuleError::ValueInvalid.code().into());
            None
        }
        None => None,
        Some(raw) if raw.trim().is_empty() => None,
        Some(raw) => match PhoneNumber::parse(raw.trim()) {
            Ok(n) => Some(n.as_str().to_owned()),
            Err(rule) => {
                broken.insert("whatsapp".into(), rule.code().into());
                None
            }
        },
    };
    if !broken.is_empty() {
        return Err(AppError::invalid_fields(broken));
    }
    Ok(NewFeedback {
        topic: topic.to_owned(),
        name,
        email,
        whatsapp_no,
        message,
    })
}

/// Stores a visitor's message under the page's topic; 204. Refused: 404 for a topic that is
/// not a slug, 429 `rate_limited` past the address's allowance this minute, 422
/// `validation_failed` with each broken field, 400 `malformed_body` for anything but the form
/// (an unknown field included), 413 past `max_body_bytes`.
#[utoipa::path(
    post,
    path = "/api/feedback/{topic}",
    tag = "feedback",
    params(("topic" = String, Path, description = "The page's id: `contact`, `demo`, `uninstall`, or any other slug (the general form)", pattern = "^[a-z0-9_-]{1,40}$")),
    request_body = FeedbackRequest,
    responses(
        (status = 204, description = "Stored"),
        (status = 400, description = "Not the form's JSON (an unknown field included)", body = contract::ErrorBody),
        (status = 404, description = "The topic is not a slug", body = contract::ErrorBody),
        (status = 413, description = "Larger than `max_body_bytes`", body = contract::ErrorBody),
        (status = 422, description = "A field broke its rule (`fields` names each)", body = contract::ErrorBody),
        (status = 429, description = "Too many messages from this address this minute", body = contract::ErrorBody),
    )
)]
pub async fn send_feedback(
    State(state): State<AppState>,
    client: ClientAddr,
    Path(topic): Path<String>,
    Json(req): Json<FeedbackRequest>,
) -> Result<StatusCode, AppError> {
    if !is_topic(&topic) {
        return Err(AppError::not_found());
    }
    if !state
        .feedback_limiter
        .allow(&client.key(), state.clock.now_ms())
    {
        return Err(AppError::new(
            ErrorCode::RateLimited,
            "too many messages from this address; try again in a minute",
        ));
    }
    let new = checked(&topic, req)?;
    store::feedback::insert(&state.store, new, state.clock.now_ms()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// What visitors sent through the feedback form, newest first.
#[utoipa::path(
    get,
    path = "/api/admin/feedback",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of messages", body = Page<FeedbackEntry>),
        (status = 401, description = "No operator session", body = contract::ErrorBody),
    )
)]
pub async fn list_feedback(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
    Query(q): Query<PageQuery>,
) -> Result<Json<Page<FeedbackEntry>>, AppError> {
    let p = paging(&q);
    let (rows, total) = store::feedback::page(&state.store, p.offset(), p.per_page).await?;
    let items = rows
        .into_iter()
        .map(|f| FeedbackEntry {
            id: f.id,
            topic: f.topic,
            name: f.name,
            email: f.email,
            whatsapp: f.whatsapp_no,
            message: f.message,
            created_at: rfc3339(f.created_at).unwrap_or_default(),
        })
        .collect();
    Ok(Json(p.answer(items, total)))
}

#[cfg(test)]
mod tests {
    use super::is_topic;

    #[test]
    fn a_topic_is_a_short_slug() {
        assert!(is_topic("contact") && is_topic("demo") && is_topic("spring_2026-promo"));
        assert!(!is_topic("") && !is_topic("Contact") && !is_topic("a b") && !is_topic("é"));
        assert!(is_topic(&"a".repeat(40)) && !is_topic(&"a".repeat(41)));
    }
}
