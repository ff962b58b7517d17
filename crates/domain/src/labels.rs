//! CRM label rules (000 §3 `crmLabelSyncData`, label status; 001 §3 label selection status):
//! each employee says, per CRM, which WhatsApp labels a chat must carry to be synced and which
//! keep it out. The sync engine asks [`chat_syncs`] for every message; the settings screen asks
//! [`label_status`] to draw each label and [`set_label_status`] when one is clicked.

use serde::Deserialize;

use crate::RuleError;

/// The most labels one list may hold (WhatsApp Business allows 20 labels; room for renames).
pub const MAX_LABELS: usize = 100;
/// The longest label id kept.
pub const MAX_LABEL_LEN: usize = 128;

/// 000 §3 Label status.
#[crate::value::wire(Copy)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LabelStatus {
    NoStatus,
    LabelIncluded,
    LabelExcluded,
}

/// One CRM's entry of an employee's `crmLabelSyncData`.
#[crate::value::wire(Default)]
#[serde(deny_unknown_fields)]
pub struct CrmLabelSync {
    pub crm_name: String,
    #[serde(default)]
    pub included_labels: Vec<String>,
    #[serde(default)]
    pub excluded_labels: Vec<String>,
}

impl CrmLabelSync {
    /// Checks and tidies an entry as sent by a client: a known CRM; label ids trimmed, empty
    /// ones dropped, duplicates removed (first kept); at most [`MAX_LABELS`] per list, each at
    /// most [`MAX_LABEL_LEN`] characters; no label both included and excluded.
    pub fn parse(raw: &CrmLabelSync) -> Result<CrmLabelSync, RuleError> {
        let crm_name = raw.crm_name.trim().to_ascii_lowercase();
        if crate::providers::Provider::from_label_name(&crm_name).is_none() {
            return Err(RuleError::CrmUnknown);
        }
        let included = tidy(&raw.included_labels)?;
        let excluded = tidy(&raw.excluded_labels)?;
        if included.iter().any(|l| excluded.contains(l)) {
            return Err(RuleError::LabelInBothLists);
        }
        Ok(CrmLabelSync {
            crm_name,
            included_labels: included,
            excluded_labels: excluded,
        })
    }
}

fn tidy(labels: &[String]) -> Result<Vec<String>, RuleError> {
    let mut out: Vec<String> = Vec::new();
    for l in labels {
        let l = l.trim();
        if l.is_empty() || out.iter().any(|o| o == l) {
            continue;
        }
        if l.chars().count() > MAX_LABEL_LEN {
            return Err(RuleError::ValueInvalid);
        }
        out.push(l.to_owned());
    }
    if out.len() > MAX_LABELS {
        return Err(RuleError::ValueInvalid);
    }
    Ok(out)
}

/// The status of `label` under `rule` (no rule: no status).
pub fn label_status(rule: Option<&CrmLabelSync>, label: &str) -> LabelStatus {
    match rule {
        Some(r) if r.excluded_labels.iter().any(|l| l == label) => LabelStatus::LabelExcluded,
        Some(r) if r.included_labels.iter().any(|l| l == label) => LabelStatus::LabelIncluded,
        _ => LabelStatus::NoStatus,
    }
}

/// `rule` with `label` set to `status` (moved out of the other list; `NoStatus` clears it).
pub fn set_label_status(rule: &CrmLabelSync, label: &str, status: LabelStatus) -> CrmLabelSync {
    let mut next = rule.clone();
    next.included_labels.retain(|l| l != label);
    next.excluded_labels.retain(|l| l != label);
    match status {
        LabelStatus::LabelIncluded => next.included_labels.push(label.to_owned()),
        LabelStatus::LabelExcluded => next.excluded_labels.push(label.to_owned()),
        LabelStatus::NoStatus => {}
    }
    next
}

/// Whether a chat carrying `chat_labels` syncs to the CRM `rule` belongs to. Without a rule, or
/// with both lists empty, every chat syncs. An excluded label always keeps the chat out (it wins
/// over an included one); when some labels are included, the chat needs at least one of them.
pub fn chat_syncs(rule: Option<&CrmLabelSync>, chat_labels: &[String]) -> bool {
    let Some(r) = rule else { return true };
    if chat_labels.iter().any(|l| r.excluded_labels.contains(l)) {
        return false;
    }
    r.included_labels.is_empty() || chat_labels.iter().any(|l| r.included_labels.contains(l))
}

/// Input of the `chat_syncs_to_crm` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChatSyncInput {
    /// The employee's entry for the CRM; absent when they set none.
    pub rule: Option<CrmLabelSync>,
    #[serde(default)]
    pub chat_labels: Vec<String>,
}

/// Input of the `label_status` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LabelStatusInput {
    pub rule: Option<CrmLabelSync>,
    pub label: String,
}

/// Input of the `set_label_status` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetLabelStatusInput {
    pub rule: CrmLabelSync,
    pub label: String,
    pub status: LabelStatus,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(inc: &[&str], exc: &[&str]) -> CrmLabelSync {
        CrmLabelSync {
            crm_name: "hubspot".into(),
            included_labels: inc.iter().map(|s| (*s).to_owned()).collect(),
            excluded_labels: exc.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    fn labels(l: &[&str]) -> Vec<String> {
        l.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn without_a_rule_every_chat_syncs() {
        assert!(chat_syncs(None, &labels(&[])));
        assert!(chat_syncs(Some(&rule(&[], &[])), &labels(&["7"])));
    }

    #[test]
    fn included_labels_let_only_their_chats_through() {
        let r = rule(&["lead"], &[]);
        assert!(chat_syncs(Some(&r), &labels(&["lead", "x"])));
        assert!(!chat_syncs(Some(&r), &labels(&["x"])));
        assert!(!chat_syncs(Some(&r), &labels(&[])));
    }

    #[test]
    fn an_excluded_label_wins_over_an_included_one() {
        let r = rule(&["lead"], &["spam"]);
        assert!(!chat_syncs(Some(&r), &labels(&["lead", "spam"])));
        assert!(chat_syncs(Some(&rule(&[], &["spam"])), &labels(&["x"])));
    }

    #[test]
    fn the_three_label_statuses_of_000_section_3() {
        let r = rule(&["a"], &["b"]);
        assert_eq!(label_status(Some(&r), "a"), LabelStatus::LabelIncluded);
        assert_eq!(label_status(Some(&r), "b"), LabelStatus::LabelExcluded);
        assert_eq!(label_status(Some(&r), "c"), LabelStatus::NoStatus);
        assert_eq!(label_status(None, "a"), LabelStatus::NoStatus);
    }

    #[test]
    fn setting_a_status_moves_the_label_between_lists() {
        let r = rule(&["a"], &[]);
        let r = set_label_status(&r, "a", LabelStatus::LabelExcluded);
        assert_eq!(r, rule(&[], &["a"]));
        let r = set_label_status(&r, "a", LabelStatus::NoStatus);
        assert_eq!(r, rule(&[], &[]));
    }

    #[test]
    fn parsing_tidies_and_refuses_contradictions() {
        let raw = CrmLabelSync {
            crm_name: " HubSpot ".into(),
            included_labels: labels(&[" a ", "a", ""]),
            excluded_labels: labels(&["b"]),
        };
        assert_eq!(CrmLabelSync::parse(&raw), Ok(rule(&["a"], &["b"])));
        let both = rule(&["a"], &["a"]);
        assert_eq!(CrmLabelSync::parse(&both), Err(RuleError::LabelInBothLists));
        let unknown = CrmLabelSync {
            crm_name: "pipedrive".into(),
            ..Default::default()
        };
        assert_eq!(CrmLabelSync::parse(&unknown), Err(RuleError::CrmUnknown));
    }
}
