//! The team inbox (issue #27): the shared number's gateway (`gateway.rs`, admins), its signed
//! webhook (`hooks.rs`, public), the chatter list and a conversation's state
//! (`conversations.rs`), messages, replies and notes (`messages.rs`), a message's media
//! (`media.rs`), the settings (`settings.rs`: agents, the
//! needs-reply clock), the live feed (`live.rs`) tasks (`tasks.rs`), and the
//! extension's claims of replies in members' own chats (`member_replies.rs`). Paths under `/api/inbox`
//! (docs/API.md); the logic they share is `crate::inbox`.

use super::{Access, Routes};
use utoipa_axum::routes;

mod conversations;
mod gateway;
mod hooks;
mod live;
mod media;
mod member_replies;
mod messages;
mod settings;
mod tasks;

pub use conversations::*;
pub use gateway::*;
pub use hooks::*;
pub use live::*;
pub use media::*;
pub use member_replies::*;
pub use messages::*;
pub use settings::*;
pub use tasks::*;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(gateway::gateway_status))
        .add(Access::Scoped, routes!(gateway::connect_gateway))
        .add(Access::Scoped, routes!(gateway::disconnect_gateway))
        .add(Access::Scoped, routes!(gateway::gateway_qr))
        .add(Access::Scoped, routes!(gateway::restart_gateway))
        .add(Access::Scoped, routes!(gateway::logout_gateway))
        .add(Access::Public, routes!(hooks::gateway_hook))
        .add(Access::Scoped, routes!(conversations::list_conversations))
        .add(Access::Scoped, routes!(conversations::inbox_counts))
        .add(Access::Scoped, routes!(conversations::get_conversation))
        .add(
            Access::Scoped,
            routes!(conversations::set_conversation_status),
        )
        .add(Access::Scoped, routes!(conversations::assign_conversation))
        .add(Access::Scoped, routes!(conversations::read_conversation))
        .add(Access::Scoped, routes!(conversations::open_chat))
        .add(Access::Scoped, routes!(messages::list_messages))
        .add(Access::Scoped, routes!(messages::reply))
        .add(Access::Scoped, routes!(messages::add_note))
        .add(Access::Scoped, routes!(media::message_media))
        .add(Access::Scoped, routes!(settings::inbox_settings))
        .add(Access::Scoped, routes!(live::inbox_events))
        .add_extension(Access::SignedIn, routes!(member_replies::claim_replies))
        .add_extension(Access::SignedIn, routes!(member_replies::report_reply))
        .add(Access::Scoped, routes!(tasks::list_tasks))
        .add(Access::Scoped, routes!(tasks::create_task))
        .add(Access::Scoped, routes!(tasks::update_task))
        .add(Access::Scoped, routes!(tasks::delete_task))
        .add(Access::Scoped, routes!(settings::set_inbox_settings))
}
