//! The onboarding questionnaire and guided tour (issue #28 item 9, 001 §2): per person (`id` is
//! the user's id) the team size, the CRMs in use (a comma-separated list of the domain's codes),
//! the main goal with optional words of their own, when they answered, and where the tour of
//! the signed-in frame stands (`tour_status`, the step reached, when it last changed) so it can
//! be resumed.

use crate::columns::{
    at, at_null, big_key, int, migration, string, string_null, text_null, with_default, Tables,
};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("onboarding_answers")
        .columns([
            // The user's id.
            big_key("id"),
            string_null("team_size", 16),
            with_default(string("crms", 200), ""),
            string_null("goal", 32),
            text_null("goal_text"),
            at_null("answered_at"),
            with_default(string("tour_status", 12), "not_started"),
            with_default(int("tour_step"), 0),
            at_null("tour_at"),
            at("updated_at"),
        ])
        .cascade("id", "users");
}
