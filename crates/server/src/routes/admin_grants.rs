//! The operator's grants of features a plan does not include (issue #24): the knowledge base for
//! an organisation whatever its plan — the pilot organisations the original product switched on
//! by hand. Each change needs a reason and is audited in the same transaction.

use super::admin::admin_org;
use crate::error::AppError;
use crate::extract::Json;
use crate::extract::Path;
use crate::operator::OperatorAdmin;
use crate::state::AppState;
use axum::extract::State;
use contract::admin::{AdminOrg, KnowledgeBaseGrant};
use contract::ErrorCode;

/// Grants (or withdraws) the knowledge base for an organisation whatever its plan; audited as
/// `grant_knowledge_base` with the reason and the value before and after.
#[utoipa::path(
    post,
    path = "/api/admin/organisations/{id}/knowledge-base",
    tag = "admin",
    params(("id" = i64, Path, description = "The organisation")),
    request_body = KnowledgeBaseGrant,
    responses(
        (status = 200, description = "The organisation after the change", body = AdminOrg),
        (status = 401, description = "No operator session", body = contract::ErrorBody),
        (status = 404, description = "No such organisation", body = contract::ErrorBody),
        (status = 422, description = "No reason", body = contract::ErrorBody),
    )
)]
pub async fn grant_knowledge_base(
    State(state): State<AppState>,
    OperatorAdmin(admin): OperatorAdmin,
    Path(id): Path<i64>,
    Json(req): Json<KnowledgeBaseGrant>,
) -> Result<Json<AdminOrg>, AppError> {
    let reason = req.reason.trim();
    if reason.is_empty() {
        return Err(
            AppError::new(ErrorCode::ValidationFailed, "a reason is required")
                .with_field("reason", "required"),
        );
    }
    let org = store::orgs::organisation(&state.store, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let txn = state.store.begin_write().await?;
    store::orgs::set_knowledge_base_grant(&txn, id, req.granted).await?;
    store::operator::audit(
        &txn,
        admin.id,
        state.clock.now_ms(),
        "grant_knowledge_base",
        &format!("organisation {id}"),
        Some(reason),
        serde_json::json!({
            "before": {"knowledge_base_granted": org.knowledge_base_enabled},
            "after": {"knowledge_base_granted": req.granted},
        }),
    )
    .await?;
    txn.commit().await.map_err(store::StoreError::from)?;
    let org = store::orgs::organisation(&state.store, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let members = store::orgs::seats_used(&state.store, id).await?;
    Ok(Json(admin_org(&state, &org, members)))
}
