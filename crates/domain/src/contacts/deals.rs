//! The Lead CRM's deals (issue #29, 000 §3): the deal pipeline's stages — HubSpot's default
//! pipeline's internal stage ids, so a CRM push or pull maps them as they are — and a deal's
//! fields: a one-line name, an amount in minor units, a currency, a close date.

use crate::RuleError;

/// 000 §3's deal pipeline, in its order.
pub const DEAL_STAGES: [&str; 7] = [
    "appointmentscheduled",
    "qualifiedtobuy",
    "presentationscheduled",
    "decisionmakerboughtin",
    "contractsent",
    "closedwon",
    "closedlost",
];

/// The stages a deal is over in.
pub const CLOSED_STAGES: [&str; 2] = ["closedwon", "closedlost"];

/// The most characters of a deal's name and description.
pub const NAME_LIMIT: usize = 200;
pub const DESCRIPTION_LIMIT: usize = 5_000;
/// The largest amount, in minor units (ten billion in a two-decimal currency).
pub const MAX_AMOUNT_MINOR: i64 = 1_000_000_000_000;

/// A stage key, or `value_invalid`.
pub fn stage(raw: &str) -> Result<&'static str, RuleError> {
    DEAL_STAGES
        .iter()
        .find(|s| **s == raw.trim())
        .copied()
        .ok_or(RuleError::ValueInvalid)
}

pub fn is_closed(stage: &str) -> bool {
    CLOSED_STAGES.contains(&stage)
}

/// A deal's name: trimmed, one line, 1 to 200 characters (`fields_required` when blank).
pub fn name(raw: &str) -> Result<String, RuleError> {
    let t = raw.trim();
    if t.is_empty() {
        return Err(RuleError::FieldsRequired);
    }
    if t.chars().count() > NAME_LIMIT || t.chars().any(char::is_control) {
        return Err(RuleError::ValueInvalid);
    }
    Ok(t.to_owned())
}

/// A description: trimmed, at most 5 000 characters, line breaks kept; blank is none.
pub fn description(raw: &str) -> Result<Option<String>, RuleError> {
    let t = raw.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.chars().count() > DESCRIPTION_LIMIT
        || t.chars().any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return Err(RuleError::ValueInvalid);
    }
    Ok(Some(t.to_owned()))
}

/// An amount written as a decimal (`1250`, `1250.5`, `1250.50`; a dot, at most two decimals, not
/// negative) in minor units; blank is none.
pub fn amount(raw: &str) -> Result<Option<i64>, RuleError> {
    let t = raw.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let (whole, cents) = t.split_once('.').unwrap_or((t, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 13 || !digits(whole) || cents.len() > 2 || !digits(cents) {
        return Err(RuleError::ValueInvalid);
    }
    let whole: i64 = whole.parse().map_err(|_| RuleError::ValueInvalid)?;
    let cents: i64 = format!("{cents:0<2}")
        .parse()
        .map_err(|_| RuleError::ValueInvalid)?;
    let minor = whole
        .checked_mul(100)
        .and_then(|w| w.checked_add(cents))
        .filter(|m| *m <= MAX_AMOUNT_MINOR)
        .ok_or(RuleError::ValueInvalid)?;
    Ok(Some(minor))
}

/// Minor units as the decimal [`amount`] reads: `125050` → `1250.50`.
pub fn amount_text(minor: i64) -> String {
    format!("{}.{:02}", minor / 100, minor % 100)
}

/// A currency: three letters, upper-cased (`usd` → `USD`).
pub fn currency(raw: &str) -> Result<String, RuleError> {
    let t = raw.trim();
    if t.len() == 3 && t.bytes().all(|b| b.is_ascii_alphabetic()) {
        Ok(t.to_ascii_uppercase())
    } else {
        Err(RuleError::ValueInvalid)
    }
}

/// A close date, `YYYY-MM-DD`; blank is none.
pub fn close_date(raw: &str) -> Result<Option<String>, RuleError> {
    let t = raw.trim();
    if t.is_empty() {
        return Ok(None);
    }
    chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d")
        .ok()
        .filter(|_| t.len() == 10)
        .map(|d| Some(d.format("%Y-%m-%d").to_string()))
        .ok_or(RuleError::DateInvalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_exact_minor_units() {
        assert_eq!(amount("1250"), Ok(Some(125_000)));
        assert_eq!(amount(" 1250.5 "), Ok(Some(125_050)));
        assert_eq!(amount("0.07"), Ok(Some(7)));
        assert_eq!(amount(""), Ok(None));
        for bad in [
            "-5",
            "1,250.00",
            "1.234",
            ".5",
            "1e5",
            "99999999999999",
            "12.x",
        ] {
            assert_eq!(amount(bad), Err(RuleError::ValueInvalid), "{bad}");
        }
        assert_eq!(amount_text(125_050), "1250.50");
        assert_eq!(amount(&amount_text(7)), Ok(Some(7)));
    }

    #[test]
    fn stages_names_dates_and_currencies_are_checked() {
        assert_eq!(stage("closedwon"), Ok("closedwon"));
        assert_eq!(stage("Closed Won"), Err(RuleError::ValueInvalid));
        assert!(is_closed("closedlost") && !is_closed("contractsent"));
        assert_eq!(name("  Annual plan "), Ok("Annual plan".into()));
        assert_eq!(name(" "), Err(RuleError::FieldsRequired));
        assert_eq!(name("a\nb"), Err(RuleError::ValueInvalid));
        assert_eq!(
            description("line one\nline two"),
            Ok(Some("line one\nline two".into()))
        );
        assert_eq!(currency("inr"), Ok("INR".into()));
        assert_eq!(currency("RUPEE"), Err(RuleError::ValueInvalid));
        assert_eq!(close_date("2026-12-31"), Ok(Some("2026-12-31".into())));
        assert_eq!(close_date("2026-02-30"), Err(RuleError::DateInvalid));
        assert_eq!(close_date("2026-2-3"), Err(RuleError::DateInvalid));
    }
}
