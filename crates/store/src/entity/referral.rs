//! Refer and Earn's tables (migration 000045).

table!(
    /// A person's referral code (their link is `/workspace/signup?ref=<code>`).
    code, "referral_codes", {
        user_id: i64,
        code: String,
        created_at: i64,
    }
);

table!(
    /// A sign-up through someone's link; `earns` unless `reason` says why not.
    referral, "referrals", {
        referrer_id: i64,
        referred_id: i64,
        earns: bool,
        reason: Option<String>,
        created_at: i64,
    }
);

table!(
    /// An invitation e-mail a person sent to a friend.
    invite, "referral_invites", {
        user_id: i64,
        email: String,
        sent_at: i64,
    }
);

table!(
    /// Credit of a person, in cents: earned by referrals or granted by the operator.
    credit, "user_credits", {
        user_id: i64,
        amount_minor: i64,
        currency: String,
        source: String,
        note: Option<String>,
        created_at: i64,
        applied_at: Option<i64>,
    }
);
