//! A contact's timeline on the wire (issue #29, the contact's page): its chats, calls, notes,
//! tasks, deals, tickets and logged calls in one list, newest first, paged by a cursor; and the
//! notes and tasks made from a contact, written to its linked CRMs as well.

/// `GET /api/contacts/{id}/timeline`.
#[crate::wire(IntoParams, OptionalFields)]
pub struct TimelineQuery {
    pub org_id: i64,
    /// The `next` of the previous page; the newest page without it.
    pub before: Option<String>,
}

/// One thing that happened with a contact.
#[crate::wire(OptionalFields)]
pub struct TimelineItem {
    /// `message` (a chat message, a member's own chat or the shared number's), `call`
    /// (a WhatsApp call the extension reported), `note`, `task` (a follow-up), `deal`,
    /// `ticket`, `call_log`.
    pub kind: String,
    /// The record's id within its kind.
    pub id: i64,
    /// RFC 3339, UTC: when it happened (a message's or call's time; a record's creation; a
    /// task's due time).
    pub at: String,
    /// The member it belongs to: who chatted, called, wrote or owns it.
    pub user_id: Option<i64>,
    /// A message or call: `incoming` or `outgoing`.
    pub direction: Option<String>,
    /// A note's, task's, deal's or ticket's title or name.
    pub title: Option<String>,
    /// A message's text (at most 500 characters), a note's body, a task's notes, a
    /// description.
    pub text: Option<String>,
    /// A deal's stage, a ticket's status, a logged call's outcome, `done` or `open` for a
    /// task.
    pub status: Option<String>,
    /// A call's or logged call's length in seconds.
    pub duration_s: Option<i64>,
}

/// One page of a contact's timeline.
#[crate::wire(OptionalFields)]
pub struct Timeline {
    pub items: Vec<TimelineItem>,
    /// The cursor of the next (older) page; none at the end.
    pub next: Option<String>,
}

/// `POST /api/contacts/{id}/notes`: a note on a contact — the caller's note of the chat,
/// and a note on the record in each CRM the contact is linked to.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct ContactNoteRequest {
    pub org_id: i64,
    /// Not blank; at most 20 000 characters.
    #[schema(pattern = r"\S", max_length = 20000)]
    pub body: String,
}

/// `POST /api/contacts/{id}/tasks`: a task on a contact — the caller's follow-up of the chat,
/// and a task on the record in each CRM the contact is linked to.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct ContactTaskRequest {
    pub org_id: i64,
    /// Not blank, at most 120 characters (as a follow-up's).
    #[schema(pattern = r"\S", max_length = 120)]
    pub title: String,
    pub notes: Option<String>,
    /// `YYYY-MM-DDTHH:MM` in `time_zone`, not past.
    pub due: String,
    #[schema(schema_with = crate::schemas::time_zone)]
    pub time_zone: String,
}

/// What a note or task made from a contact became.
#[crate::wire(OptionalFields)]
pub struct ContactActivity {
    /// The note's (`chat_notes`) or follow-up's id here.
    pub id: i64,
    /// Each linked CRM it was written to, by provider key (`hubspot`, `zoho`).
    pub written_to: Vec<String>,
    /// Each linked CRM that refused it, with the error code (`crm_unavailable`, …); the record
    /// here is kept.
    pub failed: Vec<CrmFailure>,
}

/// A CRM that refused a write.
#[crate::wire]
pub struct CrmFailure {
    pub provider: String,
    pub code: String,
}
