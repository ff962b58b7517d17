//! Contacts in and out of a spreadsheet (issue #29: "view, modify or download contacts on a
//! spreadsheet"). An import is read whole, each column given a field (guessed from its header,
//! or as the person chose), every row checked, and written all or none: a dry run answers what
//! a commit would do, and a commit with any bad row writes nothing. An export is the table's
//! current view — its filters and order — as CSV or XLSX, headed by the names an import reads.

use super::scope;
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Query;
use crate::import::{read_rows, Limits, Refusal};
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::Json;
use contract::accounts::ImportRowError;
use contract::contacts::{ContactImportQuery, ContactImportReport, ImportColumn};
use contract::ErrorCode;
use domain::contacts::import::{
    check_mapping, parse_mapping, parse_row, suggested_mapping, ImportRow,
};
use domain::roles::AccessLevel;
use domain::RuleError;
use std::collections::HashMap;

/// The largest file an import reads (100 000 rows of ten fields fit in well under it).
pub const MAX_IMPORT_BYTES: usize = 20 * 1024 * 1024;
/// Refusals a report lists; the rest are counted.
const MAX_REPORTED: usize = 500;
/// Values shown under each column.
const SAMPLES: usize = 3;
/// Contacts one export holds at most.
pub const MAX_EXPORT_ROWS: u64 = 250_000;

#[utoipa::path(
    post,
    path = "/api/contacts/import",
    tag = "contacts",
    params(ContactImportQuery),
    request_body(content = Vec<u8>, description = "The CSV or XLSX file, as the body", content_type = "application/octet-stream"),
    responses(
        (status = 200, description = "What the rows would do (a dry run), or did (`committed`)", body = ContactImportReport),
        (status = 403, description = "An employee: importing is a manager's (`fields.role`)", body = contract::ErrorBody),
        (status = 404, description = "Not a member of the organisation", body = contract::ErrorBody),
        (status = 413, description = "`file_too_large`: over 20 MB, inflating past 200 MB, or a sheet past 50 columns, 1 000 characters a cell or 40 MB of text", body = contract::ErrorBody),
        (status = 422, description = "`fields.file`: import_file_unreadable or import_too_many_rows (over 100 000); `fields.mapping`: value_invalid or import_number_column_missing", body = contract::ErrorBody),
    )
)]
pub async fn import_contacts(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<ContactImportQuery>,
    req: Request,
) -> Result<Json<ContactImportReport>, AppError> {
    let (me, seen, _) = scope(&state, &user, q.org_id).await?;
    AccessLevel::Manager
        .check(Some(i64::from(me.role_id)))
        .map_err(AppError::forbidden)?;
    let bytes = axum::body::to_bytes(req.into_body(), MAX_IMPORT_BYTES)
        .await
        .map_err(|_| AppError::new(ErrorCode::FileTooLarge, "the file is larger than 20 MB"))?;
    let rows = tokio::task::spawn_blocking(move || read_rows(&bytes, Limits::CONTACTS))
        .await
        .map_err(AppError::internal)?
        .map_err(|refusal| match refusal {
            Refusal::Rule(rule) => AppError::invalid_field("file", rule),
            Refusal::TooLarge(what) => AppError::new(ErrorCode::FileTooLarge, what),
        })?;
    let mut rows = rows.into_iter();
    let Some((_, header)) = rows.next() else {
        return Err(AppError::invalid_field(
            "file",
            RuleError::ImportFileUnreadable,
        ));
    };
    let data: Vec<(usize, Vec<String>)> = rows
        .filter(|(_, cells)| cells.iter().any(|c| !c.is_empty()))
        .collect();
    let width = data
        .iter()
        .map(|(_, c)| c.len())
        .fold(header.len(), usize::max);
    let mapping = match q.mapping.as_deref() {
        Some(m) => parse_mapping(m, width).map_err(|e| AppError::invalid_field("mapping", e))?,
        None => {
            let mut guessed = suggested_mapping(&header);
            guessed.resize(width, None);
            guessed
        }
    };
    let mut report = ContactImportReport {
        columns: columns(&header, &data, &mapping),
        rows: data.len() as u64,
        created: 0,
        updated: 0,
        unchanged: 0,
        error_rows: 0,
        errors: Vec::new(),
        committed: false,
    };
    if let Err(rule) = check_mapping(&mapping) {
        // A guess without a number column: the person chooses one.
        report.errors.push(refusal(1, "phone", rule.code()));
        return Ok(Json(report));
    }
    let (good, lines, refused) = checked_rows(&data, &mapping);
    let commit = q.commit == Some(true) && refused.is_empty();
    let outcome = store::contacts::import(
        &state.store,
        q.org_id,
        &good,
        &seen,
        user.id,
        commit,
        state.clock.now_ms(),
    )
    .await?;
    let mut refused = refused;
    for i in &outcome.not_seen {
        refused.push(refusal(
            lines[*i],
            "phone",
            RuleError::ContactNotYours.code(),
        ));
    }
    refused.sort_by_key(|e| e.row);
    let mut bad_lines: Vec<usize> = refused.iter().map(|e| e.row).collect();
    bad_lines.dedup();
    report.error_rows = bad_lines.len() as u64;
    report.created = outcome.created;
    report.updated = outcome.updated;
    report.unchanged = outcome.unchanged;
    report.committed = commit && outcome.not_seen.is_empty();
    refused.truncate(MAX_REPORTED);
    report.errors = refused;
    Ok(Json(report))
}

fn refusal(row: usize, field: &str, code: &str) -> ImportRowError {
    ImportRowError {
        row,
        field: field.to_owned(),
        code: code.to_owned(),
    }
}

/// Each column's header, field and first values.
fn columns(
    header: &[String],
    data: &[(usize, Vec<String>)],
    mapping: &[Option<&'static str>],
) -> Vec<ImportColumn> {
    mapping
        .iter()
        .enumerate()
        .map(|(i, field)| ImportColumn {
            header: header.get(i).cloned().unwrap_or_default(),
            field: field.map(str::to_owned),
            samples: data
                .iter()
                .filter_map(|(_, cells)| cells.get(i).filter(|c| !c.is_empty()).cloned())
                .take(SAMPLES)
                .collect(),
        })
        .collect()
}

/// The rows read through `mapping`: the good ones with their lines, and every refusal — a bad
/// cell, or a number an earlier row has (`import_row_duplicate`).
fn checked_rows(
    data: &[(usize, Vec<String>)],
    mapping: &[Option<&'static str>],
) -> (Vec<ImportRow>, Vec<usize>, Vec<ImportRowError>) {
    let mut good = Vec::with_capacity(data.len());
    let mut lines = Vec::with_capacity(data.len());
    let mut refused = Vec::new();
    let mut first_line: HashMap<String, usize> = HashMap::with_capacity(data.len());
    for (line, cells) in data {
        match parse_row(mapping, cells) {
            Ok(row) => {
                if first_line.contains_key(&row.contact) {
                    refused.push(refusal(
                        *line,
                        "phone",
                        RuleError::ImportRowDuplicate.code(),
                    ));
                } else {
                    first_line.insert(row.contact.clone(), *line);
                    good.push(row);
                    lines.push(*line);
                }
            }
            Err(bad) => refused.extend(bad.into_iter().map(|(f, e)| refusal(*line, f, e.code()))),
        }
    }
    (good, lines, refused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::contacts::import::IMPORT_FIELDS;

    #[test]
    fn the_export_heads_its_columns_with_names_the_import_reads() {
        let header: Vec<String> = super::super::export::EXPORT_HEADERS
            .iter()
            .map(|h| (*h).to_owned())
            .collect();
        let mapping = suggested_mapping(&header);
        assert_eq!(
            mapping[..IMPORT_FIELDS.len()]
                .iter()
                .map(|f| f.unwrap())
                .collect::<Vec<_>>(),
            IMPORT_FIELDS
        );
        assert!(mapping[IMPORT_FIELDS.len()..].iter().all(Option::is_none));
    }
}
