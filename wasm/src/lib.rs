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

/// A shaped series in columns: bucket names joined by `\n`, counts as a `Float64Array`.
#[wasm_bindgen]
pub struct ShapedColumns {
    keys: String,
    counts: Vec<f64>,
    total: f64,
    outside: f64,
}

#[wasm_bindgen]
impl ShapedColumns {
    #[wasm_bindgen(getter)]
    pub fn keys(&self) -> String {
        self.keys.clone()
    }
    #[wasm_bindgen(getter)]
    pub fn counts(&self) -> Vec<f64> {
        self.counts.clone()
    }
    #[wasm_bindgen(getter)]
    pub fn total(&self) -> f64 {
        self.total
    }
    #[wasm_bindgen(getter)]
    pub fn outside(&self) -> f64 {
        self.outside
    }
}

/// The `shape_buckets` rule for long series, with buckets passed as two typed arrays (start in
/// UTC epoch ms, document count) so no object is built per bucket. Rule failures throw an
/// `Error` whose message is the rule's code.
#[wasm_bindgen(js_name = shapeColumns)]
pub fn shape_columns(
    granularity: JsValue,
    start_ms: f64,
    end_ms: f64,
    time_zone: Option<String>,
    starts_ms: &[f64],
    counts: &[f64],
) -> Result<ShapedColumns, JsError> {
    use domain::buckets::{Granularity, Grid};
    let granularity: Granularity = serde_wasm_bindgen::from_value(granularity)
        .map_err(|e| JsError::new(&format!("bad_input: {e}")))?;
    let grid = domain::dates::zone_or_default(time_zone.as_deref())
        .and_then(|tz| Grid::new(tz, granularity, start_ms as i64, end_ms as i64))
        .map_err(|e| JsError::new(e.code()))?;
    let (counts, outside) = domain::buckets::shape_columns(&grid, starts_ms, counts);
    let keys = grid.joined_keys('\n');
    let total = counts.iter().fold(0u64, |a, c| a.saturating_add(*c));
    Ok(ShapedColumns {
        keys,
        counts: counts.into_iter().map(|c| c as f64).collect(),
        total: total as f64,
        outside: outside as f64,
    })
}
