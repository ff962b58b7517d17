//! The operator's audit log and the plan catalogue as the operator's screens name them (issue
//! #25: names, not ids). Each audit row carries what its target is called now — an
//! organisation's name, an assignment member's name — read in one query per kind for the page.

use super::admin::paging;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::operator::OperatorAdmin;
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::admin::{AdminPlan, AuditEntry, Page, PageQuery};
use std::collections::HashMap;

/// What an audit target names: an organisation or an assignment member.
enum Target<'a> {
    Organisation(i64),
    Member(&'a str),
    Other,
}

fn target_of(target: &str) -> Target<'_> {
    if let Some(id) = target.strip_prefix("organisation ") {
        return id.parse().map_or(Target::Other, Target::Organisation);
    }
    target
        .strip_prefix("member ")
        .map_or(Target::Other, Target::Member)
}

/// The audit log, newest first, each target with its current name.
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the log", body = Page<AuditEntry>),
        (status = 401, description = "No operator session", body = contract::ErrorBody),
    )
)]
pub async fn audit_log(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
    Query(q): Query<PageQuery>,
) -> Result<Json<Page<AuditEntry>>, AppError> {
    let p = paging(&q);
    let (rows, total) = store::operator::audit_page(&state.store, p.offset(), p.per_page).await?;
    let org_ids: Vec<i64> = rows
        .iter()
        .filter_map(|(a, _)| match target_of(&a.target) {
            Target::Organisation(id) => Some(id),
            _ => None,
        })
        .collect();
    let org_names = store::orgs::names_of(&state.store, &org_ids).await?;
    let member_names: HashMap<String, String> = if rows
        .iter()
        .any(|(a, _)| matches!(target_of(&a.target), Target::Member(_)))
    {
        store::leads::members(&state.store)
            .await?
            .into_iter()
            .map(|m| (m.owner_id, m.name))
            .collect()
    } else {
        HashMap::new()
    };
    Ok(Json(
        p.answer(
            rows.into_iter()
                .map(|(a, email)| {
                    let detail: serde_json::Value =
                        serde_json::from_str(&a.detail).unwrap_or(serde_json::Value::Null);
                    let target_name = match target_of(&a.target) {
                        Target::Organisation(id) => org_names.get(&id).cloned(),
                        // A deleted member is named by what the log recorded when it was saved.
                        Target::Member(owner) => member_names.get(owner).cloned().or_else(|| {
                            detail
                                .get("name")
                                .and_then(|n| n.as_str())
                                .map(str::to_owned)
                        }),
                        Target::Other => None,
                    };
                    AuditEntry {
                        id: a.id,
                        at: rfc3339(a.at).unwrap_or_default(),
                        admin_email: email,
                        action: a.action,
                        target: a.target,
                        target_name,
                        reason: a.reason,
                        detail,
                    }
                })
                .collect(),
            total,
        ),
    ))
}

/// The plan catalogue (names and billing periods), so the operator's screens name plans as the
/// product sells them rather than by id.
#[utoipa::path(
    get,
    path = "/api/admin/plans",
    tag = "admin",
    responses(
        (status = 200, description = "Every plan, in the catalogue's order", body = Vec<AdminPlan>),
        (status = 401, description = "No operator session", body = contract::ErrorBody),
    )
)]
pub async fn plans(
    State(state): State<AppState>,
    _admin: OperatorAdmin,
) -> Result<Json<Vec<AdminPlan>>, AppError> {
    Ok(Json(
        store::billing::plans(&state.store)
            .await?
            .into_iter()
            .map(|p| AdminPlan {
                id: p.id,
                plan_name: p.plan_name,
                plan_type: p.plan_type,
                is_monthly: p.is_monthly,
            })
            .collect(),
    ))
}
