//! A follow-up's comment, e-mail and notification lead time (issue #28, item 4; 001 §3 'title,
//! date and time, notes, comment, priority, amount, email, local time', §4 'lead times in
//! minutes, hours, days and weeks'), on SQLite and PostgreSQL: they are kept, shown on the board,
//! changed and cleared, carried to a recurring follow-up's next occurrence, and refused on their
//! own fields when out of bounds.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp};

const FU: &str = "/api/manage/follow-ups";

fn iso_minute(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap()
        .format("%Y-%m-%dT%H:%M")
        .to_string()
}

async fn refused_on(app: &TestApp, who: &str, body: Value, field: &str) -> (u16, String) {
    let (status, answer) = app.call(Method::POST, FU, Some(who), Some(body)).await;
    let code = answer["error"]["fields"][field]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    (status, code)
}

db_test!(
    a_reminder_keeps_its_comment_email_and_lead_time,
    |app| async move {
        let org = app.organisation("lead@reminders.test").await;
        let (me, org_id) = (org.admin, org.org_id);
        let due = iso_minute(app.clock.now_ms() + 2 * 3_600_000);
        let board = app
            .post_ok(
                FU,
                &me,
                json!({ "org_id": org_id, "title": "Call Asha", "due": due, "time_zone": "UTC",
                    "comment": "  Ask about the renewal  ", "email": "asha@example.com",
                    "lead_minutes": 90 }),
            )
            .await;
        let item = &board["upcoming"][0];
        assert_eq!(item["comment"], "Ask about the renewal", "{board}");
        assert_eq!(item["email"], "asha@example.com");
        assert_eq!(item["lead_minutes"], 90);
        let id = item["id"].as_i64().unwrap();

        // Changed, then cleared: blank text and a zero lead time are none.
        let (status, board) = app
            .call(
                Method::PUT,
                &format!("{FU}/{id}"),
                Some(&me),
                Some(
                    json!({ "org_id": org_id, "title": "Call Asha", "due": due, "time_zone": "UTC",
                         "comment": " ", "email": "", "lead_minutes": 0 }),
                ),
            )
            .await;
        assert_eq!(status, 200, "{board}");
        let item = &board["upcoming"][0];
        assert!(item["comment"].is_null(), "{board}");
        assert!(item["email"].is_null());
        assert!(item["lead_minutes"].is_null());

        // An older client that sends none of them leaves a follow-up without them.
        let board = app
            .post_ok(
                FU,
                &me,
                json!({ "org_id": org_id, "title": "Plain", "due": due, "time_zone": "UTC" }),
            )
            .await;
        let plain = board["upcoming"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["title"] == "Plain")
            .unwrap();
        assert!(
            plain["lead_minutes"].is_null()
                && plain["email"].is_null()
                && plain["comment"].is_null()
        );
    }
);

db_test!(
    out_of_bounds_extras_are_refused_on_their_fields,
    |app| async move {
        let me = app.sign_in("bounds@reminders.test").await.unwrap();
        let due = iso_minute(app.clock.now_ms() + 3_600_000);
        let with = |k: &str, v: Value| {
            let mut b = json!({ "title": "Call", "due": due, "time_zone": "UTC" });
            b[k] = v;
            b
        };
        for (body, field, code) in [
            (
                with("email", json!("not-an-address")),
                "email",
                "email_invalid",
            ),
            (
                with("email", json!(format!("{}@example.com", "a".repeat(250)))),
                "email",
                "email_invalid",
            ),
            (
                with("lead_minutes", json!(-1)),
                "lead_minutes",
                "value_invalid",
            ),
            (
                with("lead_minutes", json!(4 * 7 * 24 * 60 + 1)),
                "lead_minutes",
                "value_invalid",
            ),
            (
                with("comment", json!("x".repeat(1_001))),
                "comment",
                "value_invalid",
            ),
        ] {
            assert_eq!(
                refused_on(&app, &me, body, field).await,
                (422, code.into()),
                "{field}"
            );
        }
        // Four weeks exactly is allowed.
        app.post_ok(FU, &me, with("lead_minutes", json!(4 * 7 * 24 * 60)))
            .await;
        let board = app.get_body(FU, &me).await;
        assert_eq!(
            board["upcoming"].as_array().unwrap().len(),
            1,
            "nothing refused was kept: {board}"
        );
    }
);

db_test!(
    a_recurring_reminder_keeps_its_extras_when_it_comes_round,
    |app| async move {
        let me = app.sign_in("again@reminders.test").await.unwrap();
        let due = iso_minute(app.clock.now_ms() + 60_000);
        app.post_ok(
        FU,
        &me,
        json!({ "title": "Daily stand-up", "due": due, "time_zone": "UTC", "recurrence": "daily",
                "comment": "Bring numbers", "email": "team@example.com", "lead_minutes": 15 }),
    )
    .await;
        app.clock.advance(120_000);
        let (_, board) = app
            .call(Method::POST, &format!("{FU}/complete-all"), Some(&me), None)
            .await;
        let next = &board["upcoming"][0];
        assert_eq!(next["title"], "Daily stand-up", "{board}");
        assert_eq!(next["comment"], "Bring numbers");
        assert_eq!(next["email"], "team@example.com");
        assert_eq!(next["lead_minutes"], 15);
    }
);
