//! The team inbox's tables (migration `m20261128_000019_team_inbox`).

table!(
    /// Where conversations arrive: a shared number through a gateway (`kind` 1) or a member's own
    /// WhatsApp Web (`kind` 2, `user_id` the member).
    channel, "inbox_channels", {
        org_id: i64,
        kind: i16,
        user_id: Option<i64>,
        name: String,
        base_url: Option<String>,
        /// The gateway's API key and webhook HMAC key, sealed.
        secret: Option<String>,
        session: Option<String>,
        hook_token: Option<String>,
        /// A `SessionState` code.
        state: String,
        me: Option<String>,
        state_at: i64,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// One chat on one channel.
    conversation, "inbox_conversations", {
        org_id: i64,
        channel_id: i64,
        owner_id: Option<i64>,
        chat_id: String,
        contact: String,
        name: Option<String>,
        is_group: bool,
        open: bool,
        assignee_id: Option<i64>,
        last_message_at: i64,
        last_outbound: bool,
        last_inbound_at: Option<i64>,
        last_outbound_at: Option<i64>,
        preview: Option<String>,
        escalate_at: Option<i64>,
        created_at: i64,
    }
);

table!(
    /// A message of a conversation (`kind` 1) or an internal note (`kind` 2).
    message, "inbox_messages", {
        org_id: i64,
        conversation_id: i64,
        source_id: Option<String>,
        kind: i16,
        outbound: bool,
        author_id: Option<i64>,
        sender: Option<String>,
        body: Option<String>,
        /// Where the media is kept in the file store, once downloaded.
        media_key: Option<String>,
        media_type: Option<String>,
        media_name: Option<String>,
        /// The gateway's URL of media not downloaded yet (cleared once kept or given up).
        media_url: Option<String>,
        media_tries: i32,
        media_next_at: Option<i64>,
        /// An `Ack` code.
        ack: i16,
        error: Option<String>,
        sent_at: i64,
        created_at: i64,
    }
);

table!(
    /// A reply waiting for the gateway.
    send, "inbox_sends", {
        org_id: i64,
        message_id: i64,
        channel_id: i64,
        owner_id: Option<i64>,
        claim_token: Option<String>,
        attempts: i32,
        next_attempt_at: i64,
        last_error: Option<String>,
    }
);

table!(
    /// Up to when a member has read a conversation.
    read, "inbox_reads", {
        conversation_id: i64,
        user_id: i64,
        read_at: i64,
    }
);

table!(
    /// A member new conversations on a shared number are shared among.
    agent, "inbox_agents", {
        org_id: i64,
        channel_id: i64,
        user_id: i64,
        weight: i32,
        available: bool,
        credit: i64,
    }
);

table!(
    /// What happened in an organisation's inbox, in order: the live screens' feed.
    event, "inbox_events", {
        org_id: i64,
        kind: String,
        conversation_id: Option<i64>,
        owner_id: Option<i64>,
        body: String,
        created_at: i64,
    }
);

table!(
    /// A member @mentioned in an internal note.
    mention, "inbox_mentions", {
        org_id: i64,
        conversation_id: i64,
        message_id: i64,
        user_id: i64,
        created_at: i64,
    }
);

table!(
    /// 001 §3 a task: name, date, status (Completed among them), priority, assignee, visibility.
    task, "inbox_tasks", {
        org_id: i64,
        owner_id: i64,
        conversation_id: Option<i64>,
        contact: Option<String>,
        name: String,
        due_at: Option<i64>,
        status: String,
        priority: i16,
        assignee_id: Option<i64>,
        visibility: String,
        completed_at: Option<i64>,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// An organisation's inbox settings: the needs-reply clock (its hours are the
    /// organisation's business hours, `business_hours`).
    settings, "inbox_settings", {
        org_id: i64,
        /// Minutes of business hours before a waiting conversation escalates; None: off.
        reply_minutes: Option<i32>,
        /// `alert` or `reassign`.
        escalation: String,
        updated_at: i64,
    }
);
