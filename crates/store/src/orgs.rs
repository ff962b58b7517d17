//! Organisations, their teams and their members (employees). Every function that reads or
//! changes an organisation's data takes the organisation id, and every lookup of a team or a
//! member is filtered by it, so an id from another organisation finds nothing.

use crate::entity::{membership, organisation, team, user};
use crate::{EpochMs, Store, StoreError};
use domain::accounts::{ACTIVE_USER_STATUS, INVITED_USER_STATUS};
use domain::roles::ADMIN_ROLE_ID;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set, SqlErr,
};
use std::collections::HashMap;

const ADMIN: i16 = ADMIN_ROLE_ID as i16;

/// A unique-key violation becomes `Conflict(what)`; anything else stays a database error.
fn unique_as_conflict(e: sea_orm::DbErr, what: &str) -> StoreError {
    match e.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => StoreError::Conflict(what.to_owned()),
        _ => StoreError::Db(e),
    }
}

/// The caller's membership of `org_id`, if any (any status).
pub async fn membership(
    store: &Store,
    org_id: i64,
    user_id: i64,
) -> Result<Option<membership::Model>, StoreError> {
    Ok(membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::UserId.eq(user_id))
        .one(store.conn())
        .await?)
}

/// The organisation with this id.
pub async fn organisation(
    store: &Store,
    org_id: i64,
) -> Result<Option<organisation::Model>, StoreError> {
    Ok(organisation::Entity::find_by_id(org_id)
        .one(store.conn())
        .await?)
}

/// The names of the organisations with these ids (those that exist), for lists that name them.
pub async fn names_of(store: &Store, ids: &[i64]) -> Result<HashMap<i64, String>, StoreError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(organisation::Entity::find()
        .filter(organisation::Column::Id.is_in(ids.iter().copied()))
        .all(store.conn())
        .await?
        .into_iter()
        .map(|o| (o.id, o.name))
        .collect())
}

/// Sets the operator's knowledge-base grant (inside the caller's transaction, with its audit).
pub async fn set_knowledge_base_grant(
    db: &impl sea_orm::ConnectionTrait,
    org_id: i64,
    granted: bool,
) -> Result<(), StoreError> {
    organisation::Entity::update_many()
        .col_expr(
            organisation::Column::KnowledgeBaseEnabled,
            Expr::value(granted),
        )
        .filter(organisation::Column::Id.eq(org_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The organisation with this code (codes are stored in upper case).
pub async fn organisation_by_code(
    store: &Store,
    code: &str,
) -> Result<Option<organisation::Model>, StoreError> {
    Ok(organisation::Entity::find()
        .filter(organisation::Column::OrganizationCode.eq(code))
        .one(store.conn())
        .await?)
}

/// A user's memberships with their organisations, oldest first.
pub async fn memberships_of_user(
    store: &Store,
    user_id: i64,
) -> Result<Vec<(membership::Model, organisation::Model)>, StoreError> {
    let rows = membership::Entity::find()
        .filter(membership::Column::UserId.eq(user_id))
        .order_by_asc(membership::Column::Id)
        .find_also_related(organisation::Entity)
        .all(store.conn())
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(m, o)| o.map(|o| (m, o)))
        .collect())
}

/// What a new organisation starts with.
#[derive(Debug, Clone)]
pub struct NewOrganisation {
    pub name: String,
    pub code: String,
    pub logo_url: Option<String>,
    pub time_zone: String,
    pub plan_id: i32,
    pub is_trial: bool,
    pub validity: Option<EpochMs>,
    pub seat_issued: i32,
}

/// Creates the organisation with `creator` as its admin, and makes it the creator's default
/// organisation. A taken code answers `Conflict("organization_code")` (the caller draws
/// another).
pub async fn create_organisation(
    store: &Store,
    creator: i64,
    new: NewOrganisation,
    now: EpochMs,
) -> Result<organisation::Model, StoreError> {
    let txn = store.begin_write().await?;
    let org = organisation::ActiveModel {
        name: Set(new.name),
        organization_code: Set(new.code),
        logo_url: Set(new.logo_url),
        time_zone: Set(new.time_zone),
        plan_id: Set(new.plan_id),
        is_trial: Set(new.is_trial),
        validity: Set(new.validity),
        seat_issued: Set(new.seat_issued),
        knowledge_base_enabled: Set(false),
        created_by: Set(Some(creator)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|e| unique_as_conflict(e, "organization_code"))?;
    // The knowledge base starts off for every organisation: the original product switched it
    // on for whichever organisation had id 902, which anyone could become by creating
    // organisations until the sequence reached it (issue #23).
    clear_default(&txn, creator, now).await?;
    membership::ActiveModel {
        org_id: Set(org.id),
        user_id: Set(creator),
        role_id: Set(ADMIN),
        team_id: Set(None),
        is_default_org: Set(true),
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
    txn.commit().await?;
    Ok(org)
}

/// Changes to an organisation; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct OrganisationChanges {
    pub name: Option<String>,
    /// `Some(None)` removes the logo.
    pub logo_url: Option<Option<String>>,
    pub time_zone: Option<String>,
}

pub async fn update_organisation(
    store: &Store,
    org_id: i64,
    changes: OrganisationChanges,
    now: EpochMs,
) -> Result<organisation::Model, StoreError> {
    let org = organisation::Entity::find_by_id(org_id)
        .one(store.conn())
        .await?
        .ok_or(StoreError::NotFound)?;
    let mut active: organisation::ActiveModel = org.into();
    if let Some(name) = changes.name {
        active.name = Set(name);
    }
    if let Some(logo) = changes.logo_url {
        active.logo_url = Set(logo);
    }
    if let Some(zone) = changes.time_zone {
        active.time_zone = Set(zone);
    }
    active.updated_at = Set(now);
    Ok(active.update(store.conn()).await?)
}

pub(crate) async fn clear_default(
    db: &impl ConnectionTrait,
    user_id: i64,
    now: EpochMs,
) -> Result<(), StoreError> {
    membership::Entity::update_many()
        .col_expr(membership::Column::IsDefaultOrg, Expr::value(false))
        .col_expr(membership::Column::UpdatedAt, Expr::value(now))
        .filter(membership::Column::UserId.eq(user_id))
        .filter(membership::Column::IsDefaultOrg.eq(true))
        .exec(db)
        .await?;
    Ok(())
}

/// Makes `org_id` the user's default organisation, or, with `None`, none of them (the
/// Personal workspace). The user must be a member of `org_id`.
pub async fn set_default_org(
    store: &Store,
    user_id: i64,
    org_id: Option<i64>,
    now: EpochMs,
) -> Result<(), StoreError> {
    let txn = store.begin_write().await?;
    if let Some(org_id) = org_id {
        membership::Entity::find()
            .filter(membership::Column::OrgId.eq(org_id))
            .filter(membership::Column::UserId.eq(user_id))
            .one(&txn)
            .await?
            .ok_or(StoreError::NotFound)?;
    }
    clear_default(&txn, user_id, now).await?;
    if let Some(org_id) = org_id {
        membership::Entity::update_many()
            .col_expr(membership::Column::IsDefaultOrg, Expr::value(true))
            .filter(membership::Column::OrgId.eq(org_id))
            .filter(membership::Column::UserId.eq(user_id))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    Ok(())
}

async fn admin_count(txn: &DatabaseTransaction, org_id: i64) -> Result<u64, StoreError> {
    Ok(membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::RoleId.eq(ADMIN))
        .filter(membership::Column::UserStatus.eq(ACTIVE_USER_STATUS))
        .count(txn)
        .await?)
}

/// Removes a member from the organisation. The last active admin cannot be removed
/// (`Conflict("last_admin")`); a user who is not a member is `NotFound`.
pub async fn remove_member(store: &Store, org_id: i64, user_id: i64) -> Result<(), StoreError> {
    let txn = store.begin_write().await?;
    let m = membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::UserId.eq(user_id))
        .one(&txn)
        .await?
        .ok_or(StoreError::NotFound)?;
    if m.role_id == ADMIN
        && m.user_status == ACTIVE_USER_STATUS
        && admin_count(&txn, org_id).await? <= 1
    {
        return Err(StoreError::Conflict("last_admin".to_owned()));
    }
    membership::Entity::delete_by_id(m.id).exec(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// The team `team_id` of `org_id` (another organisation's team is not found).
pub async fn team(store: &Store, org_id: i64, team_id: i64) -> Result<team::Model, StoreError> {
    team::Entity::find_by_id(team_id)
        .filter(team::Column::OrgId.eq(org_id))
        .one(store.conn())
        .await?
        .ok_or(StoreError::NotFound)
}

/// A team and how many members it has.
#[derive(Debug, Clone)]
pub struct TeamWithSize {
    pub team: team::Model,
    pub members: u64,
}

/// The organisation's teams, by name, with their member counts.
pub async fn teams(store: &Store, org_id: i64) -> Result<Vec<TeamWithSize>, StoreError> {
    let db = store.conn();
    let teams = team::Entity::find()
        .filter(team::Column::OrgId.eq(org_id))
        .order_by_asc(team::Column::TeamName)
        .all(db)
        .await?;
    let members = membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::TeamId.is_not_null())
        .all(db)
        .await?;
    let mut counts: HashMap<i64, u64> = HashMap::new();
    for m in members {
        if let Some(t) = m.team_id {
            *counts.entry(t).or_default() += 1;
        }
    }
    Ok(teams
        .into_iter()
        .map(|t| TeamWithSize {
            members: counts.get(&t.id).copied().unwrap_or(0),
            team: t,
        })
        .collect())
}

/// Creates a team; a name already used in the organisation is `Conflict("team_name")`.
pub async fn create_team(
    store: &Store,
    org_id: i64,
    name: &str,
    color: Option<i32>,
    now: EpochMs,
) -> Result<team::Model, StoreError> {
    team::ActiveModel {
        org_id: Set(org_id),
        team_name: Set(name.to_owned()),
        team_color: Set(color),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(store.conn())
    .await
    .map_err(|e| unique_as_conflict(e, "team_name"))
}

/// Renames or recolours a team of `org_id`.
pub async fn update_team(
    store: &Store,
    org_id: i64,
    team_id: i64,
    name: Option<&str>,
    color: Option<Option<i32>>,
    now: EpochMs,
) -> Result<team::Model, StoreError> {
    let t = team(store, org_id, team_id).await?;
    let mut active: team::ActiveModel = t.into();
    if let Some(name) = name {
        active.team_name = Set(name.to_owned());
    }
    if let Some(color) = color {
        active.team_color = Set(color);
    }
    active.updated_at = Set(now);
    active
        .update(store.conn())
        .await
        .map_err(|e| unique_as_conflict(e, "team_name"))
}

/// One employee entry: the membership, the person and their team.
#[derive(Debug, Clone)]
pub struct EmployeeRecord {
    pub membership: membership::Model,
    pub user: user::Model,
    pub team: Option<team::Model>,
}

/// The organisation's members, oldest first; with `status`, only those of that `user_status`.
pub async fn employees(
    store: &Store,
    org_id: i64,
    status: Option<i16>,
) -> Result<Vec<EmployeeRecord>, StoreError> {
    let db = store.conn();
    let mut q = membership::Entity::find().filter(membership::Column::OrgId.eq(org_id));
    if let Some(s) = status {
        q = q.filter(membership::Column::UserStatus.eq(s));
    }
    let rows = q
        .order_by_asc(membership::Column::Id)
        .find_also_related(user::Entity)
        .all(db)
        .await?;
    let teams: HashMap<i64, team::Model> = team::Entity::find()
        .filter(team::Column::OrgId.eq(org_id))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t))
        .collect();
    Ok(rows
        .into_iter()
        .filter_map(|(m, u)| {
            let user = u?;
            let team = m.team_id.and_then(|t| teams.get(&t).cloned());
            Some(EmployeeRecord {
                membership: m,
                user,
                team,
            })
        })
        .collect())
}

/// One of `org_id`'s members.
pub async fn employee(
    store: &Store,
    org_id: i64,
    user_id: i64,
) -> Result<EmployeeRecord, StoreError> {
    employees(store, org_id, None)
        .await?
        .into_iter()
        .find(|e| e.user.id == user_id)
        .ok_or(StoreError::NotFound)
}

/// How many people hold a seat: every member, invited or active.
pub async fn seats_used(store: &Store, org_id: i64) -> Result<u64, StoreError> {
    Ok(membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .count(store.conn())
        .await?)
}

/// A person to add to an organisation (already checked by the domain rules).
#[derive(Debug, Clone, Default)]
pub struct NewEmployee {
    pub mobile: Option<String>,
    pub email: Option<String>,
    pub name: Option<String>,
    pub address: Option<String>,
    pub role_id: i16,
    pub team_id: Option<i64>,
}

/// What adding a batch of employees did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddReport {
    /// Indexes (into the batch) of the rows added, with the user each became.
    pub added: Vec<(usize, i64)>,
    /// Indexes of the rows whose person is already a member.
    pub existing: Vec<usize>,
    /// Indexes of the rows that did not fit in the plan's seats.
    pub over_seats: Vec<usize>,
}

/// Adds employees to `org_id` in one transaction: each person is found by e-mail, else by
/// mobile, else created; each becomes an invited member (`user_status` 1, invitation pending)
/// until they sign in. Rows whose person is already a member are reported in `existing`; with
/// `all_or_nothing`, any such row means nothing is added. A `team_id` must be one of the
/// organisation's teams (`NotFound` otherwise, and nothing is added). At most `seat_limit`
/// members (active and invited) fit: rows beyond it are reported in `over_seats` (with
/// `all_or_nothing`, nothing is added). The organisation's row is locked first, so two batches
/// at once cannot both take the last seat.
pub async fn add_employees(
    store: &Store,
    org_id: i64,
    rows: &[NewEmployee],
    all_or_nothing: bool,
    seat_limit: u32,
    now: EpochMs,
) -> Result<AddReport, StoreError> {
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
    let team_ids: Vec<i64> = team::Entity::find()
        .filter(team::Column::OrgId.eq(org_id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|t| t.id)
        .collect();
    if rows
        .iter()
        .any(|r| r.team_id.is_some_and(|t| !team_ids.contains(&t)))
    {
        return Err(StoreError::NotFound);
    }
    let members: std::collections::HashSet<i64> = membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|m| m.user_id)
        .collect();
    let mut people = Vec::with_capacity(rows.len());
    for row in rows {
        people.push(find_person(&txn, row).await?);
    }
    let mut report = AddReport::default();
    for (i, person) in people.iter().enumerate() {
        if person.as_ref().is_some_and(|u| members.contains(&u.id)) {
            report.existing.push(i);
        }
    }
    if all_or_nothing && !report.existing.is_empty() {
        return Ok(report);
    }
    let mut free = (seat_limit as usize).saturating_sub(members.len());
    for i in 0..rows.len() {
        if report.existing.contains(&i) {
            continue;
        }
        if free == 0 {
            report.over_seats.push(i);
        } else {
            free -= 1;
        }
    }
    if all_or_nothing && !report.over_seats.is_empty() {
        return Ok(report);
    }
    for (i, (row, person)) in rows.iter().zip(people).enumerate() {
        if report.existing.contains(&i) || report.over_seats.contains(&i) {
            continue;
        }
        let user = match person {
            Some(u) => u,
            None => user::ActiveModel {
                email: Set(row.email.clone()),
                name: Set(row.name.clone()),
                mobile: Set(row.mobile.clone()),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .map_err(|e| unique_as_conflict(e, "email"))?,
        };
        membership::ActiveModel {
            org_id: Set(org_id),
            user_id: Set(user.id),
            role_id: Set(row.role_id),
            team_id: Set(row.team_id),
            is_default_org: Set(false),
            user_status: Set(INVITED_USER_STATUS),
            syncing_active: Set(false),
            invitation_status: Set("pending".to_owned()),
            address: Set(row.address.clone()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| unique_as_conflict(e, "employee"))?;
        report.added.push((i, user.id));
    }
    txn.commit().await?;
    Ok(report)
}

/// The existing person a row names: by e-mail first, else by mobile.
async fn find_person(
    txn: &DatabaseTransaction,
    row: &NewEmployee,
) -> Result<Option<user::Model>, StoreError> {
    if let Some(email) = &row.email {
        if let Some(u) = user::Entity::find()
            .filter(user::Column::Email.eq(email.as_str()))
            .one(txn)
            .await?
        {
            return Ok(Some(u));
        }
        if row.mobile.is_none() {
            return Ok(None);
        }
    }
    let Some(mobile) = &row.mobile else {
        return Ok(None);
    };
    let mut q = user::Entity::find().filter(user::Column::Mobile.eq(mobile.as_str()));
    if row.email.is_some() {
        // A row with an e-mail of its own is a different person from a user with another one.
        q = q.filter(user::Column::Email.is_null());
    }
    Ok(q.order_by_asc(user::Column::Id).one(txn).await?)
}

/// Changes to one member; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct EmployeeChanges {
    pub role_id: Option<i16>,
    /// `Some(None)` takes the member out of their team.
    pub team_id: Option<Option<i64>>,
    pub syncing_active: Option<bool>,
    pub address: Option<Option<String>>,
    pub employee_code: Option<Option<String>>,
}

/// Updates a member of `org_id`. A team must be the organisation's (`NotFound`); demoting the
/// last active admin is `Conflict("last_admin")`.
pub async fn update_employee(
    store: &Store,
    org_id: i64,
    user_id: i64,
    changes: EmployeeChanges,
    now: EpochMs,
) -> Result<(), StoreError> {
    let txn = store.begin_write().await?;
    let m = membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::UserId.eq(user_id))
        .one(&txn)
        .await?
        .ok_or(StoreError::NotFound)?;
    if let Some(Some(team_id)) = changes.team_id {
        team::Entity::find_by_id(team_id)
            .filter(team::Column::OrgId.eq(org_id))
            .one(&txn)
            .await?
            .ok_or(StoreError::NotFound)?;
    }
    if let Some(role) = changes.role_id {
        if m.role_id == ADMIN
            && role != ADMIN
            && m.user_status == ACTIVE_USER_STATUS
            && admin_count(&txn, org_id).await? <= 1
        {
            return Err(StoreError::Conflict("last_admin".to_owned()));
        }
    }
    let mut active: membership::ActiveModel = m.into();
    if let Some(role) = changes.role_id {
        active.role_id = Set(role);
    }
    if let Some(team) = changes.team_id {
        active.team_id = Set(team);
    }
    if let Some(s) = changes.syncing_active {
        active.syncing_active = Set(s);
    }
    if let Some(a) = changes.address {
        active.address = Set(a);
    }
    if let Some(c) = changes.employee_code {
        active.employee_code = Set(c);
    }
    active.updated_at = Set(now);
    active.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// Puts members of `org_id` into one of its teams. Every user must be a member and the team
/// the organisation's, else `NotFound` and nothing changes.
pub async fn assign_team(
    store: &Store,
    org_id: i64,
    team_id: i64,
    user_ids: &[i64],
    now: EpochMs,
) -> Result<u64, StoreError> {
    let txn = store.begin_write().await?;
    team::Entity::find_by_id(team_id)
        .filter(team::Column::OrgId.eq(org_id))
        .one(&txn)
        .await?
        .ok_or(StoreError::NotFound)?;
    let mut wanted: Vec<i64> = user_ids.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    let found = membership::Entity::find()
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::UserId.is_in(wanted.iter().copied()))
        .count(&txn)
        .await?;
    if found != wanted.len() as u64 {
        return Err(StoreError::NotFound);
    }
    let res = membership::Entity::update_many()
        .col_expr(membership::Column::TeamId, Expr::value(team_id))
        .col_expr(membership::Column::UpdatedAt, Expr::value(now))
        .filter(membership::Column::OrgId.eq(org_id))
        .filter(membership::Column::UserId.is_in(wanted.iter().copied()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(res.rows_affected)
}

/// Row counts of the account tables, for tests that prove a refused request changed nothing.
pub async fn table_counts(store: &Store) -> Result<[u64; 4], StoreError> {
    let db = store.conn();
    Ok([
        user::Entity::find().count(db).await?,
        organisation::Entity::find().count(db).await?,
        team::Entity::find().count(db).await?,
        membership::Entity::find().count(db).await?,
    ])
}
