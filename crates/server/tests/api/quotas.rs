//! What one account may keep and create (issue #23), over real HTTP on SQLite and PostgreSQL:
//! storage per person and per organisation refuses the file that would pass it (413, nothing
//! stored) and frees its room when a file goes; replacing a file many times at once leaves
//! exactly one stored file; schedules and follow-ups stop at their quota (409) and
//! organisations at their daily count (429) — each refusal followed by a request that is served.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, WithSession};

const QR: &str = "/api/manage/quick-replies";

async fn organisation(app: &TestApp, admin: &str) -> i64 {
    let created = app
        .post_ok(
            "/api/v1/whatzapp/organizations",
            admin,
            json!({ "org_name": "Acme" }),
        )
        .await;
    created["data"]["org_id"].as_i64().unwrap()
}

fn org_query(org_id: Option<i64>) -> String {
    org_id.map(|o| format!("org_id={o}&")).unwrap_or_default()
}

async fn quick_reply(app: &TestApp, who: &str, org_id: Option<i64>, name: &str) -> i64 {
    let created = app.post_ok(QR, who, json!({ "org_id": org_id, "name": name, "message": "See the file", "has_attachment": true })).await;
    created["id"].as_i64().unwrap()
}

async fn attach(
    app: &TestApp,
    who: &str,
    org_id: Option<i64>,
    id: i64,
    bytes: usize,
) -> (u16, Value) {
    let path = format!(
        "{QR}/{id}/attachment?{}name=price-list.pdf",
        org_query(org_id)
    );
    app.upload(&path, who, "application/pdf", vec![7u8; bytes])
        .await
}

async fn attachment_of(app: &TestApp, who: &str, org_id: Option<i64>, id: i64) -> Value {
    let list = app
        .get_ok(&format!("{QR}?{}", org_query(org_id)), who)
        .await;
    list["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["id"] == id)
        .map(|q| q["attachment"].clone())
        .unwrap()
}

const KB: usize = 1024;

db_test!(
    a_persons_storage_refuses_the_file_that_would_pass_it_and_frees_room_when_one_goes,
    config = |c| c.quotas.user_storage_mb = 1,
    |app| async move {
        let me = app.sign_in("saver@quotas.test").await.unwrap();
        let first = quick_reply(&app, &me, None, "Prices").await;
        let second = quick_reply(&app, &me, None, "Brochure").await;
        assert_eq!(attach(&app, &me, None, first, 600 * KB).await.0, 200);
        let (status, body) = attach(&app, &me, None, second, 600 * KB).await;
        assert_eq!(status, 413, "{body}");
        assert_eq!(body["error"]["code"], "storage_quota_exceeded");
        assert_eq!(body["error"]["fields"]["quota"], "user");
        assert!(attachment_of(&app, &me, None, second).await.is_null());
        assert_eq!(
            app.stored_files().len(),
            1,
            "nothing of the refused file is kept"
        );
        // Removing the first file frees its room.
        app.delete_ok(&format!("{QR}/{first}/attachment"), &me)
            .await;
        assert_eq!(attach(&app, &me, None, second, 600 * KB).await.0, 200);
        assert_eq!(app.stored_files().len(), 1);
    }
);

db_test!(
    an_organisations_storage_is_shared_by_its_members,
    config = |c| c.quotas.org_storage_mb = 1,
    |app| async move {
        let admin = app.sign_in("admin@shared-quota.test").await.unwrap();
        let org_id = organisation(&app, &admin).await;
        let first = quick_reply(&app, &admin, Some(org_id), "Prices").await;
        let second = quick_reply(&app, &admin, Some(org_id), "Brochure").await;
        assert_eq!(
            attach(&app, &admin, Some(org_id), first, 700 * KB).await.0,
            200
        );
        let (status, body) = attach(&app, &admin, Some(org_id), second, 400 * KB).await;
        assert_eq!(status, 413, "{body}");
        assert_eq!(body["error"]["fields"]["quota"], "organisation");
        // The same person's own workspace is not the organisation's.
        let mine = quick_reply(&app, &admin, None, "Personal").await;
        assert_eq!(attach(&app, &admin, None, mine, 400 * KB).await.0, 200);
    }
);

db_test!(
    replacing_a_file_many_times_at_once_leaves_exactly_one_stored_file,
    |app| async move {
        let me = app.sign_in("racer@quotas.test").await.unwrap();
        let id = quick_reply(&app, &me, None, "Prices").await;
        let (a, b, c, d, e, f) = tokio::join!(
            attach(&app, &me, None, id, 64 * KB),
            attach(&app, &me, None, id, 64 * KB),
            attach(&app, &me, None, id, 64 * KB),
            attach(&app, &me, None, id, 64 * KB),
            attach(&app, &me, None, id, 64 * KB),
            attach(&app, &me, None, id, 64 * KB),
        );
        let answers = [a, b, c, d, e, f];
        for (status, body) in &answers {
            assert!(*status == 200 || *status == 409, "{status} {body}");
        }
        assert!(answers.iter().any(|(s, _)| *s == 200));
        let files = app.stored_files();
        assert_eq!(files.len(), 1, "{files:?}");
        let attachment = attachment_of(&app, &me, None, id).await;
        assert!(!attachment.is_null());
        // The one file left is the one the quick reply names, and it downloads whole.
        let res = app
            .client
            .get(app.url(&format!("{QR}/{id}/attachment")))
            .session(&me)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        assert_eq!(res.bytes().await.unwrap().len(), 64 * KB);
    }
);

db_test!(
    schedules_and_follow_ups_stop_at_their_quota_with_nothing_written,
    config = |c| {
        c.quotas.schedules_per_workspace = 2;
        c.quotas.follow_ups_per_workspace = 2;
    },
    |app| async move {
        let me = app.sign_in("planner@quotas.test").await.unwrap();
        let later = chrono::DateTime::from_timestamp_millis(app.clock.now_ms() + 3_600_000)
            .unwrap()
            .format("%Y-%m-%dT%H:%M")
            .to_string();
        let schedule = json!({ "recipient": "+919812345678", "message": "Hi", "start": later, "time_zone": "UTC" });
        for _ in 0..2 {
            app.post_ok("/api/manage/schedules", &me, schedule.clone())
                .await;
        }
        let body = app
            .expect(
                409,
                Method::POST,
                "/api/manage/schedules",
                Some(&me),
                Some(schedule.clone()),
            )
            .await;
        assert_eq!(body["error"]["code"], "quota_reached");
        assert_eq!(body["error"]["fields"]["quota"], "schedules");
        let list = app.get_ok("/api/manage/schedules", &me).await;
        assert_eq!(list["data"].as_array().unwrap().len(), 2, "{list}");

        let follow_up = json!({ "title": "Call back", "due": later, "time_zone": "UTC" });
        for _ in 0..2 {
            app.post_ok("/api/manage/follow-ups", &me, follow_up.clone())
                .await;
        }
        let body = app
            .expect(
                409,
                Method::POST,
                "/api/manage/follow-ups",
                Some(&me),
                Some(follow_up),
            )
            .await;
        assert_eq!(body["error"]["fields"]["quota"], "follow_ups");
        let board = app.get_ok("/api/manage/follow-ups", &me).await;
        assert_eq!(board["upcoming"].as_array().unwrap().len(), 2, "{board}");
    }
);

db_test!(
    organisations_are_created_a_few_a_day,
    config = |c| c.quotas.organisations_per_day = 2,
    |app| async move {
        let me = app.sign_in("founder@quotas.test").await.unwrap();
        organisation(&app, &me).await;
        organisation(&app, &me).await;
        let body = app
            .expect(
                429,
                Method::POST,
                "/api/v1/whatzapp/organizations",
                Some(&me),
                Some(json!({ "org_name": "Third" })),
            )
            .await;
        assert_eq!(body["error"]["code"], "daily_limit_reached");
        assert_eq!(body["error"]["fields"]["limit"], "organisations");
        use store::sea_orm::{EntityTrait, PaginatorTrait};
        let count = || store::entity::organisation::Entity::find().count(app.store.conn());
        assert_eq!(count().await.unwrap(), 2, "nothing was created");
        // A day later, one more.
        app.clock.advance(86_400_000 + 1);
        organisation(&app, &me).await;
    }
);

db_test!(
    a_stored_file_downloads_as_an_inert_attachment_sent_as_stored,
    |app| async move {
        let me = app.sign_in("script@quotas.test").await.unwrap();
        let id = quick_reply(&app, &me, None, "Widget").await;
        // An upload that claims to be script from our origin.
        let body = "alert(document.cookie);".repeat(200);
        let res = app
            .client
            .post(app.url(&format!(
                "{QR}/{id}/attachment?name=..%2F%3Cb%3Ewidget%0A.js"
            )))
            .session(&me)
            .header("content-type", "text/javascript")
            .body(body.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let res = app
            .client
            .get(app.url(&format!("{QR}/{id}/attachment")))
            .session(&me)
            .header("accept-encoding", "gzip, br")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let h = res.headers().clone();
        assert_eq!(h["content-type"], "application/octet-stream");
        assert_eq!(h["x-content-type-options"], "nosniff");
        let disposition = h["content-disposition"].to_str().unwrap();
        assert!(
            disposition.starts_with("attachment; filename=\""),
            "{disposition}"
        );
        assert!(!disposition.contains(['<', '/', '\n']), "{disposition}");
        assert!(
            h.get("content-encoding").is_none(),
            "sent as stored, not compressed again"
        );
        assert_eq!(res.text().await.unwrap(), body);
    }
);
