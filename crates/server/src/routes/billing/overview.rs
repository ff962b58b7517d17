//! The billing screen's overview and an organisation's failed payments.

use super::{manage_url, payer_of};
use crate::access::member_at;
use crate::auth::CurrentUser;
use crate::billing::{current_plan, payer_plan, standing_now};
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use contract::accounts::ResultEnvelope;
use contract::billing::{
    BillingOverview, EstimatedInvoice, FailedTransaction, Invoice, PayerQuery, PlanTerm, Seats,
};
use domain::plans::{MAX_SEATS, MIN_TEAM_SIZE};
use domain::roles::AccessLevel;
use domain::subscription::{plan_term, TermKind};
use store::billing::Payer;
use store::entity::billing as rows;

pub(super) fn invoice_view(i: rows::invoice::Model) -> Invoice {
    Invoice {
        id: i.provider_id,
        amount_minor: i.amount_minor,
        currency: i.currency,
        status: i.status,
        hosted_url: i.hosted_url,
        created_at: rfc3339(i.created_at).unwrap_or_default(),
    }
}

/// The billing screen: plan, seats, the estimated next invoice, invoices and history. Reading
/// an organisation's billing is for its admins.
#[utoipa::path(
    get,
    path = "/api/billing/overview",
    tag = "billing",
    params(
        ("org_id" = Option<i64>, Query, description = "An organisation the caller administers"),
        ("workspace_id" = Option<i64>, Query, description = "Or the caller's workspace"),
    ),
    responses(
        (status = 200, description = "The billing screen's data", body = BillingOverview),
        (status = 403, description = "Not an admin, or another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn overview(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<PayerQuery>,
) -> Result<Json<BillingOverview>, AppError> {
    let payer = payer_of(&state, &user, &q, AccessLevel::Admin).await?;
    Ok(Json(overview_of(&state, payer).await?))
}

/// Whether a subscription is running at the provider (seats change through it).
pub(super) fn is_running(s: &rows::subscription::Model) -> bool {
    matches!(s.status.as_str(), "active" | "trialing" | "past_due")
}

pub(super) async fn overview_of(
    state: &AppState,
    payer: Payer,
) -> Result<BillingOverview, AppError> {
    let plan = payer_plan(state, payer).await?;
    let sub = store::billing::subscription_of(&state.store, payer).await?;
    let running = sub.as_ref().filter(|s| is_running(s));
    let (seats, time_zone) = match payer {
        Payer::Org(id) => {
            let used = store::orgs::seats_used(&state.store, id).await? as u32;
            let pending = running
                .and_then(|s| s.pending_seats)
                .and_then(|p| u32::try_from(p).ok())
                .filter(|p| *p != plan.seat_issued);
            let zone = store::orgs::organisation(&state.store, id)
                .await?
                .map(|o| o.time_zone);
            (
                Some(Seats {
                    seat_issued: plan.seat_issued,
                    seats_used: used,
                    pending_seats: pending,
                    pending_from: pending
                        .and(running.and_then(|s| s.period_end))
                        .and_then(rfc3339),
                    min: MIN_TEAM_SIZE.max(used),
                    max: MAX_SEATS,
                }),
                zone,
            )
        }
        Payer::User(_) => (None, None),
    };
    let estimated_invoice = running.filter(|s| !s.cancel_at_period_end).map(|s| {
        let seats = s.pending_seats.unwrap_or(s.seats);
        EstimatedInvoice {
            amount_minor: s.unit_amount_minor.saturating_mul(i64::from(seats)),
            currency: s.currency.to_ascii_uppercase(),
            due_at: s.period_end.and_then(rfc3339),
            interval: s.billing_interval.clone(),
        }
    });
    let invoices = store::billing::invoices(&state.store, payer)
        .await?
        .into_iter()
        .map(invoice_view)
        .collect();
    let now = standing_now(state, plan.facts);
    let renews = running.is_some_and(|s| !s.cancel_at_period_end);
    let term = plan_term(&now, plan.facts.validity, renews).and_then(|t| {
        Some(PlanTerm {
            kind: match t.kind {
                TermKind::Renews => "renews",
                TermKind::Ends => "ends",
                TermKind::TrialEnds => "trial_ends",
                TermKind::GraceUntil => "grace_until",
            }
            .to_owned(),
            at: rfc3339(t.at)?,
        })
    });
    Ok(BillingOverview {
        plan: current_plan(state, &plan).await?,
        term,
        seats,
        estimated_invoice,
        invoices,
        time_zone,
        can_manage: true,
        subscribed: running.is_some(),
        manage_billing_url: manage_url(
            payer,
            sub.as_ref().is_some_and(|s| s.customer_id.is_some()),
        ),
    })
}

/// An organisation's failed payments (`/failedtransactions`), for its admins.
#[utoipa::path(
    get,
    path = "/api/billing/failed-transactions",
    tag = "billing",
    params(("org_id" = i64, Query, description = "An organisation the caller administers")),
    responses(
        (status = 200, description = "Newest first", body = ResultEnvelope<Vec<FailedTransaction>>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn failed_transactions(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<contract::accounts::OrgQuery>,
) -> Result<Json<ResultEnvelope<Vec<FailedTransaction>>>, AppError> {
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    let rows = store::billing::failed_transactions(&state.store, Payer::Org(q.org_id)).await?;
    Ok(Json(ResultEnvelope::ok(
        rows.into_iter().map(failed_view).collect(),
    )))
}

pub fn failed_view(f: rows::failed_transaction::Model) -> FailedTransaction {
    FailedTransaction {
        id: f.id,
        invoice_id: f.invoice_id,
        org_id: f.org_id,
        amount_minor: f.amount_minor,
        currency: f.currency,
        reason: f.reason,
        created_at: rfc3339(f.created_at).unwrap_or_default(),
        resolved_at: f.resolved_at.and_then(rfc3339),
    }
}
