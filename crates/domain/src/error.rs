//! The one error type of the domain crate: a stable snake_case code per broken rule.
//! The web app translates the code (`locales/<lang>/errors.json`); the server sends it as is.

use serde::{Deserialize, Serialize};

macro_rules! rule_errors {
    ($($(#[$doc:meta])* $variant:ident => $code:literal,)+) => {
        /// Why a rule rejected its input. Serialised as its snake_case code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case")]
        pub enum RuleError {
            $($(#[$doc])* #[error($code)] $variant,)+
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_the_serde_name_of_its_variant() {
        for e in RuleError::ALL {
            let json = serde_json::to_string(e).unwrap();
            assert_eq!(json, format!("\"{}\"", e.code()));
        }
    }
}
