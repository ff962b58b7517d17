//! The web app's wire types, generated from these Rust types rather than written twice: one
//! TypeScript module (`web/src/generated/contract.ts`) with every DTO the browser sends or reads.
//! `tests/typescript.rs` fails when the committed file drifts from what this produces.

use std::collections::BTreeMap;

use ts_rs::{TypeVisitor, TS};

use crate::{
    accounts, auth, client_error, contacts, deals, error, health, integrations, service, sync,
    timeline,
};

/// Collects one declaration per TypeScript name, with every type it depends on.
struct Collect {
    decls: BTreeMap<String, String>,
}

impl TypeVisitor for Collect {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_none() {
            return; // primitives and std containers have no declaration
        }
        let name = T::ident();
        let docs = T::docs().unwrap_or_default();
        // A generic type (`ResultEnvelope<T>`) is declared once with its parameter, whatever
        // it was instantiated with.
        let decl = format!("{docs}export {}\n", T::decl());
        if let Some(seen) = self.decls.get(&name) {
            assert_eq!(
                *seen, decl,
                "two Rust types are both `{name}` in TypeScript"
            );
            return;
        }
        self.decls.insert(name, decl);
        T::visit_dependencies(self);
    }
}

/// Visits every wire type the web app uses (and, through their fields, what they contain).
fn visit_all(c: &mut Collect) {
    // Envelopes; `()` stands in for the payload, the declaration keeps the parameter.
    c.visit::<accounts::ResultEnvelope<()>>();
    c.visit::<accounts::StatusEnvelope<()>>();
    c.visit::<accounts::TypeEnvelope<()>>();
    c.visit::<accounts::Ack>();
    c.visit::<accounts::OrgActivity>();
    c.visit::<accounts::OrgActivityQuery>();
    // Signing in.
    c.visit::<accounts::CodeRequest>();
    c.visit::<accounts::CodeSent>();
    c.visit::<accounts::VerifyRequest>();
    c.visit::<accounts::SignedIn>();
    c.visit::<accounts::MailboxQuery>();
    c.visit::<accounts::DevMailbox>();
    c.visit::<auth::SessionInfo>();
    // The extension's tokens.
    c.visit::<accounts::NewExtensionToken>();
    c.visit::<accounts::MintedExtensionToken>();
    c.visit::<accounts::ExtensionTokenList>();
    // My Account and settings.
    c.visit::<accounts::ProfileQuery>();
    c.visit::<accounts::AccountProfile>();
    c.visit::<accounts::ProfileChange>();
    c.visit::<accounts::SettingsQuery>();
    c.visit::<accounts::AccountSettings>();
    c.visit::<accounts::OnboardingState>();
    c.visit::<accounts::OnboardingChange>();
    c.visit::<accounts::OnboardingAnswers>();
    c.visit::<accounts::SettingsChange>();
    // Refer and Earn.
    c.visit::<accounts::ReferralReport>();
    c.visit::<accounts::ReferralInvites>();
    c.visit::<accounts::ReferralInvitesSent>();
    c.visit::<accounts::GrantCredit>();
    // Joining an organisation by its code.
    c.visit::<accounts::JoinCodeRequest>();
    c.visit::<accounts::JoinCodeSent>();
    c.visit::<accounts::JoinRequest>();
    c.visit::<accounts::Joined>();
    c.visit::<accounts::JoinSetting>();
    // Users and memberships.
    c.visit::<accounts::UserExistenceQuery>();
    c.visit::<accounts::UserExistence>();
    c.visit::<accounts::AccountsQuery>();
    c.visit::<accounts::AccountsData>();
    // Organisations.
    c.visit::<accounts::OrgCodeQuery>();
    c.visit::<accounts::Organization>();
    c.visit::<accounts::CreateOrganization>();
    c.visit::<accounts::UpdateOrganization>();
    c.visit::<accounts::OrgQuery>();
    c.visit::<accounts::WorkspaceQuery>();
    c.visit::<accounts::RemoveUserQuery>();
    c.visit::<accounts::SetActiveOrgQuery>();
    c.visit::<accounts::CreditHistory>();
    c.visit::<accounts::SeatAvailability>();
    // Teams.
    c.visit::<accounts::ColorPalette>();
    c.visit::<accounts::CreateTeam>();
    c.visit::<accounts::UpdateTeam>();
    c.visit::<accounts::AssignTeam>();
    c.visit::<accounts::TeamsListQuery>();
    c.visit::<accounts::TeamListEntry>();
    // Contacts (issue #29).
    c.visit::<contacts::ContactsQuery>();
    c.visit::<contacts::Contact>();
    c.visit::<contacts::NewContact>();
    c.visit::<contacts::ContactUpdate>();
    c.visit::<contacts::ContactChange>();
    c.visit::<contacts::ContactImportQuery>();
    c.visit::<contacts::ContactImportReport>();
    c.visit::<contacts::ContactsBulkUpdate>();
    c.visit::<contacts::ContactsBulkResult>();
    c.visit::<contacts::ContactCrmLink>();
    c.visit::<contacts::CrmMatch>();
    c.visit::<contacts::CrmLinkRequest>();
    c.visit::<contacts::CrmPullReport>();
    c.visit::<deals::BoardQuery>();
    c.visit::<deals::BoardStage>();
    c.visit::<deals::Board>();
    c.visit::<deals::DealsQuery>();
    c.visit::<deals::Deal>();
    c.visit::<deals::NewDeal>();
    c.visit::<deals::DealUpdate>();
    c.visit::<service::ContactRecordsQuery>();
    c.visit::<service::Ticket>();
    c.visit::<service::NewTicket>();
    c.visit::<service::TicketUpdate>();
    c.visit::<service::CallLog>();
    c.visit::<service::NewCallLog>();
    c.visit::<timeline::TimelineQuery>();
    c.visit::<timeline::Timeline>();
    c.visit::<timeline::ContactNoteRequest>();
    c.visit::<timeline::ContactTaskRequest>();
    c.visit::<timeline::ContactActivity>();
    // Employees.
    c.visit::<accounts::EmployeesQuery>();
    c.visit::<accounts::EmployeeList>();
    c.visit::<accounts::AddEmployees>();
    c.visit::<accounts::AddedEmployees>();
    c.visit::<accounts::UpdateEmployee>();
    c.visit::<accounts::ResendInvitation>();
    c.visit::<accounts::LanguageChoice>();
    c.visit::<accounts::ImportQuery>();
    c.visit::<accounts::ImportReport>();
    // Integrations.
    c.visit::<integrations::LinkStatus>();
    c.visit::<integrations::MemberIntegrations>();
    c.visit::<integrations::FreshdeskCheckQuery>();
    c.visit::<integrations::FreshdeskLink>();
    c.visit::<integrations::LeadsquaredLink>();
    c.visit::<integrations::ProxyRequest>();
    c.visit::<integrations::WebhookQuery>();
    c.visit::<integrations::WebhookUpdate>();
    c.visit::<integrations::WebhookEndpoint>();
    // The sync engine.
    c.visit::<sync::DeliveryQuery>();
    c.visit::<sync::Delivery>();
    c.visit::<sync::DeliveryLog>();
    c.visit::<sync::DeliveryAttempt>();
    c.visit::<sync::OrgBody>();
    c.visit::<sync::SigningSecret>();
    c.visit::<sync::LabelRulesQuery>();
    c.visit::<sync::LabelRules>();
    c.visit::<sync::LastSync>();
    c.visit::<integrations::AuthorizeQuery>();
    c.visit::<integrations::AuthorizeUrl>();
    c.visit::<integrations::OAuthReturnQuery>();
    c.visit::<integrations::BitrixLink>();
    c.visit::<integrations::GoogleSheetLink>();
    c.visit::<integrations::SheetLinkStatus>();
    c.visit::<integrations::SheetFunnel>();
    c.visit::<integrations::SheetFunnelUpdate>();
    c.visit::<integrations::ZohoScopes>();
    c.visit::<integrations::ZohoLink>();
    c.visit::<integrations::SalesforceLink>();
    c.visit::<integrations::SalesforceSettings>();
    c.visit::<integrations::SalesforceRecordTypes>();
    c.visit::<integrations::SalesforceRecordTypeFields>();
    c.visit::<integrations::SalesforceRecordTypeQuery>();
    // Errors, health, client error reports.
    c.visit::<error::ErrorBody>();
    c.visit::<error::ErrorCode>();
    c.visit::<health::Health>();
    c.visit::<health::ClientConfig>();
    // Dashboards: events and analytics.
    c.visit::<crate::analytics::CallEventsBatch>();
    c.visit::<crate::analytics::MessageEventsBatch>();
    c.visit::<crate::analytics::IngestReport>();
    c.visit::<crate::analytics::AnalyticsQuery>();
    c.visit::<crate::analytics::OverviewAnswer>();
    c.visit::<crate::analytics::ActiveHoursAnswer>();
    c.visit::<crate::analytics::NewCallsAnswer>();
    c.visit::<crate::analytics::DailyAnswer>();
    c.visit::<crate::analytics::ComparisonAnswer>();
    c.visit::<crate::analytics::ChatCountersAnswer>();
    c.visit::<crate::analytics::UsageEventsBatch>();
    c.visit::<crate::analytics::QuickReplyAnalytics>();
    c.visit::<crate::analytics::SchedulerAnalytics>();
    c.visit::<client_error::ClientErrorReport>();
    c.visit::<crate::feedback::FeedbackRequest>();
    c.visit::<crate::feedback::FeedbackEntry>();
    // Billing.
    c.visit::<crate::billing::Plan>();
    c.visit::<crate::billing::TeamAddon>();
    c.visit::<crate::billing::LocalizedCurrencyAnswer>();
    c.visit::<crate::billing::ExchangeRates>();
    c.visit::<crate::billing::VisitorCurrency>();
    c.visit::<crate::billing::CheckoutRequest>();
    c.visit::<crate::billing::CheckoutAnswer>();
    c.visit::<crate::billing::UserPlans>();
    c.visit::<crate::billing::PlanLimits>();
    c.visit::<crate::billing::BillingOverview>();
    c.visit::<crate::billing::SeatsRequest>();
    c.visit::<crate::billing::SeatPreview>();
    c.visit::<crate::billing::SeatChangeAnswer>();
    c.visit::<crate::billing::HistoryQuery>();
    c.visit::<crate::billing::HistoryEntry>();
    c.visit::<crate::billing::FailedTransaction>();
    c.visit::<crate::billing::CheckoutSessionQuery>();
    c.visit::<crate::billing::CheckoutStatus>();
    // The knowledge base.
    c.visit::<crate::kb::KbDocument>();
    c.visit::<crate::kb::AskRequest>();
    c.visit::<crate::kb::AskAnswer>();
    c.visit::<crate::kb::KbConversation>();
    c.visit::<crate::kb::RenameConversation>();
    c.visit::<crate::kb::KbConversationDetail>();
    c.visit::<crate::kb::UnansweredQuestion>();
    c.visit::<crate::kb::ReplyRequest>();
    c.visit::<crate::kb::ReplySuggestion>();
    c.visit::<crate::kb::RepliesLeft>();
    c.visit::<crate::inbox::InboxQuery>();
    c.visit::<crate::inbox::ConversationListQuery>();
    c.visit::<crate::inbox::MessageListQuery>();
    c.visit::<crate::inbox::GatewayRequest>();
    c.visit::<crate::inbox::GatewayStatus>();
    c.visit::<crate::inbox::GatewayQr>();
    c.visit::<crate::inbox::ConversationPage>();
    c.visit::<crate::inbox::InboxCounts>();
    c.visit::<crate::inbox::MessagePage>();
    c.visit::<crate::inbox::InboxTextRequest>();
    c.visit::<crate::inbox::ConversationStatusRequest>();
    c.visit::<crate::inbox::AssignRequest>();
    c.visit::<crate::inbox::OpenChatRequest>();
    c.visit::<crate::inbox::InboxSettings>();
    c.visit::<crate::business_hours::BusinessHoursView>();
    c.visit::<crate::business_hours::BusinessHoursUpdate>();
    c.visit::<crate::inbox::EventsQuery>();
    c.visit::<crate::inbox::TaskQuery>();
    c.visit::<crate::inbox::TaskList>();
    c.visit::<crate::inbox::TaskRequest>();
    c.visit::<crate::inbox::ReplyClaimRequest>();
    c.visit::<crate::inbox::ReplyClaim>();
    c.visit::<crate::inbox::ReplyReport>();
    c.visit::<crate::manage::ManageQuery>();
    c.visit::<crate::manage::AttachmentQuery>();
    c.visit::<crate::manage::QuickReplyList>();
    c.visit::<crate::manage::QuickReplyRequest>();
    c.visit::<crate::manage::LabelBoard>();
    c.visit::<crate::manage::LabelRequest>();
    c.visit::<crate::manage::FunnelRequest>();
    c.visit::<crate::manage::UserProperty>();
    c.visit::<crate::manage::UserPropertyRequest>();
    c.visit::<crate::manage::ContactProfile>();
    c.visit::<crate::manage::ContactProfileRequest>();
    c.visit::<crate::manage::ContactTags>();
    c.visit::<crate::manage::TagsRequest>();
    c.visit::<crate::manage::FollowUpBoard>();
    c.visit::<crate::manage::FollowUpRequest>();
    c.visit::<crate::manage::NotificationSettings>();
    c.visit::<crate::manage::ChatNote>();
    c.visit::<crate::manage::ChatNoteRequest>();
    c.visit::<crate::manage::ContactQuery>();
    c.visit::<crate::manage::ScheduledMessage>();
    c.visit::<crate::manage::ScheduleRequest>();
    c.visit::<crate::manage::ClaimRequest>();
    c.visit::<crate::manage::ClaimAnswer>();
    c.visit::<crate::manage::SendReport>();
    c.visit::<crate::manage::QuickReplySent>();
    c.visit::<crate::manage::TeamToolsAccess>();
    // The operator's admin panel.
    c.visit::<crate::admin::AdminSignIn>();
    c.visit::<crate::admin::AdminMe>();
    c.visit::<crate::admin::Page<()>>();
    c.visit::<crate::admin::AdminOrg>();
    c.visit::<crate::admin::AdminUser>();
    c.visit::<crate::admin::AdminUserDetail>();
    c.visit::<crate::admin::PlanChange>();
    c.visit::<crate::admin::KnowledgeBaseGrant>();
    c.visit::<crate::admin::AdminPlan>();
    c.visit::<crate::admin::AuditEntry>();
    c.visit::<crate::admin::DynamicAssignment>();
    c.visit::<crate::admin::AssignmentRequest>();
    c.visit::<crate::admin::ShareRow>();
    c.visit::<crate::admin::LeadView>();
}

/// The generated module: a header, then every declaration sorted by name.
pub fn typescript() -> String {
    let mut c = Collect {
        decls: BTreeMap::new(),
    };
    visit_all(&mut c);
    let mut out = String::from(
        "// Generated from crates/contract (src/typescript.rs) by\n\
         //   UPDATE_GENERATED=1 cargo test -p switchboard-contract --features ts --test typescript\n\
         // Do not edit by hand; that test fails when this file drifts from the Rust types.\n\n",
    );
    for decl in c.decls.values() {
        out.push_str(decl);
        out.push('\n');
    }
    out
}

/// The TypeScript names declared (for tests).
pub fn declared_names() -> Vec<String> {
    let mut c = Collect {
        decls: BTreeMap::new(),
    };
    visit_all(&mut c);
    c.decls.into_keys().collect()
}
