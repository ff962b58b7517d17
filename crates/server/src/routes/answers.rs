//! The answers every route can give whatever its handler says, added to each operation of the
//! OpenAPI document where the handler's `#[utoipa::path]` does not list them (issue #26: the
//! document is the contract, so an answer the server gives must be in it):
//! - 400 in the error shape: a query, path or body the extractors cannot read
//!   (`malformed_query`, `malformed_body`) — a missing field, an id past i64, broken JSON;
//! - 401: no session (or operator session) where one is needed;
//! - 403 `extension_token_not_allowed`: the browser extension's bearer token on a signed-in
//!   route outside its scope (`Routes::add`, not `add_extension`);
//! - 413: a body over `max_body_bytes`, for operations that take one;
//! - 429: too many calls, from the rate limits in front of every route.
//!
//! Written once here rather than on each of the ~180 handlers.

use super::Access;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};

fn error_answer(description: &str) -> RefOr<utoipa::openapi::Response> {
    RefOr::T(
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                    .build(),
            )
            .build(),
    )
}

fn complete_operation(op: &mut Operation, access: Access, extension: bool) {
    let answers = &mut op.responses.responses;
    let mut add = |status: &str, description: &str| {
        answers
            .entry(status.to_owned())
            .or_insert_with(|| error_answer(description));
    };
    add(
        "400",
        "The request could not be read: a malformed query, path or body",
    );
    if access != Access::Public {
        add("401", "Not signed in");
    }
    if !extension && matches!(access, Access::SignedIn | Access::Scoped) {
        add(
            "403",
            "`extension_token_not_allowed`: the browser extension's token does not open this call",
        );
    }
    if op.request_body.is_some() {
        add("413", "The body is larger than the server accepts");
    }
    add(
        "429",
        "Too many calls; `Retry-After` says when to try again",
    );
}

/// Adds the common answers to every operation of `item`; `extension`: the route is in the
/// browser extension's scope.
pub(super) fn complete(item: &mut PathItem, access: Access, extension: bool) {
    for op in [
        &mut item.get,
        &mut item.post,
        &mut item.put,
        &mut item.patch,
        &mut item.delete,
    ]
    .into_iter()
    .flatten()
    {
        complete_operation(op, access, extension);
    }
}
