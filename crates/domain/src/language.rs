//! Which interface language to show (spec 000 §1): the stored preference, else the browser's
//! language when the product speaks it, else English.

use serde::Deserialize;

/// The six interface catalogues. Serialised as the catalogue folder name (`pt-BR`, …).
#[crate::value::wire(Copy, Hash)]
pub enum Language {
    #[serde(rename = "en")]
    En,
    #[serde(rename = "es")]
    Es,
    #[serde(rename = "hi")]
    Hi,
    #[serde(rename = "id")]
    Id,
    #[serde(rename = "pt-BR")]
    PtBr,
    #[serde(rename = "pt-PT")]
    PtPt,
}

impl Language {
    pub const ALL: [Language; 6] = [
        Language::En,
        Language::Es,
        Language::Hi,
        Language::Id,
        Language::PtBr,
        Language::PtPt,
    ];

    /// The catalogue folder name, which is also the BCP 47 tag.
    pub const fn tag(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Es => "es",
            Language::Hi => "hi",
            Language::Id => "id",
            Language::PtBr => "pt-BR",
            Language::PtPt => "pt-PT",
        }
    }

    /// Reads a BCP 47 tag loosely: case and `_` vs `-` do not matter, regions are ignored except
    /// to tell Portugal's Portuguese from Brazil's (plain `pt` means Brazil, the larger audience).
    /// `in` is the retired code for Indonesian that some browsers still send.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let tag = tag.trim().replace('_', "-").to_ascii_lowercase();
        let mut parts = tag.split('-');
        let primary = parts.next().unwrap_or_default();
        let region = parts.find(|p| p.len() == 2);
        match primary {
            "en" => Some(Language::En),
            "es" => Some(Language::Es),
            "hi" => Some(Language::Hi),
            "id" | "in" => Some(Language::Id),
            "pt" if region == Some("pt") => Some(Language::PtPt),
            "pt" => Some(Language::PtBr),
            _ => None,
        }
    }
}

/// The language to show: a stored preference the product speaks wins; otherwise the first
/// browser language it speaks (browsers send an ordered list); otherwise English.
pub fn resolve_language(stored: Option<&str>, browser_languages: &[String]) -> Language {
    stored
        .and_then(Language::from_tag)
        .or_else(|| browser_languages.iter().find_map(|l| Language::from_tag(l)))
        .unwrap_or(Language::En)
}

/// Input of the `resolve_language` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LanguageInput {
    /// The stored `preferredLanguage`.
    pub stored: Option<String>,
    /// `navigator.languages`, in the browser's order.
    pub browser_languages: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn langs(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_stored_preference_wins_over_the_browser() {
        // 000 §1: 'The language comes from a stored preference'
        assert_eq!(
            resolve_language(Some("hi"), &langs(&["es-ES"])),
            Language::Hi
        );
    }

    #[test]
    fn an_unusable_stored_preference_falls_back_to_the_browser() {
        // 000 §1: 'else from the browser language if it is one of en, es, hi, id, pt'
        assert_eq!(
            resolve_language(Some("fr"), &langs(&["es-MX"])),
            Language::Es
        );
    }

    #[test]
    fn portuguese_is_brazilian_unless_the_region_is_portugal() {
        // 000 §1: 'Portuguese (with Brazil and Portugal variants)'
        assert_eq!(resolve_language(None, &langs(&["pt"])), Language::PtBr);
        assert_eq!(resolve_language(None, &langs(&["pt-BR"])), Language::PtBr);
        assert_eq!(resolve_language(None, &langs(&["pt-PT"])), Language::PtPt);
        assert_eq!(resolve_language(None, &langs(&["pt_pt"])), Language::PtPt);
    }

    #[test]
    fn an_unspoken_browser_language_means_english() {
        // 000 §1: 'else en'
        assert_eq!(
            resolve_language(None, &langs(&["fr-FR", "de"])),
            Language::En
        );
        assert_eq!(resolve_language(None, &[]), Language::En);
    }

    #[test]
    fn the_first_spoken_browser_language_is_chosen() {
        // 000 §1: 'from the browser language if it is one of en, es, hi, id, pt'
        assert_eq!(
            resolve_language(None, &langs(&["fr", "id-ID", "es"])),
            Language::Id
        );
        assert_eq!(resolve_language(None, &langs(&["in"])), Language::Id);
    }

    #[test]
    fn every_tag_round_trips() {
        // 000 §1 interface languages: each catalogue tag names its language
        for l in Language::ALL {
            assert_eq!(Language::from_tag(l.tag()), Some(l));
        }
    }
}
