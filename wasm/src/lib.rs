//! The browser's door to the domain crate: one export, `call(rule, input)`, that decodes the
//! input straight from the JS value, runs the named rule from the domain registry and encodes
//! its outcome (`{ok: …}` or `{err: "<code>"}`). No rule lives here; the web app's
//! `src/lib/domain.ts` is the only importer and gives every rule its generated TypeScript type.

use wasm_bindgen::prelude::*;

/// Runs the registry rule `rule` on `input`. Throws (a JS `Error` whose message starts with
/// `unknown_rule`, `bad_input` or `encode_failed`) only when the call itself is wrong; a broken
/// rule is an ordinary `{err}` outcome.
#[wasm_bindgen]
pub fn call(rule: &str, input: JsValue) -> Result<JsValue, JsError> {
    let out = serde_wasm_bindgen::Serializer::json_compatible();
    domain::registry::call(rule, serde_wasm_bindgen::Deserializer::from(input), &out)
        .map_err(|e| JsError::new(&format!("{}: {e}", e.code())))
}

/// The names of every rule, for tests and diagnostics.
#[wasm_bindgen(js_name = ruleNames)]
pub fn rule_names() -> Vec<String> {
    domain::registry::RULES
        .iter()
        .map(|r| r.name.to_owned())
        .collect()
}
