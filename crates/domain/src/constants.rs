//! The spec's business constants in one answer (000 §9, 001 §9), so the web app shows the
//! same limits the rules enforce instead of keeping its own copies.

use serde::Serialize;

/// Every number or default the UI needs to display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BusinessConstants {
    /// 000 §9: 'Chatter message page size: 20'.
    pub chatter_page_size: u32,
    /// 000 §1, §9: 'Toast time: 2000 ms'.
    pub toast_ms: u32,
    /// 000 §9: 'Self-close window: 2 minutes'.
    pub self_close_window_ms: u32,
    /// 000 §9: 'Image reachability timeout: 5000 ms by default'.
    pub image_timeout_ms: u32,
    /// 000 §9: 'Default filter: last 7 days'.
    pub default_filter_days: u32,
    /// 000 §9: 'Chat attachment: at most 15728640 bytes'.
    pub max_attachment_bytes: u32,
    /// 000 §9: 'Default spreadsheet label: Google Sheet'.
    pub default_spreadsheet_label: String,
    /// 000 §9: 'Default region: other'.
    pub default_region: crate::assignment::Region,
    /// 000 §8: 'retries 3 times by default'.
    pub default_retries: u32,
    /// 000 §9: 'Zoho state value: a random 64-character string'.
    pub zoho_state_length: u32,
    /// 001 §9: 'Active-hours chart: hours 8 to 20 only'.
    pub active_hours_first: u8,
    pub active_hours_last: u8,
    /// 001 §9: 'Top direction buckets: 5'.
    pub top_direction_buckets: u32,
    /// 001 §9: 'lists take 2 each'.
    pub rank_list_size: u32,
    /// 001 §9: 'Organisation name truncated to 10 characters'.
    pub org_name_max_chars: u32,
    /// 001 §9: 'Knowledge-base entry for org id 902'.
    pub knowledge_base_org_id: u32,
    /// 001 §9: 'Loader cleared 500 ms after results'.
    pub loader_clear_ms: u32,
    /// 001 §9: 'Switch-to-team delay 3 seconds'.
    pub switch_to_team_delay_ms: u32,
    /// 001 §9: 'Default employee status filter 2'.
    pub default_employee_status: u32,
    /// 001 §9: '7-day Teams trial with 3 seats'.
    pub teams_trial_days: u32,
    pub teams_trial_seats: u32,
    /// 001 §9: 'minimum team size 3 seats'.
    pub min_team_size: u32,
    /// 001 §9: 'Annual billing shows a 23% Off badge'.
    pub annual_discount_percent: u8,
    /// 001 §9: 'Free plan: 5 chat labels, 5 quick replies'.
    pub free_label_limit: u32,
    pub free_quick_reply_limit: u32,
    /// 001 §9: 'Mentions view covers the last 10 days'.
    pub mentions_days: u32,
    /// The zone every organisation starts with.
    pub default_time_zone: String,
}

/// The `business_constants` rule.
pub fn business_constants() -> BusinessConstants {
    BusinessConstants {
        chatter_page_size: 20,
        toast_ms: 2000,
        self_close_window_ms: crate::zoho::SELF_CLOSE_WINDOW_MS as u32,
        image_timeout_ms: 5000,
        default_filter_days: crate::dates::DEFAULT_FILTER_DAYS,
        max_attachment_bytes: crate::chat::MAX_ATTACHMENT_BYTES as u32,
        default_spreadsheet_label: crate::inputs::DEFAULT_SPREADSHEET_LABEL.to_string(),
        default_region: crate::assignment::Region::default(),
        default_retries: crate::retry::DEFAULT_TRIES,
        zoho_state_length: crate::zoho::ZOHO_STATE_LEN as u32,
        active_hours_first: *crate::buckets::ACTIVE_HOURS.start(),
        active_hours_last: *crate::buckets::ACTIVE_HOURS.end(),
        top_direction_buckets: 5,
        rank_list_size: crate::analytics::RANK_LIST_SIZE as u32,
        org_name_max_chars: crate::format::ORG_NAME_MAX_CHARS as u32,
        knowledge_base_org_id: 902,
        loader_clear_ms: 500,
        switch_to_team_delay_ms: 3000,
        default_employee_status: crate::roles::ACTIVE_USER_STATUS as u32,
        teams_trial_days: crate::plans::TEAMS_TRIAL_DAYS,
        teams_trial_seats: crate::plans::TEAMS_TRIAL_SEATS,
        min_team_size: crate::plans::MIN_TEAM_SIZE,
        annual_discount_percent: crate::billing::ANNUAL_DISCOUNT_PERCENT,
        free_label_limit: 5,
        free_quick_reply_limit: 5,
        mentions_days: 10,
        default_time_zone: crate::zones::DEFAULT_TIME_ZONE.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_constants_carry_the_spec_values() {
        // 000 §9 and 001 §9 business constants
        let c = business_constants();
        assert_eq!(
            (c.chatter_page_size, c.toast_ms, c.self_close_window_ms),
            (20, 2000, 120_000)
        );
        assert_eq!(c.max_attachment_bytes, 15_728_640);
        assert_eq!((c.active_hours_first, c.active_hours_last), (8, 20));
        assert_eq!(
            (c.teams_trial_days, c.teams_trial_seats, c.min_team_size),
            (7, 3, 3)
        );
        assert_eq!(c.default_spreadsheet_label, "Google Sheet");
        assert_eq!(c.default_time_zone, "Asia/Kolkata");
    }
}
