//! The operator's side (issue #16): the people who run this installation (`operator_admins`,
//! argon2id hashes only), their short sessions, sign-in attempts (for the per-address and
//! per-client limits, kept in the database so every replica counts the same), the audit log of
//! what they changed, and dynamic lead assignment — its members with their running credit, the
//! installation's leads and each assignment with the reason it was made.

use crate::columns::{col, id, index};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables: Vec<(&str, Vec<ColumnDef>)> = vec![
            (
                "operator_admins",
                vec![
                    id(),
                    col("email")
                        .string_len(254)
                        .not_null()
                        .unique_key()
                        .to_owned(),
                    col("password_hash").string_len(255).not_null().to_owned(),
                    col("created_at").big_integer().not_null().to_owned(),
                    col("disabled_at").big_integer().null().to_owned(),
                ],
            ),
            (
                "admin_sessions",
                vec![
                    id(),
                    col("token_hash")
                        .string_len(64)
                        .not_null()
                        .unique_key()
                        .to_owned(),
                    col("admin_id").big_integer().not_null().to_owned(),
                    col("created_at").big_integer().not_null().to_owned(),
                    col("expires_at").big_integer().not_null().to_owned(),
                    col("revoked_at").big_integer().null().to_owned(),
                ],
            ),
            (
                "admin_login_attempts",
                vec![
                    id(),
                    col("email").string_len(254).not_null().to_owned(),
                    col("client").string_len(64).not_null().to_owned(),
                    col("ok").boolean().not_null().to_owned(),
                    col("at").big_integer().not_null().to_owned(),
                ],
            ),
            (
                "admin_audit",
                vec![
                    id(),
                    col("admin_id").big_integer().not_null().to_owned(),
                    col("at").big_integer().not_null().to_owned(),
                    col("action").string_len(60).not_null().to_owned(),
                    col("target").string_len(120).not_null().to_owned(),
                    col("reason").text().null().to_owned(),
                    col("detail").text().not_null().to_owned(),
                ],
            ),
            (
                "assignment_members",
                vec![
                    id(),
                    col("owner_id")
                        .string_len(64)
                        .not_null()
                        .unique_key()
                        .to_owned(),
                    col("name").string_len(200).not_null().to_owned(),
                    col("target_hundredths").integer().not_null().to_owned(),
                    col("region").string_len(20).not_null().to_owned(),
                    col("stages").text().not_null().to_owned(),
                    col("paused").boolean().not_null().to_owned(),
                    col("credit").big_integer().not_null().to_owned(),
                    col("created_at").big_integer().not_null().to_owned(),
                    col("updated_at").big_integer().not_null().to_owned(),
                ],
            ),
            (
                "leads",
                vec![
                    id(),
                    col("user_id")
                        .big_integer()
                        .not_null()
                        .unique_key()
                        .to_owned(),
                    col("email").string_len(254).null().to_owned(),
                    col("region").string_len(20).not_null().to_owned(),
                    col("stage").string_len(30).not_null().to_owned(),
                    col("member_id").big_integer().null().to_owned(),
                    col("assigned_at").big_integer().null().to_owned(),
                    col("created_at").big_integer().not_null().to_owned(),
                    col("updated_at").big_integer().not_null().to_owned(),
                ],
            ),
            (
                "lead_assignments",
                vec![
                    id(),
                    col("lead_id").big_integer().not_null().to_owned(),
                    col("member_id").big_integer().not_null().to_owned(),
                    col("at").big_integer().not_null().to_owned(),
                    col("reason").text().not_null().to_owned(),
                    col("crm_written").boolean().not_null().to_owned(),
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
            index("admin_sessions", &["admin_id"], false),
            index("admin_login_attempts", &["email", "at"], false),
            index("admin_login_attempts", &["client", "at"], false),
            index("admin_audit", &["at"], false),
            index("leads", &["member_id"], false),
            index("lead_assignments", &["member_id", "at"], false),
            index("lead_assignments", &["lead_id"], false),
        ] {
            m.create_index(i).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for t in [
            "lead_assignments",
            "leads",
            "assignment_members",
            "admin_audit",
            "admin_login_attempts",
            "admin_sessions",
            "operator_admins",
        ] {
            m.drop_table(Table::drop().table(Alias::new(t)).to_owned())
                .await?;
        }
        Ok(())
    }
}
