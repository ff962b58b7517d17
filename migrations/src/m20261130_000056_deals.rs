//! The Lead CRM's deals (issue #29, `/leadcrm`): one deal of a contact, in a stage of the deal
//! pipeline (000 §3: Appointment Scheduled … Closed Won, Closed Lost), with an amount in minor
//! units and its currency, an owner, a close date, and when it closed.

use crate::columns::{
    at_null, big, big_null, created_updated, id, migration, string, string_null, text_null, Tables,
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
        ])
        .columns(created_updated())
        .cascade("org_id", "organisations")
        .cascade("contact_id", "contacts")
        .set_null("owner_id", "users")
        .index(&["org_id", "stage", "updated_at"], false)
        .index(&["org_id", "owner_id"], false)
        .index(&["contact_id"], false);
}
