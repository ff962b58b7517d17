//! The team inbox (issue #27): the channels a conversation arrives on (a shared number through a
//! WhatsApp gateway, or a member's own WhatsApp Web reported by the extension), one conversation
//! per (channel, chat) with where it stands and who has it, its messages stored once by their
//! source id with their delivery ack, the outbox of replies waiting for the gateway, each
//! member's read mark, @mentions in internal notes, tasks (001 §3), the members new
//! conversations are shared among (with their round-robin credit), the needs-reply clock's
//! settings, and the inbox's event log that live screens resume from.

use crate::columns::{
    at, at_null, big, big_null, created_updated, flag, id, int, int_null, migration, small, string,
    string_null, text, text_null, Tables,
};

migration!(tables);

fn tables(t: &mut Tables) {
    // kind 1: a shared number through a gateway; 2: a member's own chats (user_id the member).
    t.add("inbox_channels")
        .columns([
            id(),
            big("org_id"),
            small("kind"),
            big_null("user_id"),
            string("name", 120),
            text_null("base_url"),
            // The gateway's API key and the webhook's HMAC key, sealed by the vault.
            text_null("secret"),
            string_null("session", 64),
            string_null("hook_token", 64),
            string("state", 16),
            string_null("me", 64),
            at("state_at"),
        ])
        .columns(created_updated())
        .cascade("org_id", "organisations")
        // One channel per member (and one shared number per organisation).
        .index(&["org_id", "kind", "user_id"], true)
        .index(&["hook_token"], true);
    t.add("inbox_conversations")
        .columns([
            id(),
            big("org_id"),
            big("channel_id"),
            // The member whose own chat this is (kind 2); null on a shared number.
            big_null("owner_id"),
            string("chat_id", 128),
            string("contact", 128),
            string_null("name", 255),
            flag("is_group", false),
            flag("open", true),
            big_null("assignee_id"),
            at("last_message_at"),
            flag("last_outbound", false),
            at_null("last_inbound_at"),
            at_null("last_outbound_at"),
            string_null("preview", 200),
            // When the needs-reply clock escalates (null: not waiting, or escalated).
            at_null("escalate_at"),
            at("created_at"),
        ])
        .cascade("org_id", "organisations")
        .cascade("channel_id", "inbox_channels")
        .index(&["channel_id", "chat_id"], true)
        .index(&["org_id", "last_message_at", "id"], false)
        .index(&["org_id", "assignee_id", "last_message_at"], false)
        .index(&["org_id", "contact"], false)
        .index(&["escalate_at"], false);
    // kind 1: a WhatsApp message; 2: an internal note (never sent).
    t.add("inbox_messages")
        .columns([
            id(),
            big("org_id"),
            big("conversation_id"),
            string_null("source_id", 200),
            small("kind"),
            flag("outbound", false),
            big_null("author_id"),
            string_null("sender", 128),
            text_null("body"),
            string_null("media_key", 255),
            string_null("media_type", 100),
            string_null("media_name", 255),
            small("ack"),
            string_null("error", 255),
            at("sent_at"),
            at("created_at"),
        ])
        .cascade("org_id", "organisations")
        .cascade("conversation_id", "inbox_conversations")
        .index(&["conversation_id", "source_id"], true)
        .index(&["conversation_id", "sent_at", "id"], false);
    // A reply waiting to be handed to the gateway (or, on a member's own chat, claimed by their
    // extension): due at `next_attempt_at` (a claim moves it to the lease's end), removed once
    // sent or given up.
    t.add("inbox_sends")
        .columns([
            id(),
            big("org_id"),
            big("message_id"),
            big("channel_id"),
            // On a member's own chat: the member whose extension sends it, under its claim.
            big_null("owner_id"),
            string_null("claim_token", 64),
            int("attempts"),
            at("next_attempt_at"),
            string_null("last_error", 255),
        ])
        .cascade("org_id", "organisations")
        .cascade("message_id", "inbox_messages")
        .index(&["message_id"], true)
        .index(&["next_attempt_at"], false)
        .index(&["owner_id", "next_attempt_at"], false);
    t.add("inbox_reads")
        .columns([id(), big("conversation_id"), big("user_id"), at("read_at")])
        .cascade("conversation_id", "inbox_conversations")
        .index(&["user_id", "conversation_id"], true);
    t.add("inbox_agents")
        .columns([
            id(),
            big("org_id"),
            big("channel_id"),
            big("user_id"),
            int("weight"),
            flag("available", true),
            big("credit"),
        ])
        .cascade("org_id", "organisations")
        .cascade("channel_id", "inbox_channels")
        .index(&["channel_id", "user_id"], true);
    // An @mention of a member in an internal note (001 §9: the mentions tab, last 10 days).
    t.add("inbox_mentions")
        .columns([
            id(),
            big("org_id"),
            big("conversation_id"),
            big("message_id"),
            big("user_id"),
            at("created_at"),
        ])
        .cascade("conversation_id", "inbox_conversations")
        .cascade("message_id", "inbox_messages")
        .index(&["org_id", "user_id", "created_at"], false)
        .index(&["conversation_id", "user_id"], false);
    // 001 §3 tasks: name, date, status, priority, assigned to, visibility.
    t.add("inbox_tasks")
        .columns([
            id(),
            big("org_id"),
            big("owner_id"),
            big_null("conversation_id"),
            string_null("contact", 128),
            string("name", 200),
            at_null("due_at"),
            string("status", 16),
            small("priority"),
            big_null("assignee_id"),
            string("visibility", 16),
            at_null("completed_at"),
        ])
        .columns(created_updated())
        .cascade("org_id", "organisations")
        .set_null("conversation_id", "inbox_conversations")
        .index(&["org_id", "owner_id", "status"], false)
        .index(&["conversation_id", "status"], false);
    // The inbox's settings per organisation: the needs-reply clock (minutes of business hours,
    // none: off), what it does when it runs out, and the hours (open weekdays as bits from
    // Monday, one window of local minutes, in the organisation's zone).
    t.add("inbox_settings")
        .columns([
            id(),
            big("org_id"),
            int_null("reply_minutes"),
            string("escalation", 16),
            small("days"),
            int("start_min"),
            int("end_min"),
            at("updated_at"),
        ])
        .cascade("org_id", "organisations")
        .index(&["org_id"], true);
    t.add("inbox_events")
        .columns([
            id(),
            big("org_id"),
            string("kind", 32),
            big_null("conversation_id"),
            // The member whose own chat it concerns (screens that may not see them skip it).
            big_null("owner_id"),
            text("body"),
            at("created_at"),
        ])
        .cascade("org_id", "organisations")
        .index(&["org_id", "id"], false)
        .index(&["created_at"], false);
}
