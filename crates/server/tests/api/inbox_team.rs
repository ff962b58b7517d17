//! The team inbox's team work through HTTP on both databases: fair assignment of new
//! conversations on the shared number, the needs-reply clock across a business-hours boundary
//! (the test clock), notes with @mentions and the Free plan's limit on the mentions and unread
//! tabs, and tasks with the tasks tab.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use testkit::{db_test, fake, TestApp, TestOrg};

/// Waits (up to 30 s) until `check` holds.
pub(super) async fn eventually<F, Fut>(what: &str, check: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let start = Instant::now();
    while !check().await {
        assert!(start.elapsed() < Duration::from_secs(90), "never: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub(super) fn fast(c: &mut server::config::Config) {
    c.inbox.poll_ms = 50;
}

/// The shared number, connected and paired; answers the session's name.
pub(super) async fn paired(app: &TestApp, org: &TestOrg) -> String {
    app.put_ok(
        "/api/inbox/gateway",
        &org.admin,
        json!({"org_id": org.org_id, "name": "Support", "base_url": app.fake.waha_url(), "api_key": fake::WAHA_API_KEY}),
    )
    .await;
    let session = store::inbox::channels::gateway_of(&app.store, org.org_id)
        .await
        .unwrap()
        .unwrap()
        .session
        .unwrap();
    app.fake.waha_scan(&session, "14155550111").unwrap();
    session
}

pub(super) async fn counts(app: &TestApp, org: &TestOrg, session: &str) -> Value {
    app.get_ok(&format!("/api/inbox/counts?org_id={}", org.org_id), session)
        .await
}

pub(super) fn count_of(counts: &Value, tab: &str) -> u64 {
    counts["tabs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["tab"] == tab)
        .unwrap()["count"]
        .as_u64()
        .unwrap()
}

async fn all_conversations(app: &TestApp, org: &TestOrg) -> Vec<Value> {
    let mut out = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/inbox/conversations?org_id={}&cursor={c}", org.org_id),
            None => format!("/api/inbox/conversations?org_id={}", org.org_id),
        };
        let page = app.get_ok(&path, &org.admin).await;
        let items = page["items"].as_array().unwrap();
        assert!(items.len() <= 20);
        out.extend(items.iter().cloned());
        match page["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => return out,
        }
    }
}

db_test!(
    new_conversations_are_shared_by_weight_within_two_percent,
    config = fast,
    |app| async move {
        let org = app.organisation("rr@inbox.test").await;
        let a = app.member(&org, "rr-a@inbox.test", 2).await;
        let b = app.member(&org, "rr-b@inbox.test", 3).await;
        let session = paired(&app, &org).await;
        let admin_id = org.workspace_id;
        app.put_ok(
            "/api/inbox/settings",
            &org.admin,
            json!({"org_id": org.org_id, "agents": [
            {"user_id": admin_id, "weight": 50, "available": true},
            {"user_id": a.user_id, "weight": 30, "available": true},
            {"user_id": b.user_id, "weight": 20, "available": true}],
          "escalation": "alert"}),
        )
        .await;
        for i in 0..300u64 {
            app.fake
                .waha_inbound(&session, &format!("9198765{:05}@c.us", i), "hello")
                .unwrap();
        }
        eventually("300 conversations", || async {
            count_of(&counts(&app, &org, &org.admin).await, "all") == 300
        })
        .await;
        let all = all_conversations(&app, &org).await;
        assert_eq!(all.len(), 300, "every conversation once across the pages");
        let mut ids: Vec<i64> = all.iter().map(|c| c["id"].as_i64().unwrap()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 300, "no conversation twice across the pages");
        for (who, weight) in [(admin_id, 50.0), (a.user_id, 30.0), (b.user_id, 20.0)] {
            let got = all.iter().filter(|c| c["assignee_id"] == who).count() as f64;
            let share = got * 100.0 / 300.0;
            assert!(
                (share - weight).abs() <= 2.0,
                "member {who}: {share}% for {weight}%"
            );
        }
    }
);

db_test!(
    the_needs_reply_clock_escalates_at_the_right_minute_across_closing_time,
    config = fast,
    |app| async move {
        let org = app.organisation("clock@inbox.test").await;
        let session = paired(&app, &org).await;
        app.put_ok(
            "/api/inbox/settings",
            &org.admin,
            json!({"org_id": org.org_id, "agents": [], "reply_minutes": 30, "escalation": "alert"}),
        )
        .await;
        let org_row = store::orgs::organisation(&app.store, org.org_id)
            .await
            .unwrap()
            .unwrap();
        let zone = org_row.time_zone.clone();
        // Move the clock to the coming Friday 17:50 in the organisation's zone.
        let tz: chrono_tz::Tz = domain::dates::zone_or_default(Some(&zone)).unwrap();
        let now = chrono::DateTime::from_timestamp_millis(app.clock.now_ms())
            .unwrap()
            .with_timezone(&tz);
        use chrono::{Datelike, TimeZone};
        let mut day = now.date_naive() + chrono::Days::new(7);
        while day.weekday() != chrono::Weekday::Fri {
            day = day.succ_opt().unwrap();
        }
        let friday = tz
            .from_local_datetime(&day.and_hms_opt(17, 50, 0).unwrap())
            .single()
            .unwrap();
        // The organisation's business hours (its zone, UTC by default): 09:00–18:00 Monday to
        // Friday, the Monday after that Friday a holiday; a 30-minute clock.
        let open = json!([{"start": "09:00", "end": "18:00"}]);
        let monday = (day + chrono::Days::new(3)).to_string();
        app.put_ok(
            "/api/business-hours",
            &org.admin,
            json!({"org_id": org.org_id, "week": [open, open, open, open, open, [], []],
                   "holidays": [monday]}),
        )
        .await;
        app.clock
            .advance(friday.timestamp_millis() - app.clock.now_ms());
        // The customer's message, stamped Friday 17:50 (the clock counts from the message's time).
        app.fake
        .waha_inbound_message(&session, json!({"from": "919800000001@c.us", "body": "hello?", "timestamp": friday.timestamp()}))
        .unwrap();
        eventually("the conversation", || async {
            count_of(&counts(&app, &org, &org.admin).await, "needs_reply") == 1
        })
        .await;
        let conv = store::inbox::settings::due(&app.store, i64::MAX, 10)
            .await
            .unwrap();
        assert_eq!(conv.len(), 1);
        let expected = tz
            .from_local_datetime(&(day + chrono::Days::new(4)).and_hms_opt(9, 20, 0).unwrap())
            .single()
            .unwrap()
            .timestamp_millis();
        assert_eq!(
            conv[0].escalate_at,
            Some(expected),
            "10 minutes on Friday, none on the holiday Monday, 20 on Tuesday"
        );
        // A minute before: nothing; at the minute: escalated once (the inbox worker reads the clock).
        app.clock.advance(expected - 60_000 - app.clock.now_ms());
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(
            store::inbox::settings::due(&app.store, i64::MAX, 10)
                .await
                .unwrap()
                .len(),
            1
        );
        let before = store::inbox::events::last_id(&app.store, org.org_id)
            .await
            .unwrap();
        app.clock.advance(60_000);
        // The clock is stopped first, then the alert written: wait for the alert.
        eventually("escalated", || async {
            store::inbox::events::after(&app.store, org.org_id, before, 100)
                .await
                .unwrap()
                .iter()
                .any(|e| e.kind == "overdue")
        })
        .await;
        assert!(store::inbox::settings::due(&app.store, i64::MAX, 10)
            .await
            .unwrap()
            .is_empty());
        tokio::time::sleep(Duration::from_millis(300)).await;
        let events = store::inbox::events::after(&app.store, org.org_id, before, 100)
            .await
            .unwrap();
        assert_eq!(
            events.iter().filter(|e| e.kind == "overdue").count(),
            1,
            "{events:?}"
        );
    }
);

async fn tab(
    app: &TestApp,
    org: &TestOrg,
    session: &str,
    tab: &str,
    cursor: Option<&str>,
) -> Value {
    let mut path = format!("/api/inbox/conversations?org_id={}&tab={tab}", org.org_id);
    if let Some(c) = cursor {
        path.push_str(&format!("&cursor={c}"));
    }
    app.get_ok(&path, session).await
}

db_test!(
    mentions_show_for_ten_days_and_free_sees_the_first_five,
    config = fast,
    |app| async move {
        let org = app.organisation("mention@inbox.test").await;
        let manager = app.member(&org, "mention-manager@inbox.test", 2).await;
        let session = paired(&app, &org).await;
        for i in 0..7 {
            app.fake
                .waha_inbound(&session, &format!("91990000{i:04}@c.us"), "question")
                .unwrap();
        }
        eventually("7 conversations", || async {
            count_of(&counts(&app, &org, &org.admin).await, "all") == 7
        })
        .await;
        let all = tab(&app, &org, &org.admin, "all", None).await;
        let ids: Vec<i64> = all["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_i64().unwrap())
            .collect();
        // On the Teams trial every unread conversation shows.
        let page = tab(&app, &org, &org.admin, "unread", None).await;
        assert_eq!(page["items"].as_array().unwrap().len(), 7);
        assert_eq!(page["upgrade_to_see_all"], false);
        // Free (the 7-day trial and its 3 days of grace over).
        app.clock.advance(11 * 86_400_000);
        // The manager mentions the admin in each; a mention of someone outside stays text.
        for id in &ids {
            let note = app
            .post_ok(
                &format!("/api/inbox/conversations/{id}/notes"),
                &manager.session,
                json!({"org_id": org.org_id, "text": format!("@[{}] can you take this? cc @[999999]", org.workspace_id)}),
            )
            .await;
            assert_eq!(note["kind"], "note");
            assert_eq!(note["author_id"], manager.user_id);
        }
        // A note is never sent to the customer.
        assert!(app.fake.waha_sent().is_empty());
        assert_eq!(
            count_of(&counts(&app, &org, &org.admin).await, "mentions"),
            7
        );
        assert_eq!(
            count_of(&counts(&app, &org, &manager.session).await, "mentions"),
            0
        );
        for which in ["mentions", "unread"] {
            let page = tab(&app, &org, &org.admin, which, None).await;
            assert_eq!(page["items"].as_array().unwrap().len(), 5, "{which}");
            assert_eq!(page["upgrade_to_see_all"], true, "{which}");
            assert_eq!(page["next_cursor"], Value::Null, "{which}");
        }
        let page = tab(&app, &org, &org.admin, "all", None).await;
        assert_eq!(
            page["items"].as_array().unwrap().len(),
            7,
            "other tabs are whole on Free"
        );
        // Ten days after the notes, the mentions are gone.
        app.clock.advance(10 * 86_400_000 + 60_000);
        assert_eq!(
            count_of(&counts(&app, &org, &org.admin).await, "mentions"),
            0
        );
    }
);

db_test!(
    a_task_is_created_completed_and_counted_in_the_tasks_tab,
    config = fast,
    |app| async move {
        let org = app.organisation("tasks@inbox.test").await;
        let manager = app.member(&org, "tasks-manager@inbox.test", 2).await;
        let session = paired(&app, &org).await;
        app.fake
            .waha_inbound(&session, "919911112222@c.us", "need a quote")
            .unwrap();
        eventually("the conversation", || async {
            count_of(&counts(&app, &org, &org.admin).await, "all") == 1
        })
        .await;
        let id = tab(&app, &org, &org.admin, "all", None).await["items"][0]["id"]
            .as_i64()
            .unwrap();
        let (status, refused) = app
            .call_as(
                Method::POST,
                "/api/inbox/tasks",
                &org.admin,
                Some(json!({"org_id": org.org_id, "name": "  "})),
            )
            .await;
        assert_eq!(
            (status, refused["error"]["fields"]["name"].as_str()),
            (422, Some("fields_required"))
        );
        let task = app
        .post_ok(
            "/api/inbox/tasks",
            &org.admin,
            json!({"org_id": org.org_id, "conversation_id": id, "name": "Send the quote", "priority": "very_high",
                   "assignee_id": manager.user_id, "visibility": "self", "due_at": "2026-12-01T10:00:00Z"}),
        )
        .await;
        assert_eq!(task["contact"], "919911112222");
        assert_eq!(task["status"], "open");
        assert_eq!(task["priority"], "very_high");
        assert_eq!(count_of(&counts(&app, &org, &org.admin).await, "tasks"), 1);
        // `self`: the creator and the assignee see it; the assignee completes it.
        let theirs = app
            .get_ok(
                &format!(
                    "/api/inbox/tasks?org_id={}&conversation_id={id}",
                    org.org_id
                ),
                &manager.session,
            )
            .await;
        assert_eq!(theirs["items"].as_array().unwrap().len(), 1);
        let task_id = task["id"].as_i64().unwrap();
        let done = app
        .put_ok(
            &format!("/api/inbox/tasks/{task_id}"),
            &manager.session,
            json!({"org_id": org.org_id, "conversation_id": id, "name": "Send the quote", "status": "completed",
                   "priority": "very_high", "assignee_id": manager.user_id, "visibility": "self"}),
        )
        .await;
        assert_eq!(done["status"], "completed");
        assert!(done["completed_at"].is_string());
        assert_eq!(count_of(&counts(&app, &org, &org.admin).await, "tasks"), 0);
        // A personal task of the admin's is not the manager's to see.
        let personal = app
            .post_ok(
                "/api/inbox/tasks",
                &org.admin,
                json!({"org_id": org.org_id, "name": "Mine", "visibility": "personal"}),
            )
            .await;
        let (status, _) = app
            .call_as(
                Method::PUT,
                &format!("/api/inbox/tasks/{}", personal["id"]),
                &manager.session,
                Some(json!({"org_id": org.org_id, "name": "Taken"})),
            )
            .await;
        assert_eq!(status, 404);
    }
);

db_test!(
    a_members_own_chat_shows_with_its_member_to_those_who_may_see_them,
    config = fast,
    |app| async move {
        let org = app.organisation("synced@inbox.test").await;
        let manager = app.member(&org, "synced-manager@inbox.test", 2).await;
        let employee = app.member(&org, "synced-employee@inbox.test", 3).await;
        let event = |id: &str, direction: &str, text: &str, at: i64| {
            json!({"MessageId": id, "Message": text, "Chatid": "919822223333@c.us", "Ack": 2,
               "Datetime": at, "Direction": direction, "CreatedByUser": employee.user_id.to_string(),
               "senderName": "Priya", "ChannelName": "Priya Sharma"})
        };
        let now = app.clock.now_ms();
        let batch = json!({"org_id": org.org_id, "events": [
        event("m-1", "INCOMING", "Do you ship to Pune?", now - 60_000),
        event("m-2", "OUTGOING", "Yes, in two days", now - 30_000)]});
        let stored = app
            .post_ok("/api/v2/events/messages", &employee.session, batch.clone())
            .await;
        assert_eq!(stored["data"]["stored"], 2, "{stored}");
        // The extension sends the batch again: nothing new.
        app.post_ok("/api/v2/events/messages", &employee.session, batch)
            .await;
        let page = tab(&app, &org, &org.admin, "all", None).await;
        let items = page["items"].as_array().unwrap();
        assert_eq!(items.len(), 1, "{page}");
        let conv = &items[0];
        assert_eq!(conv["channel"], "member");
        assert_eq!(conv["created_by_user"], employee.user_id);
        assert_eq!(conv["contact"], "919822223333");
        assert_eq!(conv["name"], "Priya Sharma");
        assert_eq!(conv["standing"], "awaiting_reply");
        let id = conv["id"].as_i64().unwrap();
        let msgs = app
            .get_ok(
                &format!(
                    "/api/inbox/conversations/{id}/messages?org_id={}",
                    org.org_id
                ),
                &org.admin,
            )
            .await;
        assert_eq!(msgs["items"].as_array().unwrap().len(), 2);
        assert_eq!(msgs["items"][0]["body"], "Yes, in two days");
        assert_eq!(msgs["items"][0]["ack"], "delivered");
        // A manager without a team sees only themselves: not this member's chat.
        let theirs = tab(&app, &org, &manager.session, "all", None).await;
        assert!(theirs["items"].as_array().unwrap().is_empty(), "{theirs}");
        let (status, _) = app
            .call_as(
                Method::GET,
                &format!("/api/inbox/conversations/{id}?org_id={}", org.org_id),
                &manager.session,
                None,
            )
            .await;
        assert_eq!(status, 404);
        let live = app
            .client
            .get(format!(
                "{}/api/inbox/events?org_id={}&after=0&follow=false",
                app.base, org.org_id
            ))
            .header("cookie", format!("sb_session={}", manager.session))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            !live.contains(&format!("\"member_id\":{}", employee.user_id)),
            "{live}"
        );
        // A reply in a member's own chat goes from their WhatsApp: their extension claims it,
        // sends it and reports WhatsApp's id; the chat message it then reports is the same one.
        let reply = app
            .post_ok(
                &format!("/api/inbox/conversations/{id}/replies"),
                &org.admin,
                json!({"org_id": org.org_id, "text": "Tomorrow works"}),
            )
            .await;
        assert_eq!(reply["ack"], "queued");
        let nothing = app
            .post_ok("/api/v2/inbox/replies/claim", &manager.session, json!({}))
            .await;
        assert!(
            nothing["replies"].as_array().unwrap().is_empty(),
            "not the manager's chat"
        );
        let claim = app
            .post_ok(
                "/api/v2/inbox/replies/claim",
                &employee.session,
                json!({"lease_seconds": 30}),
            )
            .await;
        let claimed = &claim["replies"][0];
        assert_eq!(claimed["chat_id"], "919822223333@c.us");
        assert_eq!(claimed["text"], "Tomorrow works");
        // A second claim while the lease lives gets nothing.
        let again = app
            .post_ok("/api/v2/inbox/replies/claim", &employee.session, json!({}))
            .await;
        assert!(again["replies"].as_array().unwrap().is_empty());
        let reply_id = claimed["reply_id"].as_i64().unwrap();
        let (status, _) = app
            .call_as(
                Method::POST,
                &format!("/api/v2/inbox/replies/{reply_id}/report"),
                &employee.session,
                Some(json!({"claim_token": "not-the-claim", "status": "sent"})),
            )
            .await;
        assert_eq!(status, 409);
        let reported = app
        .post_ok(
            &format!("/api/v2/inbox/replies/{reply_id}/report"),
            &employee.session,
            json!({"claim_token": claimed["claim_token"], "status": "sent", "message_id": "wa-777"}),
        )
        .await;
        assert_eq!(reported["ack"], "sent");
        let echo = json!({"org_id": org.org_id, "events": [event("wa-777", "OUTGOING", "Tomorrow works", now)]});
        app.post_ok("/api/v2/events/messages", &employee.session, echo)
            .await;
        let msgs = app
            .get_ok(
                &format!(
                    "/api/inbox/conversations/{id}/messages?org_id={}",
                    org.org_id
                ),
                &org.admin,
            )
            .await;
        let copies = msgs["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["body"] == "Tomorrow works")
            .count();
        assert_eq!(copies, 1, "{msgs}");
    }
);
