//! The manage tools' tables (migration 000012). `org_id` 0 is a person's own workspace.

table!(
    /// A quick reply: for its owner, or for a team of the organisation (`team_id`).
    quick_reply, "quick_replies", {
        org_id: i64,
        owner_id: i64,
        team_id: Option<i64>,
        name: String,
        message: String,
        sent_count: i64,
        created_at: i64,
        updated_at: i64,
        attachment_key: Option<String>,
        attachment_name: Option<String>,
        attachment_type: Option<String>,
        attachment_size: Option<i64>,
    }
);

table!(
    /// A custom label, or an admin's label shared with the organisation.
    label, "manage_labels", {
        org_id: i64,
        owner_id: i64,
        parent_id: Option<i64>,
        name: String,
        color: String,
        shared: bool,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// A funnel; `stages` is a JSON array of names, in order.
    funnel, "funnels", {
        org_id: i64,
        owner_id: i64,
        name: String,
        stages: String,
        shared: bool,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// A user property of an organisation; `options` is a JSON array.
    property, "user_properties", {
        org_id: i64,
        name: String,
        kind: String,
        options: String,
        created_by: i64,
        created_at: i64,
    }
);

table!(
    /// A contact's value of a property.
    property_value, "contact_property_values", {
        org_id: i64,
        property_id: i64,
        contact: String,
        value: String,
        updated_by: i64,
        updated_at: i64,
    }
);

table!(
    /// A contact's tags (a JSON array of one or two); `owner_id` 0 in an organisation, where
    /// tags are the organisation's, the person in their own workspace.
    tags, "contact_tags", {
        org_id: i64,
        owner_id: i64,
        contact: String,
        tags: String,
        updated_at: i64,
    }
);

table!(
    /// A follow-up or reminder.
    follow_up, "follow_ups", {
        org_id: i64,
        owner_id: i64,
        contact: Option<String>,
        title: String,
        notes: String,
        due_at: i64,
        due_local: String,
        time_zone: String,
        priority: String,
        amount: Option<String>,
        recurrence: String,
        completed_at: Option<i64>,
        created_at: i64,
        updated_at: i64,
        comment: Option<String>,
        email: Option<String>,
        /// Minutes before `due_at` the owner is notified (null: at the due time).
        lead_minutes: Option<i64>,
    }
);

table!(
    /// A note or doc of a chat.
    note, "chat_notes", {
        org_id: i64,
        owner_id: i64,
        contact: String,
        kind: String,
        title: String,
        body: String,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// A scheduled message; its sends are rows of `schedule_sends`, the next one made when the
    /// previous one ends.
    schedule, "schedules", {
        org_id: i64,
        owner_id: i64,
        recipient: String,
        message: String,
        start_local: String,
        time_zone: String,
        every: Option<i32>,
        unit: Option<String>,
        stop_after: Option<i32>,
        missed_policy: String,
        cancel_if_replied: bool,
        status: String,
        created_at: i64,
        updated_at: i64,
        attachment_key: Option<String>,
        attachment_name: Option<String>,
        attachment_type: Option<String>,
        attachment_size: Option<i64>,
    }
);

table!(
    /// One send of a schedule: `due` until claimed (`claimed` until `lease_until`), then `sent`,
    /// `failed`, `missed` or `cancelled`.
    send, "schedule_sends", {
        schedule_id: i64,
        owner_id: i64,
        occurrence: i32,
        due_at: i64,
        status: String,
        lease_until: Option<i64>,
        claim_token: Option<String>,
        late: bool,
        error: Option<String>,
        finished_at: Option<i64>,
    }
);

table!(
    /// A person's settings (notifications, and 001 §2's blur, AI button and signature); `id`
    /// is the user's id.
    preference, "user_preferences", {
        notifications_enabled: bool,
        notification_sound: bool,
        blur_contacts: bool,
        ai_button: bool,
        signature: bool,
    }
);
