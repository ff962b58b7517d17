//! How the chatter list finds the conversations whose messages hold a search's words (the last
//! word a prefix). The words are letters and digits only (`domain::inbox::text::search_words`),
//! so quoting them is enough.
//!
//! PostgreSQL: one condition over the stored, folded `search` column and its GIN index; the
//! planner chooses between walking the list and listing the matches.
//!
//! SQLite has no such planner for FTS5, so the store chooses ([`Plan`]):
//! - **listed** — every matching message from the FTS5 index, then their conversations: cheap
//!   while the matches are few (under [`Tuning::walk_from`]), and the only way for a rare word;
//! - **walked** — the chatter list in its order, each conversation tested on its own through
//!   FTS5's rowid lookups, stopping at a full page: cheap when many conversations match. FTS5
//!   merges every term of a prefix again on each lookup, so the prefix is first expanded into
//!   its whole terms (`inbox_messages_terms`, migration `inbox_search_terms`); a prefix of more
//!   than [`MAX_TERMS`] terms is listed instead. The walk tests at most [`Tuning::window`]
//!   conversations and lists the rest, so a word common elsewhere but rare in this list costs a
//!   bounded walk, not a test of every conversation.

use crate::{rows_as, DbKind, Store, StoreError};
use sea_orm::sea_query::{Expr, SimpleExpr};

/// The most whole terms a prefix is expanded into for a walk.
pub const MAX_TERMS: usize = 32;

/// What a search looks for, and where SQLite's choice between its plans falls.
#[derive(Debug, Clone, Copy)]
pub struct Search<'a> {
    /// The words; the last is a prefix. None: no search.
    pub words: &'a [String],
    pub tuning: Tuning,
}

/// Where SQLite's search changes plan (server configuration `inbox.search_*`).
#[derive(Debug, Clone, Copy)]
pub struct Tuning {
    /// Matching messages from which a search walks the list instead of listing them (measured
    /// at 1 000 000 messages: listing 18 000 takes ~35 ms, 53 000 ~75 ms, 375 000 ~240 ms;
    /// counting up to 20 000 ~12 ms).
    pub walk_from: i64,
    /// The most conversations a walk tests before it lists the rest (a conversation without a
    /// match costs one lookup per message, ~0.5 ms for 30 messages).
    pub window: u64,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            walk_from: 20_000,
            window: 100,
        }
    }
}

/// How a page of the list finds its conversations; each is a condition over the conversation
/// aliased `c`.
pub enum Plan {
    /// The matching messages' conversations.
    Listed(SimpleExpr),
    /// Each conversation tested by itself (`each`); past the window, `listed`.
    Walked {
        each: SimpleExpr,
        listed: SimpleExpr,
    },
}

/// The plan for `search` (its words not empty) in `org_id`'s list.
pub async fn plan(store: &Store, org_id: i64, search: Search<'_>) -> Result<Plan, StoreError> {
    match store.kind() {
        DbKind::Postgres => Ok(Plan::Listed(postgres(org_id, search.words))),
        DbKind::Sqlite => sqlite(store, search.words, search.tuning.walk_from).await,
    }
}

/// The FTS5 query: every word a phrase, the last a prefix.
fn fts_query(words: &[String]) -> String {
    let last = words.len().saturating_sub(1);
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            if i == last {
                format!("\"{w}\"*")
            } else {
                format!("\"{w}\"")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The FTS5 query of a walk: the words before the last as they are, the last as any of `terms`.
fn walk_query(words: &[String], terms: &[String]) -> String {
    let any: Vec<String> = terms
        .iter()
        .map(|t| format!("\"{}\"", t.replace('"', "\"\"")))
        .collect();
    let mut parts: Vec<String> = words[..words.len() - 1]
        .iter()
        .map(|w| format!("\"{w}\""))
        .collect();
    parts.push(format!("({})", any.join(" OR ")));
    parts.join(" AND ")
}

/// The last word as the FTS5 index keeps its terms (lower case, Latin accents folded), when the
/// index's terms can be looked up by it: only plain ASCII letters and digits are, since the
/// tokenizer's own folding of other scripts is not this one.
fn vocabulary_prefix(word: &str) -> Option<String> {
    let folded = fold_accents(&word.to_lowercase());
    folded
        .chars()
        .all(|c| c.is_ascii_alphanumeric())
        .then_some(folded)
        .filter(|w| !w.is_empty())
}

#[derive(sea_orm::FromQueryResult)]
struct Count {
    n: i64,
}

#[derive(sea_orm::FromQueryResult)]
struct Term {
    term: String,
}

async fn sqlite(store: &Store, words: &[String], walk_from: i64) -> Result<Plan, StoreError> {
    let query = fts_query(words);
    let listed = Expr::cust_with_values(
        "c.id IN (SELECT m.conversation_id FROM inbox_messages m WHERE m.id IN \
         (SELECT rowid FROM inbox_messages_fts WHERE inbox_messages_fts MATCH ?))",
        [query.clone()],
    );
    let counted: Vec<Count> = rows_as(
        store,
        &sea_orm::sea_query::Query::select()
            .expr_as(
                Expr::cust_with_values(
                    "(SELECT COUNT(*) FROM (SELECT 1 FROM inbox_messages_fts \
                     WHERE inbox_messages_fts MATCH ? LIMIT ?))",
                    [sea_orm::Value::from(query), sea_orm::Value::from(walk_from)],
                ),
                sea_orm::sea_query::Alias::new("n"),
            )
            .to_owned(),
    )
    .await?;
    if counted.first().map_or(0, |c| c.n) < walk_from {
        return Ok(Plan::Listed(listed));
    }
    let Some(prefix) = words.last().and_then(|w| vocabulary_prefix(w)) else {
        return Ok(Plan::Listed(listed));
    };
    // Every term that starts with the prefix: at and after it, and before it followed by the
    // highest character (terms compare as UTF-8 bytes).
    let terms: Vec<Term> = rows_as(
        store,
        &sea_orm::sea_query::Query::select()
            .column(sea_orm::sea_query::Alias::new("term"))
            .from(sea_orm::sea_query::Alias::new("inbox_messages_terms"))
            .and_where(Expr::cust_with_values(
                "term >= ? AND term < ?",
                [prefix.clone(), format!("{prefix}\u{10FFFF}")],
            ))
            .limit(MAX_TERMS as u64 + 1)
            .to_owned(),
    )
    .await?;
    if terms.is_empty() || terms.len() > MAX_TERMS {
        return Ok(Plan::Listed(listed));
    }
    let terms: Vec<String> = terms.into_iter().map(|t| t.term).collect();
    let each = Expr::cust_with_values(
        "EXISTS (SELECT 1 FROM inbox_messages m CROSS JOIN inbox_messages_fts \
         WHERE m.conversation_id = c.id AND inbox_messages_fts.rowid = m.id \
         AND inbox_messages_fts MATCH ?)",
        [walk_query(words, &terms)],
    );
    Ok(Plan::Walked { each, listed })
}

/// `word` with the accents PostgreSQL's `search` column folds folded likewise.
fn fold_accents(word: &str) -> String {
    use migration::inbox_search::{ACCENTED, UNACCENTED};
    word.chars()
        .map(|c| {
            ACCENTED
                .chars()
                .position(|a| a == c)
                .and_then(|i| UNACCENTED.chars().nth(i))
                .unwrap_or(c)
        })
        .collect()
}

/// The stored, folded `search` column and its GIN index (migration `inbox_search_column`).
fn postgres(org_id: i64, words: &[String]) -> SimpleExpr {
    let last = words.len().saturating_sub(1);
    let query: Vec<String> = words
        .iter()
        .map(|w| fold_accents(w))
        .enumerate()
        .map(|(i, w)| if i == last { format!("{w}:*") } else { w })
        .collect();
    Expr::cust_with_values(
        "c.id IN (SELECT m.conversation_id FROM inbox_messages m WHERE m.org_id = $1 \
         AND m.search @@ to_tsquery('simple', $2))",
        [
            sea_orm::Value::from(org_id),
            sea_orm::Value::from(query.join(" & ")),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn the_fold_is_the_one_the_index_applies() {
        use migration::inbox_search::{ACCENTED, UNACCENTED};
        assert_eq!(ACCENTED.chars().count(), UNACCENTED.chars().count());
        assert_eq!(fold_accents("são"), "sao");
        assert_eq!(fold_accents("preço"), "preco");
        assert_eq!(fold_accents("नमस्ते"), "नमस्ते");
    }

    #[test]
    fn the_last_word_is_a_prefix_and_a_walk_names_its_terms() {
        assert_eq!(
            fts_query(&words(&["refund", "deliv"])),
            "\"refund\" \"deliv\"*"
        );
        assert_eq!(
            walk_query(
                &words(&["refund", "deliv"]),
                &words(&["delivery", "delivered"])
            ),
            "\"refund\" AND (\"delivery\" OR \"delivered\")"
        );
        assert_eq!(
            walk_query(&words(&["ord"]), &words(&["order"])),
            "(\"order\")"
        );
    }

    #[test]
    fn only_a_plain_ascii_prefix_is_looked_up_among_the_terms() {
        assert_eq!(vocabulary_prefix("Pedido").as_deref(), Some("pedido"));
        assert_eq!(vocabulary_prefix("ação").as_deref(), Some("acao"));
        assert_eq!(vocabulary_prefix("नमस्ते"), None);
        assert_eq!(vocabulary_prefix("straße"), None);
    }
}
