//! The operator's side (issue #16): the people who run this installation (`operator_admins`,
//! argon2id hashes only), their short sessions, sign-in attempts (for the per-address and
//! per-client limits, kept in the database so every replica counts the same), the audit log of
//! what they changed, and dynamic lead assignment — its members with their running credit, the
//! installation's leads and each assignment with the reason it was made.

use crate::columns::{
    at, at_null, big, big_null, boolean, created_updated, id, int, migration, string, string_null,
    text, text_null, token_hash, unique, Tables,
};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("operator_admins").columns([
        id(),
        unique(string("email", 254)),
        string("password_hash", 255),
        at("created_at"),
        at_null("disabled_at"),
    ]);

    t.add("admin_sessions")
        .columns([
            id(),
            token_hash(),
            big("admin_id"),
            at("created_at"),
            at("expires_at"),
            at_null("revoked_at"),
        ])
        .index(&["admin_id"], false);

    t.add("admin_login_attempts")
        .columns([
            id(),
            string("email", 254),
            string("client", 64),
            boolean("ok"),
            at("at"),
        ])
        .index(&["email", "at"], false)
        .index(&["client", "at"], false);

    t.add("admin_audit")
        .columns([
            id(),
            big("admin_id"),
            at("at"),
            string("action", 60),
            string("target", 120),
            text_null("reason"),
            text("detail"),
        ])
        .index(&["at"], false);

    t.add("assignment_members")
        .columns([
            id(),
            unique(string("owner_id", 64)),
            string("name", 200),
            int("target_hundredths"),
            string("region", 20),
            text("stages"),
            boolean("paused"),
            big("credit"),
        ])
        .columns(created_updated());

    t.add("leads")
        .columns([
            id(),
            unique(big("user_id")),
            string_null("email", 254),
            string("region", 20),
            string("stage", 30),
            big_null("member_id"),
            at_null("assigned_at"),
        ])
        .columns(created_updated())
        .index(&["member_id"], false);

    t.add("lead_assignments")
        .columns([
            id(),
            big("lead_id"),
            big("member_id"),
            at("at"),
            text("reason"),
            boolean("crm_written"),
        ])
        .index(&["member_id", "at"], false)
        .index(&["lead_id"], false);
}
