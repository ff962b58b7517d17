//! The manage tools on the wire (001 §2 'Manage Tools', §3 entities, §5 messages; issue #18):
//! quick replies, labels and funnels, user properties, tags, follow-ups, notes and docs per
//! chat, and scheduled messages with their sends. Paths ours under `/api/manage` and
//! `/api/v2/schedules` (the extension's claims), and the spec's `getusertags`; docs/API.md.
//!
//! Every call names its workspace with `org_id`: an organisation the caller belongs to, or none
//! for the caller's personal workspace.

use domain::manage::{FollowUpState, Priority, PropertyKind};
use domain::recurrence::{Recurrence, RepeatUnit};

/// `?org_id`: the organisation, or none for the personal workspace.
#[crate::wire(Default, IntoParams, OptionalFields)]
pub struct ManageQuery {
    pub org_id: Option<i64>,
}

/// `?org_id&name` of an attachment upload (the body is the file, its type in `Content-Type`).
#[crate::wire(IntoParams, OptionalFields)]
pub struct AttachmentQuery {
    pub org_id: Option<i64>,
    /// The file's name: not blank.
    #[param(pattern = r"\S")]
    pub name: String,
}

/// A file attached to a quick reply or a scheduled message.
#[crate::wire]
pub struct AttachmentInfo {
    pub name: String,
    pub size_bytes: i64,
    pub content_type: String,
    /// Downloads the file (signed in as a member of the workspace).
    pub url: String,
}

/// 001 §2 'Templates and quick replies (create for self or for a team, … sent count)'.
#[crate::wire]
pub struct QuickReply {
    pub id: i64,
    pub name: String,
    /// May hold variables (`{{first_name}}`, …), filled when it is used.
    pub message: String,
    /// For a team (its id), or none for the author alone.
    pub team_id: Option<i64>,
    pub owner_id: i64,
    /// Whether the caller may change or delete it.
    pub editable: bool,
    pub attachment: Option<AttachmentInfo>,
    pub sent_count: i64,
    pub updated_at: String,
}

/// A list of short texts as the document describes it: `min` to `max` items, each not blank and
/// at most `chars` characters (the bounds of the domain rule that checks the list).
fn text_list(min: usize, max: usize, chars: usize) -> utoipa::openapi::schema::Array {
    use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
    let item = ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(r"\S"))
        .max_length(Some(chars));
    ArrayBuilder::new()
        .items(item)
        .min_items(Some(min))
        .max_items(Some(max))
        .unique_items(true)
        .build()
}

/// `FunnelRequest::stages`: `domain::manage::funnel`'s bounds.
fn funnel_stages() -> utoipa::openapi::schema::Array {
    use domain::manage::{MAX_STAGES, MAX_STAGE_CHARS};
    text_list(1, MAX_STAGES, MAX_STAGE_CHARS)
}

/// `TagsRequest::tags`: `domain::manage::contact_tags`' bounds.
fn contact_tags() -> utoipa::openapi::schema::Array {
    use domain::manage::{MAX_TAGS, MAX_TAG_CHARS};
    text_list(1, MAX_TAGS, MAX_TAG_CHARS)
}

/// Creates or changes a quick reply.
#[crate::wire(OptionalFields)]
pub struct QuickReplyRequest {
    pub org_id: Option<i64>,
    /// `domain::manage::quick_reply`: not blank, at most 60 characters (`MAX_NAME_CHARS`).
    #[schema(pattern = r"\S", max_length = 60)]
    pub name: String,
    /// At most 4 096 characters (`MAX_MESSAGE_CHARS`).
    #[schema(max_length = 4096)]
    pub message: String,
    /// Share with a team of the organisation (Teams admins decide who may).
    pub team_id: Option<i64>,
    /// A file follows (uploaded next): the message may then be empty.
    pub has_attachment: Option<bool>,
}

/// The quick replies the caller sees, with the plan's limit (001 §9: 5 on Free).
#[crate::wire]
pub struct QuickReplyList {
    pub items: Vec<QuickReply>,
    /// The most the caller may own; none when unlimited.
    pub limit: Option<u32>,
    /// How many the caller owns.
    pub used: u32,
    /// 001 §6: the Free plan's sent-from-the-product signature, appended to every message sent.
    pub signature: Option<String>,
    /// Whether the caller may share quick replies with a team (admins; managers when the
    /// organisation lets them).
    pub may_edit_team_tools: bool,
}

/// A label (001 §3 'Label: name, colour, sublabels, funnel stages; system, custom and shared').
#[crate::wire]
pub struct ManagedLabel {
    pub id: i64,
    pub name: String,
    pub color: String,
    /// The label it is a sublabel of.
    pub parent_id: Option<i64>,
    /// `system` (WhatsApp Business's own, read-only), `custom` (the caller's) or `shared`
    /// (an admin's, for the whole organisation).
    pub kind: String,
    /// False for system labels and for admins' labels seen by others ('Labels created by admins
    /// cannot be edited').
    pub editable: bool,
}

/// Creates or changes a label.
#[crate::wire(OptionalFields)]
pub struct LabelRequest {
    pub org_id: Option<i64>,
    /// `domain::manage::label`: not blank, at most 60 characters (`MAX_NAME_CHARS`).
    #[schema(pattern = r"\S", max_length = 60)]
    pub name: String,
    /// `#RRGGBB`.
    #[schema(pattern = r"^\s*#[0-9A-Fa-f]{6}\s*$")]
    pub color: String,
    pub parent_id: Option<i64>,
    /// An admin's label for the whole organisation (admins only).
    pub shared: Option<bool>,
}

/// A funnel: ordered stages a chat moves through.
#[crate::wire]
pub struct Funnel {
    pub id: i64,
    pub name: String,
    pub stages: Vec<String>,
    pub shared: bool,
    pub editable: bool,
}

/// Creates or changes a funnel.
#[crate::wire(OptionalFields)]
pub struct FunnelRequest {
    pub org_id: Option<i64>,
    /// `domain::manage::funnel`: not blank, at most 60 characters (`MAX_NAME_CHARS`).
    #[schema(pattern = r"\S", max_length = 60)]
    pub name: String,
    /// 1 to 20 stages (`MAX_STAGES`), each not blank and at most 30 characters
    /// (`MAX_STAGE_CHARS`), no two alike.
    #[schema(schema_with = funnel_stages)]
    pub stages: Vec<String>,
    pub shared: Option<bool>,
}

/// The labels and funnels the caller sees, with the plan's label limit (001 §9: 5 on Free).
#[crate::wire]
pub struct LabelBoard {
    pub labels: Vec<ManagedLabel>,
    pub funnels: Vec<Funnel>,
    pub limit: Option<u32>,
    /// Custom labels the caller owns (system labels do not count).
    pub used: u32,
    /// Whether the caller may make and change shared labels and funnels (admins; managers when
    /// the organisation lets them).
    pub may_share: bool,
}

/// A user property of the organisation (001 §3 'User property: name, value, type; options').
#[crate::wire]
pub struct UserProperty {
    pub id: i64,
    pub name: String,
    #[schema(value_type = String)]
    pub kind: PropertyKind,
    pub options: Vec<String>,
}

/// Creates or changes a user property.
#[crate::wire(OptionalFields)]
pub struct UserPropertyRequest {
    /// Properties belong to an organisation: none is 422 `properties_need_organisation`.
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub org_id: Option<i64>,
    /// Not blank, no digit (`domain::manage::user_property`; digits of other scripts too), at most 60
    /// characters.
    #[schema(pattern = r"^[^0-9]*[^\s0-9][^0-9]*$", max_length = 60)]
    pub name: String,
    /// `domain::manage::PropertyKind`.
    #[schema(value_type = String, pattern = "^(text|number|date|boolean|select)$")]
    pub kind: PropertyKind,
    pub options: Option<Vec<String>>,
}

/// One property's value for a contact.
#[crate::wire]
pub struct PropertyValueEntry {
    pub property_id: i64,
    pub value: String,
}

/// A contact's property values (the user-profile panel).
#[crate::wire]
pub struct ContactProfile {
    pub contact: String,
    pub values: Vec<PropertyValueEntry>,
}

/// Sets some of a contact's property values (an empty value clears one).
#[crate::wire]
pub struct ContactProfileRequest {
    /// Properties belong to an organisation (ids from 1).
    #[schema(minimum = 1)]
    pub org_id: i64,
    pub values: Vec<PropertyValueEntry>,
}

/// A contact's tags (`getusertags` entries).
#[crate::wire]
pub struct ContactTags {
    /// The chat id or phone number.
    pub contact: String,
    pub tags: Vec<String>,
    pub updated_at: String,
}

/// Sets a contact's one or two tags.
#[crate::wire(OptionalFields)]
pub struct TagsRequest {
    pub org_id: Option<i64>,
    /// `domain::manage::contact_tags`: one or two (`MAX_TAGS`), each not blank and at most 10
    /// characters (`MAX_TAG_CHARS`).
    #[schema(schema_with = contact_tags)]
    pub tags: Vec<String>,
}

/// A follow-up or reminder (001 §3).
#[crate::wire]
pub struct FollowUp {
    pub id: i64,
    pub title: String,
    pub notes: String,
    pub contact: Option<String>,
    /// The instant (RFC 3339, UTC).
    pub due_at: String,
    /// `YYYY-MM-DDTHH:MM` in `time_zone`, as entered.
    pub due_local: String,
    pub time_zone: String,
    #[schema(value_type = String)]
    pub priority: Priority,
    pub amount: Option<String>,
    #[schema(value_type = String)]
    pub recurrence: Recurrence,
    #[schema(value_type = String)]
    pub state: FollowUpState,
    pub completed_at: Option<String>,
    pub comment: Option<String>,
    pub email: Option<String>,
    /// Minutes before `due_at` the owner is notified (null: at the due time).
    pub lead_minutes: Option<i64>,
}

/// Creates or changes a follow-up.
#[crate::wire(OptionalFields)]
pub struct FollowUpRequest {
    pub org_id: Option<i64>,
    /// Not blank, at most 120 characters (`domain::manage::follow_up`).
    #[schema(pattern = r"\S", max_length = 120)]
    pub title: String,
    pub notes: Option<String>,
    pub contact: Option<String>,
    /// `YYYY-MM-DDTHH:MM` in `time_zone`.
    pub due: String,
    #[schema(schema_with = crate::schemas::time_zone)]
    pub time_zone: String,
    /// `domain::manage::Priority`.
    #[schema(value_type = Option<String>, pattern = "^(none|very_low|low|medium|high|very_high)$")]
    pub priority: Option<Priority>,
    pub amount: Option<String>,
    /// `domain::recurrence::Recurrence`.
    #[schema(value_type = Option<String>, pattern = "^(none|daily|weekly|monthly|annually)$")]
    pub recurrence: Option<Recurrence>,
    /// At most 1 000 characters; blank for none.
    #[schema(max_length = 1000)]
    pub comment: Option<String>,
    /// An e-mail address (`domain::inputs::Email`); blank for none.
    #[schema(max_length = 254)]
    pub email: Option<String>,
    /// Minutes before the due time to notify (001 §3 lead times in minutes, hours, days and
    /// weeks), at most 4 weeks; none for at the due time.
    #[schema(minimum = 0, maximum = 40320)]
    pub lead_minutes: Option<i64>,
}

/// 001 §4 'Pending, Upcoming, Completed'.
#[crate::wire]
pub struct FollowUpBoard {
    pub pending: Vec<FollowUp>,
    pub upcoming: Vec<FollowUp>,
    /// The latest 50 completed.
    pub completed: Vec<FollowUp>,
}

/// 001 §4 'Notifications can be switched on or off, with sound on or off'.
#[crate::wire]
pub struct NotificationSettings {
    pub enabled: bool,
    pub sound: bool,
}

/// A note or doc of a chat (001 §2 per-chat panels).
#[crate::wire]
pub struct ChatNote {
    pub id: i64,
    pub contact: String,
    /// `note` or `doc`.
    pub kind: String,
    pub title: String,
    pub body: String,
    pub updated_at: String,
}

/// Creates or changes a note or doc.
#[crate::wire(OptionalFields)]
pub struct ChatNoteRequest {
    pub org_id: Option<i64>,
    /// The chat's contact key: not blank, at most 64 bytes.
    #[schema(pattern = r"\S", max_length = 64)]
    pub contact: String,
    #[schema(pattern = "^(note|doc)$")]
    pub kind: String,
    pub title: Option<String>,
    /// Not blank; at most 20 000 characters.
    #[schema(pattern = r"\S", max_length = 20000)]
    pub body: String,
}

/// `?org_id&contact`.
#[crate::wire(IntoParams, OptionalFields)]
pub struct ContactQuery {
    pub org_id: Option<i64>,
    /// The chat's contact key: not blank, at most 64 bytes.
    #[param(pattern = r"\S", max_length = 64)]
    pub contact: String,
}

/// A scheduled message (001 §3 'recipient, message, attachment, time, recurrence').
#[crate::wire]
pub struct ScheduledMessage {
    pub id: i64,
    pub recipient: String,
    pub message: String,
    pub attachment: Option<AttachmentInfo>,
    /// `YYYY-MM-DDTHH:MM` in `time_zone`: the first send.
    pub start: String,
    pub time_zone: String,
    pub every: Option<u32>,
    /// `domain::recurrence::RepeatUnit`.
    #[schema(value_type = Option<String>, pattern = "^(minute|hour|day|week|month|year)$")]
    pub unit: Option<RepeatUnit>,
    pub stop_after: Option<u32>,
    /// `send_late` or `skip`: what a send missed while no browser was open does.
    pub missed_policy: String,
    /// The next send is cancelled when the contact has written since the schedule was made.
    pub cancel_if_replied: bool,
    /// `active`, `finished` or `cancelled`.
    pub status: String,
    pub next_send_at: Option<String>,
    pub sent: u32,
    pub failed: u32,
    pub missed: u32,
    /// The latest sends, newest first.
    pub recent: Vec<ScheduleSend>,
}

/// One send of a schedule.
#[crate::wire]
pub struct ScheduleSend {
    pub id: i64,
    pub occurrence: u32,
    pub due_at: String,
    /// `due`, `claimed`, `sent`, `failed`, `missed` or `cancelled` (the contact replied).
    pub status: String,
    /// Sent after its time (the browser was closed).
    pub late: bool,
    pub error: Option<String>,
}

/// Creates or changes a scheduled message.
#[crate::wire(OptionalFields)]
pub struct ScheduleRequest {
    pub org_id: Option<i64>,
    #[schema(schema_with = crate::schemas::phone_number)]
    pub recipient: String,
    pub message: String,
    /// `YYYY-MM-DDTHH:MM` in `time_zone`.
    pub start: String,
    #[schema(schema_with = crate::schemas::time_zone)]
    pub time_zone: String,
    pub every: Option<u32>,
    /// `domain::recurrence::RepeatUnit`.
    #[schema(value_type = Option<String>, pattern = "^(minute|hour|day|week|month|year)$")]
    pub unit: Option<RepeatUnit>,
    /// Stop after this many sends: 1 to 10 000 (`domain::recurrence::MAX_STOP_AFTER`).
    #[schema(minimum = 1, maximum = 10_000)]
    pub stop_after: Option<u32>,
    /// `send_late` (the default) or `skip`.
    #[schema(pattern = "^(send_late|skip)$")]
    pub missed_policy: Option<String>,
    pub cancel_if_replied: Option<bool>,
    /// A file follows (uploaded next): the message may then be empty.
    pub has_attachment: Option<bool>,
}

/// `POST /api/v2/schedules/claim`: the extension asks for the sends due now.
#[crate::wire(OptionalFields)]
pub struct ClaimRequest {
    pub org_id: Option<i64>,
    /// At most this many (1 to 500, default 50; any other number is brought into that range).
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 4294967295_i64)]
    pub limit: Option<u32>,
    /// How long the sends are the caller's (10 to 600 seconds, default 120; any other number is
    /// brought into that range).
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 4294967295_i64)]
    pub lease_seconds: Option<u32>,
}

/// A send handed to the extension: it is the caller's alone until `lease_until`.
#[crate::wire]
pub struct ClaimedSend {
    pub send_id: i64,
    /// Proves the report comes from this claim.
    pub claim_token: String,
    pub schedule_id: i64,
    pub recipient: String,
    pub message: String,
    pub attachment: Option<AttachmentInfo>,
    pub due_at: String,
    /// Past its time (the send-late policy): the extension may say so.
    pub late: bool,
    pub lease_until: String,
}

/// The sends claimed, and how many were marked missed (skip policy) on the way.
#[crate::wire]
pub struct ClaimAnswer {
    pub sends: Vec<ClaimedSend>,
    pub missed: u32,
    pub cancelled: u32,
}

/// `POST /api/v2/schedules/sends/{id}/report`.
#[crate::wire(OptionalFields)]
pub struct SendReport {
    pub claim_token: String,
    /// `sent` or `failed`.
    #[schema(pattern = "^(sent|failed)$")]
    pub status: String,
    pub error: Option<String>,
}

/// `POST /api/manage/quick-replies/{id}/sent`: the extension used a quick reply.
#[crate::wire(OptionalFields)]
pub struct QuickReplySent {
    pub org_id: Option<i64>,
    /// Makes a retried report count once; not blank.
    #[schema(pattern = r"\S")]
    pub event_id: String,
}

/// Who may change team labels and quick replies in an organisation (001 §6 'Teams plan lets
/// admins control access to team labels and quick replies').
#[crate::wire]
pub struct TeamToolsAccess {
    pub org_id: i64,
    /// `admins` or `admins_and_managers`.
    #[schema(pattern = "^(admins|admins_and_managers)$")]
    pub editors: String,
}
