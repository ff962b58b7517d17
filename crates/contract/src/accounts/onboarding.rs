//! The onboarding questionnaire and guided tour (issue #28 item 9): `GET|PUT
//! /api/account/onboarding`, the person's own answers only. The choice lists are
//! `domain::onboarding`'s.

/// The person's answers and where their tour stands.
#[crate::wire]
pub struct OnboardingState {
    /// `just_me`, `2_10`, `11_50`, `51_200` or `200_plus`; `null` until answered.
    pub team_size: Option<String>,
    /// Any of `none` (alone), `hubspot`, `zoho`, `salesforce`, `bitrix24`, `freshdesk`,
    /// `leadsquared`, `google_sheets`, `other`.
    pub crms: Vec<String>,
    /// `more_sales`, `faster_support`, `team_visibility`, `crm_sync`, `follow_ups` or `other`.
    pub goal: Option<String>,
    /// The goal in their own words (at most 500 characters).
    pub goal_text: Option<String>,
    /// When the questionnaire was last saved (RFC 3339); `null`: never.
    pub answered_at: Option<String>,
    /// `not_started`, `in_progress`, `skipped` or `finished`.
    pub tour_status: String,
    /// The step the tour stopped at, from 0 (the tour has 5 steps).
    pub tour_step: i32,
    /// When the tour was last finished, skipped or moved on (RFC 3339).
    pub tour_at: Option<String>,
}

/// `PUT /api/account/onboarding`: the questionnaire and the tour, each changed only when sent.
/// Sending any of the four answers saves all four (one missing is cleared); `tour_status` and
/// `tour_step` go together. A field it does not know is refused.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct OnboardingChange {
    pub team_size: Option<String>,
    #[schema(max_items = 9)]
    pub crms: Option<Vec<String>>,
    pub goal: Option<String>,
    #[schema(max_length = 500)]
    pub goal_text: Option<String>,
    pub tour_status: Option<String>,
    #[schema(minimum = 0, maximum = 4)]
    pub tour_step: Option<i32>,
}

/// A lead's questionnaire as the operator sees it.
#[crate::wire]
pub struct OnboardingAnswers {
    pub team_size: Option<String>,
    pub crms: Vec<String>,
    pub goal: Option<String>,
    pub goal_text: Option<String>,
    pub answered_at: Option<String>,
    pub tour_status: String,
}
