//! Plans, currency, checkout and billing (001 §3, §4, §7; issue #15). The spec's calls keep their
//! paths (`planlist`, `getteamaddonlist`, `getLocalizedCurrency`, `exchangeRateService`,
//! `createorgcheckoutsession`); the user plan list and the billing screen's calls are ours
//! under `/api/billing` (docs/API.md). The payment provider's webhook is the one public write:
//! its signature is its credential.

use super::{Access, Routes};
use crate::access::{member_at, own_workspace};
use crate::error::AppError;
use crate::state::AppState;
use contract::billing::PayerQuery;
use domain::roles::AccessLevel;
use store::billing::Payer;
use store::entity::{billing as rows, user};
use utoipa_axum::routes;

mod catalogue;
mod checkout;
mod history;
mod overview;
mod seats;
mod webhook;

pub use overview::failed_view;
pub use seats::seat_limit;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Public, routes!(catalogue::plan_list))
        .add(Access::Public, routes!(catalogue::team_addon_list))
        .add(Access::Public, routes!(catalogue::localized_currency))
        .add(Access::Public, routes!(catalogue::exchange_rates))
        .add(Access::Public, routes!(catalogue::visitor_currency))
        .add(Access::Public, routes!(webhook::stripe_webhook))
        .add(Access::Scoped, routes!(checkout::create_checkout))
        .add(Access::Scoped, routes!(catalogue::user_plan_list))
        .add(Access::Scoped, routes!(overview::overview))
        .add(Access::Scoped, routes!(history::history))
        .add(Access::Scoped, routes!(catalogue::limits))
        .add(Access::Scoped, routes!(seats::seat_preview))
        .add(Access::Scoped, routes!(seats::change_seats))
        .add(Access::Scoped, routes!(overview::failed_transactions))
        .add(Access::Scoped, routes!(checkout::portal))
        .add(Access::SignedIn, routes!(checkout::checkout_status))
}

/// An ISO 4217 code in upper case, or None.
pub(super) fn currency_code(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim)
        .filter(|c| c.len() == 3 && c.bytes().all(|b| b.is_ascii_alphabetic()))
        .map(str::to_ascii_uppercase)
}

/// The payer a query names: an organisation the caller belongs to (at `level`), or their own
/// workspace (named by `workspace_id`, or by naming neither, as an absent `org_id` means the
/// personal workspace elsewhere).
pub(super) async fn payer_of(
    state: &AppState,
    user: &user::Model,
    q: &PayerQuery,
    level: AccessLevel,
) -> Result<Payer, AppError> {
    match (q.org_id, q.workspace_id) {
        (Some(org), _) => {
            member_at(state, user, org, level).await?;
            Ok(Payer::Org(org))
        }
        (None, Some(ws)) => {
            own_workspace(user, ws)?;
            Ok(Payer::User(ws))
        }
        (None, None) => Ok(Payer::User(user.id)),
    }
}

pub(super) fn manage_url(payer: Payer, customer: bool) -> Option<String> {
    customer.then(|| match payer {
        Payer::Org(id) => format!("/api/billing/portal?org_id={id}"),
        Payer::User(id) => format!("/api/billing/portal?workspace_id={id}"),
    })
}

pub(super) async fn has_customer(
    state: &AppState,
    payer: Payer,
) -> Result<Option<rows::subscription::Model>, AppError> {
    Ok(store::billing::subscription_of(&state.store, payer)
        .await?
        .filter(|s| s.customer_id.is_some()))
}
