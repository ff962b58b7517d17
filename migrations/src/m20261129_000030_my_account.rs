//! My Account and the person's settings (issue #28, 001 §2): the country and WhatsApp number of
//! a user, the file-store key of the photo uploaded here (`profile_pic` keeps the address shown),
//! and the settings beside the notification ones — blur contact names and images, the AI button,
//! the product's signature (Free always appends it; paid plans may turn it off).

use crate::columns::{add_columns, drop_columns, flag, migration, string_null};
use sea_orm_migration::prelude::*;

migration!();

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    add_columns(
        m,
        "users",
        [
            string_null("country", 2),
            string_null("whatsapp_no", 20),
            string_null("photo_key", 200),
        ],
    )
    .await?;
    add_columns(
        m,
        "user_preferences",
        [
            flag("blur_contacts", false),
            flag("ai_button", true),
            flag("signature", true),
        ],
    )
    .await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    drop_columns(
        m,
        "user_preferences",
        &["blur_contacts", "ai_button", "signature"],
    )
    .await?;
    drop_columns(m, "users", &["country", "whatsapp_no", "photo_key"]).await
}
