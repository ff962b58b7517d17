//! The browser's door to the domain crate: one export, `call(rule, input)`, that turns the JS
//! value into a `domain::value::Value`, runs the named rule from a domain registry
//! (`call_value`) and turns its outcome (`{ok: …}` or `{err: "<code>"}`) back into a plain JS
//! value. No rule lives here.
//!
//! Two modules are built from this crate (scripts/build-wasm.sh), the same conversion code in
//! each: with the `boot` feature (the default) it answers the main registry
//! (`domain::registry`) and also exports `shapeColumns`, for the module the boot path loads
//! (`web/src/lib/domain.ts` is its only importer); with `manage` alone it answers the manage
//! tools' registry (`domain::registry::manage`), for the module their screens load lazily
//! (`web/src/lib/manageDomain.ts`); with `insights` alone the dashboards' insight rules
//! (`domain::registry::insights`: business hours), loaded by the screens that need them
//! (`web/src/lib/insightsDomain.ts`).

use std::borrow::Cow;
use std::cell::RefCell;

use domain::value::Value;
use wasm_bindgen::prelude::*;

/// The registry this module answers: the main one, the manage tools' or the insights'.
#[cfg(feature = "boot")]
use domain::registry as rules;
#[cfg(all(feature = "insights", not(any(feature = "boot", feature = "manage"))))]
use domain::registry::insights as rules;
#[cfg(all(feature = "manage", not(feature = "boot")))]
use domain::registry::manage as rules;
#[cfg(not(any(feature = "boot", feature = "manage", feature = "insights")))]
compile_error!("switchboard-wasm is built with the `boot`, `manage` or `insights` feature");

// The few JS operations the conversion needs, as plain functions: no `js-sys`, whose linked
// bindings (and their closure shims) were 2 KB of the gzipped module.
#[wasm_bindgen(inline_js = "export function kindOf(v) {
  switch (typeof v) {
    case 'boolean': return 1;
    case 'number': return 2;
    case 'string': return 3;
    case 'object': return v === null ? 0 : Array.isArray(v) ? 4 : 5;
    default: return 0;
  }
}
export function members(o) {
  const out = [];
  for (const k in o) {
    if (Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined) out.push(k, o[k]);
  }
  return out;
}
export function length(a) { return a.length; }
export function at(a, i) { return a[i]; }
const keys = new Map();
export function keyIndex(k) { const i = keys.get(k); return i === undefined ? -1 : i; }
export function setKeyIndex(k, i) { keys.set(k, i); }
export function newArray() { return []; }
export function push(a, v) { a.push(v); }
export function newObject() { return {}; }
export function setMember(o, k, v) { o[k] = v; }")]
extern "C" {
    /// What a JS value is, in one call across the boundary (0 null, undefined or not
    /// JSON-like, 1 boolean, 2 number, 3 string, 4 array, 5 object).
    #[wasm_bindgen(js_name = kindOf)]
    fn kind_of(v: &JsValue) -> u8;
    /// An object's own enumerable members as `[key, value, key, value, …]`, `undefined`
    /// values left out.
    fn members(o: &JsValue) -> JsValue;
    fn length(a: &JsValue) -> u32;
    fn at(a: &JsValue, i: u32) -> JsValue;
    /// The index of an object key in [`INPUT_KEYS`], or -1 when it has none yet.
    #[wasm_bindgen(js_name = keyIndex)]
    fn key_index(k: &JsValue) -> i32;
    #[wasm_bindgen(js_name = setKeyIndex)]
    fn set_key_index(k: &JsValue, i: u32);
    #[wasm_bindgen(js_name = newArray)]
    fn new_array() -> JsValue;
    fn push(a: &JsValue, v: &JsValue);
    #[wasm_bindgen(js_name = newObject)]
    fn new_object() -> JsValue;
    /// `o[k] = v` on a fresh plain object (no `Reflect.set` error wrapper).
    #[wasm_bindgen(js_name = setMember)]
    fn set_member(o: &JsValue, k: &JsValue, v: &JsValue);
}

/// A JS value as a [`Value`]: `undefined` members are left out (a missing key, as in JSON),
/// anything that is not JSON-like (functions, symbols, big integers) reads as `null`.
fn from_js(v: &JsValue) -> Value {
    match kind_of(v) {
        1 => Value::Bool(v.is_truthy()),
        2 => Value::Num(v.unchecked_into_f64()),
        3 => v
            .as_string()
            .map_or(Value::Null, |s| Value::Str(Cow::Owned(s))),
        4 => Value::Arr((0..length(v)).map(|i| from_js(&at(v, i))).collect()),
        5 => {
            let flat = members(v);
            let n = length(&flat);
            let mut out = Vec::with_capacity(n as usize / 2);
            for i in (0..n).step_by(2) {
                if let Some(key) = input_key(&at(&flat, i)) {
                    out.push((key, from_js(&at(&flat, i + 1))));
                }
            }
            Value::Obj(out)
        }
        _ => Value::Null,
    }
}

thread_local! {
    /// Object keys the browser has sent, as Rust strings, by the index the JS side keeps for
    /// each: a key is decoded once, then found by a JS `Map` lookup. Bounded, so objects keyed
    /// by data (ids) cannot grow it for ever.
    static INPUT_KEYS: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };

    /// JS strings of the field names rules write, by address and length, sorted: each crosses
    /// into JS once (decoding a string is the dearest part of a small call). A sorted `Vec`
    /// rather than a map: a few hundred static names, and far less code in the module.
    static KEYS: RefCell<Vec<((usize, usize), JsValue)>> = const { RefCell::new(Vec::new()) };
}

const INPUT_KEYS_MAX: usize = 4096;

fn input_key(key: &JsValue) -> Option<Cow<'static, str>> {
    INPUT_KEYS.with(|names| {
        if let Ok(i) = usize::try_from(key_index(key)) {
            return names.borrow().get(i).map(|n| Cow::Borrowed(*n));
        }
        let name = key.as_string()?;
        let mut names = names.borrow_mut();
        if names.len() >= INPUT_KEYS_MAX {
            return Some(Cow::Owned(name));
        }
        // Leaked on purpose: at most INPUT_KEYS_MAX short names for the page's lifetime.
        let leaked: &'static str = Box::leak(name.into_boxed_str());
        set_key_index(key, names.len() as u32);
        names.push(leaked);
        Some(Cow::Borrowed(leaked))
    })
}

// The `Cow` itself is the point: only borrowed (static) text is cached.
#[allow(clippy::ptr_arg)]
fn js_text(key: &Cow<'static, str>) -> JsValue {
    match key {
        Cow::Borrowed(name) => KEYS.with(|keys| {
            let mut keys = keys.borrow_mut();
            let at = (name.as_ptr() as usize, name.len());
            let i = keys
                .binary_search_by_key(&at, |(k, _)| *k)
                .unwrap_or_else(|i| {
                    keys.insert(i, (at, JsValue::from_str(name)));
                    i
                });
            keys[i].1.clone()
        }),
        Cow::Owned(name) => JsValue::from_str(name),
    }
}

/// A [`Value`] as a plain JS value (objects are plain objects, as `JSON.parse` makes them).
fn to_js(v: &Value) -> JsValue {
    match v {
        Value::Null => JsValue::NULL,
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Num(n) => JsValue::from_f64(*n),
        Value::Str(s) => js_text(s),
        Value::Arr(items) => {
            let arr = new_array();
            for item in items {
                push(&arr, &to_js(item));
            }
            arr
        }
        Value::Obj(members) => {
            let obj = new_object();
            for (k, v) in members {
                set_member(&obj, &js_text(k), &to_js(v));
            }
            obj
        }
    }
}

/// Runs the rule `rule` of this module's registry on `input`. Throws (a JS `Error` whose message
/// starts with `unknown_rule`, `bad_input` or `encode_failed`) only when the call itself is
/// wrong (a rule of the other module is unknown here); a broken rule is an ordinary `{err}`
/// outcome.
#[wasm_bindgen]
pub fn call(rule: &str, input: JsValue) -> Result<JsValue, JsError> {
    rules::call_value(rule, &from_js(&input))
        .map(|out| to_js(&out))
        .map_err(|e| JsError::new(&e.message()))
}

/// The names of every rule this module knows, for tests and diagnostics.
#[wasm_bindgen(js_name = ruleNames)]
pub fn rule_names() -> Vec<String> {
    rules::RULE_NAMES
        .iter()
        .map(|name| (*name).to_owned())
        .collect()
}

/// A shaped series in columns: bucket names joined by `\n`, counts as a `Float64Array`.
#[cfg(feature = "boot")]
#[wasm_bindgen]
pub struct ShapedColumns {
    keys: String,
    counts: Vec<f64>,
    total: f64,
    outside: f64,
}

#[cfg(feature = "boot")]
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
/// `Error` whose message is the rule's code. Boot module only (the dashboards' charts).
#[cfg(feature = "boot")]
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
    use domain::value::FromValue;
    let granularity = Granularity::from_value(&from_js(&granularity))
        .map_err(|e| JsError::new(&domain::text::concat(&["bad_input: ", &e.0])))?;
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

// A free-list allocator a fraction of dlmalloc's size (docs/BENCHMARKS.md, "Web app size").
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::LockedAllocator<lol_alloc::FreeListAllocator> =
    lol_alloc::LockedAllocator::new(lol_alloc::FreeListAllocator::new());
