//! Accounts, organisations, teams and employees on the wire: signing in by e-mail code, and the
//! extension's account calls (001 §3, §7) with their field names as the extension reads them,
//! misspellings included (`callyzer_orgamnization_team`, `whatzapp_basic_info`).

mod employees;
mod envelopes;
mod join;
mod onboarding;
mod organisations;
mod profile;
mod referrals;
mod sign_in;
mod teams;
mod users;

pub use employees::*;
pub use envelopes::*;
pub use join::*;
pub use onboarding::*;
pub use organisations::*;
pub use profile::*;
pub use referrals::*;
pub use sign_in::*;
pub use teams::*;
pub use users::*;
