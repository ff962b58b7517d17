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
use std::collections::BTreeMap;
use utoipa::openapi::path::{Operation, Parameter, ParameterIn, PathItem};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
use utoipa::{IntoParams, IntoResponses};

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

fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.post,
        &mut item.put,
        &mut item.patch,
        &mut item.delete,
    ]
    .into_iter()
    .flatten()
}

/// Adds the common answers to every operation of `item`; `extension`: the route is in the
/// browser extension's scope.
pub(super) fn complete(item: &mut PathItem, access: Access, extension: bool) {
    for op in operations(item) {
        complete_operation(op, access, extension);
    }
}

/// What the operations of an area share, said once where the area declares its routes
/// (`Routes::sharing`) rather than in each handler's `#[utoipa::path]`: the tag, the query
/// parameters (an `IntoParams` type) and the refusals (an `IntoResponses` type) every one of
/// them has. What a handler's own `#[utoipa::path]` says is kept.
#[derive(Default)]
pub struct Shared {
    tag: Option<&'static str>,
    params: Vec<Parameter>,
    refusals: BTreeMap<String, RefOr<utoipa::openapi::Response>>,
}

impl Shared {
    /// The operations' tag.
    pub fn tag(tag: &'static str) -> Shared {
        Shared {
            tag: Some(tag),
            ..Shared::default()
        }
    }

    /// Every operation reads the query `P`.
    pub fn params<P: IntoParams>(mut self) -> Shared {
        self.params = P::into_params(|| Some(ParameterIn::Query));
        self
    }

    /// Every operation can answer the refusals `R`.
    pub fn refusals<R: IntoResponses>(mut self) -> Shared {
        self.refusals = R::responses();
        self
    }

    pub(super) fn apply(&self, item: &mut PathItem) {
        for op in operations(item) {
            if let Some(tag) = self.tag {
                op.tags.get_or_insert_with(|| vec![tag.to_owned()]);
            }
            if !self.params.is_empty() {
                let own = op.parameters.get_or_insert_with(Vec::new);
                let mut all = self.params.clone();
                all.retain(|p| !own.iter().any(|o| o.name == p.name));
                all.append(own);
                *own = all;
            }
            for (status, answer) in &self.refusals {
                op.responses
                    .responses
                    .entry(status.clone())
                    .or_insert_with(|| answer.clone());
            }
        }
    }
}
