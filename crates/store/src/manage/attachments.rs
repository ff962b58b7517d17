//! A quick reply's or scheduled message's file, written only by compare-and-swap (issue #23):
//! a replacement takes effect only while the row still holds the file it replaces, so two
//! replacements at once (or an edit of the text beside one) cannot leave a stored file that no
//! row names. Every other update of these rows leaves the attachment columns as they are.

use crate::entity::manage::{quick_reply, schedule};
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter};

/// The four attachment columns' new values (all `None`: no file).
#[derive(Debug, Clone, Default)]
pub struct AttachmentColumns {
    pub key: Option<String>,
    pub name: Option<String>,
    pub content_type: Option<String>,
    pub size: Option<i64>,
}

macro_rules! attachment_fns {
    ($update:ident, $swap:ident, $module:ident) => {
        /// Writes every field of a row back except its attachment, which only the swap changes.
        pub async fn $update(
            store: &Store,
            row: $module::Model,
        ) -> Result<$module::Model, StoreError> {
            let mut am = row.into_active_model().reset_all();
            am.attachment_key = sea_orm::ActiveValue::NotSet;
            am.attachment_name = sea_orm::ActiveValue::NotSet;
            am.attachment_type = sea_orm::ActiveValue::NotSet;
            am.attachment_size = sea_orm::ActiveValue::NotSet;
            Ok(am.update(store.conn()).await?)
        }

        /// Sets row `id`'s attachment to `new` when it still holds `expected` (its key, or no
        /// file). Answers whether it did.
        pub async fn $swap(
            store: &Store,
            org_id: i64,
            id: i64,
            expected: Option<&str>,
            new: AttachmentColumns,
            now: EpochMs,
        ) -> Result<bool, StoreError> {
            use $module::Column as C;
            let held = match expected {
                Some(key) => C::AttachmentKey.eq(key),
                None => C::AttachmentKey.is_null(),
            };
            let done = $module::Entity::update_many()
                .col_expr(C::AttachmentKey, Expr::value(new.key))
                .col_expr(C::AttachmentName, Expr::value(new.name))
                .col_expr(C::AttachmentType, Expr::value(new.content_type))
                .col_expr(C::AttachmentSize, Expr::value(new.size))
                .col_expr(C::UpdatedAt, Expr::value(now))
                .filter(C::Id.eq(id))
                .filter(C::OrgId.eq(org_id))
                .filter(held)
                .exec(store.conn())
                .await?;
            Ok(done.rows_affected == 1)
        }
    };
}

attachment_fns!(update_quick_reply, swap_quick_reply_attachment, quick_reply);
attachment_fns!(update_schedule, swap_schedule_attachment, schedule);
