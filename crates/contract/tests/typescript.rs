//! The web app's wire types are generated from the contract, never written twice: this test
//! fails when `web/src/generated/contract.ts` differs from what the Rust types generate, and
//! rewrites it when run with `UPDATE_GENERATED=1`.
#![cfg(feature = "ts")]

use std::path::PathBuf;

fn generated_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/src/generated/contract.ts")
}

#[test]
fn the_committed_typescript_types_match_the_contract() {
    let path = generated_file();
    let fresh = contract::typescript::typescript();
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
             UPDATE_GENERATED=1 cargo test -p switchboard-contract --features ts --test typescript",
            path.display()
        );
    }
}

#[test]
fn every_dto_of_the_account_auth_error_and_health_modules_is_declared() {
    let names = contract::typescript::declared_names();
    for name in [
        "ResultEnvelope",
        "StatusEnvelope",
        "TypeEnvelope",
        "Ack",
        "SignedIn",
        "SessionUser",
        "SessionInfo",
        "OrgMapping",
        "UserExistence",
        "Organization",
        "CreditHistory",
        "SeatAvailability",
        "ColorPalette",
        "ColorEntry",
        "Team",
        "CreateTeam",
        "UpdateTeam",
        "AssignTeam",
        "Role",
        "Employee",
        "EmployeeList",
        "NewEmployee",
        "AddEmployees",
        "ImportReport",
        "ImportRowError",
        "ErrorBody",
        "ErrorDetail",
        "ErrorCode",
        "Health",
        "DatabaseKind",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} is not declared");
    }
}

#[test]
fn no_wire_number_becomes_a_bigint_in_the_browser() {
    // JSON numbers are JavaScript numbers; a `bigint` field would never type-check against
    // what `fetch` returns.
    let ts = contract::typescript::typescript();
    assert!(
        !ts.contains("bigint"),
        "a 64-bit field lacks ts(type = \"number\")"
    );
}
