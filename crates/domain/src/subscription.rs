//! A subscription's standing over time (001 §4 plan lifecycle, §9 limits): where an
//! organisation or a personal workspace stands now — trial, paid, in its grace period, or back on
//! Free — what its plan allows, and what a change of seats costs before it is confirmed.
//!
//! The stored facts are the plan id, the trial flag and the validity (end of the paid or trial
//! period). The standing is computed from them and `now`, never stored, so every replica reads
//! the same answer and no sweeper has to run for a trial to end.

use serde::Serialize;

use crate::plans::{PlanKind, MIN_TEAM_SIZE};

const DAY_MS: i64 = 86_400_000;

/// 001 §9: 'Free plan: 5 chat labels, 5 quick replies'.
pub const FREE_LABELS: u32 = 5;
/// 001 §9: 'Free plan: … 5 quick replies'.
pub const FREE_QUICK_REPLIES: u32 = 5;
/// AI replies a day without the AI Reply add-on (001 §9 'Daily limit on AI replies (value not
/// shown)'; ours, docs/DECISIONS.md).
pub const AI_REPLIES_PER_DAY: u32 = 10;
/// AI replies a day with the AI Reply add-on (ours, docs/DECISIONS.md).
pub const AI_REPLIES_PER_DAY_ADDON: u32 = 500;
/// Days after a plan's end before it falls back to Free, when configuration says nothing
/// (001 §4 'a grace period counted in days follows expiry'; ours, docs/DECISIONS.md).
pub const DEFAULT_GRACE_DAYS: u32 = 3;

/// Where a plan stands at one instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    /// The Teams trial, before its validity ends.
    Trial,
    /// A paid plan, before its validity ends (or with no end).
    Active,
    /// The trial or paid period has ended; its features stay until the grace period ends.
    Grace,
    /// Free: never paid, or past the grace period.
    Free,
}

/// The stored facts of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanFacts {
    pub plan_id: i64,
    pub is_trial: bool,
    /// End of the trial or paid period, epoch ms; `None` for a plan with no end.
    pub validity: Option<i64>,
}

/// What a plan means now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PlanNow {
    pub standing: Standing,
    /// The plan whose features apply now: the stored one until the grace period ends, then 1.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub effective_plan_id: i64,
    pub kind: PlanKind,
    /// When the grace period ends (epoch ms), while in it.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub grace_until: Option<i64>,
}

/// 001 §4 'Plan lifecycle: Free, then a 7-day Teams trial with 3 seats, then reversion to the
/// free plan; a grace period counted in days follows expiry.'
///
/// - A free or unknown plan id is Free.
/// - Before the validity (or with none): Trial when the trial flag is set, else Active.
/// - From the validity until `grace_days` later: Grace, features kept.
/// - After that: Free (effective plan 1).
pub fn plan_now(facts: PlanFacts, grace_days: u32, now: i64) -> PlanNow {
    let free = PlanNow {
        standing: Standing::Free,
        effective_plan_id: 1,
        kind: PlanKind::Free,
        grace_until: None,
    };
    let kind = PlanKind::of(facts.plan_id);
    if !kind.is_paid() {
        return free;
    }
    let ongoing = PlanNow {
        standing: if facts.is_trial {
            Standing::Trial
        } else {
            Standing::Active
        },
        effective_plan_id: facts.plan_id,
        kind,
        grace_until: None,
    };
    let Some(end) = facts.validity else {
        return ongoing;
    };
    if now < end {
        return ongoing;
    }
    let grace_until = end.saturating_add(i64::from(grace_days) * DAY_MS);
    if now < grace_until {
        return PlanNow {
            standing: Standing::Grace,
            grace_until: Some(grace_until),
            ..ongoing
        };
    }
    free
}

/// What the end of the current period means, said exactly (issue #25: 'Renews or ends on …' was
/// ambiguous).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TermKind {
    /// A running subscription that will charge again at `at`.
    Renews,
    /// A paid plan that stops at `at` (cancelled at the period's end, or with no subscription
    /// behind it, e.g. set by an operator).
    Ends,
    /// The trial stops at `at`.
    TrialEnds,
    /// The period has ended; the features stay until `at`, then Free.
    GraceUntil,
}

/// The plan's term: what happens at which instant (epoch ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Term {
    pub kind: TermKind,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub at: i64,
}

/// The plan's term from its standing, its validity and whether a subscription will renew it
/// (running and not cancelled at the period's end). Free, or a plan with no end: none.
pub fn plan_term(now: &PlanNow, validity: Option<i64>, renews: bool) -> Option<Term> {
    let term = |kind, at| Some(Term { kind, at });
    match now.standing {
        Standing::Free => None,
        Standing::Grace => term(TermKind::GraceUntil, now.grace_until?),
        Standing::Trial => term(TermKind::TrialEnds, validity?),
        Standing::Active if renews => term(TermKind::Renews, validity?),
        Standing::Active => term(TermKind::Ends, validity?),
    }
}

/// What a plan allows, for the features that ask (labels, quick replies, the signature, AI
/// replies). `None` means unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PlanLimits {
    pub labels: Option<u32>,
    pub quick_replies: Option<u32>,
    /// 001 §6 'Free plan appends a sent-from-the-product signature to messages'.
    pub signature: bool,
    pub ai_replies_per_day: u32,
    /// Seats the plan holds (members, active or invited); `None` for a personal workspace.
    pub seats: Option<u32>,
}

/// 001 §9: 'Free plan: 5 chat labels, 5 quick replies, signature appended; paid plans
/// unlimited. Daily limit on AI replies.'
pub fn plan_limits(now: &PlanNow, ai_addon: bool, seats: Option<u32>) -> PlanLimits {
    let paid = now.kind.is_paid();
    PlanLimits {
        labels: (!paid).then_some(FREE_LABELS),
        quick_replies: (!paid).then_some(FREE_QUICK_REPLIES),
        signature: !paid,
        ai_replies_per_day: if ai_addon && paid {
            AI_REPLIES_PER_DAY_ADDON
        } else {
            AI_REPLIES_PER_DAY
        },
        seats,
    }
}

/// Whether an organisation has the knowledge base now: it comes with the Teams plan while the
/// plan's features apply (trial, paid, grace), and with the operator's grant whatever the plan
/// (the pilot organisations of 001 §2 keep it that way; docs/DECISIONS.md).
pub fn knowledge_base_included(now: &PlanNow, granted: bool) -> bool {
    granted || (now.kind == PlanKind::Teams && now.standing != Standing::Free)
}

/// Seats an organisation may hold now: the seats bought while the plan runs (or is in grace);
/// on Free, the members it already has stay but no new one fits.
pub fn seats_allowed(now: &PlanNow, seat_issued: u32, seats_used: u32) -> u32 {
    match now.standing {
        Standing::Free => seats_used.min(seat_issued),
        _ => seat_issued,
    }
}

/// Whether `adding` more members fit.
pub fn seats_fit(allowed: u32, used: u32, adding: u32) -> bool {
    used.checked_add(adding).is_some_and(|n| n <= allowed)
}

/// Seats a Teams checkout buys: what was asked, but never fewer than the team's minimum nor the
/// members the organisation already has (001 §5 'Minimum team size of 3'; the original client
/// always sent quantity 1).
pub fn checkout_seats(asked: u32, members: u32) -> u32 {
    asked.max(MIN_TEAM_SIZE).max(members)
}

/// What changing the seats of a running subscription costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SeatChange {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub current_seats: u32,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub new_seats: u32,
    /// Charged now for the added seats over the rest of the period (0 when removing).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub due_now_minor: i64,
    /// The next period's invoice with the new seats.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub next_invoice_minor: i64,
    /// Removing seats waits for the period's end; adding takes effect now.
    pub at_period_end: bool,
}

/// Proration of a seat change (how the payment provider prorates, to the second): added seats
/// cost their price for the fraction of the period left, rounded half up to the minor unit;
/// removed seats are not refunded and leave at the period's end.
pub fn seat_change(
    price_per_seat_minor: i64,
    current: u32,
    new: u32,
    period_start: i64,
    period_end: i64,
    now: i64,
) -> SeatChange {
    let next_invoice_minor = price_per_seat_minor.saturating_mul(i64::from(new));
    if new <= current {
        return SeatChange {
            current_seats: current,
            new_seats: new,
            due_now_minor: 0,
            next_invoice_minor,
            at_period_end: new < current,
        };
    }
    let length = (period_end - period_start).max(1);
    let left = (period_end - now).clamp(0, length);
    let added = price_per_seat_minor.saturating_mul(i64::from(new - current));
    // added × left / length, half up, in 128 bits (server side only: never in the wasm module).
    let due =
        (i128::from(added) * i128::from(left) * 2 + i128::from(length)) / (2 * i128::from(length));
    SeatChange {
        current_seats: current,
        new_seats: new,
        due_now_minor: i64::try_from(due).unwrap_or(i64::MAX),
        next_invoice_minor,
        at_period_end: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_term_says_renews_ends_trial_or_grace() {
        // issue #25: 'renews on', 'ends on', 'in grace until', never 'renews or ends'
        let end = T0 + 30 * DAY_MS;
        let active = plan_now(facts(10, false, Some(end)), 3, T0);
        assert_eq!(
            plan_term(&active, Some(end), true),
            Some(Term {
                kind: TermKind::Renews,
                at: end
            })
        );
        assert_eq!(
            plan_term(&active, Some(end), false),
            Some(Term {
                kind: TermKind::Ends,
                at: end
            })
        );
        let trial = plan_now(facts(10, true, Some(end)), 3, T0);
        assert_eq!(
            plan_term(&trial, Some(end), true).unwrap().kind,
            TermKind::TrialEnds
        );
        let grace = plan_now(facts(10, false, Some(end)), 3, end + DAY_MS);
        assert_eq!(
            plan_term(&grace, Some(end), false),
            Some(Term {
                kind: TermKind::GraceUntil,
                at: end + 3 * DAY_MS
            })
        );
        let free = plan_now(facts(10, false, Some(end)), 3, end + 4 * DAY_MS);
        assert_eq!(plan_term(&free, Some(end), false), None);
        assert_eq!(
            plan_term(&active, None, true),
            None,
            "no end, nothing to say"
        );
    }

    const T0: i64 = 1_772_964_000_000;

    fn facts(plan_id: i64, is_trial: bool, validity: Option<i64>) -> PlanFacts {
        PlanFacts {
            plan_id,
            is_trial,
            validity,
        }
    }

    #[test]
    fn the_knowledge_base_follows_the_teams_plan_or_the_operators_grant() {
        let end = T0 + 7 * DAY_MS;
        let teams = facts(11, false, Some(end));
        assert!(knowledge_base_included(&plan_now(teams, 3, T0), false));
        assert!(knowledge_base_included(
            &plan_now(facts(10, true, Some(end)), 3, T0),
            false
        ));
        // Kept through the grace period, gone after it unless granted.
        assert!(knowledge_base_included(
            &plan_now(teams, 3, end + DAY_MS),
            false
        ));
        let lapsed = plan_now(teams, 3, end + 3 * DAY_MS);
        assert!(!knowledge_base_included(&lapsed, false));
        assert!(knowledge_base_included(&lapsed, true));
        // A personal plan, paid or not, does not include it.
        assert!(!knowledge_base_included(
            &plan_now(facts(8, false, None), 3, T0),
            false
        ));
        assert!(!knowledge_base_included(
            &plan_now(facts(1, false, None), 3, T0),
            false
        ));
        assert!(knowledge_base_included(
            &plan_now(facts(1, false, None), 3, T0),
            true
        ));
    }

    #[test]
    fn a_trial_runs_seven_days_then_grace_then_free() {
        // 001 §4: 'a 7-day Teams trial with 3 seats, then reversion to the free plan; a grace
        // period counted in days follows expiry'
        let end = T0 + 7 * DAY_MS;
        let f = facts(10, true, Some(end));
        assert_eq!(plan_now(f, 3, T0).standing, Standing::Trial);
        assert_eq!(plan_now(f, 3, end - 1).standing, Standing::Trial);
        let grace = plan_now(f, 3, end);
        assert_eq!(grace.standing, Standing::Grace);
        assert_eq!(grace.effective_plan_id, 10);
        assert_eq!(grace.grace_until, Some(end + 3 * DAY_MS));
        assert_eq!(
            plan_now(f, 3, end + 3 * DAY_MS - 1).standing,
            Standing::Grace
        );
        let free = plan_now(f, 3, end + 3 * DAY_MS);
        assert_eq!(free.standing, Standing::Free);
        assert_eq!(free.effective_plan_id, 1);
        assert_eq!(plan_now(f, 0, end).standing, Standing::Free);
    }

    #[test]
    fn paid_plans_without_an_end_stay_active_and_free_ids_are_free() {
        assert_eq!(
            plan_now(facts(11, false, None), 3, T0).standing,
            Standing::Active
        );
        assert_eq!(
            plan_now(facts(1008, false, None), 3, T0).kind,
            PlanKind::ProPlus
        );
        assert_eq!(
            plan_now(facts(1, false, Some(T0 + DAY_MS)), 3, T0).standing,
            Standing::Free
        );
        assert_eq!(
            plan_now(facts(4, true, None), 3, T0).standing,
            Standing::Free
        );
    }

    #[test]
    fn free_allows_five_labels_five_quick_replies_and_appends_the_signature() {
        // 001 §9
        let free = plan_limits(&plan_now(facts(1, false, None), 3, T0), true, None);
        assert_eq!(free.labels, Some(5));
        assert_eq!(free.quick_replies, Some(5));
        assert!(free.signature);
        assert_eq!(free.ai_replies_per_day, AI_REPLIES_PER_DAY);
        let teams = plan_limits(&plan_now(facts(10, false, None), 3, T0), true, Some(4));
        assert_eq!(
            (teams.labels, teams.quick_replies, teams.signature),
            (None, None, false)
        );
        assert_eq!(teams.ai_replies_per_day, AI_REPLIES_PER_DAY_ADDON);
        assert_eq!(teams.seats, Some(4));
    }

    #[test]
    fn seats_fit_only_within_what_was_bought_and_free_takes_no_one_new() {
        let running = plan_now(facts(10, false, None), 3, T0);
        assert_eq!(seats_allowed(&running, 5, 2), 5);
        assert!(seats_fit(5, 2, 3));
        assert!(!seats_fit(5, 2, 4));
        assert!(!seats_fit(u32::MAX, u32::MAX, 1));
        let free = plan_now(facts(1, false, None), 3, T0);
        assert_eq!(seats_allowed(&free, 5, 2), 2);
        assert!(!seats_fit(seats_allowed(&free, 5, 2), 2, 1));
    }

    #[test]
    fn a_teams_checkout_buys_at_least_three_seats_and_every_member() {
        // 001 §5 'Minimum team size of 3'
        assert_eq!(checkout_seats(1, 1), 3);
        assert_eq!(checkout_seats(5, 2), 5);
        assert_eq!(checkout_seats(3, 7), 7);
    }

    #[test]
    fn added_seats_are_prorated_over_what_is_left_of_the_period() {
        let start = T0;
        let end = T0 + 30 * DAY_MS;
        // half the period left, 2 seats at 12.00: 12.00 now, 60.00 next period
        let c = seat_change(1_200, 3, 5, start, end, start + 15 * DAY_MS);
        assert_eq!(c.due_now_minor, 1_200);
        assert_eq!(c.next_invoice_minor, 6_000);
        assert!(!c.at_period_end);
        // a third left, one seat at 10.00: 3.333… → 3.33
        let c = seat_change(1_000, 3, 4, start, start + 3 * DAY_MS, start + 2 * DAY_MS);
        assert_eq!(c.due_now_minor, 333);
        // two thirds left: 6.666… → 6.67 (half up)
        let c = seat_change(1_000, 3, 4, start, start + 3 * DAY_MS, start + DAY_MS);
        assert_eq!(c.due_now_minor, 667);
        // removing waits for the period's end and refunds nothing
        let c = seat_change(1_200, 5, 3, start, end, start + DAY_MS);
        assert_eq!(
            (c.due_now_minor, c.next_invoice_minor, c.at_period_end),
            (0, 3_600, true)
        );
        // past the end nothing is left to prorate
        assert_eq!(
            seat_change(1_200, 3, 4, start, end, end + 1).due_now_minor,
            0
        );
    }
}
