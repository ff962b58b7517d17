//! Joining an organisation by its code (issue #28, 001 §3–§5): once the person has proved their
//! mailbox with a one-time code, they become an active employee — the seat permitting — and
//! the organisation becomes their default, so the workspace switches to it.

use crate::entity::{membership, organisation};
use crate::{EpochMs, Store, StoreError};
use domain::accounts::{ACTIVE_USER_STATUS, INVITED_USER_STATUS};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

/// The role a person who joins by code gets: employee (000 §6 role 3); an admin may change it.
pub const JOINED_ROLE: i16 = 3;

/// What joining gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JoinOutcome {
    /// A member now (an invitation waiting for them became their membership).
    Joined,
    /// Already an active member: nothing changed.
    AlreadyMember,
    /// Every seat of the plan is taken (members and invitations count).
    SeatsFull,
}

/// Makes `user_id` an active employee of `org_id` and it their default organisation. At most
/// `seat_limit` memberships fit; an invitation the person already had takes no new seat. The
/// organisation's row is locked first, so two people cannot take the last seat together.
pub async fn join(
    store: &Store,
    org_id: i64,
    user_id: i64,
    seat_limit: u32,
    now: EpochMs,
) -> Result<JoinOutcome, StoreError> {
    let txn = store.begin_write().await?;
    // A no-op write takes the row lock on PostgreSQL (and the write lock on SQLite).
    organisation::Entity::update_many()
        .col_expr(
            organisation::Column::UpdatedAt,
            Expr::col(organisation::Column::UpdatedAt).into(),
        )
        .filter(organisation::Column::Id.eq(org_id))
        .exec(&txn)
        .await?;
    let mine = membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::UserId.eq(user_id))
        .one(&txn)
        .await?;
    match mine {
        Some(m) if m.user_status == ACTIVE_USER_STATUS => return Ok(JoinOutcome::AlreadyMember),
        Some(m) if m.user_status == INVITED_USER_STATUS => {
            membership::Entity::update_many()
                .col_expr(
                    membership::Column::UserStatus,
                    Expr::value(ACTIVE_USER_STATUS),
                )
                .col_expr(
                    membership::Column::InvitationStatus,
                    Expr::value("accepted"),
                )
                .col_expr(membership::Column::JoinedAt, Expr::value(now))
                .col_expr(membership::Column::UpdatedAt, Expr::value(now))
                .filter(membership::Column::Id.eq(m.id))
                .exec(&txn)
                .await?;
        }
        Some(_) => return Ok(JoinOutcome::AlreadyMember),
        None => {
            let taken = membership::Entity::find()
                .filter(membership::Column::OrgId.eq(org_id))
                .count(&txn)
                .await?;
            if taken >= u64::from(seat_limit) {
                return Ok(JoinOutcome::SeatsFull);
            }
            membership::ActiveModel {
                org_id: Set(org_id),
                user_id: Set(user_id),
                role_id: Set(JOINED_ROLE),
                team_id: Set(None),
                is_default_org: Set(false),
                user_status: Set(ACTIVE_USER_STATUS),
                syncing_active: Set(false),
                invitation_status: Set("accepted".to_owned()),
                joined_at: Set(Some(now)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
    }
    crate::orgs::clear_default(&txn, user_id, now).await?;
    membership::Entity::update_many()
        .col_expr(membership::Column::IsDefaultOrg, Expr::value(true))
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::UserId.eq(user_id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(JoinOutcome::Joined)
}

/// Turns joining `org_id` by its code on or off.
pub async fn set_joining(
    store: &Store,
    org_id: i64,
    enabled: bool,
    now: EpochMs,
) -> Result<(), StoreError> {
    organisation::Entity::update_many()
        .col_expr(organisation::Column::JoinByCode, Expr::value(enabled))
        .col_expr(organisation::Column::UpdatedAt, Expr::value(now))
        .filter(organisation::Column::Id.eq(org_id))
        .exec(store.conn())
        .await?;
    Ok(())
}
