//! The team inbox on the wire (issue #27; 000 §2 'Chatter', 001 §3, §9): the shared number's
//! gateway, the chatter list with its tabs and counts, a conversation's messages, replies,
//! internal notes, assignment and Open/Closed. Paths under `/api/inbox`; every call names its
//! organisation with `org_id` (the inbox is an organisation's, for its admins and managers).

/// `?org_id`.
#[crate::wire(IntoParams)]
pub struct InboxQuery {
    pub org_id: i64,
}

/// `?org_id&tab&cursor` of the chatter list.
#[crate::wire(IntoParams, OptionalFields)]
pub struct ConversationListQuery {
    pub org_id: i64,
    /// One of the tabs (001 §9), `all` when absent.
    #[param(schema_with = crate::schemas::inbox_tab_or_null)]
    pub tab: Option<String>,
    /// The `next_cursor` of the page before.
    #[param(pattern = r"^[0-9]{1,20}\.[0-9]{1,20}$")]
    pub cursor: Option<String>,
    /// Words a message or note of the conversation holds (the last may be the start of one).
    #[param(max_length = 200)]
    pub q: Option<String>,
}

/// `?org_id&before` of a conversation's messages.
#[crate::wire(IntoParams, OptionalFields)]
pub struct MessageListQuery {
    pub org_id: i64,
    /// The `next_cursor` of the newer page.
    #[param(pattern = r"^[0-9]{1,20}\.[0-9]{1,20}$")]
    pub before: Option<String>,
}

/// Connects the organisation's shared number through its WhatsApp gateway.
#[crate::wire]
pub struct GatewayRequest {
    pub org_id: i64,
    /// What the team calls the number ("Sales line").
    #[schema(pattern = r"\S", max_length = 120)]
    pub name: String,
    /// The gateway's http(s) address, reachable from the server.
    #[schema(pattern = r"^\s*[hH][tT][tT][pP][sS]?://", max_length = 2000)]
    pub base_url: String,
    /// The gateway's API key (kept sealed, never sent back).
    #[schema(pattern = r"\S", max_length = 512)]
    pub api_key: String,
}

/// The shared number as the settings show it. The API key is never sent back.
#[crate::wire]
pub struct GatewayStatus {
    pub connected: bool,
    pub name: Option<String>,
    pub base_url: Option<String>,
    /// One of the spec's session states (`domain::inbox::SessionState`).
    pub state: Option<String>,
    /// The number once paired.
    pub number: Option<String>,
    /// Replies kept until the gateway takes them.
    pub waiting_replies: u64,
}

/// The QR code to scan while the session waits for one.
#[crate::wire]
pub struct GatewayQr {
    pub state: String,
    /// A `data:image/png;base64,…` URL; none unless the state is `SCAN_QR_CODE`.
    pub qr: Option<String>,
}

/// A row of the chatter list (000 §2: `Name`, `CreatedByUser`).
#[crate::wire]
pub struct Conversation {
    pub id: i64,
    /// `shared` (the shared number) or `member` (a member's own WhatsApp).
    pub channel: String,
    /// The member whose own chat it is (000 §2 `CreatedByUser`); none on the shared number.
    pub created_by_user: Option<i64>,
    pub chat_id: String,
    /// The contact its notes, tags and tasks are kept under.
    pub contact: String,
    pub name: Option<String>,
    pub is_group: bool,
    /// `needs_reply`, `awaiting_reply` or `closed` (`domain::inbox::Standing`).
    pub standing: String,
    pub assignee_id: Option<i64>,
    pub last_message_at: String,
    pub preview: Option<String>,
    pub unread: bool,
}

/// A page of the chatter list.
#[crate::wire]
pub struct ConversationPage {
    pub items: Vec<Conversation>,
    pub next_cursor: Option<String>,
    /// 001 §9: on Free the unread and mentions tabs show a few rows; the rest needs an upgrade.
    pub upgrade_to_see_all: bool,
}

/// One tab's count.
#[crate::wire]
pub struct TabCount {
    pub tab: String,
    pub count: u64,
}

#[crate::wire]
pub struct InboxCounts {
    pub tabs: Vec<TabCount>,
}

/// A message or internal note.
#[crate::wire]
pub struct InboxMessage {
    pub id: i64,
    /// `message` or `note`.
    pub kind: String,
    pub outbound: bool,
    /// The member who wrote it here (a reply or a note).
    pub author_id: Option<i64>,
    /// Who wrote it in a group.
    pub sender: Option<String>,
    pub body: Option<String>,
    pub media_name: Option<String>,
    pub media_type: Option<String>,
    /// The media is kept and downloads from `…/messages/{id}/media` (false while it is on its
    /// way from the gateway, or when there is none).
    pub media_ready: bool,
    /// `queued`, `sent`, `delivered`, `read` or `failed` (`domain::inbox::Ack`).
    pub ack: String,
    /// Why it failed.
    pub error: Option<String>,
    pub sent_at: String,
}

#[crate::wire]
pub struct MessagePage {
    pub items: Vec<InboxMessage>,
    pub next_cursor: Option<String>,
}

/// A reply, or an internal note (with `@[member id]` mentions).
#[crate::wire]
pub struct InboxTextRequest {
    pub org_id: i64,
    /// Not blank, at most 4 096 characters (`domain::inbox::MAX_TEXT_CHARS`).
    #[schema(pattern = r"\S", max_length = 4096)]
    pub text: String,
}

/// Open or Closed (001 §3).
#[crate::wire]
pub struct ConversationStatusRequest {
    pub org_id: i64,
    pub open: bool,
}

/// Assigns to a member of the organisation, or unassigns (none).
#[crate::wire(OptionalFields)]
pub struct AssignRequest {
    pub org_id: i64,
    pub user_id: Option<i64>,
}

/// 000 §2 'open chat by number' on the shared number.
#[crate::wire]
pub struct OpenChatRequest {
    pub org_id: i64,
    #[schema(schema_with = crate::schemas::phone_number)]
    pub number: String,
}

/// A member new conversations on the shared number are shared among.
#[crate::wire]
pub struct InboxAgent {
    pub user_id: i64,
    /// Their share against the others' (0 to 100; 0 takes none).
    #[schema(maximum = 100)]
    pub weight: u32,
    /// Whether they take new conversations now.
    pub available: bool,
}

/// The inbox's settings: who new conversations go to, and the needs-reply clock, counted in the
/// organisation's business hours (`/api/business-hours`).
#[crate::wire(OptionalFields)]
pub struct InboxSettings {
    pub org_id: i64,
    pub agents: Vec<InboxAgent>,
    /// Minutes of business hours a conversation may wait for a reply; none: the clock is off.
    #[schema(minimum = 1, maximum = 10080)]
    pub reply_minutes: Option<u32>,
    /// `alert` or `reassign` when the clock runs out.
    #[schema(pattern = "^(alert|reassign)$")]
    pub escalation: String,
}

/// `?org_id&after&follow` of the live feed.
#[crate::wire(IntoParams, OptionalFields)]
pub struct EventsQuery {
    pub org_id: i64,
    /// The last event seen (the `Last-Event-ID` header wins); none: from now.
    pub after: Option<u64>,
    /// false: answer the events since `after` and end (a catch-up read); default true.
    pub follow: Option<bool>,
}

/// `?org_id&conversation_id` of the task list.
#[crate::wire(IntoParams, OptionalFields)]
pub struct TaskQuery {
    pub org_id: i64,
    /// One conversation's tasks; none: every task the caller sees.
    pub conversation_id: Option<i64>,
}

/// 001 §3 a task.
#[crate::wire]
pub struct InboxTask {
    pub id: i64,
    pub conversation_id: Option<i64>,
    pub contact: Option<String>,
    pub name: String,
    pub due_at: Option<String>,
    /// `open`, `in_progress` or `completed`.
    pub status: String,
    /// `none`, `very_low`, `low`, `medium`, `high` or `very_high`.
    pub priority: String,
    pub assignee_id: Option<i64>,
    /// `personal`, `shared`, `self`, `team` or `org`.
    pub visibility: String,
    pub owner_id: i64,
    pub created_at: String,
    pub completed_at: Option<String>,
}

#[crate::wire]
pub struct TaskList {
    pub items: Vec<InboxTask>,
}

/// Creates or changes a task.
#[crate::wire(OptionalFields)]
pub struct TaskRequest {
    pub org_id: i64,
    pub conversation_id: Option<i64>,
    /// Not blank, at most 200 characters.
    #[schema(pattern = r"\S", max_length = 200)]
    pub name: String,
    /// RFC 3339.
    #[schema(format = DateTime)]
    pub due_at: Option<String>,
    #[schema(pattern = "^(open|in_progress|completed)$")]
    pub status: Option<String>,
    #[schema(pattern = "^(none|very_low|low|medium|high|very_high)$")]
    pub priority: Option<String>,
    pub assignee_id: Option<i64>,
    #[schema(pattern = "^(personal|shared|self|team|org)$")]
    pub visibility: Option<String>,
}

/// `POST /api/v2/inbox/replies/claim`: the extension asks for the replies the team wrote in the
/// caller's own chats.
#[crate::wire(OptionalFields)]
pub struct ReplyClaimRequest {
    /// At most this many (1 to 100, default 20; any other number is brought into that range).
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 4294967295_i64)]
    pub limit: Option<u32>,
    /// How long the replies are the caller's (10 to 600 seconds, default 60; brought into range).
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 4294967295_i64)]
    pub lease_seconds: Option<u32>,
}

/// A reply the extension sends from the member's WhatsApp.
#[crate::wire]
pub struct ClaimedReply {
    pub reply_id: i64,
    pub claim_token: String,
    pub org_id: i64,
    pub chat_id: String,
    pub text: String,
    pub lease_until: String,
}

#[crate::wire]
pub struct ReplyClaim {
    pub replies: Vec<ClaimedReply>,
}

/// `POST /api/v2/inbox/replies/{id}/report`.
#[crate::wire(OptionalFields)]
pub struct ReplyReport {
    pub claim_token: String,
    /// `sent` or `failed`.
    #[schema(pattern = "^(sent|failed)$")]
    pub status: String,
    /// WhatsApp's id of the sent message (the same the extension reports the chat message
    /// under), so the inbox stores it once.
    #[schema(max_length = 200)]
    pub message_id: Option<String>,
    #[schema(max_length = 255)]
    pub error: Option<String>,
}
