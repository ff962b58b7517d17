//! Extractors whose rejections answer in the one error shape instead of axum's plain text.

use crate::error::AppError;
use axum::extract::{FromRequest, FromRequestParts};

/// `axum::Json`, but a malformed or oversized body answers `malformed_body` /
/// `payload_too_large` as JSON.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> axum::response::IntoResponse for Json<T> {
    fn into_response(self) -> axum::response::Response {
        axum::Json(self.0).into_response()
    }
}

/// `axum::extract::Query`, answering `malformed_query` as JSON.
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);
