//! The onboarding questionnaire and tour (migration 000050).

table!(
    /// One person's answers (`id` is the user's id) and where their tour stands.
    answers, "onboarding_answers", {
        team_size: Option<String>,
        /// Comma-separated CRM codes.
        crms: String,
        goal: Option<String>,
        goal_text: Option<String>,
        answered_at: Option<i64>,
        tour_status: String,
        tour_step: i32,
        tour_at: Option<i64>,
        updated_at: i64,
    }
);
