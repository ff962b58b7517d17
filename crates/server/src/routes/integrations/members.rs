//! The members' connected integrations (001 §7 'GET user integrations, query org_id'; issue
//! #28 item 7): for each member of the organisation the caller may see (001 §6: an admin or
//! owner everyone, a manager their team, an employee themselves), which providers their own
//! workspace is linked to and which links need connecting again. No setting or secret of a link
//! is in the answer.

use super::{Access, Routes};
use crate::access::{member, visible};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::links::{self, kinds::Webhooks};
use crate::state::AppState;
use axum::extract::State;
use contract::accounts::{IntegrationFlags, ResultEnvelope};
use contract::integrations::MemberIntegrations;
use contract::sync::OrgBody;
use domain::accounts::ACTIVE_USER_STATUS;
use domain::providers::{LinkOwner, Provider};
use std::collections::BTreeMap;
use store::integrations::{Owner, STATUS_CONNECTED, STATUS_NEEDS_RECONNECT};
use utoipa_axum::routes;

/// This concern's routes.
pub(super) fn routes() -> Routes {
    Routes::new().add(Access::Scoped, routes!(member_integrations))
}

#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/integrations/members",
    tag = "integrations",
    params(OrgBody),
    responses(
        (status = 200, description = "One entry per active member the caller may see, in the employee list's order", body = ResultEnvelope<Vec<MemberIntegrations>>),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
    )
)]
pub async fn member_integrations(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<OrgBody>,
) -> Result<Json<ResultEnvelope<Vec<MemberIntegrations>>>, AppError> {
    let me = member(&state, &user, q.org_id).await?;
    let all = store::orgs::employees(&state.store, q.org_id, Some(ACTIVE_USER_STATUS)).await?;
    let seen = visible(&me, &user, all, true);
    let ids: Vec<i64> = seen.iter().map(|r| r.user.id).collect();
    let user_owned: Vec<&str> = Provider::ALL
        .into_iter()
        .filter(|p| p.spec().owner == LinkOwner::User)
        .map(Provider::key)
        .collect();
    let mut by_user: BTreeMap<i64, Vec<(Provider, &'static str)>> = BTreeMap::new();
    for row in store::integrations::links_of_users(&state.store, &ids, &user_owned).await? {
        let (Some(u), Some(p)) = (row.user_id, Provider::from_key(&row.provider)) else {
            continue;
        };
        let status = match row.status.as_str() {
            STATUS_CONNECTED => STATUS_CONNECTED,
            STATUS_NEEDS_RECONNECT => STATUS_NEEDS_RECONNECT,
            _ => continue,
        };
        by_user.entry(u).or_default().push((p, status));
    }
    let webhook_on = match links::find::<Webhooks>(&state, Owner::Org(q.org_id)).await? {
        Some(row) => {
            row.status == STATUS_CONNECTED && Webhooks::is_on(&links::settings::<Webhooks>(&row)?)
        }
        None => false,
    };
    let out = ids
        .into_iter()
        .map(|user_id| {
            let mut integrations = IntegrationFlags::default();
            integrations.set(Provider::Webhooks, webhook_on);
            let mut needs_reconnect = Vec::new();
            for (p, status) in by_user.remove(&user_id).unwrap_or_default() {
                if status == STATUS_CONNECTED {
                    integrations.set(p, true);
                } else {
                    needs_reconnect.push(p.key().to_owned());
                }
            }
            MemberIntegrations {
                user_id,
                integrations,
                needs_reconnect,
            }
        })
        .collect();
    Ok(Json(ResultEnvelope::ok(out)))
}
