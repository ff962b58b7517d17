//! Contacts kept in step with the CRMs (issue #29: HubSpot and Zoho): calls made with a
//! member's own link — its token refreshed before it expires and once more after a 401 (the
//! single-flight refresh of `oauth`), a 429 waited out as the CRM's `Retry-After` says, a few
//! times — the push of a contact's fields, and the pull (`pull.rs`): every member link with
//! linked contacts reads the records changed since its cursor, oldest change first, settles
//! each against its contact (`store::crm_links::settle`: the later writer wins, field by
//! field), sends back what won here, then pushes the links still holding changes made here.
//! The cursor is saved after every page, so a pull cut by a refused token, a rate limit or a
//! crash starts again where it stopped and loses nothing. Deals of a HubSpot-linked contact
//! are written to HubSpot's default pipeline (`deals.rs`), its tickets and calls to HubSpot's
//! own (`service.rs`); notes and tasks made from a contact to every CRM it is linked to
//! (`activities.rs`).

mod activities;
mod deals;
mod hooks;
mod pipelines;
mod pull;
mod service;

pub use activities::{write_activity, Activity};
pub use deals::deal_changed;
pub use hooks::{keep_zoho_watch, refresh_records, same_secret, ZOHO_NOTIFY_PATH};
pub use pipelines::PipelineCache;
pub use pull::{hourly, pull_org, PULL_EVERY_MS};
pub use service::{call_logged, ticket_changed};

use crate::error::AppError;
use crate::oauth;
use crate::state::AppState;
use connectors::activity::CrmLink;
use connectors::crm_records::{self as records, CrmContact};
use connectors::ConnectorError;
use contract::ErrorCode;
use domain::providers::Provider;
use std::future::Future;
use store::entity::contact::{contact, crm_link};
use store::integrations::{Owner, STATUS_CONNECTED};

/// The CRMs contacts are linked to, by the key links keep.
pub const HUBSPOT: &str = "hubspot";
pub const ZOHO: &str = "zoho";
/// Every CRM a contact may be linked to.
pub const LINKED: [Provider; 2] = [Provider::Hubspot, Provider::Zoho];
/// Times one call waits out a 429 before giving up.
const RATE_LIMIT_TRIES: usize = 4;
/// The longest wait a `Retry-After` is honoured with (HubSpot's burst window is 10 s).
const MAX_WAIT_MS: u64 = 10_000;

/// The CRM a link key names, when contacts are linked to it.
pub fn linked(key: &str) -> Option<Provider> {
    LINKED.into_iter().find(|p| p.key() == key)
}

/// A call that failed: the link is missing or must be connected again, or the CRM failed.
#[derive(Debug)]
pub enum CallError {
    NotConnected(Provider),
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
            CallError::NotConnected(p) => AppError::new(
                ErrorCode::CrmNotConnected,
                format!("connect {} in Integrations (again)", p.key()),
            ),
            CallError::Provider(e) => {
                crate::links::connector_error(e, ErrorCode::WrongApiKeyOrDomain, "crm")
            }
            CallError::App(e) => e,
        }
    }
}

/// The CRM link a contact's deal, ticket or call is written through: the CRM it went to
/// before (`written_to`), else the contact's HubSpot link, else its Zoho link.
pub(crate) async fn link_for(
    state: &AppState,
    org_id: i64,
    contact_id: i64,
    written_to: Option<&str>,
) -> Result<Option<(Provider, crm_link::Model)>, CallError> {
    let links = store::crm_links::of_contact(&state.store, org_id, contact_id)
        .await
        .map_err(AppError::from)?;
    let order: Vec<&str> = match written_to {
        Some(p) => vec![p],
        None => LINKED.iter().map(|p| p.key()).collect(),
    };
    Ok(order.into_iter().find_map(|key| {
        let provider = linked(key)?;
        links
            .iter()
            .find(|l| l.provider == key)
            .map(|l| (provider, l.clone()))
    }))
}

/// Runs `call` with `user_id`'s link to `provider`: its token refreshed when due, once more
/// after a 401, 429s waited out.
pub async fn with_link<T, F, Fut>(
    state: &AppState,
    provider: Provider,
    user_id: i64,
    call: F,
) -> Result<T, CallError>
where
    F: Fn(CrmLink) -> Fut,
    Fut: Future<Output = Result<T, ConnectorError>>,
{
    let owner = Owner::User(user_id);
    let mut refreshed = false;
    let mut waits = 0;
    loop {
        let link = oauth::fresh_link(state, provider, owner)
            .await?
            .filter(|l| l.status == STATUS_CONNECTED)
            .ok_or(CallError::NotConnected(provider))?;
        let client = crate::links::crm_client(state, &link)
            .map_err(|e| AppError::internal(format!("CRM link unreadable: {e}")))?;
        match call(client).await {
            Err(ConnectorError::TokenExpired) if !refreshed => {
                refreshed = true;
                oauth::refresh_after_refused(state, provider, owner, &link).await?;
            }
            Err(ConnectorError::TokenExpired) => return Err(CallError::NotConnected(provider)),
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

/// The fields of a contact a CRM may keep: first and last name (the name when neither is
/// set), e-mail, phone, address, company, job title, stage and status. Each CRM's connector
/// writes the ones it has.
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

/// The records of `provider` that may be `c` (by number or e-mail), with `user_id`'s link.
pub async fn matches(
    state: &AppState,
    provider: Provider,
    user_id: i64,
    c: &contact::Model,
) -> Result<Vec<CrmContact>, CallError> {
    let allow = state.config.address_allow.clone();
    let (phone, email) = (c.contact.clone(), c.email.clone());
    with_link(state, provider, user_id, |link| {
        let (allow, phone, email) = (allow.clone(), phone.clone(), email.clone());
        async move { records::search_contacts(&link, &phone, email.as_deref(), &allow).await }
    })
    .await
}

/// Reads record `crm_id` of `provider`; `None` when the CRM has none.
pub async fn record(
    state: &AppState,
    provider: Provider,
    user_id: i64,
    crm_id: &str,
) -> Result<Option<CrmContact>, CallError> {
    let allow = state.config.address_allow.clone();
    with_link(state, provider, user_id, |link| {
        let (allow, id) = (allow.clone(), crm_id.to_owned());
        async move { records::get_contact(&link, &id, &allow).await }
    })
    .await
}

/// Creates a record of `provider` from `c`'s fields.
pub async fn create(
    state: &AppState,
    provider: Provider,
    user_id: i64,
    c: &contact::Model,
) -> Result<CrmContact, CallError> {
    let allow = state.config.address_allow.clone();
    let fields = fields_of(c);
    with_link(state, provider, user_id, |link| {
        let (allow, fields) = (allow.clone(), fields.clone());
        async move { records::create_contact(&link, &fields, &allow).await }
    })
    .await
}

/// Sends the contact's fields as they now stand to its linked record, and marks the link
/// clean. The whole set goes, so each CRM writes what it keeps consistently (Zoho's one-name
/// rule needs both names).
pub async fn push(state: &AppState, link: &crm_link::Model) -> Result<(), CallError> {
    let Some(provider) = linked(&link.provider) else {
        return Ok(());
    };
    let Some(c) = store::contacts::get(&state.store, link.org_id, link.contact_id)
        .await
        .map_err(AppError::from)?
    else {
        return Ok(());
    };
    let fields = fields_of(&c);
    let allow = state.config.address_allow.clone();
    let id = link.crm_id.clone();
    let after = with_link(state, provider, link.user_id, |crm| {
        let (allow, id, fields) = (allow.clone(), id.clone(), fields.clone());
        async move { records::update_contact(&crm, &id, &fields, &allow).await }
    })
    .await?;
    store::crm_links::pushed(&state.store, link.id, after.map(|a| a.modified_ms))
        .await
        .map_err(AppError::from)?;
    Ok(())
}

/// After a change made here: the contacts' CRM links are marked dirty, then pushed; one that
/// cannot go now goes with the next pull. A failure is logged, never the caller's.
pub async fn changed_here(state: &AppState, org_id: i64, contact_ids: &[i64]) {
    if let Err(e) = store::crm_links::mark_dirty(&state.store, org_id, contact_ids).await {
        tracing::warn!(error = %e, "contacts not marked for the CRM");
        return;
    }
    for id in contact_ids {
        let Ok(links) = store::crm_links::of_contact(&state.store, org_id, *id).await else {
            continue;
        };
        for link in &links {
            if let Err(e) = push(state, link).await {
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
    // The number is never taken from the CRM, but a record without it gets the contact's.
    let lacks_number = r.fields.iter().any(|(f, v)| *f == "phone" && v.is_none());
    if !settled.kept.is_empty() || lacks_number {
        push(state, link).await?;
    }
    Ok((!settled.taken.is_empty(), conflicts))
}
