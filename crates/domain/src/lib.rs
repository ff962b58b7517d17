//! The product's rules, written once and compiled into both the server and the browser's wasm
//! module, so a form and the endpoint that receives it always agree.
//!
//! Architecture invariant: nothing here performs I/O, reads the clock or draws random numbers.
//! `now`, the time zone and any randomness are parameters. Rules never produce user-facing
//! English; they return [`RuleError`] codes that the UI translates.

// The wasm size build compiles this crate at opt-level "z" and marks the chart-shaping hot path
// `optimize(speed)` (scripts/build-wasm.sh sets the cfg; docs/BENCHMARKS.md).
#![cfg_attr(switchboard_wasm_size, feature(optimize_attribute))]

pub mod accounts;
pub mod analytics;
pub mod assignment;
pub mod billing;
pub mod buckets;
pub mod business_hours;
pub mod chat;
// The contacts' rules run on the server; the leads screen will load them with its own module.
pub mod constants;
#[cfg(not(target_arch = "wasm32"))]
pub mod contacts;
pub mod dates;
pub mod decimal;
pub mod delivery;
pub mod error;
pub mod events;
pub mod format;
pub mod inbox;
pub mod inputs;
pub mod invitations;
#[cfg(not(target_arch = "wasm32"))]
pub mod kb;
pub mod labels;
pub mod language;
pub mod lead_routing;
pub mod manage;
pub mod names;
pub mod onboarding;
pub mod plans;
pub mod providers;
pub mod recurrence;
// Refer and Earn is decided on the server alone; kept out of the browser's module, whose
// budget it would otherwise spend (docs/BENCHMARKS.md).
#[cfg(not(target_arch = "wasm32"))]
pub mod referrals;
pub mod registry;
pub mod retry;
pub mod roles;
pub mod subscription;
pub mod text;
pub mod upsell;
pub mod value;
pub mod wire;
pub mod zoho;
pub mod zones;

pub use error::RuleError;
