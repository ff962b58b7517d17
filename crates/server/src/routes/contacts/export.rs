//! The contacts table's current view — its filters and order — downloaded as CSV or XLSX
//! ("view, modify or download contacts on a spreadsheet"), headed by the names an import reads,
//! so a downloaded file, changed, imports back. Cells a spreadsheet would run are written inert.

use super::transfer::MAX_EXPORT_ROWS;
use super::{filter_of, scope};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Path, Query};
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use contract::contacts::ContactsQuery;
use contract::ErrorCode;
use domain::contacts::import::label_of;
use std::collections::HashMap;
use store::entity::contact::contact;

/// The export's columns: the import's fields (so the file reads back as it is), then the owner,
/// the source, the dates, the shared labels and the organisation's tags (which an import leaves
/// alone).
pub(super) const EXPORT_HEADERS: [&str; COLUMNS] = [
    "Phone",
    "Name",
    "First name",
    "Last name",
    "Email",
    "Address",
    "Company",
    "Job title",
    "Lifecycle stage",
    "Lead status",
    "Owner",
    "Source",
    "Created",
    "Updated",
    "Labels",
    "Tags",
];
const COLUMNS: usize = 16;

/// What an export writes beside a contact's own fields, read once for the whole organisation.
struct Extras {
    /// Owners' e-mails, by user id.
    owners: HashMap<i64, String>,
    /// Shared labels' names on each contact, by contact id, sorted.
    labels: HashMap<i64, Vec<String>>,
    /// The organisation's tags, by the contact's key (digits of `+digits`/`digits@c.us` rows).
    tags: HashMap<String, Vec<String>>,
}

/// The key of a contact a manage-tool row names: its digits, whichever of the three forms.
fn row_key(name: &str) -> &str {
    let n = name.strip_prefix('+').unwrap_or(name);
    n.strip_suffix("@c.us").unwrap_or(n)
}

async fn extras(state: &AppState, org_id: i64) -> Result<Extras, AppError> {
    let owners = store::orgs::employees(&state.store, org_id, None)
        .await?
        .into_iter()
        .filter_map(|r| r.user.email.clone().map(|e| (r.user.id, e)))
        .collect();
    let labels = store::contacts::labels::names_in_org(&state.store, org_id).await?;
    let mut tags: HashMap<String, (i64, Vec<String>)> = HashMap::new();
    for row in store::manage::all_tags(&state.store, org_id, 0).await? {
        let list: Vec<String> = serde_json::from_str(&row.tags).unwrap_or_default();
        let key = row_key(&row.contact).to_owned();
        // Of a contact's rows, the newest is its tags as last set.
        if tags.get(&key).is_none_or(|(at, _)| *at < row.updated_at) {
            tags.insert(key, (row.updated_at, list));
        }
    }
    Ok(Extras {
        owners,
        labels,
        tags: tags.into_iter().map(|(k, (_, v))| (k, v)).collect(),
    })
}

/// A contact as an export's cells, the owner by e-mail.
fn cells_of(c: &contact::Model, extras: &Extras) -> [String; COLUMNS] {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let phone = if c.contact.bytes().all(|b| b.is_ascii_digit()) {
        format!("+{}", c.contact)
    } else {
        c.contact.clone()
    };
    let label = |field: &str, v: &Option<String>| {
        v.as_deref().map(|k| label_of(field, k)).unwrap_or_default()
    };
    let date = |ms: i64| crate::views::rfc3339(ms).unwrap_or_default();
    [
        phone,
        text(&c.name),
        text(&c.first_name),
        text(&c.last_name),
        text(&c.email),
        text(&c.address),
        text(&c.company),
        text(&c.job_title),
        label("lifecycle_stage", &c.lifecycle_stage),
        label("lead_status", &c.lead_status),
        c.owner_id
            .and_then(|o| extras.owners.get(&o).cloned())
            .unwrap_or_default(),
        c.source.clone(),
        date(c.created_at),
        date(c.updated_at),
        extras
            .labels
            .get(&c.id)
            .map(|l| l.join(", "))
            .unwrap_or_default(),
        extras
            .tags
            .get(&c.contact)
            .map(|t| t.join(", "))
            .unwrap_or_default(),
    ]
}

/// A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a return first)
/// is written behind an apostrophe, which spreadsheets show as text. The number column is
/// `+` and digits only, which no spreadsheet runs, and is left as it is.
fn inert(cell: String, column: usize) -> String {
    if column > 0 && cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell
    }
}

fn csv_bytes(rows: &[[String; COLUMNS]]) -> Result<Vec<u8>, AppError> {
    let mut out = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    out.write_record(EXPORT_HEADERS)
        .map_err(AppError::internal)?;
    for row in rows {
        out.write_record(row.iter().enumerate().map(|(i, c)| inert(c.clone(), i)))
            .map_err(AppError::internal)?;
    }
    out.into_inner().map_err(AppError::internal)
}

fn xlsx_bytes(rows: &[[String; COLUMNS]]) -> Result<Vec<u8>, AppError> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("Contacts").map_err(AppError::internal)?;
    let bold = rust_xlsxwriter::Format::new().set_bold();
    for (col, h) in EXPORT_HEADERS.iter().enumerate() {
        sheet
            .write_string_with_format(0, col as u16, *h, &bold)
            .map_err(AppError::internal)?;
    }
    for (r, row) in rows.iter().enumerate() {
        for (col, cell) in row.iter().enumerate() {
            if !cell.is_empty() {
                // Strings, never formulas: write_string stores the text as text.
                sheet
                    .write_string(r as u32 + 1, col as u16, cell)
                    .map_err(AppError::internal)?;
            }
        }
    }
    sheet.set_freeze_panes(1, 0).map_err(AppError::internal)?;
    book.save_to_buffer().map_err(AppError::internal)
}

#[utoipa::path(
    get,
    path = "/api/contacts/export/{format}",
    tag = "contacts",
    params(("format" = String, Path, description = "`csv` or `xlsx`"), ContactsQuery),
    responses(
        (status = 200, description = "Every contact of the view (the list's filters and order; `page` and `per_page` are not read), as a download", body = Vec<u8>, content_type = "text/csv"),
        (status = 404, description = "Not a member; or a format other than csv and xlsx", body = contract::ErrorBody),
        (status = 413, description = "`file_too_large`: the view holds more than 250 000 contacts", body = contract::ErrorBody),
        (status = 422, description = "As for the list", body = contract::ErrorBody),
    )
)]
pub async fn export_contacts(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(format): Path<String>,
    Query(q): Query<ContactsQuery>,
) -> Result<Response, AppError> {
    let xlsx = match format.as_str() {
        "csv" => false,
        "xlsx" => true,
        _ => return Err(AppError::not_found()),
    };
    let (_, seen, _) = scope(&state, &user, q.org_id).await?;
    let filter = filter_of(&q)?;
    let contacts =
        store::contacts::list_all(&state.store, q.org_id, &seen, &filter, MAX_EXPORT_ROWS)
            .await?
            .ok_or_else(|| {
                AppError::new(
                    ErrorCode::FileTooLarge,
                    "the view holds more than 250 000 contacts: narrow it with a filter",
                )
            })?;
    let extras = extras(&state, q.org_id).await?;
    let today = chrono::DateTime::from_timestamp_millis(state.clock.now_ms())
        .unwrap_or_default()
        .format("%Y-%m-%d");
    let body = tokio::task::spawn_blocking(move || {
        let rows: Vec<[String; COLUMNS]> = contacts.iter().map(|c| cells_of(c, &extras)).collect();
        if xlsx {
            xlsx_bytes(&rows)
        } else {
            csv_bytes(&rows)
        }
    })
    .await
    .map_err(AppError::internal)??;
    let (content_type, ext) = if xlsx {
        (
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "xlsx",
        )
    } else {
        ("text/csv; charset=utf-8", "csv")
    };
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"contacts-{today}.{ext}\""),
            ),
        ],
        body,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_written_as_text() {
        assert_eq!(inert("=HYPERLINK(\"x\")".into(), 1), "'=HYPERLINK(\"x\")");
        assert_eq!(inert("@SUM(A1)".into(), 4), "'@SUM(A1)");
        assert_eq!(inert("+919876543210".into(), 0), "+919876543210");
        assert_eq!(inert("Rhea".into(), 1), "Rhea");
    }

    #[test]
    fn a_tags_row_names_its_contact_by_the_digits() {
        assert_eq!(row_key("+919876543210"), "919876543210");
        assert_eq!(row_key("919876543210@c.us"), "919876543210");
        assert_eq!(row_key("919876543210"), "919876543210");
    }
}
