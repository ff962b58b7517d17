//! Usage events for the dashboards' quick-reply and scheduler analytics (001 §3, §7): one row
//! per quick reply sent or message scheduled, idempotent by event id within an organisation and
//! kind, indexed for counts per user over a period.

use crate::columns::{at, big, id, migration, small, string, Tables};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("usage_events")
        .columns([
            id(),
            big("org_id"),
            small("kind"),
            string("event_id", 128),
            big("user_id"),
            at("occurred_at"),
            at("received_at"),
        ])
        .cascade("org_id", "organisations")
        .named_index(
            "ux_usage_events_org_kind_event",
            &["org_id", "kind", "event_id"],
            true,
        )
        .named_index(
            "ix_usage_events_org_kind_user_time",
            &["org_id", "kind", "user_id", "occurred_at"],
            false,
        );
}
