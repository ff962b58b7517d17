//! The knowledge-base screen is a per-organisation feature, off for every new organisation —
//! also for the one that gets id 902, which the original product switched it on for (anyone
//! could take that id by creating organisations until the sequence reached it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};
use store::entity::user;
use store::orgs::{create_organisation, NewOrganisation};

const ID_THE_ORIGINAL_PRODUCT_FAVOURED: i64 = 902;

fn new_org(name: &str, code: &str) -> NewOrganisation {
    NewOrganisation {
        name: name.into(),
        code: code.into(),
        logo_url: None,
        time_zone: "Asia/Kolkata".into(),
        plan_id: 10,
        is_trial: true,
        validity: None,
        seat_issued: 3,
    }
}

#[tokio::test]
async fn no_organisation_starts_with_the_knowledge_base_not_even_number_902() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("kb.db").display());
    let store = store::Store::connect(&url).await.unwrap();
    store.migrate().await.unwrap();
    let creator = user::ActiveModel {
        email: Set(Some("owner@example.com".into())),
        created_at: Set(0),
        updated_at: Set(0),
        ..Default::default()
    }
    .insert(store.conn())
    .await
    .unwrap();

    let first = create_organisation(&store, creator.id, new_org("First", "FIRSTORG"), 0)
        .await
        .unwrap();
    assert!(!first.knowledge_base_enabled);

    // Jump the id sequence so the next organisation is 902.
    store
        .conn()
        .execute_unprepared(&format!(
            "UPDATE sqlite_sequence SET seq = {} WHERE name = 'organisations'",
            ID_THE_ORIGINAL_PRODUCT_FAVOURED - 1
        ))
        .await
        .unwrap();
    let pilot = create_organisation(&store, creator.id, new_org("Pilot", "PILOTORG"), 0)
        .await
        .unwrap();
    assert_eq!(pilot.id, ID_THE_ORIGINAL_PRODUCT_FAVOURED);
    assert!(!pilot.knowledge_base_enabled);
}
