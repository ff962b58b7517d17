//! The fake's routes: each provider's paths under its own prefix, the OAuth endpoints every
//! provider shares, the AI service, and the WAHA gateway under `/waha`.

use super::bitrix::{bitrix_authorize, bitrix_rest, bitrix_token};
use super::freshdesk::{
    freshdesk_contacts, freshdesk_create_note, freshdesk_create_ticket, freshdesk_tickets,
};
use super::google::{google_create_spreadsheet, google_values};
use super::hubspot::{
    hubspot_create_contact, hubspot_create_note, hubspot_owners, hubspot_update_contact,
};
use super::leadsquared::{
    leadsquared_by_phone, leadsquared_create_activity, leadsquared_create_lead, leadsquared_user,
};
use super::oauth::{oauth_authorize, oauth_token};
use super::salesforce::{
    salesforce_authorize, salesforce_create, salesforce_object_info, salesforce_query,
    salesforce_token,
};
use super::webhook::webhook_receive;
use super::zoho::{zoho_create_contact, zoho_create_note, zoho_search, zoho_token};
use super::{storage, stripe, waha, FakeState};
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

pub(super) fn router(state: FakeState) -> Router {
    Router::new()
        .route(
            "/freshdesk/{domain}/api/v2/tickets",
            get(freshdesk_tickets).post(freshdesk_create_ticket),
        )
        .route(
            "/freshdesk/{domain}/api/v2/contacts",
            get(freshdesk_contacts).post(freshdesk_contacts),
        )
        .route(
            "/freshdesk/{domain}/api/v2/tickets/{ticket}/notes",
            post(freshdesk_create_note),
        )
        .route(
            "/leadsquared/{host}/v2/LeadManagement.svc/RetrieveLeadByPhoneNumber",
            get(leadsquared_by_phone),
        )
        .route(
            "/leadsquared/{host}/v2/LeadManagement.svc/Lead.Create",
            post(leadsquared_create_lead),
        )
        .route(
            "/leadsquared/{host}/v2/ProspectActivity.svc/Create",
            post(leadsquared_create_activity),
        )
        .route(
            "/hubspot-api/crm/v3/objects/contacts/search",
            post(super::hubspot_records::search),
        )
        .route(
            "/hubspot-api/crm/v3/objects/contacts",
            post(hubspot_create_contact),
        )
        .route("/hubspot-api/crm/v3/owners", get(hubspot_owners))
        .route(
            "/hubspot-api/crm/v3/objects/contacts/{id}",
            get(super::hubspot_records::get_contact).patch(hubspot_update_contact),
        )
        .route(
            "/hubspot-api/__fake/state",
            get(super::hubspot_records::control_state),
        )
        .route(
            "/hubspot-api/__fake/contacts/{id}",
            post(super::hubspot_records::control_edit),
        )
        .route(
            "/hubspot-api/crm/v3/objects/deals",
            post(super::hubspot_records::create_deal),
        )
        .route(
            "/hubspot-api/crm/v3/objects/tickets",
            post(super::hubspot_objects::create_ticket),
        )
        .route(
            "/hubspot-api/crm/v3/objects/tickets/{id}",
            axum::routing::patch(super::hubspot_objects::update_ticket),
        )
        .route(
            "/hubspot-api/crm/v3/objects/calls",
            post(super::hubspot_objects::create_call),
        )
        .route(
            "/hubspot-api/crm/v3/objects/deals/{id}",
            axum::routing::patch(super::hubspot_records::update_deal),
        )
        .route(
            "/hubspot-api/crm/v3/objects/notes",
            post(hubspot_create_note),
        )
        .route(
            "/hubspot-api/crm/v3/pipelines/{object}",
            get(super::hubspot_pipelines::list),
        )
        .route(
            "/hubspot-api/crm/v3/objects/tasks",
            post(super::crm_tasks::hubspot_create_task),
        )
        .route("/zoho-api/crm/v2/Contacts/search", get(zoho_search))
        .route(
            "/zoho-api/crm/v2/Contacts",
            post(zoho_create_contact).get(super::zoho_records::list),
        )
        .route(
            "/zoho-api/crm/v2/Contacts/{id}",
            get(super::zoho_records::get_contact).put(super::zoho_records::update_contact),
        )
        .route(
            "/zoho-api/__fake/state",
            get(super::zoho_records::control_state),
        )
        .route(
            "/zoho-api/__fake/contacts/{id}",
            post(super::zoho_records::control_edit),
        )
        .route("/zoho-api/crm/v2/Notes", post(zoho_create_note))
        .route(
            "/zoho-api/crm/v2/actions/watch",
            post(super::zoho_objects::watch),
        )
        .route(
            "/zoho-api/crm/v2/settings/fields",
            get(super::zoho_objects::fields),
        )
        .route(
            "/zoho-api/crm/v2/{module}",
            post(super::zoho_objects::create),
        )
        .route(
            "/zoho-api/crm/v2/{module}/{id}",
            axum::routing::put(super::zoho_objects::update),
        )
        .route(
            "/zoho-api/crm/v2/Tasks",
            post(super::crm_tasks::zoho_create_task),
        )
        .route(
            "/salesforce-instance/services/data/{version}/sobjects/{object}",
            post(salesforce_create),
        )
        .route(
            "/bitrix/{domain}/rest/{method}",
            post(bitrix_rest).get(bitrix_rest),
        )
        .route(
            "/leadsquared/{host}/v2/Authentication.svc/UserByAccessKey.Get",
            get(leadsquared_user).post(leadsquared_user),
        )
        .route("/webhook/receive", post(webhook_receive))
        .route("/oauth/{provider}/authorize", get(oauth_authorize))
        .route(
            "/google-sheets/v4/spreadsheets",
            post(google_create_spreadsheet),
        )
        .route(
            "/google-sheets/v4/spreadsheets/{id}/values/{range}",
            post(google_values),
        )
        .route("/oauth/{provider}/token", post(oauth_token))
        .route(
            "/stripe/v1/checkout/sessions",
            post(stripe::create_checkout),
        )
        .route(
            "/stripe/v1/subscriptions/{id}",
            get(stripe::get_subscription).post(stripe::update_subscription),
        )
        .route(
            "/stripe/v1/billing_portal/sessions",
            post(stripe::portal_session),
        )
        .route(
            "/stripe/v1/customers/{id}/balance_transactions",
            post(stripe::create_balance_transaction),
        )
        .route("/stripe/pay/{id}", get(stripe::pay_page).post(stripe::pay))
        .route("/rates/latest/{base}", get(stripe::rates_latest))
        .route("/ai-handler", post(ai_handler))
        .route(
            "/s3/{bucket}/{*key}",
            get(storage::object)
                .put(storage::object)
                .delete(storage::object)
                .head(storage::object),
        )
        .route("/bitrix/{domain}/oauth/authorize/", get(bitrix_authorize))
        .route("/bitrix-oauth/oauth/token/", get(bitrix_token))
        .route("/zoho-accounts/oauth/v2/token", post(zoho_token))
        .route(
            "/salesforce-login/services/oauth2/authorize",
            get(salesforce_authorize),
        )
        .route(
            "/salesforce-instance/services/data/{version}/query",
            get(salesforce_query),
        )
        .route(
            "/salesforce-instance/services/data/{version}/ui-api/object-info/{object}",
            get(salesforce_object_info),
        )
        .route(
            "/salesforce-login/services/oauth2/token",
            post(salesforce_token),
        )
        .nest("/waha", waha::routes(state.clone()))
        .with_state(state)
}

/// The AI service (000 §7): `{status: true, data}` with a reply built from the question and
/// the first passage of context; `{data: null}` without `status` while failing.
async fn ai_handler(State(state): State<FakeState>, Json(body): Json<Value>) -> Json<Value> {
    let failing = {
        let mut i = state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        i.ai_asked.push(body.clone());
        i.ai_failing
    };
    if failing {
        return Json(json!({ "data": null }));
    }
    let first = body["context"][0].as_str().unwrap_or("nothing");
    Json(json!({
        "status": true,
        "data": format!("AI: about \"{}\", your documents say: {first}", body["searchText"].as_str().unwrap_or("")),
    }))
}
