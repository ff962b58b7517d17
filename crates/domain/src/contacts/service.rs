//! The Lead CRM's tickets and call logs (issue #29, 001 §2–§3): a ticket's status and type in
//! HubSpot's default support pipeline (stored as Switchboard's keys; each CRM's connector maps
//! them to its own), a call's outcome (HubSpot's default call dispositions) and duration. Names
//! and descriptions follow the deal's rules ([`super::deals::name`], [`super::deals::description`]).

use crate::RuleError;

/// The ticket pipeline's statuses, in its order.
pub const TICKET_STATUSES: [&str; 4] = ["new", "waiting_on_contact", "waiting_on_us", "closed"];
/// The status a ticket is over in.
pub const CLOSED_STATUS: &str = "closed";
/// The one ticket pipeline.
pub const TICKET_PIPELINE: &str = "support";
/// A ticket's types.
pub const TICKET_TYPES: [&str; 4] = [
    "product_issue",
    "billing_issue",
    "feature_request",
    "general_inquiry",
];
/// A call's outcomes.
pub const CALL_OUTCOMES: [&str; 6] = [
    "busy",
    "connected",
    "left_live_message",
    "left_voicemail",
    "no_answer",
    "wrong_number",
];
/// The longest call logged: a day.
pub const MAX_CALL_SECS: i64 = 86_400;

fn one_of(list: &'static [&'static str], raw: &str) -> Result<&'static str, RuleError> {
    list.iter()
        .find(|s| **s == raw.trim())
        .copied()
        .ok_or(RuleError::ValueInvalid)
}

/// A ticket status key, or `value_invalid`.
pub fn ticket_status(raw: &str) -> Result<&'static str, RuleError> {
    one_of(&TICKET_STATUSES, raw)
}

/// A ticket type key (blank is none), or `value_invalid`.
pub fn ticket_type(raw: &str) -> Result<Option<&'static str>, RuleError> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    one_of(&TICKET_TYPES, raw).map(Some)
}

/// A call outcome key, or `value_invalid`.
pub fn call_outcome(raw: &str) -> Result<&'static str, RuleError> {
    one_of(&CALL_OUTCOMES, raw)
}

/// A call's length in seconds: 0 to a day.
pub fn call_duration(secs: i64) -> Result<i32, RuleError> {
    if (0..=MAX_CALL_SECS).contains(&secs) {
        i32::try_from(secs).map_err(|_| RuleError::ValueInvalid)
    } else {
        Err(RuleError::ValueInvalid)
    }
}

/// HubSpot's ticket pipeline stage id (default support pipeline `0`) of a status.
pub fn hubspot_ticket_stage(status: &str) -> &'static str {
    match status {
        "waiting_on_contact" => "2",
        "waiting_on_us" => "3",
        "closed" => "4",
        _ => "1",
    }
}

/// Zoho's case status of a ticket status (Zoho's defaults: New, On Hold, Escalated, Closed).
pub fn zoho_case_status(status: &str) -> &'static str {
    match status {
        "waiting_on_contact" => "On Hold",
        "waiting_on_us" => "Escalated",
        "closed" => "Closed",
        _ => "New",
    }
}

/// Zoho's case type of a ticket type (Zoho's defaults: Problem, Feature Request, Question).
pub fn zoho_case_type(ticket_type: Option<&str>) -> Option<&'static str> {
    match ticket_type? {
        "product_issue" | "billing_issue" => Some("Problem"),
        "feature_request" => Some("Feature Request"),
        _ => Some("Question"),
    }
}

/// Zoho's call result of an outcome, in words (Zoho's call results are the account's own
/// text).
pub fn zoho_call_result(outcome: &str) -> &'static str {
    match outcome {
        "busy" => "Busy",
        "left_live_message" => "Left live message",
        "left_voicemail" => "Left voicemail",
        "no_answer" => "No answer",
        "wrong_number" => "Wrong number",
        _ => "Connected",
    }
}

/// HubSpot's default call disposition id of an outcome.
pub fn hubspot_call_disposition(outcome: &str) -> &'static str {
    match outcome {
        "busy" => "9d9162e7-6cf3-4944-bf63-4dff82258764",
        "left_live_message" => "a4c4c377-d246-4b32-a13b-75a56a4cd0ff",
        "left_voicemail" => "b2cf5968-551e-4856-9783-52b3da59a7d0",
        "no_answer" => "73a0d17f-1163-4015-bdd5-ec830791da20",
        "wrong_number" => "17b47fee-58de-441e-a44c-c6300d46f273",
        _ => "f240bbac-87c9-4f6e-bf70-924b57d47db7",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_checked_and_blank_types_are_none() {
        assert_eq!(ticket_status(" waiting_on_us "), Ok("waiting_on_us"));
        assert_eq!(ticket_status("Waiting"), Err(RuleError::ValueInvalid));
        assert_eq!(ticket_type(""), Ok(None));
        assert_eq!(ticket_type("billing_issue"), Ok(Some("billing_issue")));
        assert_eq!(ticket_type("refund"), Err(RuleError::ValueInvalid));
        assert_eq!(call_outcome("no_answer"), Ok("no_answer"));
        assert_eq!(call_outcome("hung_up"), Err(RuleError::ValueInvalid));
    }

    #[test]
    fn a_call_lasts_from_nothing_to_a_day() {
        assert_eq!(call_duration(0), Ok(0));
        assert_eq!(call_duration(86_400), Ok(86_400));
        assert_eq!(call_duration(-1), Err(RuleError::ValueInvalid));
        assert_eq!(call_duration(86_401), Err(RuleError::ValueInvalid));
    }

    #[test]
    fn every_key_has_its_hubspot_value() {
        let stages: Vec<_> = TICKET_STATUSES
            .iter()
            .map(|s| hubspot_ticket_stage(s))
            .collect();
        assert_eq!(stages, ["1", "2", "3", "4"]);
        let mut ids: Vec<_> = CALL_OUTCOMES
            .iter()
            .map(|o| hubspot_call_disposition(o))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), CALL_OUTCOMES.len());
    }
}
