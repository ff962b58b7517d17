//! Runs the shared test vectors (`tests/vectors/<family>.json`) through the rule registry. The
//! same files run in vitest against the wasm module, so the browser and the server are proven
//! to give the same answers. Each vector is `{name, rule, input, expected}` with `expected`
//! either `{"ok": …}` or `{"err": "<code>"}`.

use std::path::PathBuf;

use serde_json::Value;

fn vector_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// JSON equality where numbers compare by value (`30` equals `30.0`), as in JavaScript.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(i), Some(j)) => i == j,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[test]
fn every_shared_vector_gives_its_expected_outcome() {
    let mut count = 0;
    let mut failures = Vec::new();
    let mut covered = std::collections::BTreeSet::new();
    for file in vector_files() {
        let family = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("?")
            .to_string();
        let text = std::fs::read_to_string(&file).expect("readable vector file");
        let vectors: Vec<Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for v in vectors {
            count += 1;
            let name = v["name"].as_str().expect("a vector name");
            let rule = v["rule"].as_str().expect("a rule name");
            covered.insert(rule.to_string());
            let expected = &v["expected"];
            assert!(
                expected.get("ok").is_some() ^ expected.get("err").is_some(),
                "{family}: {name}: expected must be {{ok}} or {{err}}"
            );
            // The server's path (serde) and the browser's (domain::value, what the wasm
            // module runs) must both give the expected outcome.
            let input = (&v["input"]).into();
            let browser = domain::registry::call_any_value(rule, &input)
                .map(|out| serde_json::Value::from(&out));
            let server = domain::registry::call_json(rule, v["input"].clone());
            for (path, outcome) in [("server", server), ("browser", browser)] {
                match outcome {
                    Ok(got) if same(&got, expected) => {}
                    Ok(got) => failures.push(format!(
                        "{family}: {name} ({path} path)\n    rule:     {rule}\n    expected: {expected}\n    got:      {got}"
                    )),
                    Err(e) => failures.push(format!("{family}: {name} ({path} path)\n    call error: {e}")),
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        count >= 300,
        "only {count} vectors; the suite promises at least 300"
    );
    let missing: Vec<&str> = domain::registry::all_rules()
        .map(|r| r.name)
        .filter(|n| !covered.contains(*n))
        .collect();
    assert!(missing.is_empty(), "rules without a vector: {missing:?}");
}

#[test]
fn the_vectors_include_the_india_midnight_edge_and_a_new_york_dst_day() {
    // DESIGN.md convention 5: 'Include the India midnight edge (18:29:59Z vs 18:30:00Z)'
    let all: String = vector_files()
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("readable"))
        .collect();
    let before = (chrono::DateTime::parse_from_rfc3339("2026-03-07T18:29:59Z").unwrap())
        .timestamp_millis()
        .to_string();
    let after = (chrono::DateTime::parse_from_rfc3339("2026-03-07T18:30:00Z").unwrap())
        .timestamp_millis()
        .to_string();
    assert!(all.contains(&before) && all.contains(&after));
    assert!(all.contains("America/New_York") && all.contains("DST"));
}
