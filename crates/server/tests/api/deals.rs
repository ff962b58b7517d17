//! The Lead CRM's deals (issue #29, `/leadcrm`), over real HTTP on SQLite and PostgreSQL: a deal
//! of a contact with exact amounts; every refused field named at once; the board's columns in
//! the pipeline's order with counts and totals per currency; a card moved to Closed Won stamps
//! when it closed; deals are seen as their owners' contacts are.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, TestOrg};

async fn contact(app: &TestApp, org: &TestOrg, phone: &str, name: &str) -> i64 {
    let (status, c) = app
        .call(
            Method::POST,
            "/api/contacts",
            Some(&org.admin),
            Some(json!({ "org_id": org.org_id, "phone": phone, "name": name })),
        )
        .await;
    assert_eq!(status, 201, "{c}");
    c["id"].as_i64().unwrap()
}

async fn deal(app: &TestApp, session: &str, body: Value) -> (u16, Value) {
    app.call(Method::POST, "/api/deals", Some(session), Some(body))
        .await
}

fn column<'a>(board: &'a Value, stage: &str) -> &'a Value {
    board["stages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["stage"] == stage)
        .unwrap()
}

db_test!(
    deals_make_a_board_and_a_card_moved_to_closed_won_closes,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let rhea = contact(&app, &org, "+919876543210", "Rhea Kapoor").await;
        let bruno = contact(&app, &org, "+5511987654321", "Bruno Lima").await;
        let (status, annual) = deal(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "contact_id": rhea, "name": " Annual plan ",
                    "amount": "1250.5", "currency": "usd", "close_date": "2026-12-31" }),
        )
        .await;
        assert_eq!(status, 201, "{annual}");
        assert_eq!(
            (
                &annual["name"],
                &annual["amount"],
                &annual["currency"],
                &annual["stage"],
                &annual["contact_name"]
            ),
            (
                &json!("Annual plan"),
                &json!("1250.50"),
                &json!("USD"),
                &json!("appointmentscheduled"),
                &json!("Rhea Kapoor")
            )
        );
        assert_eq!(annual["closed_at"], Value::Null);
        for (who, name, amount, currency) in [
            (rhea, "Add-on seats", "99.99", "USD"),
            (bruno, "Starter", "300", "BRL"),
        ] {
            let (status, body) = deal(
                &app,
                &org.admin,
                json!({ "org_id": org.org_id, "contact_id": who, "name": name, "amount": amount,
                        "currency": currency }),
            )
            .await;
            assert_eq!(status, 201, "{body}");
        }

        // Every refused field at once, nothing made.
        let (status, body) = deal(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "contact_id": rhea, "name": " ", "amount": "-3",
                    "currency": "RUPEE", "stage": "won", "close_date": "2026-02-30" }),
        )
        .await;
        assert_eq!(status, 422, "{body}");
        let fields = &body["error"]["fields"];
        assert_eq!(
            (
                &fields["name"],
                &fields["amount"],
                &fields["currency"],
                &fields["stage"],
                &fields["close_date"]
            ),
            (
                &json!("fields_required"),
                &json!("value_invalid"),
                &json!("value_invalid"),
                &json!("value_invalid"),
                &json!("date_invalid")
            )
        );

        let board = app
            .get_ok(
                &format!("/api/deals/board?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        let stages: Vec<&str> = board["stages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["stage"].as_str().unwrap())
            .collect();
        assert_eq!(
            stages,
            [
                "appointmentscheduled",
                "qualifiedtobuy",
                "presentationscheduled",
                "decisionmakerboughtin",
                "contractsent",
                "closedwon",
                "closedlost"
            ]
        );
        let first = column(&board, "appointmentscheduled");
        assert_eq!(first["count"], 3);
        assert_eq!(
            first["totals"],
            json!({ "USD": "1350.49", "BRL": "300.00" })
        );

        // Dragged to Closed Won: closed now; back out: open again.
        app.clock.advance(60_000);
        let id = annual["id"].as_i64().unwrap();
        let won = app
            .ok(
                Method::PATCH,
                &format!("/api/deals/{id}"),
                &org.admin,
                Some(json!({ "org_id": org.org_id, "stage": "closedwon" })),
            )
            .await;
        assert_eq!(won["stage"], "closedwon");
        assert!(won["closed_at"].is_string(), "{won}");
        let board = app
            .get_ok(
                &format!("/api/deals/board?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(column(&board, "closedwon")["deals"][0]["id"], id);
        assert_eq!(
            column(&board, "closedwon")["totals"],
            json!({ "USD": "1250.50" })
        );
        assert_eq!(column(&board, "appointmentscheduled")["count"], 2);
        let reopened = app
            .ok(
                Method::PATCH,
                &format!("/api/deals/{id}"),
                &org.admin,
                Some(json!({ "org_id": org.org_id, "stage": "contractsent", "amount": "" })),
            )
            .await;
        assert_eq!(
            (&reopened["closed_at"], &reopened["amount"]),
            (&Value::Null, &Value::Null)
        );

        // A search finds a deal by its contact; a contact lists its own.
        let found = app
            .get_ok(
                &format!("/api/deals/board?org_id={}&q=bruno", org.org_id),
                &org.admin,
            )
            .await;
        let total: u64 = found["stages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["count"].as_u64().unwrap())
            .sum();
        assert_eq!(total, 1);
        let mine = app
            .get_ok(
                &format!("/api/deals?org_id={}&contact_id={rhea}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(mine.as_array().unwrap().len(), 2);

        // Removed.
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/deals/{id}?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(status, 204);
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/deals/{id}?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(status, 404);
    }
);

db_test!(
    deals_are_seen_as_their_owners_contacts_are,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let bo = app.member(&org, "bo@acme.test", 3).await;
        let dee = app.member(&org, "dee@acme.test", 3).await;
        let shared = contact(&app, &org, "+919876543210", "Everyone's").await;
        let (status, theirs) = deal(
            &app,
            &org.admin,
            json!({ "org_id": org.org_id, "contact_id": shared, "name": "Dee's deal", "owner_id": dee.user_id }),
        )
        .await;
        assert_eq!(status, 201, "{theirs}");
        let (status, own) = deal(
            &app,
            &bo.session,
            json!({ "org_id": org.org_id, "contact_id": shared, "name": "Bo's deal", "owner_id": bo.user_id }),
        )
        .await;
        assert_eq!(status, 201, "{own}");
        // An employee gives no deal to someone else.
        let (status, body) = deal(
            &app,
            &bo.session,
            json!({ "org_id": org.org_id, "contact_id": shared, "name": "For Dee", "owner_id": dee.user_id }),
        )
        .await;
        assert_eq!(
            (status, &body["error"]["fields"]["owner_id"]),
            (422, &json!("value_invalid"))
        );

        let board = app
            .get_ok(
                &format!("/api/deals/board?org_id={}", org.org_id),
                &bo.session,
            )
            .await;
        let names: Vec<&str> = column(&board, "appointmentscheduled")["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Bo's deal"]);
        let id = theirs["id"].as_i64().unwrap();
        for (method, body) in [
            (Method::GET, None),
            (
                Method::PATCH,
                Some(json!({ "org_id": org.org_id, "stage": "closedlost" })),
            ),
            (Method::DELETE, None),
        ] {
            let path = if body.is_some() {
                format!("/api/deals/{id}")
            } else {
                format!("/api/deals/{id}?org_id={}", org.org_id)
            };
            let (status, _) = app
                .call(method.clone(), &path, Some(&bo.session), body)
                .await;
            assert_eq!(status, 404, "{method}");
        }
        let admin_board = app
            .get_ok(
                &format!(
                    "/api/deals/board?org_id={}&owner_id={}",
                    org.org_id, dee.user_id
                ),
                &org.admin,
            )
            .await;
        assert_eq!(column(&admin_board, "appointmentscheduled")["count"], 1);
    }
);
