//! The browser's types are generated from the registry, never written twice: this test fails
//! when `web/src/generated/domain.ts` differs from what the registry generates, and rewrites it
//! when run with `UPDATE_GENERATED=1`.
#![cfg(feature = "ts")]

use std::path::PathBuf;

fn generated_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/src/generated/domain.ts")
}

#[test]
fn the_committed_typescript_types_match_the_registry() {
    let path = generated_file();
    let fresh = domain::registry::typescript();
    if std::env::var("UPDATE_GENERATED").as_deref() == Ok("1") {
        std::fs::create_dir_all(path.parent().expect("a parent folder")).expect("create folder");
        std::fs::write(&path, &fresh).expect("write generated types");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != fresh {
        let line = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .map_or_else(|| "the end".to_string(), |i| format!("line {}", i + 1));
        panic!(
            "{} is out of date (first difference at {line}); regenerate it with\n  \
             UPDATE_GENERATED=1 cargo test -p switchboard-domain --features ts",
            path.display()
        );
    }
}

#[test]
fn every_rule_appears_in_the_rules_map() {
    let ts = domain::registry::typescript();
    for r in domain::registry::all_rules() {
        let entry = format!(
            "  {}: {{ input: {}; output: {} }};",
            r.name, r.input, r.output
        );
        assert!(ts.contains(&entry), "missing {entry}");
        for t in [r.input, r.output] {
            let declared = ["boolean", "number", "string"].contains(&t)
                || ts.contains(&format!("export type {t} "))
                || ts.contains(&format!("export type {t}<"));
            assert!(declared, "{t} (of {}) is not declared", r.name);
        }
    }
}
