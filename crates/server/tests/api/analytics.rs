//! The dashboards over real HTTP, on SQLite and PostgreSQL: events sent in batches by the
//! extension (idempotent, per-event errors, bounded), then every analytics endpoint compared
//! with an independent computation over the same generated events — written here with
//! chrono-tz directly, not with the domain's bucketing — in Asia/Kolkata (ranges that cross its
//! midnight at 18:30 UTC) and in America/New_York across the 2026-11-01 change; and who sees
//! whose numbers (001 §6).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Timelike, Utc};
use chrono_tz::Tz;
use reqwest::Method;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use testkit::{db_test, TestApp};

/// An organisation in `zone` with one team: admin, a manager and an employee in the team, and an
/// employee without a team. Answers tokens (admin, manager, employee, loner), user ids in the
/// same order, the org id and the team id.
struct Org {
    tokens: Vec<String>,
    ids: Vec<i64>,
    org_id: i64,
    team_id: i64,
}

async fn organisation(app: &TestApp, prefix: &str, zone: &str) -> Org {
    let org = app
        .organisation_with(
            &format!("{prefix}-admin@calls.test"),
            json!({ "org_name": format!("Calls {prefix}"), "time_zone": zone }),
        )
        .await;
    let (admin, org_id) = (org.admin, org.org_id);
    // More people than the trial's three seats.
    app.set_seats(org_id, 50).await.unwrap();
    let team_id = app.team(&admin, org_id, "Sales").await;
    let people = [
        ("manager", 2, Some(team_id)),
        ("employee", 3, Some(team_id)),
        ("loner", 3, None),
    ];
    let employees: Vec<Value> = people
        .iter()
        .map(|(n, role, team)| {
            json!({ "email": format!("{prefix}-{n}@calls.test"), "role_id": role, "team_id": team })
        })
        .collect();
    let added = app
        .post_ok(
            "/api/v1/whatzapp/employees",
            &admin,
            json!({ "org_id": org_id, "employees": employees }),
        )
        .await;
    let mut ids = vec![org.workspace_id];
    ids.extend(
        added["data"]["employees"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["user_id"].as_i64().unwrap()),
    );
    let mut tokens = vec![admin];
    for (n, _, _) in people {
        tokens.push(
            app.sign_in(&format!("{prefix}-{n}@calls.test"))
                .await
                .unwrap(),
        );
    }
    Org {
        tokens,
        ids,
        org_id,
        team_id,
    }
}

/// A call as generated here (the independent side's own record).
#[derive(Debug, Clone)]
struct Call {
    id: String,
    user: i64,
    chat: String,
    direction: i64,
    duration: i64,
    at: i64,
    created: i64,
}

#[derive(Debug, Clone)]
struct Message {
    id: String,
    user: i64,
    at: i64,
}

/// A small deterministic generator (no clock, no crate): xorshift.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn ms(rfc3339: &str) -> i64 {
    DateTime::parse_from_rfc3339(rfc3339)
        .unwrap()
        .timestamp_millis()
}

/// Events of `users` between `from` and `to`, plus the edge instants given.
fn generate(
    users: &[i64],
    from: i64,
    to: i64,
    edges: &[i64],
    seed: u64,
) -> (Vec<Call>, Vec<Message>) {
    let mut r = Rng(seed);
    let mut calls = Vec::new();
    let mut messages = Vec::new();
    let span = (to - from) as u64;
    let mut times: Vec<i64> = (0..400).map(|_| from + r.below(span) as i64).collect();
    times.extend_from_slice(edges);
    for (i, at) in times.into_iter().enumerate() {
        let user = users[r.below(users.len() as u64) as usize];
        let direction = [1, 2, 3, 5][r.below(4) as usize];
        calls.push(Call {
            id: format!("call-{seed}-{i}"),
            user,
            chat: format!("91980000{:04}@c.us", r.below(40)),
            direction,
            duration: if direction <= 2 {
                r.below(600) as i64
            } else {
                0
            },
            at,
            // Logged a little after, sometimes across a bucket edge.
            created: at + r.below(3_600_000) as i64,
        });
        messages.push(Message {
            id: format!("msg-{seed}-{i}"),
            user,
            at: at + r.below(600_000) as i64,
        });
    }
    (calls, messages)
}

fn call_json(c: &Call) -> Value {
    json!({
        "id": c.id, "Datetime": c.at, "Direction": c.direction, "Duration": c.duration,
        "Chatid": c.chat, "CreatedByUser": c.user.to_string(), "createdAt": c.created,
        "updatedAt": c.created
    })
}

fn message_json(m: &Message, i: usize) -> Value {
    json!({
        "MessageId": m.id, "Message": format!("hello {i}"), "Chatid": "c@c.us", "Ack": 1,
        "Datetime": m.at, "Direction": if i % 2 == 0 { "OUTGOING" } else { "INCOMING" },
        "CreatedByUser": m.user.to_string(), "senderName": "Test"
    })
}

async fn send_all(app: &TestApp, token: &str, org_id: i64, calls: &[Call], messages: &[Message]) {
    for chunk in calls.chunks(150) {
        let events: Vec<Value> = chunk.iter().map(call_json).collect();
        let v = app
            .post_ok(
                "/api/v2/events/calls",
                token,
                json!({ "org_id": org_id, "events": events }),
            )
            .await;
        assert_eq!(v["data"]["stored"], chunk.len(), "{v}");
    }
    for chunk in messages.chunks(150) {
        let events: Vec<Value> = chunk
            .iter()
            .enumerate()
            .map(|(i, m)| message_json(m, i))
            .collect();
        let v = app
            .post_ok(
                "/api/v2/events/messages",
                token,
                json!({ "org_id": org_id, "events": events }),
            )
            .await;
        assert_eq!(v["data"]["stored"], chunk.len(), "{v}");
    }
}

/// The independent side: the local days `first..=last` of `tz` as UTC instants, by chrono-tz.
fn day_bounds(tz: Tz, first: NaiveDate, last: NaiveDate) -> (i64, i64) {
    let start = tz
        .from_local_datetime(&first.and_hms_opt(0, 0, 0).unwrap())
        .earliest()
        .unwrap()
        .timestamp_millis();
    let end = tz
        .from_local_datetime(&(last + Duration::days(1)).and_hms_opt(0, 0, 0).unwrap())
        .earliest()
        .unwrap()
        .timestamp_millis()
        - 1;
    (start, end)
}

fn local(tz: Tz, at: i64) -> chrono::NaiveDateTime {
    Utc.timestamp_millis_opt(at)
        .unwrap()
        .with_timezone(&tz)
        .naive_local()
}

fn q(org: &Org, first: NaiveDate, last: NaiveDate, extra: &str) -> String {
    format!(
        "?org_id={}&start_date={first}&end_date={last}{extra}",
        org.org_id
    )
}

/// Checks every endpoint for `users` over `first..=last` against the generated events.
#[allow(clippy::too_many_arguments)]
async fn check_all(
    app: &TestApp,
    org: &Org,
    token: &str,
    extra: &str,
    tz: Tz,
    users: &[i64],
    calls: &[Call],
    messages: &[Message],
    first: NaiveDate,
    last: NaiveDate,
) {
    let (start, end) = day_bounds(tz, first, last);
    let inside: Vec<&Call> = calls
        .iter()
        .filter(|c| users.contains(&c.user) && c.at >= start && c.at <= end)
        .collect();
    let query = q(org, first, last, extra);

    // Overview: per user and direction: count, duration, distinct chats; all-direction exact.
    let v = app
        .get_ok(&format!("/api/v1/analytics/overview{query}"), token)
        .await;
    let data = &v["data"];
    assert_eq!(data["range"]["start_ms"], start, "{query}");
    assert_eq!(data["range"]["end_ms"], end);
    let rows = data["users"].as_array().unwrap();
    assert_eq!(rows.len(), users.len(), "{data}");
    let names = [
        (1, "incoming"),
        (2, "outgoing"),
        (3, "missed"),
        (5, "rejected"),
    ];
    for row in rows {
        let uid = row["user_id"].as_i64().unwrap();
        assert!(users.contains(&uid));
        let mine: Vec<&&Call> = inside.iter().filter(|c| c.user == uid).collect();
        for (d, name) in names {
            let of_d: Vec<&&&Call> = mine.iter().filter(|c| c.direction == d).collect();
            let chats: BTreeSet<&str> = of_d.iter().map(|c| c.chat.as_str()).collect();
            assert_eq!(row[name]["total_count"], of_d.len(), "{uid} {name}");
            assert_eq!(
                row[name]["total_duration"],
                of_d.iter().map(|c| c.duration).sum::<i64>(),
                "{uid} {name}"
            );
            assert_eq!(row[name]["unique_calls"], chats.len(), "{uid} {name}");
        }
        let chats: BTreeSet<&str> = mine.iter().map(|c| c.chat.as_str()).collect();
        assert_eq!(row["all"]["total_count"], mine.len());
        assert_eq!(row["all"]["unique_calls"], chats.len());
    }
    let all_chats: BTreeSet<&str> = inside.iter().map(|c| c.chat.as_str()).collect();
    assert_eq!(data["totals"]["all"]["total_count"], inside.len());
    assert_eq!(data["totals"]["all"]["unique_calls"], all_chats.len());
    assert_eq!(
        data["totals"]["all"]["total_duration"],
        inside.iter().map(|c| c.duration).sum::<i64>()
    );

    // Daily per direction: local calendar days.
    let v = app
        .get_ok(&format!("/api/v1/analytics/daily{query}"), token)
        .await;
    let days = v["data"]["days"].as_array().unwrap();
    let n_days = (last - first).num_days() + 1;
    assert_eq!(days.len() as i64, n_days);
    for (i, day) in days.iter().enumerate() {
        let date = first + Duration::days(i as i64);
        assert_eq!(day["date"], date.to_string());
        for (d, name) in names {
            let n = inside
                .iter()
                .filter(|c| c.direction == d && local(tz, c.at).date() == date)
                .count();
            assert_eq!(day[name], n, "{date} {name}");
        }
    }

    // Active hours 8..=20 of calls and chats.
    let v = app
        .get_ok(&format!("/api/v1/analytics/active-hours{query}"), token)
        .await;
    let hours = |list: &Value| -> Vec<(u64, u64)> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|b| (b["key"].as_u64().unwrap(), b["count"].as_u64().unwrap()))
            .collect()
    };
    let expect_hours = |times: Vec<i64>| -> Vec<(u64, u64)> {
        (8..=20)
            .map(|h| {
                let n = times.iter().filter(|t| local(tz, **t).hour() == h).count();
                (u64::from(h), n as u64)
            })
            .collect()
    };
    assert_eq!(
        hours(&v["data"]["calls"]),
        expect_hours(inside.iter().map(|c| c.at).collect())
    );
    assert_eq!(
        hours(&v["data"]["chats"]),
        expect_hours(
            messages
                .iter()
                .filter(|m| users.contains(&m.user) && m.at >= start && m.at <= end)
                .map(|m| m.at)
                .collect()
        )
    );

    // New calls per local half-day on createdAt.
    let v = app
        .get_ok(&format!("/api/v1/analytics/new-calls{query}"), token)
        .await;
    let mut expect: BTreeMap<String, u64> = BTreeMap::new();
    for i in 0..n_days {
        let d = first + Duration::days(i);
        expect.insert(format!("{d}T00"), 0);
        expect.insert(format!("{d}T12"), 0);
    }
    for c in calls
        .iter()
        .filter(|c| users.contains(&c.user) && c.created >= start && c.created <= end)
    {
        let t = local(tz, c.created);
        let key = format!("{}T{}", t.date(), if t.hour() >= 12 { "12" } else { "00" });
        *expect.get_mut(&key).unwrap() += 1;
    }
    let got: BTreeMap<String, u64> = v["data"]["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["key"].as_str().unwrap().to_owned(),
                b["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, expect);

    // Comparison: the previous period of as many local days.
    let v = app
        .get_ok(&format!("/api/v1/analytics/comparison{query}"), token)
        .await;
    let (ps, pe) = day_bounds(
        tz,
        first - Duration::days(n_days),
        first - Duration::days(1),
    );
    let prev = calls
        .iter()
        .filter(|c| users.contains(&c.user) && c.at >= ps && c.at <= pe)
        .count();
    assert_eq!(v["data"]["previous_range"]["start_ms"], ps);
    assert_eq!(v["data"]["previous_range"]["end_ms"], pe);
    assert_eq!(v["data"]["total_count"]["current"], inside.len());
    assert_eq!(v["data"]["total_count"]["previous"], prev);
    // Chat messages of the same employees, every hour of the day, both periods.
    let messages_in = |a: i64, b: i64| {
        messages
            .iter()
            .filter(|m| users.contains(&m.user) && m.at >= a && m.at <= b)
            .count() as i64
    };
    let (chats_now, chats_before) = (messages_in(start, end), messages_in(ps, pe));
    assert!(chats_now > 0, "{query}: no messages in the period");
    let chats = &v["data"]["chats"];
    assert_eq!(chats["current"], chats_now, "{query}");
    assert_eq!(chats["previous"], chats_before, "{query}");
    assert_eq!(chats["absolute"], chats_now - chats_before, "{query}");
    if chats_before > 0 {
        let pct = (chats_now - chats_before) as f64 / chats_before as f64 * 100.0;
        // The domain rounds to tenths of a percent.
        assert!(
            (chats["percent"].as_f64().unwrap() - pct).abs() <= 0.05 + 1e-9,
            "{chats}"
        );
    } else {
        assert!(chats["percent"].is_null(), "{chats}");
    }
    assert_eq!(
        v["data"]["current_days"].as_array().unwrap().len() as i64,
        n_days
    );
}

/// One [`check_all`]: whose token (index in `org.tokens`), the extra filter, whose events
/// (range of `org.ids`) and the first and last day.
type Case<'a> = (usize, &'a str, std::ops::Range<usize>, &'a str, &'a str);

/// [`check_all`] for each case, in order, over the same sent events.
async fn check_cases(
    app: &TestApp,
    org: &Org,
    tz: Tz,
    (calls, messages): (&[Call], &[Message]),
    cases: &[Case<'_>],
) {
    for (who, extra, users, first, last) in cases {
        check_all(
            app,
            org,
            &org.tokens[*who],
            extra,
            tz,
            &org.ids[users.clone()],
            calls,
            messages,
            date(first),
            date(last),
        )
        .await;
    }
}

fn date(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

db_test!(
    every_endpoint_matches_an_independent_count_across_kolkata_midnights,
    |app| async move {
        let org = organisation(&app, "ist", "Asia/Kolkata").await;
        let tz: Tz = "Asia/Kolkata".parse().unwrap();
        // 2026-10-20 .. 2026-11-10, with calls one millisecond either side of Kolkata midnight.
        let edges = [
            ms("2026-11-02T18:29:59.999Z"),
            ms("2026-11-02T18:30:00Z"),
            ms("2026-11-05T18:29:59.999Z"),
            ms("2026-11-05T18:30:00Z"),
        ];
        let (calls, messages) = generate(
            &org.ids,
            ms("2026-10-20T00:00:00Z"),
            ms("2026-11-10T00:00:00Z"),
            &edges,
            7,
        );
        send_all(&app, &org.tokens[0], org.org_id, &calls, &messages).await;
        let team = format!("&team_id={}", org.team_id);
        let cases = [
            // Admin: everyone, a range that starts and ends on the edge days.
            (0, "", 0..4, "2026-11-03", "2026-11-05"),
            // One day only, and a team filter (manager and employee).
            (0, "", 0..4, "2026-11-03", "2026-11-03"),
            (0, &team, 1..3, "2026-10-25", "2026-11-08"),
            // The manager sees their team; the employee only themself.
            (1, "", 1..3, "2026-10-25", "2026-11-08"),
            (2, "", 2..3, "2026-10-25", "2026-11-08"),
        ];
        check_cases(&app, &org, tz, (&calls, &messages), &cases).await;
    }
);

db_test!(
    every_endpoint_matches_an_independent_count_across_new_york_fall_back,
    |app| async move {
        let org = organisation(&app, "nyc", "America/New_York").await;
        let tz: Tz = "America/New_York".parse().unwrap();
        // 2026-11-01 is 25 hours long in New York: 01:00-02:00 happens twice.
        let edges = [
            ms("2026-11-01T04:00:00Z"),
            ms("2026-11-01T05:30:00Z"),
            ms("2026-11-01T06:30:00Z"),
            ms("2026-11-02T04:59:59.999Z"),
            ms("2026-11-02T05:00:00Z"),
        ];
        let (calls, messages) = generate(
            &org.ids,
            ms("2026-10-25T00:00:00Z"),
            ms("2026-11-06T00:00:00Z"),
            &edges,
            11,
        );
        send_all(&app, &org.tokens[0], org.org_id, &calls, &messages).await;
        let one = format!("&user_id={}", org.ids[3]);
        let cases = [
            (0, "", 0..4, "2026-10-31", "2026-11-02"),
            (0, "", 0..4, "2026-11-01", "2026-11-01"),
            (0, &one, 3..4, "2026-10-28", "2026-11-04"),
        ];
        check_cases(&app, &org, tz, (&calls, &messages), &cases).await;
    }
);

db_test!(
    a_resent_batch_stores_nothing_twice_and_broken_events_are_reported_while_valid_ones_stay,
    |app| async move {
        let org = organisation(&app, "idem", "Asia/Kolkata").await;
        let admin = &org.tokens[0];
        let at = ms("2026-11-03T05:00:00Z");
        let good = |i: usize| {
            json!({ "id": format!("e{i}"), "Datetime": at + i as i64, "Direction": 2,
                    "Duration": 30, "Chatid": "x@c.us", "CreatedByUser": org.ids[1] })
        };
        let mut events: Vec<Value> = (0..5).map(good).collect();
        events.push(
            json!({ "id": "bad-dir", "Datetime": at, "Direction": 4, "Chatid": "x",
                            "CreatedByUser": org.ids[1] }),
        );
        events.push(
            json!({ "id": "stranger", "Datetime": at, "Direction": 1, "Chatid": "x",
                            "CreatedByUser": 999_999 }),
        );
        events.push(json!("not an event"));
        events.push(good(0)); // repeated inside the batch
        let body = json!({ "org_id": org.org_id, "events": events });
        let first = app
            .post_ok("/api/v2/events/calls", admin, body.clone())
            .await;
        let d = &first["data"];
        assert_eq!(
            (
                d["received"].as_u64(),
                d["stored"].as_u64(),
                d["duplicates"].as_u64()
            ),
            (Some(9), Some(5), Some(1)),
            "{d}"
        );
        let rejected: Vec<(u64, String, String)> = d["rejected"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["index"].as_u64().unwrap(),
                    e["field"].as_str().unwrap().to_owned(),
                    e["code"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(
            rejected,
            vec![
                (5, "Direction".into(), "value_invalid".into()),
                (6, "CreatedByUser".into(), "not_found".into()),
                (7, "event".into(), "malformed_body".into()),
            ]
        );
        let again = app.post_ok("/api/v2/events/calls", admin, body).await;
        assert_eq!(again["data"]["stored"], 0);
        assert_eq!(again["data"]["duplicates"], 6);
        let (calls, _) = store::analytics::event_counts(&app.store, org.org_id)
            .await
            .unwrap();
        assert_eq!(calls, 5);

        // An employee may send only their own events.
        let mine = json!({ "org_id": org.org_id, "events": [
            { "id": "own", "Datetime": at, "Direction": 1, "Chatid": "y", "CreatedByUser": org.ids[2] },
            { "id": "theirs", "Datetime": at, "Direction": 1, "Chatid": "y", "CreatedByUser": org.ids[1] }
        ]});
        let v = app
            .post_ok("/api/v2/events/calls", &org.tokens[2], mine)
            .await;
        assert_eq!(v["data"]["stored"], 1);
        assert_eq!(v["data"]["rejected"][0]["code"], "forbidden");

        // Too many events: 413, nothing stored.
        let many: Vec<Value> = (100..1101).map(good).collect();
        let (status, v) = app
            .call_as(
                Method::POST,
                "/api/v2/events/calls",
                admin,
                Some(json!({ "org_id": org.org_id, "events": many })),
            )
            .await;
        assert_eq!(status, 413, "{v}");
        assert_eq!(v["error"]["code"], "payload_too_large");
        // A body over the server's size limit: 413 before anything is read.
        let huge = "x".repeat(3 * 1024 * 1024);
        let (status, v) = app.call_as(Method::POST,
            "/api/v2/events/messages",
            admin,
            Some(json!({ "org_id": org.org_id, "events": [{ "MessageId": "big", "Message": huge }] })),
        )
        .await;
        assert_eq!(status, 413, "{v}");
        assert_eq!(v["error"]["code"], "payload_too_large");
        // Not a batch: 400.
        let (status, _) = app
            .call_as(
                Method::POST,
                "/api/v2/events/messages",
                admin,
                Some(json!({ "events": [] })),
            )
            .await;
        assert_eq!(status, 400);
        let (calls, _) = store::analytics::event_counts(&app.store, org.org_id)
            .await
            .unwrap();
        assert_eq!(calls, 6);
    }
);

db_test!(
    an_employee_sees_only_themself_and_a_filter_that_resolves_nobody_answers_empty,
    |app| async move {
        let org = organisation(&app, "vis", "Asia/Kolkata").await;
        let q = format!(
            "/api/v1/analytics/overview?org_id={}&preset=this_month",
            org.org_id
        );
        let v = app.get_ok(&q, &org.tokens[2]).await;
        let users: Vec<i64> = v["data"]["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["user_id"].as_i64().unwrap())
            .collect();
        assert_eq!(users, vec![org.ids[2]]);
        // Asking for someone else: 403; for a stranger: 404.
        let (status, _) = app
            .call_as(
                Method::GET,
                &format!("{q}&user_id={}", org.ids[1]),
                &org.tokens[2],
                None,
            )
            .await;
        assert_eq!(status, 403);
        let (status, _) = app
            .call_as(
                Method::GET,
                &format!("{q}&user_id=999999"),
                &org.tokens[0],
                None,
            )
            .await;
        assert_eq!(status, 404);
        // A team with no members resolves nobody: an empty answer.
        let empty = app
            .post_ok(
                "/api/v1/whatzapp/teams",
                &org.tokens[0],
                json!({ "org_id": org.org_id, "team_name": "Empty" }),
            )
            .await;
        let v = app
            .get_ok(
                &format!("{q}&team_id={}", empty["data"]["id"]),
                &org.tokens[0],
            )
            .await;
        assert_eq!(v["data"]["users"], json!([]));
        assert_eq!(v["data"]["totals"]["all"]["total_count"], 0);
        // A broken preset or date is 422 with the field.
        let (status, v) = app
            .call_as(
                Method::GET,
                &format!(
                    "/api/v1/analytics/daily?org_id={}&preset=someday",
                    org.org_id
                ),
                &org.tokens[0],
                None,
            )
            .await;
        assert_eq!(status, 422);
        assert_eq!(v["error"]["fields"]["preset"], "value_invalid");
    }
);

db_test!(
    the_original_dashboards_search_bodies_are_answered_in_their_shape_from_the_store,
    |app| async move {
        let org = organisation(&app, "es", "Asia/Kolkata").await;
        let tz: Tz = "Asia/Kolkata".parse().unwrap();
        let (calls, messages) = generate(
            &org.ids,
            ms("2026-10-20T00:00:00Z"),
            ms("2026-11-10T00:00:00Z"),
            &[ms("2026-11-02T18:30:00Z")],
            5,
        );
        send_all(&app, &org.tokens[0], org.org_id, &calls, &messages).await;
        let (start, end) = (ms("2026-10-25T18:30:00Z"), ms("2026-11-04T18:29:59.999Z"));
        let users: Vec<String> = org.ids.iter().map(ToString::to_string).collect();
        // 001 §7.1: directions, then users, with the sum of Duration and unique Chatid.
        let body = json!({
            "size": 0,
            "query": { "bool": { "filter": [
                { "terms": { "CreatedByUser": users } },
                { "range": { "Datetime": { "gte": start, "lte": end, "format": "epoch_millis" } } }
            ] } },
            "aggs": { "2": {
                "terms": { "field": "Direction", "size": 5 },
                "aggs": { "3": {
                    "terms": { "field": "CreatedByUser", "size": 500 },
                    "aggs": {
                        "1": { "sum": { "field": "Duration" } },
                        "4": { "cardinality": { "field": "Chatid" } }
                    }
                } }
            } }
        });
        let path = format!("/api/v1/analytics/search?org_id={}&index=calls", org.org_id);
        let v = app.post_ok(&path, &org.tokens[0], body.clone()).await;
        let inside: Vec<&Call> = calls
            .iter()
            .filter(|c| c.at >= start && c.at <= end)
            .collect();
        assert_eq!(v["hits"]["total"]["value"], inside.len());
        let mut got = BTreeMap::new();
        for d in v["aggregations"]["2"]["buckets"].as_array().unwrap() {
            for u in d["3"]["buckets"].as_array().unwrap() {
                got.insert(
                    (
                        d["key"].as_i64().unwrap(),
                        u["key"].as_str().unwrap().to_owned(),
                    ),
                    (
                        u["doc_count"].as_u64().unwrap(),
                        u["1"]["value"].as_f64().unwrap() as i64,
                        u["4"]["value"].as_u64().unwrap(),
                    ),
                );
            }
        }
        let mut expect = BTreeMap::new();
        for c in &inside {
            let e = expect.entry((c.direction, c.user.to_string())).or_insert((
                0u64,
                0i64,
                BTreeSet::new(),
            ));
            e.0 += 1;
            e.1 += c.duration;
            e.2.insert(c.chat.clone());
        }
        let expect: BTreeMap<_, _> = expect
            .into_iter()
            .map(|(k, (n, d, chats))| (k, (n, d, chats.len() as u64)))
            .collect();
        assert_eq!(got, expect);
        // The domain's overview rule reads this answer as it read Elasticsearch's.
        let shaped = domain::analytics::calls_overview(&domain::analytics::CallsOverviewInput {
            current: serde_json::from_value(v.clone()).unwrap(),
            previous: None,
            user_ids: None,
            rank_by: None,
        });
        assert_eq!(shaped.totals.all.total_count, inside.len() as u64);

        // 001 §7.1's own form: the index's search path in `url`, the organisation the caller's
        // (no `org_id`): the same answer, `took` aside.
        let untimed = |mut v: Value| {
            v.as_object_mut().unwrap().remove("took");
            v
        };
        for url in ["calllogs/_search", "%2Fcalllogs%2F_search%3Fsize%3D0"] {
            let by_url = app
                .post_ok(
                    &format!("/api/v1/analytics/search?url={url}"),
                    &org.tokens[0],
                    body.clone(),
                )
                .await;
            assert_eq!(untimed(by_url), untimed(v.clone()), "{url}");
        }
        let own = format!("&org_id={}", org.org_id);
        for (query, part) in [
            (format!("index=calls&url=calllogs/_search{own}"), "not both"),
            (own.clone(), "index"),
            (format!("url=calllogs/_count{own}"), "_search"),
            (format!("url=orders/_search{own}"), "orders"),
        ] {
            let (status, v) = app
                .call_as(
                    Method::POST,
                    &format!("/api/v1/analytics/search?{query}"),
                    &org.tokens[0],
                    Some(body.clone()),
                )
                .await;
            assert_eq!(status, 400, "{query}: {v}");
            let msg = v["error"]["message"].as_str().unwrap();
            assert!(msg.contains(part), "{msg} should name {part}");
        }

        // 001 §7.3: hourly histogram of chat messages in the Kolkata zone.
        let hist = json!({
            "size": 0,
            "query": { "bool": { "must": [
                { "range": { "Datetime": { "gte": start, "lte": end } } }
            ] } },
            "aggs": { "2": { "date_histogram": {
                "field": "Datetime", "fixed_interval": "1h", "time_zone": "Asia/Calcutta",
                "min_doc_count": 1
            } } }
        });
        let path_m = format!(
            "/api/v1/analytics/search?org_id={}&index=messages",
            org.org_id
        );
        let v = app.post_ok(&path_m, &org.tokens[0], hist).await;
        let got: BTreeMap<i64, u64> = v["aggregations"]["2"]["buckets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| (b["key"].as_i64().unwrap(), b["doc_count"].as_u64().unwrap()))
            .collect();
        let mut expect: BTreeMap<i64, u64> = BTreeMap::new();
        for m in messages.iter().filter(|m| m.at >= start && m.at <= end) {
            let t = local(tz, m.at);
            let hour = tz
                .from_local_datetime(&t.date().and_hms_opt(t.hour(), 0, 0).unwrap())
                .earliest()
                .unwrap()
                .timestamp_millis();
            *expect.entry(hour).or_default() += 1;
        }
        assert_eq!(got, expect);

        // An employee's search covers only themself, whatever users it names.
        let v = app.post_ok(&path, &org.tokens[2], body).await;
        let mine = inside.iter().filter(|c| c.user == org.ids[2]).count();
        assert_eq!(v["hits"]["total"]["value"], mine);

        // Anything outside the subset is 400 naming the part.
        for (bad, part) in [
            (
                json!({ "size": 0, "query": { "match": { "Chatid": "x" } } }),
                "match",
            ),
            (
                json!({ "size": 10, "query": { "bool": { "filter": [
                { "range": { "Datetime": { "gte": start, "lte": end } } } ] } } }),
                "size",
            ),
            (
                json!({ "size": 0, "query": { "bool": { "filter": [
                { "range": { "Datetime": { "gte": start, "lte": end } } } ] } },
                "aggs": { "2": { "avg": { "field": "Duration" } } } }),
                "avg",
            ),
            (
                json!({ "size": 0, "query": { "bool": { "filter": [
                { "range": { "Duration": { "gte": 1 } } } ] } } }),
                "Duration",
            ),
        ] {
            let (status, v) = app
                .call_as(Method::POST, &path, &org.tokens[0], Some(bad))
                .await;
            assert_eq!(status, 400, "{v}");
            let msg = v["error"]["message"].as_str().unwrap();
            assert!(msg.contains(part), "{msg} should name {part}");
        }
    }
);

db_test!(
    quick_replies_and_scheduled_messages_are_counted_per_employee_in_the_period,
    |app| async move {
        let org = organisation(&app, "use", "Asia/Kolkata").await;
        let admin = &org.tokens[0];
        // Times either side of Kolkata midnight; the period is 2026-11-03 (local).
        let times = [
            ms("2026-11-02T18:29:59.999Z"),
            ms("2026-11-02T18:30:00Z"),
            ms("2026-11-03T10:00:00Z"),
            ms("2026-11-03T18:29:59.999Z"),
            ms("2026-11-03T18:30:00Z"),
        ];
        for (path, prefix) in [("quick-replies", "qr"), ("schedulers", "sc")] {
            let events: Vec<Value> = times
                .iter()
                .enumerate()
                .flat_map(|(i, t)| {
                    org.ids.iter().take(i + 1).map(move |u| {
                        json!({ "id": format!("{prefix}-{i}-{u}"), "Datetime": t, "CreatedByUser": u })
                    })
                })
                .collect();
            let body = json!({ "org_id": org.org_id, "events": events });
            let url = format!("/api/v2/events/{path}");
            let v = app.post_ok(&url, admin, body.clone()).await;
            assert_eq!(v["data"]["stored"], events_len(&body));
            let again = app.post_ok(&url, admin, body.clone()).await;
            assert_eq!(again["data"]["stored"], 0);
        }
        // Independent count: events whose Kolkata date is 2026-11-03, per user.
        let tz: Tz = "Asia/Kolkata".parse().unwrap();
        let expect: Vec<(i64, u64)> = {
            let mut ids = org.ids.clone();
            ids.sort_unstable();
            ids.iter()
                .map(|u| {
                    let pos = org.ids.iter().position(|x| x == u).unwrap();
                    let n = times
                        .iter()
                        .enumerate()
                        .filter(|(i, t)| *i >= pos && local(tz, **t).date() == date("2026-11-03"))
                        .count();
                    (*u, n as u64)
                })
                .collect()
        };
        let q = format!(
            "?org_id={}&start_date=2026-11-03&end_date=2026-11-03",
            org.org_id
        );
        let v = app
            .get_ok(
                &format!("/api/v1/whatzapp/quickreplies/analytics{q}"),
                admin,
            )
            .await;
        let got: Vec<(i64, u64)> = v["data"]["quick_reply_updated_counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["user_id"].as_i64().unwrap(), c["count"].as_u64().unwrap()))
            .collect();
        assert_eq!(got, expect);
        let v = app
            .get_ok(&format!("/api/v1/whatzapp/scheduler/analytics{q}"), admin)
            .await;
        let got: Vec<(i64, u64)> = v["data"]["schedulers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["workspace_id"].as_i64().unwrap(),
                    c["schedulers"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(got, expect);
        // An employee sees only their own count.
        let v = app
            .get_ok(
                &format!("/api/v1/whatzapp/scheduler/analytics{q}"),
                &org.tokens[2],
            )
            .await;
        assert_eq!(v["data"]["schedulers"].as_array().unwrap().len(), 1);
        assert_eq!(v["data"]["schedulers"][0]["workspace_id"], org.ids[2]);
    }
);

fn events_len(body: &Value) -> usize {
    body["events"].as_array().unwrap().len()
}
