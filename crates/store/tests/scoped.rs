//! Workspace-scoped rows (`store::scoped`): a query never reaches another workspace's row, a
//! person's own rows are theirs alone, shared rows are seen by every member, and lists come in
//! the resource's order.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use store::entity::manage::{label, note};
use store::scoped::{self, Condition, Rows};

async fn store() -> (tempfile::TempDir, store::Store) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("scoped.db").display());
    let store = store::Store::connect(&url).await.unwrap();
    store.migrate().await.unwrap();
    (dir, store)
}

fn label_of(org_id: i64, owner_id: i64, name: &str, shared: bool) -> label::Model {
    label::Model {
        id: 0,
        org_id,
        owner_id,
        parent_id: None,
        name: name.into(),
        color: "#000000".into(),
        shared,
        created_at: 0,
        updated_at: 0,
    }
}

fn note_of(org_id: i64, owner_id: i64, contact: &str, updated_at: i64) -> note::Model {
    note::Model {
        id: 0,
        org_id,
        owner_id,
        contact: contact.into(),
        kind: "note".into(),
        title: String::new(),
        body: format!("about {contact}"),
        created_at: updated_at,
        updated_at,
    }
}

#[tokio::test]
async fn a_member_sees_their_own_and_the_shared_rows_of_their_workspace_only() {
    let (_dir, store) = store().await;
    let (org, other_org, me, colleague) = (7, 8, 1, 2);
    let mine = scoped::insert::<label::Entity>(&store, label_of(org, me, "mine", false))
        .await
        .unwrap();
    let theirs = scoped::insert::<label::Entity>(&store, label_of(org, colleague, "theirs", false))
        .await
        .unwrap();
    let shared = scoped::insert::<label::Entity>(&store, label_of(org, colleague, "team", true))
        .await
        .unwrap();
    let elsewhere =
        scoped::insert::<label::Entity>(&store, label_of(other_org, me, "elsewhere", true))
            .await
            .unwrap();
    assert!(
        mine.id > 0 && mine.id != theirs.id,
        "the database numbers new rows"
    );

    let seen = scoped::list::<label::Entity>(&store, org, Rows::SeenBy(me), Condition::all())
        .await
        .unwrap();
    let names: Vec<&str> = seen.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["mine", "team"], "own and shared, in id order");

    let owned = scoped::count::<label::Entity>(&store, org, Rows::OwnedBy(me))
        .await
        .unwrap();
    assert_eq!(owned, 1, "the plan's limit counts only the caller's own");

    // Another workspace's row is not found by its id, even by its owner.
    for rows in [Rows::All, Rows::OwnedBy(me), Rows::SeenBy(me)] {
        let found = scoped::find::<label::Entity>(&store, org, rows, elsewhere.id)
            .await
            .unwrap();
        assert!(found.is_none());
    }
    // Someone else's own row is reached only by the whole workspace's query.
    let by_owner = scoped::find::<label::Entity>(&store, org, Rows::SeenBy(me), theirs.id)
        .await
        .unwrap();
    assert!(by_owner.is_none());
    let by_workspace = scoped::find::<label::Entity>(&store, org, Rows::All, shared.id)
        .await
        .unwrap();
    assert_eq!(by_workspace.unwrap().name, "team");

    // A delete outside the rows asked for removes nothing.
    let gone = scoped::delete::<label::Entity>(&store, org, Rows::OwnedBy(me), theirs.id)
        .await
        .unwrap();
    assert_eq!(gone, 0);
    let gone = scoped::delete::<label::Entity>(&store, other_org, Rows::All, mine.id)
        .await
        .unwrap();
    assert_eq!(gone, 0);
    let gone = scoped::delete::<label::Entity>(&store, org, Rows::OwnedBy(me), mine.id)
        .await
        .unwrap();
    assert_eq!(gone, 1);
}

#[tokio::test]
async fn lists_filter_and_order_as_the_resource_says_and_updates_stay_in_place() {
    let (_dir, store) = store().await;
    let (org, me) = (3, 1);
    for (contact, at) in [("+91 1", 10), ("+91 2", 30), ("+91 1", 20)] {
        scoped::insert::<note::Entity>(&store, note_of(org, me, contact, at))
            .await
            .unwrap();
    }
    scoped::insert::<note::Entity>(&store, note_of(org, 2, "+91 1", 99))
        .await
        .unwrap();
    let notes = scoped::list::<note::Entity>(
        &store,
        org,
        Rows::OwnedBy(me),
        store::manage::notes_of("+91 1"),
    )
    .await
    .unwrap();
    let times: Vec<i64> = notes.iter().map(|n| n.updated_at).collect();
    assert_eq!(
        times,
        [20, 10],
        "the caller's notes of the chat, newest first"
    );

    let mut first = notes[0].clone();
    first.body = "changed".into();
    let saved = scoped::update::<note::Entity>(&store, first.clone())
        .await
        .unwrap();
    assert_eq!(saved, first);
    let again = scoped::find::<note::Entity>(&store, org, Rows::OwnedBy(me), first.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(again.body, "changed");
}
