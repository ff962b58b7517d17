//! Demo data for `switchboard seed-demo`: one organisation with teams and employees, so a
//! newcomer running the app for the first time sees a populated workspace, and a second one whose
//! trial has lapsed (back on Free).

use crate::entity::{membership, organisation, team, user};
use crate::{EpochMs, Store, StoreError};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait};

/// The code of the demo organisation; seeding is skipped when it already exists.
pub const DEMO_ORG_CODE: &str = "DEMO-SWITCH";
/// The demo organisation's administrator, who can sign in with a one-time code.
pub const DEMO_ADMIN_EMAIL: &str = "admin@demo.switchboard.test";
/// A second demo organisation whose Teams trial ended a month ago: back on Free, so the
/// upgrade popup, the trial-ended notice and the plan chooser show.
pub const LAPSED_ORG_CODE: &str = "DEMO-LAPSED";
/// The lapsed organisation's administrator.
pub const LAPSED_ADMIN_EMAIL: &str = "free@demo.switchboard.test";

const TEAMS: [(&str, i32); 3] = [("Sales", 1), ("Support", 2), ("Renewals", 3)];

const FIRST_NAMES: [&str; 25] = [
    "Aarav",
    "Priya",
    "Rohan",
    "Ananya",
    "Vikram",
    "Sofia",
    "Mateo",
    "Lucía",
    "Budi",
    "Siti",
    "Rafael",
    "Beatriz",
    "João",
    "Inês",
    "Arjun",
    "Kavya",
    "Diego",
    "Valentina",
    "Dewi",
    "Agus",
    "Neha",
    "Karan",
    "Camila",
    "Tiago",
    "Meera",
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeedOutcome {
    Created {
        org_id: i64,
        teams: usize,
        employees: usize,
    },
    AlreadyPresent {
        org_id: i64,
    },
}

/// Creates the demo organisation (3 teams, an admin, 3 managers and 21 employees) unless it
/// exists. All rows are written in one transaction: a failure leaves nothing half-seeded.
pub async fn seed_demo(store: &Store, now: EpochMs) -> Result<SeedOutcome, StoreError> {
    let db = store.conn();
    if let Some(org) = organisation::Entity::find()
        .filter(organisation::Column::OrganizationCode.eq(DEMO_ORG_CODE))
        .one(db)
        .await?
    {
        return Ok(SeedOutcome::AlreadyPresent { org_id: org.id });
    }
    let txn = db.begin().await?;
    let admin = user::ActiveModel {
        email: Set(Some(DEMO_ADMIN_EMAIL.to_owned())),
        name: Set(Some("Demo Admin".to_owned())),
        mobile: Set(Some("+919800000000".to_owned())),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let org = organisation::ActiveModel {
        name: Set("Demo Traders".to_owned()),
        organization_code: Set(DEMO_ORG_CODE.to_owned()),
        time_zone: Set("Asia/Kolkata".to_owned()),
        plan_id: Set(10),
        is_trial: Set(true),
        validity: Set(Some(now + 7 * 86_400_000)),
        seat_issued: Set(25),
        knowledge_base_enabled: Set(true),
        created_by: Set(Some(admin.id)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut team_ids = Vec::new();
    for (name, color) in TEAMS {
        let t = team::ActiveModel {
            org_id: Set(org.id),
            team_name: Set(name.to_owned()),
            team_color: Set(Some(color)),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        team_ids.push(t.id);
    }
    membership(org.id, admin.id, 1, None, now)
        .insert(&txn)
        .await?;
    for (i, first) in FIRST_NAMES.iter().enumerate().skip(1) {
        let team_id = team_ids[i % team_ids.len()];
        let role = if i <= team_ids.len() { 2 } else { 3 };
        let person = user::ActiveModel {
            email: Set(Some(format!(
                "{}.{i}@demo.switchboard.test",
                ascii_lower(first)
            ))),
            name: Set(Some((*first).to_owned())),
            mobile: Set(Some(format!("+9198{:08}", 10_000 + i))),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let mut m = membership(org.id, person.id, role, Some(team_id), now);
        m.syncing_active = Set(i % 5 != 0);
        m.insert(&txn).await?;
    }
    seed_lapsed(&txn, now).await?;
    txn.commit().await?;
    Ok(SeedOutcome::Created {
        org_id: org.id,
        teams: team_ids.len(),
        employees: FIRST_NAMES.len(),
    })
}

/// The lapsed organisation: its admin alone, its 7-day trial over 30 days ago.
async fn seed_lapsed(txn: &sea_orm::DatabaseTransaction, now: EpochMs) -> Result<(), StoreError> {
    const DAY: i64 = 86_400_000;
    let admin = user::ActiveModel {
        email: Set(Some(LAPSED_ADMIN_EMAIL.to_owned())),
        name: Set(Some("Lapsed Admin".to_owned())),
        mobile: Set(Some("+919800000999".to_owned())),
        created_at: Set(now - 37 * DAY),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    let org = organisation::ActiveModel {
        name: Set("Lapsed Traders".to_owned()),
        organization_code: Set(LAPSED_ORG_CODE.to_owned()),
        time_zone: Set("Asia/Kolkata".to_owned()),
        plan_id: Set(10),
        is_trial: Set(true),
        validity: Set(Some(now - 30 * DAY)),
        seat_issued: Set(3),
        knowledge_base_enabled: Set(false),
        created_by: Set(Some(admin.id)),
        created_at: Set(now - 37 * DAY),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    membership(org.id, admin.id, 1, None, now)
        .insert(txn)
        .await?;
    Ok(())
}

fn membership(
    org: i64,
    user: i64,
    role: i16,
    team: Option<i64>,
    now: EpochMs,
) -> membership::ActiveModel {
    membership::ActiveModel {
        org_id: Set(org),
        user_id: Set(user),
        role_id: Set(role),
        team_id: Set(team),
        is_default_org: Set(true),
        user_status: Set(2),
        syncing_active: Set(true),
        invitation_status: Set("accepted".to_owned()),
        joined_at: Set(Some(now)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

fn ascii_lower(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            'á' | 'à' | 'ã' | 'â' => 'a',
            'é' | 'ê' => 'e',
            'í' => 'i',
            'ó' | 'õ' | 'ô' => 'o',
            'ú' => 'u',
            'ç' => 'c',
            other => other.to_ascii_lowercase(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::PaginatorTrait;

    #[tokio::test]
    async fn seeding_twice_creates_the_demo_organisation_once() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let store = Store::connect(&url).await.unwrap();
        store.migrate().await.unwrap();
        let first = seed_demo(&store, 1_763_700_000_000).await.unwrap();
        let SeedOutcome::Created {
            org_id,
            teams,
            employees,
        } = first
        else {
            panic!("expected a fresh seed, got {first:?}")
        };
        assert_eq!((teams, employees), (3, 25));
        let again = seed_demo(&store, 1_763_700_000_000).await.unwrap();
        assert_eq!(again, SeedOutcome::AlreadyPresent { org_id });
        let members = membership::Entity::find()
            .filter(membership::Column::OrgId.eq(org_id))
            .count(store.conn())
            .await
            .unwrap();
        assert_eq!(members, 25);
    }
}
