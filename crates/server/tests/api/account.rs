//! My Account and the person's settings (issue #28), over real HTTP on SQLite and PostgreSQL:
//! the profile with its role, every field's refusal, the photo (stored as a square JPEG, served
//! only while current, the replaced file deleted), and the settings with the Free plan's
//! signature.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use image::{DynamicImage, ImageBuffer, ImageFormat, Rgb};
use reqwest::Method;
use serde_json::json;
use std::io::Cursor;
use testkit::{db_test, WithSession};

fn picture(w: u32, h: u32, format: ImageFormat) -> Vec<u8> {
    let img = ImageBuffer::from_fn(w, h, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 90u8]));
    let mut out = Vec::new();
    DynamicImage::ImageRgb8(img)
        .write_to(&mut Cursor::new(&mut out), format)
        .unwrap();
    out
}

db_test!(
    the_profile_names_the_role_and_keeps_each_field_in_one_form,
    |app| async move {
        let org = app.organisation("asha@acme.test").await;
        let (admin, me) = (org.admin.clone(), org.workspace_id);

        // The default organisation gives the role; another workspace_id is nobody's business.
        let p = app
            .get_ok(&format!("/api/account/profile?workspace_id={me}"), &admin)
            .await;
        assert_eq!(p["email"], "asha@acme.test");
        assert_eq!(
            (p["org_id"].as_i64(), p["role_id"].as_i64()),
            (Some(org.org_id), Some(1))
        );
        assert!(p["profile_pic"].is_null());
        app.expect(
            404,
            Method::GET,
            &format!("/api/account/profile?workspace_id={}", me + 1),
            Some(&admin),
            None,
        )
        .await;
        let personal = app.get_ok("/api/account/profile?org_id=0", &admin).await;
        assert!(personal["role_id"].is_null() && personal["org_id"].is_null());

        // A stranger's organisation is not found; a member is told their own role.
        let other = app.organisation("bo@else.test").await;
        app.expect(
            404,
            Method::GET,
            &format!("/api/account/profile?org_id={}", other.org_id),
            Some(&admin),
            None,
        )
        .await;
        let agent = app.member(&org, "ravi@acme.test", 3).await;
        let p = app
            .get_ok(
                &format!("/api/account/profile?org_id={}", org.org_id),
                &agent.session,
            )
            .await;
        assert_eq!(p["role_id"], 3);

        // Every broken field at once, and nothing stored.
        let broken = app
            .expect(
                422,
                Method::PATCH,
                "/api/account/profile",
                Some(&admin),
                Some(json!({ "name": " ", "preferred_language": "fr", "country": "Atlantis", "whatsapp_no": "98123 45678" })),
            )
            .await;
        assert_eq!(
            broken["error"]["fields"],
            json!({
                "name": "fields_required",
                "preferred_language": "value_invalid",
                "country": "value_invalid",
                "whatsapp_no": "phone_country_code_missing"
            })
        );
        app.expect(
            422,
            Method::PATCH,
            "/api/account/profile",
            Some(&admin),
            Some(json!({ "name": "x".repeat(121) })),
        )
        .await;
        app.expect(
            400,
            Method::PATCH,
            "/api/account/profile",
            Some(&admin),
            Some(json!({ "nickname": "A" })),
        )
        .await;

        let p = app
            .ok(
                Method::PATCH,
                "/api/account/profile",
                &admin,
                Some(json!({ "name": " Asha Rao ", "preferred_language": "pt-BR", "country": "IN", "whatsapp_no": "+91 98123-45678" })),
            )
            .await;
        assert_eq!(p["name"], "Asha Rao");
        assert_eq!(p["preferred_language"], "pt-BR");
        assert_eq!(p["country"], "IN");
        assert_eq!(p["whatsapp_no"], "+919812345678");
        assert_eq!(p["role_id"], 1, "the answer still names the role");
        // Only what is sent changes; an empty country or number clears it.
        let p = app
            .ok(
                Method::PATCH,
                "/api/account/profile",
                &admin,
                Some(json!({ "country": "", "whatsapp_no": "" })),
            )
            .await;
        assert!(p["country"].is_null() && p["whatsapp_no"].is_null());
        assert_eq!(
            (p["name"].as_str(), p["preferred_language"].as_str()),
            (Some("Asha Rao"), Some("pt-BR"))
        );
        // The language chosen here is the one the user-existence call and e-mails know.
        let again = app.get_ok("/api/account/profile", &admin).await;
        assert_eq!(again["preferred_language"], "pt-BR");
    }
);

db_test!(
    a_photo_is_stored_square_served_while_current_and_its_predecessor_deleted,
    |app| async move {
        let (me, _) = app.sign_in_with_id("mei@solo.test").await;
        let (other, _) = app.sign_in_with_id("noor@solo.test").await;

        let (status, p) = app
            .upload(
                "/api/account/photo",
                &me,
                "image/png",
                picture(900, 500, ImageFormat::Png),
            )
            .await;
        assert_eq!(status, 200, "{p}");
        let first = p["profile_pic"].as_str().unwrap().to_owned();
        assert!(first.starts_with("/api/account/photos/"), "{first}");

        // A teammate's page shows it: any signed-in caller with the address; nobody without.
        let res = app
            .client
            .get(app.url(&first))
            .session(&other)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "image/jpeg");
        assert_eq!(res.headers()["x-content-type-options"], "nosniff");
        assert!(res.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable"));
        let img = image::load_from_memory(&res.bytes().await.unwrap()).unwrap();
        assert_eq!((img.width(), img.height()), (256, 256));
        app.expect(401, Method::GET, &first, None, None).await;
        assert_eq!(app.stored_files().len(), 1);

        // Refusals: not an image, a GIF, and more than 8 MB; the photo stays as it was.
        for (kind, bytes, rule) in [
            (
                "text/html",
                b"<script>alert(1)</script>".to_vec(),
                "photo_unreadable",
            ),
            (
                "image/gif",
                b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec(),
                "photo_unreadable",
            ),
            (
                "image/jpeg",
                vec![0xFF; 8 * 1024 * 1024 + 1],
                "photo_too_large",
            ),
        ] {
            let (status, body) = app.upload("/api/account/photo", &me, kind, bytes).await;
            assert_eq!(status, 422, "{kind}: {body}");
            assert_eq!(body["error"]["fields"]["photo"], rule);
        }
        assert_eq!(
            app.get_ok("/api/account/profile", &me).await["profile_pic"],
            first.as_str()
        );

        // A new photo (a WebP this time) replaces the first: its address is gone, its file too.
        let (status, p) = app
            .upload(
                "/api/account/photo",
                &me,
                "image/webp",
                picture(300, 640, ImageFormat::WebP),
            )
            .await;
        assert_eq!(status, 200, "{p}");
        let second = p["profile_pic"].as_str().unwrap().to_owned();
        assert_ne!(second, first);
        app.expect(404, Method::GET, &first, Some(&me), None).await;
        app.get_body(&second, &me).await;
        assert_eq!(app.stored_files().len(), 1, "the replaced file is deleted");

        // Removed: the default avatar again, nothing left stored, nothing served.
        let p = app.delete_ok("/api/account/photo", &me).await;
        assert!(p["profile_pic"].is_null());
        app.expect(404, Method::GET, &second, Some(&me), None).await;
        assert!(app.stored_files().is_empty());
        // An address that was never a photo's is simply not found.
        app.expect(
            404,
            Method::GET,
            "/api/account/photos/..%2f..%2fetc",
            Some(&me),
            None,
        )
        .await;
    }
);

db_test!(
    settings_keep_the_signature_on_free_and_let_a_paid_plan_turn_it_off,
    |app| async move {
        let org = app.organisation("lia@acme.test").await;
        let me = org.admin.clone();

        // Defaults, in the person's own (Free) workspace: the signature is required there.
        let s = app.get_ok("/api/account/settings", &me).await;
        assert_eq!(
            s,
            json!({
                "blur_contacts": false, "ai_button": true, "signature": true,
                "signature_required": true, "notifications_enabled": true, "notification_sound": true
            })
        );
        let off = json!({
            "blur_contacts": true, "ai_button": false, "signature": false,
            "notifications_enabled": true, "notification_sound": false
        });
        let refused = app
            .expect(
                402,
                Method::PUT,
                "/api/account/settings",
                Some(&me),
                Some(off.clone()),
            )
            .await;
        assert_eq!(refused["error"]["code"], "not_in_plan");
        assert_eq!(
            app.get_ok("/api/account/settings", &me).await["blur_contacts"],
            false,
            "nothing changed"
        );

        // The organisation's plan (its Teams trial) lets the signature go.
        let path = format!("/api/account/settings?org_id={}", org.org_id);
        let s = app.ok(Method::PUT, &path, &me, Some(off)).await;
        assert_eq!(s["signature"], false);
        assert_eq!(s["signature_required"], false);
        assert_eq!(s["blur_contacts"], true);
        // The notification settings are the same row, read through either address.
        let n = app.get_ok("/api/manage/notifications", &me).await;
        assert_eq!(n, json!({ "enabled": true, "sound": false }));
        // Back in the Free workspace the signature is added whatever was chosen.
        let s = app.get_ok("/api/account/settings", &me).await;
        assert_eq!(
            (s["signature"].as_bool(), s["blur_contacts"].as_bool()),
            (Some(true), Some(true))
        );

        // The extension reads the settings with its token.
        let token = app.extension_token(&me).await.unwrap();
        let (status, s) = app.call_bearer(Method::GET, &path, &token, None).await;
        assert_eq!(status, 200, "{s}");
        assert_eq!(s["ai_button"], false);
        // A stranger's organisation is not found.
        let other = app.organisation("bo@else.test").await;
        app.expect(
            404,
            Method::GET,
            &format!("/api/account/settings?org_id={}", other.org_id),
            Some(&me),
            None,
        )
        .await;
    }
);
