//! The chat counters (issue #30; 001 §3 'total messages, unique chats, sent, received') on a
//! hand-built set with known answers, in Asia/Kolkata with messages either side of its
//! midnight: per employee, for the selection (a chat two employees wrote in counts once), against
//! the previous period, and only what the caller may see. Real HTTP, both databases.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::DateTime;
use serde_json::{json, Value};
use testkit::db_test;

fn ms(rfc3339: &str) -> i64 {
    DateTime::parse_from_rfc3339(rfc3339)
        .unwrap()
        .timestamp_millis()
}

db_test!(
    chat_counters_count_each_message_once_and_each_chat_once_per_selection,
    |app| async move {
        let org = app
            .organisation_with(
                "chats-admin@calls.test",
                json!({ "org_name": "Chat Counters", "time_zone": "Asia/Kolkata" }),
            )
            .await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let emp = app.member(&org, "chats-emp@calls.test", 3).await;
        let loner = app.member(&org, "chats-loner@calls.test", 3).await;
        let admin = org.workspace_id;
        // (user, chat, direction, when): the period is 2026-11-10..16 in Kolkata.
        let inside = "2026-11-12T06:00:00Z";
        let events = [
            (admin, "x", "OUTGOING", ms(inside)),
            (admin, "x", "OUTGOING", ms(inside) + 1),
            (admin, "x", "INCOMING", ms(inside) + 2),
            (admin, "y", "INCOMING", ms(inside) + 3),
            (emp.user_id, "x", "INCOMING", ms(inside) + 4),
            (emp.user_id, "z", "OUTGOING", ms("2026-11-09T18:30:00Z")), // 10th 00:00 IST: in
            (emp.user_id, "z", "INCOMING", ms("2026-11-16T18:29:59.999Z")), // 16th 23:59:59.999: in
            (emp.user_id, "w", "INCOMING", ms("2026-11-16T18:30:00Z")), // 17th: out
            (admin, "x", "OUTGOING", ms("2026-11-09T18:29:59.999Z")),   // 9th: the previous period
            (
                loner.user_id,
                "v",
                "INCOMING",
                ms("2026-11-02T18:29:59.999Z"),
            ), // 2nd: neither
        ];
        let batch: Vec<Value> = events
            .iter()
            .enumerate()
            .map(|(i, (user, chat, direction, at))| {
                json!({ "MessageId": format!("chat-{i}"), "Message": "hello", "Chatid": format!("9198{chat}@c.us"),
                        "Ack": 1, "Datetime": at, "Direction": direction,
                        "CreatedByUser": user.to_string(), "senderName": "Test" })
            })
            .collect();
        let stored = app
            .post_ok(
                "/api/v2/events/messages",
                &org.admin,
                json!({ "org_id": org.org_id, "events": batch }),
            )
            .await;
        assert_eq!(stored["data"]["stored"], events.len(), "{stored}");

        let path = |extra: &str| {
            format!(
                "/api/v1/analytics/chats?org_id={}&start_date=2026-11-10&end_date=2026-11-16{extra}",
                org.org_id
            )
        };
        let v = app.get_ok(&path(""), &org.admin).await;
        let d = &v["data"];
        let pair = |k: &str| (d[k]["current"].clone(), d[k]["previous"].clone());
        assert_eq!(pair("total_messages"), (json!(7), json!(1)), "{d}");
        assert_eq!(pair("sent"), (json!(3), json!(1)));
        assert_eq!(pair("received"), (json!(4), json!(0)));
        // x (both wrote in it), y, z.
        assert_eq!(pair("unique_chats"), (json!(3), json!(1)));
        assert_eq!(d["total_messages"]["percent"], json!(600.0));
        assert_eq!(
            d["received"]["percent"],
            Value::Null,
            "growing from nothing"
        );
        assert_eq!(d["previous_range"]["start_date"], "2026-11-03");
        let users: Vec<(i64, u64, u64, u64, u64)> = d["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| {
                let n = |k: &str| u[k].as_u64().unwrap();
                (
                    u["user_id"].as_i64().unwrap(),
                    n("total_messages"),
                    n("sent"),
                    n("received"),
                    n("unique_chats"),
                )
            })
            .collect();
        assert_eq!(
            users,
            [
                (admin, 4, 2, 2, 2),
                (emp.user_id, 3, 1, 2, 2),
                (loner.user_id, 0, 0, 0, 0)
            ]
        );

        // One employee, by the filter or as the caller (an employee sees only themself).
        for (extra, session) in [
            (format!("&user_id={}", emp.user_id), org.admin.clone()),
            (String::new(), emp.session.clone()),
        ] {
            let v = app.get_ok(&path(&extra), &session).await;
            let d = &v["data"];
            assert_eq!(d["total_messages"]["current"], 3, "{extra}: {d}");
            assert_eq!(d["unique_chats"]["current"], 2);
            assert_eq!(d["users"].as_array().unwrap().len(), 1);
        }
        let (status, _) = app
            .call_as(
                reqwest::Method::GET,
                &path(&format!("&user_id={admin}")),
                &emp.session,
                None,
            )
            .await;
        assert_eq!(status, 403, "an employee asks for the admin's counters");
    }
);
