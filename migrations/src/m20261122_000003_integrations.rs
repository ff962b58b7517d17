//! Integrations: one row per connected provider — per user (their workspace) for the CRMs and
//! helpdesks, per organisation for the outgoing webhook — with the non-secret settings as JSON
//! and every secret (API keys, LeadSquared secret keys, access and refresh tokens, webhook
//! tokens) only as AES-256-GCM ciphertext; and the single-use OAuth `state` values the server
//! issues before sending a browser to a provider's consent page.

use crate::columns::{
    at, at_null, big, big_null, created_updated, id, migration, string, text, text_null, unique,
    Tables,
};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("integrations")
        .columns([
            id(),
            string("provider", 20),
            big_null("user_id"),
            big_null("org_id"),
            string("status", 20),
            text("settings"),
            text_null("secret"),
            at_null("expires_at"),
            at_null("refreshing_until"),
        ])
        .columns(created_updated())
        .cascade("user_id", "users")
        .cascade("org_id", "organisations")
        // One link per provider per user and per organisation (NULLs are distinct in both
        // SQLite and PostgreSQL, so user rows and organisation rows do not collide).
        .named_index(
            "idx_integrations_provider_user",
            &["provider", "user_id"],
            true,
        )
        .named_index(
            "idx_integrations_provider_org",
            &["provider", "org_id"],
            true,
        );

    t.add("oauth_states")
        .columns([
            id(),
            unique(string("state_hash", 64)),
            string("provider", 20),
            big("user_id"),
            text_null("pkce_verifier"),
            at("created_at"),
            at("expires_at"),
            at_null("used_at"),
        ])
        .cascade("user_id", "users");
}
