//! Refer and Earn (issue #28, 001 §1–§3, §9): the person's link and report, invitation e-mails to
//! friends, the sign-up through a link (from `POST /api/auth/verify`), and the operator's grant
//! of a credit for a store review. Every 2 friends who sign up through the link and earn (not the
//! referrer under another address, not a throwaway mailbox: `domain::referrals::earns`) give the
//! referrer 1 USD of credit; each such friend gets a month of Pro Plus.

use super::{Access, Routes};
use crate::auth::CurrentUser;
use crate::error::AppError;
use crate::extract::{Json, Path};
use crate::operator::OperatorAdmin;
use crate::state::AppState;
use crate::views::rfc3339;
use axum::extract::State;
use axum::http::HeaderMap;
use contract::accounts::{
    CreditEntry, GrantCredit, ReferralInvites, ReferralInvitesSent, ReferralReport,
};
use contract::ErrorCode;
use domain::inputs::Email;
use domain::referrals::{
    self, CREDIT_PER_PAIR_MINOR, FRIEND_PLAN_ID, FRIEND_PRO_PLUS_DAYS, INVITES_PER_DAY,
    MAX_INVITES_AT_ONCE, SIGN_UPS_PER_CREDIT, STORE_REVIEW_CREDIT_MINOR,
};
use domain::RuleError;
use store::entity::user;
use utoipa_axum::routes;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// The most one grant may give, in cents.
const MAX_GRANT_MINOR: i64 = 10_000;

pub fn routes() -> Routes {
    Routes::new()
        .add(Access::SignedIn, routes!(referral_report))
        .add(Access::SignedIn, routes!(send_invites))
        .add(Access::Operator, routes!(grant_credit))
}

/// The person's referral code, made on first use.
async fn code_of(state: &AppState, user_id: i64) -> Result<String, AppError> {
    let now = state.clock.now_ms();
    for _ in 0..5 {
        let fresh = referrals::referral_code(rand::random());
        if let Some(code) = store::referrals::code_of(&state.store, user_id, &fresh, now).await? {
            return Ok(code);
        }
    }
    Err(AppError::internal("no free referral code after 5 draws"))
}

fn link(state: &AppState, code: &str) -> String {
    format!(
        "{}/workspace/signup?ref={code}",
        state.config.public_url.trim_end_matches('/')
    )
}

/// The person's link and report: invitations sent, friends signed up (and those that earn),
/// credits earned and not yet applied, the credit history.
#[utoipa::path(
    get,
    path = "/api/referrals",
    tag = "referrals",
    responses((status = 200, description = "The link and the report", body = ReferralReport))
)]
pub async fn referral_report(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<ReferralReport>, AppError> {
    let code = code_of(&state, user.id).await?;
    let r = store::referrals::report(&state.store, user.id).await?;
    let earned: i64 = r
        .credits
        .iter()
        .filter(|c| c.source == "referral")
        .map(|c| c.amount_minor)
        .sum();
    let balance: i64 = r
        .credits
        .iter()
        .filter(|c| c.applied_at.is_none())
        .map(|c| c.amount_minor)
        .sum();
    let left = SIGN_UPS_PER_CREDIT - (r.earning % u64::from(SIGN_UPS_PER_CREDIT)) as u32;
    Ok(Json(ReferralReport {
        link: link(&state, &code),
        code,
        invites_sent: r.invites_sent,
        signed_up: r.signed_up,
        earning: r.earning,
        next_credit_in: left,
        credits_earned_minor: earned,
        balance_minor: balance,
        credits: r
            .credits
            .into_iter()
            .map(|c| CreditEntry {
                amount_minor: c.amount_minor,
                currency: c.currency,
                source: c.source,
                note: c.note,
                created_at: rfc3339(c.created_at).unwrap_or_default(),
                applied: c.applied_at.is_some(),
            })
            .collect(),
    }))
}

/// E-mails the person's link to 1–10 friends, in the page's language. Every address is checked
/// first (all or nothing): 422 `fields["emails[i]"]` = `email_invalid`; the person's own
/// address is not invited. At most 50 invitations a day: 429 `daily_limit_reached`.
#[utoipa::path(
    post,
    path = "/api/referrals/invites",
    tag = "referrals",
    request_body = ReferralInvites,
    responses(
        (status = 200, description = "The invitations went out", body = ReferralInvitesSent),
        (status = 422, description = "`fields.emails` = `fields_required` (none, or more than 10); `fields[\"emails[i]\"]` = `email_invalid`", body = contract::ErrorBody),
        (status = 429, description = "`daily_limit_reached`", body = contract::ErrorBody),
    )
)]
pub async fn send_invites(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    Json(req): Json<ReferralInvites>,
) -> Result<Json<ReferralInvitesSent>, AppError> {
    if req.emails.is_empty() || req.emails.len() > MAX_INVITES_AT_ONCE {
        return Err(AppError::invalid_field("emails", RuleError::FieldsRequired));
    }
    let mut fields = std::collections::BTreeMap::new();
    let mut emails = Vec::new();
    for (i, raw) in req.emails.iter().enumerate() {
        match Email::parse(raw) {
            Ok(e) => emails.push(e.as_str().to_ascii_lowercase()),
            Err(rule) => {
                fields.insert(format!("emails[{i}]"), rule.code().to_owned());
            }
        }
    }
    if !fields.is_empty() {
        return Err(AppError::invalid_fields(fields));
    }
    let own = user.email.as_deref().map(referrals::mailbox);
    emails.retain(|e| Some(referrals::mailbox(e)) != own);
    emails.sort();
    emails.dedup();
    let now = state.clock.now_ms();
    let sent_today = store::referrals::invites_since(&state.store, user.id, now - DAY_MS).await?;
    if sent_today + emails.len() as u64 > u64::from(INVITES_PER_DAY) {
        return Err(AppError::new(
            ErrorCode::DailyLimitReached,
            format!("at most {INVITES_PER_DAY} invitations a day"),
        ));
    }
    let code = code_of(&state, user.id).await?;
    let url = link(&state, &code);
    let lang = crate::mail_texts::header_language(&headers)
        .unwrap_or_else(|| crate::mail_texts::language_of(&[user.preferred_language.as_deref()]));
    let from = user
        .name
        .clone()
        .or_else(|| user.email.clone())
        .unwrap_or_default();
    let mail = crate::mail_texts::referral_invite(lang, &from, &url);
    for email in &emails {
        state.mailer.send(&state.store, now, email, &mail).await?;
        store::referrals::record_invite(&state.store, user.id, email, now).await?;
    }
    Ok(Json(ReferralInvitesSent {
        sent: emails.len() as u32,
    }))
}

/// A first sign-up that came by a referral link: recorded for the referrer (once), the friend's
/// free month when it earns, and every second earning friend a credit. A malformed or unknown
/// code, or a referrer that is the new person, is ignored (the sign-up itself never fails).
pub async fn on_sign_up(state: &AppState, friend: &user::Model, raw_code: Option<&str>) {
    let Some(code) = raw_code.and_then(referrals::parse_referral_code) else {
        return;
    };
    if let Err(e) = record(state, friend, &code).await {
        tracing::warn!(user_id = friend.id, error = ?e, "a referral was not recorded");
    }
}

async fn record(state: &AppState, friend: &user::Model, code: &str) -> Result<(), AppError> {
    let Some(referrer) = store::referrals::referrer_of(&state.store, code).await? else {
        return Ok(());
    };
    if referrer.id == friend.id {
        return Ok(());
    }
    let verdict = referrals::earns(
        referrer.email.as_deref().unwrap_or_default(),
        friend.email.as_deref().unwrap_or_default(),
    );
    let now = state.clock.now_ms();
    let recorded = store::referrals::record_sign_up(
        &state.store,
        referrer.id,
        friend.id,
        verdict.err().map(|n| n.code()),
        CREDIT_PER_PAIR_MINOR,
        now,
    )
    .await?;
    if recorded.is_some() && verdict.is_ok() {
        let until = now + FRIEND_PRO_PLUS_DAYS * DAY_MS;
        store::referrals::give_friend_plan(&state.store, friend.id, FRIEND_PLAN_ID, until, now)
            .await?;
    }
    if recorded.is_some_and(|r| referrals::completes_pair(r.earning)) {
        // The friend's sign-up does not wait for the payment provider.
        let (state, referrer_id) = (state.clone(), referrer.id);
        tokio::spawn(async move { crate::credits::apply_pending(&state, referrer_id).await });
    }
    Ok(())
}

/// The operator grants a person a credit for their store review (001 §9: 1 USD), audited.
#[utoipa::path(
    post,
    path = "/api/admin/users/{id}/credits",
    tag = "admin",
    params(("id" = i64, Path, description = "The person")),
    request_body = GrantCredit,
    responses(
        (status = 200, description = "The credit", body = CreditEntry),
        (status = 401, description = "No operator session", body = contract::ErrorBody),
        (status = 404, description = "No such person", body = contract::ErrorBody),
        (status = 422, description = "`fields.amount_minor` = `value_invalid` (1 to 10 000 cents)", body = contract::ErrorBody),
    )
)]
pub async fn grant_credit(
    State(state): State<AppState>,
    OperatorAdmin(admin): OperatorAdmin,
    Path(id): Path<i64>,
    Json(req): Json<GrantCredit>,
) -> Result<Json<CreditEntry>, AppError> {
    let amount = req.amount_minor.unwrap_or(STORE_REVIEW_CREDIT_MINOR);
    if !(1..=MAX_GRANT_MINOR).contains(&amount) {
        return Err(AppError::invalid_field(
            "amount_minor",
            RuleError::ValueInvalid,
        ));
    }
    let note: Option<String> = req
        .note
        .map(|n| {
            n.trim()
                .chars()
                .filter(|c| !c.is_control())
                .take(200)
                .collect()
        })
        .filter(|n: &String| !n.is_empty());
    store::accounts::find_user(&state.store, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let now = state.clock.now_ms();
    let c = store::referrals::grant(
        &state.store,
        id,
        amount,
        "store_review",
        note.as_deref(),
        now,
    )
    .await?;
    store::operator::audit(
        state.store.conn(),
        admin.id,
        now,
        "grant_credit",
        &format!("user {id}"),
        note.as_deref(),
        serde_json::json!({ "amount_minor": amount, "source": "store_review" }),
    )
    .await?;
    // Sent to the provider now when the person pays for something; else kept until they do.
    crate::credits::apply_pending(&state, id).await;
    let applied = !store::referrals::pending_credits(&state.store, id)
        .await?
        .iter()
        .any(|p| p.id == c.id);
    Ok(Json(CreditEntry {
        amount_minor: c.amount_minor,
        currency: c.currency,
        source: c.source,
        note: c.note,
        created_at: rfc3339(c.created_at).unwrap_or_default(),
        applied,
    }))
}
