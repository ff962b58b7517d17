//! Plan ids as the billing backend sends them, reduced to the three plans the product shows
//! (000 §9, 001 §9), and the Teams-trial constants (001 §4, §9).
//!
//! The backend encodes localised and period variants in the id: ids from 1000 up are the same
//! plan offset by 1000, and ids from 12 up repeat every 10. The spec fixes 1, 3, 7, 8, 9, 10, 11
//! and leaves the rest open; the decisions for the rest are in [`normalize_plan_id`] and
//! [`PlanKind::of`].

use serde::{Deserialize, Serialize};

use crate::RuleError;

/// 001 §4: 'a 7-day Teams trial with 3 seats'.
pub const TEAMS_TRIAL_DAYS: u32 = 7;
/// 001 §4: 'a 7-day Teams trial with 3 seats'.
pub const TEAMS_TRIAL_SEATS: u32 = 3;
/// 001 §5, §9: 'Minimum team size of 3'.
pub const MIN_TEAM_SIZE: u32 = 3;
/// The most seats one organisation's plan may hold (ours, docs/DECISIONS.md 'Billing
/// readability'): a larger team is a conversation, not a number typed by mistake. Checkout and
/// seat changes refuse more (`too_many_seats`).
pub const MAX_SEATS: u32 = 10_000;

/// Reduces a plan id to the base range 1..=11 (000 §9): ids from 1000 up lose 1000 first, then
/// the id loses 10 while it is at least 12.
///
/// Decisions where the spec is silent:
/// - the second step applies to every id, not only ids under 1000 after the first step, so a
///   huge id (2005 → 1005 → 5) still lands in 2..=11; it is computed arithmetically, never looped;
/// - negative ids are returned unchanged (they are not plans; [`PlanKind::of`] says `unknown`);
/// - 0, 2, 4, 5, 6 are returned unchanged and are `unknown` plans.
pub const fn normalize_plan_id(id: i64) -> i64 {
    if id < 0 {
        return id;
    }
    let id = if id >= 1000 { id - 1000 } else { id };
    if id >= 12 {
        2 + (id - 2) % 10
    } else {
        id
    }
}

/// The plan family a normalised id belongs to.
#[crate::value::wire(Copy, Hash)]
#[serde(rename_all = "snake_case")]
pub enum PlanKind {
    /// 000 §9: id 1.
    Free,
    /// 000 §9: ids 3, 7, 8, 9 ('Pro or Plus, shown as Pro Plus').
    ProPlus,
    /// 000 §9: ids 10 and 11.
    Teams,
    /// Any id the spec does not name (0, 2, 4, 5, 6 after normalising, or negative). The UI
    /// treats it as no plan: no badge, no paid features.
    Unknown,
}

impl PlanKind {
    /// The family of a raw (not yet normalised) plan id.
    pub const fn of(id: i64) -> PlanKind {
        match normalize_plan_id(id) {
            1 => PlanKind::Free,
            3 | 7 | 8 | 9 => PlanKind::ProPlus,
            10 | 11 => PlanKind::Teams,
            _ => PlanKind::Unknown,
        }
    }

    /// Pro Plus and Teams are paid; Free and unknown ids are not.
    pub const fn is_paid(self) -> bool {
        matches!(self, PlanKind::ProPlus | PlanKind::Teams)
    }
}

/// 000 §9: 'A Teams trial means ids 10 or 11 with the trial flag set' (after normalising).
pub const fn is_teams_trial(id: i64, is_trial: bool) -> bool {
    is_trial && matches!(PlanKind::of(id), PlanKind::Teams)
}

/// Input of the `plan_info` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlanInput {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub plan_id: i64,
    /// The organisation's `is_trial` flag (true or 1).
    #[serde(default, deserialize_with = "crate::wire::flag")]
    #[value(from = "crate::wire::flag_value")]
    #[cfg_attr(feature = "ts", ts(type = "boolean | number | null", optional))]
    pub is_trial: Option<bool>,
}

/// What the UI needs to know about a plan id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PlanInfo {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub normalized_id: i64,
    pub kind: PlanKind,
    pub is_paid: bool,
    pub is_teams_trial: bool,
}

/// The `plan_info` rule: normalised id, family and Teams-trial flag of a plan id.
pub fn plan_info(input: &PlanInput) -> PlanInfo {
    let kind = PlanKind::of(input.plan_id);
    PlanInfo {
        normalized_id: normalize_plan_id(input.plan_id),
        kind,
        is_paid: kind.is_paid(),
        is_teams_trial: is_teams_trial(input.plan_id, input.is_trial.unwrap_or(false)),
    }
}

/// A number of seats for a team: at least [`MIN_TEAM_SIZE`] (001 §5 'Minimum team size of 3').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct TeamSeats(u32);

impl TeamSeats {
    pub fn parse(seats: i64) -> Result<TeamSeats, RuleError> {
        TeamSeats::parse_for(seats, 0)
    }

    /// Seats an organisation with `members` members may hold: at least [`MIN_TEAM_SIZE`] and at
    /// least its members (`team_too_small`: the team this organisation is cannot be smaller;
    /// the server answers fewer than the members as 409 `seats_exhausted`, remove members
    /// first) and at most [`MAX_SEATS`] (`too_many_seats`).
    pub fn parse_for(seats: i64, members: u32) -> Result<TeamSeats, RuleError> {
        if seats < i64::from(MIN_TEAM_SIZE.max(members)) {
            return Err(RuleError::TeamTooSmall);
        }
        if seats > i64::from(MAX_SEATS) {
            return Err(RuleError::TooManySeats);
        }
        u32::try_from(seats)
            .map(TeamSeats)
            .map_err(|_| RuleError::AmountInvalid)
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

/// Input of the `team_seats` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TeamSeatsInput {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seats: i64,
    /// The organisation's members (active or invited), when known: the seats may not be fewer.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub members: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ids_from_1000_up_lose_1000_first() {
        // 000 §9: 'ids from 1000 up subtract 1000 first'
        assert_eq!(normalize_plan_id(1001), 1);
        assert_eq!(normalize_plan_id(1003), 3);
        assert_eq!(normalize_plan_id(1010), 10);
        assert_eq!(normalize_plan_id(1011), 11);
        assert_eq!(normalize_plan_id(1000), 0);
    }

    #[test]
    fn ids_of_twelve_and_more_lose_ten_until_below_twelve() {
        // 000 §9: 'then ids under 1000 reduce by 10 while at least 12'
        assert_eq!(normalize_plan_id(12), 2);
        assert_eq!(normalize_plan_id(13), 3);
        assert_eq!(normalize_plan_id(17), 7);
        assert_eq!(normalize_plan_id(20), 10);
        assert_eq!(normalize_plan_id(21), 11);
        assert_eq!(normalize_plan_id(31), 11);
        assert_eq!(normalize_plan_id(999), 9);
        assert_eq!(normalize_plan_id(1013), 3);
    }

    #[test]
    fn ids_below_twelve_are_kept() {
        // 000 §9: only ids 'at least 12' are reduced
        for id in 0..12 {
            assert_eq!(normalize_plan_id(id), id);
        }
    }

    #[test]
    fn huge_ids_still_reduce_into_the_base_range() {
        // 000 §9 leaves ids over 1999 open: decided to keep reducing by 10 (see doc comment)
        assert_eq!(normalize_plan_id(2005), 5);
        assert_eq!(normalize_plan_id(i64::MAX), 7);
    }

    #[test]
    fn negative_ids_are_unknown_and_unchanged() {
        // 000 §9 names no negative id: decided they are not plans
        assert_eq!(normalize_plan_id(-1), -1);
        assert_eq!(PlanKind::of(-11), PlanKind::Unknown);
    }

    #[test]
    fn the_named_ids_map_to_their_plans() {
        // 000 §9: 'Plan ids 3, 7, 8, 9 mean Pro or Plus ... Ids 10 and 11 mean Teams. Id 1 means Free.'
        assert_eq!(PlanKind::of(1), PlanKind::Free);
        for id in [3, 7, 8, 9, 13, 1007, 19] {
            assert_eq!(PlanKind::of(id), PlanKind::ProPlus, "{id}");
        }
        for id in [10, 11, 20, 1011, 1021] {
            assert_eq!(PlanKind::of(id), PlanKind::Teams, "{id}");
        }
    }

    #[test]
    fn ids_the_spec_does_not_name_are_unknown() {
        // 000 §9 names 1, 3, 7, 8, 9, 10, 11 only
        for id in [0, 2, 4, 5, 6, 12, 14, 1000] {
            assert_eq!(PlanKind::of(id), PlanKind::Unknown, "{id}");
        }
    }

    #[test]
    fn a_teams_trial_needs_a_teams_id_and_the_trial_flag() {
        // 000 §9: 'A Teams trial means ids 10 or 11 with the trial flag set'
        assert!(is_teams_trial(10, true));
        assert!(is_teams_trial(1011, true));
        assert!(!is_teams_trial(10, false));
        assert!(!is_teams_trial(9, true));
    }

    #[test]
    fn the_trial_and_team_constants_match_the_spec() {
        // 001 §9: '7-day Teams trial with 3 seats; minimum team size 3 seats'
        assert_eq!(
            (TEAMS_TRIAL_DAYS, TEAMS_TRIAL_SEATS, MIN_TEAM_SIZE),
            (7, 3, 3)
        );
    }

    #[test]
    fn a_team_needs_at_least_three_seats() {
        // 001 §5: 'Minimum team size of 3.'
        assert_eq!(TeamSeats::parse(2), Err(RuleError::TeamTooSmall));
        assert_eq!(TeamSeats::parse(-4), Err(RuleError::TeamTooSmall));
        assert_eq!(TeamSeats::parse(3).map(TeamSeats::get), Ok(3));
    }

    #[test]
    fn seats_hold_every_member_and_stop_at_the_maximum() {
        // issue #25: seat limits from the domain — the team minimum, the members, a maximum
        assert_eq!(TeamSeats::parse_for(4, 5), Err(RuleError::TeamTooSmall));
        assert_eq!(TeamSeats::parse_for(5, 5).map(TeamSeats::get), Ok(5));
        assert_eq!(TeamSeats::parse_for(2, 0), Err(RuleError::TeamTooSmall));
        assert_eq!(
            TeamSeats::parse_for(i64::from(MAX_SEATS), 3).map(TeamSeats::get),
            Ok(MAX_SEATS)
        );
        assert_eq!(
            TeamSeats::parse_for(100_000, 3),
            Err(RuleError::TooManySeats)
        );
        assert_eq!(TeamSeats::parse(i64::MAX), Err(RuleError::TooManySeats));
    }

    proptest! {
        #[test]
        fn a_normalised_id_of_a_non_negative_id_is_below_twelve(id in 0i64..=i64::MAX) {
            // 000 §9: normalisation lands in the base range
            let n = normalize_plan_id(id);
            prop_assert!((0..12).contains(&n));
        }

        #[test]
        fn normalising_twice_changes_nothing(id in any::<i64>()) {
            // 000 §9: a normalised id is already in the base range
            let n = normalize_plan_id(id);
            prop_assert_eq!(normalize_plan_id(n), n);
        }

        #[test]
        fn ids_ten_apart_above_twelve_are_the_same_plan(id in 12i64..990) {
            // 000 §9: 'reduce by 10 while at least 12'
            prop_assert_eq!(normalize_plan_id(id), normalize_plan_id(id + 10));
        }
    }
}
