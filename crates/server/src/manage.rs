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
    let name: String = name.trim().chars().take(255).collect();
    if bytes.is_empty() || name.is_empty() {
        return Err(AppError::invalid_field("file", RuleError::FieldsRequired));
    }
    let key = format!(
        "manage/{}/{}/{}",
        ws.org_id,
        ws.user_id,
        uuid::Uuid::new_v4()
    );
    state
        .files
        .put(&key, &bytes)
        .await
        .map_err(AppError::internal)?;
    Ok(Stored {
        key,
        name,
        content_type,
        size: bytes.len() as i64,
    })
}

/// Removes a file that is no longer referenced (a failure is only logged).
pub async fn forget_file(state: &AppState, key: Option<&str>) {
    if let Some(key) = key {
        if let Err(e) = state.files.delete(key).await {
            tracing::warn!(error = %e, "attachment file not removed");
        }
    }
}

/// A row that carries at most one file (quick replies and scheduled messages): its four
/// attachment columns, read and written in one place.
pub trait Attached {
    fn slots(&mut self) -> AttachmentSlots<'_>;
    fn key(&self) -> Option<&str>;
    fn info(&self, url: String) -> Option<AttachmentInfo>;
}

/// The attachment columns of a row.
pub struct AttachmentSlots<'a> {
    key: &'a mut Option<String>,
    name: &'a mut Option<String>,
    content_type: &'a mut Option<String>,
    size: &'a mut Option<i64>,
}

impl AttachmentSlots<'_> {
    /// Puts `file` in, answering the key of the file it replaces.
    pub fn set(self, file: &Stored) -> Option<String> {
        *self.name = Some(file.name.clone());
        *self.content_type = Some(file.content_type.clone());
        *self.size = Some(file.size);
        self.key.replace(file.key.clone())
    }

    /// Empties them, answering the key of the file that was there.
    pub fn clear(self) -> Option<String> {
        *self.name = None;
        *self.content_type = None;
        *self.size = None;
        self.key.take()
    }
}

macro_rules! attached {
    ($model:path) => {
        impl Attached for $model {
            fn slots(&mut self) -> AttachmentSlots<'_> {
                AttachmentSlots {
                    key: &mut self.attachment_key,
                    name: &mut self.attachment_name,
                    content_type: &mut self.attachment_type,
                    size: &mut self.attachment_size,
                }
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

/// Answers a stored file as a download.
async fn serve_file(
    state: &AppState,
    key: &str,
    name: &str,
    content_type: &str,
) -> Result<Response, AppError> {
    let bytes = state.files.get(key).await.map_err(AppError::internal)?;
    let disposition = format!(
        "attachment; filename=\"{}\"",
        name.replace(['"', '\\', '\r', '\n'], "_")
    );
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
            (
                header::HeaderName::from_static("x-content-type-options"),
                "nosniff".to_owned(),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// `?org_id=` for links (empty for the personal workspace).
pub fn org_param(org_id: i64) -> String {
    if org_id == PERSONAL {
        String::new()
    } else {
        format!("?org_id={org_id}")
    }
}
