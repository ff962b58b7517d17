//! The manage tools (001 §2 'Manage Tools', §3, §5, §6, §8, §9; issue #18): quick replies with
//! variables and attachments, labels with sublabels and funnels, the organisation's user
//! properties and each contact's values, tags per contact (`getusertags`), notes and docs per
//! chat, and who may change team labels and quick replies. Follow-ups and scheduled messages are
//! in `routes/planner/`. Every form is checked by the same domain rule the browser runs.

use super::{Access, Routes};
use crate::error::AppError;
use domain::RuleError;
use utoipa_axum::routes;

mod labels;
pub(crate) mod notes;
mod properties;
mod quick_replies;
mod tags;
mod team_tools;

pub use labels::*;
pub use notes::*;
pub use properties::*;
pub use quick_replies::*;
pub use tags::*;
pub use team_tools::*;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(quick_replies::list_quick_replies))
        .add(Access::Scoped, routes!(quick_replies::create_quick_reply))
        .add(Access::Scoped, routes!(quick_replies::update_quick_reply))
        .add(Access::Scoped, routes!(quick_replies::delete_quick_reply))
        .add(
            Access::Scoped,
            routes!(quick_replies::upload_quick_reply_attachment),
        )
        .add(
            Access::Scoped,
            routes!(quick_replies::download_quick_reply_attachment),
        )
        .add(
            Access::Scoped,
            routes!(quick_replies::remove_quick_reply_attachment),
        )
        .add(Access::Scoped, routes!(quick_replies::quick_reply_sent))
        .add(Access::Scoped, routes!(labels::label_board))
        .add(Access::Scoped, routes!(labels::create_label))
        .add(Access::Scoped, routes!(labels::update_label))
        .add(Access::Scoped, routes!(labels::delete_label))
        .add(Access::Scoped, routes!(labels::create_funnel))
        .add(Access::Scoped, routes!(labels::update_funnel))
        .add(Access::Scoped, routes!(labels::delete_funnel))
        .add(Access::Scoped, routes!(properties::list_properties))
        .add(Access::Scoped, routes!(properties::create_property))
        .add(Access::Scoped, routes!(properties::update_property))
        .add(Access::Scoped, routes!(properties::delete_property))
        .add(Access::Scoped, routes!(properties::contact_profile))
        .add(Access::Scoped, routes!(properties::set_contact_profile))
        .add_extension(Access::Scoped, routes!(tags::user_tags))
        .add(Access::Scoped, routes!(tags::contact_tags))
        .add(Access::Scoped, routes!(tags::set_contact_tags))
        .add(Access::Scoped, routes!(notes::list_notes))
        .add(Access::Scoped, routes!(notes::create_note))
        .add(Access::Scoped, routes!(notes::update_note))
        .add(Access::Scoped, routes!(notes::delete_note))
        .add(Access::Scoped, routes!(team_tools::team_tools_access))
        .add(Access::Scoped, routes!(team_tools::set_team_tools_access))
}

fn rule_field<T>(field: &str, r: Result<T, RuleError>) -> Result<T, AppError> {
    r.map_err(|rule| AppError::invalid_field(field, rule))
}

/// A chat's contact as the rows key it: trimmed, 1 to 64 bytes (`fields.contact`).
fn contact_key(raw: &str) -> Result<String, AppError> {
    let c = raw.trim();
    if c.is_empty() || c.len() > 64 {
        return Err(AppError::invalid_field(
            "contact",
            RuleError::FieldsRequired,
        ));
    }
    Ok(c.to_owned())
}
