//! The core tables every area hangs on: users (each user's id is also their `workspace_id`),
//! sessions, organisations, teams and memberships (the spec's `callyzer_user_mappings`).
//! Times are UTC epoch milliseconds.

use crate::columns::{
    at, at_null, big, big_null, created_updated, flag, id, int, int_null, migration, small, string,
    string_null, token_hash, unique, with_default, Tables,
};

migration!(tables);

/// Each table with its indexes, in the order they are created.
fn tables(t: &mut Tables) {
    t.add("users")
        .columns([
            id(),
            unique(string("email", 320)),
            string_null("name", 200),
            string_null("mobile", 32),
            string_null("profile_pic", 2048),
            string_null("preferred_language", 8),
        ])
        .columns(created_updated())
        .named_index("idx_users_mobile", &["mobile"], false);

    t.add("sessions")
        .columns([
            id(),
            token_hash(),
            big("user_id"),
            at("created_at"),
            at("expires_at"),
            at("last_seen_at"),
            at_null("revoked_at"),
        ])
        .cascade("user_id", "users")
        .named_index("idx_sessions_user", &["user_id"], false);

    t.add("organisations")
        .columns([
            id(),
            string("name", 200),
            unique(string("organization_code", 32)),
            string_null("logo_url", 2048),
            with_default(string("time_zone", 64), "Asia/Kolkata"),
            with_default(int("plan_id"), 1),
            flag("is_trial", false),
            at_null("validity"),
            with_default(int("seat_issued"), 0),
            flag("knowledge_base_enabled", false),
            big_null("created_by"),
        ])
        .columns(created_updated())
        .set_null("created_by", "users");

    t.add("teams")
        .columns([
            id(),
            big("org_id"),
            string("team_name", 100),
            int_null("team_color"),
        ])
        .columns(created_updated())
        .cascade("org_id", "organisations")
        .named_index("uq_teams_org_name", &["org_id", "team_name"], true);

    t.add("memberships")
        .columns([
            id(),
            big("org_id"),
            big("user_id"),
            with_default(small("role_id"), 3),
            big_null("team_id"),
            flag("is_default_org", false),
            with_default(small("user_status"), 2),
            flag("syncing_active", false),
            with_default(string("invitation_status", 16), "pending"),
            string_null("employee_code", 64),
            at_null("joined_at"),
        ])
        .columns(created_updated())
        .cascade("org_id", "organisations")
        .cascade("user_id", "users")
        .set_null("team_id", "teams")
        .named_index("uq_memberships_org_user", &["org_id", "user_id"], true)
        .named_index("idx_memberships_user", &["user_id"], false)
        .named_index("idx_memberships_org_team", &["org_id", "team_id"], false);
}
