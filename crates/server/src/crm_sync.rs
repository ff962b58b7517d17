//! Contacts kept in step with HubSpot (issue #29): calls made with a member's own link — its
//! token refreshed before it expires and once more after a 401 (the single-flight refresh of
//! `oauth`), a 429 waited out as HubSpot's `Retry-After` says, a few times — the push of a
//! contact's fields, and the pull: every member link with linked contacts reads the records
//! changed since its cursor, oldest change first, settles each against its contact
//! (`store::crm_links::settle`: the later writer wins, field by field), sends back what won
//! here, then pushes the links still holding changes made here. The cursor is saved after every page, so a pull cut by a refused token, a rate
//! limit or a crash starts again where it stopped and loses nothing. Deals of a linked contact
//! are written to HubSpot's default pipeline.

use crate::error::AppError;
use crate::oauth;
use crate::state::AppState;
use connectors::hubspot_records::{self as hubspot, CrmContact, CrmDeal};
use connectors::ConnectorError;
use contract::contacts::CrmPullReport;
use contract::ErrorCode;
use domain::providers::Provider;
use std::future::Future;
use store::entity::contact::{contact, crm_link, deal};
use store::integrations::{Owner, STATUS_CONNECTED};

/// The CRMs contacts are linked to.
pub const HUBSPOT: &str = "hubspot";
/// Times one call waits out a 429 before giving up.
const RATE_LIMIT_TRIES: usize = 4;
/// The longest wait a `Retry-After` is honoured with (HubSpot's burst window is 10 s).
const MAX_WAIT_MS: u64 = 10_000;
/// Records one search reaches before the window moves on (HubSpot stops at 10 000).
const SEARCH_WINDOW: usize = 9_900;

/// A call that failed: the link is missing or must be connected again, or HubSpot failed.
#[derive(Debug)]
pub enum CallError {
    NotConnected,
    Provider(ConnectorError),
    App(AppError),
}

impl From<AppError> for CallError {
    fn from(e: AppError) -> Self {
        CallError::App(e)
    }
}

impl From<CallError> for AppError {
    fn from(e: CallError) -> Self {
        match e {
            CallError::NotConnected => AppError::new(
                ErrorCode::CrmNotConnected,
                "connect HubSpot in Integrations (again)",
            ),
            CallError::Provider(e) => {
                crate::links::connector_error(e, ErrorCode::WrongApiKeyOrDomain, "crm")
            }
            CallError::App(e) => e,
        }
    }
}

/// Runs `call` with `user_id`'s HubSpot token: refreshed when due, once more after a 401,
/// 429s waited out.
pub async fn with_token<T, F, Fut>(state: &AppState, user_id: i64, call: F) -> Result<T, CallError>
where
    F: Fn(String) -> Fut,
    Fut: Future<Output = Result<T, ConnectorError>>,
{
    let owner = Owner::User(user_id);
    let mut refreshed = false;
    let mut waits = 0;
    loop {
        let link = oauth::fresh_link(state, Provider::Hubspot, owner)
            .await?
            .filter(|l| l.status == STATUS_CONNECTED)
            .ok_or(CallError::NotConnected)?;
        let token = crate::links::tokens(state, &link)?.access_token;
        match call(token).await {
            Err(ConnectorError::TokenExpired) if !refreshed => {
                refreshed = true;
                oauth::refresh_after_refused(state, Provider::Hubspot, owner, &link).await?;
            }
            Err(ConnectorError::TokenExpired) => return Err(CallError::NotConnected),
            Err(ConnectorError::RateLimited { retry_after_ms }) if waits < RATE_LIMIT_TRIES => {
                waits += 1;
                let wait = retry_after_ms.unwrap_or(1_000).min(MAX_WAIT_MS);
                tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            }
            Err(e) => return Err(CallError::Provider(e)),
            Ok(v) => return Ok(v),
        }
    }
}

fn api(state: &AppState) -> String {
    state.config.providers.hubspot.api_url.clone()
}

/// The fields of a contact HubSpot keeps: first and last name (the name when neither is
/// set), e-mail, phone, address, company, job title, stage and status.
pub fn fields_of(c: &contact::Model) -> Vec<(&'static str, Option<String>)> {
    let (first, last) = match (&c.first_name, &c.last_name) {
        (None, None) => (c.name.clone(), None),
        (f, l) => (f.clone(), l.clone()),
    };
    let phone = c
        .contact
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| format!("+{}", c.contact));
    vec![
        ("first_name", first),
        ("last_name", last),
        ("email", c.email.clone()),
        ("phone", phone),
        ("address", c.address.clone()),
        ("company", c.company.clone()),
        ("job_title", c.job_title.clone()),
        ("lifecycle_stage", c.lifecycle_stage.clone()),
        ("lead_status", c.lead_status.clone()),
    ]
}

/// A CRM record's fields as Switchboard may take them: the number is the contact's key and is
/// never taken; a value Switchboard's rules refuse (too long, an unknown stage) is left out.
fn takeable(record: &CrmContact) -> Vec<(&'static str, Option<String>)> {
    use domain::contacts as rules;
    record
        .fields
        .iter()
        .filter(|(f, _)| *f != "phone")
        .filter_map(|(f, v)| {
            let ok = match *f {
                "lifecycle_stage" => {
                    rules::lifecycle_stage(v.as_deref()).map(|k| k.map(str::to_owned))
                }
                "lead_status" => rules::lead_status(v.as_deref()).map(|k| k.map(str::to_owned)),
                _ => rules::clean_field(f, v.as_deref()),
            };
            ok.ok().map(|v| (*f, v))
        })
        .collect()
}

/// The HubSpot records that may be `c` (by number or e-mail), with `user_id`'s link.
pub async fn matches(
    state: &AppState,
    user_id: i64,
    c: &contact::Model,
) -> Result<Vec<CrmContact>, CallError> {
    let api = api(state);
    let allow = state.config.address_allow.clone();
    let phone = c.contact.clone();
    let email = c.email.clone();
    with_token(state, user_id, |token| {
        let (api, allow, phone, email) = (api.clone(), allow.clone(), phone.clone(), email.clone());
        async move { hubspot::search_contacts(&api, &token, &phone, email.as_deref(), &allow).await }
    })
    .await
}

/// Reads record `crm_id`; `None` when HubSpot has none.
pub async fn record(
    state: &AppState,
    user_id: i64,
    crm_id: &str,
) -> Result<Option<CrmContact>, CallError> {
    let api = api(state);
    let allow = state.config.address_allow.clone();
    with_token(state, user_id, |token| {
        let (api, allow, id) = (api.clone(), allow.clone(), crm_id.to_owned());
        async move { hubspot::get_contact(&api, &token, &id, &allow).await }
    })
    .await
}

/// Creates a HubSpot record from `c`'s fields.
pub async fn create(
    state: &AppState,
    user_id: i64,
    c: &contact::Model,
) -> Result<CrmContact, CallError> {
    let api = api(state);
    let allow = state.config.address_allow.clone();
    let fields = fields_of(c);
    with_token(state, user_id, |token| {
        let (api, allow, fields) = (api.clone(), allow.clone(), fields.clone());
        async move { hubspot::create_contact(&api, &token, &fields, &allow).await }
    })
    .await
}

/// Sends `fields` to the linked record, and marks the link clean.
pub async fn push(
    state: &AppState,
    link: &crm_link::Model,
    fields: Vec<(&'static str, Option<String>)>,
) -> Result<(), CallError> {
    let api = api(state);
    let allow = state.config.address_allow.clone();
    let id = link.crm_id.clone();
    let after = with_token(state, link.user_id, |token| {
        let (api, allow, id, fields) = (api.clone(), allow.clone(), id.clone(), fields.clone());
        async move { hubspot::update_contact(&api, &token, &id, &fields, &allow).await }
    })
    .await?;
    store::crm_links::pushed(&state.store, link.id, after.map(|a| a.modified_ms))
        .await
        .map_err(AppError::from)?;
    Ok(())
}

/// After a change made here: the contacts' HubSpot links are marked dirty, then pushed; one
/// that cannot go now goes with the next pull. A failure is logged, never the caller's.
pub async fn changed_here(state: &AppState, org_id: i64, contact_ids: &[i64]) {
    if let Err(e) = store::crm_links::mark_dirty(&state.store, org_id, contact_ids).await {
        tracing::warn!(error = %e, "contacts not marked for the CRM");
        return;
    }
    for id in contact_ids {
        let Ok(links) = store::crm_links::of_contact(&state.store, org_id, *id).await else {
            continue;
        };
        let Ok(Some(c)) = store::contacts::get(&state.store, org_id, *id).await else {
            continue;
        };
        for link in links.iter().filter(|l| l.provider == HUBSPOT) {
            if let Err(e) = push(state, link, fields_of(&c)).await {
                tracing::info!(contact = id, error = ?e, "contact not pushed yet: the next pull retries");
            }
        }
    }
}

/// [`changed_here`] for many contacts (an import, a bulk edit), in the background.
pub fn many_changed_here(state: &AppState, org_id: i64, contact_ids: Vec<i64>) {
    let state = state.clone();
    tokio::spawn(async move { changed_here(&state, org_id, &contact_ids).await });
}

/// Pulls every member link of the organisation with linked contacts: dirty links pushed
/// first, then the records changed since each cursor settled.
pub async fn pull_org(state: &AppState, org_id: i64) -> Result<CrmPullReport, AppError> {
    let mut report = CrmPullReport {
        pulled: 0,
        updated: 0,
        pushed: 0,
        conflicts: 0,
        failed_members: Vec::new(),
    };
    for user_id in store::crm_links::linking_members(&state.store, org_id, HUBSPOT).await? {
        if let Err(e) = pull_member(state, org_id, user_id, &mut report).await {
            tracing::info!(org_id, user_id, error = ?e, "CRM pull stopped");
            report.failed_members.push(user_id);
        }
    }
    Ok(report)
}

async fn pull_member(
    state: &AppState,
    org_id: i64,
    user_id: i64,
    report: &mut CrmPullReport,
) -> Result<(), CallError> {
    let pull = store::crm_links::pull_state(&state.store, org_id, HUBSPOT, user_id, 0)
        .await
        .map_err(AppError::from)?;
    store::crm_links::touch_pull(&state.store, pull.id, state.clock.now_ms())
        .await
        .map_err(AppError::from)?;
    let api = api(state);
    let allow = state.config.address_allow.clone();
    let mut since = pull.cursor_ms;
    let mut after: Option<String> = None;
    let mut in_window = 0;
    loop {
        let page =
            with_token(state, user_id, |token| {
                let (api, allow, after) = (api.clone(), allow.clone(), after.clone());
                async move {
                    hubspot::changed_since(&api, &token, since, after.as_deref(), &allow).await
                }
            })
            .await;
        let (records, next) = match page {
            Ok(p) => p,
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
        let read = records.len();
        let newest = records.iter().map(|r| r.modified_ms).max().unwrap_or(since);
        settle_page(state, org_id, &records, report).await?;
        report.pulled += read as u64;
        in_window += read;
        // The cursor is the newest change read: a page cut short starts again at it, and a
        // record changed exactly then is read again, which settles to no change.
        store::crm_links::save_pull(
            &state.store,
            pull.id,
            newest,
            read as i64,
            None,
            state.clock.now_ms(),
        )
        .await
        .map_err(AppError::from)?;
        match next {
            Some(n) if in_window < SEARCH_WINDOW => after = Some(n),
            Some(_) => {
                since = newest;
                after = None;
                in_window = 0;
            }
            None => break,
        }
    }
    // What changed here and has not reached the CRM yet (a push that failed, an import, a bulk
    // edit) goes now: after the pull, so a record changed there too was settled first.
    for (link, c) in store::crm_links::dirty(&state.store, org_id, HUBSPOT, user_id)
        .await
        .map_err(AppError::from)?
    {
        push(state, &link, fields_of(&c)).await?;
        report.pushed += 1;
    }
    Ok(())
}

async fn settle_page(
    state: &AppState,
    org_id: i64,
    records: &[CrmContact],
    report: &mut CrmPullReport,
) -> Result<(), CallError> {
    let ids: Vec<String> = records.iter().map(|r| r.id.clone()).collect();
    let links = store::crm_links::by_crm_ids(&state.store, org_id, HUBSPOT, &ids)
        .await
        .map_err(AppError::from)?;
    for r in records {
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

/// Settles one record against its contact and pushes what won here; answers whether the
/// contact took anything and how many fields were conflicts.
pub async fn settle_one(
    state: &AppState,
    link: &crm_link::Model,
    r: &CrmContact,
) -> Result<(bool, u64), CallError> {
    let settled = store::crm_links::settle(
        &state.store,
        link,
        &takeable(r),
        r.modified_ms,
        state.clock.now_ms(),
    )
    .await
    .map_err(AppError::from)?;
    let conflicts = settled.kept.iter().filter(|(_, v)| v.is_some()).count() as u64;
    if !settled.kept.is_empty() {
        push(state, link, settled.kept.clone()).await?;
    }
    Ok((!settled.taken.is_empty(), conflicts))
}

/// Writes a deal of a HubSpot-linked contact to HubSpot (made the first time, changed after);
/// a deal of an unlinked contact stays here. A failure is logged, never the caller's.
pub async fn deal_changed(state: &AppState, d: &deal::Model) {
    if let Err(e) = write_deal(state, d).await {
        tracing::info!(deal = d.id, error = ?e, "deal not written to HubSpot");
    }
}

async fn write_deal(state: &AppState, d: &deal::Model) -> Result<(), CallError> {
    // As it now stands: an earlier write may have made its HubSpot deal.
    let Some((d, _)) = store::deals::get(&state.store, d.org_id, d.id)
        .await
        .map_err(AppError::from)?
    else {
        return Ok(());
    };
    let d = &d;
    let links = store::crm_links::of_contact(&state.store, d.org_id, d.contact_id)
        .await
        .map_err(AppError::from)?;
    let Some(link) = links.into_iter().find(|l| l.provider == HUBSPOT) else {
        return Ok(());
    };
    let api = api(state);
    let allow = state.config.address_allow.clone();
    let amount = d.amount_minor.map(domain::contacts::deals::amount_text);
    let crm_id = d.crm_id.clone();
    let contact_crm = link.crm_id.clone();
    let written = with_token(state, link.user_id, |token| {
        let (api, allow, amount, crm_id, contact_crm) = (
            api.clone(),
            allow.clone(),
            amount.clone(),
            crm_id.clone(),
            contact_crm.clone(),
        );
        let d = d.clone();
        async move {
            let deal = CrmDeal {
                name: &d.name,
                amount: amount.as_deref(),
                currency: &d.currency,
                stage: &d.stage,
                close_date: d.close_date.as_deref(),
                description: d.description.as_deref(),
            };
            match crm_id {
                Some(id) => hubspot::update_deal(&api, &token, &id, &deal, &allow)
                    .await
                    .map(|()| id),
                None => hubspot::create_deal(&api, &token, &contact_crm, &deal, &allow).await,
            }
        }
    })
    .await?;
    if d.crm_id.is_none() {
        store::deals::set_crm(&state.store, d.id, HUBSPOT, &written)
            .await
            .map_err(AppError::from)?;
    }
    Ok(())
}

/// How often a pull runs at least (000 §7: 'HubSpot auto-sync every hour').
pub const PULL_EVERY_MS: i64 = 60 * 60 * 1000;

/// The hourly pull: every minute, each member link whose pull is an hour old is taken (one
/// replica wins it) and pulled.
pub async fn hourly(state: AppState, mut stop: tokio::sync::watch::Receiver<bool>) {
    loop {
        let now = state.clock.now_ms();
        let cutoff = now - PULL_EVERY_MS;
        match store::crm_links::due(&state.store, HUBSPOT, cutoff).await {
            Ok(due) => {
                for (org_id, user_id) in due {
                    if *stop.borrow() {
                        return;
                    }
                    run_due(&state, org_id, user_id, cutoff, now).await;
                }
            }
            Err(e) => tracing::warn!(error = %e, "due CRM pulls not read"),
        }
        tokio::select! {
            _ = tokio::time::sleep(std::time::Duration::from_secs(60)) => {}
            _ = stop.changed() => return,
        }
    }
}

async fn run_due(state: &AppState, org_id: i64, user_id: i64, cutoff: i64, now: i64) {
    let Ok(pull) = store::crm_links::pull_state(&state.store, org_id, HUBSPOT, user_id, 0).await
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
    if let Err(e) = pull_member(state, org_id, user_id, &mut report).await {
        tracing::info!(org_id, user_id, error = ?e, "hourly CRM pull stopped");
    }
}
