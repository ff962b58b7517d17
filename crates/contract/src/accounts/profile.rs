//! My Account and the person's settings (001 §2: photo, language, country, role, WhatsApp number;
//! blur contact name and image, AI button, signature, notification sound, language).

/// `GET /api/account/profile?workspace_id&org_id`: 001 §7 'GET all user profile data'. The
/// role is the caller's in `org_id` (their default organisation when absent; none in their own
/// workspace).
#[crate::wire(OptionalFields, IntoParams)]
pub struct ProfileQuery {
    /// The caller's own id (a user's id is their `workspace_id`); another id is 404.
    pub workspace_id: Option<i64>,
    pub org_id: Option<i64>,
}

/// The person as My Account shows them.
#[crate::wire]
pub struct AccountProfile {
    pub id: i64,
    pub email: Option<String>,
    pub name: Option<String>,
    /// The photo's address (`/api/account/photos/{id}`, or one given at sign-up), `null` for
    /// the default avatar.
    pub profile_pic: Option<String>,
    /// The `preferredLanguage`: `en`, `es`, `hi`, `id`, `pt-BR` or `pt-PT`.
    pub preferred_language: Option<String>,
    /// ISO 3166-1 alpha-2, upper case.
    pub country: Option<String>,
    /// With its country code, `+` and digits.
    pub whatsapp_no: Option<String>,
    /// The membership the role is read from (`null`: the personal workspace).
    pub org_id: Option<i64>,
    pub org_name: Option<String>,
    pub role_id: Option<i16>,
}

/// `PATCH /api/account/profile`: only the fields present change; an empty `country` or
/// `whatsapp_no` clears it. A field it does not know is refused (a misspelt one would otherwise
/// change nothing, silently).
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct ProfileChange {
    /// Not blank, at most 120 characters, no control characters.
    #[schema(
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*\S[^\x00-\x1f\x7f-\x9f]*$",
        max_length = 120
    )]
    pub name: Option<String>,
    #[schema(schema_with = crate::schemas::language_or_null)]
    pub preferred_language: Option<String>,
    #[schema(schema_with = crate::schemas::country_or_null)]
    pub country: Option<String>,
    #[schema(schema_with = crate::schemas::phone_blank_or_null)]
    pub whatsapp_no: Option<String>,
}

/// `GET|PUT /api/account/settings?org_id`: the person's settings; the plan is the one of the
/// workspace named (their own when absent).
#[crate::wire(OptionalFields, IntoParams)]
pub struct SettingsQuery {
    pub org_id: Option<i64>,
}

/// The person's settings (001 §2, §6).
#[crate::wire]
pub struct AccountSettings {
    /// Blur contact names and images in WhatsApp Web.
    pub blur_contacts: bool,
    /// Show the AI reply button.
    pub ai_button: bool,
    /// Append the product's signature to sent messages (always true on Free).
    pub signature: bool,
    /// The workspace's plan appends the signature whatever the setting (001 §9 Free).
    pub signature_required: bool,
    pub notifications_enabled: bool,
    pub notification_sound: bool,
}

/// The settings a person changes; turning the signature off on Free is 402 `not_in_plan`.
#[crate::wire]
#[serde(deny_unknown_fields)]
pub struct SettingsChange {
    pub blur_contacts: bool,
    pub ai_button: bool,
    pub signature: bool,
    pub notifications_enabled: bool,
    pub notification_sound: bool,
}
