//! The labels a contact carries (issue #29, `/leads` "labels/tags", filter by label): the
//! organisation's shared labels of the manage tools, put on the organisation's contacts; a label
//! removed leaves its contacts.

use crate::columns::{big, id, migration, Tables};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("contact_labels")
        .columns([id(), big("org_id"), big("contact_id"), big("label_id")])
        .cascade("org_id", "organisations")
        .cascade("contact_id", "contacts")
        .cascade("label_id", "manage_labels")
        .index(&["contact_id", "label_id"], true)
        .index(&["org_id", "label_id", "contact_id"], false);
}
