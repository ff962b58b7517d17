//! Fake providers for tests and local runs, reached over loopback like the real ones:
//! `providers` is one axum server answering as Freshdesk, LeadSquared, the OAuth providers
//! (HubSpot, Bitrix24, Zoho, Salesforce, Google), their CRM and Sheets APIs, a WAHA WhatsApp
//! gateway and a webhook receiver; `receiver` is a webhook receiver that records headers and
//! bodies and can fail, redirect or answer slowly. Nothing here depends on the server, so the
//! connectors' own tests (`crates/connectors/tests`) drive them without linking it.

pub mod geoip;
pub mod pdf;
pub mod providers;
pub mod receiver;
