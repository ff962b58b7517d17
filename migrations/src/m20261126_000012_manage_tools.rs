//! The manage tools (issue #18): quick replies, labels and funnels, user properties and their
//! values per contact, tags per contact, follow-ups, notes and docs per chat, scheduled messages
//! and their sends (claimed by the extension with a lease), each user's notification settings,
//! and who may change an organisation's team labels and quick replies.
//!
//! `org_id` 0 is a person's own workspace (001 §4 'Account: individual or teams'): its rows
//! belong to `owner_id` alone.

use crate::columns::{
    add_columns, at, at_null, big, big_key, big_null, created_updated, drop_columns, flag, id, int,
    int_null, migration, string, string_null, text, with_default, Tables,
};
use sea_orm_migration::prelude::*;

migration!();

/// A file in the file store, as four nullable columns.
fn attachment() -> Vec<ColumnDef> {
    vec![
        string_null("attachment_key", 255),
        string_null("attachment_name", 255),
        string_null("attachment_type", 120),
        big_null("attachment_size"),
    ]
}

/// What every owned row starts with: its id, its organisation (0: the owner's own workspace)
/// and its owner.
fn owned() -> Vec<ColumnDef> {
    vec![id(), big("org_id"), big("owner_id")]
}

fn tables(t: &mut Tables) {
    t.add("quick_replies")
        .columns(owned())
        .columns([
            big_null("team_id"),
            string("name", 120),
            text("message"),
            big("sent_count"),
        ])
        .columns(created_updated())
        .columns(attachment())
        .index(&["org_id", "owner_id"], false)
        .index(&["org_id", "team_id"], false);

    t.add("manage_labels")
        .columns(owned())
        .columns([
            big_null("parent_id"),
            string("name", 120),
            string("color", 7),
            flag("shared", false),
        ])
        .columns(created_updated())
        .index(&["org_id", "owner_id"], false);

    t.add("funnels")
        .columns(owned())
        .columns([string("name", 120), text("stages"), flag("shared", false)])
        .columns(created_updated())
        .index(&["org_id", "owner_id"], false);

    t.add("user_properties")
        .columns([
            id(),
            big("org_id"),
            string("name", 120),
            string("kind", 10),
            text("options"),
            big("created_by"),
            at("created_at"),
        ])
        .index(&["org_id"], false);

    t.add("contact_property_values")
        .columns([
            id(),
            big("org_id"),
            big("property_id"),
            string("contact", 64),
            text("value"),
            big("updated_by"),
            at("updated_at"),
        ])
        .index(&["property_id", "contact"], true)
        .index(&["org_id", "contact"], false);

    t.add("contact_tags")
        .columns(owned())
        .columns([string("contact", 64), text("tags"), at("updated_at")])
        .index(&["org_id", "owner_id", "contact"], true);

    t.add("follow_ups")
        .columns(owned())
        .columns([
            string_null("contact", 64),
            string("title", 240),
            text("notes"),
            at("due_at"),
            string("due_local", 16),
            string("time_zone", 64),
            string("priority", 10),
            string_null("amount", 32),
            string("recurrence", 10),
            at_null("completed_at"),
        ])
        .columns(created_updated())
        .index(&["org_id", "owner_id", "due_at"], false);

    t.add("chat_notes")
        .columns(owned())
        .columns([
            string("contact", 64),
            string("kind", 4),
            string("title", 240),
            text("body"),
        ])
        .columns(created_updated())
        .index(&["org_id", "owner_id", "contact"], false);

    t.add("schedules")
        .columns(owned())
        .columns([
            string("recipient", 32),
            text("message"),
            string("start_local", 16),
            string("time_zone", 64),
            int_null("every"),
            string_null("unit", 10),
            int_null("stop_after"),
            string("missed_policy", 10),
            flag("cancel_if_replied", false),
            string("status", 10),
        ])
        .columns(created_updated())
        .columns(attachment())
        .index(&["org_id", "owner_id"], false);

    t.add("schedule_sends")
        .columns([
            id(),
            big("schedule_id"),
            big("owner_id"),
            int("occurrence"),
            at("due_at"),
            string("status", 10),
            at_null("lease_until"),
            string_null("claim_token", 64),
            flag("late", false),
            string_null("error", 500),
            at_null("finished_at"),
        ])
        .index(&["schedule_id", "occurrence"], true)
        // The claim: a user's sends by state and time.
        .index(&["owner_id", "status", "due_at"], false);

    t.add("user_preferences").columns([
        // The user's id.
        big_key("id"),
        flag("notifications_enabled", true),
        flag("notification_sound", true),
    ]);
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    Tables::new(tables).create(m).await?;
    let editors = with_default(string("team_tools_editors", 24), "admins");
    add_columns(m, "organisations", [editors]).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    drop_columns(m, "organisations", &["team_tools_editors"]).await?;
    Tables::new(tables).drop(m).await
}
