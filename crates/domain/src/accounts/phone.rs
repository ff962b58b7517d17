//! Phone numbers with their country code (001 §5), and the pattern the OpenAPI document states
//! for them (tested against the rule both ways).

use serde::Serialize;

use crate::RuleError;

/// What [`PhoneNumber::parse`] accepts, as an ECMA-262 (and Python, and `regex`) pattern, for
/// the OpenAPI document: around the number, the whitespace `str::trim` removes; then `+` and 8
/// to 15 digits, `00` and 8 to 15 digits, or 11 to 15 digits, the first of those not 0, with
/// spaces, dashes, dots and brackets anywhere after the `+`.
pub const PHONE_PATTERN: &str = concat!(
    r"^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*",
    r"(?:\+[ .()\u00a0-]*[1-9](?:[ .()\u00a0-]*[0-9]){7,14}",
    r"|[ .()\u00a0-]*0[ .()\u00a0-]*0[ .()\u00a0-]*[1-9](?:[ .()\u00a0-]*[0-9]){7,14}",
    r"|[ .()\u00a0-]*[1-9](?:[ .()\u00a0-]*[0-9]){10,14})",
    r"[ .()\u00a0-]*[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$",
);

/// A phone number in international form: `+` and 8 to 15 digits, the first not 0 (E.164).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct PhoneNumber(String);

impl PhoneNumber {
    /// 001 §5: 'Invalid phone number. Phone numbers need a country code.'
    ///
    /// Spaces, dashes, dots and brackets are ignored. `+` or `00` in front marks the country
    /// code. Without either, 11 to 15 digits not starting with 0 are read as a number that
    /// already starts with its country code (WhatsApp exports write `919812345678`); 7 to 10
    /// digits, or a number starting with a single 0 (a trunk prefix), need a country code. Any
    /// other character, fewer than 7 or more than 15 digits is an invalid number.
    pub fn parse(raw: &str) -> Result<PhoneNumber, RuleError> {
        let s = raw.trim();
        if s.is_empty() {
            return Err(RuleError::PhoneRequired);
        }
        let mut plus = false;
        let mut digits = String::with_capacity(s.len());
        for (i, c) in s.chars().enumerate() {
            match c {
                '+' if i == 0 => plus = true,
                '0'..='9' => digits.push(c),
                ' ' | '-' | '.' | '(' | ')' | '\u{a0}' => {}
                _ => return Err(RuleError::PhoneInvalid),
            }
        }
        if !plus {
            if let Some(rest) = digits.strip_prefix("00") {
                plus = true;
                digits = rest.to_string();
            }
        }
        if digits.len() < 7 || digits.len() > 15 {
            return Err(RuleError::PhoneInvalid);
        }
        if plus {
            if digits.starts_with('0') || digits.len() < 8 {
                return Err(RuleError::PhoneInvalid);
            }
        } else if digits.starts_with('0') || digits.len() <= 10 {
            return Err(RuleError::PhoneCountryCodeMissing);
        }
        Ok(PhoneNumber(crate::text::concat(&["+", &digits])))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_with_its_country_code_is_kept_in_international_form() {
        // 001 §5: 'phone numbers with country code under a column named number'
        assert_eq!(
            PhoneNumber::parse("+91 98123-45678").unwrap().as_str(),
            "+919812345678"
        );
        assert_eq!(
            PhoneNumber::parse("0044 20 7946 0958").unwrap().as_str(),
            "+442079460958"
        );
        assert_eq!(
            PhoneNumber::parse("919812345678").unwrap().as_str(),
            "+919812345678"
        );
        assert_eq!(
            PhoneNumber::parse("+1 (415) 555-0100").unwrap().as_str(),
            "+14155550100"
        );
    }

    #[test]
    fn a_national_number_needs_a_country_code() {
        // 001 §5: 'Phone numbers need a country code.'
        for raw in ["9812345678", "07946 095800", "020 7946 0958", "5550100"] {
            assert_eq!(
                PhoneNumber::parse(raw),
                Err(RuleError::PhoneCountryCodeMissing),
                "{raw}"
            );
        }
    }

    #[test]
    fn letters_too_few_or_too_many_digits_are_an_invalid_number() {
        // 001 §5: 'Invalid phone number.'
        for raw in [
            "+91 98x2345678",
            "12345",
            "+1234567",
            "+0919812345678",
            "+1234567890123456",
            "9812-ABC",
            "+91+98",
        ] {
            assert_eq!(
                PhoneNumber::parse(raw),
                Err(RuleError::PhoneInvalid),
                "{raw}"
            );
        }
        assert_eq!(PhoneNumber::parse("  "), Err(RuleError::PhoneRequired));
    }

    /// The pattern without `^` and `$`, which proptest's generator does not take (it generates
    /// whole strings anyway).
    fn unanchored(pattern: &str) -> &str {
        pattern.trim_start_matches('^').trim_end_matches('$')
    }

    proptest::proptest! {
        /// Every string the pattern describes is a number the rule accepts.
        #[test]
        fn what_the_pattern_describes_the_rule_accepts(
            raw in proptest::string::string_regex(unanchored(PHONE_PATTERN)).unwrap()
        ) {
            proptest::prop_assert!(PhoneNumber::parse(&raw).is_ok(), "{:?}", raw);
        }

        /// Every string the rule accepts, the pattern describes, and no other.
        #[test]
        fn what_the_rule_accepts_the_pattern_describes(
            raw in "[\t \u{a0}\u{2003}+0-9().x-]{0,24}"
        ) {
            let pattern = regex::Regex::new(PHONE_PATTERN).unwrap();
            proptest::prop_assert_eq!(PhoneNumber::parse(&raw).is_ok(), pattern.is_match(&raw), "{:?}", raw);
        }
    }
}
