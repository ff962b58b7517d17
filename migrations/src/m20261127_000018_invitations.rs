//! Invitations, e-mails and organisation changes (issue #25): an e-mail kept in the development
//! mailbox keeps its HTML part beside the plain text (`dev_mailbox.html`); a membership records
//! who invited the person and when the newest invitation went out (`invited_by`,
//! `invitation_sent_at`, for the resend's wait); `org_audit` records the changes an
//! organisation's admins and managers make (time zone, name, logo, a member's role or team, an
//! invitation resent): who, what, when, the values before and after.

use crate::columns::{col, id, index};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Alias::new("dev_mailbox"))
                .add_column(col("html").text().null().to_owned())
                .to_owned(),
        )
        .await?;
        // One column per statement: SQLite alters one at a time.
        for c in [
            col("invited_by").big_integer().null().to_owned(),
            col("invitation_sent_at").big_integer().null().to_owned(),
        ] {
            m.alter_table(
                Table::alter()
                    .table(Alias::new("memberships"))
                    .add_column(c)
                    .to_owned(),
            )
            .await?;
        }
        m.create_table(
            Table::create()
                .table(Alias::new("org_audit"))
                .if_not_exists()
                .col(id())
                .col(col("org_id").big_integer().not_null().to_owned())
                .col(col("actor_id").big_integer().null().to_owned())
                .col(col("at").big_integer().not_null().to_owned())
                .col(col("action").string_len(60).not_null().to_owned())
                .col(col("target_user_id").big_integer().null().to_owned())
                .col(col("detail").text().not_null().to_owned())
                .to_owned(),
        )
        .await?;
        m.create_index(index("org_audit", &["org_id", "at"], false))
            .await?;
        m.create_index(index(
            "org_audit",
            &["target_user_id", "action", "at"],
            false,
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Alias::new("org_audit")).to_owned())
            .await?;
        for c in ["invited_by", "invitation_sent_at"] {
            m.alter_table(
                Table::alter()
                    .table(Alias::new("memberships"))
                    .drop_column(Alias::new(c))
                    .to_owned(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table(Alias::new("dev_mailbox"))
                .drop_column(Alias::new("html"))
                .to_owned(),
        )
        .await
    }
}
