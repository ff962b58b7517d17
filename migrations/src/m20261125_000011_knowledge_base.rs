//! The knowledge base (issue #17): an organisation's documents (the files live in the file
//! store), their passages per page with an inverted index of terms and the counts BM25 needs
//! per organisation (so every replica answers
//! from the database, on SQLite and PostgreSQL alike), conversations with their messages, and
//! the questions nothing in the documents answered; and each user's AI replies per day (the
//! plan's daily limit).

use crate::columns::{at, big, big_key, created_updated, id, int, migration, string, text, Tables};

migration!(tables());

fn tables() -> Tables {
    let mut t = Tables::default();
    let documents = [
        id(),
        big("org_id"),
        string("name", 255),
        big("size_bytes"),
        int("pages"),
        string("storage_key", 255),
        big("uploaded_by"),
        at("created_at"),
    ];
    t.add("kb_documents", documents).index(&["org_id"], false);

    let passages = [
        id(),
        big("document_id"),
        big("org_id"),
        int("page"),
        text("text"),
        int("length"),
    ];
    t.add("kb_passages", passages)
        .index(&["document_id"], false)
        .index(&["org_id"], false);

    let terms = [
        id(),
        big("org_id"),
        string("term", 64),
        big("passage_id"),
        int("tf"),
    ];
    t.add("kb_terms", terms)
        .index(&["org_id", "term"], false)
        .index(&["passage_id"], false);

    let stats = [big_key("org_id"), big("passages"), big("total_length")];
    t.add("kb_stats", stats);

    let usage = [id(), big("user_id"), string("day", 10), int("used")];
    t.add("ai_reply_usage", usage)
        .index(&["user_id", "day"], true);

    let conversations = [
        vec![id(), big("org_id"), big("user_id"), string("title", 200)],
        created_updated(),
    ];
    t.add("kb_conversations", conversations.concat())
        .index(&["org_id", "user_id"], false);

    let messages = [
        id(),
        big("conversation_id"),
        string("role", 10),
        text("text"),
        string("status", 20),
        text("citations"),
        at("created_at"),
    ];
    t.add("kb_messages", messages)
        .index(&["conversation_id"], false);

    let unanswered = [
        id(),
        big("org_id"),
        text("question"),
        big("asked_by"),
        at("at"),
    ];
    t.add("kb_unanswered", unanswered)
        .index(&["org_id", "at"], false);
    t
}
