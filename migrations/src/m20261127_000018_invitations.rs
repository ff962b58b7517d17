//! Invitations, e-mails and organisation changes (issue #25): an e-mail kept in the development
//! mailbox keeps its HTML part beside the plain text (`dev_mailbox.html`); a membership records
//! who invited the person and when the newest invitation went out (`invited_by`,
//! `invitation_sent_at`, for the resend's wait); `org_audit` records the changes an
//! organisation's admins and managers make (time zone, name, logo, a member's role or team, an
//! invitation resent): who, what, when, the values before and after.

use crate::columns::{
    add_columns, at, at_null, big, big_null, drop_columns, id, migration, string, text, text_null,
    Tables,
};
use sea_orm_migration::prelude::*;

migration!();

fn tables(t: &mut Tables) {
    t.add("org_audit")
        .columns([
            id(),
            big("org_id"),
            big_null("actor_id"),
            at("at"),
            string("action", 60),
            big_null("target_user_id"),
            text("detail"),
        ])
        .if_not_exists()
        .index(&["org_id", "at"], false)
        .index(&["target_user_id", "action", "at"], false);
}

async fn up(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    add_columns(m, "dev_mailbox", [text_null("html")]).await?;
    let invited = [big_null("invited_by"), at_null("invitation_sent_at")];
    add_columns(m, "memberships", invited).await?;
    Tables::new(tables).create(m).await
}

async fn down(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    Tables::new(tables).drop(m).await?;
    drop_columns(m, "memberships", &["invited_by", "invitation_sent_at"]).await?;
    drop_columns(m, "dev_mailbox", &["html"]).await
}
