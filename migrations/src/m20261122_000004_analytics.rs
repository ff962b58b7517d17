//! Analytics events: the call logs and chat messages the extension sends (001 §3 call log and
//! chat message documents; 000 §3 webhook sample fields), one row per event, idempotent by the
//! event's id within its organisation, indexed for the dashboards' (organisation, user, time)
//! range scans.

use crate::columns::{
    at, big, created_updated, id, int_null, migration, small, string, string_null, text_null,
    Tables,
};
use sea_orm_migration::prelude::*;

migration!(tables());

/// What every event has: its organisation, its id there, the user, the chat and the direction.
fn event() -> Vec<ColumnDef> {
    vec![
        id(),
        big("org_id"),
        string("event_id", 128),
        big("user_id"),
        string("chat_id", 255),
        small("direction"),
    ]
}

/// An event table: `ux_<table>_org_event` stores an event once; `ix_<table>_org_user_<time>`
/// serves the dashboards' range scans over each of `times`.
fn add_events(t: &mut Tables, table: &str, columns: Vec<ColumnDef>, times: &[&str]) {
    let events = t.add(table, columns).cascade("org_id", "organisations");
    let unique_event = format!("ux_{table}_org_event");
    events.named_index(&unique_event, &["org_id", "event_id"], true);
    for time in times {
        let name = format!("ix_{table}_org_user_{}", time.trim_end_matches("_at"));
        events.named_index(&name, &["org_id", "user_id", time], false);
    }
}

fn tables() -> Tables {
    let mut t = Tables::default();
    let calls = [
        event(),
        vec![big("duration_s"), at("occurred_at")],
        created_updated(),
        vec![at("received_at")],
    ];
    add_events(
        &mut t,
        "call_events",
        calls.concat(),
        &["occurred_at", "created_at"],
    );

    let messages = [
        event(),
        vec![
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
        ],
    ];
    add_events(
        &mut t,
        "message_events",
        messages.concat(),
        &["occurred_at"],
    );
    t
}
