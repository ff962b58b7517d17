//! The Lead CRM's tickets and call logs (issue #29, 001 §2: "deals, tickets and call logs"): a
//! contact's support ticket (name, description, status and type in the ticket pipeline) and a
//! call with a contact (outcome, duration, description), each written to the linked CRM's own
//! object once (`crm_provider`, `crm_id`).

use crate::columns::{
    at, at_null, big, big_null, created_updated, id, int, migration, string, string_null,
    text_null, Tables,
};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("tickets")
        .columns([
            id(),
            big("org_id"),
            big("contact_id"),
            string("name", 200),
            text_null("description"),
            // `new`, `waiting_on_contact`, `waiting_on_us`, `closed`.
            string("status", 32),
            string("pipeline", 32),
            // `product_issue`, `billing_issue`, `feature_request`, `general_inquiry`; none.
            string_null("ticket_type", 32),
            big_null("created_by"),
            at_null("closed_at"),
            string_null("crm_provider", 16),
            string_null("crm_id", 64),
        ])
        .columns(created_updated())
        .cascade("org_id", "organisations")
        .cascade("contact_id", "contacts")
        .set_null("created_by", "users")
        .index(&["contact_id", "updated_at"], false)
        .index(&["org_id", "status"], false);
    t.add("call_logs")
        .columns([
            id(),
            big("org_id"),
            big("contact_id"),
            // `busy`, `connected`, `left_live_message`, `left_voicemail`, `no_answer`,
            // `wrong_number`.
            string("outcome", 32),
            int("duration_secs"),
            text_null("description"),
            at("called_at"),
            big_null("logged_by"),
            string_null("crm_provider", 16),
            string_null("crm_id", 64),
            at("created_at"),
        ])
        .cascade("org_id", "organisations")
        .cascade("contact_id", "contacts")
        .set_null("logged_by", "users")
        .index(&["contact_id", "called_at"], false);
}
