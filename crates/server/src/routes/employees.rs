//! Employees (001 §3–§7): adding them by form or by importing a CSV or Excel file (rows checked
//! by the domain rules; duplicates and bad rows reported, valid rows added in one transaction),
//! the sample file, the employee lists each role may see (001 §6), and updating one employee.
//! Added people are invited (status 1, invitation pending) until they sign in.

use super::{Access, Routes};
use crate::access::{member, member_at, own_workspace, visible};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{header, HeaderMap};
use axum::response::IntoResponse;
use contract::accounts::{
    AddEmployees, AddedEmployees, Employee, EmployeeList, EmployeesQuery, ImportQuery,
    ImportReport, ImportRowError, OrgQuery, ResultEnvelope, SyncEntry, UpdateEmployee,
};
use contract::ErrorCode;
use domain::accounts::{
    repeated_rows, role_id, EmployeeInput, EmployeeRow, ImportColumns, ACTIVE_USER_STATUS,
    MAX_IMPORT_ROWS, SAMPLE_IMPORT_CSV,
};
use domain::roles::{is_admin, AccessLevel, EMPLOYEE_ROLE_ID};
use domain::RuleError;
use std::collections::BTreeMap;
use store::entity::{membership, user};
use store::orgs::{EmployeeChanges, NewEmployee};
use utoipa_axum::routes;

/// The routes of this area, each declared once (path and method from its `#[utoipa::path]`).
pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(add_employees))
        .add(Access::Scoped, routes!(list_employees))
        .add(Access::Scoped, routes!(update_employee))
        .add(Access::Scoped, routes!(invited_employees))
        .add(Access::Scoped, routes!(org_employees))
        .add(Access::Scoped, routes!(import_employees))
        .add(Access::SignedIn, routes!(sample_file))
}

/// The role and team new employees get. Admins choose freely; a manager adds employees (role 3)
/// into their own team only (403 otherwise).
fn placement(
    adder: &membership::Model,
    role: Option<i64>,
    team: Option<i64>,
) -> Result<(i16, Option<i64>), AppError> {
    let role = match role {
        Some(r) => role_id(r).map_err(|rule| AppError::invalid_field("role_id", rule))?,
        None => EMPLOYEE_ROLE_ID as i16,
    };
    let team = team.filter(|t| *t != 0);
    if is_admin(Some(i64::from(adder.role_id))) {
        return Ok((role, team));
    }
    if i64::from(role) != EMPLOYEE_ROLE_ID || team.is_some_and(|t| Some(t) != adder.team_id) {
        return Err(AppError::forbidden(RuleError::AdminOnly));
    }
    Ok((role, adder.team_id))
}

/// Adds employees from the form, all or none: any broken field, a person repeated in the list
/// or already a member answers 422 with `fields` such as `employees[1].number` =
/// `phone_country_code_missing` or `employee_exists`, and nothing is added.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/employees",
    tag = "employees",
    request_body = AddEmployees,
    responses(
        (status = 200, description = "The added employees (invited)", body = ResultEnvelope<AddedEmployees>),
        (status = 403, description = "An employee; or a manager placing outside their team", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or a team of another organisation", body = contract::ErrorBody),
        (status = 409, description = "`seats_exhausted`: more people than the plan's free seats; nothing added", body = contract::ErrorBody),
        (status = 422, description = "Per-row field errors", body = contract::ErrorBody),
    )
)]
pub async fn add_employees(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    Json(req): Json<AddEmployees>,
) -> Result<Json<ResultEnvelope<AddedEmployees>>, AppError> {
    let adder = member_at(&state, &user, req.org_id, AccessLevel::Manager).await?;
    if req.employees.is_empty() {
        return Err(AppError::new(
            ErrorCode::MalformedBody,
            "employees is empty",
        ));
    }
    if req.employees.len() > MAX_IMPORT_ROWS {
        return Err(AppError::invalid_field(
            "employees",
            RuleError::ImportTooManyRows,
        ));
    }
    let mut fields = BTreeMap::new();
    let mut parsed = Vec::with_capacity(req.employees.len());
    let mut placements = Vec::with_capacity(req.employees.len());
    for (i, e) in req.employees.iter().enumerate() {
        placements.push(placement(&adder, e.role_id, e.team_id)?);
        let input = EmployeeInput {
            number: e.mobile.clone(),
            name: e.name.clone(),
            email: e.email.clone(),
            address: e.address.clone(),
        };
        match EmployeeRow::parse(&input, false) {
            Ok(row) => parsed.push(Some(row)),
            Err(errs) => {
                for err in errs {
                    fields.insert(
                        format!("employees[{i}].{}", err.field),
                        err.code.code().to_owned(),
                    );
                }
                parsed.push(None);
            }
        }
    }
    let refs: Vec<_> = parsed.iter().map(Option::as_ref).collect();
    for (i, repeated) in repeated_rows(&refs).into_iter().enumerate() {
        if repeated {
            fields.insert(
                format!("employees[{i}].number"),
                RuleError::ImportRowDuplicate.code().to_owned(),
            );
        }
    }
    if !fields.is_empty() {
        return Err(AppError::invalid_fields(fields));
    }
    let rows: Vec<NewEmployee> = parsed
        .into_iter()
        .flatten()
        .zip(placements)
        .map(|(row, (role, team))| new_employee(row, role, team))
        .collect();
    let now = state.clock.now_ms();
    let limit = super::billing::seat_limit(&state, req.org_id).await?;
    let report =
        store::orgs::add_employees(&state.store, req.org_id, &rows, true, limit, now).await?;
    if report.existing.is_empty() && !report.over_seats.is_empty() {
        return Err(AppError::new(
            ErrorCode::SeatsExhausted,
            "no seats left on the plan for these employees",
        ));
    }
    if !report.added.is_empty() {
        crate::leads::on_stage(
            &state,
            &user,
            domain::assignment::OnboardingStage::UserAdded,
            domain::assignment::Region::Other,
        )
        .await;
    }
    if !report.existing.is_empty() {
        let fields = report
            .existing
            .iter()
            .map(|i| {
                (
                    format!("employees[{i}].number"),
                    RuleError::EmployeeExists.code().to_owned(),
                )
            })
            .collect();
        return Err(AppError::invalid_fields(fields));
    }
    let added_ids: Vec<i64> = report.added.iter().map(|(_, id)| *id).collect();
    let records = store::orgs::employees(&state.store, req.org_id, None).await?;
    let added: Vec<_> = records
        .into_iter()
        .filter(|r| added_ids.contains(&r.user.id))
        .collect();
    super::invitations::invite(
        &state,
        req.org_id,
        &user,
        &added.iter().map(|r| r.user.clone()).collect::<Vec<_>>(),
        &headers,
    )
    .await;
    Ok(Json(ResultEnvelope::ok(AddedEmployees {
        employees: added.iter().map(views::employee).collect(),
    })))
}

fn new_employee(row: EmployeeRow, role_id: i16, team_id: Option<i64>) -> NewEmployee {
    NewEmployee {
        mobile: row.mobile.map(|m| m.as_str().to_owned()),
        email: row.email.map(|e| e.as_str().to_owned()),
        name: row.name,
        address: row.address,
        role_id,
        team_id,
    }
}

async fn employee_list(
    state: &AppState,
    user: &user::Model,
    org_id: i64,
    workspace_id: Option<i64>,
    status: Option<i16>,
) -> Result<EmployeeList, AppError> {
    if let Some(w) = workspace_id {
        own_workspace(user, w)?;
    }
    let m = member(state, user, org_id).await?;
    let org = store::orgs::organisation(&state.store, org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let records = store::orgs::employees(&state.store, org_id, status).await?;
    let seen = visible(&m, user, records, status == Some(ACTIVE_USER_STATUS));
    let mut data: Vec<Employee> = seen.iter().map(views::employee).collect();
    // 000 §3: each employee carries their CRM label rules.
    let ids: Vec<i64> = data.iter().map(|e| e.user_id).collect();
    for (user_id, rule) in store::sync::label_rules_of(&state.store, org_id, &ids).await? {
        if let Some(e) = data.iter_mut().find(|e| e.user_id == user_id) {
            e.crm_label_sync_data.push(rule);
        }
    }
    let sync_list = data
        .iter()
        .map(|e| SyncEntry {
            user_id: e.user_id,
            sync_type: "whatsapp".to_owned(),
            syncing_active: e.syncing_active,
        })
        .collect();
    Ok(EmployeeList {
        result: true,
        data,
        sync_list,
        mapping_details: views::mapping(&m, &org),
    })
}

/// 001 §3 employee list: `status` (default 2, active) members the caller may see (001 §6):
/// an admin all, a manager their team (only themself without one), an employee themself.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/employees",
    tag = "employees",
    params(
        ("org_id" = i64, Query, description = "The organisation"),
        ("workspace_id" = Option<i64>, Query, description = "The caller's workspace id"),
        ("status" = Option<i16>, Query, minimum = -32768, maximum = 32767, description = "user_status, default 2"),
        ("type" = Option<String>, Query, description = "teams"),
    ),
    responses(
        (status = 200, description = "The visible employees", body = EmployeeList),
        (status = 403, description = "Another person's workspace", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn list_employees(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<EmployeesQuery>,
) -> Result<Json<EmployeeList>, AppError> {
    let status = q.status.unwrap_or(ACTIVE_USER_STATUS);
    Ok(Json(
        employee_list(&state, &user, q.org_id, q.workspace_id, Some(status)).await?,
    ))
}

/// Every member the caller may see, whatever their status: invited ones included, with their
/// invitation status.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/employees/invited",
    tag = "employees",
    params(
        ("org_id" = i64, Query, description = "The organisation"),
        ("workspace_id" = Option<i64>, Query, description = "The caller's workspace id"),
        ("type" = Option<String>, Query, description = "teams"),
    ),
    responses(
        (status = 200, description = "The visible members, invited included", body = EmployeeList),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn invited_employees(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<EmployeesQuery>,
) -> Result<Json<EmployeeList>, AppError> {
    Ok(Json(
        employee_list(&state, &user, q.org_id, q.workspace_id, None).await?,
    ))
}

/// 000 §3 organisation employees (with `workspace_id` and `crmLabelSyncData`): the active
/// members the caller may see.
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/organizations/employees",
    tag = "employees",
    params(("org_id" = i64, Query, description = "The organisation")),
    responses(
        (status = 200, description = "The visible active members", body = ResultEnvelope<Vec<Employee>>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn org_employees(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<OrgQuery>,
) -> Result<Json<ResultEnvelope<Vec<Employee>>>, AppError> {
    let list = employee_list(&state, &user, q.org_id, None, Some(ACTIVE_USER_STATUS)).await?;
    Ok(Json(ResultEnvelope::ok(list.data)))
}

/// Updates one employee's role, team (0 = none), sync flag, address or employee code (admins).
/// Demoting the last admin is 409.
#[utoipa::path(
    patch,
    path = "/api/v1/whatzapp/employees",
    tag = "employees",
    request_body = UpdateEmployee,
    responses(
        (status = 200, description = "The employee as stored", body = ResultEnvelope<Employee>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member; or a user or team of another organisation", body = contract::ErrorBody),
        (status = 409, description = "The last admin", body = contract::ErrorBody),
    )
)]
pub async fn update_employee(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<UpdateEmployee>,
) -> Result<Json<ResultEnvelope<Employee>>, AppError> {
    member_at(&state, &user, req.org_id, AccessLevel::Admin).await?;
    let text = |v: &Option<String>| {
        v.as_ref()
            .map(|s| Some(s.trim().to_owned()).filter(|s| !s.is_empty()))
    };
    if req
        .address
        .as_ref()
        .is_some_and(|a| a.chars().count() > 500)
        || req
            .employee_code
            .as_ref()
            .is_some_and(|c| c.chars().count() > 64)
    {
        return Err(AppError::invalid_field("address", RuleError::ValueInvalid));
    }
    let changes = EmployeeChanges {
        role_id: req
            .role_id
            .map(|r| role_id(r).map_err(|rule| AppError::invalid_field("role_id", rule)))
            .transpose()?,
        team_id: req.team_id.map(|t| Some(t).filter(|t| *t != 0)),
        syncing_active: req.syncing_active,
        address: text(&req.address),
        employee_code: text(&req.employee_code),
    };
    let now = state.clock.now_ms();
    let before = store::orgs::employee(&state.store, req.org_id, req.user_id).await?;
    store::orgs::update_employee(&state.store, req.org_id, req.user_id, changes, now).await?;
    let record = store::orgs::employee(&state.store, req.org_id, req.user_id).await?;
    let detail = member_change(&before.membership, &record.membership);
    if !detail.is_empty() {
        store::invitations::audit(
            state.store.conn(),
            store::invitations::OrgChange {
                org_id: req.org_id,
                actor_id: Some(user.id),
                action: "member_updated",
                target_user_id: Some(req.user_id),
                detail: serde_json::Value::Object(detail),
            },
            now,
        )
        .await?;
    }
    Ok(Json(ResultEnvelope::ok(views::employee(&record))))
}

/// What changed in a membership, as `{field: {from, to}}` for the organisation's change log.
fn member_change(
    before: &membership::Model,
    after: &membership::Model,
) -> serde_json::Map<String, serde_json::Value> {
    use serde_json::json;
    let mut out = serde_json::Map::new();
    let mut put = |field: &str, from: serde_json::Value, to: serde_json::Value| {
        if from != to {
            out.insert(field.to_owned(), json!({ "from": from, "to": to }));
        }
    };
    put("role_id", json!(before.role_id), json!(after.role_id));
    put("team_id", json!(before.team_id), json!(after.team_id));
    put(
        "syncing_active",
        json!(before.syncing_active),
        json!(after.syncing_active),
    );
    put("address", json!(before.address), json!(after.address));
    put(
        "employee_code",
        json!(before.employee_code),
        json!(after.employee_code),
    );
    out
}

/// The file of an import: the `file` part of a multipart form, or the raw body.
async fn upload_bytes(state: &AppState, req: Request) -> Result<Bytes, AppError> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let too_large = || AppError::new(ErrorCode::PayloadTooLarge, "request body is too large");
    if !multipart {
        return Bytes::from_request(req, state)
            .await
            .map_err(|_| too_large());
    }
    let mut form = Multipart::from_request(req, state)
        .await
        .map_err(|e| AppError::new(ErrorCode::MalformedBody, e.body_text()))?;
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| AppError::new(ErrorCode::MalformedBody, e.body_text()))?
    {
        if field.name() == Some("file") {
            return field
                .bytes()
                .await
                .map_err(|e| AppError::new(ErrorCode::MalformedBody, e.body_text()));
        }
    }
    Err(AppError::new(
        ErrorCode::MalformedBody,
        "the form has no `file` part",
    ))
}

/// Imports employees from a CSV or Excel file (001 §5): a `number` column with country codes,
/// optional `name`, `email`, `address`. Each bad row is reported with its line, column and rule
/// code (`phone_invalid`, `phone_country_code_missing`, `import_row_duplicate`,
/// `employee_exists`…); the valid rows are added in one transaction. A file that cannot be read
/// or has no number column is refused whole (422) and nothing is added. Imported people get no
/// e-mail from here; they join by signing in with their address.
#[utoipa::path(
    post,
    path = "/api/v1/whatzapp/employees/import",
    tag = "employees",
    params(
        ("org_id" = i64, Query, description = "The organisation"),
        ("role_id" = Option<i64>, Query, description = "Role for every row, default 3"),
        ("team_id" = Option<i64>, Query, description = "Team for every row"),
    ),
    request_body(content = String, description = "A CSV or XLSX file: raw, or the `file` part of a multipart form", content_type = "text/csv"),
    responses(
        (status = 200, description = "Rows added and rows refused", body = ResultEnvelope<ImportReport>),
        (status = 403, description = "An employee; or a manager placing outside their team", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or a team of another organisation", body = contract::ErrorBody),
        (status = 413, description = "`file_too_large`: the file inflates past 50 MB, or a sheet past 50 columns, 1 000 characters a cell or 10 MB of text", body = contract::ErrorBody),
        (status = 422, description = "`fields.file`: import_file_unreadable (also XLS and ODS), import_number_column_missing or import_too_many_rows", body = contract::ErrorBody),
    )
)]
pub async fn import_employees(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ImportQuery>,
    req: Request,
) -> Result<Json<ResultEnvelope<ImportReport>>, AppError> {
    let adder = member_at(&state, &user, q.org_id, AccessLevel::Manager).await?;
    let (role, team) = placement(&adder, q.role_id, q.team_id)?;
    let bytes = upload_bytes(&state, req).await?;
    let rows = tokio::task::spawn_blocking(move || {
        crate::import::read_rows(&bytes, crate::import::Limits::EMPLOYEES)
    })
    .await
    .map_err(AppError::internal)?
    .map_err(|refusal| match refusal {
        crate::import::Refusal::Rule(rule) => AppError::invalid_field("file", rule),
        crate::import::Refusal::TooLarge(what) => AppError::new(ErrorCode::FileTooLarge, what),
    })?;
    let mut rows = rows.into_iter();
    let Some((_, header)) = rows.next() else {
        return Err(AppError::invalid_field(
            "file",
            RuleError::ImportFileUnreadable,
        ));
    };
    let columns = ImportColumns::from_header(&header)
        .map_err(|rule| AppError::invalid_field("file", rule))?;
    // Line numbers as a spreadsheet shows them; blank lines skipped.
    let data: Vec<(usize, Vec<String>)> = rows
        .filter(|(_, cells)| cells.iter().any(|c| !c.is_empty()))
        .collect();
    if data.len() > MAX_IMPORT_ROWS {
        return Err(AppError::invalid_field(
            "file",
            RuleError::ImportTooManyRows,
        ));
    }
    let mut errors = Vec::new();
    let parsed: Vec<Option<EmployeeRow>> = data
        .iter()
        .map(
            |(line, cells)| match EmployeeRow::parse(&columns.input(cells), true) {
                Ok(row) => Some(row),
                Err(errs) => {
                    errors.extend(errs.into_iter().map(|e| ImportRowError {
                        row: *line,
                        field: e.field.to_owned(),
                        code: e.code.code().to_owned(),
                    }));
                    None
                }
            },
        )
        .collect();
    let refs: Vec<_> = parsed.iter().map(Option::as_ref).collect();
    let repeated = repeated_rows(&refs);
    let mut lines = Vec::new();
    let mut batch = Vec::new();
    for (((line, _), row), repeated) in data.iter().zip(parsed).zip(repeated) {
        let Some(row) = row else { continue };
        if repeated {
            errors.push(ImportRowError {
                row: *line,
                field: "number".to_owned(),
                code: RuleError::ImportRowDuplicate.code().to_owned(),
            });
            continue;
        }
        lines.push(*line);
        batch.push(new_employee(row, role, team));
    }
    let now = state.clock.now_ms();
    let limit = super::billing::seat_limit(&state, q.org_id).await?;
    let report =
        store::orgs::add_employees(&state.store, q.org_id, &batch, false, limit, now).await?;
    let added: Vec<i64> = report.added.iter().map(|(_, id)| *id).collect();
    store::invitations::mark_invited(&state.store, q.org_id, &added, user.id, None).await?;
    for i in &report.existing {
        errors.push(ImportRowError {
            row: lines[*i],
            field: "number".to_owned(),
            code: RuleError::EmployeeExists.code().to_owned(),
        });
    }
    for i in &report.over_seats {
        errors.push(ImportRowError {
            row: lines[*i],
            field: "number".to_owned(),
            code: ErrorCode::SeatsExhausted.code().to_owned(),
        });
    }
    errors.sort_by_key(|e| e.row);
    Ok(Json(ResultEnvelope::ok(ImportReport {
        rows: data.len(),
        inserted: report.added.len(),
        errors,
    })))
}

/// The sample import file ('download sample csv').
#[utoipa::path(
    get,
    path = "/api/v1/whatzapp/employees/import/sample",
    tag = "employees",
    responses((status = 200, description = "A CSV with the expected columns", body = String, content_type = "text/csv"))
)]
pub async fn sample_file(_caller: CurrentUser) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"switchboard-employees-sample.csv\"",
            ),
        ],
        SAMPLE_IMPORT_CSV,
    )
}
