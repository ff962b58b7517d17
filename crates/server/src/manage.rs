//! What the manage tools' handlers share (issue #18): the workspace a call names (an
//! organisation the caller is an active member of, or their own), the plan's limits there, who
//! may change team labels and quick replies, and attachments kept in the file store.

use crate::access::member;
use crate::error::AppError;
use crate::state::AppState;
use axum::extract::Request;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use contract::manage::AttachmentInfo;
use contract::ErrorCode;
use domain::roles::AccessLevel;
use domain::subscription::PlanLimits;
use domain::RuleError;
use store::billing::Payer;
use store::entity::user;

/// `org_id` of a person's own workspace in the manage tables.
pub const PERSONAL: i64 = 0;

/// The workspace of a call.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// The organisation, or [`PERSONAL`].
    pub org_id: i64,
    pub user_id: i64,
    /// The caller's role in the organisation (none in their own workspace).
    pub role_id: Option<i16>,
    pub team_id: Option<i64>,
    /// `admins` or `admins_and_managers` (organisations only).
    pub team_tools_editors: String,
}

impl Workspace {
    pub fn is_org(&self) -> bool {
        self.org_id != PERSONAL
    }

    pub fn is_admin(&self) -> bool {
        self.role_id == Some(1)
    }

    /// 001 §6 'Teams plan lets admins control access to team labels and quick replies': admins
    /// always; managers when the organisation lets them.
    pub fn may_edit_team_tools(&self) -> bool {
        match self.role_id {
            Some(1) => true,
            Some(2) => self.team_tools_editors == "admins_and_managers",
            _ => false,
        }
    }

    fn payer(&self) -> Payer {
        if self.is_org() {
            Payer::Org(self.org_id)
        } else {
            Payer::User(self.user_id)
        }
    }

    /// The organisation's id, or 422 `fields.org_id` = `rule` in the personal workspace.
    pub fn org_only(&self, rule: RuleError) -> Result<i64, AppError> {
        if self.is_org() {
            Ok(self.org_id)
        } else {
            Err(AppError::invalid_field("org_id", rule))
        }
    }

    /// 403 `admin_only` unless the caller is an admin of the organisation.
    pub fn admin(&self) -> Result<(), AppError> {
        AccessLevel::Admin
            .check(self.role_id.map(i64::from))
            .map(|_| ())
            .map_err(AppError::forbidden)
    }
}

/// Resolves `org_id` (none: the caller's own workspace). A non-member gets 404.
pub async fn workspace(
    state: &AppState,
    user: &user::Model,
    org_id: Option<i64>,
) -> Result<Workspace, AppError> {
    match org_id {
        None | Some(PERSONAL) => Ok(Workspace {
            org_id: PERSONAL,
            user_id: user.id,
            role_id: None,
            team_id: None,
            team_tools_editors: "admins".into(),
        }),
        Some(org) => {
            let m = member(state, user, org).await?;
            let editors = store::orgs::organisation(&state.store, org)
                .await?
                .map(|o| o.team_tools_editors)
                .unwrap_or_else(|| "admins".into());
            Ok(Workspace {
                org_id: org,
                user_id: user.id,
                role_id: Some(m.role_id),
                team_id: m.team_id,
                team_tools_editors: editors,
            })
        }
    }
}

/// The plan's limits in the workspace (001 §9: 5 labels, 5 quick replies, the signature on
/// Free).
pub async fn limits(state: &AppState, ws: &Workspace) -> Result<PlanLimits, AppError> {
    let plan = crate::billing::payer_plan(state, ws.payer()).await?;
    let now = crate::billing::standing_now(state, plan.facts);
    Ok(domain::subscription::plan_limits(&now, plan.ai_addon, None))
}

/// 402 `plan_limit_reached` (`fields.plan` = `what`) when `used` reached `limit`.
pub fn within_limit(limit: Option<u32>, used: u64, what: &str) -> Result<(), AppError> {
    match limit {
        Some(l) if used >= u64::from(l) => {
            let mut e = AppError::new(
                ErrorCode::PlanLimitReached,
                format!("the plan allows {l} {what}"),
            );
            e.fields = Some([("plan".to_owned(), what.to_owned())].into());
            Err(e)
        }
        _ => Ok(()),
    }
}

/// What one person keeps in a workspace, bounded by `quotas.*` (issue #23).
#[derive(Debug, Clone, Copy)]
pub enum Kept {
    Schedules,
    FollowUps,
}

/// 409 `quota_reached` (`fields.quota` names it) when the caller already keeps as many as the
/// quota allows in this workspace. Counted before the insert: two creations at the same instant
/// may pass it by one each, which bounds growth all the same.
pub async fn within_quota(state: &AppState, ws: &Workspace, kept: Kept) -> Result<(), AppError> {
    let quotas = &state.config.quotas;
    let (used, limit, name) = match kept {
        Kept::Schedules => (
            store::quotas::schedules_of(&state.store, ws.org_id, ws.user_id).await?,
            quotas.schedules_per_workspace,
            "schedules",
        ),
        Kept::FollowUps => (
            store::quotas::follow_ups_of(&state.store, ws.org_id, ws.user_id).await?,
            quotas.follow_ups_per_workspace,
            "follow_ups",
        ),
    };
    if used < limit {
        return Ok(());
    }
    let mut e = AppError::new(
        ErrorCode::QuotaReached,
        format!("at most {limit} {name} may be kept in a workspace"),
    );
    e.fields = Some([("quota".to_owned(), name.to_owned())].into());
    Err(e)
}

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
    fn key(&self) -> Option<&str>;
    fn info(&self, url: String) -> Option<AttachmentInfo>;
}

macro_rules! attached {
    ($model:path) => {
        impl Attached for $model {
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

attached!(store::entity::manage::quick_reply::Model);
attached!(store::entity::manage::schedule::Model);

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
