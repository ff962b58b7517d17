//! Invitations (issue #25): when an invitation may be sent again, and how often.

/// How long after an invitation e-mail another may be sent to the same person.
pub const INVITATION_RESEND_WAIT_MS: i64 = 10 * 60 * 1000;
/// Invitations resent to one person in 24 hours, at most.
pub const INVITATION_RESENDS_PER_DAY: u64 = 5;

/// Milliseconds until an invitation last sent at `last_sent` may be sent again; `None` when it
/// may be now (or none was sent).
pub fn invitation_resend_wait(now: i64, last_sent: Option<i64>) -> Option<i64> {
    let left = last_sent? + INVITATION_RESEND_WAIT_MS - now;
    (left > 0).then_some(left)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invitation_waits_ten_minutes_before_it_is_sent_again() {
        assert_eq!(invitation_resend_wait(1_000, None), None);
        assert_eq!(invitation_resend_wait(1_000, Some(1_000)), Some(600_000));
        assert_eq!(invitation_resend_wait(601_000, Some(1_000)), None);
        assert_eq!(invitation_resend_wait(600_999, Some(1_000)), Some(1));
    }
}
