//! The onboarding questionnaire and guided tour (issue #28 item 9, 001 §2): the choices a new
//! person picks from — team size, the CRMs they use (several), their main goal with optional
//! words of their own — and the tour's state. The server checks every saved value here; the
//! web form offers the same lists (kept beside it in `web/src/features/onboarding`), so a
//! value outside them can only come from a hand-made call.

use crate::RuleError;

/// Team sizes, smallest first.
pub const TEAM_SIZES: &[&str] = &["just_me", "2_10", "11_50", "51_200", "200_plus"];

/// CRMs in use; `none` stands alone.
pub const CRMS: &[&str] = &[
    "none",
    "hubspot",
    "zoho",
    "salesforce",
    "bitrix24",
    "freshdesk",
    "leadsquared",
    "google_sheets",
    "other",
];

/// Main goals.
pub const GOALS: &[&str] = &[
    "more_sales",
    "faster_support",
    "team_visibility",
    "crm_sync",
    "follow_ups",
    "other",
];

/// The longest goal in the person's own words, in characters.
pub const GOAL_TEXT_CHARS: usize = 500;

/// The tour's steps: side navigation, dashboard, integrations, manage tools, My Account.
pub const TOUR_STEPS: i32 = 5;

/// Where the tour stands.
pub const TOUR_STATUSES: &[&str] = &["not_started", "in_progress", "skipped", "finished"];

/// The questionnaire's answers as stored.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Answers {
    pub team_size: Option<String>,
    /// In the order of [`CRMS`], each once.
    pub crms: Vec<String>,
    pub goal: Option<String>,
    pub goal_text: Option<String>,
}

/// One field's broken rule.
pub type Broken = Vec<(&'static str, RuleError)>;

fn choice(list: &[&str], raw: &str) -> Option<String> {
    list.iter().find(|c| **c == raw).map(|c| (*c).to_owned())
}

/// Checks a team size (`None` or empty: not answered).
pub fn team_size(raw: Option<&str>) -> Result<Option<String>, RuleError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => choice(TEAM_SIZES, v)
            .map(Some)
            .ok_or(RuleError::ValueInvalid),
    }
}

/// Checks the CRMs in use: each one of [`CRMS`], repeated ones kept once, `none` only alone.
/// Answers them in the list's order.
pub fn crms(raw: &[String]) -> Result<Vec<String>, RuleError> {
    if raw.iter().any(|c| !CRMS.contains(&c.trim())) {
        return Err(RuleError::CrmUnknown);
    }
    let picked: Vec<String> = CRMS
        .iter()
        .filter(|c| raw.iter().any(|r| r.trim() == **c))
        .map(|c| (*c).to_owned())
        .collect();
    if picked.len() > 1 && picked.iter().any(|c| c == "none") {
        return Err(RuleError::ValueInvalid);
    }
    Ok(picked)
}

/// Checks a main goal (`None` or empty: not answered).
pub fn goal(raw: Option<&str>) -> Result<Option<String>, RuleError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => choice(GOALS, v).map(Some).ok_or(RuleError::ValueInvalid),
    }
}

/// Checks the goal in the person's own words: trimmed, at most [`GOAL_TEXT_CHARS`] characters,
/// no control characters but line breaks and tabs; empty is none.
pub fn goal_text(raw: Option<&str>) -> Result<Option<String>, RuleError> {
    let Some(v) = raw.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if v.chars().count() > GOAL_TEXT_CHARS
        || v.chars().any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return Err(RuleError::ValueInvalid);
    }
    Ok(Some(v.to_owned()))
}

/// Checks the tour's state: a known status and a step from 0 to [`TOUR_STEPS`] − 1.
pub fn tour(status: &str, step: i32) -> Result<(&'static str, i32), Broken> {
    let mut broken = Vec::new();
    let status = TOUR_STATUSES.iter().find(|s| **s == status).copied();
    if status.is_none() {
        broken.push(("tour_status", RuleError::ValueInvalid));
    }
    if !(0..TOUR_STEPS).contains(&step) {
        broken.push(("tour_step", RuleError::ValueInvalid));
    }
    match status {
        Some(s) if broken.is_empty() => Ok((s, step)),
        _ => Err(broken),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_are_checked_against_their_lists() {
        assert_eq!(team_size(Some("2_10")), Ok(Some("2_10".into())));
        assert_eq!(team_size(Some("")), Ok(None));
        assert_eq!(team_size(Some("9000")), Err(RuleError::ValueInvalid));
        assert_eq!(goal(Some("more_sales")), Ok(Some("more_sales".into())));
        assert_eq!(goal(Some("world_peace")), Err(RuleError::ValueInvalid));
    }

    #[test]
    fn crms_are_known_kept_once_in_order_and_none_stands_alone() {
        let v = |xs: &[&str]| xs.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            crms(&v(&["zoho", "hubspot", "zoho"])),
            Ok(v(&["hubspot", "zoho"]))
        );
        assert_eq!(crms(&v(&["pipedrive"])), Err(RuleError::CrmUnknown));
        assert_eq!(crms(&v(&["none", "zoho"])), Err(RuleError::ValueInvalid));
        assert_eq!(crms(&[]), Ok(vec![]));
    }

    #[test]
    fn the_goal_text_is_bounded() {
        assert_eq!(goal_text(Some("  ")), Ok(None));
        let max = "é".repeat(GOAL_TEXT_CHARS);
        assert_eq!(goal_text(Some(&max)), Ok(Some(max.clone())));
        assert_eq!(
            goal_text(Some(&format!("{max}x"))),
            Err(RuleError::ValueInvalid)
        );
        assert_eq!(goal_text(Some("a\u{0}b")), Err(RuleError::ValueInvalid));
        assert_eq!(goal_text(Some("line\nnext")), Ok(Some("line\nnext".into())));
    }

    #[test]
    fn the_tour_state_is_a_known_status_and_step() {
        assert_eq!(tour("in_progress", 2), Ok(("in_progress", 2)));
        assert_eq!(tour("skipped", TOUR_STEPS).unwrap_err().len(), 1);
        assert_eq!(tour("lost", -1).unwrap_err().len(), 2);
    }
}
