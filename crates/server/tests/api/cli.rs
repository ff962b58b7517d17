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

/// `switchboard admin create --email <email>` with `password` on its standard input.
fn admin_create(url: &str, email: &str, password: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_switchboard"))
        .args(["admin", "create", "--email", email])
        .env("DATABASE_URL", url)
        .env_remove("SWITCHBOARD_DATABASE_URL")
        .current_dir(std::env::temp_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(password.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Whether `switchboard seed-demo` succeeded, and its standard output.
fn seed_demo(url: &str) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_switchboard"))
        .args(["seed-demo"])
        .env("DATABASE_URL", url)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
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
    let (ok, out) = seed_demo(&url);
    assert!(ok);
    assert!(out.contains("created"));
    assert!(out.contains("demo activity"));
    let (_, again) = seed_demo(&url);
    assert!(again.contains("already present"));
}

#[test]
fn admin_create_reads_the_password_from_standard_input_and_stores_only_an_argon2id_hash() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("sb.db").display());
    let create = |password: &str| admin_create(&url, "Ops@Example.com", password);
    let short = create("too short\n");
    assert!(!short.status.success());
    assert_one_readable_line(&String::from_utf8_lossy(&short.stderr));
    let ok = create("a long enough passphrase\n");
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let store = store::Store::connect(&url).await.unwrap();
        let admin = store::operator::admin_by_email(&store, "ops@example.com")
            .await
            .unwrap()
            .expect("the admin exists, under the lower-case address");
        assert!(
            admin.password_hash.starts_with("$argon2id$"),
            "{}",
            admin.password_hash
        );
        assert!(!admin.password_hash.contains("passphrase"));
        assert!(server::operator::verify_password(
            "a long enough passphrase",
            &admin.password_hash
        ));
    });
}

#[test]
fn admin_create_is_audited_and_a_password_reset_ends_the_admins_operator_sessions() {
    use store::entity::operator::audit;
    use store::sea_orm::{EntityTrait, QueryOrder};
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("sb.db").display());
    let create = |password: &str| {
        let out = admin_create(&url, "ops@example.com", password);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    create("the first long passphrase\n");
    let rt = tokio::runtime::Runtime::new().unwrap();
    // The admin signs in (a live operator session), then someone resets the password.
    let admin = rt.block_on(async {
        let store = store::Store::connect(&url).await.unwrap();
        let admin = store::operator::admin_by_email(&store, "ops@example.com")
            .await
            .unwrap()
            .unwrap();
        store::operator::create_session(&store, admin.id, "old-session", 1, i64::MAX / 2)
            .await
            .unwrap();
        assert!(store::operator::admin_of_session(&store, "old-session", 2)
            .await
            .unwrap()
            .is_some());
        store.close().await.unwrap();
        admin
    });
    let out = create("a second long passphrase\n");
    assert!(out.contains("1 session(s) ended"), "{out}");
    rt.block_on(async {
        let store = store::Store::connect(&url).await.unwrap();
        assert!(
            store::operator::admin_of_session(&store, "old-session", 2)
                .await
                .unwrap()
                .is_none(),
            "the reset ended the old session"
        );
        let rows = audit::Entity::find()
            .order_by_asc(audit::Column::Id)
            .all(store.conn())
            .await
            .unwrap();
        let actions: Vec<_> = rows.iter().map(|r| r.action.as_str()).collect();
        assert_eq!(actions, ["admin_created", "password_reset"]);
        assert!(rows.iter().all(|r| r.admin_id == admin.id));
        let detail: serde_json::Value = serde_json::from_str(&rows[1].detail).unwrap();
        assert_eq!(detail["via"], "cli");
        assert_eq!(detail["sessions_ended"], 1);
        assert!(!rows[1].detail.contains("passphrase"));
    });
}
