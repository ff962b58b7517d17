//! The configuration's tests: layering, and README's configuration table generated from
//! config.rs's own doc comments (a test fails when they drift).

#![allow(clippy::result_large_err)] // figment::Jail's closures return figment's large Error

use super::*;

/// The README's configuration table, made from config.rs: every setting of `Config` and
/// of its sections (a field whose type is another struct here), with its environment
/// variable, its default and its doc comment.
fn readme_table() -> String {
    let defaults = serde_json::to_value(Config::default()).expect("defaults serialise");
    let mut rows = vec![
        "| setting | env | default | what it is |".to_owned(),
        "|---|---|---|---|".to_owned(),
    ];
    table_rows("Config", &[], &defaults, &mut rows);
    rows.join("\n") + "\n"
}

/// config.rs and its provider sections: where the table's structs are defined.
const SOURCE: &str = concat!(include_str!("../config.rs"), include_str!("providers.rs"));

/// The rows of struct `name` (its definition in [`SOURCE`]) at `path`.
fn table_rows(name: &str, path: &[&str], defaults: &serde_json::Value, rows: &mut Vec<String>) {
    let source = SOURCE;
    let head = format!("pub struct {name} {{");
    let start = source.find(&head).expect("a struct of this file");
    let body = &source[start
        ..source[start..]
            .find("\n}\n")
            .map_or(source.len(), |e| start + e)];
    let mut doc: Vec<&str> = Vec::new();
    for line in body.lines().skip(1).map(str::trim) {
        if let Some(text) = line.strip_prefix("///") {
            doc.push(text.trim());
        } else if let Some(field) = line.strip_prefix("pub ") {
            let (field, ty) = field.split_once(':').unwrap_or_default();
            let (field, ty) = (field.trim(), ty.trim().trim_end_matches(','));
            let mut here = path.to_vec();
            here.push(field);
            let value = defaults
                .get(field)
                .cloned()
                .unwrap_or(serde_json::Value::Null);
            if source.contains(&format!("pub struct {ty} {{")) {
                table_rows(ty, &here, &value, rows);
            } else {
                let default = match &value {
                    serde_json::Value::Null => "none".to_owned(),
                    serde_json::Value::String(v) if v.is_empty() => "empty".to_owned(),
                    serde_json::Value::String(v) => format!("`{v}`"),
                    v => format!("`{v}`"),
                };
                rows.push(format!(
                    "| `{}` | `SWITCHBOARD_{}` | {} | {} |",
                    here.join("."),
                    here.join("__").to_ascii_uppercase(),
                    default.replace('|', "\\|"),
                    doc.join(" ").replace('|', "\\|")
                ));
            }
            doc.clear();
        } else if !line.starts_with("#[") {
            doc.clear();
        }
    }
}

#[test]
fn the_readme_documents_every_setting_as_the_config_does() {
    const START: &str =
        "<!-- config-table:start (generated from crates/server/src/config.rs) -->\n";
    const END: &str = "<!-- config-table:end -->";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).expect("README.md");
    let (Some(a), Some(b)) = (readme.find(START), readme.find(END)) else {
        panic!("README.md lacks the config-table markers");
    };
    let table = readme_table();
    let current = &readme[a + START.len()..b];
    if current != table {
        if std::env::var_os("UPDATE_README").is_some() {
            let updated = format!("{}{START}{table}{}", &readme[..a], &readme[b..]);
            std::fs::write(path, updated).expect("write README.md");
        } else {
            panic!(
                "README.md's configuration table differs from crates/server/src/config.rs; \
                 run UPDATE_README=1 cargo test -p switchboard-server --lib config"
            );
        }
    }
    assert!(table.lines().count() > 40, "{table}");
}

#[test]
fn a_nested_setting_is_read_from_its_section_in_the_file_and_its_double_underscore_variable() {
    figment::Jail::expect_with(|jail| {
        jail.create_file(
            "sb.toml",
            "[providers.hubspot]\nclient_id = \"from-file\"\n[sync]\npoll_ms = 250",
        )?;
        let c = Config::load(Some("sb.toml".into()), &Overrides::default()).unwrap();
        assert_eq!(c.providers.hubspot.client_id, "from-file");
        assert_eq!(c.sync.poll_ms, 250);
        assert_eq!(
            c.sync.lease_ms,
            SyncConfig::default().lease_ms,
            "the rest stays"
        );
        jail.set_env("SWITCHBOARD_PROVIDERS__HUBSPOT__CLIENT_ID", "from-env");
        jail.set_env(
            "SWITCHBOARD_PROVIDERS__ZOHO__ACCOUNTS_SERVERS",
            "[\"https://a.test\"]",
        );
        let c = Config::load(Some("sb.toml".into()), &Overrides::default()).unwrap();
        assert_eq!(c.providers.hubspot.client_id, "from-env");
        assert_eq!(
            c.providers.zoho.accounts_servers,
            vec!["https://a.test".to_owned()]
        );
        Ok(())
    });
}

#[test]
fn command_line_flags_override_the_file_and_defaults() {
    figment::Jail::expect_with(|jail| {
        jail.create_file("sb.toml", "bind = \"0.0.0.0:9000\"\nlog = \"debug\"")?;
        let overrides = Overrides {
            bind: Some("127.0.0.1:7000".into()),
            database_url: None,
        };
        let c = Config::load(Some("sb.toml".into()), &overrides).unwrap();
        assert_eq!(c.bind, "127.0.0.1:7000");
        assert_eq!(c.log, "debug");
        assert_eq!(c.database_url, Config::default().database_url);
        Ok(())
    });
}

#[test]
fn environment_overrides_the_file() {
    figment::Jail::expect_with(|jail| {
        jail.create_file("sb.toml", "bind = \"0.0.0.0:9000\"")?;
        jail.set_env("SWITCHBOARD_BIND", "127.0.0.1:9100");
        jail.set_env("DATABASE_URL", "postgres://x@localhost/y");
        let c = Config::load(Some("sb.toml".into()), &Overrides::default()).unwrap();
        assert_eq!(c.bind, "127.0.0.1:9100");
        assert_eq!(c.database_url, "postgres://x@localhost/y");
        Ok(())
    });
}

#[test]
fn the_development_mailbox_is_off_unless_the_environment_turns_it_on() {
    figment::Jail::expect_with(|jail| {
        let c = Config::load(Some("none.toml".into()), &Overrides::default()).unwrap();
        assert!(!c.dev_mailbox);
        assert!(c.mail.smtp_url.is_none());
        assert_eq!(c.session_ttl_ms(), 30 * 86_400_000);
        jail.set_env("SWITCHBOARD_DEV_MAILBOX", "true");
        jail.set_env("SWITCHBOARD_MAIL__SMTP_URL", "smtp://mail.example.com:2525");
        jail.set_env("SWITCHBOARD_COOKIE_SECURE", "true");
        let c = Config::load(Some("none.toml".into()), &Overrides::default()).unwrap();
        assert!(c.dev_mailbox && c.cookie_secure);
        use secrecy::ExposeSecret;
        assert_eq!(
            c.mail.smtp_url.unwrap().expose_secret(),
            "smtp://mail.example.com:2525"
        );
        Ok(())
    });
}

#[test]
fn the_extension_ids_come_from_the_environment_as_a_list_and_only_ids_are_told() {
    figment::Jail::expect_with(|jail| {
        jail.set_env(
            "SWITCHBOARD_CLIENT__EXTENSION_IDS",
            "[aaaabbbbccccddddeeeeffffgggghhhh, not-an-id, ppppoooonnnnmmmmllllkkkkjjjjiiii]",
        );
        let c = Config::load(None, &Overrides::default()).unwrap();
        assert_eq!(
            c.client.extension_ids(),
            [
                "aaaabbbbccccddddeeeeffffgggghhhh",
                "ppppoooonnnnmmmmllllkkkkjjjjiiii"
            ]
        );
        assert_eq!(c.client.malformed_extension_ids(), ["not-an-id"]);
        assert_eq!(c.client.support_url, "/feedback/contact");
        Ok(())
    });
}
