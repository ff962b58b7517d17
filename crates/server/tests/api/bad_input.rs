//! Bad input, route by route (issue #23): every route that takes a body — walked from
//! `server::routes::all_routes()`, so a new one cannot be missed — is sent, by the admin of a
//! real organisation (and the operator's routes by a signed-in operator), a body over the size
//! limit, truncated JSON, the wrong content type, JSON nested 10 000 deep, numbers past any
//! integer (1e400, ±2^70), strings with control characters and NUL, and for the routes that
//! take a file a truncated file and a file of the wrong type. Each answers a 4xx in the one
//! error shape, never a 5xx, and after each route's batch the server still answers
//! `/api/health`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::isolation::{case, organisation_with, Body, Call};
use reqwest::Method;
use serde_json::{json, Value};
use server::routes::{all_routes, Access};
use testkit::{db_test, TestApp, WithSession};

/// What one bad request is: its name, content type and bytes, and whether a route that reads
/// a JSON body must refuse it (a 4xx). The others may be accepted (a long number in a decimal
/// field, a control character in a name, any bytes as an attachment) but never answer a 5xx.
struct Bad {
    name: &'static str,
    content_type: &'static str,
    bytes: Vec<u8>,
    refused: bool,
}

/// Every string in `v` replaced by `text`; a body without strings gets a `name` of it.
fn with_strings(v: &Value, text: &str) -> Value {
    let mut out = map_strings(v, text);
    if !out
        .to_string()
        .contains(&Value::String(text.into()).to_string())
    {
        if let Some(o) = out.as_object_mut() {
            o.insert("name".into(), Value::String(text.into()));
        }
    }
    out
}

/// Every string in `v` replaced by `text`.
fn map_strings(v: &Value, text: &str) -> Value {
    match v {
        Value::String(_) => Value::String(text.to_owned()),
        Value::Array(a) => Value::Array(a.iter().map(|x| map_strings(x, text)).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, x)| (k.clone(), map_strings(x, text)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The JSON text of `v` with every number written as `number` (which JSON can spell but no
/// integer type holds). A body without numbers gets an `org_id` of it.
fn with_numbers(v: &Value, number: &str) -> String {
    const MARK: &str = "\"__NUMBER__\"";
    fn mark(v: &Value) -> Value {
        match v {
            Value::Number(_) => Value::String("__NUMBER__".into()),
            Value::Array(a) => Value::Array(a.iter().map(mark).collect()),
            Value::Object(o) => {
                Value::Object(o.iter().map(|(k, x)| (k.clone(), mark(x))).collect())
            }
            other => other.clone(),
        }
    }
    let mut marked = mark(v);
    if !marked.to_string().contains(MARK) {
        if let Some(o) = marked.as_object_mut() {
            o.insert("org_id".into(), Value::String("__NUMBER__".into()));
        }
    }
    marked.to_string().replace(MARK, number)
}

fn has_numbers(v: &Value) -> bool {
    match v {
        Value::Number(_) => true,
        Value::Array(a) => a.iter().any(has_numbers),
        Value::Object(o) => o.values().any(has_numbers),
        _ => false,
    }
}

/// The bad bodies for a route whose good body is `good` (JSON) or `file` (a CSV or PDF).
fn bad_bodies(good: &Value, file: Option<(&'static str, &[u8])>, limit: usize) -> Vec<Bad> {
    let text = good.to_string();
    let json = "application/json";
    // A number past every integer must be refused where the body has number fields; added to
    // a body without any, it is an unknown field, which routes ignore (as they ignore a deep
    // value under an unknown field).
    let numbers = has_numbers(good);
    let mut out = vec![
        Bad {
            name: "a body over the size limit",
            refused: true,
            content_type: json,
            bytes: format!("{{\"pad\":\"{}\"}}", "x".repeat(limit + 1024)).into_bytes(),
        },
        Bad {
            name: "truncated JSON",
            refused: true,
            content_type: json,
            bytes: text.as_bytes()[..text.len() / 2].to_vec(),
        },
        Bad {
            name: "the wrong content type",
            refused: true,
            content_type: "text/plain",
            bytes: text.clone().into_bytes(),
        },
        Bad {
            name: "JSON nested 10 000 deep",
            refused: true,
            content_type: json,
            bytes: format!("{}{}", "[".repeat(10_000), "]".repeat(10_000)).into_bytes(),
        },
        Bad {
            name: "JSON nested 10 000 deep in a field",
            refused: false,
            content_type: json,
            bytes: format!(
                "{{\"org_id\":{},\"name\":{}1{}}}",
                good["org_id"].as_i64().unwrap_or(1),
                "{\"a\":".repeat(10_000),
                "}".repeat(10_000)
            )
            .into_bytes(),
        },
        Bad {
            name: "1e400",
            refused: numbers,
            content_type: json,
            bytes: with_numbers(good, "1e400").into_bytes(),
        },
        Bad {
            name: "2^70",
            refused: false,
            content_type: json,
            bytes: with_numbers(good, "1180591620717411303424").into_bytes(),
        },
        Bad {
            name: "-2^70",
            refused: false,
            content_type: json,
            bytes: with_numbers(good, "-1180591620717411303424").into_bytes(),
        },
        Bad {
            name: "strings with control characters and NUL",
            refused: true,
            content_type: json,
            bytes: with_strings(good, "a\u{0}b\u{1}\n\u{1b}[31m\u{7f}")
                .to_string()
                .into_bytes(),
        },
        Bad {
            name: "strings with control characters",
            refused: false,
            content_type: json,
            bytes: with_strings(good, "a\u{1}\r\n\u{1b}[31m\u{7f}\u{202e}")
                .to_string()
                .into_bytes(),
        },
    ];
    if let Some((content_type, file)) = file {
        out.push(Bad {
            name: "a truncated file",
            refused: false,
            content_type,
            bytes: file[..file.len() / 2].to_vec(),
        });
        out.push(Bad {
            name: "a file of the wrong type",
            refused: false,
            content_type,
            // A PNG's signature and a bit of its header.
            bytes: b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0".to_vec(),
        });
        out.push(Bad {
            name: "binary noise",
            refused: false,
            content_type,
            bytes: (0..4096u32)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
                .collect(),
        });
    }
    out
}

const PASSWORD: &str = "a long enough passphrase";

/// An operator admin's session token.
async fn operator(app: &TestApp) -> String {
    let hash = server::operator::hash_password(PASSWORD).unwrap();
    store::operator::upsert_admin(&app.store, "ops@example.com", &hash, app.clock.now_ms())
        .await
        .unwrap();
    let res = app
        .client
        .post(app.url("/api/admin/session"))
        .json(&json!({ "email": "ops@example.com", "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("sb_admin="))
        .and_then(|c| c.split(';').next())
        .unwrap()
        .to_owned()
}

/// `{…}` path parameters filled with 1.
fn filled(path: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in path.chars() {
        match c {
            '{' => inside = true,
            '}' => {
                inside = false;
                out.push('1');
            }
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    format!("/api{out}")
}

db_test!(
    every_route_with_a_body_answers_bad_input_with_a_4xx_in_the_error_shape,
    |app| async move {
        let (admin, _, org) = organisation_with(&app, "bad", &[("member", 3)]).await;
        let ops = operator(&app).await;
        let limit = server::config::Config::default().max_body_bytes;
        let doc =
            serde_json::to_value(<server::openapi::ApiDoc as utoipa::OpenApi>::openapi()).unwrap();
        let mut checked = 0;
        let mut failures = Vec::new();
        for route in all_routes() {
            if ![Method::POST, Method::PUT, Method::PATCH].contains(&route.method) {
                continue;
            }
            let name = format!("{} {}", route.method, route.path);
            // Whether the route reads a JSON body, as its documentation says.
            let reads_json = doc["paths"][format!("/api{}", route.path)]
                [route.method.as_str().to_lowercase()]["requestBody"]["content"]
                .get("application/json")
                .is_some();
            let call = match route.access {
                Access::Scoped => case(&route.method, route.path, &org, &org).0,
                _ => Call {
                    method: route.method.clone(),
                    path: filled(route.path),
                    body: None,
                },
            };
            let (good, file) = match &call.body {
                Some(Body::Json(v)) => (v.clone(), None),
                Some(Body::Csv(text)) => (json!({}), Some(("text/csv", text.as_bytes().to_vec()))),
                Some(Body::Pdf(bytes)) => (json!({}), Some(("application/pdf", bytes.clone()))),
                None => (json!({ "name": "x" }), None),
            };
            for bad in bad_bodies(&good, file.as_ref().map(|(t, b)| (*t, b.as_slice())), limit) {
                let method = reqwest::Method::from_bytes(route.method.as_str().as_bytes()).unwrap();
                let mut req = app
                    .client
                    .request(method, app.url(&call.path))
                    .header("content-type", bad.content_type)
                    .body(bad.bytes);
                req = if route.access == Access::Operator {
                    req.header("Cookie", format!("sb_admin={ops}"))
                } else {
                    req.session(&admin)
                };
                let res = match req.send().await {
                    Ok(res) => res,
                    Err(e) => {
                        failures.push(format!("{name} with {}: no answer: {e}", bad.name));
                        continue;
                    }
                };
                let status = res.status().as_u16();
                let body: Value = res.json().await.unwrap_or(Value::Null);
                let shaped =
                    body["error"]["code"].is_string() && body["error"]["message"].is_string();
                let refused = (400..500).contains(&status) && shaped;
                let accepted = (200..300).contains(&status) && !(bad.refused && reads_json);
                if !(refused || accepted) {
                    failures.push(format!(
                        "{name} ({}) with {}: {status} {body}",
                        call.path, bad.name
                    ));
                }
            }
            let health = app.client.get(app.url("/api/health")).send().await;
            assert!(
                health.is_ok_and(|r| r.status().is_success()),
                "/api/health after {name}'s bad bodies"
            );
            checked += 1;
        }
        // A NUL in a query (reads only): refused, or ignored by a route that reads no query;
        // never a 5xx.
        for route in all_routes().filter(|r| r.method == Method::GET && r.access == Access::Scoped)
        {
            let call = case(&route.method, route.path, &org, &org).0;
            let Some((path, query)) = call.path.split_once('?') else {
                continue;
            };
            let poisoned: String = query
                .split('&')
                .map(|kv| match kv.split_once('=') {
                    Some((k, v)) if k != "org_id" && !v.chars().all(|c| c.is_ascii_digit()) => {
                        format!("{k}=a%00{v}")
                    }
                    _ => kv.to_owned(),
                })
                .chain(["name=a%00b".to_owned()])
                .collect::<Vec<_>>()
                .join("&");
            let res = app
                .client
                .get(app.url(&format!("{path}?{poisoned}")))
                .session(&admin)
                .send()
                .await
                .unwrap();
            let status = res.status().as_u16();
            let body: Value = res.json().await.unwrap_or(Value::Null);
            if status >= 500 || (status >= 400 && !body["error"]["code"].is_string()) {
                failures.push(format!("GET {path}?{poisoned}: {status} {body}"));
            }
        }
        assert!(
            failures.is_empty(),
            "{} bad answers:\n{}",
            failures.len(),
            failures.join("\n")
        );
        assert!(
            checked >= 40,
            "only {checked} routes with a body were walked"
        );
        println!("{checked} routes with a body answered every bad input with a 4xx");
    }
);

db_test!(
    a_page_far_past_the_end_is_an_empty_page_never_an_overflow,
    |app| async move {
        let org = app.organisation("pages@example.com").await;
        let ops = operator(&app).await;
        let huge = "page=18446744073709551615&per_page=18446744073709551615";
        for path in [
            "/api/admin/organisations",
            "/api/admin/users",
            "/api/admin/audit",
            "/api/admin/failed-transactions",
        ] {
            let res = app
                .client
                .get(app.url(&format!("{path}?{huge}")))
                .header("Cookie", format!("sb_admin={ops}"))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status().as_u16(), 200, "{path}");
        }
        for path in [
            format!("/api/billing/history?org_id={}&{huge}", org.org_id),
            format!(
                "/api/v1/whatzapp/organizations/activity?org_id={}&{huge}",
                org.org_id
            ),
        ] {
            let page = app.get_ok(&path, &org.admin).await;
            assert_eq!(page["items"], json!([]), "{path}");
            assert_eq!(page["page"], 1_000_000, "{path}");
            assert_eq!(page["per_page"], 100, "{path}");
        }
    }
);
