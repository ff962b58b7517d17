//! Dynamic lead assignment's engine on the server (issue #16): every sign-up of this
//! installation is a lead with an onboarding stage — `linkedin_ads` when it signs up (the
//! first stage: it came in), then `extension_installed`, `integration_done` and `user_added`
//! as the account does those things — and a region from its country (latam, spain, other).
//! An unassigned lead is offered to the members on every stage change; once assigned it stays.
//! The pick is the domain's `lead_routing::pick` over the members and credits in the database;
//! the chosen owner is then written to the lead's HubSpot contact when the operator's HubSpot
//! token is configured. Nothing here may fail the request that triggered it: errors are logged.

use crate::state::AppState;
use domain::assignment::{OnboardingStage, Region};
use domain::lead_routing::{pick, Lead, Member};
use secrecy::ExposeSecret;
use store::entity::operator::{assignment_member, lead};
use store::entity::user;

/// The engine's view of a stored member.
pub fn member_of(m: &assignment_member::Model) -> Member {
    Member {
        id: m.id,
        target: u32::try_from(m.target_hundredths).unwrap_or(0),
        region: Region::parse(Some(&m.region)).unwrap_or_default(),
        stages: serde_json::from_str::<Vec<String>>(&m.stages)
            .unwrap_or_default()
            .iter()
            .filter_map(|s| OnboardingStage::parse(s).ok())
            .collect(),
        paused: m.paused,
        credit: m.credit,
    }
}

fn lead_of(l: &lead::Model) -> Lead {
    Lead {
        region: Region::parse(Some(&l.region)).unwrap_or_default(),
        stage: OnboardingStage::parse(&l.stage).unwrap_or(OnboardingStage::LinkedinAds),
    }
}

/// Records `user` reaching `stage` (a sign-up when the lead is new) and assigns the lead if no
/// member has it yet. `region` is used only for a new lead.
pub async fn on_stage(
    state: &AppState,
    user: &user::Model,
    stage: OnboardingStage,
    region: Region,
) {
    if let Err(e) = advance(state, user, stage, region).await {
        tracing::warn!(user_id = user.id, error = ?e, "lead not recorded");
    }
}

async fn advance(
    state: &AppState,
    user: &user::Model,
    stage: OnboardingStage,
    region: Region,
) -> Result<(), crate::error::AppError> {
    let now = state.clock.now_ms();
    let existing = store::leads::lead_of_user(&state.store, user.id).await?;
    // Stages only move forward.
    let stage = match existing
        .as_ref()
        .and_then(|l| OnboardingStage::parse(&l.stage).ok())
    {
        Some(old) if old >= stage => old,
        _ => stage,
    };
    let region = existing
        .as_ref()
        .map_or(region.code().to_owned(), |l| l.region.clone());
    let l = store::leads::upsert_lead(
        &state.store,
        user.id,
        user.email.as_deref(),
        &region,
        stage.code(),
        now,
    )
    .await?;
    assign(state, &l).await
}

/// Offers lead `l` to the members; writes the owner to HubSpot when it was assigned.
pub async fn assign(state: &AppState, l: &lead::Model) -> Result<(), crate::error::AppError> {
    let now = state.clock.now_ms();
    let assigned = store::leads::assign(&state.store, l.id, now, |l, members| {
        let engine: Vec<Member> = members.iter().map(member_of).collect();
        let p = pick(&engine, lead_of(l))?;
        let owner = |id: i64| {
            members
                .iter()
                .find(|m| m.id == id)
                .map(|m| m.owner_id.clone())
        };
        Some(store::leads::Decision {
            member_id: p.member_id,
            credits: p.credits.clone(),
            reason: serde_json::json!({
                "rule": "smooth weighted round-robin: the matching member with the highest credit after adding its target",
                "lead": {"region": l.region, "stage": l.stage},
                "chosen": owner(p.member_id),
                "considered": p.considered.iter().map(|c| serde_json::json!({
                    "owner_id": owner(c.member_id),
                    "target_percent": f64::from(c.target) / 100.0,
                    "credit_before": c.credit_before,
                    "credit_with_share": c.credit_with_share,
                })).collect::<Vec<_>>(),
            }),
        })
    })
    .await?;
    let Some(a) = assigned else {
        return Ok(());
    };
    let cfg = &state.config.providers.hubspot;
    let (Some(token), Some(email)) = (cfg.operator_token.as_ref(), l.email.clone()) else {
        return Ok(());
    };
    let Some(member) = store::leads::members(&state.store)
        .await?
        .into_iter()
        .find(|m| m.id == a.member_id)
    else {
        return Ok(());
    };
    let api = cfg.api_url.clone();
    let token = token.expose_secret().to_owned();
    let allow = state.config.address_allow.clone();
    let st = state.clone();
    // The CRM write must not hold up the sign-up (or the stage change) that caused it.
    tokio::spawn(async move {
        match connectors::hubspot::assign_owner(&api, &token, &email, &member.owner_id, &allow)
            .await
        {
            Ok(()) => {
                if let Err(e) = store::leads::mark_crm_written(&st.store, a.id).await {
                    tracing::warn!(error = %e, "assignment not marked written");
                }
            }
            Err(e) => tracing::warn!(error = %e, "lead owner not written to HubSpot"),
        }
    });
    Ok(())
}
