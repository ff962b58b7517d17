//! Notes and docs per chat, each its owner's (newest first).

use crate::entity::manage::note;
use crate::scoped::scoped;
use sea_orm::{ColumnTrait, Condition, QueryOrder, Select};

scoped!(note, owner: OwnerId, order: |q: Select<note::Entity>| q
    .order_by_desc(note::Column::UpdatedAt));

/// The notes of one chat (a filter for [`crate::scoped::list`]).
pub fn notes_of(contact: &str) -> Condition {
    Condition::all().add(note::Column::Contact.eq(contact))
}
