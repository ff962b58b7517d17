//! Refer and Earn (001 §1–§3, §9; issue #28): 1 USD of credit for every 2 friends who sign up
//! through a person's link, the friend's month of Pro Plus, and who does not earn — the same
//! person under another address, or a throwaway mailbox.

/// 001 §9 '1 USD credit per 2 sign-ups', in cents.
pub const CREDIT_PER_PAIR_MINOR: i64 = 100;
/// Sign-ups that earn one credit.
pub const SIGN_UPS_PER_CREDIT: u32 = 2;
/// The friend's free Pro Plus: 001 says both a month and 7 days; we give the month.
pub const FRIEND_PRO_PLUS_DAYS: i64 = 30;
/// The plan the friend gets (Pro Plus, monthly).
pub const FRIEND_PLAN_ID: i64 = 8;
/// 001 §9 'a store review gives 1 USD credit' (granted by the operator once they have seen it).
pub const STORE_REVIEW_CREDIT_MINOR: i64 = 100;
/// Invitation e-mails one person may send a day.
pub const INVITES_PER_DAY: u32 = 50;
/// Addresses in one invitation request.
pub const MAX_INVITES_AT_ONCE: usize = 10;

/// Mail services that hand out throwaway addresses: a sign-up from one of them does not earn.
pub const DISPOSABLE_DOMAINS: [&str; 24] = [
    "10minutemail.com",
    "dispostable.com",
    "emailondeck.com",
    "fakeinbox.com",
    "getnada.com",
    "guerrillamail.com",
    "guerrillamail.net",
    "guerrillamailblock.com",
    "maildrop.cc",
    "mailinator.com",
    "mailnesia.com",
    "mintemail.com",
    "mohmal.com",
    "mytemp.email",
    "sharklasers.com",
    "spamgourmet.com",
    "temp-mail.org",
    "tempmail.com",
    "tempmailo.com",
    "tempr.email",
    "throwawaymail.com",
    "trashmail.com",
    "yopmail.com",
    "yopmail.net",
];

/// Why a sign-up through a link does not earn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotEarning {
    /// The friend is the referrer under another address (`a+1@x`, `a.b@gmail.com`).
    SelfReferral,
    /// A throwaway mailbox.
    Disposable,
}

impl NotEarning {
    pub const fn code(self) -> &'static str {
        match self {
            NotEarning::SelfReferral => "self_referral",
            NotEarning::Disposable => "disposable_address",
        }
    }
}

/// The mailbox an address reaches: lower case, without a `+tag`, and for Gmail without dots
/// (Gmail ignores both; `googlemail.com` is `gmail.com`).
pub fn mailbox(email: &str) -> String {
    let email = email.trim().to_ascii_lowercase();
    let Some((local, domain)) = email.rsplit_once('@') else {
        return email;
    };
    let local = local.split('+').next().unwrap_or_default();
    let domain = if domain == "googlemail.com" {
        "gmail.com"
    } else {
        domain
    };
    let local = if domain == "gmail.com" {
        local.replace('.', "")
    } else {
        local.to_owned()
    };
    format!("{local}@{domain}")
}

/// Whether `friend`'s sign-up through `referrer`'s link earns: not the same mailbox, and not a
/// throwaway domain (nor a subdomain of one).
pub fn earns(referrer: &str, friend: &str) -> Result<(), NotEarning> {
    let friend = mailbox(friend);
    if mailbox(referrer) == friend {
        return Err(NotEarning::SelfReferral);
    }
    let domain = friend.rsplit_once('@').map_or("", |(_, d)| d);
    if DISPOSABLE_DOMAINS
        .iter()
        .any(|d| domain == *d || domain.ends_with(&format!(".{d}")))
    {
        return Err(NotEarning::Disposable);
    }
    Ok(())
}

/// Whether the `nth` earning sign-up (1-based) completes a pair, and so earns one credit.
pub const fn completes_pair(nth: u32) -> bool {
    nth > 0 && nth % SIGN_UPS_PER_CREDIT == 0
}

/// A referral code: 8 characters of an alphabet without look-alikes, from 8 random bytes.
pub fn referral_code(random: [u8; 8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    random
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect()
}

/// A code as typed or carried in a link: trimmed, upper case, 4 to 16 letters and digits.
pub fn parse_referral_code(raw: &str) -> Option<String> {
    let s = raw.trim().to_ascii_uppercase();
    ((4..=16).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(s)
}

/// Currencies the payment provider counts in whole units (no minor unit): an amount of these is
/// sent as is, not in hundredths.
pub const ZERO_DECIMAL_CURRENCIES: [&str; 16] = [
    "bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv",
    "xaf", "xof", "xpf",
];

/// A credit of `usd_minor` US cents in `currency`'s smallest unit, at `usd_rate` units of that
/// currency per dollar, rounded to the nearest unit. `None` when the rate is unusable or the
/// credit would round to nothing.
pub fn credit_in_currency(usd_minor: i64, currency: &str, usd_rate: f64) -> Option<i64> {
    let currency = currency.to_ascii_lowercase();
    if currency == "usd" {
        return (usd_minor > 0).then_some(usd_minor);
    }
    if !usd_rate.is_finite() || usd_rate <= 0.0 || usd_minor <= 0 {
        return None;
    }
    let dollars = usd_minor as f64 / 100.0;
    let units = dollars * usd_rate;
    let minor = if ZERO_DECIMAL_CURRENCIES.contains(&currency.as_str()) {
        units
    } else {
        units * 100.0
    };
    let rounded = minor.round();
    (1.0..1e15).contains(&rounded).then_some(rounded as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mailbox_ignores_case_tags_and_gmail_dots() {
        assert_eq!(mailbox(" Ana.Rao+work@GMail.com "), "anarao@gmail.com");
        assert_eq!(mailbox("ana.rao@googlemail.com"), "anarao@gmail.com");
        assert_eq!(mailbox("ana.rao+x@acme.test"), "ana.rao@acme.test");
    }

    #[test]
    fn the_same_person_or_a_throwaway_address_does_not_earn() {
        assert_eq!(
            earns("ana@gmail.com", "a.n.a+friend@gmail.com"),
            Err(NotEarning::SelfReferral)
        );
        assert_eq!(
            earns("ana@acme.test", "ANA+2@acme.test"),
            Err(NotEarning::SelfReferral)
        );
        assert_eq!(
            earns("ana@acme.test", "bo@mailinator.com"),
            Err(NotEarning::Disposable)
        );
        assert_eq!(
            earns("ana@acme.test", "bo@eu.yopmail.com"),
            Err(NotEarning::Disposable)
        );
        // A colleague at the same company earns: sharing a domain is not the same person.
        assert_eq!(earns("ana@acme.test", "bo@acme.test"), Ok(()));
        assert_eq!(earns("ana@acme.test", "bo@notmailinator.com"), Ok(()));
    }

    #[test]
    fn every_second_sign_up_earns_a_credit() {
        let earned: Vec<u32> = (1..=5).filter(|n| completes_pair(*n)).collect();
        assert_eq!(earned, [2, 4]);
        assert!(!completes_pair(0));
    }

    #[test]
    fn codes_are_eight_unambiguous_characters_and_parse_back() {
        let code = referral_code([0, 7, 31, 32, 200, 255, 8, 14]);
        assert_eq!(code.len(), 8);
        assert!(!code.contains(['0', 'O', '1', 'I']));
        assert_eq!(
            parse_referral_code(&format!(" {} ", code.to_lowercase())),
            Some(code)
        );
        assert_eq!(parse_referral_code("AB"), None);
        assert_eq!(parse_referral_code("ABCD-123"), None);
    }

    #[test]
    fn a_dollar_credit_is_converted_into_the_invoice_currency_smallest_unit() {
        assert_eq!(credit_in_currency(100, "usd", 0.0), Some(100));
        assert_eq!(credit_in_currency(100, "USD", 1.0), Some(100));
        assert_eq!(credit_in_currency(100, "inr", 83.12), Some(8312));
        assert_eq!(credit_in_currency(100, "eur", 0.9184), Some(92));
        assert_eq!(credit_in_currency(100, "jpy", 151.4), Some(151));
        assert_eq!(credit_in_currency(100, "inr", 0.0), None);
        assert_eq!(credit_in_currency(100, "inr", f64::NAN), None);
        assert_eq!(credit_in_currency(100, "inr", -2.0), None);
        assert_eq!(credit_in_currency(0, "usd", 1.0), None);
        assert_eq!(credit_in_currency(1, "kwd", 0.001), None);
    }
}
