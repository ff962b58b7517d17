//! The knowledge base's text rules (000 §2, §4; issues #17, #24): how a page's text becomes
//! passages, how text becomes search terms ([`analysis`]: stems, accents folded, common words
//! dropped), BM25 over the passages a question's terms reach, the rule deciding when a passage
//! answers (it must hold the question's *distinctive* terms — the rarest in the organisation's
//! corpus — and numbers, and most of the question's weight; else the honest answer is "not
//! found"), a bonus for the question's words side by side in a passage (phrases, "30 days"), and
//! where the matched words are so the answer can highlight them. The store keeps the passages
//! and an inverted index; the ranking is here. docs/DECISIONS.md, "Knowledge-base retrieval".

pub mod analysis;
pub mod conversation;

pub use analysis::ANALYSIS_VERSION;
use serde::Serialize;

/// Words per passage (a passage never crosses a page).
pub const PASSAGE_WORDS: usize = 80;
/// BM25's parameters (the usual ones).
const K1: f64 = 1.2;
const B: f64 = 0.75;
/// Passages an answer cites at most.
pub const MAX_CITATIONS: usize = 3;
/// Passages kept by [`rank`] for the phrase bonus to reorder.
pub const SHORTLIST: usize = 6;
/// A question's term is distinctive when its IDF is at least this share of the question's
/// rarest term's IDF.
const DISTINCTIVE: f64 = 0.8;
/// A passage answers only if it holds at least this share of the question's IDF weight.
const COVERAGE: f64 = 0.6;
/// What one pair of the question's words side by side in a passage adds to its score.
const PHRASE_BONUS: f64 = 1.0;

/// The search terms of a passage's text, in order, repeats kept (see [`analysis::index_terms`]).
pub fn terms(text: &str) -> Vec<String> {
    analysis::index_terms(text)
}

/// One term of a question: its word (folded), every form it may be indexed under, and whether
/// it is a number.
#[derive(Debug, Clone, PartialEq)]
pub struct Concept {
    pub word: String,
    pub forms: Vec<String>,
    pub number: bool,
}

/// The distinct terms of a question, in order; two words sharing a form ("ship", "shipping")
/// are one term.
pub fn question(text: &str) -> Vec<Concept> {
    let mut out: Vec<Concept> = Vec::new();
    for w in analysis::words(text) {
        let folded = analysis::fold_word(&w.lower);
        if analysis::is_stopword(&folded) {
            continue;
        }
        let forms = analysis::query_forms(&w.lower);
        if out
            .iter()
            .any(|c| c.forms.iter().any(|f| forms.contains(f)))
        {
            continue;
        }
        out.push(Concept {
            word: folded,
            number: w.is_number(),
            forms,
        });
    }
    out
}

/// The distinct words of a question (folded, common words dropped), in order.
pub fn query_terms(question_text: &str) -> Vec<String> {
    question(question_text)
        .into_iter()
        .map(|c| c.word)
        .collect()
}

/// Every form the store is asked about for `concepts`, each once.
pub fn forms(concepts: &[Concept]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for f in concepts.iter().flat_map(|c| &c.forms) {
        if !out.contains(f) {
            out.push(f.clone());
        }
    }
    out
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
    /// `(form index, occurrences in the passage)` for the forms it contains.
    pub matches: Vec<(usize, u32)>,
}

/// A ranked passage.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ranked {
    pub passage_id: i64,
    pub score: f64,
    /// How many of the question's terms it contains.
    pub matched_terms: usize,
}

fn idf(df: f64, n: f64) -> f64 {
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// Ranks candidates by BM25 over the question's terms, given each form's document frequency
/// `df` (parallel to [`forms`]), the passage count `n` and the mean passage length, keeping
/// only the passages that answer: they hold every distinctive term of the question (a term as
/// rare as the rarest one within [`DISTINCTIVE`], a term found nowhere being the rarest there
/// is, and every number) and at least [`COVERAGE`] of its IDF weight. Best first, at most
/// [`SHORTLIST`].
pub fn rank(
    concepts: &[Concept],
    candidates: &[Candidate],
    df: &[u64],
    n: u64,
    avg_length: f64,
) -> Vec<Ranked> {
    if concepts.is_empty() {
        return Vec::new();
    }
    let all = forms(concepts);
    // Which term each form stands for.
    let concept_of: Vec<usize> = all
        .iter()
        .map(|f| {
            concepts
                .iter()
                .position(|c| c.forms.contains(f))
                .unwrap_or(0)
        })
        .collect();
    let nf = n.max(1) as f64;
    let concept_df: Vec<f64> = (0..concepts.len())
        .map(|c| {
            (0..all.len())
                .filter(|f| concept_of[*f] == c)
                .map(|f| df.get(f).copied().unwrap_or(0))
                .max()
                .unwrap_or(0)
                .min(n) as f64
        })
        .collect();
    let weights: Vec<f64> = concept_df.iter().map(|d| idf(*d, nf)).collect();
    let top = weights.iter().copied().fold(0.0, f64::max);
    let required: Vec<bool> = concepts
        .iter()
        .zip(&weights)
        .map(|(c, w)| c.number || *w >= DISTINCTIVE * top)
        .collect();
    let total: f64 = weights.iter().sum();
    let avg = if avg_length > 0.0 { avg_length } else { 1.0 };
    let mut ranked: Vec<Ranked> = candidates
        .iter()
        .filter_map(|c| {
            let mut tf = vec![0u32; concepts.len()];
            for (f, count) in &c.matches {
                if let Some(k) = concept_of.get(*f) {
                    tf[*k] = tf[*k].max(*count);
                }
            }
            let holds = |k: usize| tf[k] > 0;
            if (0..concepts.len()).any(|k| required[k] && !holds(k)) {
                return None;
            }
            let covered: f64 = (0..concepts.len())
                .filter(|k| holds(*k))
                .map(|k| weights[k])
                .sum();
            if covered < COVERAGE * total {
                return None;
            }
            let norm = K1 * (1.0 - B + B * f64::from(c.length) / avg);
            let score = (0..concepts.len())
                .filter(|k| holds(*k))
                .map(|k| {
                    let t = f64::from(tf[k]);
                    weights[k] * t * (K1 + 1.0) / (t + norm)
                })
                .sum();
            Some(Ranked {
                passage_id: c.passage_id,
                score,
                matched_terms: (0..concepts.len()).filter(|k| holds(*k)).count(),
            })
        })
        .filter(|r| r.score > 0.0)
        .collect();
    sort(&mut ranked);
    ranked.truncate(SHORTLIST);
    ranked
}

fn sort(ranked: &mut [Ranked]) {
    ranked.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.passage_id.cmp(&b.passage_id))
    });
}

/// Which of `concepts` each word of `text` is (None for the others), in word order, with the
/// word's byte range.
fn concept_words(text: &str, concepts: &[Concept]) -> Vec<(usize, usize, Option<usize>)> {
    analysis::indexed_words(text)
        .into_iter()
        .map(|(start, end, forms)| {
            let k = concepts
                .iter()
                .position(|c| c.forms.iter().any(|f| forms.contains(f)));
            (start, end, k)
        })
        .collect()
}

/// The phrase bonus of a passage: for each two of the question's terms that stand side by side
/// in it as they do in the question (common words between them aside), [`PHRASE_BONUS`].
pub fn phrase_bonus(concepts: &[Concept], text: &str) -> f64 {
    let seq = concept_words(text, concepts);
    let pairs = seq
        .windows(2)
        .filter(|w| matches!((w[0].2, w[1].2), (Some(a), Some(b)) if b == a + 1))
        .count();
    pairs.min(concepts.len()) as f64 * PHRASE_BONUS
}

/// The shortlist reordered with each passage's phrase bonus, cut to [`MAX_CITATIONS`].
pub fn finish(mut ranked: Vec<Ranked>, bonus: impl Fn(i64) -> f64) -> Vec<Ranked> {
    for r in &mut ranked {
        r.score += bonus(r.passage_id);
    }
    sort(&mut ranked);
    ranked.truncate(MAX_CITATIONS);
    ranked
}

/// The text among `texts` (a quick reply's name and message, say) that best answers `query`
/// (words from [`query_terms`]): the one holding the most of them in any of their forms, at
/// least half of them (rounded up), the earlier on a tie; none when no text reaches half.
pub fn best_text(query: &[String], texts: &[String]) -> Option<usize> {
    let wanted = query.len().div_ceil(2).max(1);
    let concepts: Vec<Vec<String>> = query.iter().map(|q| analysis::query_forms(q)).collect();
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let have: Vec<String> = analysis::words(t)
                .iter()
                .flat_map(|w| analysis::query_forms(&w.lower))
                .collect();
            let n = concepts
                .iter()
                .filter(|forms| forms.iter().any(|f| have.contains(f)))
                .count();
            (i, n)
        })
        .filter(|(_, n)| *n >= wanted)
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(i, _)| i)
}

/// Byte ranges of `text` whose words are one of the question's terms (for highlighting).
pub fn highlights(text: &str, concepts: &[Concept]) -> Vec<(usize, usize)> {
    concept_words(text, concepts)
        .into_iter()
        .filter(|(_, _, k)| k.is_some())
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
        assert_eq!(best_text(&query_terms("price lists"), &texts), Some(0));
    }

    #[test]
    fn question_terms_are_folded_without_common_words_and_merge_their_inflections() {
        assert_eq!(
            query_terms("What is the Refund período for Curitiba?"),
            ["refund", "periodo", "curitiba"]
        );
        assert_eq!(query_terms("refund refunds policy"), ["refund", "policy"]);
        assert_eq!(
            query_terms("Please tell me how long shipping takes in 5 days"),
            ["shipping", "takes", "5", "days"]
        );
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

    /// A corpus in memory: the store's side of [`rank`].
    fn search(pages: &[&str], q: &str) -> Vec<i64> {
        let indexed: Vec<Vec<String>> = pages.iter().map(|p| terms(p)).collect();
        let concepts = question(q);
        let all = forms(&concepts);
        let df: Vec<u64> = all
            .iter()
            .map(|f| indexed.iter().filter(|t| t.contains(f)).count() as u64)
            .collect();
        let candidates: Vec<Candidate> = indexed
            .iter()
            .enumerate()
            .map(|(i, t)| Candidate {
                passage_id: i as i64,
                length: t.len() as u32,
                matches: all
                    .iter()
                    .enumerate()
                    .map(|(k, f)| (k, t.iter().filter(|x| *x == f).count() as u32))
                    .filter(|(_, n)| *n > 0)
                    .collect(),
            })
            .filter(|c| !c.matches.is_empty())
            .collect();
        let avg = indexed.iter().map(Vec::len).sum::<usize>() as f64 / pages.len() as f64;
        let ranked = rank(&concepts, &candidates, &df, pages.len() as u64, avg);
        finish(ranked, |id| phrase_bonus(&concepts, pages[id as usize]))
            .into_iter()
            .map(|r| r.passage_id)
            .collect()
    }

    const PAGES: [&str; 4] = [
        "Shipping. We ship orders to Jakarta, Surabaya and Bali within three working days.",
        "Refunds. A customer who paid by card is refunded within 30 days of the return.",
        "Plans. The Basic plan costs 10 dollars a month; the Pro plan adds reports.",
        "Opening hours. The shop opens at nine and closes at six, Monday to Saturday.",
    ];

    #[test]
    fn a_question_missing_its_distinctive_term_is_not_answered() {
        assert_eq!(search(&PAGES, "Do you ship orders to Jakarta?")[0], 0);
        assert!(search(&PAGES, "Do you ship orders to Antarctica?").is_empty());
    }

    #[test]
    fn other_inflections_and_irregular_forms_find_the_page() {
        assert_eq!(
            search(&PAGES, "How do I get a refund if I pay by card?")[0],
            1
        );
        assert_eq!(search(&PAGES, "Which plans are there?")[0], 2);
        assert_eq!(search(&PAGES, "When does the shop open?")[0], 3);
    }

    #[test]
    fn a_number_in_the_question_must_be_on_the_page() {
        assert_eq!(search(&PAGES, "Is the refund made within 30 days?")[0], 1);
        assert!(search(&PAGES, "Is the refund made within 90 days?").is_empty());
    }

    #[test]
    fn words_side_by_side_as_in_the_question_rank_first() {
        let pages = [
            "Pro support answers by mail; the plan is billed yearly.",
            "The Pro plan includes phone support and is billed monthly.",
        ];
        assert_eq!(search(&pages, "pro plan support")[0], 1);
    }

    #[test]
    fn highlights_point_at_the_matched_words_in_any_of_their_forms() {
        let text = "Refunds: the REFUND window is 30 days.";
        let h = highlights(text, &question("refund days"));
        let words: Vec<&str> = h.iter().map(|(s, e)| &text[*s..*e]).collect();
        assert_eq!(words, ["Refunds", "REFUND", "days"]);
    }
}
