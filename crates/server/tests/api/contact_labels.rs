//! The organisation's shared labels on its contacts (issue #29, `/leads` "labels", filter by
//! label): put on one contact or many, taken off, filtered by, recorded in the history; a
//! person's own label or another organisation's is refused. Real HTTP, both databases.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp};

async fn label(app: &TestApp, session: &str, org_id: i64, name: &str, shared: bool) -> i64 {
    let board = app
        .post_ok(
            "/api/manage/labels",
            session,
            json!({ "org_id": org_id, "name": name, "color": "#2E7D32", "shared": shared }),
        )
        .await;
    board["labels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == name)
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

async fn contact(app: &TestApp, session: &str, org_id: i64, phone: &str) -> i64 {
    let (status, c) = app
        .call(
            Method::POST,
            "/api/contacts",
            Some(session),
            Some(json!({ "org_id": org_id, "phone": phone })),
        )
        .await;
    assert_eq!(status, 201, "{c}");
    assert_eq!(c["label_ids"], json!([]));
    c["id"].as_i64().unwrap()
}

fn ids(list: &Value) -> Vec<i64> {
    list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect()
}

db_test!(
    shared_labels_go_on_contacts_and_narrow_the_list,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let vip = label(&app, &org.admin, org.org_id, "VIP", true).await;
        let wholesale = label(&app, &org.admin, org.org_id, "Wholesale", true).await;
        let own = label(&app, &org.admin, org.org_id, "My own", false).await;
        let other = app.organisation("bo@elsewhere.test").await;
        let theirs = label(&app, &other.admin, other.org_id, "Theirs", true).await;
        let a = contact(&app, &org.admin, org.org_id, "+919822220001").await;
        let b = contact(&app, &org.admin, org.org_id, "+919822220002").await;
        let c = contact(&app, &org.admin, org.org_id, "+919822220003").await;

        let (status, got) = app
            .call(
                Method::PATCH,
                &format!("/api/contacts/{a}"),
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "label_ids": [wholesale, vip, vip] })),
            )
            .await;
        assert_eq!(status, 200, "{got}");
        let mut both = vec![vip, wholesale];
        both.sort_unstable();
        assert_eq!(got["label_ids"], json!(both));
        for bad in [own, theirs, 987_654] {
            let (status, body) = app
                .call(
                    Method::PATCH,
                    &format!("/api/contacts/{a}"),
                    Some(&org.admin),
                    Some(json!({ "org_id": org.org_id, "label_ids": [bad] })),
                )
                .await;
            assert_eq!(
                (status, &body["error"]["fields"]["label_ids"]),
                (422, &json!("value_invalid")),
                "{bad}"
            );
        }

        // Many at once: VIP on b and c; Wholesale taken off a.
        let bulk = app
            .post_ok(
                "/api/contacts/bulk",
                &org.admin,
                json!({ "org_id": org.org_id, "ids": [b, c], "add_label_id": vip }),
            )
            .await;
        assert_eq!(bulk["updated"], 2, "{bulk}");
        app.post_ok(
            "/api/contacts/bulk",
            &org.admin,
            json!({ "org_id": org.org_id, "ids": [a], "remove_label_id": wholesale }),
        )
        .await;
        let (status, body) = app
            .call(
                Method::POST,
                "/api/contacts/bulk",
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "ids": [a], "add_label_id": theirs })),
            )
            .await;
        assert_eq!(
            (status, &body["error"]["fields"]["add_label_id"]),
            (422, &json!("value_invalid"))
        );

        let list = |q: String| {
            let app = &app;
            let session = org.admin.clone();
            async move {
                app.get_ok(&format!("/api/contacts?org_id={}{q}", org.org_id), &session)
                    .await
            }
        };
        let mut with_vip = ids(&list(format!("&label_id={vip}")).await);
        with_vip.sort_unstable();
        assert_eq!(with_vip, [a, b, c]);
        assert_eq!(
            ids(&list(format!("&label_id={wholesale}")).await),
            Vec::<i64>::new()
        );
        let page = list(String::new()).await;
        assert!(
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .all(|c| c["label_ids"] == json!([vip])),
            "{page}"
        );

        let history = app
            .get_ok(
                &format!("/api/contacts/{a}/history?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        let changes: Vec<(&Value, &Value)> = history
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["field"] == "labels")
            .map(|h| (&h["old_value"], &h["new_value"]))
            .collect();
        assert_eq!(
            changes,
            [
                (&json!("VIP, Wholesale"), &json!("VIP")),
                (&Value::Null, &json!("VIP, Wholesale"))
            ]
        );

        // A label removed leaves its contacts.
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/manage/labels/{vip}?org_id={}", org.org_id),
                Some(&org.admin),
                None,
            )
            .await;
        assert!(status == 200 || status == 204, "{status}");
        let after = app
            .get_ok(
                &format!("/api/contacts/{b}?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(after["label_ids"], json!([]));
    }
);
