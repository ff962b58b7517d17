//! The manage tools over real HTTP, on SQLite and PostgreSQL (issue #18): every 001 §5 message
//! of quick replies, labels, user properties, tags, follow-ups and scheduled messages comes from
//! the API; the Free plan's limits answer 402; admins' labels are read-only for others; a
//! recurring schedule fires at its DST-exact instants under the test clock and stops after N;
//! two concurrent claimers never get the same send; missed sends follow their policy; a send
//! whose contact replied is cancelled.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, WithSession};

async fn organisation(app: &TestApp, email: &str) -> (String, i64) {
    let org = app.organisation(email).await;
    (org.admin, org.org_id)
}

/// `(status, fields.<field>)` of a call expected to be refused.
async fn refused(
    app: &TestApp,
    method: Method,
    path: &str,
    who: &str,
    body: Value,
    field: &str,
) -> (u16, String) {
    let (status, answer) = app.call(method, path, Some(who), Some(body)).await;
    let code = answer["error"]["fields"][field]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    (status, code)
}

/// Each `(method, path, who, body, field, code)` is refused with 422 and `code` in
/// `fields.<field>`, in order.
type Refusal<'a> = (Method, &'a str, &'a str, Value, &'a str, &'a str);

async fn all_refused(app: &TestApp, cases: Vec<Refusal<'_>>) {
    for (method, path, who, body, field, code) in cases {
        assert_eq!(
            refused(app, method, path, who, body, field).await,
            (422, code.into()),
            "{path} {field}"
        );
    }
}

fn iso_minute(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap()
        .format("%Y-%m-%dT%H:%M")
        .to_string()
}

db_test!(every_manage_message_comes_from_the_api, |app| async move {
    let (admin, org_id) = organisation(&app, "owner@manage.test").await;
    let personal = app.sign_in("solo@manage.test").await.unwrap();
    let qr = "/api/manage/quick-replies";
    let labels = "/api/manage/labels";
    // User properties (001 §5).
    let props = "/api/manage/user-properties";
    all_refused(
        &app,
        vec![
            (
                Method::POST,
                qr,
                admin.as_str(),
                json!({ "org_id": org_id, "name": " ", "message": "Hi" }),
                "name",
                "quick_reply_name_invalid",
            ),
            (
                Method::POST,
                qr,
                admin.as_str(),
                json!({ "org_id": org_id, "name": "Hi", "message": "x".repeat(4097) }),
                "message",
                "quick_reply_message_invalid",
            ),
            (
                Method::POST,
                labels,
                admin.as_str(),
                json!({ "org_id": org_id, "name": "", "color": "#00a884" }),
                "name",
                "label_name_empty",
            ),
            (
                Method::POST,
                "/api/manage/funnels",
                admin.as_str(),
                json!({ "org_id": org_id, "name": "Sales", "stages": ["New", "new"] }),
                "stages",
                "funnel_stage_duplicate",
            ),
            (
                Method::POST,
                props,
                personal.as_str(),
                json!({ "name": "City", "kind": "text" }),
                "org_id",
                "properties_need_organisation",
            ),
            (
                Method::POST,
                props,
                admin.as_str(),
                json!({ "org_id": org_id, "name": "Plan 2", "kind": "text" }),
                "name",
                "property_name_has_number",
            ),
        ],
    )
    .await;
    let list = app.post_ok(props, &admin, json!({ "org_id": org_id, "name": "Tier", "kind": "select", "options": ["Gold", "Silver"] })).await;
    let tier = list["data"][0]["id"].as_i64().unwrap();
    let contact = "/api/manage/contacts/919812345678/properties";
    // A name the organisation already has is a conflict with what is there (409), as for
    // labels: a new property, or another one renamed.
    let list = app
        .post_ok(
            props,
            &admin,
            json!({ "org_id": org_id, "name": "Size", "kind": "text" }),
        )
        .await;
    let size = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Size")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let tier_again = json!({ "org_id": org_id, "name": " tier ", "kind": "text" });
    for (method, path) in [
        (Method::POST, props.to_owned()),
        (Method::PUT, format!("{props}/{size}")),
    ] {
        assert_eq!(
            refused(&app, method, &path, &admin, tier_again.clone(), "name").await,
            (409, "property_name_duplicate".into())
        );
    }
    all_refused(
        &app,
        vec![(
            Method::PUT,
            contact,
            admin.as_str(),
            json!({ "org_id": org_id, "values": [{ "property_id": tier, "value": "Bronze" }] }),
            "values[0]",
            "property_value_mismatch",
        )],
    )
    .await;
    let (status, profile) = app
        .call(
            Method::PUT,
            contact,
            Some(&admin),
            Some(json!({ "org_id": org_id, "values": [{ "property_id": tier, "value": "gold" }] })),
        )
        .await;
    assert_eq!(
        (status, profile["values"][0]["value"].as_str()),
        (200, Some("Gold"))
    );
    // Tags (001 §5, §9).
    let tags = "/api/manage/contacts/919812345678/tags";
    let refused_tags = [
        (json!([]), "tag_required"),
        (json!(["a", "b", "c"]), "tags_too_many"),
        (json!(["wholesaler1"]), "tag_too_long"),
    ]
    .map(|(given, code)| {
        (
            Method::PUT,
            tags,
            admin.as_str(),
            json!({ "org_id": org_id, "tags": given }),
            "tags",
            code,
        )
    });
    all_refused(&app, refused_tags.into()).await;
    app.put_ok(
        tags,
        &admin,
        json!({ "org_id": org_id, "tags": ["vip", "lead"] }),
    )
    .await;
    let listed = app
        .get_body(
            &format!("/api/v1/whatzapp/getusertags?org_id={org_id}"),
            &admin,
        )
        .await;
    assert_eq!(listed["data"][0]["tags"], json!(["vip", "lead"]));
    let one = app
        .get_body(&format!("{tags}?org_id={org_id}"), &admin)
        .await;
    assert_eq!(one["tags"], json!(["vip", "lead"]));
    // Follow-ups and scheduled messages.
    let past = iso_minute(app.clock.now_ms() - 60_000);
    let later = iso_minute(app.clock.now_ms() + 3_600_000);
    let fu = "/api/manage/follow-ups";
    let sc = "/api/manage/schedules";
    let base = json!({ "org_id": org_id, "recipient": "+919812345678", "message": "Hi", "start": later, "time_zone": "UTC" });
    let with = |k: &str, v: Value| {
        let mut b = base.clone();
        b[k] = v;
        b
    };
    all_refused(
        &app,
        vec![
            (
                Method::POST,
                fu,
                admin.as_str(),
                json!({ "org_id": org_id, "title": " ", "due": later, "time_zone": "UTC" }),
                "title",
                "title_required",
            ),
            (
                Method::POST,
                fu,
                admin.as_str(),
                json!({ "org_id": org_id, "title": "Call", "due": past, "time_zone": "UTC" }),
                "due",
                "time_has_passed",
            ),
            (
                Method::POST,
                sc,
                admin.as_str(),
                with("message", json!(" ")),
                "message",
                "message_and_upload_empty",
            ),
            (
                Method::POST,
                sc,
                admin.as_str(),
                with("start", json!(past)),
                "start",
                "time_has_passed",
            ),
            (
                Method::POST,
                sc,
                admin.as_str(),
                with("recipient", json!("9812345678")),
                "recipient",
                "phone_country_code_missing",
            ),
        ],
    )
    .await;
    // An attachment over 16 MiB is refused and nothing is kept.
    let (_, created) = app
        .call(
            Method::POST,
            qr,
            Some(&admin),
            Some(json!({ "org_id": org_id, "name": "Prices", "message": "", "has_attachment": true })),
        )
        .await;
    let id = created["id"].as_i64().unwrap();
    let res = app
        .client
        .post(app.url(&format!(
            "{qr}/{id}/attachment?org_id={org_id}&name=big.bin"
        )))
        .session(&admin)
        .header("content-type", "application/octet-stream")
        .body(vec![0u8; 16 * 1024 * 1024 + 1])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 422);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"]["fields"]["file"], "attachment_too_large");
    let list = app.get_body(&format!("{qr}?org_id={org_id}"), &admin).await;
    assert!(list["items"][0]["attachment"].is_null(), "{list}");
});

db_test!(admins_labels_are_read_only_for_others, |app| async move {
    let (admin, org_id) = organisation(&app, "boss@labels.test").await;
    app.post_ok(
        "/api/v1/whatzapp/employees",
        &admin,
        json!({ "org_id": org_id, "employees": [{ "email": "clerk@labels.test", "role_id": 3 }] }),
    )
    .await;
    let clerk = app.sign_in("clerk@labels.test").await.unwrap();
    let (_, board) = app
        .call(
            Method::POST,
            "/api/manage/labels",
            Some(&admin),
            Some(
                json!({ "org_id": org_id, "name": "Priority", "color": "#ff0000", "shared": true }),
            ),
        )
        .await;
    let shared = board["labels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["kind"] == "shared")
        .unwrap()
        .clone();
    assert_eq!(shared["editable"], true);
    let answer = app
        .expect(
            403,
            Method::PUT,
            &format!("/api/manage/labels/{}", shared["id"]),
            Some(&clerk),
            Some(json!({ "org_id": org_id, "name": "Mine now", "color": "#00ff00" })),
        )
        .await;
    assert_eq!(answer["error"]["fields"]["role"], "label_admin_only");
    // The clerk sees it, read-only.
    let seen = app
        .get_body(&format!("/api/manage/labels?org_id={org_id}"), &clerk)
        .await;
    let theirs = seen["labels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == shared["id"])
        .unwrap();
    assert_eq!(theirs["editable"], false);
    // Admins may let managers change shared labels too.
    app.post_ok(
        "/api/v1/whatzapp/employees",
        &admin,
        json!({ "org_id": org_id, "employees": [{ "email": "lead@labels.test", "role_id": 2 }] }),
    )
    .await;
    let lead = app.sign_in("lead@labels.test").await.unwrap();
    let rename = json!({ "org_id": org_id, "name": "Urgent", "color": "#ff0000", "shared": true });
    let path = format!("/api/manage/labels/{}", shared["id"]);
    assert_eq!(
        app.call(Method::PUT, &path, Some(&lead), Some(rename.clone()))
            .await
            .0,
        403
    );
    app.put_ok(
        "/api/manage/team-tools-access",
        &admin,
        json!({ "org_id": org_id, "editors": "admins_and_managers" }),
    )
    .await;
    let (status, board) = app
        .call(Method::PUT, &path, Some(&lead), Some(rename))
        .await;
    assert_eq!(
        (status, board["may_share"].as_bool()),
        (200, Some(true)),
        "{board}"
    );
    // System labels are listed and never editable.
    let system: Vec<&Value> = board["labels"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["kind"] == "system")
        .collect();
    assert_eq!(system.len(), 5);
    assert!(system.iter().all(|l| l["editable"] == false));
});

db_test!(
    the_free_plan_allows_five_labels_and_five_quick_replies,
    |app| async move {
        let me = app.sign_in("free@limits.test").await.unwrap();
        for i in 0..5 {
            app.post_ok(
                "/api/manage/quick-replies",
                &me,
                json!({ "name": format!("Reply {i}"), "message": "Hi" }),
            )
            .await;
            app.post_ok(
                "/api/manage/labels",
                &me,
                json!({ "name": format!("Label {i}"), "color": "#00a884" }),
            )
            .await;
        }
        let (status, answer) = app
            .call(
                Method::POST,
                "/api/manage/quick-replies",
                Some(&me),
                Some(json!({ "name": "Sixth", "message": "Hi" })),
            )
            .await;
        assert_eq!(
            (
                status,
                answer["error"]["code"].as_str(),
                answer["error"]["fields"]["plan"].as_str()
            ),
            (402, Some("plan_limit_reached"), Some("quick_replies"))
        );
        let (status, answer) = app
            .call(
                Method::POST,
                "/api/manage/labels",
                Some(&me),
                Some(json!({ "name": "Sixth", "color": "#00a884" })),
            )
            .await;
        assert_eq!(
            (status, answer["error"]["fields"]["plan"].as_str()),
            (402, Some("labels"))
        );
        let list = app.get_body("/api/manage/quick-replies", &me).await;
        assert_eq!(
            (list["limit"].as_u64(), list["used"].as_u64()),
            (Some(5), Some(5))
        );
        assert_eq!(list["signature"], "Sent with Switchboard");
    }
);

async fn claim(app: &TestApp, who: &str) -> Value {
    app.post_ok("/api/v2/schedules/claim", who, json!({ "limit": 500 }))
        .await
}

async fn report(app: &TestApp, who: &str, send: &Value, status: &str) -> u16 {
    app.call(
        Method::POST,
        &format!("/api/v2/schedules/sends/{}/report", send["send_id"]),
        Some(who),
        Some(json!({ "claim_token": send["claim_token"], "status": status })),
    )
    .await
    .0
}

/// Moves the test clock to `ms` (never back).
fn move_to(app: &TestApp, ms: i64) {
    let now = app.clock.now_ms();
    if ms > now {
        app.clock.advance(ms - now);
    }
}

fn ms(rfc: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(rfc)
        .unwrap()
        .timestamp_millis()
}

db_test!(
    a_daily_schedule_fires_at_nine_new_york_time_across_the_change_and_stops_after_three,
    |app| async move {
        let (admin, org_id) = organisation(&app, "sched@manage.test").await;
        app.post_ok("/api/manage/schedules", &admin, json!({
                "org_id": org_id, "recipient": "+12125550123", "message": "Good morning {{first_name}}",
                "start": "2027-03-13T09:00", "time_zone": "America/New_York",
                "every": 1, "unit": "day", "stop_after": 3
            })).await;
        // 09:00 EST, then 09:00 EDT twice after the clocks go forward on 14 March 2027.
        let instants = [
            "2027-03-13T14:00:00Z",
            "2027-03-14T13:00:00Z",
            "2027-03-15T13:00:00Z",
        ];
        for at in instants {
            move_to(&app, ms(at) - 60_000);
            // Months pass: the session of the day before has ended.
            let admin = app.sign_in("sched@manage.test").await.unwrap();
            assert!(
                claim(&app, &admin).await["sends"]
                    .as_array()
                    .unwrap()
                    .is_empty(),
                "nothing before {at}"
            );
            move_to(&app, ms(at));
            let answer = claim(&app, &admin).await;
            let sends = answer["sends"].as_array().unwrap();
            assert_eq!(sends.len(), 1, "{answer}");
            assert_eq!(ms(sends[0]["due_at"].as_str().unwrap()), ms(at));
            assert_eq!(report(&app, &admin, &sends[0], "sent").await, 200);
            // A second report of the same send is refused.
            assert_eq!(report(&app, &admin, &sends[0], "sent").await, 409);
        }
        move_to(&app, ms("2027-03-20T00:00:00Z"));
        let admin = app.sign_in("sched@manage.test").await.unwrap();
        assert!(claim(&app, &admin).await["sends"]
            .as_array()
            .unwrap()
            .is_empty());
        let list = app
            .get_body(&format!("/api/manage/schedules?org_id={org_id}"), &admin)
            .await;
        let s = &list["data"][0];
        assert_eq!(
            (
                s["status"].as_str(),
                s["sent"].as_u64(),
                s["next_send_at"].is_null()
            ),
            (Some("finished"), Some(3), true)
        );
        // Each real send counts in the scheduler analytics.
        let analytics = app.get_body(&format!("/api/v1/whatzapp/scheduler/analytics?org_id={org_id}&start_date=2027-03-01&end_date=2027-03-31"), &admin).await;
        assert_eq!(
            analytics["data"]["schedulers"][0]["schedulers"], 3,
            "{analytics}"
        );
    }
);

db_test!(two_claimers_never_get_the_same_send, |app| async move {
    let me = app.sign_in("twice@manage.test").await.unwrap();
    let start = iso_minute(app.clock.now_ms() + 120_000);
    for i in 0..60 {
        app.post_ok("/api/manage/schedules", &me, json!({ "recipient": "+12125550123", "message": format!("Hi {i}"), "start": start, "time_zone": "UTC" })).await;
    }
    app.clock.advance(180_000);
    let small = |limit: u32| {
        app.call(
            Method::POST,
            "/api/v2/schedules/claim",
            Some(&me),
            Some(json!({ "limit": limit })),
        )
    };
    let (a, b, c) = tokio::join!(small(25), small(25), small(25));
    let mut ids: Vec<i64> = [a.1, b.1, c.1]
        .iter()
        .flat_map(|x| {
            x["sends"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["send_id"].as_i64().unwrap())
                .collect::<Vec<_>>()
        })
        .collect();
    let total = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), total, "a send was handed out twice");
    assert_eq!(total, 60);
    // Their leases live: nothing more is handed out; once they end, the unreported come back.
    assert!(claim(&app, &me).await["sends"]
        .as_array()
        .unwrap()
        .is_empty());
    app.clock.advance(121_000);
    let again = claim(&app, &me).await;
    assert_eq!(again["sends"].as_array().unwrap().len(), 60);
});

db_test!(
    missed_sends_follow_their_policy_and_a_reply_cancels,
    |app| async move {
        let (admin, org_id) = organisation(&app, "policy@manage.test").await;
        let start = iso_minute(app.clock.now_ms() + 120_000);
        let make = |policy: &'static str, recipient: &'static str, cancel: bool| {
            app.call(
            Method::POST,
            "/api/manage/schedules",
            Some(&admin),
            Some(json!({
                "org_id": org_id, "recipient": recipient, "message": policy, "start": start.clone(),
                "time_zone": "UTC", "every": 1, "unit": "day", "missed_policy": policy, "cancel_if_replied": cancel
            })),
        )
        };
        assert_eq!(make("skip", "+12125550101", false).await.0, 200);
        assert_eq!(make("send_late", "+12125550102", false).await.0, 200);
        // The browser was closed for half an hour.
        app.clock.advance(32 * 60_000);
        let answer = claim(&app, &admin).await;
        assert_eq!(answer["missed"], 1, "{answer}");
        let sends = answer["sends"].as_array().unwrap();
        assert_eq!(sends.len(), 1);
        assert_eq!(
            (sends[0]["message"].as_str(), sends[0]["late"].as_bool()),
            (Some("send_late"), Some(true))
        );
        let list = app
            .get_body(&format!("/api/manage/schedules?org_id={org_id}"), &admin)
            .await;
        let skip = list["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["missed_policy"] == "skip")
            .unwrap();
        assert_eq!(skip["missed"], 1);
        assert!(
            skip["next_send_at"].is_string(),
            "the next day's send is queued: {skip}"
        );
        // A contact who wrote since the schedule was made: its send is cancelled.
        let start2 = iso_minute(app.clock.now_ms() + 120_000);
        app.post_ok("/api/manage/schedules", &admin, json!({ "org_id": org_id, "recipient": "+12125550199", "message": "Following up", "start": start2, "time_zone": "UTC", "cancel_if_replied": true })).await;
        let me: Value = app
            .call(Method::GET, "/api/auth/session", Some(&admin), None)
            .await
            .1;
        app.post_ok(
            "/api/v2/events/messages",
            &admin,
            json!({ "org_id": org_id, "events": [{
                "MessageId": "reply-1", "Message": "Thanks!", "Chatid": "12125550199@c.us",
                "Datetime": app.clock.now_ms() + 30_000, "Direction": "INCOMING",
                "CreatedByUser": me["user"]["id"].to_string()
            }] }),
        )
        .await;
        app.clock.advance(180_000);
        let answer = claim(&app, &admin).await;
        assert_eq!(answer["cancelled"], 1, "{answer}");
        assert!(answer["sends"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["recipient"] != "+12125550199"));
    }
);

db_test!(
    a_recurring_follow_up_comes_round_again_when_ticked,
    |app| async move {
        let me = app.sign_in("fu@manage.test").await.unwrap();
        let due = iso_minute(app.clock.now_ms() + 60_000);
        let board = app.post_ok("/api/manage/follow-ups", &me, json!({ "title": "Weekly check-in", "due": due, "time_zone": "Europe/Lisbon", "priority": "high", "recurrence": "weekly", "amount": "120.50" })).await;
        assert_eq!(board["upcoming"].as_array().unwrap().len(), 1);
        app.clock.advance(120_000);
        let board = app.get_body("/api/manage/follow-ups", &me).await;
        let pending = &board["pending"][0];
        assert_eq!(pending["priority"], "high");
        let (_, board) = app
            .call(
                Method::POST,
                "/api/manage/follow-ups/complete-all",
                Some(&me),
                None,
            )
            .await;
        assert_eq!(board["completed"].as_array().unwrap().len(), 1, "{board}");
        let next = &board["upcoming"][0];
        assert_eq!(next["title"], "Weekly check-in");
        assert_eq!(
            ms(next["due_at"].as_str().unwrap()) - ms(pending["due_at"].as_str().unwrap()),
            7 * 86_400_000,
            "{board}"
        );
    }
);

db_test!(
    a_schedule_may_carry_only_a_file_and_keeps_its_send_when_edited_without_a_new_time,
    |app| async move {
        let me = app.sign_in("file@manage.test").await.unwrap();
        let start = iso_minute(app.clock.now_ms() + 120_000);
        let base = json!({ "recipient": "+12125550123", "message": "", "start": start, "time_zone": "UTC", "every": 1, "unit": "day" });
        let (status, answer) = app
            .call(
                Method::POST,
                "/api/manage/schedules",
                Some(&me),
                Some(base.clone()),
            )
            .await;
        assert_eq!(
            (status, answer["error"]["fields"]["message"].as_str()),
            (422, Some("message_and_upload_empty"))
        );
        let mut with_file = base.clone();
        with_file["has_attachment"] = json!(true);
        let created = app
            .post_ok("/api/manage/schedules", &me, with_file.clone())
            .await;
        let id = created["id"].as_i64().unwrap();
        // The file never comes: its send fails, saying why, and the next day's is queued.
        app.clock.advance(180_000);
        let answer = claim(&app, &me).await;
        assert!(answer["sends"].as_array().unwrap().is_empty(), "{answer}");
        let list = app.get_body("/api/manage/schedules", &me).await;
        let s = &list["data"][0];
        assert_eq!(
            (s["failed"].as_u64(), s["recent"][1]["error"].as_str()),
            (Some(1), Some("nothing to send: the file never arrived")),
            "{s}"
        );
        // Its start is past now; changing only the text keeps the next send.
        let next = s["next_send_at"].clone();
        let mut edit = base.clone();
        edit["message"] = json!("Good morning");
        let edited = app
            .put_ok(&format!("/api/manage/schedules/{id}"), &me, edit.clone())
            .await;
        assert_eq!(edited["next_send_at"], next);
        // A new time must still come.
        edit["start"] = json!(iso_minute(app.clock.now_ms() - 3_600_000));
        let (status, answer) = app
            .call(
                Method::PUT,
                &format!("/api/manage/schedules/{id}"),
                Some(&me),
                Some(edit),
            )
            .await;
        assert_eq!(
            (status, answer["error"]["fields"]["start"].as_str()),
            (422, Some("time_has_passed"))
        );
    }
);

db_test!(
    a_sublabel_goes_one_level_under_a_label_the_caller_sees,
    |app| async move {
        let org = app.organisation("owner@sublabels.test").await;
        let (admin, org_id) = (org.admin, org.org_id);
        app.post_ok(
        "/api/v1/whatzapp/employees",
        &admin,
        json!({ "org_id": org_id, "employees": [{ "email": "clerk@sublabels.test", "role_id": 3 }] }),
    )
    .await;
        let clerk = app.sign_in("clerk@sublabels.test").await.unwrap();
        let labels = "/api/manage/labels";
        let id_of = |board: &Value, name: &str| {
            board["labels"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["name"] == name)
                .unwrap()["id"]
                .as_i64()
                .unwrap()
        };
        let label = |name: &str, parent: Option<i64>| json!({ "org_id": org_id, "name": name, "color": "#1e88e5", "parent_id": parent });
        let board = app.post_ok(labels, &admin, label("Leads", None)).await;
        let leads = id_of(&board, "Leads");
        let board = app.post_ok(labels, &admin, label("Hot", Some(leads))).await;
        let hot = id_of(&board, "Hot");
        let leads_path = format!("{labels}/{leads}");
        let refusals = [
            // Not under a sublabel, nor under itself: what the labels are refuses it (409).
            (
                409,
                Method::POST,
                labels,
                &admin,
                label("Hotter", Some(hot)),
            ),
            (
                409,
                Method::PUT,
                leads_path.as_str(),
                &admin,
                label("Leads", Some(leads)),
            ),
            // The admin's own (not shared) label is not one the clerk sees: not found.
            (
                404,
                Method::POST,
                labels,
                &clerk,
                label("Mine", Some(leads)),
            ),
            (
                404,
                Method::POST,
                labels,
                &admin,
                label("Lost", Some(i64::MAX)),
            ),
        ];
        for (status, method, path, who, body) in refusals {
            app.expect(status, method, path, Some(who), Some(body))
                .await;
        }
    }
);
