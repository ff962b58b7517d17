//! The pull: each member link reads the records changed in its CRM since its cursor, page by
//! page, settles them, then pushes what changed here; on demand (`POST /api/contacts/crm/pull`)
//! and at least every hour.

use super::{push, settle_one, with_link, CallError, LINKED};
use crate::error::AppError;
use crate::state::AppState;
use connectors::crm_records::{self as records, CrmContact};
use contract::contacts::CrmPullReport;
use domain::providers::Provider;

/// Pulls every member link of the organisation with linked contacts, in every CRM: the
/// records changed since each cursor settled, then the links holding changes made here pushed.
pub async fn pull_org(state: &AppState, org_id: i64) -> Result<CrmPullReport, AppError> {
    let mut report = CrmPullReport {
        pulled: 0,
        updated: 0,
        pushed: 0,
        conflicts: 0,
        failed_members: Vec::new(),
    };
    for provider in LINKED {
        for user_id in
            store::crm_links::linking_members(&state.store, org_id, provider.key()).await?
        {
            if let Err(e) = pull_member(state, provider, org_id, user_id, &mut report).await {
                tracing::info!(org_id, user_id, provider = provider.key(), error = ?e, "CRM pull stopped");
                if !report.failed_members.contains(&user_id) {
                    report.failed_members.push(user_id);
                }
            }
        }
    }
    Ok(report)
}

async fn pull_member(
    state: &AppState,
    provider: Provider,
    org_id: i64,
    user_id: i64,
    report: &mut CrmPullReport,
) -> Result<(), CallError> {
    let key = provider.key();
    let pull = store::crm_links::pull_state(&state.store, org_id, key, user_id, 0)
        .await
        .map_err(AppError::from)?;
    store::crm_links::touch_pull(&state.store, pull.id, state.clock.now_ms())
        .await
        .map_err(AppError::from)?;
    let allow = state.config.address_allow.clone();
    let mut since = pull.cursor_ms;
    let mut page: Option<String> = None;
    let mut in_window = 0;
    loop {
        let read = with_link(state, provider, user_id, |link| {
            let (allow, page) = (allow.clone(), page.clone());
            async move {
                let window = records::window(&link);
                records::changed_since(&link, since, page.as_deref(), &allow)
                    .await
                    .map(|r| (r, window))
            }
        })
        .await;
        let ((found, next), window) = match read {
            Ok(r) => r,
            Err(e) => {
                let note = format!("{e:?}");
                let _ = store::crm_links::save_pull(
                    &state.store,
                    pull.id,
                    since,
                    0,
                    Some(note),
                    state.clock.now_ms(),
                )
                .await;
                return Err(e);
            }
        };
        let count = found.len();
        let newest = found.iter().map(|r| r.modified_ms).max().unwrap_or(since);
        settle_page(state, provider, org_id, &found, report).await?;
        report.pulled += count as u64;
        // The cursor is the newest change read: a page cut short starts again at it, and a
        // record changed exactly then is read again, which settles to no change.
        store::crm_links::save_pull(
            &state.store,
            pull.id,
            newest,
            count as i64,
            None,
            state.clock.now_ms(),
        )
        .await
        .map_err(AppError::from)?;
        in_window += count;
        match next {
            Some(n) if in_window < window => page = Some(n),
            // As far as the CRM pages one read: read on from the newest change (a whole
            // window changed within one moment moves on by a second rather than for ever).
            Some(_) => {
                since = if newest > since {
                    newest
                } else {
                    since + 1_000
                };
                page = None;
                in_window = 0;
            }
            None => break,
        }
    }
    // Zoho announces changes on a channel of the link's own, kept subscribed by its pull.
    if provider == Provider::Zoho {
        super::keep_zoho_watch(state, &pull).await;
    }
    // What changed here and has not reached the CRM yet (a push that failed, an import, a bulk
    // edit) goes now: after the pull, so a record changed there too was settled first.
    for (link, _) in store::crm_links::dirty(&state.store, org_id, key, user_id)
        .await
        .map_err(AppError::from)?
    {
        push(state, &link).await?;
        report.pushed += 1;
    }
    Ok(())
}

async fn settle_page(
    state: &AppState,
    provider: Provider,
    org_id: i64,
    found: &[CrmContact],
    report: &mut CrmPullReport,
) -> Result<(), CallError> {
    let ids: Vec<String> = found.iter().map(|r| r.id.clone()).collect();
    let links = store::crm_links::by_crm_ids(&state.store, org_id, provider.key(), &ids)
        .await
        .map_err(AppError::from)?;
    for r in found {
        let Some(link) = links.get(&r.id) else {
            continue;
        };
        if link
            .crm_modified_at
            .is_some_and(|seen| seen >= r.modified_ms)
            && !link.dirty
        {
            continue;
        }
        let settled = settle_one(state, link, r).await?;
        if settled.0 {
            report.updated += 1;
        }
        report.conflicts += settled.1;
    }
    Ok(())
}

/// How often a pull runs at least (000 §7: 'HubSpot auto-sync every hour'; Zoho's too).
pub const PULL_EVERY_MS: i64 = 60 * 60 * 1000;

/// The hourly pull: every minute, each member link whose pull is an hour old is taken (one
/// replica wins it) and pulled.
pub async fn hourly(state: AppState, mut stop: tokio::sync::watch::Receiver<bool>) {
    loop {
        let now = state.clock.now_ms();
        let cutoff = now - PULL_EVERY_MS;
        for provider in LINKED {
            match store::crm_links::due(&state.store, provider.key(), cutoff).await {
                Ok(due) => {
                    for (org_id, user_id) in due {
                        if *stop.borrow() {
                            return;
                        }
                        run_due(&state, provider, org_id, user_id, cutoff, now).await;
                    }
                }
                Err(e) => tracing::warn!(error = %e, "due CRM pulls not read"),
            }
        }
        tokio::select! {
            _ = tokio::time::sleep(std::time::Duration::from_secs(60)) => {}
            _ = stop.changed() => return,
        }
    }
}

async fn run_due(
    state: &AppState,
    provider: Provider,
    org_id: i64,
    user_id: i64,
    cutoff: i64,
    now: i64,
) {
    let Ok(pull) =
        store::crm_links::pull_state(&state.store, org_id, provider.key(), user_id, 0).await
    else {
        return;
    };
    if !matches!(
        store::crm_links::claim_pull(&state.store, pull.id, cutoff, now).await,
        Ok(true)
    ) {
        return;
    }
    let mut report = CrmPullReport {
        pulled: 0,
        updated: 0,
        pushed: 0,
        conflicts: 0,
        failed_members: Vec::new(),
    };
    if let Err(e) = pull_member(state, provider, org_id, user_id, &mut report).await {
        tracing::info!(org_id, user_id, provider = provider.key(), error = ?e, "hourly CRM pull stopped");
    }
}
