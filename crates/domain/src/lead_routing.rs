//! Dynamic lead assignment's engine (000 §2 dynamic assignment panel; issue #16): which active
//! member a new lead goes to. A member matches a lead when the lead's onboarding stage is one of
//! the member's stages (a member with none takes every stage) and their regions are equal.
//! Among the matching members the pick is smooth weighted round-robin (nginx's): each adds its
//! target to its running credit, the highest credit wins (the lower id on a tie) and pays back
//! the sum of the targets. The credits are kept by the caller (in the database), so shares stay
//! fair across restarts and replicas; a member added, edited or back from a pause starts at
//! credit 0, so nobody gets a burst for the time they were away.

use crate::assignment::{OnboardingStage, Region};
use serde::Serialize;

/// A member as the engine sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub id: i64,
    /// Hundredths of a percent (5000 = 50%).
    pub target: u32,
    pub region: Region,
    /// Empty: every stage.
    pub stages: Vec<OnboardingStage>,
    pub paused: bool,
    /// The running credit.
    pub credit: i64,
}

/// A lead to assign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lead {
    pub region: Region,
    pub stage: OnboardingStage,
}

/// One matching member's part in a pick (why the chosen one was chosen).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Considered {
    pub member_id: i64,
    pub target: u32,
    /// Credit before the pick, and after this round's share was added.
    pub credit_before: i64,
    pub credit_with_share: i64,
}

/// The outcome of one pick: the chosen member, every member's new credit, and the record of why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    pub member_id: i64,
    /// `(member id, new credit)` for every matching member.
    pub credits: Vec<(i64, i64)>,
    pub considered: Vec<Considered>,
}

/// The region of a sign-up from its country (ISO 3166 alpha-2): Spain, Latin America, or other
/// (also when the country is unknown).
pub fn region_of_country(country: Option<&str>) -> Region {
    const LATAM: &[&str] = &[
        "AR", "BO", "BR", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "MX", "NI", "PA", "PE",
        "PR", "PY", "SV", "UY", "VE",
    ];
    match country.map(|c| c.trim().to_ascii_uppercase()) {
        Some(c) if c == "ES" => Region::Spain,
        Some(c) if LATAM.contains(&c.as_str()) => Region::Latam,
        _ => Region::Other,
    }
}

/// Whether `m` may take `lead`.
pub fn matches(m: &Member, lead: Lead) -> bool {
    !m.paused
        && m.target > 0
        && m.region == lead.region
        && (m.stages.is_empty() || m.stages.contains(&lead.stage))
}

/// Picks the member for `lead`, or None when no member matches (the lead stays unassigned).
pub fn pick(members: &[Member], lead: Lead) -> Option<Pick> {
    let eligible: Vec<&Member> = members.iter().filter(|m| matches(m, lead)).collect();
    let considered: Vec<Considered> = eligible
        .iter()
        .map(|m| Considered {
            member_id: m.id,
            target: m.target,
            credit_before: m.credit,
            credit_with_share: m.credit.saturating_add(i64::from(m.target)),
        })
        .collect();
    let (member_id, credits) = smooth_round_robin(
        &eligible
            .iter()
            .map(|m| (m.id, m.target, m.credit))
            .collect::<Vec<_>>(),
    )?;
    Some(Pick {
        member_id,
        credits,
        considered,
    })
}

/// One round of smooth weighted round-robin over `(id, target, credit)`: every candidate adds
/// its target to its credit, the highest credit wins (the lower id on a tie) and pays back the
/// sum of the targets. Answers the chosen id and every candidate's new credit, or None when no
/// candidate has a target. Lead assignment and the team inbox's conversation assignment share it.
pub fn smooth_round_robin(candidates: &[(i64, u32, i64)]) -> Option<(i64, Vec<(i64, i64)>)> {
    let total: i64 = candidates.iter().map(|(_, t, _)| i64::from(*t)).sum();
    if total == 0 {
        return None;
    }
    let with_share =
        |(id, target, credit): &(i64, u32, i64)| (*id, credit.saturating_add(i64::from(*target)));
    let chosen = candidates
        .iter()
        .filter(|(_, t, _)| *t > 0)
        .map(with_share)
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))?
        .0;
    let credits = candidates
        .iter()
        .map(|c| {
            let (id, credit) = with_share(c);
            (id, if id == chosen { credit - total } else { credit })
        })
        .collect();
    Some((chosen, credits))
}

/// A member's target against what it received over a period (the report).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Share {
    pub member_id: i64,
    /// Target percent.
    pub target: f64,
    /// Leads received in the period, and their percent of all leads assigned.
    pub assigned: u64,
    pub actual: f64,
}

/// Target against actual share, per member, from the counts of a period.
pub fn shares(targets: &[(i64, u32)], counts: &[(i64, u64)]) -> Vec<Share> {
    let total: u64 = counts.iter().map(|(_, n)| n).sum();
    targets
        .iter()
        .map(|(id, target)| {
            let assigned = counts.iter().find(|(m, _)| m == id).map_or(0, |(_, n)| *n);
            Share {
                member_id: *id,
                target: f64::from(*target) / 100.0,
                assigned,
                actual: if total == 0 {
                    0.0
                } else {
                    assigned as f64 * 100.0 / total as f64
                },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(id: i64, pct: u32) -> Member {
        Member {
            id,
            target: pct * 100,
            region: Region::Other,
            stages: Vec::new(),
            paused: false,
            credit: 0,
        }
    }

    const LEAD: Lead = Lead {
        region: Region::Other,
        stage: OnboardingStage::LinkedinAds,
    };

    /// Assigns `n` leads, keeping the credits as the database would; answers who got each.
    fn run(members: &mut [Member], n: usize) -> Vec<i64> {
        (0..n)
            .map(|_| {
                let p = pick(members, LEAD).expect("a member matches");
                for (id, credit) in &p.credits {
                    members.iter_mut().find(|m| m.id == *id).unwrap().credit = *credit;
                }
                p.member_id
            })
            .collect()
    }

    fn share(got: &[i64], id: i64) -> f64 {
        got.iter().filter(|g| **g == id).count() as f64 * 100.0 / got.len() as f64
    }

    /// The longest run of one member beyond what its share allows in a row (a 50% member may
    /// take 1 in a row, a 30% or 20% one 1; none may take more than 2).
    fn longest_run(got: &[i64], id: i64) -> usize {
        let (mut best, mut now) = (0, 0);
        for g in got {
            now = if *g == id { now + 1 } else { 0 };
            best = best.max(now);
        }
        best
    }

    #[test]
    fn ten_thousand_leads_land_within_one_percent_of_50_30_20() {
        let mut members = vec![member(1, 50), member(2, 30), member(3, 20)];
        let got = run(&mut members, 10_000);
        for (id, target) in [(1, 50.0), (2, 30.0), (3, 20.0)] {
            let s = share(&got, id);
            assert!((s - target).abs() <= 1.0, "member {id}: {s}% for {target}%");
            assert!(
                longest_run(&got, id) <= 2,
                "member {id} got more than 2 in a row"
            );
        }
    }

    #[test]
    fn a_roster_change_midway_keeps_the_unchanged_members_on_target() {
        let mut members = vec![member(1, 50), member(2, 30), member(3, 20)];
        run(&mut members, 5_000);
        // Member 3 leaves; member 4 joins at 20% with a fresh credit.
        members.retain(|m| m.id != 3);
        members.push(member(4, 20));
        let got = run(&mut members, 5_000);
        for (id, target) in [(1, 50.0), (2, 30.0), (4, 20.0)] {
            let s = share(&got, id);
            assert!((s - target).abs() <= 1.0, "member {id}: {s}% for {target}%");
        }
    }

    #[test]
    fn a_member_back_from_a_pause_gets_no_burst() {
        let mut members = vec![member(1, 50), member(2, 50)];
        run(&mut members, 100);
        members[1].paused = true;
        let alone = run(&mut members, 100);
        assert!(alone.iter().all(|g| *g == 1));
        members[1].paused = false;
        members[1].credit = 0; // resumed: starts afresh
        let after = run(&mut members, 20);
        assert!(longest_run(&after, 2) <= 1, "{after:?}");
        assert!((share(&after, 2) - 50.0).abs() <= 5.0);
    }

    #[test]
    fn only_members_of_the_leads_region_and_stage_match_and_none_leaves_it_unassigned() {
        let mut latam = member(1, 50);
        latam.region = Region::Latam;
        let mut staged = member(2, 50);
        staged.stages = vec![OnboardingStage::UserAdded];
        let members = vec![latam, staged];
        assert_eq!(pick(&members, LEAD), None, "no member matches");
        let lead = Lead {
            region: Region::Other,
            stage: OnboardingStage::UserAdded,
        };
        let p = pick(&members, lead).unwrap();
        assert_eq!(p.member_id, 2);
        assert_eq!(p.considered.len(), 1, "the reason lists who was considered");
    }

    #[test]
    fn sign_ups_from_spain_and_latin_america_get_their_regions() {
        assert_eq!(region_of_country(Some("es")), Region::Spain);
        assert_eq!(region_of_country(Some("MX")), Region::Latam);
        assert_eq!(region_of_country(Some("IN")), Region::Other);
        assert_eq!(region_of_country(None), Region::Other);
    }

    #[test]
    fn the_report_sets_targets_against_actual_shares() {
        let r = shares(&[(1, 5000), (2, 5000)], &[(1, 3), (2, 1)]);
        assert_eq!((r[0].target, r[0].actual, r[1].actual), (50.0, 75.0, 25.0));
        assert_eq!(shares(&[(1, 5000)], &[])[0].actual, 0.0);
    }
}
