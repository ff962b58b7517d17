//! Billing readable (issue #25) over real HTTP, on SQLite and PostgreSQL: the history's lines
//! with their details (plans, seats, amounts, who and why) and its pages, annual plans charged
//! and shown by the year, the seat bounds from the domain, a seat change's cost in its answer,
//! a scheduled decrease held until cancelled, and the plan's term said exactly.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::admin::{expect_as_admin, operator};
use crate::billing::{buy_teams, checkout, overview, Org};
use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp};

const DAY: i64 = 86_400_000;

pub(crate) async fn history(app: &TestApp, org: &Org, query: &str) -> Value {
    app.get_ok(
        &format!("/api/billing/history?org_id={}{query}", org.org_id),
        &org.admin,
    )
    .await
}

async fn seats(app: &TestApp, org: &Org, n: u32) -> (u16, Value) {
    app.call(
        Method::POST,
        "/api/billing/seats",
        Some(&org.admin),
        Some(json!({"org_id": org.org_id, "seats": n})),
    )
    .await
}

fn line<'a>(page: &'a Value, kind: &str) -> &'a Value {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["kind"] == kind)
        .unwrap_or_else(|| panic!("no {kind} in {page}"))
}

db_test!(
    the_history_reads_as_details_with_times_and_is_paged,
    |app| async move {
        let org = app.organisation("history@example.com").await;
        buy_teams(&app, &org, 5).await;
        app.clock.advance(DAY);
        let (status, added) = seats(&app, &org, 8).await;
        assert_eq!(status, 200, "{added}");
        app.clock.advance(DAY);
        let (status, removed) = seats(&app, &org, 6).await;
        assert_eq!(status, 200, "{removed}");
        let token = operator(&app).await;
        expect_as_admin(
            200,
            &app,
            &token,
            Method::POST,
            &format!("/api/admin/organisations/{}/plan", org.org_id),
            Some(json!({"seats": 12, "is_trial": false, "reason": "Seats agreed by phone"})),
        )
        .await;

        let page = history(&app, &org, "&per_page=100").await;
        let total = page["total"].as_u64().unwrap();
        assert!(total >= 5, "{page}");
        let items = page["items"].as_array().unwrap();
        // Newest first, to the second, never a raw stored detail.
        assert_eq!(items[0]["kind"], "changed_by_operator");
        assert!(items[0]["at"].as_str().unwrap().ends_with('Z'));
        for h in items {
            assert!(h["id"].is_i64() && h["detail"].is_object(), "{h}");
        }

        let started = line(&page, "subscription_started");
        assert_eq!(started["detail"]["plan_to"], "Teams");
        assert_eq!(started["detail"]["seats_to"], 5);
        assert_eq!(started["detail"]["amount_minor"], 6_000);
        assert_eq!(started["detail"]["currency"], "USD");
        assert_eq!(started["detail"]["interval"], "month");

        let paid = line(&page, "invoice_paid");
        assert_eq!(paid["detail"]["amount_minor"], 6_000);
        assert_eq!(paid["detail"]["currency"], "USD");

        let add = line(&page, "seats_added");
        assert_eq!(
            (&add["detail"]["seats_from"], &add["detail"]["seats_to"]),
            (&json!(5), &json!(8))
        );
        assert_eq!(
            add["detail"]["amount_minor"], added["change"]["due_now_minor"],
            "the charge the change answered"
        );
        assert!(add["detail"]["amount_minor"].as_i64().unwrap() > 0);

        let scheduled = line(&page, "seats_removal_scheduled");
        assert_eq!(scheduled["detail"]["seats_to"], 6);
        assert_eq!(
            scheduled["detail"]["effective_at"],
            removed["seats"]["pending_from"]
        );

        let op = line(&page, "changed_by_operator");
        assert_eq!(op["detail"]["by"], "ops@example.com");
        assert_eq!(op["detail"]["reason"], "Seats agreed by phone");
        assert_eq!(op["detail"]["seats_from"], 8);
        assert_eq!(op["detail"]["seats_to"], 12);
        assert_eq!(
            op["detail"]["plan_from"],
            Value::Null,
            "the plan did not change"
        );

        // Pages of two, from 0: the same lines in the same order, and nothing past the end.
        let first = history(&app, &org, "&per_page=2").await;
        let second = history(&app, &org, "&per_page=2&page=1").await;
        assert_eq!(
            (first["page"].as_u64(), first["per_page"].as_u64()),
            (Some(0), Some(2))
        );
        assert_eq!(first["total"], total);
        assert_eq!(first["items"][0], items[0]);
        assert_eq!(second["items"][0], items[2]);
        let past = history(&app, &org, &format!("&per_page=2&page={}", total)).await;
        assert_eq!(past["items"].as_array().unwrap().len(), 0);
        // Ten a page by default; at most a hundred.
        assert_eq!(history(&app, &org, "").await["per_page"], 10);
        assert_eq!(history(&app, &org, "&per_page=5000").await["per_page"], 100);

        // The organisation's zone, to show the times in.
        assert!(overview(&app, &org).await["time_zone"].is_string());
        // An employee is not an admin: 403; another organisation's history: 404.
        let other = app.organisation("stranger@example.com").await;
        app.expect(
            404,
            Method::GET,
            &format!("/api/billing/history?org_id={}", org.org_id),
            Some(&other.admin),
            None,
        )
        .await;
    }
);

db_test!(
    an_annual_plan_is_charged_and_shown_by_the_year,
    |app| async move {
        let org = app.organisation("annual@example.com").await;
        let answer = app.post_ok("/api/v1/whatzapp/createorgcheckoutsession", &org.admin, json!({
                    "workspace_id": org.workspace_id, "plan_id": 11, "quantity": 3, "org_id": org.org_id
                })).await;
        let sent = app.fake.received_under("/stripe/v1/checkout/sessions");
        let unit: i64 = sent[0].body["line_items[0][price_data][unit_amount]"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            sent[0].body["line_items[0][price_data][recurring][interval]"],
            "year"
        );
        // The chooser's yearly total is the domain's, for the same seats: what is charged.
        let price = domain::billing::plan_price(&domain::billing::PriceInput {
            amount: 9.24,
            currency: None,
            multiplication_factor: None,
            exchange_rate: None,
            add_ons: None,
            seats: Some(3),
            annual: Some(true),
        })
        .unwrap();
        assert_eq!(unit, 11_088, "twelve months of 9.24");
        assert_eq!(price.total.unwrap().minor, unit * 3);

        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let paid = client
            .post(answer["url"].as_str().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(paid.status().as_u16(), 303);
        let o = overview(&app, &org).await;
        assert_eq!(o["estimated_invoice"]["interval"], "year", "{o}");
        assert_eq!(o["estimated_invoice"]["amount_minor"], unit * 3);
        assert_eq!(o["term"]["kind"], "renews");
        assert_eq!(o["term"]["at"], o["plan"]["validity"]);
        let page = history(&app, &org, "").await;
        let started = line(&page, "subscription_started");
        assert_eq!(started["detail"]["interval"], "year");
        assert_eq!(started["detail"]["amount_minor"], unit * 3);
    }
);

db_test!(
    seats_stay_within_the_domains_bounds_and_a_decrease_waits_until_cancelled,
    |app| async move {
        let org = app.organisation("bounds@example.com").await;
        // A trial's term is its end; the seats' bounds come with the overview.
        let o = overview(&app, &org).await;
        assert_eq!(o["term"]["kind"], "trial_ends");
        assert_eq!(o["seats"]["min"], 3);
        assert_eq!(o["seats"]["max"], domain::plans::MAX_SEATS);
        // Past the maximum: refused at checkout and in the preview, never trimmed silently.
        let (status, body) = checkout(&app, &org, 100_000).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(body["error"]["fields"]["quantity"], "too_many_seats");

        buy_teams(&app, &org, 5).await;
        let body = app
            .expect(
                422,
                Method::GET,
                &format!(
                    "/api/billing/seats/preview?org_id={}&seats=100000",
                    org.org_id
                ),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(body["error"]["fields"]["seats"], "too_many_seats");

        // Adding answers what it cost now and the next invoice.
        let (status, added) = seats(&app, &org, 7).await;
        assert_eq!(status, 200, "{added}");
        assert_eq!(added["seats"]["seat_issued"], 7);
        assert_eq!(added["change"]["current_seats"], 5);
        assert_eq!(added["change"]["new_seats"], 7);
        assert_eq!(added["change"]["next_invoice_minor"], 8_400);
        assert_eq!(added["change"]["at_period_end"], false);
        assert!(added["change"]["due_now_minor"].as_i64().unwrap() > 0);
        assert_eq!(added["change"]["currency"], "USD");

        // A decrease is scheduled for the period's end and shown as such.
        let (status, removed) = seats(&app, &org, 4).await;
        assert_eq!(status, 200, "{removed}");
        assert_eq!(removed["change"]["at_period_end"], true);
        assert_eq!(removed["change"]["due_now_minor"], 0);
        assert_eq!(removed["seats"]["seat_issued"], 7);
        assert_eq!(removed["seats"]["pending_seats"], 4);
        assert!(removed["seats"]["pending_from"].is_string());
        // Nothing else changes until it applies or is cancelled.
        for n in [4, 5, 9] {
            let (status, body) = seats(&app, &org, n).await;
            assert_eq!(status, 409, "{n}: {body}");
            assert_eq!(body["error"]["code"], "seat_change_scheduled");
        }
        // Asking for the seats the plan has cancels it.
        let (status, kept) = seats(&app, &org, 7).await;
        assert_eq!(status, 200, "{kept}");
        assert!(kept["seats"]["pending_seats"].is_null(), "{kept}");
        assert!(kept["change"].is_null());
        let cancelled = line(&history(&app, &org, "").await, "seats_removal_cancelled").clone();
        assert_eq!(cancelled["detail"]["seats_from"], 4);
        assert_eq!(cancelled["detail"]["seats_to"], 7);
        // …and then a change may be made again.
        let (status, again) = seats(&app, &org, 6).await;
        assert_eq!(status, 200, "{again}");
        assert_eq!(again["seats"]["pending_seats"], 6);
    }
);
