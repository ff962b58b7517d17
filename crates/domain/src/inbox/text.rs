//! A reply's or internal note's text, and the members a note mentions. The composer writes a
//! mention as `@[<member id>]` (it shows the member's name); the server keeps the text as
//! written and records who was mentioned.

use crate::RuleError;

use super::MAX_TEXT_CHARS;

/// The most members one note may mention.
pub const MAX_MENTIONS: usize = 20;

/// The text trimmed, not blank, at most [`MAX_TEXT_CHARS`] characters.
pub fn checked_text(raw: &str) -> Result<String, RuleError> {
    let t = raw.trim();
    if t.is_empty() || t.chars().count() > MAX_TEXT_CHARS {
        return Err(RuleError::FieldsRequired);
    }
    Ok(t.to_owned())
}

/// The member ids `text` mentions, each once, in order, at most [`MAX_MENTIONS`].
pub fn mentions(text: &str) -> Vec<i64> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("@[") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(']') else { break };
        let id = &rest[..end];
        if (1..=18).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(id) = id.parse::<i64>() {
                if !found.contains(&id) {
                    found.push(id);
                    if found.len() == MAX_MENTIONS {
                        break;
                    }
                }
            }
            rest = &rest[end + 1..];
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_are_read_once_each_in_order() {
        assert_eq!(
            mentions("@[12] please check with @[7] and @[12]"),
            vec![12, 7]
        );
        assert_eq!(mentions("mail me@[x] or @[] or @[12"), Vec::<i64>::new());
        assert_eq!(mentions("@[@[5]]"), vec![5]);
        let many: String = (1..=30).map(|i| format!("@[{i}] ")).collect();
        assert_eq!(mentions(&many).len(), MAX_MENTIONS);
    }

    #[test]
    fn text_is_trimmed_and_bounded() {
        assert_eq!(checked_text("  hi \n"), Ok("hi".to_owned()));
        assert_eq!(checked_text(" \n\t"), Err(RuleError::FieldsRequired));
        assert!(checked_text(&"x".repeat(MAX_TEXT_CHARS)).is_ok());
        assert_eq!(
            checked_text(&"x".repeat(MAX_TEXT_CHARS + 1)),
            Err(RuleError::FieldsRequired)
        );
    }
}

/// The most characters a search may hold, and the most words it uses.
pub const MAX_SEARCH_CHARS: usize = 200;
pub const MAX_SEARCH_WORDS: usize = 8;

/// The words of a search (letters and digits; the rest separates them), lower-cased, at most
/// [`MAX_SEARCH_WORDS`]; empty when there is nothing to look for. Each database's full-text
/// query is built from these words alone, so nothing a person types is read as its syntax.
pub fn search_words(raw: &str) -> Vec<String> {
    raw.chars()
        .take(MAX_SEARCH_CHARS)
        .collect::<String>()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .take(MAX_SEARCH_WORDS)
        .collect()
}

#[cfg(test)]
mod search_tests {
    use super::*;

    #[test]
    fn search_words_leave_no_syntax() {
        assert_eq!(search_words(" Blue  SHOES?"), ["blue", "shoes"]);
        assert_eq!(
            search_words("\"a\" OR b* NEAR(c) -d"),
            ["a", "or", "b", "near", "c", "d"]
        );
        assert_eq!(search_words("ação café"), ["ação", "café"]);
        assert!(search_words(" ;;; ").is_empty());
        assert_eq!(search_words(&"w ".repeat(50)).len(), MAX_SEARCH_WORDS);
    }
}
