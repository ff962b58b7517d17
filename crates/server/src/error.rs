//! The server's one error type. Every handler returns `Result<_, AppError>`; the mapping to an
//! HTTP status and the `{ "error": { code, message, fields? } }` body happens here, once.
//! Logging happens in middleware (`log_failures`), which reads the detail stashed in the
//! response's extensions, so the body never leaks internal detail.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use contract::{ErrorBody, ErrorCode, ErrorDetail};
use std::collections::BTreeMap;

#[derive(Debug)]
pub struct AppError {
    pub code: ErrorCode,
    pub message: String,
    pub fields: Option<BTreeMap<String, String>>,
    /// What went wrong inside, for the log only.
    pub internal: Option<String>,
}

/// Internal detail carried from `into_response` to the logging middleware.
#[derive(Clone, Debug)]
pub struct FailureDetail(pub String);

impl AppError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        AppError {
            code,
            message: message.into(),
            fields: None,
            internal: None,
        }
    }

    /// This error's answer with `Retry-After: secs` (a rate limit that knows when it ends), so
    /// the person is told how long to wait.
    pub fn with_retry_after(self, secs: u64) -> Response {
        let mut res = self.into_response();
        res.headers_mut()
            .insert(axum::http::header::RETRY_AFTER, secs.max(1).into());
        res
    }

    pub fn not_found() -> Self {
        Self::new(ErrorCode::NotFound, "no such resource")
    }

    pub fn internal(detail: impl std::fmt::Display) -> Self {
        AppError {
            internal: Some(detail.to_string()),
            ..Self::new(ErrorCode::Internal, "internal error")
        }
    }

    /// A field broke a domain rule: the rule's code is what the web app translates.
    pub fn invalid_field(field: &str, rule: domain::RuleError) -> Self {
        AppError {
            fields: Some(BTreeMap::from([(field.to_owned(), rule.code().to_owned())])),
            ..Self::new(
                ErrorCode::ValidationFailed,
                format!("{field}: {}", rule.code()),
            )
        }
    }

    /// Several fields broke rules at once (`field` → rule code), e.g. `employees[2].number`.
    pub fn invalid_fields(fields: BTreeMap<String, String>) -> Self {
        let list = fields
            .iter()
            .map(|(f, c)| format!("{f}: {c}"))
            .collect::<Vec<_>>()
            .join(", ");
        AppError {
            fields: Some(fields),
            ..Self::new(ErrorCode::ValidationFailed, list)
        }
    }

    /// The caller is signed in but their role may not do this; `rule` says which level it
    /// takes (`admin_only`, `admins_managers_only`), under the field `role`.
    pub fn forbidden(rule: domain::RuleError) -> Self {
        AppError {
            fields: Some(BTreeMap::from([(
                "role".to_owned(),
                rule.code().to_owned(),
            )])),
            ..Self::new(
                ErrorCode::Forbidden,
                format!("not allowed: {}", rule.code()),
            )
        }
    }

    /// `code` with a detail under `field` (e.g. `feature: knowledge_base`).
    pub fn with_field(mut self, field: &str, value: &str) -> Self {
        self.fields
            .get_or_insert_with(BTreeMap::new)
            .insert(field.to_owned(), value.to_owned());
        self
    }

    /// `code` with the rule that caused it under `field` (e.g. 404 for an unknown
    /// organisation code, 429 for a code requested too soon).
    pub fn with_rule(mut self, field: &str, rule: domain::RuleError) -> Self {
        self.fields
            .get_or_insert_with(BTreeMap::new)
            .insert(field.to_owned(), rule.code().to_owned());
        self
    }

    pub fn status(&self) -> StatusCode {
        match self.code {
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::MalformedBody | ErrorCode::MalformedQuery => StatusCode::BAD_REQUEST,
            ErrorCode::PayloadTooLarge
            | ErrorCode::StorageQuotaExceeded
            | ErrorCode::FileTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::ValidationFailed
            | ErrorCode::WrongApiKeyOrDomain
            | ErrorCode::WrongLeadsquaredCredentials
            | ErrorCode::GatewayKeyRefused
            | ErrorCode::AddressRefused
            | ErrorCode::HostNotFound
            | ErrorCode::AuthenticationFailed
            | ErrorCode::PdfUnreadable
            | ErrorCode::PdfEncrypted
            | ErrorCode::PdfNoText => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::Unauthenticated | ErrorCode::InvalidLoginCredentials => {
                StatusCode::UNAUTHORIZED
            }
            ErrorCode::Forbidden | ErrorCode::CrossSiteRefused => StatusCode::FORBIDDEN,
            ErrorCode::Conflict
            | ErrorCode::SeatsExhausted
            | ErrorCode::AlreadySubscribed
            | ErrorCode::SeatChangeScheduled
            | ErrorCode::QuotaReached
            | ErrorCode::CrmNotConnected => StatusCode::CONFLICT,
            ErrorCode::SignatureInvalid => StatusCode::BAD_REQUEST,
            ErrorCode::BillingUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::RateLimited | ErrorCode::DailyLimitReached => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::ServerBusy => StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::ExtensionTokenNotAllowed => StatusCode::FORBIDDEN,
            ErrorCode::PlanLimitReached | ErrorCode::NotInPlan => StatusCode::PAYMENT_REQUIRED,
            ErrorCode::UpstreamFailed | ErrorCode::GatewayUnreachable => StatusCode::BAD_GATEWAY,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = crate::error_text::message_for(self.code, self.fields.as_ref(), self.message);
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message,
                fields: self.fields,
            },
        };
        let mut res = (status, axum::Json(body)).into_response();
        if let Some(detail) = self.internal {
            res.extensions_mut().insert(FailureDetail(detail));
        }
        res
    }
}

impl From<store::StoreError> for AppError {
    fn from(e: store::StoreError) -> Self {
        match e {
            store::StoreError::NotFound => AppError::not_found(),
            store::StoreError::Conflict(what) => AppError::new(ErrorCode::Conflict, what),
            other => AppError::internal(other),
        }
    }
}

impl From<JsonRejection> for AppError {
    fn from(r: JsonRejection) -> Self {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return AppError::new(ErrorCode::PayloadTooLarge, "request body is too large");
        }
        AppError::new(ErrorCode::MalformedBody, r.body_text())
    }
}

impl From<QueryRejection> for AppError {
    fn from(r: QueryRejection) -> Self {
        AppError::new(ErrorCode::MalformedQuery, r.body_text())
    }
}
