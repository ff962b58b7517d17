//! The manage tools' rows (issue #18): quick replies, labels, funnels, user properties and
//! their values, tags, follow-ups, notes, preferences, and scheduled messages with their sends.
//! Every query names the workspace (`org_id`, 0 for a person's own) and, for personal rows,
//! the owner. The claim of due sends is one statement (a lease, `FOR UPDATE SKIP LOCKED` on
//! PostgreSQL) so a send is never handed to two claimers while its lease lives.

use crate::{Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

mod attachments;
mod contact_tags;
mod follow_ups;
mod labels;
mod notes;
mod properties;
mod quick_replies;
mod schedules;
mod sends;

pub use attachments::{
    swap_quick_reply_attachment, swap_schedule_attachment, update_quick_reply, update_schedule,
    AttachmentColumns,
};
pub use contact_tags::*;
pub use follow_ups::*;
pub use labels::*;
pub use notes::*;
pub use properties::*;
pub use quick_replies::*;
pub use schedules::*;
pub use sends::*;

/// Who may change an organisation's team labels and quick replies.
pub async fn set_team_tools_editors(
    store: &Store,
    org_id: i64,
    editors: &str,
) -> Result<(), StoreError> {
    use crate::entity::organisation;
    organisation::Entity::update_many()
        .col_expr(organisation::Column::TeamToolsEditors, Expr::value(editors))
        .filter(organisation::Column::Id.eq(org_id))
        .exec(store.conn())
        .await?;
    Ok(())
}
