//! Indexes the leads table needs at 100 000 contacts (docs/BENCHMARKS.md, the Lead CRM): a
//! stage or status filter reads its contacts already in the table's default order (newest
//! change first), so a deep page skips index entries instead of sorting every match; the name
//! sort reads `lower(name)` in order. The plain stage and status indexes are their prefixes.
//! The search looks in one lower-cased text per contact (`search_text`: name, first and last
//! name, e-mail, company and number) instead of lower-casing five columns of every row.

use crate::columns::{execute_all, migration};
use sea_orm_migration::prelude::*;

migration!();

const UP: [&str; 11] = [
    "ALTER TABLE contacts ADD COLUMN search_text TEXT NOT NULL DEFAULT ''",
    "UPDATE contacts SET search_text = substr(lower(coalesce(name || ' ', '') || coalesce(first_name || ' ', '') \
     || coalesce(last_name || ' ', '') || coalesce(email || ' ', '') || coalesce(company || ' ', '')), 1, 470) || contact",
    "CREATE INDEX ix_contacts_org_stage_updated ON contacts (org_id, lifecycle_stage, updated_at, id)",
    "CREATE INDEX ix_contacts_org_status_updated ON contacts (org_id, lead_status, updated_at, id)",
    "CREATE INDEX ix_contacts_org_name ON contacts (org_id, lower(name), contact, id)",
    "DROP INDEX IF EXISTS idx_contacts_org_id_lifecycle_stage",
    "DROP INDEX IF EXISTS idx_contacts_org_id_lead_status",
    // The default order with the search's text: a search's page is found in the index alone.
    "CREATE INDEX ix_contacts_org_updated_search ON contacts (org_id, updated_at, id, search_text)",
    "DROP INDEX IF EXISTS idx_contacts_org_id_updated_at",
    "CREATE INDEX ix_contacts_org_created ON contacts (org_id, created_at, id)",
    // A stage and a status together (a CRM's most common view) read only their own contacts.
    "CREATE INDEX ix_contacts_org_stage_status ON contacts (org_id, lifecycle_stage, lead_status, updated_at, id)",
];

const DOWN: [&str; 10] = [
    "DROP INDEX IF EXISTS ix_contacts_org_stage_status",
    "DROP INDEX IF EXISTS ix_contacts_org_created",
    "CREATE INDEX idx_contacts_org_id_updated_at ON contacts (org_id, updated_at)",
    "DROP INDEX IF EXISTS ix_contacts_org_updated_search",
    "ALTER TABLE contacts DROP COLUMN search_text",
    "CREATE INDEX idx_contacts_org_id_lead_status ON contacts (org_id, lead_status)",
    "CREATE INDEX idx_contacts_org_id_lifecycle_stage ON contacts (org_id, lifecycle_stage)",
    "DROP INDEX IF EXISTS ix_contacts_org_name",
    "DROP INDEX IF EXISTS ix_contacts_org_status_updated",
    "DROP INDEX IF EXISTS ix_contacts_org_stage_updated",
];

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &UP).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    execute_all(m, &DOWN).await
}
