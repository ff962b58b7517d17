//! The browser's door to the domain crate. Each export decodes its arguments, calls one domain
//! function and encodes the answer; no rule lives here (the web app's `src/lib/domain.ts` is the
//! only importer).

use wasm_bindgen::prelude::*;

fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The interface language: stored preference, else the first spoken browser language, else en.
#[wasm_bindgen(js_name = resolveLanguage)]
pub fn resolve_language(stored: Option<String>, browser_languages: Vec<String>) -> String {
    domain::language::resolve_language(stored.as_deref(), &browser_languages)
        .tag()
        .to_string()
}

/// The IANA zones an organisation may choose.
#[wasm_bindgen(js_name = offeredTimeZones)]
pub fn offered_time_zones() -> Result<JsValue, JsError> {
    to_js(&domain::zones::offered_time_zones().collect::<Vec<_>>())
}
