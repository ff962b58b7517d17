//! Extractors whose rejections answer in the one error shape instead of axum's plain text.
//!
//! `Json` is also where text from a request body is refused once for every route: a string
//! with a NUL character (`\u0000`) answers 400 `malformed_body`, because PostgreSQL cannot
//! store NUL in text (the write would fail as a 500) and no field of ours has a use for it.
//! Refused rather than stripped: silently changing what was sent would be worse. `Query` refuses
//! a `%00` in the query string the same way (400 `malformed_query`).

use crate::error::AppError;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use contract::ErrorCode;
use serde::de::DeserializeOwned;

/// `axum::Json`, but a malformed or oversized body answers `malformed_body` /
/// `payload_too_large` as JSON, and a NUL character in any string is refused.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        if !json_content_type(req.headers()) {
            return Err(AppError::new(
                ErrorCode::MalformedBody,
                "expected a request with `Content-Type: application/json`",
            ));
        }
        let RawBody(bytes) = RawBody::from_request(req, state).await?;
        if has_nul_escape(&bytes) {
            return Err(AppError::new(
                ErrorCode::MalformedBody,
                "text must not contain NUL characters",
            ));
        }
        // Every body is a JSON object (docs/API.md); serde would read a struct from an array of
        // its fields in order, which no client means.
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
            return Err(AppError::new(
                ErrorCode::MalformedBody,
                "the request body must be a JSON object",
            ));
        }
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(value)) => Ok(Json(value)),
            // JSON has one kind of number: `3.0` is the integer 3 (as JSON Schema's `integer`
            // says), which serde refuses for an integer field. Read again with whole numbers
            // written as integers; the first error stands if that fails too.
            Err(rejection) => whole_numbers_as_integers(&bytes)
                .and_then(|v| serde_json::from_value(v).ok())
                .map(Json)
                .ok_or_else(|| rejection.into()),
        }
    }
}

/// The body with every whole-number float (`-4585.0`) written as an integer, or `None` when it
/// is not JSON or has no such number.
fn whole_numbers_as_integers(json: &[u8]) -> Option<serde_json::Value> {
    fn walk(v: &mut serde_json::Value) -> bool {
        match v {
            serde_json::Value::Number(n) if n.is_f64() => {
                let f = n.as_f64().unwrap_or(f64::NAN);
                // Within ±2^63: the range an i64 holds exactly.
                if f.fract() == 0.0 && f.abs() < 9.223_372_036_854_776e18 {
                    *v = serde_json::Value::from(f as i64);
                    return true;
                }
                false
            }
            // Every item is walked (no short cut once one changed).
            serde_json::Value::Array(items) => items.iter_mut().map(walk).fold(false, |a, b| a | b),
            serde_json::Value::Object(map) => map.values_mut().map(walk).fold(false, |a, b| a | b),
            _ => false,
        }
    }
    let mut value: serde_json::Value = serde_json::from_slice(json).ok()?;
    walk(&mut value).then_some(value)
}

impl<T: serde::Serialize> axum::response::IntoResponse for Json<T> {
    fn into_response(self) -> axum::response::Response {
        axum::Json(self.0).into_response()
    }
}

/// `application/json` or `application/<something>+json`, as `axum::Json` accepts.
fn json_content_type(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| {
            let t = t.trim().to_ascii_lowercase();
            t == "application/json" || (t.starts_with("application/") && t.ends_with("+json"))
        })
}

/// Whether a JSON text holds the escape `\u0000` (JSON has no other way to write NUL: a raw
/// control character inside a string is a syntax error). An escaped backslash before `u0000`
/// (`\\u0000`, the six characters themselves) is not one.
fn has_nul_escape(json: &[u8]) -> bool {
    let mut backslashes = 0usize;
    for (i, b) in json.iter().enumerate() {
        if *b == b'\\' {
            backslashes += 1;
            continue;
        }
        if backslashes % 2 == 1 && *b == b'u' && json.get(i + 1..i + 5) == Some(b"0000") {
            return true;
        }
        backslashes = 0;
    }
    false
}

/// The body's bytes (within the body limit), for routes that read them as they came (a signed
/// webhook); past the limit 413 `payload_too_large` in the error shape.
#[derive(Debug, Clone)]
pub struct RawBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        Bytes::from_request(req, state)
            .await
            .map(RawBody)
            .map_err(|r| {
                if r.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                    AppError::new(ErrorCode::PayloadTooLarge, "request body is too large")
                } else {
                    AppError::new(ErrorCode::MalformedBody, r.body_text())
                }
            })
    }
}

/// `axum::extract::Query`, answering `malformed_query` as JSON; a NUL (`%00`) anywhere in the
/// query is refused, as in `Json`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        if parts
            .uri
            .query()
            .is_some_and(|q| q.contains("%00") || q.contains('\0'))
        {
            return Err(AppError::new(
                ErrorCode::MalformedQuery,
                "text must not contain NUL characters",
            ));
        }
        let axum::extract::Query(value) =
            axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(Query(value))
    }
}

/// `axum::extract::Path`, answering a path part that cannot be read (an id that is not a
/// number, or one past i64) as `malformed_query` in the error shape, not axum's plain text.
#[derive(Debug, Clone, Copy, Default)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(value)| Path(value))
            .map_err(|e| AppError::new(ErrorCode::MalformedQuery, e.body_text()))
    }
}

#[cfg(test)]
mod tests {
    use super::{has_nul_escape, whole_numbers_as_integers};

    #[test]
    fn whole_number_floats_are_read_as_integers() {
        let v = whole_numbers_as_integers(br#"{"id":-4585.0,"list":[2.0,2.5],"n":1}"#);
        assert_eq!(
            v,
            Some(serde_json::json!({"id": -4585, "list": [2, 2.5], "n": 1}))
        );
        assert_eq!(whole_numbers_as_integers(br#"{"id":3,"x":0.5}"#), None);
        assert_eq!(whole_numbers_as_integers(br#"{"id":1e300}"#), None);
    }

    #[test]
    fn a_nul_escape_is_found_and_an_escaped_backslash_is_not_one() {
        assert!(has_nul_escape(br#"{"name":"a\u0000b"}"#));
        assert!(has_nul_escape(br#"{"name":"a\\\u0000b"}"#));
        assert!(!has_nul_escape(br#"{"name":"a\\u0000b"}"#));
        assert!(!has_nul_escape(br#"{"name":"a\u0001b \n"}"#));
    }
}
