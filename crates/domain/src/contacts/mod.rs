//! The organisation's contacts (issue #29, 000 §2–§3, 001 §2–§4): one record per customer, keyed
//! by the same contact the chats, notes, tags and properties use (a person's number's digits,
//! `inbox::chat::ChatRef`), with the spec's fields, a lifecycle stage and a lead status. The
//! stage and status keys are HubSpot's internal values, so a CRM pull or push maps them as is;
//! the screens translate them.

pub mod deals;
pub mod import;
pub mod pipelines;
pub mod service;
pub mod timeline;

use crate::RuleError;

/// 000 §3 lifecycle stages, in the funnel's order.
pub const LIFECYCLE_STAGES: [&str; 8] = [
    "subscriber",
    "lead",
    "marketingqualifiedlead",
    "salesqualifiedlead",
    "opportunity",
    "customer",
    "evangelist",
    "other",
];

/// 000 §3 lead statuses.
pub const LEAD_STATUSES: [&str; 7] = [
    "NEW",
    "OPEN",
    "IN_PROGRESS",
    "OPEN_DEAL",
    "UNQUALIFIED",
    "ATTEMPTED_TO_CONTACT",
    "BAD_TIMING",
];

/// Where a change came from (the history's `origin`).
pub const ORIGINS: [&str; 4] = ["member", "chat", "import", "crm"];

/// The most characters of each text field, by field name.
pub const FIELD_LIMITS: [(&str, usize); 7] = [
    ("name", 120),
    ("first_name", 80),
    ("last_name", 80),
    ("email", 254),
    ("address", 300),
    ("company", 120),
    ("job_title", 120),
];

/// The limit of `field`, when it is a text field.
pub fn limit_of(field: &str) -> Option<usize> {
    FIELD_LIMITS
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, n)| *n)
}

/// A text field as it is stored: trimmed, `None` when blank. Too long, or holding a control
/// character (a line break included: these are one-line fields), is `value_invalid`; an e-mail
/// must read as one (`email_invalid`).
pub fn clean_field(field: &str, raw: Option<&str>) -> Result<Option<String>, RuleError> {
    let Some(max) = limit_of(field) else {
        return Err(RuleError::ValueInvalid);
    };
    let Some(text) = raw.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if text.chars().count() > max || text.chars().any(char::is_control) {
        return Err(RuleError::ValueInvalid);
    }
    if field == "email" {
        return crate::inputs::Email::parse(text).map(|e| Some(e.as_str().to_owned()));
    }
    Ok(Some(text.to_owned()))
}

/// A lifecycle stage key, or `value_invalid`. Blank is none.
pub fn lifecycle_stage(raw: Option<&str>) -> Result<Option<&'static str>, RuleError> {
    one_of(&LIFECYCLE_STAGES, raw)
}

/// A lead status key, or `value_invalid`. Blank is none.
pub fn lead_status(raw: Option<&str>) -> Result<Option<&'static str>, RuleError> {
    one_of(&LEAD_STATUSES, raw)
}

fn one_of<const N: usize>(
    keys: &[&'static str; N],
    raw: Option<&str>,
) -> Result<Option<&'static str>, RuleError> {
    match raw.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => keys
            .iter()
            .find(|k| **k == t)
            .copied()
            .map(Some)
            .ok_or(RuleError::ValueInvalid),
    }
}

/// The name a contact is shown by: its name, else first and last name, else `None` (the
/// screens then show the number).
pub fn display_name(name: Option<&str>, first: Option<&str>, last: Option<&str>) -> Option<String> {
    if let Some(n) = name.map(str::trim).filter(|n| !n.is_empty()) {
        return Some(n.to_owned());
    }
    let joined = [first, last]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    (!joined.is_empty()).then_some(joined)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_trimmed_bounded_and_one_line() {
        assert_eq!(
            clean_field("name", Some("  Rhea  ")),
            Ok(Some("Rhea".into()))
        );
        assert_eq!(clean_field("name", Some("   ")), Ok(None));
        assert_eq!(clean_field("name", None), Ok(None));
        assert_eq!(
            clean_field("name", Some(&"x".repeat(121))),
            Err(RuleError::ValueInvalid)
        );
        assert_eq!(
            clean_field("company", Some("Acme\nTraders")),
            Err(RuleError::ValueInvalid)
        );
        assert_eq!(
            clean_field("email", Some("not an address")),
            Err(RuleError::EmailInvalid)
        );
        assert_eq!(
            clean_field("email", Some(" rhea@shop.test ")),
            Ok(Some("rhea@shop.test".into()))
        );
        assert_eq!(
            clean_field("password", Some("x")),
            Err(RuleError::ValueInvalid)
        );
    }

    #[test]
    fn stages_and_statuses_are_the_crm_keys_only() {
        assert_eq!(lifecycle_stage(Some("customer")), Ok(Some("customer")));
        assert_eq!(lifecycle_stage(Some("")), Ok(None));
        assert_eq!(
            lifecycle_stage(Some("Customer")),
            Err(RuleError::ValueInvalid)
        );
        assert_eq!(lead_status(Some("BAD_TIMING")), Ok(Some("BAD_TIMING")));
        assert_eq!(lead_status(Some("CONNECTED")), Err(RuleError::ValueInvalid));
    }

    #[test]
    fn a_contact_is_shown_by_its_name_else_first_and_last() {
        assert_eq!(
            display_name(Some("Rhea K"), Some("R"), None),
            Some("Rhea K".into())
        );
        assert_eq!(
            display_name(None, Some("Rhea"), Some("Kapoor")),
            Some("Rhea Kapoor".into())
        );
        assert_eq!(
            display_name(Some(" "), None, Some("Kapoor")),
            Some("Kapoor".into())
        );
        assert_eq!(display_name(None, None, None), None);
    }
}
