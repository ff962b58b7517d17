//! Refusals about a file answered as a sentence in the caller's language (issue #24): the API's
//! `message` for an upload refused (wrong type, too large, unreadable, over a quota) is the
//! catalogue sentence the web app shows for its code, in the language the request asks for
//! (`Accept-Language`, the web app sends its own), so an API client or the extension gets the
//! same words. The code and `fields` are unchanged: clients still translate by code. Other
//! errors keep their fixed English texts (the spec gives several verbatim).

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use contract::ErrorCode;
use domain::language::{resolve_language, Language};
use std::collections::HashMap;
use std::sync::OnceLock;

tokio::task_local! {
    /// The language of the request being answered.
    static LANGUAGE: Language;
}

/// The `errors` catalogues, compiled in (the same files the web app ships).
const CATALOGUES: [(Language, &str); 6] = [
    (
        Language::En,
        include_str!("../../../locales/en/errors.json"),
    ),
    (
        Language::Es,
        include_str!("../../../locales/es/errors.json"),
    ),
    (
        Language::Hi,
        include_str!("../../../locales/hi/errors.json"),
    ),
    (
        Language::Id,
        include_str!("../../../locales/id/errors.json"),
    ),
    (
        Language::PtBr,
        include_str!("../../../locales/pt-BR/errors.json"),
    ),
    (
        Language::PtPt,
        include_str!("../../../locales/pt-PT/errors.json"),
    ),
];

fn catalogues() -> &'static HashMap<Language, HashMap<String, String>> {
    static PARSED: OnceLock<HashMap<Language, HashMap<String, String>>> = OnceLock::new();
    PARSED.get_or_init(|| {
        CATALOGUES
            .iter()
            .map(|(lang, text)| {
                // The catalogues are checked by the web's tests and `catalogues_parse` below; a
                // broken one falls back to English texts rather than failing requests.
                (*lang, serde_json::from_str(text).unwrap_or_default())
            })
            .collect()
    })
}

/// The sentence for `code` in `lang` (English when that catalogue lacks it).
pub fn sentence(lang: Language, code: &str) -> Option<&'static str> {
    let all = catalogues();
    all.get(&lang)
        .and_then(|c| c.get(code))
        .or_else(|| all.get(&Language::En).and_then(|c| c.get(code)))
        .map(String::as_str)
}

/// The languages an `Accept-Language` header names, in its order of preference (q-values read,
/// at most 16 entries: a longer header is someone else's problem, not an allocation of ours).
pub fn accepted(header: &str) -> Vec<String> {
    let mut tags: Vec<(String, f32)> = header
        .split(',')
        .take(16)
        .filter_map(|part| {
            let mut bits = part.split(';');
            let tag = bits.next()?.trim();
            if tag.is_empty() || tag == "*" || tag.len() > 35 {
                return None;
            }
            let q = bits
                .find_map(|b| b.trim().strip_prefix("q=").and_then(|q| q.parse().ok()))
                .unwrap_or(1.0_f32);
            Some((tag.to_owned(), q))
        })
        .collect();
    tags.sort_by(|a, b| b.1.total_cmp(&a.1));
    tags.into_iter().map(|(t, _)| t).collect()
}

/// Middleware: answers the request inside its language's scope.
pub async fn with_language(req: Request, next: Next) -> Response {
    let header = req
        .headers()
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let lang = resolve_language(None, &accepted(header));
    LANGUAGE.scope(lang, next.run(req)).await
}

/// Whether an error is about an uploaded file: its `file` field broke a rule, or its code only
/// ever describes a file.
fn about_a_file(
    code: ErrorCode,
    fields: Option<&std::collections::BTreeMap<String, String>>,
) -> bool {
    fields.is_some_and(|f| f.contains_key("file"))
        || matches!(
            code,
            ErrorCode::FileTooLarge
                | ErrorCode::PdfUnreadable
                | ErrorCode::PdfEncrypted
                | ErrorCode::PdfNoText
                | ErrorCode::StorageQuotaExceeded
        )
}

/// The message an error answers with: for a refusal about a file, the sentence of its rule (or
/// code) in the request's language; otherwise `message` as it is.
pub fn message_for(
    code: ErrorCode,
    fields: Option<&std::collections::BTreeMap<String, String>>,
    message: String,
) -> String {
    if !about_a_file(code, fields) {
        return message;
    }
    let lang = LANGUAGE.try_with(|l| *l).unwrap_or(Language::En);
    let key = fields
        .and_then(|f| f.get("file"))
        .map(String::as_str)
        .unwrap_or(code.code());
    sentence(lang, key)
        .or_else(|| sentence(lang, code.code()))
        .map(str::to_owned)
        .unwrap_or(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogues_parse_and_every_file_code_has_a_sentence_in_each() {
        for (lang, text) in CATALOGUES {
            let parsed: HashMap<String, String> =
                serde_json::from_str(text).expect("an errors catalogue is a flat map of strings");
            for code in [
                "file_too_large",
                "pdf_unreadable",
                "pdf_encrypted",
                "pdf_no_text",
                "storage_quota_exceeded",
                "attachment_not_supported",
                "attachment_too_large",
            ] {
                assert!(parsed.contains_key(code), "{} lacks {code}", lang.tag());
            }
        }
    }

    #[test]
    fn accept_language_is_read_in_order_of_preference() {
        assert_eq!(
            accepted("en;q=0.5, es-ES, pt-BR;q=0.8, *;q=0.1"),
            vec!["es-ES", "pt-BR", "en"]
        );
        assert_eq!(
            resolve_language(None, &accepted("fr-FR, pt-PT;q=0.9")),
            Language::PtPt
        );
        assert!(accepted("").is_empty());
    }
}
