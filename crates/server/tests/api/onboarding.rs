//! The onboarding questionnaire and guided tour (issue #28 item 9), over real HTTP on SQLite and
//! PostgreSQL: the blank state, saving and reading one's own answers and tour, every refusal
//! (an unknown choice, too long a text, an unknown field, not signed in), and the operator
//! seeing the answers beside the person's lead.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::admin::operator;
use reqwest::Method;
use serde_json::json;
use testkit::db_test;

const PATH: &str = "/api/account/onboarding";

db_test!(
    answers_and_the_tour_are_saved_and_read_back_per_person,
    |app| async move {
        let me = app.sign_in("asha@acme.test").await.unwrap();
        let other = app.sign_in("bo@else.test").await.unwrap();

        let blank = app.get_ok(PATH, &me).await;
        assert_eq!(blank["tour_status"], "not_started");
        assert_eq!(blank["tour_step"], 0);
        assert!(blank["team_size"].is_null() && blank["answered_at"].is_null());
        assert_eq!(blank["crms"], json!([]));

        let saved = app
            .put_ok(
                PATH,
                &me,
                json!({
                    "team_size": "11_50",
                    "crms": ["zoho", "hubspot", "zoho"],
                    "goal": "other",
                    "goal_text": "  Answer every lead within an hour  "
                }),
            )
            .await;
        assert_eq!(saved["team_size"], "11_50");
        assert_eq!(saved["crms"], json!(["hubspot", "zoho"]));
        assert_eq!(saved["goal_text"], "Answer every lead within an hour");
        assert!(saved["answered_at"].is_string());
        assert_eq!(saved["tour_status"], "not_started");

        // The tour moves on without touching the answers, and is read back where it stopped.
        app.put_ok(
            PATH,
            &me,
            json!({ "tour_status": "in_progress", "tour_step": 2 }),
        )
        .await;
        app.put_ok(
            PATH,
            &me,
            json!({ "tour_status": "skipped", "tour_step": 2 }),
        )
        .await;
        let read = app.get_ok(PATH, &me).await;
        assert_eq!(
            (&read["tour_status"], &read["tour_step"], &read["team_size"]),
            (&json!("skipped"), &json!(2), &json!("11_50"))
        );
        assert!(read["tour_at"].is_string());

        // Someone else's state is their own.
        let theirs = app.get_ok(PATH, &other).await;
        assert_eq!(theirs["tour_status"], "not_started");
        assert!(theirs["team_size"].is_null());

        // Answering again replaces all four answers.
        let again = app.put_ok(PATH, &me, json!({ "crms": ["none"] })).await;
        assert!(again["team_size"].is_null() && again["goal_text"].is_null());
        assert_eq!(again["crms"], json!(["none"]));
        assert_eq!(again["tour_step"], 2);
    }
);

db_test!(
    every_broken_value_is_refused_and_nothing_is_stored,
    |app| async move {
        let me = app.sign_in("asha@acme.test").await.unwrap();
        let broken = app
            .expect(
                422,
                Method::PUT,
                PATH,
                Some(&me),
                Some(json!({
                    "team_size": "9000",
                    "crms": ["pipedrive"],
                    "goal": "world_peace",
                    "goal_text": "x".repeat(501),
                    "tour_status": "lost",
                    "tour_step": 5
                })),
            )
            .await;
        assert_eq!(
            broken["error"]["fields"],
            json!({
                "team_size": "value_invalid",
                "crms": "crm_unknown",
                "goal": "value_invalid",
                "goal_text": "value_invalid",
                "tour_status": "value_invalid",
                "tour_step": "value_invalid"
            })
        );
        let none_and_more = app
            .expect(
                422,
                Method::PUT,
                PATH,
                Some(&me),
                Some(json!({ "crms": ["none", "zoho"] })),
            )
            .await;
        assert_eq!(none_and_more["error"]["fields"]["crms"], "value_invalid");
        let half_tour = app
            .expect(
                422,
                Method::PUT,
                PATH,
                Some(&me),
                Some(json!({ "tour_step": 1 })),
            )
            .await;
        assert_eq!(
            half_tour["error"]["fields"]["tour_status"],
            "fields_required"
        );
        // 500 characters are fine; a field it does not know is refused.
        app.put_ok(
            PATH,
            &me,
            json!({ "goal": "other", "goal_text": "é".repeat(500) }),
        )
        .await;
        app.expect(
            400,
            Method::PUT,
            PATH,
            Some(&me),
            Some(json!({ "team_size": "2_10", "budget": "big" })),
        )
        .await;
        let read = app.get_ok(PATH, &me).await;
        assert!(read["team_size"].is_null());
        assert_eq!(read["tour_status"], "not_started");

        // Not signed in.
        app.expect(401, Method::GET, PATH, None, None).await;
        app.expect(
            401,
            Method::PUT,
            PATH,
            None,
            Some(json!({ "team_size": "2_10" })),
        )
        .await;
    }
);

db_test!(
    the_operator_sees_the_answers_beside_the_lead,
    |app| async move {
        let token = operator(&app).await;
        let me = app.sign_in("newlead@example.com").await.unwrap();
        let quiet = "quiet@example.com";
        app.sign_in(quiet).await.unwrap();
        app.put_ok(
            PATH,
            &me,
            json!({ "team_size": "2_10", "crms": ["bitrix24", "google_sheets"], "goal": "more_sales" }),
        )
        .await;
        app.put_ok(
            PATH,
            &me,
            json!({ "tour_status": "finished", "tour_step": 4 }),
        )
        .await;

        let (status, leads) =
            crate::admin::as_admin(&app, &token, Method::GET, "/api/admin/leads", None).await;
        assert_eq!(status, 200, "{leads}");
        let lead = |email: &str| {
            leads["data"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["email"] == email)
                .cloned()
                .unwrap_or_else(|| panic!("{email} not listed: {leads}"))
        };
        let answered = lead("newlead@example.com");
        assert_eq!(answered["onboarding"]["team_size"], "2_10");
        assert_eq!(
            answered["onboarding"]["crms"],
            json!(["bitrix24", "google_sheets"])
        );
        assert_eq!(answered["onboarding"]["goal"], "more_sales");
        assert_eq!(answered["onboarding"]["tour_status"], "finished");
        assert!(lead(quiet)["onboarding"].is_null());

        // User Info shows them too.
        let (status, users) = crate::admin::as_admin(
            &app,
            &token,
            Method::GET,
            "/api/admin/users?q=newlead%40example.com",
            None,
        )
        .await;
        assert_eq!(status, 200, "{users}");
        let user_id = users["items"][0]["id"].as_i64().unwrap();
        let (status, detail) = crate::admin::as_admin(
            &app,
            &token,
            Method::GET,
            &format!("/api/admin/users/{user_id}"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{detail}");
        assert_eq!(detail["onboarding"]["goal"], "more_sales");
        assert_eq!(
            detail["onboarding"]["crms"],
            json!(["bitrix24", "google_sheets"])
        );

        // A person's session is not the operator's.
        app.expect(401, Method::GET, "/api/admin/leads", Some(&me), None)
            .await;
    }
);
