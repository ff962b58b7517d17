//! The organisation's contacts (issue #29): one row per customer, keyed by the contact the chats,
//! notes, tags and properties use (a person's number's digits), with the spec's fields, lifecycle
//! stage, lead status and owner; and the history of every change (who, when, what, from where).

use crate::columns::{
    at, big, big_null, created_updated, id, migration, string, string_null, text_null, Tables,
};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("contacts")
        .columns([
            id(),
            big("org_id"),
            string("contact", 128),
            string_null("name", 120),
            string_null("first_name", 80),
            string_null("last_name", 80),
            string_null("email", 254),
            string_null("address", 300),
            string_null("company", 120),
            string_null("job_title", 120),
            string_null("lifecycle_stage", 32),
            string_null("lead_status", 32),
            big_null("owner_id"),
            // `member`, `chat`, `import` or `crm`: how the contact came to be.
            string("source", 16),
        ])
        .columns(created_updated())
        .cascade("org_id", "organisations")
        .set_null("owner_id", "users")
        .index(&["org_id", "contact"], true)
        .index(&["org_id", "updated_at"], false)
        .index(&["org_id", "lifecycle_stage"], false)
        .index(&["org_id", "lead_status"], false)
        .index(&["org_id", "owner_id"], false);
    t.add("contact_changes")
        .columns([
            id(),
            big("org_id"),
            big("contact_id"),
            big_null("actor_id"),
            string("origin", 16),
            string("field", 32),
            text_null("old_value"),
            text_null("new_value"),
            at("at"),
        ])
        .cascade("contact_id", "contacts")
        .set_null("actor_id", "users")
        .index(&["contact_id", "at"], false);
}
