//! Analytics events: the call logs and chat messages the extension sends (001 §3 call log and
//! chat message documents; 000 §3 webhook sample fields), one row per event, idempotent by the
//! event's id within its organisation, indexed for the dashboards' (organisation, user, time)
//! range scans.

use crate::columns::{
    at, big, created_updated, id, int_null, migration, small, string, string_null, text_null,
    NewTable, Tables,
};

migration!(tables);

/// An event table `table`, starting with what every event has: its organisation, its id there,
/// the user, the chat and the direction. `ux_<table>_org_event` stores an event once;
/// `ix_<table>_org_user_<time>` serves the dashboards' range scans over each of `times`.
fn events<'t>(t: &'t mut Tables, table: &str, times: &[&str]) -> &'t mut NewTable {
    let events = t
        .add(table)
        .columns([
            id(),
            big("org_id"),
            string("event_id", 128),
            big("user_id"),
            string("chat_id", 255),
            small("direction"),
        ])
        .cascade("org_id", "organisations")
        .named_index(
            &format!("ux_{table}_org_event"),
            &["org_id", "event_id"],
            true,
        );
    for time in times {
        let name = format!("ix_{table}_org_user_{}", time.trim_end_matches("_at"));
        events.named_index(&name, &["org_id", "user_id", time], false);
    }
    events
}

fn tables(t: &mut Tables) {
    events(t, "call_events", &["occurred_at", "created_at"])
        .columns([big("duration_s"), at("occurred_at")])
        .columns(created_updated())
        .columns([at("received_at")]);
    events(t, "message_events", &["occurred_at"]).columns([
        text_null("message"),
        text_null("file"),
        string_null("file_name", 500),
        int_null("ack"),
        at("occurred_at"),
        string_null("date_text", 64),
        string_null("sent_by_id", 255),
        string_null("channel_name", 255),
        string_null("channel_id", 255),
        string_null("sent_by_number", 64),
        string_null("sent_by_user_id", 255),
        string_null("sender_name", 255),
        at("received_at"),
    ]);
}
