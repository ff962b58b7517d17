//! The knowledge base (000 §2 `/knowledge-base`, §4 chat flow, §5 'Only PDF files up to 15MB
//! are supported.', §7 AI handler; issue #17): an organisation's PDFs — uploaded (checked by the
//! domain's attachment rule and by content), read page by page, indexed, listed, downloaded and
//! deleted — and questions answered from them with page-exact citations, or from the AI service
//! when one is configured (falling back to the passages when it fails). A question nothing
//! answers says so and is listed for the organisation's admins. Conversations are kept per user
//! and organisation.

use super::{Access, Routes};
use crate::access::{member, member_at};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::Path;
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::views::rfc3339;
use crate::workspace::Workspace;
use axum::extract::{Request, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use contract::accounts::ResultEnvelope;
use contract::kb::{
    AskAnswer, AskRequest, Citation, KbConversation, KbDocument, KbMessage, KbOrgQuery,
    RepliesLeft, ReplyRequest, ReplySuggestion, UnansweredQuestion, UploadQuery,
};
use contract::ErrorCode;
use domain::chat::MAX_ATTACHMENT_BYTES;
use domain::roles::AccessLevel;
use std::time::Duration;
use store::entity::kb::{conversation, message};
use utoipa_axum::routes;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::Scoped, routes!(upload_document))
        .add(Access::Scoped, routes!(list_documents))
        .add(Access::Scoped, routes!(download_document))
        .add(Access::Scoped, routes!(delete_document))
        .add(Access::Scoped, routes!(ask))
        .add(Access::Scoped, routes!(unanswered_questions))
        .add_extension(Access::Scoped, routes!(suggest_reply))
        .add_extension(Access::Scoped, routes!(replies_left))
}

/// The longest question read (longer ones are cut).
const MAX_QUESTION_CHARS: usize = 2_000;

/// An active member of an organisation whose knowledge base is on (000 §2: the entry is shown
/// only for organisations with it; a typed address gets the same answer as the hidden entry).
pub(super) async fn kb_member(
    state: &AppState,
    user: &store::entity::user::Model,
    org_id: i64,
) -> Result<Workspace, AppError> {
    let m = member(state, user, org_id).await?;
    let org = store::orgs::organisation(&state.store, org_id)
        .await?
        .ok_or_else(AppError::not_found)?;
    if crate::billing::knowledge_base_on(state, &org) {
        Ok(Workspace::of_member(&m, &org))
    } else {
        Err(AppError::new(
            ErrorCode::NotInPlan,
            "the knowledge base comes with the Teams plan; this organisation's plan does not include it",
        )
        .with_field("feature", "knowledge_base"))
    }
}

fn refused() -> AppError {
    AppError::invalid_field("file", domain::RuleError::AttachmentNotSupported)
}

fn document_view(d: &store::entity::kb::document::Model, passages: u64) -> KbDocument {
    KbDocument {
        id: d.id,
        name: d.name.clone(),
        size_bytes: d.size_bytes,
        pages: d.pages,
        passages,
        created_at: rfc3339(d.created_at).unwrap_or_default(),
    }
}

/// Uploads a PDF (the body, `Content-Type: application/pdf`; admins and managers): at most
/// 15 728 640 bytes and a PDF by content (else `fields.file` = `attachment_not_supported`, 'Only
/// PDF files up to 15MB are supported.'); a broken, password-protected or text-less PDF is
/// refused with its own code, one past `knowledge_base.max_pages` or `max_text_chars` with
/// `file_too_large`, and past the organisation's documents or storage with
/// `plan_limit_reached` or `storage_quota_exceeded` — nothing stored. Its text is read page by
/// page (at most `max_concurrent_reads` at once: 503 `server_busy` after `read_wait_ms`) and
/// indexed before the answer, in short batches under a document nobody sees until the last one.
#[utoipa::path(
    post,
    path = "/api/kb/documents",
    tag = "knowledge base",
    params(
        ("org_id" = i64, Query, description = "The organisation"),
        ("name" = String, Query, description = "The file's name"),
    ),
    request_body(content = contract::kb::PdfFile, content_type = "application/pdf"),
    responses(
        (status = 200, description = "The document, indexed", body = KbDocument),
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the plan does not include the knowledge base; `plan_limit_reached`: the organisation has its most documents", body = contract::ErrorBody),
        (status = 403, description = "An employee (`admins_managers_only`)", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 413, description = "`file_too_large`: too many pages or too much text; `storage_quota_exceeded`: no storage left", body = contract::ErrorBody),
        (status = 422, description = "`fields.file` = attachment_not_supported; pdf_unreadable, pdf_encrypted, pdf_no_text", body = contract::ErrorBody),
        (status = 503, description = "`server_busy`: every reader is busy (`Retry-After`)", body = contract::ErrorBody),
    )
)]
pub async fn upload_document(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<UploadQuery>,
    req: Request,
) -> Result<Response, AppError> {
    kb_member(&state, &user, q.org_id).await?;
    member_at(&state, &user, q.org_id, AccessLevel::Manager).await?;
    // Read at most one byte more than allowed: a larger body is refused without reading it all.
    let limit = usize::try_from(MAX_ATTACHMENT_BYTES).unwrap_or(usize::MAX) + 1;
    let bytes = axum::body::to_bytes(req.into_body(), limit)
        .await
        .map_err(|_| refused())?;
    let check = domain::chat::AttachmentInput {
        name: q.name.clone(),
        size: bytes.len() as u64,
        mime_type: Some("application/pdf".to_owned()),
    };
    domain::chat::check_attachment(&check).map_err(|rule| AppError::invalid_field("file", rule))?;
    if !crate::pdf::looks_like_pdf(&bytes) {
        return Err(refused());
    }
    // Abandoned uploads go first (they count against the quota), then the quota is checked
    // before the work of reading (and again, atomically, when the rows are reserved).
    crate::kb_index::clean_abandoned(&state, q.org_id, state.clock.now_ms()).await;
    let quota = crate::kb_index::kb_quota(&state);
    let (count, used) = store::kb::usage(&state.store, q.org_id).await?;
    crate::kb_index::quota_refusal(quota, count, used, bytes.len() as u64)?;
    let wait = Duration::from_millis(state.config.knowledge_base.read_wait_ms);
    let Ok(Ok(permit)) = tokio::time::timeout(wait, state.pdf_reads.clone().acquire_owned()).await
    else {
        return Ok((
            [(header::RETRY_AFTER, "30")],
            AppError::new(ErrorCode::ServerBusy, "every PDF reader is busy"),
        )
            .into_response());
    };
    let pages = crate::pdf::Reader::from_config(&state.config.knowledge_base)
        .page_texts(bytes.clone())
        .await
        .map_err(|refusal| AppError::new(refusal.code(), refusal.describe()))?;
    drop(permit);
    let page_count = i32::try_from(pages.len()).unwrap_or(i32::MAX);
    let passages = tokio::task::spawn_blocking(move || crate::kb_index::passages_of(&pages))
        .await
        .map_err(AppError::internal)?;
    let count = passages.len() as u64;
    let now = state.clock.now_ms();
    let key = format!("kb/{}/{}.pdf", q.org_id, uuid::Uuid::new_v4());
    let reserved = store::kb::reserve_document(
        &state.store,
        store::kb::NewDocument {
            org_id: q.org_id,
            name: crate::files::stored_name(&q.name),
            size_bytes: bytes.len() as i64,
            pages: page_count,
            storage_key: key.clone(),
            uploaded_by: user.id,
        },
        quota,
        now,
    )
    .await?;
    let doc = match reserved {
        store::kb::Reserved::Document(doc) => doc,
        store::kb::Reserved::TooManyDocuments => {
            return Err(crate::kb_index::too_many_documents(quota))
        }
        store::kb::Reserved::NoStorageLeft => return Err(crate::kb_index::no_storage_left()),
    };
    let written = async {
        state
            .files
            .put(&key, &bytes)
            .await
            .map_err(AppError::internal)?;
        crate::kb_index::index_in_batches(&state, &doc, passages).await
    }
    .await;
    match written {
        Ok(true) => {
            let mut doc = doc;
            doc.state = store::kb::READY.to_owned();
            Ok(Json(document_view(&doc, count)).into_response())
        }
        Ok(false) => Err(AppError::new(
            ErrorCode::Conflict,
            "the document was removed while it was written",
        )),
        Err(e) => {
            // Nothing half-stored: the rows and the file go.
            if let Err(e) = store::kb::discard_document(&state.store, &doc).await {
                tracing::warn!(error = %e, "a failed upload's rows are left for the next upload");
            }
            let _ = state.files.delete(&key).await;
            Err(e)
        }
    }
}

/// The organisation's documents, newest first.
#[utoipa::path(
    get,
    path = "/api/kb/documents",
    tag = "knowledge base",
    params(("org_id" = i64, Query, description = "The organisation")),
    responses(
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the organisation's plan does not include the knowledge base", body = contract::ErrorBody),
        (status = 200, description = "The documents", body = ResultEnvelope<Vec<KbDocument>>),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn list_documents(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<KbOrgQuery>,
) -> Result<Json<ResultEnvelope<Vec<KbDocument>>>, AppError> {
    kb_member(&state, &user, q.org_id).await?;
    let docs = store::kb::documents(&state.store, q.org_id).await?;
    Ok(Json(ResultEnvelope::ok(
        docs.iter().map(|d| document_view(d, 0)).collect(),
    )))
}

/// The PDF itself (`#page=N` on this address opens it at a page).
#[utoipa::path(
    get,
    path = "/api/kb/documents/{id}/file",
    tag = "knowledge base",
    params(
        ("id" = i64, Path, description = "The document"),
        ("org_id" = i64, Query, description = "The organisation"),
    ),
    responses(
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the organisation's plan does not include the knowledge base", body = contract::ErrorBody),
        (status = 200, description = "The PDF, as an attachment (`nosniff`)", content_type = "application/pdf", body = Vec<u8>),
        (status = 404, description = "Not a member, or no such document", body = contract::ErrorBody),
    )
)]
pub async fn download_document(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<KbOrgQuery>,
) -> Result<impl IntoResponse, AppError> {
    kb_member(&state, &user, q.org_id).await?;
    let doc = store::kb::document(&state.store, q.org_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let bytes = state
        .files
        .get(&doc.storage_key)
        .await
        .map_err(AppError::internal)?;
    Ok((
        crate::files::view_headers(&doc.name, "application/pdf"),
        bytes,
    ))
}

/// Deletes a document (admins and managers), its passages (answers no longer cite it) and its
/// file.
#[utoipa::path(
    delete,
    path = "/api/kb/documents/{id}",
    tag = "knowledge base",
    params(
        ("id" = i64, Path, description = "The document"),
        ("org_id" = i64, Query, description = "The organisation"),
    ),
    responses(
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the organisation's plan does not include the knowledge base", body = contract::ErrorBody),
        (status = 200, description = "The documents left", body = ResultEnvelope<Vec<KbDocument>>),
        (status = 403, description = "An employee: `admins_managers_only`", body = contract::ErrorBody),
        (status = 404, description = "Not a member, or no such document", body = contract::ErrorBody),
    )
)]
pub async fn delete_document(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<i64>,
    Query(q): Query<KbOrgQuery>,
) -> Result<Json<ResultEnvelope<Vec<KbDocument>>>, AppError> {
    kb_member(&state, &user, q.org_id).await?;
    member_at(&state, &user, q.org_id, AccessLevel::Manager).await?;
    let doc = store::kb::delete_document(&state.store, q.org_id, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    if let Err(e) = state.files.delete(&doc.storage_key).await {
        tracing::warn!(error = %e, "document file not removed");
    }
    list_documents(State(state), CurrentUser(user), Query(q)).await
}

pub(super) fn message_view(m: &message::Model) -> KbMessage {
    KbMessage {
        id: m.id,
        message: m.text.clone(),
        kind: m.role.clone(),
        date: rfc3339(m.created_at).unwrap_or_default(),
        status: m.status.clone(),
        citations: serde_json::from_str(&m.citations).unwrap_or_default(),
    }
}

pub(super) fn conversation_view(c: &conversation::Model) -> KbConversation {
    KbConversation {
        id: c.id,
        title: c.title.clone(),
        updated_at: rfc3339(c.updated_at).unwrap_or_default(),
    }
}

/// The passages that answer `question` in the organisation's documents, best first.
async fn search(state: &AppState, org_id: i64, question: &str) -> Result<Vec<Citation>, AppError> {
    super::kb_search::search(state, org_id, question).await
}

/// Asks the organisation's documents (000 §4 chat flow): the question is stored, then the
/// answer — from the AI service when configured (with the passages found as context; a failure
/// falls back and is logged), else the best passage with page-exact citations; when nothing in
/// the documents answers, `not_found` and the question joins the unanswered list.
#[utoipa::path(
    post,
    path = "/api/kb/ask",
    tag = "knowledge base",
    request_body = AskRequest,
    responses(
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the organisation's plan does not include the knowledge base", body = contract::ErrorBody),
        (status = 200, description = "The question and its answer", body = AskAnswer),
        (status = 404, description = "Not a member, or another person's conversation", body = contract::ErrorBody),
        (status = 422, description = "An empty question", body = contract::ErrorBody),
        (status = 429, description = "`daily_limit_reached`: `knowledge_base.questions_per_day` asked today (UTC)", body = contract::ErrorBody),
    )
)]
pub async fn ask(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<AskRequest>,
) -> Result<Json<AskAnswer>, AppError> {
    let ws = kb_member(&state, &user, req.org_id).await?;
    let question: String = req
        .question
        .trim()
        .chars()
        .take(MAX_QUESTION_CHARS)
        .collect();
    if question.is_empty() {
        return Err(AppError::new(
            ErrorCode::ValidationFailed,
            "the question is empty",
        ));
    }
    let now = state.clock.now_ms();
    // The day's questions are counted from those stored, so every replica agrees.
    let today = now - now.rem_euclid(86_400_000);
    let limit = state.config.knowledge_base.questions_per_day;
    if store::kb::questions_since(&state.store, user.id, today).await? >= limit {
        return Err(AppError::new(
            ErrorCode::DailyLimitReached,
            format!("at most {limit} questions a day"),
        ));
    }
    let conversation = match req.conversation_id {
        Some(id) => ws.row::<conversation::Entity>(&state, ws.own(), id).await?,
        None => {
            store::kb::start_conversation(
                &state.store,
                req.org_id,
                user.id,
                &domain::kb::conversation::title_from_question(&question),
                now,
            )
            .await?
        }
    };
    let asked = store::kb::add_message(
        &state.store,
        conversation.id,
        "user",
        &question,
        "asked",
        serde_json::json!([]),
        now,
    )
    .await?;
    let citations = search(&state, req.org_id, &question).await?;
    let (text, status) = if citations.is_empty() {
        store::kb::add_unanswered(&state.store, req.org_id, &question, user.id, now).await?;
        (
            "I could not find this in your documents.".to_owned(),
            "not_found",
        )
    } else {
        let offline = citations[0].passage.clone();
        let text = match &state.config.knowledge_base.ai_handler_url {
            Some(url) => {
                let context: Vec<String> = citations.iter().map(|c| c.passage.clone()).collect();
                match connectors::ai::ask(url, &question, &context).await {
                    Ok(reply) => reply,
                    Err(e) => {
                        tracing::warn!(error = %e, "AI service failed; answering from the passages");
                        offline
                    }
                }
            }
            None => offline,
        };
        (text, "answered")
    };
    let answer = store::kb::add_message(
        &state.store,
        conversation.id,
        "bot",
        &text,
        status,
        serde_json::to_value(&citations).map_err(AppError::internal)?,
        state.clock.now_ms(),
    )
    .await?;
    Ok(Json(AskAnswer {
        conversation_id: conversation.id,
        question: message_view(&asked),
        answer: message_view(&answer),
    }))
}

/// The questions nothing in the documents answered, newest first (admins: to improve them).
#[utoipa::path(
    get,
    path = "/api/kb/unanswered",
    tag = "knowledge base",
    params(("org_id" = i64, Query, description = "The organisation")),
    responses(
        (status = 402, description = "`not_in_plan` (`fields.feature`: `knowledge_base`): the organisation's plan does not include the knowledge base", body = contract::ErrorBody),
        (status = 200, description = "The questions", body = ResultEnvelope<Vec<UnansweredQuestion>>),
        (status = 403, description = "Not an admin", body = contract::ErrorBody),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn unanswered_questions(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<KbOrgQuery>,
) -> Result<Json<ResultEnvelope<Vec<UnansweredQuestion>>>, AppError> {
    kb_member(&state, &user, q.org_id).await?;
    member_at(&state, &user, q.org_id, AccessLevel::Admin).await?;
    let rows = store::kb::unanswered(&state.store, q.org_id, 200).await?;
    Ok(Json(ResultEnvelope::ok(
        rows.into_iter()
            .map(|u| UnansweredQuestion {
                question: u.question,
                at: rfc3339(u.at).unwrap_or_default(),
            })
            .collect(),
    )))
}

/// The caller's AI replies a day in the organisation: the plan in force's limit (more with the
/// AI Reply add-on), and today's UTC day.
async fn ai_quota(state: &AppState, org_id: i64) -> Result<(u32, String), AppError> {
    let plan = crate::billing::payer_plan(state, store::billing::Payer::Org(org_id)).await?;
    let now = crate::billing::standing_now(state, plan.facts);
    let limit = domain::subscription::plan_limits(&now, plan.ai_addon, None).ai_replies_per_day;
    let day = crate::views::rfc3339(state.clock.now_ms())
        .unwrap_or_default()
        .chars()
        .take(10)
        .collect();
    Ok((limit, day))
}

/// The AI reply generator (001 §1, §9; the extension's call, ours): from the chat's last
/// messages, a reply grounded in the caller's quick replies and the organisation's documents —
/// from the AI service when one is configured (with them as context), else the quick reply
/// that answers the contact's last message (its variables filled), else the passage that does —
/// counted against the plan's AI replies a day (429 `rate_limited` once none is left), with the
/// replies left.
#[utoipa::path(
    post,
    path = "/api/v2/ai/reply-suggestion",
    tag = "knowledge base",
    request_body = ReplyRequest,
    responses(
        (status = 200, description = "The suggestion (null when nothing fits) and the replies left", body = ReplySuggestion),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
        (status = 422, description = "`validation_failed`: no message from the contact that is not blank", body = contract::ErrorBody),
        (status = 429, description = "`rate_limited`: no AI reply left today", body = contract::ErrorBody),
    )
)]
pub async fn suggest_reply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(req): Json<ReplyRequest>,
) -> Result<Json<ReplySuggestion>, AppError> {
    // Membership, and the teams whose quick replies the caller sees, in one look-up.
    let ws = crate::workspace::workspace(&state, &user, Some(req.org_id)).await?;
    // The contact's last message is what the reply answers; our own lines are context only.
    let last_incoming = req
        .messages
        .iter()
        .rev()
        .find(|m| {
            !m.direction
                .as_deref()
                .is_some_and(|d| d.eq_ignore_ascii_case("OUTGOING"))
        })
        .map(|m| {
            m.text
                .trim()
                .chars()
                .take(MAX_QUESTION_CHARS)
                .collect::<String>()
        })
        .filter(|t| !t.is_empty())
        .ok_or_else(|| AppError::new(ErrorCode::ValidationFailed, "no message from the contact"))?;
    let (limit, day) = ai_quota(&state, req.org_id).await?;
    let left = store::kb::take_ai_reply(&state.store, user.id, &day, limit)
        .await?
        .ok_or_else(|| AppError::new(ErrorCode::RateLimited, "no AI reply left today"))?;
    let citations = search(&state, req.org_id, &last_incoming).await?;
    // The caller's quick replies (their own and their team's) that answer the message: the
    // organisation's own words come first, then the documents.
    let replies = ws
        .rows::<store::entity::manage::quick_reply::Entity>(
            &state,
            crate::routes::manage::seen_rows(&ws),
        )
        .await?;
    let texts: Vec<String> = replies
        .iter()
        .map(|q| format!("{} {}", q.name, q.message))
        .collect();
    let quick_reply =
        domain::kb::best_text(&domain::kb::query_terms(&last_incoming), &texts).map(|i| {
            domain::manage::render_message(&domain::manage::RenderInput {
                message: replies[i].message.clone(),
                vars: Some(domain::manage::TemplateVars {
                    name: req.contact_name.clone(),
                    ..Default::default()
                }),
            })
            .text
        });
    let offline = quick_reply
        .clone()
        .map(|r| (r, "quick_reply"))
        .or_else(|| citations.first().map(|c| (c.passage.clone(), "documents")));
    let (suggestion, source) = match (offline, &state.config.knowledge_base.ai_handler_url) {
        (None, _) => (None, "none"),
        (Some((text, from)), Some(url)) => {
            let context: Vec<String> = quick_reply
                .into_iter()
                .chain(citations.iter().map(|c| c.passage.clone()))
                .collect();
            match connectors::ai::ask(url, &last_incoming, &context).await {
                Ok(reply) => (Some(reply), "ai"),
                Err(e) => {
                    tracing::warn!(error = %e, "AI service failed; suggesting from our own texts");
                    (Some(text), from)
                }
            }
        }
        (Some((text, from)), None) => (Some(text), from),
    };
    Ok(Json(ReplySuggestion {
        suggestion,
        source: source.to_owned(),
        citations,
        replies_left: left,
        daily_limit: limit,
    }))
}

/// The caller's AI replies left today in the organisation (001 §9 'shown as replies left').
#[utoipa::path(
    get,
    path = "/api/v2/ai/replies-left",
    tag = "knowledge base",
    params(("org_id" = i64, Query, description = "The organisation")),
    responses(
        (status = 200, description = "Replies left today", body = RepliesLeft),
        (status = 404, description = "Not a member", body = contract::ErrorBody),
    )
)]
pub async fn replies_left(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(q): Query<KbOrgQuery>,
) -> Result<Json<RepliesLeft>, AppError> {
    member(&state, &user, q.org_id).await?;
    let (limit, day) = ai_quota(&state, q.org_id).await?;
    Ok(Json(RepliesLeft {
        replies_left: store::kb::ai_replies_left(&state.store, user.id, &day, limit).await?,
        daily_limit: limit,
    }))
}
