//! The billing history, paged (issue #25): each stored line read into the details its sentence
//! needs — plan names from → to, seats from → to, amounts with their currency, who and why for
//! an operator's change. Lines written before a detail was recorded answer it as null.

use super::payer_of;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::paging::Paging;
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::admin::Page;
use contract::billing::{HistoryDetail, HistoryEntry, HistoryQuery, PayerQuery};
use domain::plans::normalize_plan_id;
use domain::roles::AccessLevel;
use serde_json::Value;
use std::collections::HashMap;
use store::entity::billing as rows;

/// Lines a page holds when the caller does not say.
pub const PER_PAGE: u64 = 10;
/// The most lines one page may hold.
pub const MAX_PER_PAGE: u64 = 100;

/// The payer's billing history, newest first, a page at a time. Reading an organisation's
/// billing is for its admins.
#[utoipa::path(
    get,
    path = "/api/billing/history",
    tag = "billing",
    params(HistoryQuery),
    responses(
        (status = 200, description = "A page of the history, newest first", body = Page<HistoryEntry>),
        (status = 403, description = "Not an admin, or another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn history(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<HistoryQuery>,
) -> Result<Json<Page<HistoryEntry>>, AppError> {
    let payer_query = PayerQuery {
        org_id: q.org_id,
        workspace_id: q.workspace_id,
    };
    let payer = payer_of(&state, &user, &payer_query, AccessLevel::Admin).await?;
    let p = Paging::new(q.page, q.per_page, PER_PAGE, MAX_PER_PAGE);
    let (rows, total) =
        store::billing::history_page(&state.store, payer, p.offset(), p.per_page).await?;
    let names: HashMap<i64, String> = store::billing::plans(&state.store)
        .await?
        .into_iter()
        .map(|p| (p.id, p.plan_name))
        .collect();
    Ok(Json(p.answer(
        rows.into_iter().map(|h| entry(h, &names)).collect(),
        total,
    )))
}

fn entry(h: rows::history::Model, names: &HashMap<i64, String>) -> HistoryEntry {
    let raw: Value = serde_json::from_str(&h.detail).unwrap_or(Value::Null);
    HistoryEntry {
        id: h.id,
        at: rfc3339(h.at).unwrap_or_default(),
        detail: detail(&h.kind, &raw, names),
        kind: h.kind,
    }
}

fn int(v: &Value) -> Option<i64> {
    v.as_i64()
}

fn seats(v: &Value) -> Option<u32> {
    v.as_i64().and_then(|n| u32::try_from(n).ok())
}

fn text(v: &Value) -> Option<String> {
    v.as_str()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

fn plan_name(v: &Value, names: &HashMap<i64, String>) -> Option<String> {
    let id = normalize_plan_id(v.as_i64()?);
    names.get(&id).cloned()
}

/// The interval as the provider names it (`month`, `year`), else null.
fn interval(v: &Value) -> Option<String> {
    text(v).filter(|i| i == "month" || i == "year")
}

/// Each kind's stored detail, as written by the store (subscriptions, invoices), the seat
/// change and the operator's change, read into one shape.
pub fn detail(kind: &str, raw: &Value, names: &HashMap<i64, String>) -> HistoryDetail {
    let mut d = HistoryDetail::default();
    match kind {
        "subscription_started" | "subscription_updated" | "subscription_ended" => {
            d.plan_to = plan_name(&raw["plan_id"], names);
            let from = plan_name(&raw["from_plan_id"], names);
            if from != d.plan_to {
                d.plan_from = from;
            }
            d.seats_to = seats(&raw["seats"]);
            let seats_from = seats(&raw["from_seats"]);
            if seats_from != d.seats_to {
                d.seats_from = seats_from;
            }
            d.status = text(&raw["status"]);
            d.interval = interval(&raw["interval"]);
            // What each period charges for the seats billed (a scheduled decrease is billed
            // from the next invoice), when the price was recorded.
            let billed = seats(&raw["billed_seats"]).or(d.seats_to);
            d.amount_minor = int(&raw["unit_amount_minor"])
                .zip(billed)
                .map(|(unit, n)| unit.saturating_mul(i64::from(n)));
            d.currency = d
                .amount_minor
                .and(text(&raw["currency"]))
                .map(|c| c.to_ascii_uppercase());
        }
        "invoice_paid" | "payment_failed" => {
            d.amount_minor = int(&raw["amount_minor"]);
            d.currency = text(&raw["currency"]).map(|c| c.to_ascii_uppercase());
        }
        "seats_added" | "seats_removal_scheduled" | "seats_removal_cancelled" => {
            d.seats_from = seats(&raw["from"]);
            d.seats_to = seats(&raw["to"]);
            d.amount_minor = int(&raw["due_now_minor"]);
            d.currency = d
                .amount_minor
                .and(text(&raw["currency"]))
                .map(|c| c.to_ascii_uppercase());
            d.effective_at = int(&raw["effective_at"]).and_then(rfc3339);
        }
        "changed_by_operator" => {
            let (before, after) = (&raw["before"], &raw["after"]);
            let (from, to) = (
                plan_name(&before["plan_id"], names),
                plan_name(&after["plan_id"], names),
            );
            d.plan_to = to.clone();
            if from != to {
                d.plan_from = from;
            }
            let (sf, st) = (seats(&before["seats"]), seats(&after["seats"]));
            if sf != st {
                d.seats_from = sf;
                d.seats_to = st;
            }
            let (tf, tt) = (before["is_trial"].as_bool(), after["is_trial"].as_bool());
            if tf != tt {
                d.trial_from = tf;
                d.trial_to = tt;
            }
            let (vf, vt) = (int(&before["validity"]), int(&after["validity"]));
            if vf != vt {
                d.valid_from = vf.and_then(rfc3339);
                d.valid_to = vt.and_then(rfc3339);
            }
            d.by = text(&raw["by"]);
            d.reason = text(&raw["reason"]);
        }
        _ => {}
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn names() -> HashMap<i64, String> {
        HashMap::from([
            (10, "Teams".to_owned()),
            (11, "Teams".to_owned()),
            (8, "Pro Plus".to_owned()),
        ])
    }

    #[test]
    fn an_operators_change_says_what_changed_who_and_why() {
        let raw = json!({
            "before": {"plan_id": 8, "seats": 3, "is_trial": true, "validity": 1_000},
            "after": {"plan_id": 10, "seats": 3, "is_trial": false, "validity": 1_000},
            "reason": "Upgrade agreed by phone", "by": "ops@example.com"
        });
        let d = detail("changed_by_operator", &raw, &names());
        assert_eq!(d.plan_from.as_deref(), Some("Pro Plus"));
        assert_eq!(d.plan_to.as_deref(), Some("Teams"));
        assert_eq!(
            (d.seats_from, d.seats_to),
            (None, None),
            "seats did not change"
        );
        assert_eq!((d.trial_from, d.trial_to), (Some(true), Some(false)));
        assert_eq!(d.valid_to, None);
        assert_eq!(d.reason.as_deref(), Some("Upgrade agreed by phone"));
        assert_eq!(d.by.as_deref(), Some("ops@example.com"));
    }

    #[test]
    fn old_lines_without_details_answer_nulls() {
        let d = detail(
            "subscription_started",
            &json!({"plan_id": 1010, "seats": 4}),
            &names(),
        );
        assert_eq!(d.plan_to.as_deref(), Some("Teams"));
        assert_eq!(d.seats_to, Some(4));
        assert_eq!(
            (d.plan_from, d.seats_from, d.amount_minor),
            (None, None, None)
        );
        assert_eq!(
            detail("unknown_kind", &Value::Null, &names()),
            HistoryDetail::default()
        );
    }
}
