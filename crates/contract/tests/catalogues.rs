//! Every error code the server or a domain rule can produce has a translation in every
//! catalogue, so the web app never shows a raw code.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::PathBuf;

const LANGUAGES: [&str; 6] = ["en", "es", "hi", "id", "pt-BR", "pt-PT"];

fn errors_catalogue(lang: &str) -> BTreeMap<String, serde_json::Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../locales")
        .join(lang)
        .join("errors.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Fails naming the language and the first code without a non-empty entry.
fn assert_translated(codes: impl Iterator<Item = &'static str> + Clone) {
    for lang in LANGUAGES {
        let cat = errors_catalogue(lang);
        for code in codes.clone() {
            let text = cat.get(code).and_then(|v| v.as_str()).unwrap_or_default();
            assert!(!text.trim().is_empty(), "{lang}/errors.json lacks `{code}`");
        }
    }
}

#[test]
fn every_http_error_code_is_translated_in_every_language() {
    assert_translated(contract::ErrorCode::ALL.iter().map(|c| c.code()));
}

#[test]
fn every_domain_rule_code_is_translated_in_every_language() {
    assert_translated(domain::RuleError::ALL.iter().map(|c| c.code()));
}

#[test]
fn error_codes_serialise_as_their_catalogue_keys() {
    for code in contract::ErrorCode::ALL {
        assert_eq!(serde_json::to_value(code).unwrap(), code.code());
    }
}
