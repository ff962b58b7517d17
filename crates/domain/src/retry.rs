//! The retry helper as a pure policy (000 §8): given the try that just finished, say whether to
//! stop, wait and try again, or give up with one of the spec's three reasons. The caller owns
//! the clock and the randomness: it sleeps for the returned delay and supplies the jitter.

use serde::{Deserialize, Serialize};

use crate::RuleError;

/// 000 §8: 'The retry helper retries 3 times by default'. Counted as tries in all: the first
/// and two retries.
pub const DEFAULT_TRIES: u32 = 3;
/// The most tries a caller may ask for; more is `invalid_retries` (a retry storm is a bug).
pub const MAX_TRIES: i64 = 10;
/// The wait before the first retry, before jitter.
pub const BASE_DELAY_MS: u64 = 500;
/// No wait is longer than this, before jitter.
pub const MAX_DELAY_MS: u64 = 8_000;

/// What to do after a try.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum RetryStep {
    /// The try succeeded: stop.
    Done,
    /// Wait, then try again.
    Retry {
        #[serde(rename = "delayMs")]
        #[cfg_attr(feature = "ts", ts(rename = "delayMs", type = "number"))]
        delay_ms: u64,
    },
}

/// Input of the `retry_step` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RetryInput {
    /// How many tries have been made (0 before the first).
    pub attempt: u32,
    /// Whether the last try succeeded.
    pub succeeded: bool,
    /// Tries in all; 3 when absent.
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub tries: Option<i64>,
    /// Whether the caller has a function to retry; absent means yes.
    pub callback: Option<bool>,
    /// A random number in [0, 1) from the caller (values outside are clamped).
    pub jitter: f64,
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub base_delay_ms: Option<u64>,
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub max_delay_ms: Option<u64>,
}

/// The delay before retry number `attempt` (1-based): exponential backoff from `base`, capped
/// at `max`, with "equal jitter" — half the backoff is fixed, the other half scaled by
/// `jitter` — so retries spread out but never come sooner than half the backoff.
pub fn backoff_ms(attempt: u32, base: u64, max: u64, jitter: f64) -> u64 {
    let exp = attempt.saturating_sub(1).min(62);
    let d = base.saturating_mul(1u64 << exp).min(max);
    let j = if jitter.is_finite() {
        jitter.clamp(0.0, 0.999_999_999)
    } else {
        0.0
    };
    d / 2 + ((d - d / 2) as f64 * j) as u64
}

/// 000 §8: checks the callback ('Invalid callback'), then the tries ('Invalid retries': fewer
/// than 1 or more than [`MAX_TRIES`]), then the outcome: success is done; a failure with tries
/// left is a retry after [`backoff_ms`]; the last failure is 'Failed to fetch in retries'.
/// Attempt 0 (nothing tried yet) is a retry with no delay, i.e. the first try.
pub fn retry_step(input: &RetryInput) -> Result<RetryStep, RuleError> {
    if input.callback == Some(false) {
        return Err(RuleError::InvalidCallback);
    }
    let tries = input.tries.unwrap_or(i64::from(DEFAULT_TRIES));
    if !(1..=MAX_TRIES).contains(&tries) {
        return Err(RuleError::InvalidRetries);
    }
    if input.attempt == 0 {
        return Ok(RetryStep::Retry { delay_ms: 0 });
    }
    if input.succeeded {
        return Ok(RetryStep::Done);
    }
    if i64::from(input.attempt) >= tries {
        return Err(RuleError::FailedToFetchInRetries);
    }
    Ok(RetryStep::Retry {
        delay_ms: backoff_ms(
            input.attempt,
            input.base_delay_ms.unwrap_or(BASE_DELAY_MS),
            input.max_delay_ms.unwrap_or(MAX_DELAY_MS),
            input.jitter,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn step(
        attempt: u32,
        ok: bool,
        tries: Option<i64>,
        jitter: f64,
    ) -> Result<RetryStep, RuleError> {
        retry_step(&RetryInput {
            attempt,
            succeeded: ok,
            tries,
            callback: None,
            jitter,
            base_delay_ms: None,
            max_delay_ms: None,
        })
    }

    #[test]
    fn three_tries_by_default_then_failed_to_fetch_in_retries() {
        // 000 §8: 'retries 3 times by default, then rejects with 'Failed to fetch in retries''
        assert_eq!(
            step(1, false, None, 0.0),
            Ok(RetryStep::Retry { delay_ms: 250 })
        );
        assert_eq!(
            step(2, false, None, 0.0),
            Ok(RetryStep::Retry { delay_ms: 500 })
        );
        assert_eq!(
            step(3, false, None, 0.0),
            Err(RuleError::FailedToFetchInRetries)
        );
    }

    #[test]
    fn a_success_stops_retrying() {
        // 000 §8 retry helper: a successful try resolves
        assert_eq!(step(2, true, None, 0.5), Ok(RetryStep::Done));
    }

    #[test]
    fn a_bad_number_of_retries_is_invalid_retries() {
        // 000 §8: 'Invalid retries'
        assert_eq!(step(1, false, Some(0), 0.0), Err(RuleError::InvalidRetries));
        assert_eq!(
            step(1, false, Some(-2), 0.0),
            Err(RuleError::InvalidRetries)
        );
        assert_eq!(
            step(1, false, Some(11), 0.0),
            Err(RuleError::InvalidRetries)
        );
    }

    #[test]
    fn no_callback_is_invalid_callback() {
        // 000 §8: 'Invalid callback'
        let r = retry_step(&RetryInput {
            attempt: 1,
            succeeded: false,
            tries: Some(0),
            callback: Some(false),
            jitter: 0.0,
            base_delay_ms: None,
            max_delay_ms: None,
        });
        assert_eq!(r, Err(RuleError::InvalidCallback));
    }

    #[test]
    fn the_delay_doubles_is_capped_and_spread_by_jitter() {
        // 000 §8 retry helper; decided: exponential backoff with equal jitter
        assert_eq!(backoff_ms(1, 500, 8000, 0.0), 250);
        assert_eq!(backoff_ms(1, 500, 8000, 0.5), 375);
        assert_eq!(backoff_ms(3, 500, 8000, 0.0), 1000);
        assert_eq!(backoff_ms(9, 500, 8000, 0.0), 4000);
        assert_eq!(backoff_ms(60, 500, 8000, 0.75), 7000);
        assert_eq!(backoff_ms(1, 500, 8000, 7.0), 499);
    }

    proptest! {
        #[test]
        fn a_delay_lies_between_half_the_backoff_and_the_backoff(attempt in 1u32..100, j in 0.0f64..1.0) {
            // 000 §8 retry helper; decided: equal jitter keeps at least half the backoff
            let d = 500u64.saturating_mul(1u64 << (attempt - 1).min(62)).min(8000);
            let got = backoff_ms(attempt, 500, 8000, j);
            prop_assert!(got >= d / 2 && got < d.max(1));
        }
    }
}
