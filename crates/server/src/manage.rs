//! Attachments of the manage tools' rows (issue #18, #23): uploads kept in the file store within
//! the quotas, swapped onto a row only while it still holds the file replaced, and served back.
//! The workspace a call names is `crate::workspace`.

use crate::error::AppError;
use crate::state::AppState;
use crate::workspace::{Workspace, PERSONAL};
use axum::extract::Request;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use contract::manage::AttachmentInfo;
use contract::ErrorCode;
use domain::RuleError;

/// 001 §6: the Free plan's sent-from-the-product signature.
pub const SIGNATURE: &str = "Sent with Switchboard";

/// An uploaded attachment, stored.
pub struct Stored {
    pub key: String,
    pub name: String,
    pub content_type: String,
    pub size: i64,
}

/// Reads an upload (at most [`domain::manage::MAX_ATTACHMENT_BYTES`], else 422
/// `fields.file` = `attachment_too_large`) and keeps it in the file store.
pub async fn store_upload(
    state: &AppState,
    ws: &Workspace,
    name: &str,
    req: Request,
) -> Result<Stored, AppError> {
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or_default()
                .trim()
                .to_ascii_lowercase()
        })
        .filter(|v| !v.is_empty() && v.len() <= 120 && !v.contains(['\r', '\n']))
        .unwrap_or_else(|| "application/octet-stream".to_owned());
    let limit = usize::try_from(domain::manage::MAX_ATTACHMENT_BYTES).unwrap_or(usize::MAX) + 1;
    let too_large = || AppError::invalid_field("file", RuleError::AttachmentTooLarge);
    let bytes = axum::body::to_bytes(req.into_body(), limit)
        .await
        .map_err(|_| too_large())?;
    if bytes.len() as u64 > domain::manage::MAX_ATTACHMENT_BYTES {
        return Err(too_large());
    }
    let name = crate::files::stored_name(name);
    if bytes.is_empty() || name.is_empty() {
        return Err(AppError::invalid_field("file", RuleError::FieldsRequired));
    }
    let key = format!(
        "manage/{}/{}/{}",
        ws.org_id,
        ws.user_id,
        uuid::Uuid::new_v4()
    );
    let quotas = &state.config.quotas;
    let counted = store::quotas::reserve_file(
        &state.store,
        store::quotas::NewFile {
            key: &key,
            user_id: ws.user_id,
            org_id: ws.org_id,
            size: bytes.len() as i64,
        },
        quotas.user_storage_bytes(),
        quotas.org_storage_bytes(),
        state.clock.now_ms(),
    )
    .await?;
    if let Err(hit) = counted {
        return Err(storage_full(hit));
    }
    if let Err(e) = state.files.put(&key, &bytes).await {
        let _ = store::quotas::release_file(&state.store, &key).await;
        return Err(AppError::internal(e));
    }
    Ok(Stored {
        key,
        name,
        content_type,
        size: bytes.len() as i64,
    })
}

/// 413 `storage_quota_exceeded`, `fields.quota` naming the quota (`user` or `organisation`).
fn storage_full(hit: store::quotas::StorageHit) -> AppError {
    let quota = match hit {
        store::quotas::StorageHit::User => "user",
        store::quotas::StorageHit::Organisation => "organisation",
    };
    let mut e = AppError::new(
        ErrorCode::StorageQuotaExceeded,
        format!("the {quota} storage quota would be passed"),
    );
    e.fields = Some([("quota".to_owned(), quota.to_owned())].into());
    e
}

/// Removes a file that is no longer referenced, and then its place in the quotas (a failure is
/// only logged; a file that could not be removed still counts).
pub async fn forget_file(state: &AppState, key: Option<&str>) {
    if let Some(key) = key {
        match state.files.delete(key).await {
            Ok(()) => {
                if let Err(e) = store::quotas::release_file(&state.store, key).await {
                    tracing::warn!(error = %e, "stored file's quota row not removed");
                }
            }
            Err(e) => tracing::warn!(error = %e, "attachment file not removed"),
        }
    }
}

/// The rows that carry one file.
#[derive(Debug, Clone, Copy)]
pub enum AttachedTable {
    QuickReply,
    Schedule,
}

/// Puts `file` on row `id` of `table` in place of `expected` (with `None`, removes it), only
/// while the row still holds `expected`: the replaced file is then forgotten; otherwise the new
/// one is, and the answer is 409 `conflict` (someone changed it meanwhile). No file is left that
/// no row names.
pub async fn swap_attachment(
    state: &AppState,
    ws: &Workspace,
    table: AttachedTable,
    id: i64,
    expected: Option<&str>,
    file: Option<&Stored>,
) -> Result<(), AppError> {
    let columns = file.map_or_else(Default::default, |f| store::manage::AttachmentColumns {
        key: Some(f.key.clone()),
        name: Some(f.name.clone()),
        content_type: Some(f.content_type.clone()),
        size: Some(f.size),
    });
    let now = state.clock.now_ms();
    let swapped = match table {
        AttachedTable::QuickReply => {
            store::manage::swap_quick_reply_attachment(
                &state.store,
                ws.org_id,
                id,
                expected,
                columns,
                now,
            )
            .await
        }
        AttachedTable::Schedule => {
            store::manage::swap_schedule_attachment(
                &state.store,
                ws.org_id,
                id,
                expected,
                columns,
                now,
            )
            .await
        }
    };
    match swapped {
        Ok(true) => {
            forget_file(state, expected).await;
            Ok(())
        }
        Ok(false) => {
            forget_file(state, file.map(|f| f.key.as_str())).await;
            Err(AppError::new(
                ErrorCode::Conflict,
                "the file was changed meanwhile; reload and try again",
            ))
        }
        Err(e) => {
            forget_file(state, file.map(|f| f.key.as_str())).await;
            Err(e.into())
        }
    }
}

/// A row that carries at most one file (quick replies and scheduled messages): its attachment
/// columns, read in one place (written only by [`swap_attachment`]).
pub trait Attached {
    /// The table the row is in.
    const TABLE: AttachedTable;
    fn id(&self) -> i64;
    /// The text sent with the file (a row needs one or the other).
    fn message(&self) -> &str;
    fn key(&self) -> Option<&str>;
    fn info(&self, url: String) -> Option<AttachmentInfo>;
}

macro_rules! attached {
    ($model:path, $table:expr) => {
        impl Attached for $model {
            const TABLE: AttachedTable = $table;

            fn id(&self) -> i64 {
                self.id
            }

            fn message(&self) -> &str {
                &self.message
            }

            fn key(&self) -> Option<&str> {
                self.attachment_key.as_deref()
            }

            fn info(&self, url: String) -> Option<AttachmentInfo> {
                self.attachment_key.as_ref()?;
                Some(AttachmentInfo {
                    name: self.attachment_name.clone().unwrap_or_default(),
                    size_bytes: self.attachment_size.unwrap_or(0),
                    content_type: self
                        .attachment_type
                        .clone()
                        .unwrap_or_else(|| "application/octet-stream".into()),
                    url,
                })
            }
        }
    };
}

attached!(
    store::entity::manage::quick_reply::Model,
    AttachedTable::QuickReply
);
attached!(
    store::entity::manage::schedule::Model,
    AttachedTable::Schedule
);

/// Keeps the upload in `req` as `row`'s file, in place of the one it holds.
pub async fn attach_upload<R: Attached>(
    state: &AppState,
    ws: &Workspace,
    row: &R,
    name: &str,
    req: Request,
) -> Result<(), AppError> {
    let file = store_upload(state, ws, name, req).await?;
    swap_attachment(state, ws, R::TABLE, row.id(), row.key(), Some(&file)).await
}

/// Removes `row`'s file; a row without text would have nothing left to send: 422
/// `fields.message` = `empty`.
pub async fn detach<R: Attached>(
    state: &AppState,
    ws: &Workspace,
    row: &R,
    empty: RuleError,
) -> Result<(), AppError> {
    if row.message().trim().is_empty() {
        return Err(AppError::invalid_field("message", empty));
    }
    swap_attachment(state, ws, R::TABLE, row.id(), row.key(), None).await
}

/// Answers a row's file as a download (404 when it has none).
pub async fn serve_attachment<R: Attached>(
    state: &AppState,
    row: &R,
) -> Result<Response, AppError> {
    let key = row
        .key()
        .map(str::to_owned)
        .ok_or_else(AppError::not_found)?;
    let info = row.info(String::new()).ok_or_else(AppError::not_found)?;
    serve_file(state, &key, &info.name, &info.content_type).await
}

/// Answers a stored file as a download: an inert type only, a safe name, `nosniff`
/// (`files::download_headers`).
async fn serve_file(
    state: &AppState,
    key: &str,
    name: &str,
    content_type: &str,
) -> Result<Response, AppError> {
    let bytes = state.files.get(key).await.map_err(AppError::internal)?;
    Ok((crate::files::download_headers(name, content_type), bytes).into_response())
}

/// `?org_id=` for links (empty for the personal workspace).
pub fn org_param(org_id: i64) -> String {
    if org_id == PERSONAL {
        String::new()
    } else {
        format!("?org_id={org_id}")
    }
}
