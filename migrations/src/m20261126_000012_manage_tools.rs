//! The manage tools (issue #18): quick replies, labels and funnels, user properties and their
//! values per contact, tags per contact, follow-ups, notes and docs per chat, scheduled messages
//! and their sends (claimed by the extension with a lease), each user's notification settings,
//! and who may change an organisation's team labels and quick replies.
//!
//! `org_id` 0 is a person's own workspace (001 §4 'Account: individual or teams'): its rows
//! belong to `owner_id` alone.

use crate::columns::{col, id, index};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn big(name: &str) -> ColumnDef {
    col(name).big_integer().not_null().to_owned()
}

fn big_null(name: &str) -> ColumnDef {
    col(name).big_integer().null().to_owned()
}

fn text(name: &str) -> ColumnDef {
    col(name).text().not_null().to_owned()
}

fn short(name: &str, len: u32) -> ColumnDef {
    col(name).string_len(len).not_null().to_owned()
}

fn short_null(name: &str, len: u32) -> ColumnDef {
    col(name).string_len(len).null().to_owned()
}

fn flag(name: &str, default: bool) -> ColumnDef {
    col(name).boolean().not_null().default(default).to_owned()
}

/// A file in the file store, as four nullable columns.
fn attachment() -> Vec<ColumnDef> {
    vec![
        short_null("attachment_key", 255),
        short_null("attachment_name", 255),
        short_null("attachment_type", 120),
        big_null("attachment_size"),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables: Vec<(&str, Vec<ColumnDef>)> = vec![
            (
                "quick_replies",
                [
                    vec![
                        id(),
                        big("org_id"),
                        big("owner_id"),
                        big_null("team_id"),
                        short("name", 120),
                        text("message"),
                        big("sent_count"),
                        big("created_at"),
                        big("updated_at"),
                    ],
                    attachment(),
                ]
                .concat(),
            ),
            (
                "manage_labels",
                vec![
                    id(),
                    big("org_id"),
                    big("owner_id"),
                    big_null("parent_id"),
                    short("name", 120),
                    short("color", 7),
                    flag("shared", false),
                    big("created_at"),
                    big("updated_at"),
                ],
            ),
            (
                "funnels",
                vec![
                    id(),
                    big("org_id"),
                    big("owner_id"),
                    short("name", 120),
                    text("stages"),
                    flag("shared", false),
                    big("created_at"),
                    big("updated_at"),
                ],
            ),
            (
                "user_properties",
                vec![
                    id(),
                    big("org_id"),
                    short("name", 120),
                    short("kind", 10),
                    text("options"),
                    big("created_by"),
                    big("created_at"),
                ],
            ),
            (
                "contact_property_values",
                vec![
                    id(),
                    big("org_id"),
                    big("property_id"),
                    short("contact", 64),
                    text("value"),
                    big("updated_by"),
                    big("updated_at"),
                ],
            ),
            (
                "contact_tags",
                vec![
                    id(),
                    big("org_id"),
                    big("owner_id"),
                    short("contact", 64),
                    text("tags"),
                    big("updated_at"),
                ],
            ),
            (
                "follow_ups",
                vec![
                    id(),
                    big("org_id"),
                    big("owner_id"),
                    short_null("contact", 64),
                    short("title", 240),
                    text("notes"),
                    big("due_at"),
                    short("due_local", 16),
                    short("time_zone", 64),
                    short("priority", 10),
                    short_null("amount", 32),
                    short("recurrence", 10),
                    big_null("completed_at"),
                    big("created_at"),
                    big("updated_at"),
                ],
            ),
            (
                "chat_notes",
                vec![
                    id(),
                    big("org_id"),
                    big("owner_id"),
                    short("contact", 64),
                    short("kind", 4),
                    short("title", 240),
                    text("body"),
                    big("created_at"),
                    big("updated_at"),
                ],
            ),
            (
                "schedules",
                [
                    vec![
                        id(),
                        big("org_id"),
                        big("owner_id"),
                        short("recipient", 32),
                        text("message"),
                        short("start_local", 16),
                        short("time_zone", 64),
                        col("every").integer().null().to_owned(),
                        short_null("unit", 10),
                        col("stop_after").integer().null().to_owned(),
                        short("missed_policy", 10),
                        flag("cancel_if_replied", false),
                        short("status", 10),
                        big("created_at"),
                        big("updated_at"),
                    ],
                    attachment(),
                ]
                .concat(),
            ),
            (
                "schedule_sends",
                vec![
                    id(),
                    big("schedule_id"),
                    big("owner_id"),
                    col("occurrence").integer().not_null().to_owned(),
                    big("due_at"),
                    short("status", 10),
                    big_null("lease_until"),
                    short_null("claim_token", 64),
                    flag("late", false),
                    short_null("error", 500),
                    big_null("finished_at"),
                ],
            ),
            (
                "user_preferences",
                vec![
                    // The user's id.
                    ColumnDef::new(Alias::new("id"))
                        .big_integer()
                        .not_null()
                        .primary_key()
                        .to_owned(),
                    flag("notifications_enabled", true),
                    flag("notification_sound", true),
                ],
            ),
        ];
        for (name, cols) in tables {
            let mut t = Table::create();
            t.table(Alias::new(name));
            for mut c in cols {
                t.col(&mut c);
            }
            m.create_table(t.to_owned()).await?;
        }
        for i in [
            index("quick_replies", &["org_id", "owner_id"], false),
            index("quick_replies", &["org_id", "team_id"], false),
            index("manage_labels", &["org_id", "owner_id"], false),
            index("funnels", &["org_id", "owner_id"], false),
            index("user_properties", &["org_id"], false),
            index("contact_property_values", &["property_id", "contact"], true),
            index("contact_property_values", &["org_id", "contact"], false),
            index("contact_tags", &["org_id", "owner_id", "contact"], true),
            index("follow_ups", &["org_id", "owner_id", "due_at"], false),
            index("chat_notes", &["org_id", "owner_id", "contact"], false),
            index("schedules", &["org_id", "owner_id"], false),
            index("schedule_sends", &["schedule_id", "occurrence"], true),
            // The claim: a user's sends by state and time.
            index("schedule_sends", &["owner_id", "status", "due_at"], false),
        ] {
            m.create_index(i).await?;
        }
        m.alter_table(
            Table::alter()
                .table(Alias::new("organisations"))
                .add_column(
                    col("team_tools_editors")
                        .string_len(24)
                        .not_null()
                        .default("admins")
                        .to_owned(),
                )
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Alias::new("organisations"))
                .drop_column(Alias::new("team_tools_editors"))
                .to_owned(),
        )
        .await?;
        for t in [
            "user_preferences",
            "schedule_sends",
            "schedules",
            "chat_notes",
            "follow_ups",
            "contact_tags",
            "contact_property_values",
            "user_properties",
            "funnels",
            "manage_labels",
            "quick_replies",
        ] {
            m.drop_table(Table::drop().table(Alias::new(t)).to_owned())
                .await?;
        }
        Ok(())
    }
}
