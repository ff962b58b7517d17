//! Integrations: one row per connected provider — per user (their workspace) for the CRMs and
//! helpdesks, per organisation for the outgoing webhook — with the non-secret settings as JSON
//! and every secret (API keys, LeadSquared secret keys, access and refresh tokens, webhook
//! tokens) only as AES-256-GCM ciphertext; and the single-use OAuth `state` values the server
//! issues before sending a browser to a provider's consent page.

use crate::columns::{
    at, at_null, big, big_null, created_updated, id, migration, string, text, text_null, unique,
    Tables,
};

migration!(tables());

fn tables() -> Tables {
    let mut t = Tables::default();
    let integrations = [
        vec![
            id(),
            string("provider", 20),
            big_null("user_id"),
            big_null("org_id"),
            string("status", 20),
            text("settings"),
            text_null("secret"),
            at_null("expires_at"),
            at_null("refreshing_until"),
        ],
        created_updated(),
    ];
    // One link per provider per user and per organisation (NULLs are distinct in both
    // SQLite and PostgreSQL, so user rows and organisation rows do not collide).
    t.add("integrations", integrations.concat())
        .cascade("user_id", "users")
        .cascade("org_id", "organisations")
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

    let oauth_states = [
        id(),
        unique(string("state_hash", 64)),
        string("provider", 20),
        big("user_id"),
        text_null("pkce_verifier"),
        at("created_at"),
        at("expires_at"),
        at_null("used_at"),
    ];
    t.add("oauth_states", oauth_states)
        .cascade("user_id", "users");
    t
}
