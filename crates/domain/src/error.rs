//! The one error type of the domain crate: a stable snake_case code per broken rule.
//! The web app translates the code (`locales/<lang>/errors.json`); the server sends it as is.

use serde::{Deserialize, Serialize};

macro_rules! rule_errors {
    ($($(#[$doc:meta])* $variant:ident => $code:literal,)+) => {
        /// Why a rule rejected its input. Serialised as its snake_case code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error, crate::value::FromValue, crate::value::ToValue)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub enum RuleError {
            $($(#[$doc])* #[error($code)] #[serde(rename = $code)] $variant,)+
        }

        impl RuleError {
            /// Every code, so tests can prove each one has a translation in every catalogue.
            pub const ALL: &'static [RuleError] = &[$(RuleError::$variant,)+];

            /// The stable code sent over the wire and used as the translation key.
            pub const fn code(self) -> &'static str {
                match self { $(RuleError::$variant => $code,)+ }
            }
        }
    };
}

rule_errors! {
    /// An IANA zone the product does not offer.
    UnknownTimeZone => "unknown_time_zone",

    // Integration inputs (000 §5)
    /// 000 §5: 'Domain name cannot be empty' (Bitrix).
    DomainEmpty => "domain_empty",
    /// 000 §5: 'Domain name must include .bitrix'.
    DomainMustIncludeBitrix => "domain_must_include_bitrix",
    /// A domain field holds something that cannot be a host name (spaces, a path, a port…).
    DomainNotAHost => "domain_not_a_host",
    /// 000 §5: 'Domain should not be empty' (Freshdesk).
    FreshdeskDomainEmpty => "freshdesk_domain_empty",
    /// The Freshdesk API key is empty.
    ApiKeyEmpty => "api_key_empty",
    /// 000 §5: 'Please fill all the fields to continue...' (LeadSquared).
    FieldsRequired => "fields_required",
    /// 000 §5: 'Label name can not be empty' (spreadsheet label).
    LabelNameEmpty => "label_name_empty",
    /// 000 §5: 'Please enter valid value for endpoint' (webhook URL).
    EndpointInvalid => "endpoint_invalid",
    /// 000 §5: 'Please enter valid value' (webhook token).
    ValueInvalid => "value_invalid",
    /// 000 §5: the e-mail does not match text@text.text.
    EmailInvalid => "email_invalid",
    /// 000 §5: the URL is not an http or https address.
    UrlInvalid => "url_invalid",
    /// 000 §5: the number check failed.
    NotANumber => "not_a_number",
    /// A calendar date could not be read (expected YYYY-MM-DD) or is out of range.
    DateInvalid => "date_invalid",

    // Business hours (issue #30)
    /// A shift is not two times `HH:MM` (the end may be `24:00`) with the start first.
    ShiftInvalid => "shift_invalid",
    /// Two shifts of the same day overlap.
    ShiftsOverlap => "shifts_overlap",
    /// More shifts in one day than allowed.
    ShiftsTooMany => "shifts_too_many",
    /// More holidays than allowed.
    HolidaysTooMany => "holidays_too_many",

    // Plans (001 §5, §9)
    /// 001 §5: 'Minimum team size of 3'.
    TeamTooSmall => "team_too_small",
    /// More seats than one plan may hold (`plans::MAX_SEATS`).
    TooManySeats => "too_many_seats",

    // Dynamic assignment (000 §2, §5, §9)
    /// The target percentage is empty.
    PercentageRequired => "percentage_required",
    /// The target percentage is not a number from 0 to 100 with at most two decimals.
    PercentageInvalid => "percentage_invalid",
    /// 000 §5: 'Percentage cannot exceed 100%'.
    PercentageOver100 => "percentage_over_100",
    /// 000 §5: 'Total percentage cannot exceed 100%. Other members use N%' (`n` travels beside).
    TotalPercentageOthers => "total_percentage_others",
    /// 000 §5: 'Total percentage cannot exceed 100%. Current total is N%' (`n` travels beside).
    TotalPercentageCurrent => "total_percentage_current",
    /// 000 §5: the red '(Exceeds 100%)' beside the total.
    Exceeds100 => "exceeds_100",
    /// 000 §5: the save tooltip 'Fix percentage errors first'.
    FixPercentageErrorsFirst => "fix_percentage_errors_first",
    /// An onboarding stage outside linkedin_ads, extension_installed, integration_done, user_added.
    OnboardingStageUnknown => "onboarding_stage_unknown",
    /// A region outside latam, spain, other.
    RegionUnknown => "region_unknown",

    // Dates and buckets (000 §3, 001 §7)
    /// A range whose end comes before its start.
    DateRangeReversed => "date_range_reversed",
    /// A range that would need more chart buckets than the product draws.
    RangeTooLong => "range_too_long",

    // Formatting (000 §8)
    /// 000 §8: 'No date' — a date that cannot be read.
    NoDate => "no_date",

    // Roles (000 §6)
    /// 000 §6: 'Only Admins can access this section'.
    AdminOnly => "admin_only",
    /// 000 §6: 'Only Admins, managers can access this section'.
    AdminsManagersOnly => "admins_managers_only",

    // Billing (001 §4, §9)
    /// A plan amount, add-on amount or currency factor that is negative or not a number.
    AmountInvalid => "amount_invalid",

    // Retries (000 §8)
    /// 000 §8: 'Failed to fetch in retries'.
    FailedToFetchInRetries => "failed_to_fetch_in_retries",
    /// 000 §8: 'Invalid retries'.
    InvalidRetries => "invalid_retries",
    /// 000 §8: 'Invalid callback'.
    InvalidCallback => "invalid_callback",

    // Zoho (000 §2, §5)
    /// Fewer random words were supplied than the 64-character state needs.
    NotEnoughRandomness => "not_enough_randomness",
    /// 000 §5: the returned Zoho state differs from the stored one.
    ZohoStateMismatch => "zoho_state_mismatch",

    // Knowledge-base chat (000 §5, §9)
    /// 000 §5: 'Only PDF files up to 15MB are supported.'
    AttachmentNotSupported => "attachment_not_supported",

    // Accounts, organisations, teams and employees (001 §3–§7)
    /// 001 §5: 'Invalid phone number.'
    PhoneInvalid => "phone_invalid",
    /// 001 §5: 'Phone numbers need a country code.'
    PhoneCountryCodeMissing => "phone_country_code_missing",
    /// A phone number is required here (an import row's `number`).
    PhoneRequired => "phone_required",
    /// An employee needs a phone number or an e-mail address.
    ContactRequired => "contact_required",
    /// 001 §5: 'Enter valid OTP'.
    OtpInvalid => "otp_invalid",
    /// 001 §5: 'Code Expired'.
    CodeExpired => "code_expired",
    /// Too many wrong tries: the code is dead and a new one must be requested.
    CodeAttemptsExhausted => "code_attempts_exhausted",
    /// 001 §5: 'Enter valid organisation code to continue'.
    OrganisationCodeInvalid => "organisation_code_invalid",
    /// The organisation needs a name.
    OrganisationNameRequired => "organisation_name_required",
    /// 'Create a Team': the team needs a name.
    TeamNameRequired => "team_name_required",
    /// A team name longer than 100 characters.
    TeamNameTooLong => "team_name_too_long",
    /// A team colour that is not in the palette.
    TeamColorUnknown => "team_color_unknown",
    /// A role id other than 1 (admin), 2 (manager) or 3 (employee).
    RoleUnknown => "role_unknown",
    /// This person is already an employee of the organisation.
    EmployeeExists => "employee_exists",
    /// An earlier row of the same import has this number or e-mail.
    ImportRowDuplicate => "import_row_duplicate",
    /// An import row names a contact owned by someone the importer does not see.
    ContactNotYours => "contact_not_yours",
    /// 001 §5: 'File should be an Excel file' (or a CSV file) that can be read.
    ImportFileUnreadable => "import_file_unreadable",
    /// The import file has no column named number.
    ImportNumberColumnMissing => "import_number_column_missing",
    /// The import file has more rows than one import takes.
    ImportTooManyRows => "import_too_many_rows",

    // CRM label rules (000 §3 crmLabelSyncData)
    /// A label rule names a CRM the product does not sync to.
    CrmUnknown => "crm_unknown",
    /// One label is both included and excluded for the same CRM.
    LabelInBothLists => "label_in_both_lists",

    // Manage tools (001 §2, §3, §5, §6, §9)
    QuickReplyNameInvalid => "quick_reply_name_invalid",
    QuickReplyMessageInvalid => "quick_reply_message_invalid",
    LabelNameTooLong => "label_name_too_long",
    LabelColorInvalid => "label_color_invalid",
    LabelAdminOnly => "label_admin_only",
    /// Another label of the workspace has this name (case and spaces aside).
    LabelNameTaken => "label_name_taken",
    FunnelNameInvalid => "funnel_name_invalid",
    FunnelStagesRequired => "funnel_stages_required",
    FunnelStageInvalid => "funnel_stage_invalid",
    FunnelStageDuplicate => "funnel_stage_duplicate",
    PropertyNameHasNumber => "property_name_has_number",
    PropertyNameDuplicate => "property_name_duplicate",
    PropertyOptionsRequired => "property_options_required",
    PropertyValueMismatch => "property_value_mismatch",
    PropertiesNeedOrganisation => "properties_need_organisation",
    TagRequired => "tag_required",
    TagsTooMany => "tags_too_many",
    TagTooLong => "tag_too_long",
    TitleRequired => "title_required",
    TimeHasPassed => "time_has_passed",
    MessageAndUploadEmpty => "message_and_upload_empty",
    RepeatInvalid => "repeat_invalid",
    AttachmentTooLarge => "attachment_too_large",
    /// My Account: a photo that is not a JPEG, PNG or WebP image, or cannot be read.
    PhotoUnreadable => "photo_unreadable",
    /// My Account: a photo larger than the upload limit.
    PhotoTooLarge => "photo_too_large",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_the_serde_name_of_its_variant() {
        // DESIGN.md 'Errors': each variant has one stable snake_case code
        for e in RuleError::ALL {
            let json = serde_json::to_string(e).unwrap();
            assert_eq!(json, format!("\"{}\"", e.code()));
        }
    }

    fn catalogue(lang: &str) -> serde_json::Map<String, serde_json::Value> {
        let path = format!(
            "{}/../../locales/{lang}/errors.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn every_code_has_a_real_translation_in_every_catalogue() {
        // DESIGN.md conventions 11: 'a test checks every error code has an errors entry in every language'
        let en = catalogue("en");
        for lang in crate::language::Language::ALL {
            let cat = catalogue(lang.tag());
            for e in RuleError::ALL {
                let text = cat.get(e.code()).and_then(|v| v.as_str());
                let text =
                    text.unwrap_or_else(|| panic!("{}: no entry for {}", lang.tag(), e.code()));
                let english = en[e.code()].as_str().unwrap();
                assert_eq!(
                    text.contains("{{n}}"),
                    english.contains("{{n}}"),
                    "{}: {} must interpolate n as English does",
                    lang.tag(),
                    e.code()
                );
                if lang != crate::language::Language::En {
                    assert_ne!(
                        text,
                        english,
                        "{}: {} is an English copy",
                        lang.tag(),
                        e.code()
                    );
                }
            }
        }
    }
}
