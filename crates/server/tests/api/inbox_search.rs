//! The chatter list's search through HTTP on both databases: words in any case and accent, the
//! last word a prefix, nothing of the index's syntax; and on SQLite both of its plans — listing
//! the matches, and walking the list conversation by conversation with the prefix expanded into
//! its terms, past the walk's window listing the rest — giving the same conversations in the
//! list's order.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::inbox_team::{count_of, counts, eventually, fast, paired};
use serde_json::Value;
use store::inbox::search::{plan, Plan, Search, Tuning};
use testkit::{db_test, TestApp, TestOrg};

/// The contacts of the conversations whose messages hold `q`, in the list's order.
async fn found(app: &TestApp, org: &TestOrg, q: &str) -> Vec<String> {
    let page = app
        .get_ok(
            &format!(
                "/api/inbox/conversations?org_id={}&q={}",
                org.org_id,
                urlencode(q)
            ),
            &org.admin,
        )
        .await;
    contacts(&page)
}

fn contacts(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["contact"].as_str().unwrap().to_owned())
        .collect()
}

db_test!(
    search_finds_conversations_by_their_words_in_any_case_and_accent,
    config = fast,
    |app| async move {
        let org = app.organisation("search@inbox.test").await;
        let session = paired(&app, &org).await;
        for (from, text) in [
            (
                "919800000101@c.us",
                "Is the BLUE jacket available in medium?",
            ),
            (
                "919800000102@c.us",
                "Quero saber o preço da entrega para São Paulo",
            ),
            ("919800000103@c.us", "Refund please, the jacket was torn"),
        ] {
            app.fake.waha_inbound(&session, from, text).unwrap();
        }
        eventually("3 conversations", || async {
            count_of(&counts(&app, &org, &org.admin).await, "all") == 3
        })
        .await;
        // In any order: the list's order is the other test's.
        let search = |q: &'static str| {
            let (app, org) = (&app, &org);
            async move {
                let mut chats = found(app, org, q).await;
                chats.sort();
                chats
            }
        };
        assert_eq!(search("jacket").await, ["919800000101", "919800000103"]);
        assert_eq!(search("blue JACKET").await, ["919800000101"]);
        assert_eq!(
            search("sao paulo").await,
            ["919800000102"],
            "accents folded"
        );
        assert_eq!(search("PREÇO").await, ["919800000102"]);
        assert_eq!(
            search("refu").await,
            ["919800000103"],
            "the last word as a prefix"
        );
        assert!(search("sweater").await.is_empty());
        // What a person types is only words, never the index's syntax.
        assert!(search("jacket*) OR (").await.is_empty(), "jacket AND or");
        assert_eq!(search("\"torn\" -jacket").await, ["919800000103"]);
    }
);

fn urlencode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// A walk from two matching messages, four conversations at a time.
fn walking(c: &mut server::config::Config) {
    fast(c);
    c.inbox.search_walk_from = 2;
    c.inbox.search_window = 4;
}

db_test!(
    a_walk_and_a_listing_find_the_same_conversations_in_the_lists_order,
    config = walking,
    |app| async move {
        let org = app.organisation("walk@inbox.test").await;
        let session = paired(&app, &org).await;
        let texts = [
            "Where is my order?",
            "hello there",
            "Two orders pending",
            "thanks",
            "ordering again soon",
            "nothing here",
            "ORDER 55, refund it",
            "an ordinary day",
            "cordial greetings",
            "refund my Order",
        ];
        for (i, text) in texts.iter().enumerate() {
            let from = format!("9198000002{:02}@c.us", i + 1);
            app.fake.waha_inbound(&session, &from, text).unwrap();
            // One after the other: the list's order is the order they arrived in.
            eventually("the conversation arrives", || async {
                count_of(&counts(&app, &org, &org.admin).await, "all") == i as u64 + 1
            })
            .await;
        }
        let listed = app
            .get_ok(
                &format!("/api/inbox/conversations?org_id={}", org.org_id),
                &org.admin,
            )
            .await;
        let order = contacts(&listed);
        assert_eq!(order.len(), texts.len());
        // What each search must find, in the list's order.
        let holding = |wanted: &[usize]| -> Vec<String> {
            order
                .iter()
                .filter(|c| {
                    let n: usize = c[c.len() - 2..].parse().unwrap();
                    wanted.contains(&n)
                })
                .cloned()
                .collect()
        };
        let tuning = Tuning {
            walk_from: 2,
            window: 4,
        };
        let sqlite = app.store.kind() == store::DbKind::Sqlite;
        for (q, wanted, walked) in [
            // Six messages: walked, `ord` expanded into order, orders, ordering, ordinary;
            // the first window of four holds three, the rest are listed after it.
            ("ord", &[1, 3, 5, 7, 8, 10][..], true),
            ("refund ORD", &[7, 10][..], true),
            ("order", &[1, 3, 5, 7, 10][..], true),
            // One message: listed.
            ("cordial", &[9][..], false),
            ("ordinary", &[8][..], false),
            ("refund hello", &[][..], false),
        ] {
            assert_eq!(found(&app, &org, q).await, holding(wanted), "{q}");
            let words = domain::inbox::text::search_words(q);
            let chosen = plan(
                &app.store,
                org.org_id,
                Search {
                    words: &words,
                    tuning,
                },
            )
            .await
            .unwrap();
            assert_eq!(
                matches!(chosen, Plan::Walked { .. }),
                walked && sqlite,
                "{q}"
            );
        }
    }
);
