//! My Account and the person's settings (issue #28): the profile fields a person changes
//! themselves, the photo's file-store key swapped in one step, and the settings row shared with
//! the notification settings (`user_preferences`).

use crate::entity::manage::preference;
use crate::entity::user;
use crate::{EpochMs, Store, StoreError};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

/// The fields of a profile change; `None` leaves a field as it is, `Some(None)` clears it.
#[derive(Debug, Clone, Default)]
pub struct ProfileFields {
    pub name: Option<String>,
    pub language: Option<String>,
    pub country: Option<Option<String>>,
    pub whatsapp_no: Option<Option<String>>,
}

/// Writes the fields present; answers the user as stored afterwards.
pub async fn update_profile(
    store: &Store,
    user_id: i64,
    fields: ProfileFields,
    now: EpochMs,
) -> Result<Option<user::Model>, StoreError> {
    let mut q = user::Entity::update_many().col_expr(user::Column::UpdatedAt, Expr::value(now));
    if let Some(name) = fields.name {
        q = q.col_expr(user::Column::Name, Expr::value(name));
    }
    if let Some(language) = fields.language {
        q = q.col_expr(user::Column::PreferredLanguage, Expr::value(language));
    }
    if let Some(country) = fields.country {
        q = q.col_expr(user::Column::Country, Expr::value(country));
    }
    if let Some(number) = fields.whatsapp_no {
        q = q.col_expr(user::Column::WhatsappNo, Expr::value(number));
    }
    q.filter(user::Column::Id.eq(user_id))
        .exec(store.conn())
        .await?;
    Ok(user::Entity::find_by_id(user_id).one(store.conn()).await?)
}

/// Puts `key` (and its address) in place of the photo the person had, when that is still
/// `expected` (another upload in between: `Err(current)`, so the caller retries with it).
pub async fn swap_photo(
    store: &Store,
    user_id: i64,
    expected: Option<&str>,
    key: Option<&str>,
    url: Option<&str>,
    now: EpochMs,
) -> Result<Result<(), Option<String>>, StoreError> {
    let mut q = user::Entity::update_many()
        .col_expr(user::Column::PhotoKey, Expr::value(key.map(str::to_owned)))
        .col_expr(
            user::Column::ProfilePic,
            Expr::value(url.map(str::to_owned)),
        )
        .col_expr(user::Column::UpdatedAt, Expr::value(now))
        .filter(user::Column::Id.eq(user_id));
    q = match expected {
        Some(old) => q.filter(user::Column::PhotoKey.eq(old)),
        None => q.filter(user::Column::PhotoKey.is_null()),
    };
    if q.exec(store.conn()).await?.rows_affected == 1 {
        return Ok(Ok(()));
    }
    let current = user::Entity::find_by_id(user_id)
        .one(store.conn())
        .await?
        .and_then(|u| u.photo_key);
    Ok(Err(current))
}

/// Whether `key` is some person's current photo (only those are served).
pub async fn is_current_photo(store: &Store, key: &str) -> Result<bool, StoreError> {
    Ok(user::Entity::find()
        .filter(user::Column::PhotoKey.eq(key))
        .one(store.conn())
        .await?
        .is_some())
}

/// A person's settings as stored (the defaults until they change one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub notifications_enabled: bool,
    pub notification_sound: bool,
    pub blur_contacts: bool,
    pub ai_button: bool,
    pub signature: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            notifications_enabled: true,
            notification_sound: true,
            blur_contacts: false,
            ai_button: true,
            signature: true,
        }
    }
}

pub async fn settings(store: &Store, user_id: i64) -> Result<Settings, StoreError> {
    Ok(preference::Entity::find_by_id(user_id)
        .one(store.conn())
        .await?
        .map_or_else(Settings::default, |p| Settings {
            notifications_enabled: p.notifications_enabled,
            notification_sound: p.notification_sound,
            blur_contacts: p.blur_contacts,
            ai_button: p.ai_button,
            signature: p.signature,
        }))
}

pub async fn set_settings(store: &Store, user_id: i64, s: Settings) -> Result<(), StoreError> {
    preference::Entity::insert(preference::ActiveModel {
        id: Set(user_id),
        notifications_enabled: Set(s.notifications_enabled),
        notification_sound: Set(s.notification_sound),
        blur_contacts: Set(s.blur_contacts),
        ai_button: Set(s.ai_button),
        signature: Set(s.signature),
    })
    .on_conflict(
        OnConflict::column(preference::Column::Id)
            .update_columns([
                preference::Column::NotificationsEnabled,
                preference::Column::NotificationSound,
                preference::Column::BlurContacts,
                preference::Column::AiButton,
                preference::Column::Signature,
            ])
            .to_owned(),
    )
    .exec(store.conn())
    .await?;
    Ok(())
}
