//! Billing bound to what this server created (issue #23), over real HTTP on SQLite and
//! PostgreSQL: a subscription event naming an organisation nobody sent to a checkout moves no
//! plan; a checkout is charged in the visitor's country's currency whatever the buyer asks for;
//! an exchange-rate provider that is down is asked again only after a pause.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::billing::{
    buy_teams, checked_out, checkout, credit, deliver_signed, now_s, subscription_event,
};
use reqwest::Method;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use testkit::{db_test, TestApp, WithSession};

db_test!(
    a_subscription_naming_an_organisation_no_checkout_was_made_for_moves_no_plan,
    |app| async move {
        let victim = app.organisation("victim@bound.test").await;
        let before = credit(&app, &victim).await;
        let t = now_s(&app);
        // Signed by the provider, but for a subscription no checkout of this server led to.
        let event = subscription_event("evt_stray", "created", t, victim.org_id, 40);
        let (status, body) = deliver_signed(&app, &event, t).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(credit(&app, &victim).await, before, "nothing changed");
        // Once the organisation's admin went to a checkout here, its subscription applies.
        assert_eq!(checkout(&app, &victim, 3).await.0, 200);
        let event = subscription_event("evt_bound", "updated", t + 1, victim.org_id, 8);
        assert_eq!(deliver_signed(&app, &event, t + 1).await.0, 200);
        assert_eq!(credit(&app, &victim).await["seat_issued"], 8);
    }
);

/// The currency a checkout of the latest request was charged in (as the server stored it).
async fn last_checkout_currency(app: &TestApp) -> String {
    use store::entity::billing::checkout;
    use store::sea_orm::{EntityTrait, QueryOrder};
    checkout::Entity::find()
        .order_by_desc(checkout::Column::Id)
        .one(app.store.conn())
        .await
        .unwrap()
        .unwrap()
        .currency
}

#[tokio::test]
async fn a_checkout_is_charged_in_the_visitors_countrys_currency_whatever_is_asked() {
    let (app, _dir) = super::billing::with_countries(1).await;
    let buy = |org: &super::billing::Org, from: &'static str, currency: Option<&'static str>| {
        let req = app
            .client
            .post(app.url("/api/v1/whatzapp/createorgcheckoutsession"))
            .session(&org.admin)
            .header("X-Forwarded-For", from)
            .json(&json!({
                "workspace_id": org.workspace_id, "plan_id": 10, "quantity": 3,
                "org_id": org.org_id, "currency": currency
            }));
        async move {
            let res = req.send().await.unwrap();
            let status = res.status().as_u16();
            (status, res.json::<Value>().await.unwrap())
        }
    };
    // A buyer in Portugal asking for India's prices pays in US dollars (no localised EUR).
    let lisbon = app.organisation("lisbon@bound.test").await;
    let (status, body) = buy(&lisbon, "198.51.100.9", Some("INR")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(last_checkout_currency(&app).await, "USD");
    // A buyer in India pays in rupees without asking.
    let pune = app.organisation("pune@bound.test").await;
    let (status, body) = buy(&pune, "203.0.113.20", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(last_checkout_currency(&app).await, "INR");
    // Where the country is unknown, the asked currency stands.
    let elsewhere = app.organisation("elsewhere@bound.test").await;
    let (status, body) = buy(&elsewhere, "192.0.2.1", Some("INR")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(last_checkout_currency(&app).await, "INR");
}

/// A rate provider that is down: every request answers 500 and is counted.
async fn broken_rates() -> (String, Arc<AtomicUsize>) {
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = hits.clone();
    let app = axum::Router::new().fallback(move || {
        let counted = counted.clone();
        async move {
            counted.fetch_add(1, Ordering::SeqCst);
            axum::http::StatusCode::INTERNAL_SERVER_ERROR
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    (format!("http://{addr}"), hits)
}

#[tokio::test]
async fn a_rates_provider_that_is_down_is_asked_again_only_after_a_pause() {
    let (url, hits) = broken_rates().await;
    let app = testkit::spawn_app_with(testkit::Backend::Sqlite, move |c| {
        c.providers.exchange_rates.api_url = Some(url);
    })
    .await
    .unwrap();
    let rates = || {
        app.call(
            Method::GET,
            "/api/v1/whatzapp/exchangeRateService",
            None,
            None,
        )
    };
    for _ in 0..5 {
        let (status, _) = rates().await;
        assert!(status < 500, "{status}");
    }
    assert_eq!(
        hits.load(Ordering::SeqCst),
        1,
        "asked once, then left alone"
    );
    app.clock
        .advance(server::billing::RATES_RETRY_AFTER_FAILURE_MS + 1);
    rates().await;
    assert_eq!(
        hits.load(Ordering::SeqCst),
        2,
        "asked again after the pause"
    );
}

db_test!(
    buying_again_after_a_cancelled_subscription_gets_a_new_checkout_session,
    |app| async move {
        let org = app.organisation("again@bound.test").await;
        let sub = buy_teams(&app, &org, 3).await;
        let first_sessions = app.fake.stripe_sessions_created();
        // The provider cancels the subscription the same day.
        let mut cancelled = app.fake.stripe_subscription(&sub).unwrap();
        cancelled["status"] = json!("canceled");
        cancelled["ended_at"] = json!(now_s(&app));
        let t = now_s(&app) + 1;
        let event = json!({
            "id": "evt_cancelled", "type": "customer.subscription.deleted", "created": t,
            "data": {"object": cancelled}
        });
        assert_eq!(deliver_signed(&app, &event, t).await.0, 200);
        // The same purchase again: a new session to pay, not the completed one.
        let (status, answer) = checkout(&app, &org, 3).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(app.fake.stripe_sessions_created(), first_sessions + 1);
        let res = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap()
            .get(answer["url"].as_str().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(
            res.status().as_u16(),
            200,
            "the new session's page can be paid"
        );
        // Clicking twice still answers that one session.
        let (_, again) = checkout(&app, &org, 3).await;
        assert_eq!(again["url"], answer["url"]);
        assert_eq!(app.fake.stripe_sessions_created(), first_sessions + 1);
    }
);

db_test!(
    events_of_one_subscription_arriving_at_once_leave_the_newest_state,
    |app| async move {
        let (org, t) = checked_out(&app, "race@bound.test").await;
        let first = subscription_event("evt_first", "created", t, org.org_id, 3);
        assert_eq!(deliver_signed(&app, &first, t).await.0, 200);
        for round in 1..=5i64 {
            let newer = subscription_event(
                &format!("evt_new_{round}"),
                "updated",
                t + 100 * round,
                org.org_id,
                10 + round as u32,
            );
            let older = subscription_event(
                &format!("evt_old_{round}"),
                "updated",
                t + 100 * round - 50,
                org.org_id,
                1,
            );
            let (a, b) = tokio::join!(
                deliver_signed(&app, &older, t),
                deliver_signed(&app, &newer, t),
            );
            // A delivery that lost a race may be refused and redelivered by the provider.
            for (event, (status, _)) in [(&older, a), (&newer, b)] {
                if status != 200 {
                    assert_eq!(deliver_signed(&app, event, t).await.0, 200);
                }
            }
            assert_eq!(
                credit(&app, &org).await["seat_issued"],
                10 + round,
                "round {round}: the newer event's seats"
            );
        }
    }
);
