//! The knowledge base on the wire (000 §2 `/knowledge-base`, §3 chat message, §7 AI handler;
//! issue #17). Paths ours under `/api/kb` (docs/API.md).

/// An uploaded document.
#[crate::wire]
pub struct KbDocument {
    pub id: i64,
    pub name: String,
    pub size_bytes: i64,
    pub pages: i32,
    pub passages: u64,
    pub created_at: String,
}

/// An upload's body: the PDF file itself (`Content-Type: application/pdf`), bytes as they are.
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct PdfFile(pub Vec<u8>);

/// `?org_id&name` of an upload (the body is the PDF).
#[crate::wire]
pub struct UploadQuery {
    pub org_id: i64,
    pub name: String,
}

/// A passage cited by an answer: its document, page and text, with the matched words' byte
/// ranges to highlight.
#[crate::wire]
pub struct Citation {
    pub document_id: i64,
    pub document_name: String,
    pub page: i32,
    pub passage: String,
    /// `[start, end)` byte offsets in `passage` (UTF-8).
    #[cfg_attr(feature = "ts", ts(type = "Array<[number, number]>"))]
    pub highlights: Vec<(usize, usize)>,
    /// Opens the PDF at the page (`…#page=N`).
    pub url: String,
}

/// 000 §3 chat message: id, message, type (user or bot), date; with our status and citations.
#[crate::wire]
pub struct KbMessage {
    pub id: i64,
    pub message: String,
    /// `user` or `bot`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(rename = "type"))]
    pub kind: String,
    /// UTC timestamp text.
    pub date: String,
    /// The bot's: `answered`, `not_found` or `failed`; the user's: `asked`.
    pub status: String,
    pub citations: Vec<Citation>,
}

/// A question (`conversation_id` continues a conversation; none starts one).
#[crate::wire(OptionalFields)]
pub struct AskRequest {
    pub org_id: i64,
    pub conversation_id: Option<i64>,
    /// Not blank (a longer one is cut to its first 2 000 characters).
    #[schema(pattern = r"\S")]
    pub question: String,
}

/// The question as stored and its answer.
#[crate::wire]
pub struct AskAnswer {
    pub conversation_id: i64,
    pub question: KbMessage,
    pub answer: KbMessage,
}

/// A conversation in the list.
#[crate::wire]
pub struct KbConversation {
    pub id: i64,
    pub title: String,
    pub updated_at: String,
}

/// A conversation with its messages.
#[crate::wire]
pub struct KbConversationDetail {
    pub conversation: KbConversation,
    pub messages: Vec<KbMessage>,
}

/// A conversation's new title.
#[crate::wire]
pub struct RenameConversation {
    /// 1 to 80 characters once trimmed.
    #[schema(pattern = r"\S", max_length = 80)]
    pub title: String,
}

/// A question nothing in the documents answered.
#[crate::wire]
pub struct UnansweredQuestion {
    pub question: String,
    pub at: String,
}

/// `?org_id` with an id in the path.
#[crate::wire]
pub struct KbOrgQuery {
    pub org_id: i64,
}

/// One message of the chat a reply is suggested for.
#[crate::wire(OptionalFields)]
pub struct ChatLine {
    pub text: String,
    /// `INCOMING` (the contact's) or `OUTGOING` (ours); incoming when absent.
    pub direction: Option<String>,
}

/// 001 §1, §9 AI reply generator: the chat's last messages.
#[crate::wire(OptionalFields)]
pub struct ReplyRequest {
    pub org_id: i64,
    pub messages: Vec<ChatLine>,
    /// The contact's name, to fill a quick reply's variables (`{{first_name}}`, …).
    pub contact_name: Option<String>,
}

/// A suggested reply and the replies left today (001 §9 'shown as replies left').
#[crate::wire]
pub struct ReplySuggestion {
    /// Null when nothing in the quick replies or the documents fits the chat.
    pub suggestion: Option<String>,
    /// `ai`, `quick_reply`, `documents` or `none`.
    pub source: String,
    pub citations: Vec<Citation>,
    pub replies_left: u32,
    pub daily_limit: u32,
}

/// The replies left today.
#[crate::wire]
pub struct RepliesLeft {
    pub replies_left: u32,
    pub daily_limit: u32,
}
