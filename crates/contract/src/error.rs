//! The error envelope every failing endpoint answers with: `{ "error": { "code", "message",
//! "fields"? } }`. `code` is stable and is the key the web app translates
//! (`locales/<lang>/errors.json`); `message` is English for logs and API users only.

use std::collections::BTreeMap;

macro_rules! error_codes {
    ($($(#[$doc:meta])* $variant:ident => $code:literal,)+) => {
        /// A failure the HTTP API reports. Serialised as its snake_case code.
        #[crate::wire(Copy, Hash)]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)+
        }

        impl ErrorCode {
            /// Every code, so tests can prove each one has a translation in every catalogue.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)+];

            pub const fn code(self) -> &'static str {
                match self { $(ErrorCode::$variant => $code,)+ }
            }
        }
    };
}

error_codes! {
    /// No route or no record answers to this address.
    NotFound => "not_found",
    /// The method is not allowed on this path.
    MethodNotAllowed => "method_not_allowed",
    /// The body is not valid JSON or does not have the expected shape.
    MalformedBody => "malformed_body",
    /// A query parameter is missing or malformed.
    MalformedQuery => "malformed_query",
    /// The body is larger than the endpoint accepts.
    PayloadTooLarge => "payload_too_large",
    /// One or more fields broke a rule; `fields` names each field and its rule code.
    ValidationFailed => "validation_failed",
    /// The caller is not signed in, or the session has expired.
    Unauthenticated => "unauthenticated",
    /// The caller is signed in but may not do this.
    Forbidden => "forbidden",
    /// A state change arrived from another site's page (or another origin) with the browser's
    /// session: refused, so no other site can act as the signed-in user.
    CrossSiteRefused => "cross_site_refused",
    /// The request conflicts with what is stored (a duplicate, a stale edit).
    Conflict => "conflict",
    /// Too many requests; wait and try again.
    RateLimited => "rate_limited",
    /// A provider or service the server depends on did not answer as expected.
    UpstreamFailed => "upstream_failed",
    /// Freshdesk refused the API key (or there is no such helpdesk): 'Wrong Api Key or domain'.
    WrongApiKeyOrDomain => "wrong_api_key_or_domain",
    /// The WhatsApp gateway refused the API key (team inbox).
    GatewayKeyRefused => "gateway_key_refused",
    /// The WhatsApp gateway did not answer; what was asked is kept and tried again.
    GatewayUnreachable => "gateway_unreachable",
    /// LeadSquared refused the keys: 'Wrong Host, Access Key or Secret key'.
    WrongLeadsquaredCredentials => "wrong_leadsquared_credentials",
    /// A URL the server was asked to reach is not a public http(s) address it may call.
    AddressRefused => "address_refused",
    /// A URL whose host name does not resolve (a typo, a name not yet published): told apart from
    /// a refused address, so the person checks the spelling rather than looks for a public one.
    HostNotFound => "host_not_found",
    /// An OAuth return could not be completed (unknown, used, expired or foreign `state`, or the
    /// provider refused the code): 'Failed to authenticate, please try again'.
    AuthenticationFailed => "authentication_failed",
    /// Inviting or importing more people than the plan's seats: 'No seats left on your plan.
    /// Add seats in Billing to invite more people.'
    SeatsExhausted => "seats_exhausted",
    /// A payment-provider webhook whose `Stripe-Signature` is missing, wrong or too old.
    SignatureInvalid => "signature_invalid",
    /// Payments are not configured on this installation.
    BillingUnavailable => "billing_unavailable",
    /// The payer already has a subscription: change its seats or plan from Billing instead.
    AlreadySubscribed => "already_subscribed",
    /// A decrease of seats is scheduled for the period's end: cancel it (ask for the seats the
    /// plan has) before another change.
    SeatChangeScheduled => "seat_change_scheduled",
    /// A document that is not a readable PDF (broken, or not a PDF at all despite its name).
    PdfUnreadable => "pdf_unreadable",
    /// A password-protected PDF: its text cannot be read.
    PdfEncrypted => "pdf_encrypted",
    /// A PDF without text to read (scanned pages are images).
    PdfNoText => "pdf_no_text",
    /// 000 §5: 'Invalid login credentials' — every failed operator sign-in, whatever failed.
    InvalidLoginCredentials => "invalid_login_credentials",
    /// 001 §9: the Free plan's 5 labels or 5 quick replies are used (`fields.plan` says which):
    /// upgrade for more.
    PlanLimitReached => "plan_limit_reached",
    /// The caller's (or the organisation's) stored files would pass their storage quota
    /// (`fields.quota` says which: `user` or `organisation`); nothing was stored.
    StorageQuotaExceeded => "storage_quota_exceeded",
    /// A count kept per day was reached (organisations created, sign-in codes, questions asked;
    /// `fields.limit` says which): try again tomorrow.
    DailyLimitReached => "daily_limit_reached",
    /// An uploaded file is larger than can be read once unpacked (a spreadsheet's sheet, a zip
    /// entry, a PDF's text): split it.
    FileTooLarge => "file_too_large",
    /// Too many files are being read at once; try again in a moment (`Retry-After`).
    ServerBusy => "server_busy",
    /// An extension token was sent to a call the extension may not make (an admin change): sign
    /// in to the web app for it.
    ExtensionTokenNotAllowed => "extension_token_not_allowed",
    /// A count one person may keep is reached (`fields.quota`: `schedules` or `follow_ups`):
    /// delete some to add more.
    QuotaReached => "quota_reached",
    /// The organisation's plan does not include this feature (`fields.feature` says which, e.g.
    /// `knowledge_base`): it comes with the Teams plan or is switched on by the operator.
    NotInPlan => "not_in_plan",
    /// The caller has not connected the CRM in Integrations, or it asks to be connected again.
    CrmNotConnected => "crm_not_connected",
    /// Something failed on the server; the details are in its log.
    Internal => "internal",
}

/// The body of every error answer.
#[crate::wire(!Eq)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[crate::wire(!Eq)]
pub struct ErrorDetail {
    pub code: ErrorCode,
    /// English, for logs and API users; the web app shows the translated `code` instead.
    pub message: String,
    /// For `validation_failed`: each offending field and the domain rule code it broke.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub fields: Option<BTreeMap<String, String>>,
}
