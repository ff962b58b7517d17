//! The knowledge base's text rules (000 §2, §4; issue #17): how a page's text becomes passages,
//! how text becomes search terms (lower case, accents folded, common words dropped), BM25 over
//! the passages a query's terms reach, when a passage is good enough to cite (it must contain
//! the words it is cited for: at least half the question's terms), and where the matched words
//! are in a passage so the answer can highlight them. The store keeps the passages and an
//! inverted index; the ranking is here.

use serde::Serialize;

/// Words per passage (a passage never crosses a page).
pub const PASSAGE_WORDS: usize = 80;
/// BM25's parameters (the usual ones).
const K1: f64 = 1.2;
const B: f64 = 0.75;
/// Passages an answer cites at most.
pub const MAX_CITATIONS: usize = 3;

/// Words too common to search for (English, Spanish, Portuguese, Indonesian).
const STOPWORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "how",
    "i", "in", "is", "it", "its", "me", "my", "of", "on", "or", "our", "the", "their", "there",
    "this", "to", "was", "we", "what", "when", "where", "which", "who", "why", "will", "with",
    "you", "your", "de", "del", "el", "en", "es", "la", "las", "los", "lo", "que", "se", "un",
    "una", "y", "o", "por", "para", "con", "al", "da", "do", "dos", "das", "e", "em", "os", "as",
    "um", "uma", "no", "na", "yang", "dan", "di", "ke", "dari", "itu", "ini", "apa",
];

/// Folds the accents of Latin letters the product's languages use.
fn fold(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        other => other,
    }
}

/// The words of `text` with their byte ranges: runs of letters and digits.
fn words(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut current = String::new();
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() {
            if start.is_none() {
                start = Some(i);
            }
            for l in c.to_lowercase() {
                current.push(fold(l));
            }
        } else if let Some(s) = start.take() {
            out.push((s, i, std::mem::take(&mut current)));
        }
    }
    if let Some(s) = start {
        out.push((s, text.len(), current));
    }
    out
}

fn is_term(w: &str) -> bool {
    w.chars().count() >= 2 && !STOPWORDS.contains(&w)
}

/// The search terms of `text`, in order, repeats kept.
pub fn terms(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .map(|(_, _, w)| w)
        .filter(|w| is_term(w))
        .collect()
}

/// The distinct terms of a question, in order.
pub fn query_terms(question: &str) -> Vec<String> {
    let mut seen = Vec::new();
    for t in terms(question) {
        if !seen.contains(&t) {
            seen.push(t);
        }
    }
    seen
}

/// A page's text cut into passages of about [`PASSAGE_WORDS`] words (whitespace normalised).
pub fn passages(page_text: &str) -> Vec<String> {
    let words: Vec<&str> = page_text.split_whitespace().collect();
    words
        .chunks(PASSAGE_WORDS)
        .map(|c| c.join(" "))
        .filter(|p| !p.is_empty())
        .collect()
}

/// What the store knows of one candidate passage for a query.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub passage_id: i64,
    /// Terms in the passage.
    pub length: u32,
    /// `(query term index, occurrences in the passage)` for the query terms it contains.
    pub matches: Vec<(usize, u32)>,
}

/// A ranked passage.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ranked {
    pub passage_id: i64,
    pub score: f64,
    /// How many of the query's terms it contains.
    pub matched_terms: usize,
}

/// Ranks candidates by BM25 given each query term's document frequency `df`, the passage count
/// `n` and the mean passage length; keeps only passages that contain at least half of the
/// query's terms (rounded up) — below that the question is not answered from them — best
/// first, at most [`MAX_CITATIONS`].
pub fn rank(candidates: &[Candidate], df: &[u64], n: u64, avg_length: f64) -> Vec<Ranked> {
    let wanted = df.len().div_ceil(2).max(1);
    let n = n.max(1) as f64;
    let avg = if avg_length > 0.0 { avg_length } else { 1.0 };
    let mut ranked: Vec<Ranked> = candidates
        .iter()
        .filter(|c| c.matches.len() >= wanted)
        .map(|c| {
            let score = c
                .matches
                .iter()
                .map(|(t, tf)| {
                    let d = df.get(*t).copied().unwrap_or(0) as f64;
                    let idf = (1.0 + (n - d + 0.5) / (d + 0.5)).ln();
                    let tf = f64::from(*tf);
                    idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * f64::from(c.length) / avg))
                })
                .sum();
            Ranked {
                passage_id: c.passage_id,
                score,
                matched_terms: c.matches.len(),
            }
        })
        .filter(|r| r.score > 0.0)
        .collect();
    ranked.sort_by(|a, b| {
        b.matched_terms
            .cmp(&a.matched_terms)
            .then(b.score.total_cmp(&a.score))
            .then(a.passage_id.cmp(&b.passage_id))
    });
    ranked.truncate(MAX_CITATIONS);
    ranked
}

/// The text among `texts` (a quick reply's name and message, say) that best answers `query`:
/// the one with the most of the query's terms, at least half of them (rounded up) as for
/// passages, the earlier on a tie; none when no text reaches half.
pub fn best_text(query: &[String], texts: &[String]) -> Option<usize> {
    let wanted = query.len().div_ceil(2).max(1);
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let have = terms(t);
            (i, query.iter().filter(|q| have.contains(q)).count())
        })
        .filter(|(_, n)| *n >= wanted)
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(i, _)| i)
}

/// Byte ranges of `text` whose words are among `query` terms (for highlighting).
pub fn highlights(text: &str, query: &[String]) -> Vec<(usize, usize)> {
    words(text)
        .into_iter()
        .filter(|(_, _, w)| query.contains(w))
        .map(|(s, e, _)| (s, e))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_reply_with_most_of_the_question_answers_it() {
        let q = query_terms("What are your opening hours on Sunday?");
        let texts = [
            "Prices: our price list is attached".to_string(),
            "Opening hours: we open at 9, Monday to Saturday".to_string(),
            "Sunday opening hours: 10 to 2".to_string(),
        ];
        assert_eq!(best_text(&q, &texts), Some(2));
        assert_eq!(best_text(&query_terms("refund policy"), &texts), None);
    }

    #[test]
    fn terms_are_lower_case_folded_and_without_common_words() {
        assert_eq!(
            terms("What is the Refund período for São Paulo?"),
            ["refund", "periodo", "sao", "paulo"]
        );
        assert_eq!(query_terms("refund refund policy"), ["refund", "policy"]);
    }

    #[test]
    fn pages_are_cut_into_passages_of_eighty_words() {
        let text = (0..170)
            .map(|i| format!("w{i}"))
            .collect::<Vec<_>>()
            .join(" ");
        let p = passages(&text);
        assert_eq!(p.len(), 3);
        assert!(
            p[0].starts_with("w0 ")
                && p[1].starts_with("w80 ")
                && p[2] == "w160 w161 w162 w163 w164 w165 w166 w167 w168 w169"
        );
        assert!(passages("   ").is_empty());
    }

    #[test]
    fn a_passage_with_too_few_of_the_questions_words_is_not_cited() {
        let c = |id, length, matches: Vec<(usize, u32)>| Candidate {
            passage_id: id,
            length,
            matches,
        };
        // three terms: a passage needs two of them
        let ranked = rank(
            &[
                c(1, 50, vec![(0, 3)]),
                c(2, 60, vec![(0, 1), (2, 1)]),
                c(3, 40, vec![(0, 1), (1, 1), (2, 1)]),
            ],
            &[3, 1, 2],
            100,
            50.0,
        );
        let ids: Vec<i64> = ranked.iter().map(|r| r.passage_id).collect();
        assert_eq!(
            ids,
            [3, 2],
            "the passage with one word of three is not cited"
        );
        assert!(rank(&[c(1, 50, vec![(0, 1)])], &[1, 1, 1, 1], 10, 50.0).is_empty());
    }

    #[test]
    fn rarer_terms_weigh_more() {
        let c = |id, matches: Vec<(usize, u32)>| Candidate {
            passage_id: id,
            length: 50,
            matches,
        };
        // two terms: one of them is half, so both passages qualify; the rare term wins
        let ranked = rank(
            &[c(1, vec![(0, 1)]), c(2, vec![(1, 1)])],
            &[90, 2],
            100,
            50.0,
        );
        assert_eq!(ranked[0].passage_id, 2);
        assert!(ranked[0].score > ranked[1].score);
    }

    #[test]
    fn highlights_point_at_the_matched_words() {
        let text = "Refunds: the REFUND window is 30 days.";
        let h = highlights(text, &["refund".to_owned(), "days".to_owned()]);
        let words: Vec<&str> = h.iter().map(|(s, e)| &text[*s..*e]).collect();
        assert_eq!(words, ["REFUND", "days"]);
    }
}
