//! Contacts in and out of spreadsheets, and bulk edits (issue #29), over real HTTP on SQLite and
//! PostgreSQL: an import's columns are guessed from their headers in any language or chosen; a
//! dry run writes nothing; a file with one bad row imports nothing and names the row; a commit
//! creates and updates with the changes in each contact's history; an import never touches a
//! contact its maker cannot see; an export is the view's contacts, formulas disarmed, and reads
//! back; a bulk change is all or none.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use reqwest::Method;
use serde_json::{json, Value};
use testkit::WithSession;
use testkit::{db_test, TestApp, TestOrg};

async fn import(
    app: &TestApp,
    session: &str,
    org: &TestOrg,
    query: &str,
    file: Vec<u8>,
) -> (u16, Value) {
    app.upload(
        &format!("/api/contacts/import?org_id={}{query}", org.org_id),
        session,
        "application/octet-stream",
        file,
    )
    .await
}

async fn total(app: &TestApp, session: &str, org: &TestOrg) -> i64 {
    app.get_ok(&format!("/api/contacts?org_id={}", org.org_id), session)
        .await["total"]
        .as_i64()
        .unwrap()
}

async fn by_number(app: &TestApp, session: &str, org: &TestOrg, digits: &str) -> Value {
    let page = app
        .get_ok(
            &format!("/api/contacts?org_id={}&q={digits}", org.org_id),
            session,
        )
        .await;
    assert_eq!(page["items"].as_array().unwrap().len(), 1, "{page}");
    page["items"][0].clone()
}

fn errors(report: &Value) -> Vec<(i64, String, String)> {
    report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["row"].as_i64().unwrap(),
                e["field"].as_str().unwrap().to_owned(),
                e["code"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

const FILE: &str = "Mobile,Full name,E-mail,Lifecycle Stage,Notes\n\
    +91 98765 43210,Rhea Kapoor,rhea@shop.test,Customer,met at the fair\n\
    +55 11 98765 4321,Bruno Lima,,marketing qualified lead,\n\
    \n\
    +44 7700 900123,,ada@shop.test,,\n";

db_test!(
    a_dry_run_guesses_the_columns_and_a_commit_creates_and_updates,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let (status, before) = app
            .call(
                Method::POST,
                "/api/contacts",
                Some(&org.admin),
                Some(
                    json!({ "org_id": org.org_id, "phone": "+919876543210", "name": "Rhea",
                             "lifecycle_stage": "lead", "company": "Kapoor Textiles" }),
                ),
            )
            .await;
        assert_eq!(status, 201, "{before}");

        let (status, dry) = import(&app, &org.admin, &org, "", FILE.as_bytes().to_vec()).await;
        assert_eq!(status, 200, "{dry}");
        let fields: Vec<Value> = dry["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["field"].clone())
            .collect();
        assert_eq!(
            fields,
            [
                json!("phone"),
                json!("name"),
                json!("email"),
                json!("lifecycle_stage"),
                Value::Null
            ]
        );
        assert_eq!(
            dry["columns"][1]["samples"],
            json!(["Rhea Kapoor", "Bruno Lima"])
        );
        assert_eq!(
            (
                &dry["rows"],
                &dry["created"],
                &dry["updated"],
                &dry["unchanged"],
                &dry["committed"]
            ),
            (&json!(3), &json!(2), &json!(1), &json!(0), &json!(false))
        );
        assert_eq!(errors(&dry), []);
        // A dry run writes nothing.
        assert_eq!(total(&app, &org.admin, &org).await, 1);

        app.clock.advance(60_000);
        let (status, done) = import(
            &app,
            &org.admin,
            &org,
            "&commit=true",
            FILE.as_bytes().to_vec(),
        )
        .await;
        assert_eq!(status, 200, "{done}");
        assert_eq!(
            (&done["committed"], &done["created"], &done["updated"]),
            (&json!(true), &json!(2), &json!(1))
        );
        assert_eq!(total(&app, &org.admin, &org).await, 3);

        // The match kept what the file left blank and took what it gave, with the history.
        let rhea = by_number(&app, &org.admin, &org, "919876543210").await;
        assert_eq!(
            (
                &rhea["name"],
                &rhea["email"],
                &rhea["lifecycle_stage"],
                &rhea["company"],
                &rhea["source"]
            ),
            (
                &json!("Rhea Kapoor"),
                &json!("rhea@shop.test"),
                &json!("customer"),
                &json!("Kapoor Textiles"),
                &json!("member")
            )
        );
        let history = app
            .get_ok(
                &format!("/api/contacts/{}/history?org_id={}", rhea["id"], org.org_id),
                &org.admin,
            )
            .await;
        let mut changed: Vec<(&str, &str)> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|h| (h["field"].as_str().unwrap(), h["origin"].as_str().unwrap()))
            .collect();
        changed.sort_unstable();
        assert_eq!(
            changed,
            [
                ("email", "import"),
                ("lifecycle_stage", "import"),
                ("name", "import")
            ]
        );
        let bruno = by_number(&app, &org.admin, &org, "5511987654321").await;
        assert_eq!(
            (
                &bruno["name"],
                &bruno["lifecycle_stage"],
                &bruno["source"],
                &bruno["owner_id"]
            ),
            (
                &json!("Bruno Lima"),
                &json!("marketingqualifiedlead"),
                &json!("import"),
                &Value::Null
            )
        );

        // The same file again changes nothing.
        let (_, again) = import(
            &app,
            &org.admin,
            &org,
            "&commit=true",
            FILE.as_bytes().to_vec(),
        )
        .await;
        assert_eq!(
            (&again["created"], &again["updated"], &again["unchanged"]),
            (&json!(0), &json!(0), &json!(3))
        );
    }
);

db_test!(
    a_file_with_one_bad_row_imports_nothing_and_names_each_refusal,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        let file = "phone,name,email,lead status\n\
            +919876543210,Rhea,rhea@shop.test,Open\n\
            +5511987654321,Bruno,not an address,Hot\n\
            +91 98765-43210,Rhea again,,\n\
            98765,Short,,\n"
            .as_bytes()
            .to_vec();
        let (status, report) = import(&app, &org.admin, &org, "&commit=true", file.clone()).await;
        assert_eq!(status, 200, "{report}");
        assert_eq!(report["committed"], false);
        assert_eq!(report["error_rows"], 3);
        assert_eq!(
            errors(&report),
            [
                (3, "email".to_owned(), "email_invalid".to_owned()),
                (3, "lead_status".to_owned(), "value_invalid".to_owned()),
                (4, "phone".to_owned(), "import_row_duplicate".to_owned()),
                (5, "phone".to_owned(), "phone_invalid".to_owned()),
            ]
        );
        assert_eq!(total(&app, &org.admin, &org).await, 0);

        // Chosen columns: the e-mail and status left out, the good rows would import.
        let (status, chosen) = import(
            &app,
            &org.admin,
            &org,
            "&mapping=phone,name,,",
            file.clone(),
        )
        .await;
        assert_eq!(status, 200, "{chosen}");
        assert_eq!(chosen["columns"][2]["field"], Value::Null);
        assert_eq!(errors(&chosen).len(), 2, "{chosen}");

        // A mapping must name the number once, and only known fields.
        for (mapping, code) in [
            ("name,email", "import_number_column_missing"),
            ("phone,phone", "value_invalid"),
            ("phone,password", "value_invalid"),
            ("phone,,,,,,", "value_invalid"),
        ] {
            let (status, body) = import(
                &app,
                &org.admin,
                &org,
                &format!("&mapping={mapping}"),
                file.clone(),
            )
            .await;
            assert_eq!(status, 422, "{mapping}: {body}");
            assert_eq!(body["error"]["fields"]["mapping"], code, "{mapping}");
        }

        // Headers naming no number: the report asks for the column, nothing else is read.
        let (status, unnamed) = import(
            &app,
            &org.admin,
            &org,
            "&commit=true",
            b"who,where\nRhea,Pune\n".to_vec(),
        )
        .await;
        assert_eq!(status, 200, "{unnamed}");
        assert_eq!(
            errors(&unnamed),
            [(
                1,
                "phone".to_owned(),
                "import_number_column_missing".to_owned()
            )]
        );
        assert_eq!(unnamed["committed"], false);

        // A file that is not a sheet, and one too large.
        let (status, body) = import(&app, &org.admin, &org, "", b"PK\x03\x04 nope".to_vec()).await;
        assert_eq!(
            (status, &body["error"]["fields"]["file"]),
            (422, &json!("import_file_unreadable"))
        );
        let (status, body) = import(&app, &org.admin, &org, "", vec![b'a'; 21 * 1024 * 1024]).await;
        assert_eq!(
            (status, &body["error"]["code"]),
            (413, &json!("file_too_large"))
        );
        assert_eq!(total(&app, &org.admin, &org).await, 0);
    }
);

db_test!(
    an_xlsx_imports_and_an_import_never_reaches_past_its_makers_view,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let manager = app.member(&org, "cy@acme.test", 2).await;
        let employee = app.member(&org, "bo@acme.test", 3).await;
        let outsider = app.member(&org, "dee@acme.test", 3).await;
        let (status, owned) = app
            .call(
                Method::POST,
                "/api/contacts",
                Some(&org.admin),
                Some(
                    json!({ "org_id": org.org_id, "phone": "+919800000001", "name": "Dee's",
                             "owner_id": outsider.user_id }),
                ),
            )
            .await;
        assert_eq!(status, 201, "{owned}");

        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        for (r, row) in [
            ["Número", "Nome"],
            ["", "Typed as number"],
            ["+919800000001", "Taken over"],
        ]
        .iter()
        .enumerate()
        {
            for (c, cell) in row.iter().enumerate() {
                sheet.write_string(r as u32, c as u16, *cell).unwrap();
            }
        }
        sheet.write_number(1, 0, 5511987654321.0).unwrap();
        let file = book.save_to_buffer().unwrap();

        // An employee does not import.
        let (status, body) = import(&app, &employee.session, &org, "", file.clone()).await;
        assert_eq!(status, 403, "{body}");
        // A manager outside the owner's team: the row naming that contact is refused, and the
        // commit writes nothing.
        let (status, report) =
            import(&app, &manager.session, &org, "&commit=true", file.clone()).await;
        assert_eq!(status, 200, "{report}");
        assert_eq!(report["committed"], false);
        assert_eq!(
            errors(&report),
            [(3, "phone".to_owned(), "contact_not_yours".to_owned())]
        );
        assert_eq!(total(&app, &org.admin, &org).await, 1);
        // The admin sees it all: the number typed as a number reads as one.
        let (_, report) = import(&app, &org.admin, &org, "&commit=true", file).await;
        assert_eq!(
            (&report["committed"], &report["created"], &report["updated"]),
            (&json!(true), &json!(1), &json!(1))
        );
        let typed = by_number(&app, &org.admin, &org, "5511987654321").await;
        assert_eq!(typed["name"], "Typed as number");
    }
);

async fn download(app: &TestApp, session: &str, path: &str) -> (u16, String, Vec<u8>) {
    let res = app
        .client
        .get(app.url(path))
        .session(session)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let disposition = res
        .headers()
        .get("content-disposition")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, disposition, res.bytes().await.unwrap().to_vec())
}

db_test!(
    an_export_is_the_views_contacts_and_reads_back,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let employee = app.member(&org, "bo@acme.test", 3).await;
        for (phone, name, stage, owner) in [
            (
                "+919876543210",
                "=HYPERLINK(\"http://evil.test\")",
                "customer",
                None,
            ),
            (
                "+5511987654321",
                "Bruno Lima",
                "customer",
                Some(employee.user_id),
            ),
            ("+447700900123", "Ada", "lead", None),
        ] {
            let (status, body) = app
                .call(
                    Method::POST,
                    "/api/contacts",
                    Some(&org.admin),
                    Some(json!({ "org_id": org.org_id, "phone": phone, "name": name,
                                 "lifecycle_stage": stage, "owner_id": owner })),
                )
                .await;
            assert_eq!(status, 201, "{body}");
        }
        let (status, disposition, csv) = download(
            &app,
            &org.admin,
            &format!("/api/contacts/export/csv?org_id={}&lifecycle_stage=customer&sort=name&dir=asc&page=3", org.org_id),
        )
        .await;
        assert_eq!(status, 200);
        assert!(
            disposition.starts_with("attachment; filename=\"contacts-"),
            "{disposition}"
        );
        let mut reader = csv::Reader::from_reader(&csv[3..]);
        let header: Vec<String> = reader
            .headers()
            .unwrap()
            .iter()
            .map(str::to_owned)
            .collect();
        assert_eq!(&header[..4], ["Phone", "Name", "First name", "Last name"]);
        let rows: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.unwrap().iter().map(str::to_owned).collect())
            .collect();
        // Filtered, in the view's order, page ignored; the formula written as text.
        assert_eq!(rows.len(), 2);
        assert_eq!(
            rows[0][..2],
            ["+919876543210", "'=HYPERLINK(\"http://evil.test\")"]
        );
        assert_eq!(rows[1][..2], ["+5511987654321", "Bruno Lima"]);
        assert_eq!(rows[1][8], "Customer");
        assert_eq!(rows[1][10], "bo@acme.test");

        // The export imports back as it is: nothing to change.
        let (_, again) = import(&app, &org.admin, &org, "&commit=true", csv[3..].to_vec()).await;
        assert_eq!(errors(&again), [], "{again}");
        assert_eq!(
            (&again["unchanged"], &again["updated"], &again["created"]),
            (&json!(2), &json!(0), &json!(0))
        );

        // XLSX, as an employee: their own and nobody's only.
        let (status, _, xlsx) = download(
            &app,
            &employee.session,
            &format!("/api/contacts/export/xlsx?org_id={}", org.org_id),
        )
        .await;
        assert_eq!(status, 200);
        use calamine::Reader;
        let mut book: calamine::Xlsx<_> = calamine::Xlsx::new(std::io::Cursor::new(xlsx)).unwrap();
        let range = book.worksheet_range("Contacts").unwrap();
        assert_eq!(range.height(), 4, "the header and three contacts");
        let (status, _, _) = download(
            &app,
            &org.admin,
            &format!("/api/contacts/export/pdf?org_id={}", org.org_id),
        )
        .await;
        assert_eq!(status, 404);
    }
);

db_test!(
    a_bulk_change_is_all_or_none_and_in_each_history,
    |app| async move {
        let org = app.organisation("ana@acme.test").await;
        app.set_seats(org.org_id, 10).await.unwrap();
        let employee = app.member(&org, "bo@acme.test", 3).await;
        let other = app.member(&org, "dee@acme.test", 3).await;
        let mut ids = Vec::new();
        for (i, owner) in [None, Some(employee.user_id), Some(other.user_id)]
            .into_iter()
            .enumerate()
        {
            let (_, c) = app
                .call(
                    Method::POST,
                    "/api/contacts",
                    Some(&org.admin),
                    Some(
                        json!({ "org_id": org.org_id, "phone": format!("+5511987650{i:03}"),
                                 "lifecycle_stage": "lead", "owner_id": owner }),
                    ),
                )
                .await;
            ids.push(c["id"].as_i64().unwrap());
        }
        let bulk = |session: String, body: Value| {
            let app = &app;
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
        // The employee names a contact they do not see: nothing changes.
        let (status, body) = bulk(
            employee.session.clone(),
            json!({ "org_id": org.org_id, "ids": ids, "lifecycle_stage": "customer" }),
        )
        .await;
        assert_eq!(status, 404, "{body}");
        let (status, body) = bulk(
            employee.session.clone(),
            json!({ "org_id": org.org_id, "ids": &ids[..2], "lifecycle_stage": "customer", "lead_status": "OPEN" }),
        )
        .await;
        assert_eq!((status, &body["updated"]), (200, &json!(2)), "{body}");
        // Giving contacts to someone else is a manager's.
        let (status, body) = bulk(
            employee.session.clone(),
            json!({ "org_id": org.org_id, "ids": &ids[..1], "owner_id": other.user_id }),
        )
        .await;
        assert_eq!(
            (status, &body["error"]["fields"]["owner_id"]),
            (422, &json!("value_invalid"))
        );
        let (status, body) = bulk(
            org.admin.clone(),
            json!({ "org_id": org.org_id, "ids": ids, "lifecycle_stage": "customer", "owner_id": 0 }),
        )
        .await;
        // The third changes stage and owner; the first already had no owner and the stage.
        assert_eq!((status, &body["updated"]), (200, &json!(2)), "{body}");
        let third = app
            .get_ok(
                &format!("/api/contacts/{}/history?org_id={}", ids[2], org.org_id),
                &org.admin,
            )
            .await;
        let mut fields: Vec<&str> = third
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["field"].as_str().unwrap())
            .collect();
        fields.sort_unstable();
        assert_eq!(fields, ["lifecycle_stage", "owner_id"]);
        for body in [
            json!({ "org_id": org.org_id, "ids": [] }),
            json!({ "org_id": org.org_id, "ids": vec![ids[0]; 501] }),
            json!({ "org_id": org.org_id, "ids": [ids[0]], "lead_status": "HOT" }),
        ] {
            let (status, _) = bulk(org.admin.clone(), body).await;
            assert_eq!(status, 422);
        }
    }
);
