//! The OpenAPI document served at `/api/openapi.json`: this file's title and shared schemas,
//! plus every route declared in `routes` (each handler's `#[utoipa::path]` and the schemas it
//! names). Nothing to add here for a new route.

use axum::Json;
use utoipa::OpenApi;

/// The document's head and the schemas no single route names.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Switchboard API",
        description = "The workspace behind the Switchboard extension."
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
pub(crate) struct ApiHead;

/// The whole document: the head and every declared route.
pub struct ApiDoc;

impl OpenApi for ApiDoc {
    fn openapi() -> utoipa::openapi::OpenApi {
        crate::routes::openapi_document().clone()
    }
}

pub async fn serve() -> Json<&'static utoipa::openapi::OpenApi> {
    Json(crate::routes::openapi_document())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    /// Every route is declared once, and the router's list and the document agree: each
    /// operation the document lists is a route, and each route but the document's own is in it.
    #[test]
    fn every_route_is_declared_once_and_documented() {
        let mut seen = BTreeSet::new();
        for r in crate::routes::all_routes() {
            assert!(
                seen.insert((r.method.to_string(), r.path)),
                "{} {} is declared twice",
                r.method,
                r.path
            );
        }
        let doc = serde_json::to_value(crate::routes::openapi_document()).unwrap();
        let mut documented = BTreeSet::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                let under = path.strip_prefix("/api").unwrap().to_owned();
                documented.insert((method.to_uppercase(), under));
            }
        }
        let routed: BTreeSet<(String, String)> = seen
            .into_iter()
            .filter(|(_, p)| *p != "/openapi.json")
            .map(|(m, p)| (m, p.to_owned()))
            .collect();
        let missing: Vec<_> = routed.difference(&documented).collect();
        let stray: Vec<_> = documented.difference(&routed).collect();
        assert!(
            missing.is_empty() && stray.is_empty(),
            "routed but not documented: {missing:?}; documented but not routed: {stray:?}"
        );
        assert!(routed.len() > 150, "{}", routed.len());
    }
}
