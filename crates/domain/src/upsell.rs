//! What to offer whom (issue #25): the side navigation's upgrade card, the plan banner above the
//! page and the upgrade popup, decided once from where the plan stands, who is looking and what
//! there is left to buy — so the three never contradict each other, and the server hands the web
//! the decision instead of each screen guessing from raw plan fields.
//!
//! - Only a person who can pay (an organisation's admin, or the owner of a personal workspace)
//!   is offered anything to buy. Managers and employees are told what happened and to ask an
//!   admin — never "Upgrade now" for a plan they cannot buy.
//! - A running plan at the top of what the payer can buy (Teams for an organisation, Pro Plus
//!   for a personal workspace) is offered nothing.
//! - In the grace period the banner says the plan has ended and until when its features stay,
//!   and the offer is to renew; only after it does the banner say the plan has expired.
//! - A person who belongs to an organisation is not sold a personal plan on their personal
//!   workspace: their way is the organisation.

use serde::Serialize;

use crate::plans::PlanKind;
use crate::subscription::{PlanNow, Standing};

const DAY_MS: i64 = 86_400_000;

/// Who is looking at the payer's plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer {
    /// May buy for this payer: the organisation's admin, or the personal workspace's owner.
    pub may_pay: bool,
    /// Belongs (active) to an organisation; matters on the personal workspace only.
    pub belongs_to_organisation: bool,
}

/// The facts the offer is decided on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UpsellFacts {
    pub now: PlanNow,
    /// The stored trial flag (a trial in its grace period is still "the trial").
    pub is_trial: bool,
    /// End of the trial or paid period, epoch ms.
    pub validity: Option<i64>,
    /// The payer is an organisation (else a personal workspace).
    pub organisation: bool,
    pub viewer: Viewer,
    /// Epoch ms.
    pub at: i64,
}

/// What the offer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Offer {
    /// Buy a plan, or a bigger one (opens the plan chooser).
    Upgrade,
    /// Buy the plan again before its grace period ends (opens the plan chooser).
    Renew,
    /// Nothing to buy for this person: an admin can.
    AskAdmin,
}

/// The banner's sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BannerKind {
    /// "Your free trial will expire in N days".
    TrialEndsIn,
    /// The trial has ended; its features stay until `until`.
    TrialInGrace,
    /// The paid plan has ended; its features stay until `until`.
    PlanInGrace,
    /// "Your free trial has ended" (back on Free).
    TrialEnded,
    /// "Your plan has expired" (back on Free).
    PlanExpired,
}

/// The banner above the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Banner {
    pub kind: BannerKind,
    /// Whole days left (rounded up), for `TrialEndsIn`.
    pub days: Option<i64>,
    /// When the plan ended (epoch ms), once it has.
    pub ended_at: Option<i64>,
    /// When the features go (epoch ms), in the grace period.
    pub until: Option<i64>,
    /// The trial or plan is over: the sticky banner (000 §2), not the dismissible notice.
    pub ended: bool,
}

/// The upgrade popup's text (001 §4 'Upgrade popup').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PopupKind {
    /// "Oops! Looks like you are on individual account!" (the personal workspace on Free).
    Individual,
    /// "Oops! Looks like your plan has expired!" (the organisation, ended).
    Expired,
}

/// The whole decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Upsell {
    /// What the side navigation's card offers; `None`: no card.
    pub card: Option<Offer>,
    pub banner: Option<Banner>,
    /// What the banner's button does; `AskAdmin` is a sentence, not a button.
    pub action: Option<Offer>,
    /// The upgrade popup (once a session), if it opens.
    pub popup: Option<PopupKind>,
    /// "You don't have Teams plan" on the popup: the plan in force is Free.
    pub no_teams_plan: bool,
}

impl Upsell {
    const NOTHING: Upsell = Upsell {
        card: None,
        banner: None,
        action: None,
        popup: None,
        no_teams_plan: false,
    };
}

/// The top of what a payer can buy: Teams for an organisation, Pro Plus for a person.
fn is_top(kind: PlanKind, organisation: bool) -> bool {
    match kind {
        PlanKind::Teams => true,
        PlanKind::ProPlus => !organisation,
        PlanKind::Free | PlanKind::Unknown => false,
    }
}

/// The offer for these facts (see the module's rules).
pub fn upsell(f: &UpsellFacts) -> Upsell {
    let payer = f.viewer.may_pay;
    let buy = |offer: Offer| if payer { offer } else { Offer::AskAdmin };
    let ended_at = f.validity;
    match f.now.standing {
        Standing::Active if is_top(f.now.kind, f.organisation) => Upsell::NOTHING,
        Standing::Active => Upsell {
            card: payer.then_some(Offer::Upgrade),
            ..Upsell::NOTHING
        },
        Standing::Trial => {
            if !payer {
                return Upsell::NOTHING;
            }
            let days = f.validity.map(|end| {
                let left = end.saturating_sub(f.at).max(0);
                i64::try_from(left.unsigned_abs().div_ceil(DAY_MS.unsigned_abs()))
                    .unwrap_or(i64::MAX)
            });
            Upsell {
                card: Some(Offer::Upgrade),
                banner: Some(Banner {
                    kind: BannerKind::TrialEndsIn,
                    days,
                    ended_at: None,
                    until: None,
                    ended: false,
                }),
                action: Some(Offer::Upgrade),
                ..Upsell::NOTHING
            }
        }
        Standing::Grace => Upsell {
            card: payer.then_some(Offer::Renew),
            banner: Some(Banner {
                kind: if f.is_trial {
                    BannerKind::TrialInGrace
                } else {
                    BannerKind::PlanInGrace
                },
                days: None,
                ended_at,
                until: f.now.grace_until,
                ended: true,
            }),
            action: Some(buy(Offer::Renew)),
            popup: (payer && f.organisation).then_some(PopupKind::Expired),
            no_teams_plan: false,
        },
        Standing::Free if !f.organisation => {
            if !payer || f.viewer.belongs_to_organisation {
                return Upsell::NOTHING;
            }
            Upsell {
                card: Some(Offer::Upgrade),
                popup: Some(PopupKind::Individual),
                no_teams_plan: true,
                ..Upsell::NOTHING
            }
        }
        Standing::Free => {
            // An organisation back on Free: it had a trial or a plan once (an ended one has a
            // validity); one that never had either is only offered the card.
            let banner = ended_at.map(|at| Banner {
                kind: if f.is_trial {
                    BannerKind::TrialEnded
                } else {
                    BannerKind::PlanExpired
                },
                days: None,
                ended_at: Some(at),
                until: None,
                ended: true,
            });
            Upsell {
                card: payer.then_some(Offer::Upgrade),
                action: banner.map(|_| buy(Offer::Upgrade)),
                banner,
                popup: payer.then_some(PopupKind::Expired),
                no_teams_plan: true,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subscription::{plan_now, PlanFacts};

    const T0: i64 = 1_800_000_000_000;

    fn facts(plan_id: i64, is_trial: bool, validity: Option<i64>, at: i64) -> UpsellFacts {
        UpsellFacts {
            now: plan_now(
                PlanFacts {
                    plan_id,
                    is_trial,
                    validity,
                },
                3,
                at,
            ),
            is_trial,
            validity,
            organisation: true,
            viewer: Viewer {
                may_pay: true,
                belongs_to_organisation: true,
            },
            at,
        }
    }

    fn member(mut f: UpsellFacts) -> UpsellFacts {
        f.viewer.may_pay = false;
        f
    }

    #[test]
    fn the_top_plan_running_is_offered_nothing() {
        // Teams paid for a year, looked at by its admin: no card, no banner, no popup.
        let f = facts(10, false, Some(T0 + 300 * DAY_MS), T0);
        assert_eq!(upsell(&f), Upsell::NOTHING);
        // Pro Plus is the top of a personal workspace.
        let mut personal = facts(8, false, Some(T0 + DAY_MS), T0);
        personal.organisation = false;
        assert_eq!(upsell(&personal), Upsell::NOTHING);
        // …but an organisation on Pro Plus can still move up to Teams.
        let lower = facts(8, false, Some(T0 + DAY_MS), T0);
        assert_eq!(upsell(&lower).card, Some(Offer::Upgrade));
        assert_eq!(upsell(&lower).banner, None);
    }

    #[test]
    fn an_employee_is_never_offered_a_plan_to_buy() {
        for f in [
            facts(10, true, Some(T0 + 2 * DAY_MS), T0),
            facts(10, false, Some(T0 - DAY_MS), T0),
            facts(10, true, Some(T0 - 10 * DAY_MS), T0),
            facts(8, false, Some(T0 + DAY_MS), T0),
        ] {
            let u = upsell(&member(f));
            assert_eq!(u.card, None, "{f:?}");
            assert_eq!(u.popup, None, "{f:?}");
            assert_ne!(u.action, Some(Offer::Upgrade));
            assert_ne!(u.action, Some(Offer::Renew));
        }
        // A lapsed organisation tells its employees why, and to ask an admin.
        let lapsed = upsell(&member(facts(10, false, Some(T0 - 10 * DAY_MS), T0)));
        assert_eq!(lapsed.banner.map(|b| b.kind), Some(BannerKind::PlanExpired));
        assert_eq!(lapsed.action, Some(Offer::AskAdmin));
        // A trial is the admins' business.
        assert_eq!(
            upsell(&member(facts(10, true, Some(T0 + DAY_MS), T0))),
            Upsell::NOTHING
        );
    }

    #[test]
    fn the_grace_period_says_until_when_and_offers_to_renew() {
        let end = T0 - DAY_MS;
        let u = upsell(&facts(10, false, Some(end), T0));
        let banner = u.banner.expect("a banner");
        assert_eq!(banner.kind, BannerKind::PlanInGrace);
        assert_eq!(banner.ended_at, Some(end));
        assert_eq!(banner.until, Some(end + 3 * DAY_MS));
        assert!(banner.ended);
        assert_eq!(u.card, Some(Offer::Renew));
        assert_eq!(u.action, Some(Offer::Renew));
        assert!(!u.no_teams_plan);
        // A trial's grace is the trial's.
        let trial = upsell(&facts(10, true, Some(end), T0));
        assert_eq!(trial.banner.map(|b| b.kind), Some(BannerKind::TrialInGrace));
        // After the grace period: expired, and the plan in force is Free.
        let gone = upsell(&facts(10, false, Some(end), end + 3 * DAY_MS));
        assert_eq!(gone.banner.map(|b| b.kind), Some(BannerKind::PlanExpired));
        assert_eq!(gone.card, Some(Offer::Upgrade));
        assert_eq!(gone.popup, Some(PopupKind::Expired));
        assert!(gone.no_teams_plan);
        let trial_gone = upsell(&facts(10, true, Some(end), end + 3 * DAY_MS));
        assert_eq!(
            trial_gone.banner.map(|b| b.kind),
            Some(BannerKind::TrialEnded)
        );
    }

    #[test]
    fn a_running_trial_counts_its_days_up() {
        let u = upsell(&facts(10, true, Some(T0 + DAY_MS + 1), T0));
        let banner = u.banner.expect("a banner");
        assert_eq!(
            (banner.kind, banner.days, banner.ended),
            (BannerKind::TrialEndsIn, Some(2), false)
        );
        assert_eq!(u.card, Some(Offer::Upgrade));
        assert_eq!(u.popup, None);
        let last_hour = upsell(&facts(10, true, Some(T0 + 3_600_000), T0));
        assert_eq!(last_hour.banner.and_then(|b| b.days), Some(1));
    }

    #[test]
    fn the_personal_workspace_is_sold_only_to_someone_without_an_organisation() {
        let mut alone = facts(1, false, None, T0);
        alone.organisation = false;
        alone.viewer.belongs_to_organisation = false;
        let u = upsell(&alone);
        assert_eq!(u.popup, Some(PopupKind::Individual));
        assert_eq!(u.card, Some(Offer::Upgrade));
        assert_eq!(u.banner, None);
        let mut employee = alone;
        employee.viewer.belongs_to_organisation = true;
        assert_eq!(upsell(&employee), Upsell::NOTHING);
    }

    #[test]
    fn an_organisation_that_never_had_a_plan_gets_the_card_and_no_banner() {
        let u = upsell(&facts(1, false, None, T0));
        assert_eq!(u.banner, None);
        assert_eq!(u.action, None);
        assert_eq!(u.card, Some(Offer::Upgrade));
    }
}
