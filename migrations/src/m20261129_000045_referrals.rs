//! Refer and Earn (issue #28, 001 §1–§3, §9): each person's referral code, the sign-ups made
//! through it (and whether each earns), the invitation e-mails sent, and a person's credits —
//! earned by referrals or granted by the operator (a store review) — until they are applied to
//! an invoice.

use crate::columns::{at, at_null, big, flag, id, migration, string, string_null, Tables};

migration!(tables);

fn tables(t: &mut Tables) {
    t.add("referral_codes")
        .columns([id(), big("user_id"), string("code", 16), at("created_at")])
        .cascade("user_id", "users")
        .index(&["user_id"], true)
        .index(&["code"], true);
    t.add("referrals")
        .columns([
            id(),
            big("referrer_id"),
            big("referred_id"),
            flag("earns", false),
            // Why it does not earn: `self_referral`, `disposable_address`.
            string_null("reason", 32),
            at("created_at"),
        ])
        .cascade("referrer_id", "users")
        .cascade("referred_id", "users")
        .index(&["referred_id"], true)
        .index(&["referrer_id", "earns"], false);
    t.add("referral_invites")
        .columns([id(), big("user_id"), string("email", 254), at("sent_at")])
        .cascade("user_id", "users")
        .index(&["user_id", "sent_at"], false);
    t.add("user_credits")
        .columns([
            id(),
            big("user_id"),
            big("amount_minor"),
            string("currency", 3),
            // `referral` or `store_review`.
            string("source", 24),
            string_null("note", 200),
            at("created_at"),
            at_null("applied_at"),
        ])
        .cascade("user_id", "users")
        .index(&["user_id", "created_at"], false);
}
