//! What each person is offered (issue #25), over real HTTP on SQLite and PostgreSQL: the
//! `upsell` answer of `/api/billing/limits`, which the upgrade card, the plan banner and the
//! upgrade popup all read. The top plan running offers nothing; an employee is never offered a
//! plan to buy (told to ask an admin once it matters); the grace period says until when and
//! offers to renew; back on Free the plan has expired; a member of an organisation is not sold a
//! personal plan; without the plan the knowledge base says why (402 `not_in_plan`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::billing::{buy_teams, Org};
use crate::kb::documents;
use serde_json::{json, Value};
use testkit::{db_test, TestApp};

const DAY: i64 = 86_400_000;

async fn upsell(app: &TestApp, query: &str, session: &str) -> Value {
    let body = app
        .get_ok(&format!("/api/billing/limits?{query}"), session)
        .await;
    body["upsell"].clone()
}

/// An employee of `org`, signed in: their session and their own workspace id.
async fn employee(app: &TestApp, org: &Org, email: &str) -> (String, i64) {
    let m = app.member(org, email, 3).await;
    (m.session, m.user_id)
}

const NOTHING: fn() -> Value = || json!({ "card": null, "banner": null, "action": null, "popup": null, "no_teams_plan": false });

db_test!(
    the_top_plan_is_offered_nothing_and_an_employee_never_a_plan_to_buy,
    |app| async move {
        let org = app.organisation("owner@acme.test").await;
        let q = format!("org_id={}", org.org_id);
        let (member, member_ws) = employee(&app, &org, "lucia@acme.test").await;

        // The trial: its admin sees the days left and Upgrade; the employee sees nothing.
        let admin = upsell(&app, &q, &org.admin).await;
        assert_eq!(admin["card"], "upgrade");
        assert_eq!(admin["action"], "upgrade");
        assert_eq!(admin["banner"]["kind"], "trial_ends_in");
        assert_eq!(admin["banner"]["days"], 7);
        assert_eq!(admin["banner"]["ended"], false);
        assert_eq!(admin["popup"], Value::Null);
        assert_eq!(upsell(&app, &q, &member).await, NOTHING());
        // Nor is the employee sold a personal plan on their own workspace.
        assert_eq!(
            upsell(&app, &format!("workspace_id={member_ws}"), &member).await,
            NOTHING()
        );

        // Teams bought: the top plan, nothing to offer anyone.
        buy_teams(&app, &org, 3).await;
        assert_eq!(upsell(&app, &q, &org.admin).await, NOTHING());
        assert_eq!(upsell(&app, &q, &member).await, NOTHING());
    }
);

db_test!(
    the_grace_period_offers_to_renew_and_then_the_plan_has_expired,
    |app| async move {
        let org = app.organisation("owner@acme.test").await;
        let q = format!("org_id={}", org.org_id);
        let (member, _) = employee(&app, &org, "lucia@acme.test").await;

        // A day after the trial's end: ended, its features kept until three days after it.
        app.clock.advance(8 * DAY);
        let admin = upsell(&app, &q, &org.admin).await;
        assert_eq!(admin["card"], "renew");
        assert_eq!(admin["action"], "renew");
        assert_eq!(admin["popup"], "expired");
        assert_eq!(
            admin["no_teams_plan"], false,
            "the Teams features still apply"
        );
        let banner = &admin["banner"];
        assert_eq!(
            (banner["kind"].as_str(), banner["ended"].as_bool()),
            (Some("trial_in_grace"), Some(true))
        );
        let ended =
            chrono::DateTime::parse_from_rfc3339(banner["ended_at"].as_str().unwrap()).unwrap();
        let until =
            chrono::DateTime::parse_from_rfc3339(banner["until"].as_str().unwrap()).unwrap();
        assert_eq!((until - ended).num_days(), 3);
        // The employee is told the same, and to ask an admin: no card, no popup.
        let told = upsell(&app, &q, &member).await;
        assert_eq!(told["banner"], admin["banner"]);
        assert_eq!(
            (
                told["card"].clone(),
                told["action"].clone(),
                told["popup"].clone()
            ),
            (Value::Null, json!("ask_admin"), Value::Null)
        );

        // Past the grace period: the trial has ended, the plan in force is Free.
        app.clock.advance(3 * DAY);
        let admin = upsell(&app, &q, &org.admin).await;
        assert_eq!(admin["banner"]["kind"], "trial_ended");
        assert_eq!(admin["banner"]["until"], Value::Null);
        assert_eq!(
            (
                admin["card"].clone(),
                admin["popup"].clone(),
                admin["no_teams_plan"].clone()
            ),
            (json!("upgrade"), json!("expired"), json!(true))
        );
        let told = upsell(&app, &q, &member).await;
        assert_eq!(
            (told["action"].clone(), told["card"].clone()),
            (json!("ask_admin"), Value::Null)
        );

        // And the knowledge base, a Teams feature, says why it is not there.
        let (status, body) = documents(&app, &org).await;
        assert_eq!(
            (
                status,
                body["error"]["code"].clone(),
                body["error"]["fields"]["feature"].clone()
            ),
            (402, json!("not_in_plan"), json!("knowledge_base"))
        );
    }
);

db_test!(
    someone_without_an_organisation_is_offered_a_personal_plan,
    |app| async move {
        let (session, ws) = app.sign_in_with_id("solo@example.com").await;
        let offer = upsell(&app, &format!("workspace_id={ws}"), &session).await;
        assert_eq!(
            offer,
            json!({ "card": "upgrade", "banner": null, "action": null, "popup": "individual", "no_teams_plan": true })
        );
    }
);
