//! The database schema, as ordered sea-orm migrations applied at server start.
//!
//! Architecture invariant: a landed migration's effect never changes; change the schema by
//! adding a new one. Its text may be refactored only while tests/schema.rs shows the same
//! schema on SQLite and PostgreSQL (sea-orm records only a migration's name). Every migration
//! must run on both SQLite and PostgreSQL.

pub use sea_orm_migration::prelude::*;

pub mod chat_sets;
mod columns;

mod m20261121_000001_core;
mod m20261122_000002_accounts;
mod m20261122_000003_integrations;
mod m20261122_000004_analytics;
mod m20261122_000004_usage_events;
mod m20261123_000005_sync;
mod m20261123_000006_call_rollups;
mod m20261124_000007_chat_sets;
mod m20261125_000008_extension_tokens;
mod m20261125_000009_billing;
mod m20261125_000010_operator_admin;
mod m20261125_000011_knowledge_base;
mod m20261126_000012_manage_tools;
mod m20261127_000013_kb_staging;
mod m20261127_000015_extension_token_renewal;
mod m20261127_000016_stored_files;
mod m20261127_000018_invitations;
mod m20261128_000019_team_inbox;
mod m20261128_000020_inbox_search;
mod m20261128_000021_inbox_lookups;
mod m20261128_000022_inbox_media;
mod m20261128_000023_inbox_search_column;
mod m20261128_000024_inbox_search_terms;
mod m20261129_000025_follow_up_reminders;
mod m20261129_000030_my_account;
mod m20261129_000035_join_by_code;
mod m20261129_000045_referrals;
mod m20261129_000050_onboarding;
mod m20261130_000040_feedback;
mod m20261130_000055_contacts;
mod m20261130_000056_deals;
mod m20261130_000057_contact_views;
mod m20261130_000058_tickets_calls;
mod m20261130_000059_contact_timeline;
mod m20261130_000060_crm_watches;
mod m20261130_000061_contact_labels;
mod m20261201_000062_business_hours;

/// The PostgreSQL search index's accent fold (the store's search applies the same).
pub mod inbox_search {
    pub use crate::m20261128_000020_inbox_search::{ACCENTED, UNACCENTED};
}

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_core::Migration),
            Box::new(m20261122_000002_accounts::Migration),
            Box::new(m20261122_000003_integrations::Migration),
            Box::new(m20261122_000004_analytics::Migration),
            Box::new(m20261122_000004_usage_events::Migration),
            Box::new(m20261123_000005_sync::Migration),
            Box::new(m20261123_000006_call_rollups::Migration),
            Box::new(m20261124_000007_chat_sets::Migration),
            Box::new(m20261125_000008_extension_tokens::Migration),
            Box::new(m20261125_000009_billing::Migration),
            Box::new(m20261125_000010_operator_admin::Migration),
            Box::new(m20261125_000011_knowledge_base::Migration),
            Box::new(m20261126_000012_manage_tools::Migration),
            Box::new(m20261127_000013_kb_staging::Migration),
            Box::new(m20261127_000015_extension_token_renewal::Migration),
            Box::new(m20261127_000016_stored_files::Migration),
            Box::new(m20261127_000018_invitations::Migration),
            Box::new(m20261128_000019_team_inbox::Migration),
            Box::new(m20261128_000020_inbox_search::Migration),
            Box::new(m20261128_000021_inbox_lookups::Migration),
            Box::new(m20261128_000022_inbox_media::Migration),
            Box::new(m20261128_000023_inbox_search_column::Migration),
            Box::new(m20261128_000024_inbox_search_terms::Migration),
            Box::new(m20261129_000025_follow_up_reminders::Migration),
            Box::new(m20261129_000030_my_account::Migration),
            Box::new(m20261129_000035_join_by_code::Migration),
            Box::new(m20261129_000045_referrals::Migration),
            Box::new(m20261129_000050_onboarding::Migration),
            Box::new(m20261130_000040_feedback::Migration),
            Box::new(m20261130_000055_contacts::Migration),
            Box::new(m20261130_000056_deals::Migration),
            Box::new(m20261130_000057_contact_views::Migration),
            Box::new(m20261130_000058_tickets_calls::Migration),
            Box::new(m20261130_000059_contact_timeline::Migration),
            Box::new(m20261130_000060_crm_watches::Migration),
            Box::new(m20261130_000061_contact_labels::Migration),
            Box::new(m20261201_000062_business_hours::Migration),
        ]
    }
}
