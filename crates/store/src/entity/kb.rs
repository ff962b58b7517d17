//! The knowledge base's tables (migration 000011, documents' `state` 000013): documents, their passages with an inverted
//! index of terms, conversations and their messages, and the questions nobody could answer.

table!(
    /// An uploaded PDF of an organisation; the file itself is in the file store under
    /// `storage_key`.
    document, "kb_documents", {
        org_id: i64,
        name: String,
        size_bytes: i64,
        pages: i32,
        storage_key: String,
        uploaded_by: i64,
        created_at: i64,
        /// `staging` while its passages are written (never listed nor answered from), then
        /// `ready`.
        state: String,
    }
);

table!(
    /// A passage of one page of a document.
    passage, "kb_passages", {
        document_id: i64,
        org_id: i64,
        page: i32,
        text: String,
        /// How many search terms it has (BM25's document length).
        length: i32,
    }
);

table!(
    /// One term of a passage and how often it occurs there.
    term, "kb_terms", {
        org_id: i64,
        term: String,
        passage_id: i64,
        tf: i32,
    }
);

table!(
    /// A conversation of one user in one organisation.
    conversation, "kb_conversations", {
        org_id: i64,
        user_id: i64,
        title: String,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// A message: the user's question or the bot's answer (with its citations as JSON).
    message, "kb_messages", {
        conversation_id: i64,
        /// `user` or `bot`.
        role: String,
        text: String,
        /// `answered`, `not_found` or `failed` for the bot's; `asked` for the user's.
        status: String,
        citations: String,
        created_at: i64,
    }
);

table!(
    /// A question nothing in the documents answered (for the organisation's admins).
    unanswered, "kb_unanswered", {
        org_id: i64,
        question: String,
        asked_by: i64,
        at: i64,
    }
);

/// BM25's counts per organisation: passages and their summed length, kept with the passages.
pub mod stats {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "kb_stats")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub org_id: i64,
        pub passages: i64,
        pub total_length: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

table!(
    /// AI replies a user took on one UTC day (`YYYY-MM-DD`), for the plan's daily limit.
    ai_usage, "ai_reply_usage", {
        user_id: i64,
        day: String,
        used: i32,
    }
);
