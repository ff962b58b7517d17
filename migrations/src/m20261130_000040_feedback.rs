//! Feedback sent from the public feedback form (issue #28, 000 §2 `/feedback/{id}`): the topic
//! the page's id names (`contact`, `demo`, `uninstall`, or any other slug, shown as the general
//! form), who wrote (name, e-mail, an optional WhatsApp number) and what, and when. The
//! operator reads them, newest first, in the admin panel.

use crate::columns::{at, id, migration, string, string_null, text, Tables};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("feedback")
        .columns([
            id(),
            string("topic", 40),
            string("name", 120),
            string("email", 254),
            string_null("whatsapp_no", 20),
            text("message"),
            at("created_at"),
        ])
        .index(&["created_at"], false);
}
