//! The organisation's shared labels on its contacts (issue #29, `/leads` "labels", filter by
//! label): put on one contact or many, taken off, filtered by, recorded in the history; a
//! person's own label or another organisation's is refused. The organisation's tags put on and
//! taken off many contacts at once within the two-tag limit, and both in the export. Real HTTP,
//! both databases.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::{db_test, TestApp, WithSession};

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

async fn tags_of(app: &TestApp, session: &str, org_id: i64, key: &str) -> Value {
    app.get_ok(
        &format!("/api/manage/contacts/{key}/tags?org_id={org_id}"),
        session,
    )
    .await["tags"]
        .clone()
}

db_test!(
    tags_go_on_many_contacts_within_two_and_the_export_carries_labels_and_tags,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let vip = label(&app, &org.admin, org.org_id, "VIP", true).await;
        let a = contact(&app, &org.admin, org.org_id, "+919822220001").await;
        let b = contact(&app, &org.admin, org.org_id, "+919822220002").await;
        let c = contact(&app, &org.admin, org.org_id, "+919822220003").await;
        // The extension tagged a's chat by its chat id.
        let (status, body) = app
            .call(
                Method::PUT,
                "/api/manage/contacts/919822220001@c.us/tags",
                Some(&org.admin),
                Some(json!({ "org_id": org.org_id, "tags": ["hot", "cold"] })),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let bulk = |body: Value| {
            let app = &app;
            let session = org.admin.clone();
            let mut body = body;
            body["org_id"] = json!(org.org_id);
            async move {
                app.call(
                    Method::POST,
                    "/api/contacts/bulk",
                    Some(&session),
                    Some(body),
                )
                .await
            }
        };

        // A third tag on a is refused, and nothing changes for b and c either.
        let (status, body) =
            bulk(json!({ "ids": [a, b, c], "add_tag": "vip", "lifecycle_stage": "lead" })).await;
        assert_eq!(
            (status, &body["error"]["fields"]["add_tag"]),
            (422, &json!("tags_too_many")),
            "{body}"
        );
        assert_eq!(
            tags_of(&app, &org.admin, org.org_id, "919822220002").await,
            json!([])
        );
        let b_now = app
            .get_ok(
                &format!("/api/contacts/{b}?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        assert_eq!(b_now["lifecycle_stage"], Value::Null, "{b_now}");
        for (field, tag, code) in [
            ("add_tag", "  ", "tag_required"),
            ("add_tag", "abcdefghijk", "tag_too_long"),
            ("remove_tag", "", "tag_required"),
        ] {
            let (status, body) = bulk(json!({ "ids": [b], field: tag })).await;
            assert_eq!(
                (status, &body["error"]["fields"][field]),
                (422, &json!(code)),
                "{field} {tag:?}"
            );
        }

        // Taken off first, so one replaces another: a keeps hot, gains vip; b and c gain vip.
        let (status, body) =
            bulk(json!({ "ids": [a, b, c], "add_tag": " vip ", "remove_tag": "COLD" })).await;
        assert_eq!((status, &body["updated"]), (200, &json!(3)), "{body}");
        assert_eq!(
            tags_of(&app, &org.admin, org.org_id, "919822220001@c.us").await,
            json!(["hot", "vip"])
        );
        assert_eq!(
            tags_of(&app, &org.admin, org.org_id, "919822220003").await,
            json!(["vip"])
        );
        let mut tagged = ids(&app
            .get_ok(
                &format!("/api/contacts?org_id={}&tag=VIP", org.org_id),
                &org.admin,
            )
            .await);
        tagged.sort_unstable();
        assert_eq!(tagged, [a, b, c]);
        // Again: nothing to change.
        let (_, body) = bulk(json!({ "ids": [a, b], "add_tag": "VIP" })).await;
        assert_eq!(body["updated"], 0, "{body}");
        // Its last tag taken off, b is untagged again.
        let (_, body) = bulk(json!({ "ids": [b], "remove_tag": "vip" })).await;
        assert_eq!(body["updated"], 1, "{body}");
        assert_eq!(
            tags_of(&app, &org.admin, org.org_id, "919822220002").await,
            json!([])
        );

        let history = app
            .get_ok(
                &format!("/api/contacts/{a}/history?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        let tag_changes: Vec<(&Value, &Value)> = history
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["field"] == "tags")
            .map(|h| (&h["old_value"], &h["new_value"]))
            .collect();
        assert_eq!(tag_changes, [(&json!("hot, cold"), &json!("hot, vip"))]);

        // The export's last two columns: the labels' names and the tags.
        app.post_ok(
            "/api/contacts/bulk",
            &org.admin,
            json!({ "org_id": org.org_id, "ids": [a], "add_label_id": vip }),
        )
        .await;
        let res = app
            .client
            .get(app.url(&format!(
                "/api/contacts/export/csv?org_id={}&sort=name&dir=asc",
                org.org_id
            )))
            .session(&org.admin)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        let csv = res.bytes().await.unwrap();
        let mut reader = csv::Reader::from_reader(&csv[3..]);
        let header: Vec<String> = reader
            .headers()
            .unwrap()
            .iter()
            .map(str::to_owned)
            .collect();
        assert_eq!(header[14..], ["Labels", "Tags"]);
        let rows: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.unwrap().iter().map(str::to_owned).collect())
            .collect();
        let row = |phone: &str| rows.iter().find(|r| r[0] == phone).unwrap()[14..].to_vec();
        assert_eq!(row("+919822220001"), ["VIP", "hot, vip"]);
        assert_eq!(row("+919822220002"), ["", ""]);
        assert_eq!(row("+919822220003"), ["", "vip"]);
    }
);
