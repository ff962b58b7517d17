//! Refer and Earn (001 §1–§3, §9: invite by e-mail, a referral link, the report — credits earned,
//! friends signed up, invites sent).

/// One credit of the person: earned by referrals (`referral`) or granted by the operator
/// (`store_review`).
#[crate::wire]
pub struct CreditEntry {
    pub amount_minor: i64,
    pub currency: String,
    pub source: String,
    pub note: Option<String>,
    /// RFC 3339 UTC.
    pub created_at: String,
    /// Whether it has been taken off an invoice.
    pub applied: bool,
}

/// `GET /api/referrals`: the person's link and report.
#[crate::wire]
pub struct ReferralReport {
    pub code: String,
    /// `<public_url>/workspace/signup?ref=<code>`.
    pub link: String,
    pub invites_sent: u64,
    /// Friends who signed up through the link.
    pub signed_up: u64,
    /// Of those, the ones that earn (not the person themself, not a throwaway address).
    pub earning: u64,
    /// Earning sign-ups still needed for the next credit (1 or 2).
    pub next_credit_in: u32,
    pub credits_earned_minor: i64,
    /// Credits not yet taken off an invoice.
    pub balance_minor: i64,
    /// Newest first.
    pub credits: Vec<CreditEntry>,
}

/// `POST /api/referrals/invites`: friends' addresses (1 to 10).
#[crate::wire]
#[serde(deny_unknown_fields)]
pub struct ReferralInvites {
    #[schema(schema_with = crate::schemas::invite_emails)]
    pub emails: Vec<String>,
}

/// How many invitations went out.
#[crate::wire]
pub struct ReferralInvitesSent {
    pub sent: u32,
}

/// `POST /api/admin/users/{id}/credits`: the operator grants a credit (a store review, 001 §9).
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct GrantCredit {
    /// Cents, 1 to 10 000; 100 (1 USD) when absent.
    #[schema(minimum = 1, maximum = 10000)]
    pub amount_minor: Option<i64>,
    /// Cut to 200 characters.
    pub note: Option<String>,
}
