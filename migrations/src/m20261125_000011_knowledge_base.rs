//! The knowledge base (issue #17): an organisation's documents (the files live in the file
//! store), their passages per page with an inverted index of terms and the counts BM25 needs
//! per organisation (so every replica answers
//! from the database, on SQLite and PostgreSQL alike), conversations with their messages, and
//! the questions nothing in the documents answered; and each user's AI replies per day (the
//! plan's daily limit).

use crate::columns::{col, id, index};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables: Vec<(&str, Vec<ColumnDef>)> = vec![
            (
                "kb_documents",
                vec![
                    id(),
                    col("org_id").big_integer().not_null().to_owned(),
                    col("name").string_len(255).not_null().to_owned(),
                    col("size_bytes").big_integer().not_null().to_owned(),
                    col("pages").integer().not_null().to_owned(),
                    col("storage_key").string_len(255).not_null().to_owned(),
                    col("uploaded_by").big_integer().not_null().to_owned(),
                    col("created_at").big_integer().not_null().to_owned(),
                ],
            ),
            (
                "kb_passages",
                vec![
                    id(),
                    col("document_id").big_integer().not_null().to_owned(),
                    col("org_id").big_integer().not_null().to_owned(),
                    col("page").integer().not_null().to_owned(),
                    col("text").text().not_null().to_owned(),
                    col("length").integer().not_null().to_owned(),
                ],
            ),
            (
                "kb_terms",
                vec![
                    id(),
                    col("org_id").big_integer().not_null().to_owned(),
                    col("term").string_len(64).not_null().to_owned(),
                    col("passage_id").big_integer().not_null().to_owned(),
                    col("tf").integer().not_null().to_owned(),
                ],
            ),
            (
                "kb_stats",
                vec![
                    ColumnDef::new(Alias::new("org_id"))
                        .big_integer()
                        .not_null()
                        .primary_key()
                        .to_owned(),
                    col("passages").big_integer().not_null().to_owned(),
                    col("total_length").big_integer().not_null().to_owned(),
                ],
            ),
            (
                "ai_reply_usage",
                vec![
                    id(),
                    col("user_id").big_integer().not_null().to_owned(),
                    col("day").string_len(10).not_null().to_owned(),
                    col("used").integer().not_null().to_owned(),
                ],
            ),
            (
                "kb_conversations",
                vec![
                    id(),
                    col("org_id").big_integer().not_null().to_owned(),
                    col("user_id").big_integer().not_null().to_owned(),
                    col("title").string_len(200).not_null().to_owned(),
                    col("created_at").big_integer().not_null().to_owned(),
                    col("updated_at").big_integer().not_null().to_owned(),
                ],
            ),
            (
                "kb_messages",
                vec![
                    id(),
                    col("conversation_id").big_integer().not_null().to_owned(),
                    col("role").string_len(10).not_null().to_owned(),
                    col("text").text().not_null().to_owned(),
                    col("status").string_len(20).not_null().to_owned(),
                    col("citations").text().not_null().to_owned(),
                    col("created_at").big_integer().not_null().to_owned(),
                ],
            ),
            (
                "kb_unanswered",
                vec![
                    id(),
                    col("org_id").big_integer().not_null().to_owned(),
                    col("question").text().not_null().to_owned(),
                    col("asked_by").big_integer().not_null().to_owned(),
                    col("at").big_integer().not_null().to_owned(),
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
            index("kb_documents", &["org_id"], false),
            index("kb_passages", &["document_id"], false),
            index("kb_passages", &["org_id"], false),
            index("kb_terms", &["org_id", "term"], false),
            index("kb_terms", &["passage_id"], false),
            index("kb_conversations", &["org_id", "user_id"], false),
            index("kb_messages", &["conversation_id"], false),
            index("kb_unanswered", &["org_id", "at"], false),
            index("ai_reply_usage", &["user_id", "day"], true),
        ] {
            m.create_index(i).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for t in [
            "kb_unanswered",
            "kb_messages",
            "kb_conversations",
            "ai_reply_usage",
            "kb_stats",
            "kb_terms",
            "kb_passages",
            "kb_documents",
        ] {
            m.drop_table(Table::drop().table(Alias::new(t)).to_owned())
                .await?;
        }
        Ok(())
    }
}
