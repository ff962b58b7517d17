//! A knowledge-base conversation's title (issue #25): a new conversation is named after its
//! first question, shortened at a word to one line's worth; a person may rename it.

/// Why a typed title was refused: its code (translated by the `errors` catalogues). Kept out of
/// `RuleError` because only the server checks it (the browser's field stops at the limit), and
/// every `RuleError` code weighs on the boot wasm module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitleRefusal {
    /// `title_required`
    Required,
    /// `title_too_long`
    TooLong,
}

impl TitleRefusal {
    pub const fn code(self) -> &'static str {
        match self {
            TitleRefusal::Required => "title_required",
            TitleRefusal::TooLong => "title_too_long",
        }
    }
}

/// The longest title, in characters (one line of the conversation list).
pub const MAX_TITLE_CHARS: usize = 80;
/// A title made from a question is cut near this many characters, at a word.
const AUTO_TITLE_CHARS: usize = 60;

/// The title of a conversation started by `question`: its first line, spaces collapsed, cut at
/// the last word boundary before 60 characters with an ellipsis when longer.
pub fn title_from_question(question: &str) -> String {
    let words: Vec<&str> = question.split_whitespace().collect();
    let whole = words.join(" ");
    if whole.chars().count() <= AUTO_TITLE_CHARS {
        return whole;
    }
    let mut out = String::new();
    for w in &words {
        let next = out.chars().count() + usize::from(!out.is_empty()) + w.chars().count();
        if next > AUTO_TITLE_CHARS {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    if out.is_empty() {
        // One long word: cut it.
        out = whole.chars().take(AUTO_TITLE_CHARS).collect();
    }
    out.push('…');
    out
}

/// A title a person typed: trimmed, spaces collapsed, 1 to [`MAX_TITLE_CHARS`] characters.
pub fn conversation_title(input: &str) -> Result<String, TitleRefusal> {
    let title = input.split_whitespace().collect::<Vec<_>>().join(" ");
    if title.is_empty() {
        return Err(TitleRefusal::Required);
    }
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(TitleRefusal::TooLong);
    }
    Ok(title)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_question_is_its_own_title() {
        assert_eq!(
            title_from_question("  How long do\nrefunds take? "),
            "How long do refunds take?"
        );
    }

    #[test]
    fn a_long_question_is_cut_at_a_word_with_an_ellipsis() {
        let q = "I bought the annual plan for my team last week and one of the seats was charged twice, can I get a refund for it?";
        let t = title_from_question(q);
        assert!(t.ends_with('…'), "{t}");
        assert!(t.chars().count() <= 61, "{t}");
        assert_eq!(
            t,
            "I bought the annual plan for my team last week and one of…"
        );
        let word = "a".repeat(200);
        assert_eq!(title_from_question(&word).chars().count(), 61);
    }

    #[test]
    fn a_typed_title_is_trimmed_and_bounded() {
        assert_eq!(
            conversation_title("  Refunds   policy "),
            Ok("Refunds policy".into())
        );
        assert_eq!(conversation_title(" \n "), Err(TitleRefusal::Required));
        assert_eq!(
            conversation_title(&"é".repeat(80)).map(|t| t.chars().count()),
            Ok(80)
        );
        assert_eq!(
            conversation_title(&"é".repeat(81)),
            Err(TitleRefusal::TooLong)
        );
    }
}
