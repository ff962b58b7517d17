//! Notes and tasks made from a contact (001 §2 "create tasks and notes"), written to the record
//! of every CRM the contact is linked to, with the link's member's token. A CRM that refuses
//! is reported, never the caller's failure: the note or task is kept here.

use super::{linked, with_link};
use crate::error::AppError;
use crate::state::AppState;
use connectors::crm_records as records;
use contract::timeline::CrmFailure;

/// What is written.
pub enum Activity {
    Note {
        body: String,
        at_ms: i64,
    },
    Task {
        title: String,
        notes: Option<String>,
        due_ms: i64,
        /// The due day in the task's zone, `YYYY-MM-DD`.
        due_date: String,
    },
}

/// Writes `activity` to each CRM record contact `contact_id` is linked to; answers the CRMs
/// written to and the ones that refused.
pub async fn write_activity(
    state: &AppState,
    org_id: i64,
    contact_id: i64,
    activity: &Activity,
) -> Result<(Vec<String>, Vec<CrmFailure>), AppError> {
    let links = store::crm_links::of_contact(&state.store, org_id, contact_id).await?;
    let (mut written, mut failed) = (Vec::new(), Vec::new());
    for link in links {
        let Some(provider) = linked(&link.provider) else {
            continue;
        };
        let allow = state.config.address_allow.clone();
        let crm_id = link.crm_id.clone();
        let result = with_link(state, provider, link.user_id, |crm| {
            let (allow, crm_id) = (allow.clone(), crm_id.clone());
            async move {
                match activity {
                    Activity::Note { body, at_ms } => {
                        records::add_note(&crm, &crm_id, body, *at_ms, &allow).await
                    }
                    Activity::Task {
                        title,
                        notes,
                        due_ms,
                        due_date,
                    } => {
                        records::add_task(
                            &crm,
                            &crm_id,
                            title,
                            notes.as_deref(),
                            (*due_ms, due_date),
                            &allow,
                        )
                        .await
                    }
                }
            }
        })
        .await;
        match result {
            Ok(_) => written.push(link.provider),
            Err(e) => {
                let e = AppError::from(e);
                tracing::info!(contact = contact_id, provider = %link.provider, error = ?e, "activity not written to the CRM");
                failed.push(CrmFailure {
                    provider: link.provider,
                    code: e.code.code().to_owned(),
                });
            }
        }
    }
    Ok((written, failed))
}
