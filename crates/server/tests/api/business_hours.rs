//! The organisation's business hours (issue #30): the default week until an admin sets them,
//! split shifts and holidays read back in order, targets, the refusals said on their fields, and
//! only admins writing. Real HTTP, both databases.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::db_test;

db_test!(
    business_hours_default_then_set_by_an_admin_split_and_with_holidays,
    |app| async move {
        let org = app.organisation("hours@acme.test").await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let employee = app.member(&org, "emp@acme.test", 3).await;
        let path = format!("/api/business-hours?org_id={}", org.org_id);

        // Until set: Monday to Friday, 09:00–18:00, readable by any member.
        let shown = app.get_ok(&path, &employee.session).await;
        let nine_to_six = json!([{ "start": "09:00", "end": "18:00" }]);
        assert_eq!(shown["set"], false, "{shown}");
        assert_eq!(
            shown["week"],
            json!([
                nine_to_six,
                nine_to_six,
                nine_to_six,
                nine_to_six,
                nine_to_six,
                [],
                []
            ])
        );
        assert_eq!(shown["weekly_minutes"], 5 * 540);
        assert_eq!(shown["holidays"], json!([]));

        let put = |session: String, body: Value| {
            let app = &app;
            let mut body = body;
            body["org_id"] = json!(org.org_id);
            async move {
                app.call(
                    Method::PUT,
                    "/api/business-hours",
                    Some(&session),
                    Some(body),
                )
                .await
            }
        };
        let split =
            json!([{ "start": "14:00", "end": "19:00" }, { "start": "08:30", "end": "12:30" }]);
        let week =
            json!([split, split, split, split, [{ "start": "09:00", "end": "24:00" }], [], []]);
        let body = json!({ "week": week, "holidays": ["2026-12-25", "2026-12-01", "2026-12-25"],
                           "response_target_minutes": 30, "callback_target_minutes": 120 });
        let (status, _) = put(employee.session.clone(), body.clone()).await;
        assert_eq!(status, 403);

        let (status, saved) = put(org.admin.clone(), body).await;
        assert_eq!(status, 200, "{saved}");
        let in_order =
            json!([{ "start": "08:30", "end": "12:30" }, { "start": "14:00", "end": "19:00" }]);
        assert_eq!(saved["week"][0], in_order);
        assert_eq!(
            saved["week"][4],
            json!([{ "start": "09:00", "end": "24:00" }])
        );
        assert_eq!(saved["holidays"], json!(["2026-12-01", "2026-12-25"]));
        assert_eq!(saved["weekly_minutes"], 4 * 540 + 900);
        assert_eq!(
            (
                &saved["response_target_minutes"],
                &saved["callback_target_minutes"],
                &saved["set"]
            ),
            (&json!(30), &json!(120), &json!(true))
        );
        assert!(saved["updated_at"].is_string());
        assert_eq!(app.get_ok(&path, &employee.session).await, saved);

        // Refused, each on its field; nothing changes.
        let day = |shifts: Value| json!([shifts, [], [], [], [], [], []]);
        for (body, field, code) in [
            (
                json!({ "week": [[], [], [], [], [], []], "holidays": [] }),
                "week",
                "value_invalid",
            ),
            (
                json!({ "week": day(json!([{ "start": "09:00", "end": "13:00" }, { "start": "12:00", "end": "18:00" }])), "holidays": [] }),
                "week",
                "shifts_overlap",
            ),
            (
                json!({ "week": day(json!([{ "start": "9:00", "end": "13:00" }])), "holidays": [] }),
                "week",
                "shift_invalid",
            ),
            (
                json!({ "week": day(json!([{ "start": "18:00", "end": "09:00" }])), "holidays": [] }),
                "week",
                "shift_invalid",
            ),
            (
                json!({ "week": day(json!([{ "start": "08:00", "end": "09:00" }, { "start": "10:00", "end": "11:00" },
                    { "start": "12:00", "end": "13:00" }, { "start": "14:00", "end": "15:00" }, { "start": "16:00", "end": "17:00" }])), "holidays": [] }),
                "week",
                "shifts_too_many",
            ),
            (
                json!({ "week": day(json!([])), "holidays": ["2026-02-30"] }),
                "holidays",
                "date_invalid",
            ),
            (
                json!({ "week": day(json!([])), "holidays": [], "response_target_minutes": 0 }),
                "response_target_minutes",
                "value_invalid",
            ),
            (
                json!({ "week": day(json!([])), "holidays": [], "callback_target_minutes": 10_081 }),
                "callback_target_minutes",
                "value_invalid",
            ),
        ] {
            let (status, got) = put(org.admin.clone(), body.clone()).await;
            assert_eq!(
                (status, &got["error"]["fields"][field]),
                (422, &json!(code)),
                "{body}: {got}"
            );
        }
        let (status, _) = put(
            org.admin.clone(),
            json!({ "week": week, "holidays": [], "open_on_sundays": true }),
        )
        .await;
        assert!(
            status == 400 || status == 422,
            "an unknown field is refused: {status}"
        );
        assert_eq!(app.get_ok(&path, &org.admin).await, saved);
    }
);
