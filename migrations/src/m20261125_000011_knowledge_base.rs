//! The knowledge base (issue #17): an organisation's documents (the files live in the file
//! store), their passages per page with an inverted index of terms and the counts BM25 needs
//! per organisation (so every replica answers
//! from the database, on SQLite and PostgreSQL alike), conversations with their messages, and
//! the questions nothing in the documents answered; and each user's AI replies per day (the
//! plan's daily limit).

use crate::columns::{at, big, big_key, created_updated, id, int, migration, string, text, Tables};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("kb_documents")
        .columns([
            id(),
            big("org_id"),
            string("name", 255),
            big("size_bytes"),
            int("pages"),
            string("storage_key", 255),
            big("uploaded_by"),
            at("created_at"),
        ])
        .index(&["org_id"], false);

    t.add("kb_passages")
        .columns([
            id(),
            big("document_id"),
            big("org_id"),
            int("page"),
            text("text"),
            int("length"),
        ])
        .index(&["document_id"], false)
        .index(&["org_id"], false);

    t.add("kb_terms")
        .columns([
            id(),
            big("org_id"),
            string("term", 64),
            big("passage_id"),
            int("tf"),
        ])
        .index(&["org_id", "term"], false)
        .index(&["passage_id"], false);

    t.add("kb_stats")
        .columns([big_key("org_id"), big("passages"), big("total_length")]);

    t.add("ai_reply_usage")
        .columns([id(), big("user_id"), string("day", 10), int("used")])
        .index(&["user_id", "day"], true);

    t.add("kb_conversations")
        .columns([id(), big("org_id"), big("user_id"), string("title", 200)])
        .columns(created_updated())
        .index(&["org_id", "user_id"], false);

    t.add("kb_messages")
        .columns([
            id(),
            big("conversation_id"),
            string("role", 10),
            text("text"),
            string("status", 20),
            text("citations"),
            at("created_at"),
        ])
        .index(&["conversation_id"], false);

    t.add("kb_unanswered")
        .columns([
            id(),
            big("org_id"),
            text("question"),
            big("asked_by"),
            at("at"),
        ])
        .index(&["org_id", "at"], false);
}
