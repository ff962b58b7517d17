//! Refer and Earn credits reach the next invoice (issue #28), over real HTTP on SQLite and
//! PostgreSQL: a credit earned before anything is paid for waits; one the payment provider
//! refuses waits too and goes at the next billing event; once sent, each credit is one customer
//! balance transaction (never two, whoever sends it again), the report marks it applied, and the
//! renewal invoice is that much smaller.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::admin::{expect_as_admin, operator};
use super::billing::{buy_teams, overview};
use super::referrals::{report, sign_up_with};
use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp};

/// The report's credits once every one of them is `applied` as expected, waiting (bounded) for
/// the work the server does after answering.
async fn credits_settled(app: &TestApp, session: &str, applied: &[bool]) -> Value {
    let mut last = Value::Null;
    for _ in 0..200 {
        last = report(app, session).await["credits"].clone();
        let now: Vec<bool> = last
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["applied"].as_bool().unwrap())
            .collect();
        if now == applied {
            return last;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("credits never became {applied:?}: {last}");
}

fn balance_posts(app: &TestApp) -> Vec<testkit::fake::Received> {
    app.fake
        .received_under("/stripe/v1/customers/")
        .into_iter()
        .filter(|r| r.path.ends_with("/balance_transactions"))
        .collect()
}

db_test!(
    credits_go_to_the_customer_balance_once_and_come_off_the_next_invoice,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let ana_id = app.get_ok("/api/account/profile", &org.admin).await["id"]
            .as_i64()
            .unwrap();

        // A store-review credit before Ana pays for anything: kept, nothing sent.
        let ops = operator(&app).await;
        let granted = expect_as_admin(
            200,
            &app,
            &ops,
            Method::POST,
            &format!("/api/admin/users/{ana_id}/credits"),
            Some(json!({ "note": "store review" })),
        )
        .await;
        assert_eq!(granted["applied"], false);
        assert!(balance_posts(&app).is_empty());

        // Her organisation subscribes while the provider refuses balance changes: still kept.
        app.fake.stripe_refuse_balance(true);
        let sub = buy_teams(&app, &org, 3).await;
        let customer = app.fake.stripe_subscription(&sub).unwrap()["customer"]
            .as_str()
            .unwrap()
            .to_owned();
        for _ in 0..200 {
            if !balance_posts(&app).is_empty() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        assert!(
            !balance_posts(&app).is_empty(),
            "the subscription tried the credit"
        );
        credits_settled(&app, &org.admin, &[false]).await;
        assert_eq!(app.fake.stripe_balance(&customer, "usd"), 0);

        // The provider is back; two friends sign up by her link: both credits are sent.
        app.fake.stripe_refuse_balance(false);
        let code = report(&app, &org.admin).await["code"]
            .as_str()
            .unwrap()
            .to_owned();
        sign_up_with(&app, "bo@friends.test", &code).await;
        sign_up_with(&app, "dee@friends.test", &code).await;
        let credits = credits_settled(&app, &org.admin, &[true, true]).await;
        assert_eq!(credits[0]["source"], "referral");
        // One transaction per credit: a third would show as -300.
        assert_eq!(app.fake.stripe_balance(&customer, "usd"), -200);
        let r = report(&app, &org.admin).await;
        assert_eq!(r["balance_minor"], 0, "nothing left waiting to be sent");

        // Another subscription event tries nothing again.
        let before = balance_posts(&app).len();
        let event = app.fake.stripe_renew(&sub).await.unwrap();
        assert_eq!(
            app.fake.stripe_events().last().unwrap()["delivered_status"],
            200
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert_eq!(balance_posts(&app).len(), before);

        // The renewal took the 2 USD off what was due, and used the credit up.
        let invoice = &event["data"]["object"];
        assert_eq!(invoice["starting_balance"], -200);
        assert_eq!(
            invoice["amount_due"].as_i64().unwrap(),
            invoice["total"].as_i64().unwrap() - 200
        );
        assert_eq!(app.fake.stripe_balance(&customer, "usd"), 0);
        let o = overview(&app, &org).await;
        let newest = o["invoices"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["id"] == invoice["id"])
            .cloned()
            .unwrap();
        assert_eq!(newest["amount_minor"], invoice["amount_due"], "{o}");
    }
);

db_test!(
    a_credit_of_someone_who_pays_for_nothing_stays_pending,
    |app| async move {
        let (bo, bo_id) = app.sign_in_with_id("bo@solo.test").await;
        let ops = operator(&app).await;
        let granted = expect_as_admin(
            200,
            &app,
            &ops,
            Method::POST,
            &format!("/api/admin/users/{bo_id}/credits"),
            Some(json!({})),
        )
        .await;
        assert_eq!(granted["applied"], false);
        assert_eq!(report(&app, &bo).await["balance_minor"], 100);
        assert!(balance_posts(&app).is_empty());
    }
);
