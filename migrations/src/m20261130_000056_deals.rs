//! The Lead CRM's deals (issue #29, `/leadcrm`): one deal of a contact, in a stage of the deal
//! pipeline (000 §3: Appointment Scheduled … Closed Won, Closed Lost), with an amount in minor
//! units and its currency, an owner, a close date, and when it closed; and how contacts are
//! kept in step with a CRM: each contact's link to a CRM record, each member link's pull.

use crate::columns::{
    at, at_null, big, big_null, created_updated, flag, id, migration, string, string_null,
    text_null, Tables,
};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("deals")
        .columns([
            id(),
            big("org_id"),
            big("contact_id"),
            string("name", 200),
            big_null("amount_minor"),
            string("currency", 3),
            string("stage", 32),
            big_null("owner_id"),
            // The day it is expected to close, `YYYY-MM-DD`.
            string_null("close_date", 10),
            text_null("description"),
            // When it moved into a closed stage; none while open.
            at_null("closed_at"),
            // The CRM's deal it is written to (`hubspot`), once written.
            string_null("crm_provider", 16),
            string_null("crm_id", 64),
        ])
        .columns(created_updated())
        .cascade("org_id", "organisations")
        .cascade("contact_id", "contacts")
        .set_null("owner_id", "users")
        .index(&["org_id", "stage", "updated_at"], false)
        .index(&["org_id", "owner_id"], false)
        .index(&["contact_id"], false);
    // A contact linked to a record of a CRM through a member's link (`user_id`'s), the CRM's
    // last change seen, and whether a change made here still has to reach it.
    t.add("contact_crm_links")
        .columns([
            id(),
            big("org_id"),
            big("contact_id"),
            string("provider", 16),
            big("user_id"),
            string("crm_id", 64),
            big_null("crm_modified_at"),
            flag("dirty", false),
            at("linked_at"),
        ])
        .cascade("contact_id", "contacts")
        .cascade("user_id", "users")
        .index(&["contact_id", "provider"], true)
        .index(&["org_id", "provider", "crm_id"], true)
        .index(&["org_id", "dirty"], false);
    // Where each member's link's pull of changed CRM records stands.
    t.add("crm_pulls")
        .columns([
            id(),
            big("org_id"),
            string("provider", 16),
            big("user_id"),
            // The CRM's last modification time read, epoch ms: the next pull starts there.
            big("cursor_ms"),
            at_null("last_run_at"),
            text_null("last_error"),
            big("pulled"),
        ])
        .cascade("org_id", "organisations")
        .cascade("user_id", "users")
        .index(&["org_id", "provider", "user_id"], true);
}
