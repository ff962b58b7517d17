//! The rule registry: one table naming every rule the browser and the server call by name, with
//! its typed input, its function and its typed output. The wasm bindings, the shared test
//! vectors and the generated TypeScript types all go through this table, so a rule added here
//! is reachable everywhere and a rule missing here is reachable nowhere.
//!
//! Wire shape: the input is the rule's input struct (camelCase, or the spec's names where the
//! spec names them); the outcome is `{"ok": <output>}` or `{"err": "<rule_error_code>"}`.
//! Rules that cannot fail always answer `{"ok": …}`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::accounts::{
    EmployeeCheck, EmployeeRowInput, NameInput, OrganisationCode, OrganisationName, OtpCode,
    OtpInput, PhoneInput, PhoneNumber, TeamName,
};
use crate::analytics::{CallsOverview, CallsOverviewInput};
use crate::assignment::{
    AssignmentMember, AssignmentOptions, MemberFormInput, PanelInput, PanelState, Percentage,
    TargetPercentageInput,
};
use crate::billing::{
    AiAddonInput, AnnualBadge, AnnualBadgeInput, CheckoutInput, CheckoutPlan, CurrencyInput,
    CurrencySymbol, Notice, Price, PriceInput, TrialNoticeInput,
};
use crate::buckets::{
    BucketKeys, BucketOf, BucketOfInput, BucketRangeInput, ChartSeries, ShapeInput,
};
use crate::chat::{Attachment, AttachmentInput, SendInput};
use crate::constants::BusinessConstants;
use crate::dates::{DatePresetInput, DateRange, DaysInput};
use crate::format::{
    DisplayName, DisplayNameInput, DurationInput, DurationText, LocalInstant, OrgNameInput,
    ParseDateInput, RelativeTime, RelativeTimeInput, ShortName, TopBarNameInput,
};
use crate::inputs::{
    AgeInput, BitrixDomain, BitrixDomainInput, Email, EmailInput, FreshdeskCredentials,
    FreshdeskDomain, FreshdeskDomainInput, FreshdeskInput, HttpUrl, LeadsquaredCredentials,
    LeadsquaredInput, SheetLabel, SheetLabelInput, TextInput, UrlInput, WebhookToken,
    WebhookTokenInput, WebhookUrl, WebhookUrlInput,
};
use crate::labels::{
    ChatSyncInput, CrmLabelSync, LabelStatus, LabelStatusInput, SetLabelStatusInput,
};
use crate::language::{Language, LanguageInput};
use crate::plans::{PlanInfo, PlanInput, TeamSeats, TeamSeatsInput};
use crate::retry::{RetryInput, RetryStep};
use crate::roles::{
    AccessInput, AccessLevel, CardAccessInput, DefaultOrg, MappingsInput, VisibleEmployees,
    VisibleEmployeesInput,
};
use crate::zoho::{SelfCloseInput, ZohoState, ZohoStateCheckInput, ZohoStateInput};
use crate::zones::{TimeZoneInput, TimeZoneList, TimeZoneName};
use crate::{inputs, RuleError};

/// The input of rules that take nothing: `{}`.
#[derive(Debug, Clone, Copy, Default, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NoInput {}

/// One registry entry, for code generation: the rule's name and the TypeScript names of its
/// input and output types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
pub struct RuleInfo {
    pub name: &'static str,
    pub input: &'static str,
    pub output: &'static str,
}

/// Why a call by name did not produce an outcome (a broken rule is an outcome, not this).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    #[error("unknown rule `{0}`")]
    UnknownRule(String),
    #[error("rule `{rule}`: the input could not be read: {message}")]
    Input { rule: &'static str, message: String },
    #[error("rule `{rule}`: the outcome could not be encoded: {message}")]
    Encode { rule: &'static str, message: String },
}

impl CallError {
    /// A stable code for the bindings: `unknown_rule`, `bad_input`, `encode_failed`.
    pub const fn code(&self) -> &'static str {
        match self {
            CallError::UnknownRule(_) => "unknown_rule",
            CallError::Input { .. } => "bad_input",
            CallError::Encode { .. } => "encode_failed",
        }
    }

    /// `<code>: <the Display text>`, assembled without `core::fmt` (the wasm module throws it).
    pub fn message(&self) -> String {
        use crate::text::concat;
        match self {
            CallError::UnknownRule(rule) => concat(&[self.code(), ": unknown rule `", rule, "`"]),
            CallError::Input { rule, message } => concat(&[
                self.code(),
                ": rule `",
                rule,
                "`: the input could not be read: ",
                message,
            ]),
            CallError::Encode { rule, message } => concat(&[
                self.code(),
                ": rule `",
                rule,
                "`: the outcome could not be encoded: ",
                message,
            ]),
        }
    }
}

/// A rule's outcome on the wire: `{"ok": …}` or `{"err": "code"}`.
#[derive(Serialize, crate::value::ToValue)]
#[serde(rename_all = "lowercase")]
enum Outcome<'a, T> {
    Ok(&'a T),
    Err(RuleError),
}

impl<'a, T> From<&'a Result<T, RuleError>> for Outcome<'a, T> {
    fn from(r: &'a Result<T, RuleError>) -> Self {
        match r {
            Ok(v) => Outcome::Ok(v),
            Err(e) => Outcome::Err(*e),
        }
    }
}

/// The TypeScript name of a registry type (primitives by their TS spelling).
macro_rules! ts_name {
    (bool) => {
        "boolean"
    };
    (f64) => {
        "number"
    };
    (Percentage) => {
        "number"
    };
    ($t:ident) => {
        stringify!($t)
    };
}

macro_rules! registry {
    ($(
        $(#[doc = $doc:literal])*
        $name:literal => fn($arg:ident: $input:ident) -> $out:tt $body:block
    )+) => {
        /// Every rule's name, in registry order (without the type names of [`RULES`], which
        /// the wasm module does not need).
        pub const RULE_NAMES: &[&str] = &[$($name),+];

        /// Every rule, in registry order.
        pub const RULES: &[RuleInfo] = &[
            $(RuleInfo { name: $name, input: ts_name!($input), output: ts_name!($out) },)+
        ];

        /// Calls the rule named `rule`: reads its input from any serde `Deserializer` (a
        /// `serde_json::Value`, a `serde_wasm_bindgen::Deserializer`, …) and writes the
        /// outcome `{"ok": …}` / `{"err": "code"}` to any `Serializer`.
        pub fn call<'de, D, S>(rule: &str, input: D, out: S) -> Result<S::Ok, CallError>
        where
            D: Deserializer<'de>,
            S: Serializer,
        {
            match rule {
                $($name => {
                    $(#[doc = $doc])*
                    fn run($arg: $input) -> Result<$out, RuleError> $body
                    let parsed = <$input as Deserialize>::deserialize(input).map_err(|e| {
                        CallError::Input { rule: $name, message: e.to_string() }
                    })?;
                    let outcome = run(parsed);
                    Outcome::from(&outcome).serialize(out).map_err(|e| CallError::Encode {
                        rule: $name,
                        message: e.to_string(),
                    })
                })+
                _ => Err(CallError::UnknownRule(rule.to_string())),
            }
        }

        /// Calls the rule named `rule` on the browser's wire format ([`crate::value`]): the
        /// input is read with `FromValue`, the outcome `{ok}` / `{err}` written with `ToValue`.
        /// The wasm module's only door; the shared vectors run through it and through [`call`].
        pub fn call_value(
            rule: &str,
            input: &crate::value::Value,
        ) -> Result<crate::value::Value, CallError> {
            match rule {
                $($name => {
                    fn run($arg: $input) -> Result<$out, RuleError> $body
                    let parsed = <$input as crate::value::FromValue>::from_value(input)
                        .map_err(|e| CallError::Input { rule: $name, message: e.0 })?;
                    Ok(crate::value::ToValue::to_value(&Outcome::from(&run(parsed))))
                })+
                _ => Err(CallError::UnknownRule(rule.to_string())),
            }
        }

        /// Visits every input and output type (for the TypeScript generator).
        #[cfg(feature = "ts")]
        pub fn visit_types(v: &mut impl ts_rs::TypeVisitor) {
            $(v.visit::<$input>(); v.visit::<$out>();)+
        }
    };
}

registry! {
    // Plans (000 §9, 001 §4, §9)
    /// Normalised id, family, paid flag and Teams-trial flag of a plan id.
    "plan_info" => fn(i: PlanInput) -> PlanInfo { Ok(crate::plans::plan_info(&i)) }
    /// A team's seat count: at least 3, at least its members, at most `MAX_SEATS`.
    "team_seats" => fn(i: TeamSeatsInput) -> TeamSeats {
        TeamSeats::parse_for(i.seats, i.members.unwrap_or(0))
    }

    // Integration inputs (000 §5)
    "bitrix_domain" => fn(i: BitrixDomainInput) -> BitrixDomain { BitrixDomain::parse(&i.domain) }
    "freshdesk_domain" => fn(i: FreshdeskDomainInput) -> FreshdeskDomain {
        FreshdeskDomain::parse(&i.domain)
    }
    "freshdesk_credentials" => fn(i: FreshdeskInput) -> FreshdeskCredentials {
        FreshdeskCredentials::parse(&i)
    }
    "leadsquared_credentials" => fn(i: LeadsquaredInput) -> LeadsquaredCredentials {
        LeadsquaredCredentials::parse(&i)
    }
    "spreadsheet_label" => fn(i: SheetLabelInput) -> SheetLabel { SheetLabel::parse(&i.label) }
    "webhook_endpoint" => fn(i: WebhookUrlInput) -> WebhookUrl { WebhookUrl::parse(&i.url) }
    "webhook_token" => fn(i: WebhookTokenInput) -> WebhookToken { WebhookToken::parse(&i.token) }
    "email" => fn(i: EmailInput) -> Email { Email::parse(&i.email) }
    "url" => fn(i: UrlInput) -> HttpUrl { HttpUrl::parse(&i.url) }
    "number" => fn(i: TextInput) -> f64 { inputs::parse_number(&i.text) }
    "has_digit" => fn(i: TextInput) -> bool { Ok(inputs::has_digit(&i.text)) }
    /// Whether `date` is at least `years` years before `today`.
    "age_at_least" => fn(i: AgeInput) -> bool {
        let date = inputs::parse_iso_date(&i.date)?;
        let today = inputs::parse_iso_date(&i.today)?;
        Ok(inputs::is_at_least_years_ago(date, today, i.years))
    }

    // Dynamic assignment (000 §2, §5, §9)
    "target_percentage" => fn(i: TargetPercentageInput) -> Percentage {
        Percentage::parse(&i.target_percentage)
    }
    "assignment_panel" => fn(i: PanelInput) -> PanelState {
        Ok(crate::assignment::assignment_panel(&i))
    }
    "assignment_member" => fn(i: MemberFormInput) -> AssignmentMember {
        crate::assignment::assignment_member(&i)
    }
    "assignment_options" => fn(_i: NoInput) -> AssignmentOptions {
        Ok(crate::assignment::assignment_options())
    }

    // Dates (000 §3, 001 §7)
    "date_preset" => fn(i: DatePresetInput) -> DateRange { crate::dates::date_preset(&i) }
    "date_range" => fn(i: DaysInput) -> DateRange { crate::dates::date_range(&i) }
    "previous_period" => fn(i: DaysInput) -> DateRange { crate::dates::previous_period(&i) }

    // Buckets (001 §7, §9)
    "bucket_keys" => fn(i: BucketRangeInput) -> BucketKeys { crate::buckets::bucket_keys(&i) }
    "bucket_of" => fn(i: BucketOfInput) -> BucketOf { crate::buckets::bucket_of(&i) }
    "shape_buckets" => fn(i: ShapeInput) -> ChartSeries { crate::buckets::shape_buckets(&i) }

    // Analytics (001 §3, §7, §9)
    "calls_overview" => fn(i: CallsOverviewInput) -> CallsOverview {
        Ok(crate::analytics::calls_overview(&i))
    }

    // Formatting (000 §8, §9; 001 §2, §9)
    "format_duration" => fn(i: DurationInput) -> DurationText {
        Ok(crate::format::format_duration(i.seconds.whole_seconds()?))
    }
    "relative_time" => fn(i: RelativeTimeInput) -> RelativeTime {
        crate::format::relative_time(&i)
    }
    "parse_date" => fn(i: ParseDateInput) -> LocalInstant { crate::format::parse_date(&i) }
    "org_name" => fn(i: OrgNameInput) -> ShortName { Ok(crate::format::truncate_name(&i.name)) }
    "top_bar_name" => fn(i: TopBarNameInput) -> ShortName { Ok(crate::format::top_bar_name(&i)) }
    "display_name" => fn(i: DisplayNameInput) -> DisplayName {
        Ok(crate::format::display_name(&i))
    }

    // Roles (000 §6, 001 §6)
    "access_check" => fn(i: AccessInput) -> AccessLevel { i.level.check(i.role_id) }
    "card_access" => fn(i: CardAccessInput) -> AccessLevel {
        i.data_key.access_level().check(i.role_id)
    }
    "visible_employees" => fn(i: VisibleEmployeesInput) -> VisibleEmployees {
        Ok(crate::roles::visible_employees(&i))
    }
    "default_org" => fn(i: MappingsInput) -> DefaultOrg { Ok(crate::roles::default_org(&i)) }

    // Billing (001 §4, §7, §9)
    "trial_notice" => fn(i: TrialNoticeInput) -> Notice { Ok(crate::billing::trial_notice(&i)) }
    "plan_price" => fn(i: PriceInput) -> Price { crate::billing::plan_price(&i) }
    "annual_badge" => fn(i: AnnualBadgeInput) -> AnnualBadge {
        Ok(crate::billing::annual_badge(&i))
    }
    "checkout_plan" => fn(i: CheckoutInput) -> CheckoutPlan { crate::billing::checkout_plan(&i) }
    "ai_addon_price" => fn(i: AiAddonInput) -> Price { Ok(crate::billing::ai_addon_price(&i)) }
    "currency_symbol" => fn(i: CurrencyInput) -> CurrencySymbol {
        Ok(CurrencySymbol {
            symbol: crate::billing::currency_symbol(i.currency.as_deref()).to_string(),
        })
    }

    // Retries (000 §8)
    "retry_step" => fn(i: RetryInput) -> RetryStep { crate::retry::retry_step(&i) }

    // CRM label rules (000 §3 crmLabelSyncData, label status)
    /// An employee's entry for one CRM, checked and tidied.
    "crm_label_sync" => fn(i: CrmLabelSync) -> CrmLabelSync { CrmLabelSync::parse(&i) }
    /// Whether a chat with these labels syncs to the CRM.
    "chat_syncs_to_crm" => fn(i: ChatSyncInput) -> bool {
        Ok(crate::labels::chat_syncs(i.rule.as_ref(), &i.chat_labels))
    }
    "label_status" => fn(i: LabelStatusInput) -> LabelStatus {
        Ok(crate::labels::label_status(i.rule.as_ref(), &i.label))
    }
    "set_label_status" => fn(i: SetLabelStatusInput) -> CrmLabelSync {
        Ok(crate::labels::set_label_status(&i.rule, &i.label, i.status))
    }

    // Zoho (000 §2, §5, §9)
    "zoho_state" => fn(i: ZohoStateInput) -> ZohoState { ZohoState::from_words(&i.words) }
    "zoho_state_check" => fn(i: ZohoStateCheckInput) -> ZohoState {
        crate::zoho::zoho_state_check(&i)
    }
    "self_close_valid" => fn(i: SelfCloseInput) -> bool {
        Ok(crate::zoho::self_close_valid(i.set_at, i.now))
    }
    "consent_popup_valid" => fn(i: SelfCloseInput) -> bool {
        Ok(crate::zoho::consent_popup_valid(i.set_at, i.now))
    }

    // Knowledge-base chat (000 §5, §9)
    "chat_attachment" => fn(i: AttachmentInput) -> Attachment {
        crate::chat::check_attachment(&i)
    }
    "may_send_message" => fn(i: SendInput) -> bool { Ok(crate::chat::may_send_message(&i)) }

    // Constants, language and zones
    "business_constants" => fn(_i: NoInput) -> BusinessConstants {
        Ok(crate::constants::business_constants())
    }
    // Accounts, organisations, teams, employees (001 §5)
    "phone_number" => fn(i: PhoneInput) -> PhoneNumber { PhoneNumber::parse(&i.phone) }
    "otp_code" => fn(i: OtpInput) -> OtpCode { OtpCode::parse(&i.code) }
    "organisation_code" => fn(i: NameInput) -> OrganisationCode {
        OrganisationCode::parse(&i.name)
    }
    "organisation_name" => fn(i: NameInput) -> OrganisationName {
        OrganisationName::parse(&i.name)
    }
    "team_name" => fn(i: NameInput) -> TeamName { TeamName::parse(&i.name) }
    /// Every broken field of one employee (the add form and each import row).
    "employee_row" => fn(i: EmployeeRowInput) -> EmployeeCheck {
        Ok(crate::accounts::check_employee_row(&i))
    }

    "resolve_language" => fn(i: LanguageInput) -> Language {
        Ok(crate::language::resolve_language(i.stored.as_deref(), &i.browser_languages))
    }
    "time_zone" => fn(i: TimeZoneInput) -> TimeZoneName { crate::zones::time_zone(&i) }
    "time_zones" => fn(_i: NoInput) -> TimeZoneList { Ok(crate::zones::time_zones()) }
}

/// The manage tools' rules (001 §2, §3, §5, §9: quick replies, labels and funnels, user
/// properties, tags, follow-ups and scheduled messages): a registry of their own, so the wasm
/// module the boot path loads does not carry them. The manage screens load a second module,
/// built from this same crate with the wasm crate's `manage` feature (scripts/build-wasm.sh).
/// Same wire shape as the rules above; [`call_json`] and the shared vectors reach both.
pub mod manage {
    use super::*;
    use crate::manage::{
        FollowUpDraft, FollowUpInput, FunnelDraft, FunnelInput, LabelDraft, LabelInput,
        ManageLimits, PropertyDraft, PropertyInput, PropertyValue, PropertyValueInput,
        QuickReplyDraft, QuickReplyInput, RenderInput, Rendered, ScheduledMessageDraft,
        ScheduledMessageInput, Tags, TagsInput,
    };
    use crate::recurrence::{SchedulePreview, SchedulePreviewInput};

    registry! {
        /// The limits the rules below check, for the messages that name them.
        "manage_limits" => fn(_i: NoInput) -> ManageLimits { Ok(crate::manage::limits()) }
        /// 001 §5 'Enter a valid quick reply name / message'.
        "quick_reply" => fn(i: QuickReplyInput) -> QuickReplyDraft { crate::manage::quick_reply(&i) }
        /// `{{first_name}}` and the other variables filled for a contact.
        "render_message" => fn(i: RenderInput) -> Rendered { Ok(crate::manage::render_message(&i)) }
        "label" => fn(i: LabelInput) -> LabelDraft { crate::manage::label(&i) }
        "funnel" => fn(i: FunnelInput) -> FunnelDraft { crate::manage::funnel(&i) }
        /// 001 §5 property name messages.
        "user_property" => fn(i: PropertyInput) -> PropertyDraft { crate::manage::user_property(&i) }
        /// 001 §5 'Property values should match property type'.
        "property_value" => fn(i: PropertyValueInput) -> PropertyValue {
            crate::manage::property_value(&i)
        }
        /// 001 §5, §9: one or two tags of at most 10 characters.
        "contact_tags" => fn(i: TagsInput) -> Tags { crate::manage::contact_tags(&i) }
        "follow_up" => fn(i: FollowUpInput) -> FollowUpDraft { crate::manage::follow_up(&i) }
        "scheduled_message" => fn(i: ScheduledMessageInput) -> ScheduledMessageDraft {
            crate::manage::scheduled_message(&i)
        }
        /// The next sends of a schedule, DST-exact in its zone.
        "schedule_preview" => fn(i: SchedulePreviewInput) -> SchedulePreview {
            crate::recurrence::schedule_preview(&i)
        }
    }
}

/// The dashboards' insight rules (issue #30: business hours and the time counted inside them):
/// a registry of their own, shipped in a third module that the screens needing them (the
/// business-hours settings, the response-time panels, loaded after the first paint) load, so
/// the boot module stays within its budget. Same wire shape as the rules above.
pub mod insights {
    use super::*;
    use crate::business_hours::{
        BusinessHours, BusinessHoursInput, BusinessTime, BusinessTimeInput,
    };

    registry! {
        /// The business-hours form checked and read back in order.
        "business_hours" => fn(i: BusinessHoursInput) -> BusinessHours {
            crate::business_hours::business_hours(&i)
        }
        /// The time of each span inside business hours, DST-exact in their zone.
        "business_time" => fn(i: BusinessTimeInput) -> BusinessTime {
            crate::business_hours::business_time(&i)
        }
    }
}

/// The wasm module that answers a rule: the boot module's registry, or a lazily loaded one's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Module {
    Boot,
    Manage,
    Insights,
}

/// The module whose registry holds `rule` (the boot module's when none does).
pub fn module_of(rule: &str) -> Module {
    if manage::RULE_NAMES.contains(&rule) {
        Module::Manage
    } else if insights::RULE_NAMES.contains(&rule) {
        Module::Insights
    } else {
        Module::Boot
    }
}

/// Every rule of every registry, in registry order (boot, manage, insights).
pub fn all_rules() -> impl Iterator<Item = &'static RuleInfo> {
    RULES.iter().chain(manage::RULES).chain(insights::RULES)
}

/// Any registry's rule with JSON in and out, the server's path: the outcome as a
/// `serde_json::Value`.
pub fn call_json(rule: &str, input: serde_json::Value) -> Result<serde_json::Value, CallError> {
    let out = serde_json::value::Serializer;
    match module_of(rule) {
        Module::Manage => manage::call(rule, input, out),
        Module::Insights => insights::call(rule, input, out),
        Module::Boot => call(rule, input, out),
    }
}

/// Any registry's rule on the browser's wire format, as its wasm module runs it.
pub fn call_any_value(
    rule: &str,
    input: &crate::value::Value,
) -> Result<crate::value::Value, CallError> {
    match module_of(rule) {
        Module::Manage => manage::call_value(rule, input),
        Module::Insights => insights::call_value(rule, input),
        Module::Boot => call_value(rule, input),
    }
}

/// The TypeScript declarations of every registry type, the `Rules` map and the error codes, as
/// one module (written to `web/src/generated/domain.ts` by `tests/typescript.rs`).
#[cfg(feature = "ts")]
pub fn typescript() -> String {
    use std::any::TypeId;
    use std::collections::BTreeMap;
    use ts_rs::{TypeVisitor, TS};

    struct Collect {
        decls: BTreeMap<String, (TypeId, String)>,
    }

    impl TypeVisitor for Collect {
        fn visit<T: TS + 'static + ?Sized>(&mut self) {
            if T::output_path().is_none() {
                return; // primitives and std containers have no declaration
            }
            let name = T::ident();
            if let Some((id, _)) = self.decls.get(&name) {
                assert_eq!(
                    *id,
                    TypeId::of::<T>(),
                    "two Rust types are both `{name}` in TypeScript"
                );
                return;
            }
            let docs = T::docs().unwrap_or_default();
            self.decls.insert(
                name,
                (TypeId::of::<T>(), format!("{docs}export {}\n", T::decl())),
            );
            T::visit_dependencies(self);
        }
    }

    let mut c = Collect {
        decls: BTreeMap::new(),
    };
    visit_types(&mut c);
    manage::visit_types(&mut c);
    insights::visit_types(&mut c);
    c.visit::<RuleError>();
    c.visit::<crate::billing::NoticeCode>();
    c.visit::<crate::providers::ProviderSpec>();
    c.visit::<crate::delivery::SyncState>();

    let mut out = String::new();
    out.push_str(
        "// Generated from crates/domain (src/registry.rs) by\n\
         //   UPDATE_GENERATED=1 cargo test -p switchboard-domain --features ts\n\
         // Do not edit by hand; `cargo test -p switchboard-domain --features ts` fails when it drifts.\n\n",
    );
    out.push_str("/** Every code a rule can reject with; each is a key of `locales/<lang>/errors.json`. */\n");
    out.push_str("export type RuleErrorCode =\n");
    for e in RuleError::ALL {
        out.push_str(&format!("  | \"{}\"\n", e.code()));
    }
    out.push_str(";\n\n");
    out.push_str(
        "/** A rule's outcome: `{ ok }` with its output, or `{ err }` with the code it broke. */\n\
         export type Outcome<T> = { ok: T } | { err: RuleErrorCode };\n\n",
    );
    for (_, (_, decl)) in c.decls {
        out.push_str(&decl);
        out.push('\n');
    }
    // Each registry's map of rules, its name type and its list of names.
    for (doc, prefix, upper, rules) in [
        (
            "Each rule's input and output, by registry name.",
            "",
            "",
            RULES,
        ),
        (
            "The manage tools' rules (a lazily loaded module), by registry name.",
            "Manage",
            "MANAGE_",
            manage::RULES,
        ),
        (
            "The dashboards' insight rules (a lazily loaded module), by registry name.",
            "Insights",
            "INSIGHTS_",
            insights::RULES,
        ),
    ] {
        out.push_str(&format!(
            "/** {doc} */\nexport interface {prefix}Rules {{\n"
        ));
        for r in rules {
            out.push_str(&format!(
                "  {}: {{ input: {}; output: {} }};\n",
                r.name, r.input, r.output
            ));
        }
        out.push_str(&format!(
            "}}\n\nexport type {prefix}RuleName = keyof {prefix}Rules;\n\n\
             export const {upper}RULE_NAMES: readonly {prefix}RuleName[] = [\n"
        ));
        for r in rules {
            out.push_str(&format!("  \"{}\",\n", r.name));
        }
        out.push_str("];\n\n");
    }
    out.push_str(&format!(
        "/** A team's seats (crates/domain/src/plans.rs): the team minimum and the most one plan holds. */\n\
         export const SEAT_LIMITS = {{ min: {}, max: {} }} as const;\n\n",
        crate::plans::MIN_TEAM_SIZE,
        crate::plans::MAX_SEATS
    ));
    out.push_str(
        "/** The provider registry (crates/domain/src/providers.rs), in the Integrations screen's order. */\n\
         export const PROVIDERS: readonly ProviderSpec[] = ",
    );
    let specs: Vec<_> = crate::providers::Provider::ALL
        .iter()
        .map(|p| p.spec())
        .collect();
    out.push_str(&serde_json::to_string_pretty(&specs).expect("the registry serialises"));
    out.push_str(";\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_rule_called_by_name_answers_ok_or_err() {
        // 000 §5: 'Domain name must include .bitrix'
        assert_eq!(
            call_json("bitrix_domain", json!({"domain": "acme.bitrix24.com"})),
            Ok(json!({"ok": "https://acme.bitrix24.com"}))
        );
        assert_eq!(
            call_json("bitrix_domain", json!({"domain": "acme.com"})),
            Ok(json!({"err": "domain_must_include_bitrix"}))
        );
    }

    #[test]
    fn an_unknown_rule_and_unreadable_input_are_call_errors() {
        // DESIGN: 'wasm maps them to JS once' — call errors are distinct from rule errors
        let e = call_json("no_such_rule", json!({})).unwrap_err();
        assert_eq!(e.code(), "unknown_rule");
        let e = call_json("bitrix_domain", json!({"domian": "x"})).unwrap_err();
        assert_eq!(e.code(), "bad_input");
        assert!(e.to_string().contains("bitrix_domain"), "{e}");
    }

    #[test]
    fn rule_names_are_unique_snake_case() {
        // DESIGN.md 'Errors' and conventions: rules are called by one stable snake_case name
        let mut names: Vec<&str> = RULES.iter().map(|r| r.name).collect();
        assert!(names
            .iter()
            .all(|n| n.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')));
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before);
    }

    #[test]
    fn the_generic_call_writes_to_any_serializer() {
        // the wasm crate passes its own (de)serializer; here a JSON writer stands in
        let mut buf = Vec::new();
        let mut ser = serde_json::Serializer::new(&mut buf);
        call("email", json!({"email": "a@b.c"}), &mut ser).unwrap();
        assert_eq!(String::from_utf8(buf).unwrap(), r#"{"ok":"a@b.c"}"#);
    }
}
