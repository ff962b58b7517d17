//! Field schemas the OpenAPI document states from the domain's own tables and rules, so the
//! document and the check cannot drift (`#[schema(schema_with = ...)]`).

use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};

/// The zone names `domain::zones::parse_time_zone` accepts: the offered zones, and
/// `Asia/Calcutta`, the spec's spelling of `Asia/Kolkata`.
fn zone_names() -> Vec<serde_json::Value> {
    domain::zones::offered_time_zones()
        .chain(["Asia/Calcutta"])
        .map(serde_json::Value::from)
        .collect()
}

/// A required time zone: one of the offered IANA names (the organisation settings' picker,
/// `GET` of the rule `time_zones`).
pub fn time_zone() -> utoipa::openapi::Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some("An IANA zone the product offers."))
        .enum_values(Some(zone_names()))
        .build()
}

/// An optional time zone: absent or null keeps the default (or the current zone).
pub fn time_zone_or_null() -> utoipa::openapi::Object {
    let mut names = zone_names();
    names.push(serde_json::Value::Null);
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .description(Some("An IANA zone the product offers."))
        .enum_values(Some(names))
        .build()
}

/// A phone number with its country code, as `domain::accounts::PhoneNumber::parse` reads it
/// (`domain::accounts::PHONE_PATTERN`, tested against the rule).
pub fn phone_number() -> utoipa::openapi::Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(
            "A phone number with its country code: `+` or `00` and 8 to 15 digits, or 11 to 15 \
             digits that start with it; spaces, dashes, dots and brackets are ignored.",
        ))
        .pattern(Some(domain::accounts::PHONE_PATTERN))
        .build()
}

/// An e-mail address as `domain::inputs::Email` reads it (`domain::inputs::EMAIL_PATTERN`,
/// tested against the rule).
pub fn email() -> utoipa::openapi::Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(
            "One `@`, text before it, a dot inside the text after it.",
        ))
        .pattern(Some(domain::inputs::EMAIL_PATTERN))
        .build()
}

/// An optional webhook bearer token (`domain::inputs::WEBHOOK_TOKEN_PATTERN`, tested against
/// the rule): absent or null keeps the current one.
pub fn webhook_token_or_null() -> utoipa::openapi::Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .description(Some(
            "Sent as the bearer token of every call: no spaces or control characters inside.",
        ))
        .pattern(Some(domain::inputs::WEBHOOK_TOKEN_PATTERN))
        .build()
}

/// An optional inbox tab: one of `domain::inbox::Tab`'s codes, in the spec's order.
pub fn inbox_tab_or_null() -> utoipa::openapi::Object {
    let mut tabs: Vec<serde_json::Value> = domain::inbox::Tab::ALL
        .iter()
        .map(|t| serde_json::Value::from(t.code()))
        .collect();
    tabs.push(serde_json::Value::Null);
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .description(Some("A chat filter tab (001 §9)."))
        .enum_values(Some(tabs))
        .build()
}

/// The feedback form's e-mail: [`email`]'s pattern, at most 254 characters.
pub fn feedback_email() -> utoipa::openapi::Object {
    let mut o = email();
    o.max_length = Some(crate::feedback::EMAIL_CHARS);
    o
}

/// The feedback form's optional WhatsApp number: [`phone_number`]'s pattern, at most 40
/// characters as typed.
pub fn feedback_whatsapp() -> utoipa::openapi::Object {
    // Blank is "none" (the form's field is optional), like My Account's number.
    let mut o = phone_blank_or_null();
    o.max_length = Some(crate::feedback::WHATSAPP_CHARS);
    o
}

/// An optional interface language: one of the six (`domain::language::Language`), or null.
pub fn language_or_null() -> utoipa::openapi::Object {
    let mut tags: Vec<serde_json::Value> = domain::language::Language::ALL
        .iter()
        .map(|l| serde_json::Value::from(l.tag()))
        .collect();
    tags.push(serde_json::Value::Null);
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(tags))
        .build()
}

/// An optional country: an ISO 3166-1 alpha-2 code `domain::accounts::COUNTRY_CODES` holds,
/// `""` to clear it, or null to keep it.
pub fn country_or_null() -> utoipa::openapi::Object {
    let mut codes: Vec<serde_json::Value> = std::iter::once("")
        .chain(domain::accounts::COUNTRY_CODES)
        .map(serde_json::Value::from)
        .collect();
    codes.push(serde_json::Value::Null);
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(codes))
        .build()
}

/// An optional phone number with its country code ([`phone_number`]), blank to clear it, or null.
pub fn phone_blank_or_null() -> utoipa::openapi::Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .pattern(Some(format!(
            r"^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$|{}",
            domain::accounts::PHONE_PATTERN
        )))
        .build()
}

/// The friends' addresses of one invitation: 1 to 10 e-mail addresses ([`email`]).
pub fn invite_emails() -> utoipa::openapi::schema::Array {
    use utoipa::openapi::schema::ArrayBuilder;
    ArrayBuilder::new()
        .items(email())
        .min_items(Some(1))
        .max_items(Some(domain::referrals::MAX_INVITES_AT_ONCE))
        .build()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_zone_the_document_names_is_accepted_by_the_rule() {
        for name in super::zone_names() {
            let name = name.as_str().unwrap().to_owned();
            assert!(domain::zones::parse_time_zone(&name).is_ok(), "{name}");
        }
    }
}
