//! The team inbox's rows: channels (`channels.rs`), what arrives — messages stored once by their
//! source id, their conversation kept current in the same transaction, acks applied in any order
//! (`intake.rs`) — the chatter list and a conversation's messages (`list.rs`), and the outbox of
//! replies waiting for the gateway (`sends.rs`).
//!
//! **Invariant:** a message is stored once per conversation and source id (webhook retries and
//! extension re-sends change nothing), and a conversation's last-message fields always describe
//! its newest stored message.

pub mod agents;
pub mod batch;
pub mod channels;
pub mod conversations;
pub mod events;
pub mod intake;
pub mod list;
pub mod media;
pub mod search;
pub mod sends;
pub mod settings;
pub mod tasks;

/// `inbox_channels.kind`: a shared number through a gateway.
pub const GATEWAY: i16 = 1;
/// `inbox_channels.kind`: a member's own WhatsApp Web, reported by the extension.
pub const MEMBER: i16 = 2;
/// `inbox_messages.kind`: a WhatsApp message.
pub const MESSAGE: i16 = 1;
/// `inbox_messages.kind`: an internal note of the team, never sent.
pub const NOTE: i16 = 2;
