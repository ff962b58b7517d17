//! How text becomes search terms (issue #24): words are runs of letters, digits and the marks
//! that belong to them (Devanagari vowel signs, virama and nukta stay inside a Hindi word);
//! lower-cased; common words of the six catalogue languages dropped; then each word is reduced
//! to its stem — Snowball for English, Spanish and Portuguese, a conservative affix stripper for
//! Indonesian, none for Hindi — and only then accent-folded (the stemmers expect accents).
//!
//! Index side, a passage's language is guessed from its common words (cheap and good enough
//! for 80 words); a passage whose language is not clear is indexed under the English, Spanish
//! and Portuguese stems of each word. Question side, a question is short and its language
//! unreliable to guess, so each word is looked up under all its forms (raw, a few irregular
//! English lemmas, every language's stem): they form one *concept* of the question.

use rust_stemmers::{Algorithm, Stemmer};
use std::collections::HashSet;
use std::sync::OnceLock;

/// The analysis a stored index was built with; raise it when `index_terms` changes.
pub const ANALYSIS_VERSION: u32 = 2;

/// A language the analysis knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Es,
    Pt,
    Id,
    Hi,
    /// Not clear from the text: indexed under English, Spanish and Portuguese stems.
    Unknown,
}

/// Common words of each language (folded), used both to drop them and to guess the language.
const EN: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "how",
    "i", "in", "is", "it", "its", "me", "my", "of", "on", "or", "our", "the", "their", "there",
    "this", "that", "these", "those", "to", "was", "were", "we", "what", "when", "where", "which",
    "who", "why", "will", "with", "you", "your", "us", "if", "so", "any", "have", "has", "had",
    "been", "am", "they", "them", "he", "she", "his", "her", "would", "could", "should", "may",
    "might", "shall", "about", "into", "than", "then", "also", "but", "not", "no", "yes",
];
const ES: &[&str] = &[
    "de", "del", "el", "en", "es", "la", "las", "los", "lo", "que", "se", "un", "una", "unos",
    "unas", "y", "o", "por", "para", "con", "al", "su", "sus", "como", "mas", "pero", "si", "le",
    "les", "mi", "mis", "tu", "tus", "nos", "son", "esta", "este", "estos", "estas", "hay", "cual",
    "cuales", "cuando", "donde", "quien", "usted", "ustedes", "yo", "ya", "muy", "sin", "sobre",
    "entre", "hasta", "desde",
];
const PT: &[&str] = &[
    "a", "o", "os", "as", "da", "do", "dos", "das", "de", "e", "em", "no", "na", "nos", "nas",
    "um", "uma", "uns", "umas", "para", "com", "por", "que", "nao", "seu", "sua", "seus", "suas",
    "ao", "aos", "se", "pelo", "pela", "pelos", "pelas", "como", "mais", "mas", "qual", "quais",
    "quando", "onde", "quem", "voce", "voces", "eu", "ja", "muito", "sem", "sobre", "entre", "ate",
    "desde", "esta", "este", "isso", "isto", "meu", "minha", "ha", "sao", "sou", "foi",
];
const ID: &[&str] = &[
    "yang",
    "dan",
    "di",
    "ke",
    "dari",
    "untuk",
    "dengan",
    "ini",
    "itu",
    "tidak",
    "ada",
    "kami",
    "anda",
    "akan",
    "dalam",
    "atau",
    "pada",
    "apa",
    "apakah",
    "bisa",
    "saya",
    "kita",
    "juga",
    "oleh",
    "bagaimana",
    "berapa",
    "kapan",
    "mana",
    "siapa",
];
const HI: &[&str] = &[
    "है",
    "हैं",
    "का",
    "की",
    "के",
    "में",
    "से",
    "को",
    "पर",
    "और",
    "या",
    "यह",
    "वह",
    "क्या",
    "कैसे",
    "कब",
    "कहाँ",
    "कौन",
    "मैं",
    "हम",
    "आप",
    "आपका",
    "आपकी",
    "आपके",
    "मेरा",
    "मेरी",
    "मेरे",
    "हमारा",
    "हमारी",
    "हमारे",
    "था",
    "थी",
    "थे",
    "तो",
    "भी",
    "ने",
    "कि",
    "एक",
    "कितना",
    "कितनी",
    "कितने",
];
/// Words that carry no subject in a question ("please tell me how long…"): dropped from
/// questions and passages alike, so they are never a question's distinctive terms.
const QUESTION_WORDS: &[&str] = &[
    "please",
    "tell",
    "know",
    "want",
    "need",
    "like",
    "get",
    "got",
    "many",
    "much",
    "long",
    "hi",
    "hello",
    "hey",
    "thanks",
    "thank",
    "kindly",
    "anyone",
    "someone",
    "something",
    "there",
    "here",
    "okay",
    "ok",
    "just",
    "still",
    "really",
    "possible",
    "able",
    "let",
    "make",
    "makes",
    "made",
    "happen",
    "happens",
    "happened",
    "done",
    "doing",
    "go",
    "goes",
    "come",
    "comes",
    "see",
    "find",
    "say",
    "says",
    "said",
    "mean",
    "means",
    "anything",
    "way",
    "exactly",
    "currently",
    "usually",
    "actually",
    "guys",
    "sir",
    "madam",
    "fast",
    "soon",
    "quickly",
    "once",
    "one",
    "something",
    "somebody",
    "don",
    "doesn",
    "didn",
    "isn",
    "aren",
    "wasn",
    "weren",
    "haven",
    "hasn",
    "won",
    "wouldn",
    "couldn",
    "shouldn",
    "ll",
    "ve",
    "re",
    "hola",
    "gracias",
    "puedo",
    "puede",
    "pueden",
    "cuanto",
    "cuanta",
    "cuantos",
    "cuantas",
    "quiero",
    "necesito",
    "saber",
    "ola",
    "obrigado",
    "obrigada",
    "posso",
    "pode",
    "podem",
    "quanto",
    "quanta",
    "quantos",
    "quantas",
    "quero",
    "preciso",
    "gostaria",
    "tenho",
    "tengo",
    "tem",
    "tiene",
    "tienen",
    "tener",
    "ter",
    "hacer",
    "fazer",
    "ser",
];

/// Irregular English forms the stemmer cannot bring together, to their lemma.
const LEMMAS: &[(&str, &str)] = &[
    ("paid", "pay"),
    ("bought", "buy"),
    ("sold", "sell"),
    ("sent", "send"),
    ("spent", "spend"),
    ("gave", "give"),
    ("given", "give"),
    ("took", "take"),
    ("taken", "take"),
    ("made", "make"),
    ("brought", "bring"),
    ("kept", "keep"),
    ("lost", "lose"),
    ("broke", "break"),
    ("broken", "break"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("began", "begin"),
    ("begun", "begin"),
    ("children", "child"),
    ("people", "person"),
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

pub(crate) fn fold_word(w: &str) -> String {
    w.chars().map(fold).collect()
}

/// Marks that continue a word without being letters themselves: Devanagari signs (virama,
/// nukta, vowel signs, candrabindu…), combining accents, and the zero-width (non-)joiners.
fn is_mark(c: char) -> bool {
    matches!(c,
        '\u{0900}'..='\u{0903}' | '\u{093A}'..='\u{094F}' | '\u{0951}'..='\u{0957}'
        | '\u{0962}'..='\u{0963}' | '\u{0300}'..='\u{036F}' | '\u{200C}' | '\u{200D}')
}

/// One word of a text: its byte range, its lower-cased form (accents kept) and whether it is a
/// number.
#[derive(Debug, Clone, PartialEq)]
pub struct Word {
    pub start: usize,
    pub end: usize,
    pub lower: String,
}

impl Word {
    pub fn is_number(&self) -> bool {
        self.lower.chars().all(|c| c.is_ascii_digit())
    }
}

/// The words of `text` with their byte ranges: runs of letters and digits, with the marks
/// that belong to them.
pub fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut start = None;
    let mut current = String::new();
    for (i, c) in text.char_indices() {
        let inside = c.is_alphanumeric() || (start.is_some() && is_mark(c));
        if inside {
            if start.is_none() {
                start = Some(i);
            }
            current.extend(c.to_lowercase());
        } else if let Some(s) = start.take() {
            out.push(Word {
                start: s,
                end: i,
                lower: std::mem::take(&mut current),
            });
        }
    }
    if let Some(s) = start {
        out.push(Word {
            start: s,
            end: text.len(),
            lower: current,
        });
    }
    out
}

/// Every list's words in one set, built once (the lists are a few hundred words; a word of
/// every passage is looked up).
fn stopwords() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| {
        [EN, ES, PT, ID, HI, QUESTION_WORDS]
            .iter()
            .flat_map(|l| l.iter().copied())
            .collect()
    })
}

/// Whether a (folded) word is too common, or too short, to search for.
pub fn is_stopword(folded: &str) -> bool {
    let is_number = folded.chars().all(|c| c.is_ascii_digit());
    (!is_number && folded.chars().count() < 2) || stopwords().contains(folded)
}

/// The language of a text, from its common words (Devanagari script means Hindi).
pub fn detect(words: &[Word]) -> Lang {
    let devanagari = words
        .iter()
        .filter(|w| {
            w.lower
                .chars()
                .any(|c| ('\u{0900}'..='\u{097F}').contains(&c))
        })
        .count();
    if devanagari * 2 > words.len() && devanagari > 0 {
        return Lang::Hi;
    }
    let mut counts = [
        (Lang::En, 0usize),
        (Lang::Es, 0),
        (Lang::Pt, 0),
        (Lang::Id, 0),
    ];
    for w in words {
        let f = fold_word(&w.lower);
        if !stopwords().contains(f.as_str()) {
            continue;
        }
        for (lang, list) in [(0, EN), (1, ES), (2, PT), (3, ID)] {
            if list.contains(&f.as_str()) {
                counts[lang].1 += 1;
            }
        }
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    // Clear when the best has a few common words and a margin over the second.
    if counts[0].1 >= 3 && counts[0].1 * 4 >= counts[1].1 * 5 && counts[0].1 > counts[1].1 {
        counts[0].0
    } else {
        Lang::Unknown
    }
}

/// Indonesian, conservatively: particles (-lah, -kah, -pun), possessives (-nya, -ku, -mu), the
/// suffixes -kan and -an, and the prefixes di-, ke-, se-, ber-, ter-, each only when at least
/// four letters remain. Nasal prefixes (me-, pe-) change the root's first letter and are kept.
fn stem_id(word: &str) -> String {
    let mut w = word.to_owned();
    let strip_suffix = |w: &mut String, list: &[&str]| {
        for s in list {
            if w.len() >= s.len() + 4 && w.ends_with(s) {
                w.truncate(w.len() - s.len());
                return;
            }
        }
    };
    strip_suffix(&mut w, &["lah", "kah", "pun"]);
    strip_suffix(&mut w, &["nya", "ku", "mu"]);
    strip_suffix(&mut w, &["kan", "an"]);
    for p in ["ber", "ter", "di", "ke", "se"] {
        if w.len() >= p.len() + 4 && w.starts_with(p) {
            w = w[p.len()..].to_owned();
            break;
        }
    }
    w
}

fn snowball(lang: Lang) -> Option<Stemmer> {
    match lang {
        Lang::En => Some(Stemmer::create(Algorithm::English)),
        Lang::Es => Some(Stemmer::create(Algorithm::Spanish)),
        Lang::Pt => Some(Stemmer::create(Algorithm::Portuguese)),
        _ => None,
    }
}

/// The stem of a lower-cased word in `lang`, accent-folded (numbers as they are).
fn stem(lower: &str, lang: Lang) -> String {
    if lower.chars().all(|c| c.is_ascii_digit()) {
        return lower.to_owned();
    }
    let lemma = if lang == Lang::En {
        LEMMAS
            .iter()
            .find(|(form, _)| *form == lower)
            .map_or(lower, |(_, l)| *l)
    } else {
        lower
    };
    match lang {
        Lang::Id => stem_id(&fold_word(lemma)),
        Lang::Hi | Lang::Unknown => fold_word(lemma),
        _ => {
            let stemmed =
                snowball(lang).map_or_else(|| lemma.to_owned(), |s| s.stem(lemma).into_owned());
            let mut folded = fold_word(&stemmed);
            // Snowball keeps a plural -s on short Spanish and Portuguese words ("dias").
            if matches!(lang, Lang::Es | Lang::Pt) && folded.len() >= 4 && folded.ends_with('s') {
                folded.pop();
            }
            folded
        }
    }
}

/// The terms a word of a passage in `lang` is indexed under.
fn index_forms(lower: &str, lang: Lang) -> Vec<String> {
    if lang != Lang::Unknown {
        return vec![stem(lower, lang)];
    }
    let mut out: Vec<String> = Vec::new();
    for l in [Lang::En, Lang::Es, Lang::Pt] {
        let s = stem(lower, l);
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// The search terms of a passage, in order, repeats kept: each word not a stopword, under its
/// stem in the passage's language (under the stems of every language when that is not clear).
pub fn index_terms(text: &str) -> Vec<String> {
    let ws = words(text);
    let lang = detect(&ws);
    ws.iter()
        .filter(|w| !is_stopword(&fold_word(&w.lower)))
        .flat_map(|w| index_forms(&w.lower, lang))
        .collect()
}

/// The words of a passage that are not stopwords, each with its byte range and the terms it is
/// indexed under (as [`index_terms`] does it: one language guessed for the whole text).
pub fn indexed_words(text: &str) -> Vec<(usize, usize, Vec<String>)> {
    let ws = words(text);
    let lang = detect(&ws);
    ws.iter()
        .filter(|w| !is_stopword(&fold_word(&w.lower)))
        .map(|w| (w.start, w.end, index_forms(&w.lower, lang)))
        .collect()
}

/// Every form a question's word may be indexed under: itself folded, its lemma, and its stem
/// in each language.
pub fn query_forms(lower: &str) -> Vec<String> {
    let mut out = vec![fold_word(lower)];
    for l in [Lang::En, Lang::Es, Lang::Pt, Lang::Id] {
        let s = stem(lower, l);
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowers(text: &str) -> Vec<String> {
        words(text).into_iter().map(|w| w.lower).collect()
    }

    #[test]
    fn hindi_words_keep_their_vowel_signs_and_virama() {
        assert_eq!(
            lowers("क्या आप रिफ़ंड देते हैं? हाँ।"),
            ["क्या", "आप", "रिफ़ंड", "देते", "हैं", "हाँ"]
        );
        assert_eq!(detect(&words("क्या आप रिफ़ंड देते हैं")), Lang::Hi);
    }

    #[test]
    fn the_language_of_a_passage_is_guessed_from_its_common_words() {
        let en = "Customers may ask for a refund within the first days of the order and we will pay it back";
        let es = "Los clientes pueden pedir el reembolso de su pedido en los primeros días y se lo devolvemos";
        let pt = "Os clientes podem pedir o reembolso do seu pedido nos primeiros dias e nós devolvemos o valor";
        assert_eq!(detect(&words(en)), Lang::En);
        assert_eq!(detect(&words(es)), Lang::Es);
        assert_eq!(detect(&words(pt)), Lang::Pt);
        assert_eq!(detect(&words("Refund 30 days")), Lang::Unknown);
    }

    #[test]
    fn inflections_meet_in_one_stem() {
        let en = "the refunds for all the plans that we shipped are paid by the team";
        let t = index_terms(en);
        assert!(query_forms("refund").iter().any(|f| t.contains(f)), "{t:?}");
        assert!(query_forms("plan").iter().any(|f| t.contains(f)), "{t:?}");
        assert!(
            query_forms("shipping").iter().any(|f| t.contains(f)),
            "{t:?}"
        );
        assert!(query_forms("pay").iter().any(|f| t.contains(f)), "{t:?}");
        let pt = index_terms(
            "As devoluções são feitas pelo cliente em até trinta dias e o reembolso é pago",
        );
        assert!(
            query_forms("devolução").iter().any(|f| pt.contains(f)),
            "{pt:?}"
        );
        assert!(
            query_forms("reembolsos").iter().any(|f| pt.contains(f)),
            "{pt:?}"
        );
        let es = index_terms(
            "Los envíos internacionales se entregan en diez días y los reembolsos en cinco",
        );
        assert!(
            query_forms("envio").iter().any(|f| es.contains(f)),
            "{es:?}"
        );
        assert!(
            query_forms("reembolso").iter().any(|f| es.contains(f)),
            "{es:?}"
        );
    }

    #[test]
    fn indonesian_affixes_are_stripped_conservatively() {
        assert_eq!(stem_id("pengembaliannya"), "pengembali");
        assert_eq!(stem_id("dikirimkan"), "kirim");
        assert_eq!(stem_id("harga"), "harga");
    }

    #[test]
    fn numbers_of_any_length_are_terms_and_one_letter_words_are_not() {
        assert!(!is_stopword("5"));
        assert!(is_stopword("x"));
        assert!(is_stopword("the"));
    }
}
