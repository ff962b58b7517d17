//! The team inbox's rules (issue #27; 000 §2 'Chatter', 001 §3 conversations, 001 §9 tabs and
//! mentions): what a WhatsApp chat id names, how delivery acks combine when they arrive in any
//! order, where an open conversation stands, the filter tabs and their keyset cursor, the
//! gateway's session states as the spec names them and fair assignment of new conversations
//! (the needs-reply clock counts open minutes with `crate::business_hours`).

pub mod ack;
pub mod chat;
pub mod list;
pub mod session;
pub mod tasks;
pub mod text;

pub use ack::Ack;
pub use chat::ChatRef;
pub use list::{Cursor, Standing, Tab, FREE_LIMITED_TAB_ROWS};
pub use session::SessionState;

/// 000 §2: 'Chatter messages are paged 20 at a time'; the chatter list pages the same.
pub const PAGE_SIZE: u64 = 20;
/// 001 §9: 'Mentions view covers the last 10 days'.
pub const MENTION_DAYS: i64 = 10;
/// The most characters one reply or internal note may hold (WhatsApp's own limit is 65 536).
pub const MAX_TEXT_CHARS: usize = 4_096;
/// The most minutes the needs-reply clock may be set to (a week of minutes).
pub const MAX_REPLY_MINUTES: u32 = 10_080;
