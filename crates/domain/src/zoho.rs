//! The Zoho sign-in's anti-forgery state and the self-closing tab marker (000 §2, §5, §9). The
//! random words come from the caller (the browser's `crypto.getRandomValues`), so the rule
//! stays pure and testable.

use serde::{Deserialize, Serialize};

use crate::RuleError;

/// 000 §9: 'Zoho state value: a random 64-character string'.
pub const ZOHO_STATE_LEN: usize = 64;
/// 000 §9: 'Self-close window: 2 minutes'.
pub const SELF_CLOSE_WINDOW_MS: i64 = 120_000;
/// How long a consent popup may take before its return no longer counts as the popup's (ours:
/// long enough to sign in to a provider, short enough that a stale marker is not trusted).
pub const CONSENT_POPUP_WINDOW_MS: i64 = 600_000;

const ALPHABET: &[u8; 62] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A 64-character alphanumeric state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct ZohoState(String);

impl ZohoState {
    /// One character per 32-bit word, mapped onto the 62 letters and digits by multiply-and-
    /// shift (`w × 62 >> 32`): no rejection loop, so a broken source cannot hang it, and the
    /// bias is below one in 69 million per character.
    pub fn generate(mut next_u32: impl FnMut() -> u32) -> ZohoState {
        ZohoState(
            (0..ZOHO_STATE_LEN)
                .map(|_| ALPHABET[((u64::from(next_u32()) * 62) >> 32) as usize] as char)
                .collect(),
        )
    }

    /// From supplied random words: at least 64 are needed (`not_enough_randomness`), extra ones
    /// are ignored.
    pub fn from_words(words: &[u32]) -> Result<ZohoState, RuleError> {
        if words.len() < ZOHO_STATE_LEN {
            return Err(RuleError::NotEnoughRandomness);
        }
        let mut it = words.iter().copied();
        Ok(ZohoState::generate(|| it.next().unwrap_or_default()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Input of the `zoho_state` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ZohoStateInput {
    /// At least 64 random unsigned 32-bit words.
    pub words: Vec<u32>,
}

/// 000 §5: 'Zoho return: the state value is compared to the stored one.' Equal and non-empty;
/// compared without an early exit so timing does not reveal a prefix.
pub fn state_matches(returned: &str, stored: &str) -> bool {
    let (a, b) = (returned.as_bytes(), stored.as_bytes());
    if a.is_empty() || a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Input of the `zoho_state_check` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ZohoStateCheckInput {
    pub returned: Option<String>,
    pub stored: Option<String>,
}

/// The `zoho_state_check` rule: the state when it matches, else `zoho_state_mismatch` (a
/// missing value on either side never matches).
pub fn zoho_state_check(input: &ZohoStateCheckInput) -> Result<ZohoState, RuleError> {
    match (&input.returned, &input.stored) {
        (Some(r), Some(s)) if state_matches(r, s) => Ok(ZohoState(r.clone())),
        _ => Err(RuleError::ZohoStateMismatch),
    }
}

/// Input of the `self_close_valid` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SelfCloseInput {
    /// When the `selfclose` marker was remembered, UTC epoch ms.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub set_at: i64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub now: i64,
}

/// 000 §2: 'the marker is remembered and valid for 2 minutes': valid from the moment it is set
/// until just before two minutes have passed; a marker from the future (a clock moved back) is
/// not valid.
pub fn self_close_valid(set_at: i64, now: i64) -> bool {
    within_window(set_at, now, SELF_CLOSE_WINDOW_MS)
}

/// Whether a window returning from a provider's consent page is the popup this app opened at
/// `set_at`: valid for ten minutes from then; a marker from the future is not valid.
pub fn consent_popup_valid(set_at: i64, now: i64) -> bool {
    within_window(set_at, now, CONSENT_POPUP_WINDOW_MS)
}

/// `set_at <= now < set_at + window`, exact for every i64 pair without 128-bit arithmetic.
fn within_window(set_at: i64, now: i64, window: i64) -> bool {
    now >= set_at && now.abs_diff(set_at) < window.unsigned_abs()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_state_is_64_alphanumeric_characters() {
        // 000 §9: 'Zoho state value: a random 64-character string'
        let mut x = 0x1234_5678u32;
        let s = ZohoState::generate(|| {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            x
        });
        assert_eq!(s.as_str().len(), 64);
        assert!(s.as_str().bytes().all(|b| b.is_ascii_alphanumeric()));
    }

    #[test]
    fn the_lowest_and_highest_words_map_to_the_ends_of_the_alphabet() {
        // 000 §9 state alphabet; decided: A–Z, a–z, 0–9
        assert_eq!(
            ZohoState::from_words(&[0; 64]).unwrap().as_str(),
            "A".repeat(64)
        );
        assert_eq!(
            ZohoState::from_words(&[u32::MAX; 64]).unwrap().as_str(),
            "9".repeat(64)
        );
        assert_eq!(
            ZohoState::from_words(&[0; 63]),
            Err(RuleError::NotEnoughRandomness)
        );
    }

    #[test]
    fn the_returned_state_must_equal_the_stored_one() {
        // 000 §5: 'the state value is compared to the stored one'
        assert!(state_matches("abc", "abc"));
        assert!(!state_matches("abd", "abc"));
        assert!(!state_matches("ab", "abc"));
        assert!(!state_matches("", ""));
        let check = |r: Option<&str>, s: Option<&str>| {
            zoho_state_check(&ZohoStateCheckInput {
                returned: r.map(Into::into),
                stored: s.map(Into::into),
            })
        };
        assert_eq!(check(Some("x"), None), Err(RuleError::ZohoStateMismatch));
        assert!(check(Some("x"), Some("x")).is_ok());
    }

    #[test]
    fn the_self_close_marker_lasts_two_minutes() {
        // 000 §2: 'the marker is remembered and valid for 2 minutes'
        assert!(self_close_valid(1_000, 1_000));
        assert!(self_close_valid(1_000, 120_999));
        assert!(!self_close_valid(1_000, 121_000));
        assert!(!self_close_valid(1_000, 999));
    }

    #[test]
    fn a_consent_popup_counts_for_ten_minutes() {
        assert!(consent_popup_valid(1_000, 1_000));
        assert!(consent_popup_valid(1_000, 600_999));
        assert!(!consent_popup_valid(1_000, 601_000));
        assert!(!consent_popup_valid(1_000, 999));
    }

    proptest! {
        #[test]
        fn the_window_is_what_128_bit_arithmetic_gives(set_at in any::<i64>(), now in any::<i64>(), near in -200_000i64..200_000) {
            let reference = |s: i64, n: i64| (0..i128::from(SELF_CLOSE_WINDOW_MS)).contains(&(i128::from(n) - i128::from(s)));
            prop_assert_eq!(self_close_valid(set_at, now), reference(set_at, now));
            let n = set_at.saturating_add(near);
            prop_assert_eq!(self_close_valid(set_at, n), reference(set_at, n));
        }

        #[test]
        fn every_word_gives_an_alphanumeric_character(words in prop::collection::vec(any::<u32>(), 64..80)) {
            // 000 §9: 'Zoho state value: a random 64-character string'
            let s = ZohoState::from_words(&words).unwrap();
            prop_assert_eq!(s.as_str().len(), 64);
            prop_assert!(s.as_str().bytes().all(|b| b.is_ascii_alphanumeric()));
        }
    }
}
