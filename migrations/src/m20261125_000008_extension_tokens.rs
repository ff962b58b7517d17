//! Extension tokens: the browser extension's own bearer credentials, minted on an explicit
//! hand-over from the signed-in web app (issue #13). Only the SHA-256 of a token is stored; each
//! has a name its owner recognises, a last use, an expiry and a revocation time. The web app's
//! session stays in `sessions`, reachable only through the HttpOnly cookie.

use crate::columns::{at, at_null, big, id, migration, string, token_hash, Tables};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("extension_tokens")
        .columns([
            id(),
            token_hash(),
            big("user_id"),
            string("name", 80),
            at("created_at"),
            at("expires_at"),
            at_null("last_used_at"),
            at_null("revoked_at"),
        ])
        .cascade("user_id", "users")
        .named_index("idx_extension_tokens_user", &["user_id"], false);
}
