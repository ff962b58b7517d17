//! The server's integration tests, one binary (crates.io and zero2prod keep theirs this way): on
//! a 2-core machine each test binary links the whole server, so one binary instead of twelve
//! saves most of `just test`'s link time. Each module is one area, driven over real HTTP
//! against a fresh SQLite file or PostgreSQL database (`testkit::spawn_app`).

mod account;
mod accounts;
mod admin;
mod analytics;
mod bad_input;
mod billing;
mod billing_bound;
mod billing_history;
mod chat_sets_migration;
mod cli;
mod contact_timeline;
mod contacts;
mod contacts_transfer;
mod crm_daily_limit;
mod crm_link;
mod crm_pipelines;
mod crm_webhooks;
mod crm_zoho;
mod crm_zoho_objects;
mod deals;
mod extension_scope;
mod feedback;
mod follow_up_reminders;
mod foundation;
mod import_limits;
mod inbox;
mod inbox_intake;
mod inbox_media;
mod inbox_search;
mod inbox_team;
mod ingest_restart;
mod integrations;
mod invitations;
mod isolation;
mod join;
mod kb;
mod kb_access;
mod kb_conversations;
mod kb_limits;
mod kb_retrieval;
mod limits;
mod manage;
mod onboarding;
mod org_activity;
mod owner;
mod quotas;
mod referral_credits;
mod referrals;
mod sync;
mod sync_crm;
mod sync_replicas;
mod tickets_calls;
mod upsell;
