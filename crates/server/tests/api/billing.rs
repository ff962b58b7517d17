//! Billing over real HTTP, on SQLite and PostgreSQL (issue #15): the catalogue and currency
//! calls with the spec's fields, the trial running out into grace and then Free under the test
//! clock, a checkout paid at the fake provider whose signed webhooks make the organisation
//! Teams with the seats bought, refused signatures, events applied once and in any order, one
//! subscription from two concurrent checkouts, the seat preview against the domain's
//! arithmetic, seat limits on invites and imports, and dunning after a failed payment.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, fake, TestApp};

const DAY: i64 = 86_400_000;

pub(crate) use testkit::TestOrg as Org;

pub(crate) async fn credit(app: &TestApp, org: &Org) -> Value {
    app.get_ok(
        &format!(
            "/api/v1/whatzapp/organizations/credit-history?org_id={}",
            org.org_id
        ),
        &org.admin,
    )
    .await["data"]
        .clone()
}

pub(crate) async fn overview(app: &TestApp, org: &Org) -> Value {
    app.get_ok(
        &format!("/api/billing/overview?org_id={}", org.org_id),
        &org.admin,
    )
    .await
}

async fn failed_transactions(app: &TestApp, org: &Org) -> Value {
    let path = format!("/api/billing/failed-transactions?org_id={}", org.org_id);
    app.get_ok(&path, &org.admin).await
}

/// Asks for a Teams checkout of `seats` seats; answers the provider's page.
pub(crate) async fn checkout(app: &TestApp, org: &Org, seats: u32) -> (u16, Value) {
    app.call(
        Method::POST,
        "/api/v1/whatzapp/createorgcheckoutsession",
        Some(&org.admin),
        Some(json!({
            "workspace_id": org.workspace_id, "plan_id": 10, "quantity": seats, "org_id": org.org_id
        })),
    )
    .await
}

/// An organisation that went to a checkout of 3 seats (so its subscription's events may apply),
/// and the time then (seconds).
pub(crate) async fn checked_out(app: &TestApp, email: &str) -> (Org, i64) {
    let org = app.organisation(email).await;
    assert_eq!(checkout(app, &org, 3).await.0, 200);
    (org, now_s(app))
}

/// Pays a checkout page at the fake provider (its webhooks reach the server before it answers).
async fn pay(url: &str) -> reqwest::Response {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    client.post(url).send().await.unwrap()
}

/// Buys Teams with `seats` seats through checkout and the fake's webhooks; answers the
/// subscription id.
pub(crate) async fn buy_teams(app: &TestApp, org: &Org, seats: u32) -> String {
    let (status, answer) = checkout(app, org, seats).await;
    assert_eq!(status, 200, "{answer}");
    let res = pay(answer["url"].as_str().unwrap()).await;
    assert_eq!(res.status().as_u16(), 303);
    let events = app.fake.stripe_events();
    let created = events
        .iter()
        .rev()
        .find(|e| e["type"] == "customer.subscription.created")
        .unwrap();
    created["data"]["object"]["id"].as_str().unwrap().to_owned()
}

/// Posts an event to the webhook signed with `secret` at `t` (seconds).
pub(crate) async fn deliver(app: &TestApp, event: &Value, secret: &str, t: i64) -> (u16, Value) {
    let body = event.to_string();
    let req = app
        .client
        .post(app.url("/api/billing/stripe/webhook"))
        .header(
            "Stripe-Signature",
            fake::stripe_sign(secret, t, body.as_bytes()),
        )
        .header("Content-Type", "application/json")
        .body(body);
    testkit::send_json(req).await
}

/// [`deliver`] signed with the fake provider's webhook secret.
pub(crate) async fn deliver_signed(app: &TestApp, event: &Value, t: i64) -> (u16, Value) {
    deliver(app, event, fake::STRIPE_WEBHOOK_SECRET, t).await
}

pub(crate) fn now_s(app: &TestApp) -> i64 {
    app.clock.now_ms() / 1000
}

/// The provider's `customer.subscription.<kind>` event `id` for an active subscription of `seats`
/// seats of organisation `org_id`, made at `created` (seconds).
pub(crate) fn subscription_event(
    id: &str,
    kind: &str,
    created: i64,
    org_id: i64,
    seats: u32,
) -> Value {
    json!({
        "id": id, "type": format!("customer.subscription.{kind}"), "created": created,
        "data": {"object": {
            "id": "sub_order", "customer": "cus_order", "status": "active",
            "cancel_at_period_end": false,
            "current_period_start": created, "current_period_end": created + 30 * 86_400,
            "items": {"data": [{"id": "si_order", "quantity": seats,
                "price": {"unit_amount": 1200, "currency": "usd", "recurring": {"interval": "month"}}}]},
            "metadata": {"org_id": org_id.to_string(), "plan_id": "10"}
        }}
    })
}

db_test!(
    the_catalogue_and_currency_calls_answer_with_the_specs_fields,
    |app| async move {
        let plans = app
            .expect(200, Method::GET, "/api/v1/whatzapp/planlist", None, None)
            .await;
        let plans = plans["data"].as_array().unwrap().clone();
        assert_eq!(plans[0]["id"], 1);
        assert_eq!(plans[0]["plan_name"], "Free");
        for p in &plans {
            for field in [
                "id",
                "plan_name",
                "plan_type",
                "isMonthly",
                "amount",
                "offerings",
            ] {
                assert!(p.get(field).is_some(), "{field} missing in {p}");
            }
        }
        let teams: Vec<&Value> = plans.iter().filter(|p| p["plan_type"] == "teams").collect();
        assert_eq!(teams.len(), 2, "Teams monthly and annual");
        let monthly = teams.iter().find(|p| p["isMonthly"] == true).unwrap();
        let annual = teams.iter().find(|p| p["isMonthly"] == false).unwrap();
        // 001 §9: annual billing is 23% off
        assert_eq!(
            (annual["amount"].as_f64().unwrap() * 100.0).round(),
            (monthly["amount"].as_f64().unwrap() * 77.0).round()
        );

        let (_, addons) = app
            .call(Method::GET, "/api/v1/whatzapp/getteamaddonlist", None, None)
            .await;
        let addons = addons["data"].as_array().unwrap().clone();
        assert_eq!(addons[0]["key"], "calls");
        assert_eq!(addons[1]["key"], "whatsapp");
        // 001 §9: AI Reply 7 USD / 280 INR monthly, 5 USD / 200 INR annually
        assert_eq!(
            [
                &addons[2]["usd"],
                &addons[2]["inr"],
                &addons[2]["annual_usd"],
                &addons[2]["annual_inr"]
            ],
            [&json!(7.0), &json!(280.0), &json!(5.0), &json!(200.0)]
        );

        let (_, inr) = app
            .call(
                Method::POST,
                "/api/v1/whatzapp/getLocalizedCurrency?user_currency=INR",
                None,
                None,
            )
            .await;
        assert_eq!(
            inr,
            json!({"status": true, "message": {"multiplication_factor": 40.0, "planid_constant": 1000}})
        );
        let (_, eur) = app
            .call(
                Method::POST,
                "/api/v1/whatzapp/getLocalizedCurrency?user_currency=eur",
                None,
                None,
            )
            .await;
        assert_eq!(eur, json!({"status": false, "message": null}));

        let exchange_rates = || {
            app.call(
                Method::GET,
                "/api/v1/whatzapp/exchangeRateService",
                None,
                None,
            )
        };
        let (_, rates) = exchange_rates().await;
        assert_eq!(rates["conversion_rates"]["INR"], 83.12);
        assert_eq!(rates["conversion_rates"]["USD"], 1);
        let (_, again) = exchange_rates().await;
        assert_eq!(again["conversion_rates"], rates["conversion_rates"]);
        assert_eq!(
            app.fake.rate_calls(),
            1,
            "the second answer came from the cache"
        );
        app.clock.advance(7 * 3600 * 1000);
        app.call(
            Method::GET,
            "/api/v1/whatzapp/exchangeRateService",
            None,
            None,
        )
        .await;
        assert_eq!(app.fake.rate_calls(), 2, "stale rates are fetched again");
    }
);

db_test!(
    a_trial_runs_out_into_the_grace_period_and_then_back_to_free,
    |app| async move {
        let org = app.organisation("trial@example.com").await;
        let limits_path = format!("/api/billing/limits?org_id={}", org.org_id);
        let limits = app.get_ok(&limits_path, &org.admin).await;
        assert_eq!(limits["standing"], "trial");
        assert_eq!(
            (limits["labels"].clone(), limits["signature"].clone()),
            (Value::Null, json!(false))
        );
        assert_eq!(limits["seats"], 3);

        app.clock.advance(7 * DAY);
        let limits = app.get_ok(&limits_path, &org.admin).await;
        assert_eq!(
            limits["standing"], "grace",
            "features stay through the grace period"
        );
        assert_eq!(credit(&app, &org).await["plan_id"], 10);
        let plan = &overview(&app, &org).await["plan"];
        assert!(plan["grace_until"].is_string());

        app.clock.advance(3 * DAY);
        let limits = app.get_ok(&limits_path, &org.admin).await;
        assert_eq!(limits["standing"], "free");
        assert_eq!(limits["labels"], 5);
        assert_eq!(limits["quick_replies"], 5);
        assert_eq!(limits["signature"], true);
        let history = credit(&app, &org).await;
        assert_eq!(history["plan_id"], 1);
        assert_eq!(
            history["is_trial"], true,
            "the notice still knows it was a trial"
        );
        // On Free nobody new fits.
        let body = app.expect(409, Method::POST, "/api/v1/whatzapp/employees", Some(&org.admin), Some(json!({"org_id": org.org_id, "employees": [{"mobile": "+919812345001", "name": "Late"}]}))).await;
        assert_eq!(body["error"]["code"], "seats_exhausted");
    }
);

db_test!(
    a_paid_checkout_makes_the_organisation_teams_with_the_seats_bought,
    |app| async move {
        let org = app.organisation("buyer@example.com").await;
        let (status, answer) = checkout(&app, &org, 5).await;
        assert_eq!(status, 200, "{answer}");
        let url = answer["url"].as_str().unwrap();
        assert!(url.starts_with(&app.fake.url("/stripe/pay/")), "{url}");
        let res = pay(url).await;
        assert_eq!(res.status().as_u16(), 303);
        let back = res.headers()["location"].to_str().unwrap().to_owned();
        assert!(back.contains("/checkout?status=paid"), "{back}");
        // The return page learns whose checkout it was and that it is paid.
        let session = url.rsplit('/').next().unwrap();
        let status = app
            .get_ok(
                &format!("/api/billing/checkout?session_id={session}"),
                &org.admin,
            )
            .await;
        assert_eq!(status["status"], "complete");
        assert_eq!(status["org_id"], org.org_id);
        assert_eq!(status["seats"], 5);
        let stranger = app.sign_in("stranger@example.com").await.unwrap();
        let (code, _) = app
            .call(
                Method::GET,
                &format!("/api/billing/checkout?session_id={session}"),
                Some(&stranger),
                None,
            )
            .await;
        assert_eq!(code, 404, "another person's checkout is unknown to them");

        for e in app.fake.stripe_events() {
            assert_eq!(e["delivered_status"], 200, "{}", e["type"]);
        }
        let history = credit(&app, &org).await;
        assert_eq!(history["plan_id"], 10);
        assert_eq!(history["seat_issued"], 5);
        assert_eq!(history["is_trial"], false);
        let o = overview(&app, &org).await;
        assert_eq!(o["subscribed"], true);
        assert_eq!(o["plan"]["standing"], "active");
        assert_eq!(o["invoices"][0]["status"], "paid");
        assert_eq!(o["invoices"][0]["amount_minor"], 6_000);
        assert_eq!(o["estimated_invoice"]["amount_minor"], 6_000);
        assert!(o["manageBillingURL"]
            .as_str()
            .unwrap()
            .starts_with("/api/billing/portal"));
        let portal = app
            .get_ok(
                &format!("/api/billing/portal?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert!(portal["data"].as_str().unwrap().contains("portal"));
        // A second checkout while subscribed is refused.
        let (status, body) = checkout(&app, &org, 6).await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["error"]["code"], "already_subscribed");
        // The secret key and webhook secret never reach an answer.
        for secret in [fake::STRIPE_SECRET_KEY, fake::STRIPE_WEBHOOK_SECRET] {
            assert!(!o.to_string().contains(secret));
        }
    }
);

db_test!(
    a_forged_or_stale_signature_is_refused_and_changes_nothing,
    |app| async move {
        let org = app.organisation("forged@example.com").await;
        // The organisation went to a checkout here, so its subscription's events may apply.
        assert_eq!(checkout(&app, &org, 3).await.0, 200);
        let before = credit(&app, &org).await;
        let event = subscription_event("evt_forged", "created", now_s(&app), org.org_id, 50);
        let (status, body) = deliver(&app, &event, "whsec_not_the_secret", now_s(&app)).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["error"]["code"], "signature_invalid");
        let (status, _) = deliver_signed(&app, &event, now_s(&app) - 301).await;
        assert_eq!(status, 400, "older than the tolerance");
        let res = app
            .client
            .post(app.url("/api/billing/stripe/webhook"))
            .body(event.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 400, "no signature at all");
        assert_eq!(credit(&app, &org).await, before);
        // The same event, signed properly and within the tolerance, applies.
        let (status, body) = deliver_signed(&app, &event, now_s(&app) - 299).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(credit(&app, &org).await["seat_issued"], 50);
    }
);

db_test!(
    the_same_event_twice_changes_things_once_and_order_does_not_matter,
    |app| async move {
        let (org, t) = checked_out(&app, "order@example.com").await;
        // `updated` (newer) arrives before `created` (older): the newer state wins.
        let updated = subscription_event("evt_upd", "updated", t, org.org_id, 7);
        let created = subscription_event("evt_new", "created", t - 60, org.org_id, 4);
        assert_eq!(deliver_signed(&app, &updated, t).await.0, 200);
        assert_eq!(deliver_signed(&app, &created, t).await.0, 200);
        assert_eq!(credit(&app, &org).await["seat_issued"], 7);

        let failed = json!({
            "id": "evt_fail_once", "type": "invoice.payment_failed", "created": t,
            "data": {"object": {"id": "in_once", "subscription": "sub_order", "amount_due": 8400,
                "currency": "usd", "status": "open",
                "last_finalization_error": {"message": "Your card was declined."}}}
        });
        let (_, first) = deliver_signed(&app, &failed, t).await;
        let (_, second) = deliver_signed(&app, &failed, t).await;
        assert_eq!(first["duplicate"], false);
        assert_eq!(second["duplicate"], true);
        let failures = failed_transactions(&app, &org).await;
        assert_eq!(failures["data"].as_array().unwrap().len(), 1);
        assert_eq!(failures["data"][0]["reason"], "Your card was declined.");
    }
);

db_test!(
    two_concurrent_checkouts_for_one_organisation_make_one_subscription,
    |app| async move {
        let org = app.organisation("twice@example.com").await;
        let (a, b) = tokio::join!(checkout(&app, &org, 4), checkout(&app, &org, 4));
        assert_eq!((a.0, b.0), (200, 200), "{} {}", a.1, b.1);
        assert_eq!(a.1["url"], b.1["url"], "both tabs open the same checkout");
        assert_eq!(app.fake.stripe_sessions_created(), 1);
        let url = a.1["url"].as_str().unwrap().to_owned();
        let (x, y) = tokio::join!(pay(&url), pay(&url));
        assert_eq!((x.status().as_u16(), y.status().as_u16()), (303, 303));
        let created = app
            .fake
            .stripe_events()
            .iter()
            .filter(|e| e["type"] == "customer.subscription.created")
            .count();
        assert_eq!(created, 1, "one subscription");
        assert_eq!(credit(&app, &org).await["seat_issued"], 4);
    }
);

db_test!(
    the_seat_preview_is_the_domains_arithmetic_and_removals_wait_for_the_period_end,
    |app| async move {
        let org = app.organisation("seats@example.com").await;
        let sub = buy_teams(&app, &org, 5).await;
        let provider = app.fake.stripe_subscription(&sub).unwrap();
        // Since API version 2025-03-31 the period is on the subscription's items.
        let item = &provider["items"]["data"][0];
        let start = item["current_period_start"].as_i64().unwrap() * 1000;
        let end = item["current_period_end"].as_i64().unwrap() * 1000;
        app.clock.advance(10 * DAY);
        let preview = app
            .get_ok(
                &format!("/api/billing/seats/preview?org_id={}&seats=8", org.org_id),
                &org.admin,
            )
            .await;
        let expected =
            domain::subscription::seat_change(1_200, 5, 8, start, end, app.clock.now_ms());
        assert_eq!(preview["due_now_minor"], expected.due_now_minor);
        assert_eq!(preview["next_invoice_minor"], 9_600);
        assert!(expected.due_now_minor > 0 && expected.due_now_minor < 3_600);

        // Too few seats for the team or its members.
        let body = app
            .expect(
                422,
                Method::GET,
                &format!("/api/billing/seats/preview?org_id={}&seats=2", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert_eq!(body["error"]["fields"]["seats"], "team_too_small");

        let after = app
            .post_ok(
                "/api/billing/seats",
                &org.admin,
                json!({"org_id": org.org_id, "seats": 8}),
            )
            .await;
        assert_eq!(after["seats"]["seat_issued"], 8);
        assert_eq!(
            app.fake.stripe_subscription(&sub).unwrap()["items"]["data"][0]["quantity"],
            8
        );

        let after = app
            .post_ok(
                "/api/billing/seats",
                &org.admin,
                json!({"org_id": org.org_id, "seats": 6}),
            )
            .await;
        assert_eq!(
            after["seats"]["seat_issued"], 8,
            "kept until the period ends"
        );
        assert_eq!(after["seats"]["pending_seats"], 6);
        assert_eq!(after["estimated_invoice"]["amount_minor"], 7_200);
        assert_eq!(credit(&app, &org).await["seat_issued"], 8);
    }
);

db_test!(
    a_seat_limit_refuses_an_invite_and_an_import_row,
    |app| async move {
        let org = app.organisation("limit@example.com").await;
        let add = |mobile: &str| json!({"org_id": org.org_id, "employees": [{"mobile": mobile, "name": "New"}]});
        // The admin and two more fill the trial's three seats.
        for m in ["+919812345101", "+919812345102"] {
            app.post_ok("/api/v1/whatzapp/employees", &org.admin, add(m))
                .await;
        }
        let body = app
            .expect(
                409,
                Method::POST,
                "/api/v1/whatzapp/employees",
                Some(&org.admin),
                Some(add("+919812345103")),
            )
            .await;
        assert_eq!(body["error"]["code"], "seats_exhausted");
        let seats = app
            .get_ok(
                &format!("/api/v1/whatzapp/remainseatsavablity?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(seats["data"]["seats_used"], 3, "nothing was added");

        let csv = "number,name\n+919812345104,Row One\n+919812345105,Row Two\n";
        let path = format!("/api/v1/whatzapp/employees/import?org_id={}", org.org_id);
        let (status, report) = app.upload(&path, &org.admin, "text/csv", csv.into()).await;
        assert_eq!(status, 200);
        assert_eq!(report["data"]["inserted"], 0);
        let codes: Vec<&str> = report["data"]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["code"].as_str().unwrap())
            .collect();
        assert_eq!(codes, ["seats_exhausted", "seats_exhausted"]);
    }
);

db_test!(
    a_failed_payment_is_a_failed_transaction_and_dunning_until_the_invoice_is_paid,
    |app| async move {
        let org = app.organisation("dunning@example.com").await;
        let sub = buy_teams(&app, &org, 3).await;
        let event = app.fake.stripe_fail_payment(&sub).await.unwrap();
        let o = overview(&app, &org).await;
        assert!(o["plan"]["dunning_since"].is_string(), "{o}");
        let failures = failed_transactions(&app, &org).await;
        assert_eq!(failures["data"][0]["amount_minor"], 3_600);
        assert!(failures["data"][0]["resolved_at"].is_null());

        app.fake.stripe_pay_invoice(&event["data"]["object"]).await;
        let o = overview(&app, &org).await;
        assert!(o["plan"]["dunning_since"].is_null(), "{o}");
        let failures = failed_transactions(&app, &org).await;
        assert!(failures["data"][0]["resolved_at"].is_string());
        let history = crate::billing_history::history(&app, &org, "").await;
        let kinds: Vec<&str> = history["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["kind"].as_str().unwrap())
            .collect();
        assert!(
            kinds.contains(&"payment_failed") && kinds.contains(&"invoice_paid"),
            "{kinds:?}"
        );
    }
);

db_test!(
    a_personal_plan_is_bought_for_the_callers_own_workspace,
    |app| async move {
        let (session, ws) = app.sign_in_with_id("solo@example.com").await;
        let answer = app
            .post_ok(
                "/api/v1/whatzapp/createorgcheckoutsession",
                &session,
                json!({"workspace_id": ws, "plan_id": 1008, "quantity": 1, "currency": "INR"}),
            )
            .await;
        let sent = app.fake.received_under("/stripe/v1/checkout/sessions");
        // Pro Plus (8) in rupees: 9.00 USD × 40 = 360.00 INR a month.
        assert_eq!(
            sent[0].body["line_items[0][price_data][unit_amount]"],
            "36000"
        );
        assert_eq!(sent[0].body["line_items[0][price_data][currency]"], "inr");
        assert_eq!(
            pay(answer["url"].as_str().unwrap()).await.status().as_u16(),
            303
        );
        let history = app
            .get_ok(
                &format!("/api/v1/whatzapp/usercredithistory?workspace_id={ws}"),
                &session,
            )
            .await;
        assert_eq!(history["data"]["plan_id"], 8);
        let plans = app
            .get_ok(
                &format!("/api/v1/whatzapp/userplanlist?workspace_id={ws}"),
                &session,
            )
            .await;
        assert_eq!(plans["data"]["current"]["plan_name"], "Pro Plus");
        assert!(plans["data"]["manageBillingURL"].is_string());
        // Another person's workspace is refused.
        app.expect(
            403,
            Method::GET,
            &format!("/api/v1/whatzapp/userplanlist?workspace_id={}", ws + 1000),
            Some(&session),
            None,
        )
        .await;
    }
);

/// The app on SQLite with a country database (203.0.113.0/24 in India, 198.51.100.0/24 in
/// Portugal) and `hops` proxies of ours in front; and the folder that holds the database.
pub(crate) async fn with_countries(hops: u32) -> (TestApp, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("country.mmdb");
    std::fs::write(
        &db,
        testkit::geoip::country_db(&[([203, 0, 113, 0], 24, "IN"), ([198, 51, 100, 0], 24, "PT")]),
    )
    .unwrap();
    let app = testkit::spawn_app_with(testkit::Backend::Sqlite, move |c| {
        c.billing.geoip_db = Some(db);
        c.trusted_proxy_hops = hops;
    })
    .await
    .unwrap();
    (app, dir)
}

#[tokio::test]
async fn a_visitors_currency_comes_from_the_country_database_and_is_unknown_without_one() {
    // Two proxies of ours: the visitor is the second entry from the right.
    let (app, _dir) = with_countries(2).await;
    let currency = |ip: &'static str| {
        let req = app
            .client
            .get(app.url("/api/billing/currency"))
            .header("X-Forwarded-For", ip);
        async move { req.send().await.unwrap().json::<Value>().await.unwrap() }
    };
    assert_eq!(
        currency("203.0.113.7").await,
        json!({"currency": "INR", "country": "IN"})
    );
    assert_eq!(
        currency("198.51.100.1, 10.0.0.1").await,
        json!({"currency": "EUR", "country": "PT"})
    );
    assert_eq!(
        currency("203.0.113.7, 198.51.100.1, 10.0.0.1").await,
        json!({"currency": "EUR", "country": "PT"}),
        "what the visitor wrote left of our proxies is not believed"
    );
    assert_eq!(
        currency("192.0.2.1").await,
        json!({"currency": null, "country": null})
    );

    // Without a database (or without trusting the proxy header) nothing is known.
    let plain = testkit::spawn_app(testkit::Backend::Sqlite).await.unwrap();
    let answer: Value = plain
        .client
        .get(plain.url("/api/billing/currency"))
        .header("X-Forwarded-For", "203.0.113.7")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer, json!({"currency": null, "country": null}));
}

db_test!(
    add_ons_are_charged_per_seat_with_the_plan_and_the_ai_add_on_raises_the_daily_limit,
    |app| async move {
        let org = app.organisation("addons@example.com").await;
        let answer = app
            .post_ok(
                "/api/v1/whatzapp/createorgcheckoutsession",
                &org.admin,
                json!({
                    "workspace_id": org.workspace_id, "plan_id": 10, "quantity": 4,
                    "org_id": org.org_id, "addons": ["ai_reply", "calls"]
                }),
            )
            .await;
        assert_eq!(
            pay(answer["url"].as_str().unwrap()).await.status().as_u16(),
            303
        );
        let o = overview(&app, &org).await;
        // (12.00 Teams + 7.00 AI Reply + 5.00 calls) × 4 seats
        assert_eq!(o["invoices"][0]["amount_minor"], 9_600);
        assert_eq!(o["plan"]["ai_addon"], true);
        let limits = app
            .get_ok(
                &format!("/api/billing/limits?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(
            limits["ai_replies_per_day"],
            domain::subscription::AI_REPLIES_PER_DAY_ADDON
        );

        // A team add-on is not sold with a personal plan.
        app.expect(
            422,
            Method::POST,
            "/api/v1/whatzapp/createorgcheckoutsession",
            Some(&org.admin),
            Some(json!({"workspace_id": org.workspace_id, "plan_id": 8, "addons": ["whatsapp"]})),
        )
        .await;
    }
);
