//! The organisation's change log for its admins (issue #25; `org_audit`, migration 000018):
//! renames, logo and time-zone changes, member edits and resent invitations, newest first and
//! paged, each line naming who changed what from → to. Ids are read into names here (people,
//! teams) so the screen only puts the words around them.

use super::{Access, Routes};
use crate::access::member_at;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::paging::Paging;
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::accounts::{ActivityChange, OrgActivity, OrgActivityQuery};
use contract::admin::Page;
use domain::roles::AccessLevel;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use utoipa_axum::routes;

/// Lines a page holds when the caller does not say.
pub const PER_PAGE: u64 = 20;
/// The most lines one page may hold.
pub const MAX_PER_PAGE: u64 = 100;

pub fn routes() -> Routes {
    Routes::new().add(Access::Scoped, routes!(org_activity))
}

/// The organisation's recent changes, newest first, a page at a time; admins only.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/organizations/activity",
    tag = "organisations",
    params(OrgActivityQuery),
    responses(
        (status = 200, description = "A page of the change log, newest first", body = Page<OrgActivity>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn org_activity(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<OrgActivityQuery>,
) -> Result<Json<Page<OrgActivity>>, AppError> {
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    let p = Paging::new(q.page, q.per_page, PER_PAGE, MAX_PER_PAGE);
    let (rows, total) =
        store::invitations::org_log_page(&state.store, q.org_id, p.offset(), p.per_page).await?;
    let people: Vec<i64> = rows
        .iter()
        .flat_map(|r| [r.actor_id, r.target_user_id])
        .flatten()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let names = store::invitations::people_names(&state.store, &people).await?;
    let teams: HashMap<i64, String> = store::orgs::teams(&state.store, q.org_id)
        .await?
        .into_iter()
        .map(|t| (t.team.id, t.team.team_name))
        .collect();
    let items = rows
        .into_iter()
        .map(|r| {
            let detail: Value = serde_json::from_str(&r.detail).unwrap_or(Value::Null);
            OrgActivity {
                id: r.id,
                at: rfc3339(r.at).unwrap_or_default(),
                actor: r.actor_id.and_then(|id| names.get(&id).cloned()),
                target: r.target_user_id.and_then(|id| names.get(&id).cloned()),
                changes: changes(&r.action, &detail, &teams),
                action: r.action,
            }
        })
        .collect();
    Ok(Json(p.answer(items, total)))
}

/// A stored value as text: strings as they are, numbers and switches written out, null as none.
fn text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        other => Some(other.to_string()),
    }
}

/// The field changes a stored line holds: `{from, to}` for the organisation's own fields,
/// `{field: {from, to}}` for a member's, `{email}` for a resent invitation.
fn changes(action: &str, detail: &Value, teams: &HashMap<i64, String>) -> Vec<ActivityChange> {
    let one = |field: &str, from: &Value, to: &Value| ActivityChange {
        field: field.to_owned(),
        from: text(from),
        to: text(to),
    };
    match action {
        "organisation_renamed" => vec![one("org_name", &detail["from"], &detail["to"])],
        "logo_changed" => vec![one("org_logo", &detail["from"], &detail["to"])],
        "time_zone_changed" => vec![one("time_zone", &detail["from"], &detail["to"])],
        "invitation_resent" => vec![one("email", &Value::Null, &detail["email"])],
        "member_updated" => detail
            .as_object()
            .map(|fields| {
                fields
                    .iter()
                    .map(|(field, c)| {
                        let team = |v: &Value| {
                            v.as_i64()
                                .map(|id| teams.get(&id).cloned().unwrap_or_else(|| id.to_string()))
                        };
                        if field == "team_id" {
                            ActivityChange {
                                field: field.clone(),
                                from: team(&c["from"]),
                                to: team(&c["to"]),
                            }
                        } else {
                            one(field, &c["from"], &c["to"])
                        }
                    })
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}
