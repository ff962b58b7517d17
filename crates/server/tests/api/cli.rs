//! The `switchboard` command as a user runs it: a bad database address is one readable line
//! and a non-zero exit, never a panic.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

fn run(args: &[&str], database_url: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_switchboard"))
        .args(args)
        .env("DATABASE_URL", database_url)
        .env_remove("SWITCHBOARD_DATABASE_URL")
        .current_dir(std::env::temp_dir())
        .output()
        .expect("run switchboard");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_one_readable_line(stderr: &str) {
    let lines: Vec<_> = stderr
        .lines()
        .filter(|l| l.starts_with("switchboard: error:"))
        .collect();
    assert_eq!(lines.len(), 1, "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(!stderr.contains("RUST_BACKTRACE"), "stderr: {stderr}");
}

#[test]
fn serve_with_an_unsupported_database_scheme_exits_non_zero_with_one_line() {
    let (code, stderr) = run(
        &["serve", "--bind", "127.0.0.1:0"],
        "mysql://root@localhost/x",
    );
    assert_ne!(code, 0);
    assert_one_readable_line(&stderr);
    assert!(stderr.contains("sqlite:// or postgres://"), "{stderr}");
}

#[test]
fn serve_with_an_unreachable_postgres_exits_non_zero_with_one_line() {
    let (code, stderr) = run(
        &["serve", "--bind", "127.0.0.1:0"],
        "postgres://x@127.0.0.1:1/db",
    );
    assert_ne!(code, 0);
    assert_one_readable_line(&stderr);
    assert!(
        stderr.contains("could not connect to the database"),
        "{stderr}"
    );
}

#[test]
fn migrate_then_seed_demo_on_a_fresh_sqlite_file_succeed_and_seeding_is_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("db/sb.db").display());
    let (code, stderr) = run(&["migrate"], &url);
    assert_eq!(code, 0, "{stderr}");
    let out = Command::new(env!("CARGO_BIN_EXE_switchboard"))
        .args(["seed-demo"])
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("created"));
    assert!(String::from_utf8_lossy(&out.stdout).contains("demo activity"));
    let again = Command::new(env!("CARGO_BIN_EXE_switchboard"))
        .args(["seed-demo"])
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&again.stdout).contains("already present"));
}
