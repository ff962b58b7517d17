//! The OpenAPI document, generated from the handlers' annotations and the contract types, served
//! at `/api/openapi.json`. Add each new handler to `paths(...)`; a test checks that the document
//! and the route tables (`routes::all_routes`) list the same routes.

use axum::Json;
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Switchboard API",
        description = "The workspace behind the Switchboard extension."
    ),
    paths(
        crate::routes::health::get_health,
        crate::routes::client_errors::report_client_error,
        crate::routes::auth::request_code,
        crate::routes::auth::verify_code,
        crate::routes::auth::get_session,
        crate::routes::auth::delete_session,
        crate::routes::dev::get_mailbox,
        crate::routes::accounts::check_user_existence,
        crate::routes::accounts::get_accounts,
        crate::routes::accounts::list_organisations,
        crate::routes::accounts::set_active_organisation,
        crate::routes::accounts::user_credit_history,
        crate::routes::accounts::list_roles,
        crate::routes::orgs::organisation_details,
        crate::routes::orgs::create_organisation,
        crate::routes::orgs::update_organisation,
        crate::routes::orgs::remove_user,
        crate::routes::orgs::org_credit_history,
        crate::routes::orgs::remaining_seats,
        crate::routes::teams::color_palette,
        crate::routes::teams::org_teams,
        crate::routes::teams::create_team,
        crate::routes::teams::update_team,
        crate::routes::teams::assign_team,
        crate::routes::teams::teams_list,
        crate::routes::employees::add_employees,
        crate::routes::employees::list_employees,
        crate::routes::employees::update_employee,
        crate::routes::employees::invited_employees,
        crate::routes::employees::org_employees,
        crate::routes::employees::import_employees,
        crate::routes::employees::sample_file,
        crate::routes::events::ingest_calls,
        crate::routes::events::ingest_messages,
        crate::routes::analytics::overview,
        crate::routes::analytics::active_hours,
        crate::routes::analytics::new_calls,
        crate::routes::analytics::daily,
        crate::routes::analytics::comparison,
        crate::routes::analytics::search,
        crate::routes::analytics::quick_reply_analytics,
        crate::routes::analytics::scheduler_analytics,
        crate::routes::events::ingest_quick_replies,
        crate::routes::events::ingest_schedulers,
        crate::routes::integrations::check_freshdesk,
        crate::routes::integrations::create_freshdesk,
        crate::routes::integrations::get_freshdesk,
        crate::routes::integrations::delete_freshdesk,
        crate::routes::integrations::create_leadsquared,
        crate::routes::integrations::get_leadsquared,
        crate::routes::integrations::delete_leadsquared,
        crate::routes::integrations::proxy,
        crate::routes::integrations::get_webhook,
        crate::routes::integrations::update_webhook,
        crate::routes::integrations::authorize,
        crate::routes::integrations::create_hubspot,
        crate::routes::integrations::get_hubspot,
        crate::routes::integrations::delete_hubspot,
        crate::routes::integrations::create_bitrix,
        crate::routes::integrations::get_bitrix,
        crate::routes::integrations::delete_bitrix,
        crate::routes::integrations::zoho_scopes,
        crate::routes::integrations::create_zoho,
        crate::routes::integrations::get_zoho,
        crate::routes::integrations::delete_zoho,
        crate::routes::integrations::create_google_sheet,
        crate::routes::integrations::get_google_sheet,
        crate::routes::integrations::get_sheet_funnel,
        crate::routes::integrations::update_sheet_funnel,
        crate::routes::integrations::delete_google_sheet,
        crate::routes::integrations::create_salesforce,
        crate::routes::integrations::get_salesforce,
        crate::routes::integrations::delete_salesforce,
        crate::routes::integrations::get_salesforce_settings,
        crate::routes::integrations::save_salesforce_settings,
        crate::routes::integrations::get_salesforce_record_types,
        crate::routes::integrations::get_salesforce_record_type_fields,
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
pub struct ApiDoc;

pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}
