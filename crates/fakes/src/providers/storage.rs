//! Fake S3-compatible bucket under `/s3/{bucket}/{key…}` (path-style requests, as the server's
//! file store makes them): `PUT` stores an object, `GET` answers it with `ETag`,
//! `Last-Modified` and `Content-Length`, `HEAD` the same without the body, `DELETE` removes it
//! (204, also when missing). Signatures are not checked; objects are kept in memory.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};

use super::FakeState;

const LAST_MODIFIED: &str = "Wed, 25 Nov 2026 12:00:00 GMT";

fn etag(bytes: &[u8]) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    format!(
        "\"{}\"",
        digest
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    )
}

pub(super) async fn object(
    State(state): State<FakeState>,
    method: Method,
    Path((bucket, key)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let name = format!("{bucket}/{key}");
    state.record(
        method.as_str(),
        format!("/s3/{name}"),
        &headers,
        serde_json::Value::Null,
    );
    let mut i = state
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match method {
        Method::PUT => {
            let tag = etag(&body);
            i.objects.insert(name, body.to_vec());
            (StatusCode::OK, [(header::ETAG, tag)]).into_response()
        }
        Method::GET | Method::HEAD => match i.objects.get(&name) {
            Some(bytes) => {
                let headers = [
                    (header::ETAG, etag(bytes)),
                    (header::LAST_MODIFIED, LAST_MODIFIED.to_owned()),
                    (header::CONTENT_LENGTH, bytes.len().to_string()),
                ];
                if method == Method::HEAD {
                    (StatusCode::OK, headers).into_response()
                } else {
                    (StatusCode::OK, headers, bytes.clone()).into_response()
                }
            }
            None => (
                StatusCode::NOT_FOUND,
                "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>",
            )
                .into_response(),
        },
        Method::DELETE => {
            i.objects.remove(&name);
            StatusCode::NO_CONTENT.into_response()
        }
        _ => StatusCode::METHOD_NOT_ALLOWED.into_response(),
    }
}
