//! The dynamic lead-assignment panel (000 §2, §5, §9): each active member gets a target share of
//! new leads; one share is at most 100% and the shares of all active members add up to at most
//! 100%. The panel's whole error state is computed here from the form's text, so the browser and
//! the endpoint that saves a member agree on every message.
//!
//! Percentages are held exactly, as hundredths of a percent, so `33.33 + 33.33 + 33.34` is 100
//! and never 100.00000000000001.

use serde::{Deserialize, Serialize, Serializer};

use crate::RuleError;

/// A share from 0 to 100 (or, for totals, above 100), held in hundredths of a percent.
/// Travels as a JSON number (`33.33`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Percentage(u32);

#[cfg(feature = "ts")]
impl ts_rs::TS for Percentage {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name() -> String {
        "number".to_owned()
    }
    fn inline() -> String {
        "number".to_owned()
    }
    fn inline_flattened() -> String {
        panic!("Percentage cannot be flattened")
    }
    fn decl() -> String {
        panic!("Percentage is a number")
    }
    fn decl_concrete() -> String {
        panic!("Percentage is a number")
    }
}

impl crate::value::ToValue for Percentage {
    fn to_value(&self) -> crate::value::Value {
        crate::value::Value::Num(self.as_f64())
    }
}

impl Serialize for Percentage {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

/// 000 §9: 'a single percentage is at most 100'.
pub const MAX_PERCENTAGE: Percentage = Percentage(10_000);

impl Percentage {
    pub const fn from_hundredths(h: u32) -> Percentage {
        Percentage(h)
    }

    pub const fn hundredths(self) -> u32 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 100.0
    }

    /// Reads the Target % text input (000 §3: 'target_percentage (text in the form)').
    ///
    /// Decisions where the spec is silent:
    /// - surrounding spaces and one trailing `%` are ignored;
    /// - empty text is `percentage_required` (adding a member with no target is a mistake);
    /// - up to two decimals are kept exactly, with `.` or `,` as the decimal mark (Spanish,
    ///   Portuguese and Indonesian users type `12,5`); more decimals, signs (so negatives),
    ///   exponents and anything else are `percentage_invalid`;
    /// - above 100 is `percentage_over_100` (000 §5 'Percentage cannot exceed 100%').
    pub fn parse(raw: &str) -> Result<Percentage, RuleError> {
        let s = raw.trim();
        let s = s.strip_suffix('%').map(str::trim_end).unwrap_or(s);
        if s.is_empty() {
            return Err(RuleError::PercentageRequired);
        }
        let (int, frac) = match s.find(['.', ',']) {
            Some(i) => (&s[..i], &s[i + 1..]),
            None => (s, ""),
        };
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if !digits(int) || !digits(frac) || frac.len() > 2 || (int.is_empty() && frac.is_empty()) {
            return Err(RuleError::PercentageInvalid);
        }
        let int = int.trim_start_matches('0');
        if int.len() > 3 {
            return Err(RuleError::PercentageOver100);
        }
        let whole: u32 = if int.is_empty() {
            0
        } else {
            int.parse().map_err(|_| RuleError::PercentageInvalid)?
        };
        let cents: u32 = match frac.len() {
            0 => 0,
            1 => {
                frac.parse::<u32>()
                    .map_err(|_| RuleError::PercentageInvalid)?
                    * 10
            }
            _ => frac.parse().map_err(|_| RuleError::PercentageInvalid)?,
        };
        let p = Percentage(whole * 100 + cents);
        if p > MAX_PERCENTAGE {
            return Err(RuleError::PercentageOver100);
        }
        Ok(p)
    }
}

/// A rule code with the number its message interpolates (`{{n}}`), for messages such as
/// 'Total percentage cannot exceed 100%. Other members use N%'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Issue {
    pub code: RuleError,
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub n: Option<Percentage>,
}

impl Issue {
    const fn plain(code: RuleError) -> Issue {
        Issue { code, n: None }
    }
}

/// 000 §5, §9: the onboarding stages a member can be assigned leads from.
#[crate::value::wire(Copy, PartialOrd, Ord, Hash)]
#[serde(rename_all = "snake_case")]
pub enum OnboardingStage {
    LinkedinAds,
    ExtensionInstalled,
    IntegrationDone,
    UserAdded,
}

impl OnboardingStage {
    /// In the order the spec lists them (000 §5).
    pub const ALL: [OnboardingStage; 4] = [
        OnboardingStage::LinkedinAds,
        OnboardingStage::ExtensionInstalled,
        OnboardingStage::IntegrationDone,
        OnboardingStage::UserAdded,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            OnboardingStage::LinkedinAds => "linkedin_ads",
            OnboardingStage::ExtensionInstalled => "extension_installed",
            OnboardingStage::IntegrationDone => "integration_done",
            OnboardingStage::UserAdded => "user_added",
        }
    }

    pub fn parse(raw: &str) -> Result<OnboardingStage, RuleError> {
        let s = raw.trim();
        Self::ALL
            .into_iter()
            .find(|st| st.code() == s)
            .ok_or(RuleError::OnboardingStageUnknown)
    }
}

/// 000 §5, §9: 'region latam, spain, other (default other)'.
#[crate::value::wire(Copy, Hash, Default)]
#[serde(rename_all = "snake_case")]
pub enum Region {
    Latam,
    Spain,
    #[default]
    Other,
}

impl Region {
    pub const ALL: [Region; 3] = [Region::Latam, Region::Spain, Region::Other];

    pub const fn code(self) -> &'static str {
        match self {
            Region::Latam => "latam",
            Region::Spain => "spain",
            Region::Other => "other",
        }
    }

    /// An empty or missing region is the default `other`; an unknown one is `region_unknown`.
    pub fn parse(raw: Option<&str>) -> Result<Region, RuleError> {
        match raw.map(str::trim) {
            None | Some("") => Ok(Region::default()),
            Some(s) => Self::ALL
                .into_iter()
                .find(|r| r.code() == s)
                .ok_or(RuleError::RegionUnknown),
        }
    }
}

/// The option lists of the member form (`assignment_options` rule).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AssignmentOptions {
    pub onboarding_stages: Vec<OnboardingStage>,
    pub regions: Vec<Region>,
    pub default_region: Region,
}

pub fn assignment_options() -> AssignmentOptions {
    AssignmentOptions {
        onboarding_stages: OnboardingStage::ALL.to_vec(),
        regions: Region::ALL.to_vec(),
        default_region: Region::default(),
    }
}

/// One member's id and the text of their Target % input.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MemberTarget {
    /// 000 §3 `hubspot_owner_id` (text or number).
    pub owner_id: crate::wire::Id,
    pub target_percentage: String,
}

/// Input of the `assignment_panel` rule: the Active Members rows and, when a member of All
/// Members is expanded to be added, that member's form.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PanelInput {
    pub active_members: Vec<MemberTarget>,
    pub candidate: Option<MemberTarget>,
}

/// One row's verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MemberState {
    pub owner_id: crate::wire::Id,
    /// The parsed share, or null when the text is not a valid share.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub percentage: Option<Percentage>,
    pub issue: Option<Issue>,
}

/// The whole panel's verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PanelState {
    pub members: Vec<MemberState>,
    /// Sum of the valid shares of the active members (may exceed 100).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total: Percentage,
    /// 000 §5: 'the total shown turns red with '(Exceeds 100%)'' — `exceeds_100` when over 100.
    pub total_badge: Option<RuleError>,
    /// 'Total percentage cannot exceed 100%. Current total is N%' when over 100.
    pub total_issue: Option<Issue>,
    /// 000 §5: 'save is disabled while errors exist'.
    pub can_save: bool,
    /// 000 §5: the tooltip 'Fix percentage errors first' while saving is disabled.
    pub save_tooltip: Option<RuleError>,
    pub candidate: Option<MemberState>,
    /// 000 §2: 'An Add Member button, disabled while that member has an error'.
    pub can_add_candidate: bool,
}

/// The panel's verdict (000 §5).
///
/// - A row whose text does not parse carries that error and adds nothing to the total.
/// - When the valid shares add up to more than 100, every valid row carries 'Total percentage
///   cannot exceed 100%. Other members use N%' with N the total of the *other* rows, the total
///   is badged `exceeds_100` and carries 'Current total is N%'. (Only one row is expanded at a
///   time, so the user sees the message of the row they edit; the others are marked too because
///   any of them could be lowered to fix the total.)
/// - The candidate is checked against the active rows other than itself (same owner id).
/// - Saving is allowed when no row has an issue and the total is at most 100.
pub fn assignment_panel(input: &PanelInput) -> PanelState {
    let parsed: Vec<Result<Percentage, RuleError>> = input
        .active_members
        .iter()
        .map(|m| Percentage::parse(&m.target_percentage))
        .collect();
    let total = sum(parsed.iter().filter_map(|p| p.ok()));
    let over = total > MAX_PERCENTAGE;
    let members: Vec<MemberState> = input
        .active_members
        .iter()
        .zip(&parsed)
        .map(|(m, p)| MemberState {
            owner_id: m.owner_id.clone(),
            percentage: p.ok(),
            issue: match p {
                Err(e) => Some(Issue::plain(*e)),
                Ok(own) if over => Some(Issue {
                    code: RuleError::TotalPercentageOthers,
                    n: Some(Percentage(total.0 - own.0)),
                }),
                Ok(_) => None,
            },
        })
        .collect();
    let can_save = !over && members.iter().all(|m| m.issue.is_none());
    let candidate = input.candidate.as_ref().map(|c| {
        let others = sum(input
            .active_members
            .iter()
            .zip(&parsed)
            .filter(|(m, _)| m.owner_id != c.owner_id)
            .filter_map(|(_, p)| p.ok()));
        let p = Percentage::parse(&c.target_percentage);
        MemberState {
            owner_id: c.owner_id.clone(),
            percentage: p.ok(),
            issue: match p {
                Err(e) => Some(Issue::plain(e)),
                Ok(own) if own.0.saturating_add(others.0) > MAX_PERCENTAGE.0 => Some(Issue {
                    code: RuleError::TotalPercentageOthers,
                    n: Some(others),
                }),
                Ok(_) => None,
            },
        }
    });
    PanelState {
        members,
        total,
        total_badge: over.then_some(RuleError::Exceeds100),
        total_issue: over.then_some(Issue {
            code: RuleError::TotalPercentageCurrent,
            n: Some(total),
        }),
        can_save,
        save_tooltip: (!can_save).then_some(RuleError::FixPercentageErrorsFirst),
        can_add_candidate: candidate.as_ref().is_some_and(|c| c.issue.is_none()),
        candidate,
    }
}

fn sum(it: impl Iterator<Item = Percentage>) -> Percentage {
    Percentage(it.fold(0u32, |acc, p| acc.saturating_add(p.0)))
}

/// Input of the `assignment_member` rule: one member's expanded form.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MemberFormInput {
    pub owner_id: crate::wire::Id,
    pub name: String,
    pub target_percentage: String,
    pub region: Option<String>,
    pub onboarding_stages: Vec<String>,
}

/// The body of `POST dashboard/dynamic-assignment` (000 §7), with the spec's field names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AssignmentMember {
    pub owner_id: crate::wire::Id,
    pub name: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub target_percentage: Percentage,
    pub region: Region,
    pub onboarding_stage: Vec<OnboardingStage>,
}

/// Checks one member's form on its own (the total is the panel's business): the share, the
/// region (default `other`) and the stages (unknown ones refused; duplicates dropped; returned
/// in the spec's order). The name is trimmed.
pub fn assignment_member(input: &MemberFormInput) -> Result<AssignmentMember, RuleError> {
    let target_percentage = Percentage::parse(&input.target_percentage)?;
    let region = Region::parse(input.region.as_deref())?;
    let mut stages = input
        .onboarding_stages
        .iter()
        .map(|s| OnboardingStage::parse(s))
        .collect::<Result<Vec<_>, _>>()?;
    stages.sort();
    stages.dedup();
    Ok(AssignmentMember {
        owner_id: input.owner_id.clone(),
        name: input.name.trim().to_string(),
        target_percentage,
        region,
        onboarding_stage: stages,
    })
}

/// Input of the `target_percentage` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TargetPercentageInput {
    pub target_percentage: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pct(s: &str) -> Result<f64, RuleError> {
        Percentage::parse(s).map(Percentage::as_f64)
    }

    fn member(id: &str, t: &str) -> MemberTarget {
        MemberTarget {
            owner_id: id.into(),
            target_percentage: t.into(),
        }
    }

    fn panel(active: &[(&str, &str)], candidate: Option<(&str, &str)>) -> PanelState {
        assignment_panel(&PanelInput {
            active_members: active.iter().map(|(i, t)| member(i, t)).collect(),
            candidate: candidate.map(|(i, t)| member(i, t)),
        })
    }

    #[test]
    fn a_single_target_over_100_is_refused() {
        // 000 §5: 'a single target percentage over 100 is rejected ('Percentage cannot exceed 100%')'
        assert_eq!(pct("101"), Err(RuleError::PercentageOver100));
        assert_eq!(pct("100.01"), Err(RuleError::PercentageOver100));
        assert_eq!(pct("0001000"), Err(RuleError::PercentageOver100));
        assert_eq!(pct("100"), Ok(100.0));
        assert_eq!(pct("100.00"), Ok(100.0));
    }

    #[test]
    fn target_text_is_parsed_with_two_decimals_at_most() {
        // 000 §3: 'target_percentage (text in the form)' — decisions in Percentage::parse
        assert_eq!(pct(" 30 "), Ok(30.0));
        assert_eq!(pct("30%"), Ok(30.0));
        assert_eq!(pct("12,5"), Ok(12.5));
        assert_eq!(pct("33.33"), Ok(33.33));
        assert_eq!(pct(".5"), Ok(0.5));
        assert_eq!(pct("0"), Ok(0.0));
        assert_eq!(pct(""), Err(RuleError::PercentageRequired));
        assert_eq!(pct(" % "), Err(RuleError::PercentageRequired));
        for bad in ["-5", "+5", "abc", "1e2", "12.345", "1.2.3", ".", "5 0"] {
            assert_eq!(pct(bad), Err(RuleError::PercentageInvalid), "{bad}");
        }
    }

    #[test]
    fn shares_within_100_make_a_clean_panel() {
        // 000 §9: 'the total across active members is at most 100'
        let p = panel(&[("1", "33.33"), ("2", "33.33"), ("3", "33.34")], None);
        assert_eq!(p.total, Percentage(10_000));
        assert!(p.can_save);
        assert_eq!(p.total_badge, None);
        assert_eq!(p.save_tooltip, None);
        assert!(p.members.iter().all(|m| m.issue.is_none()));
    }

    #[test]
    fn a_total_over_100_marks_each_row_with_the_others_share() {
        // 000 §5: 'Total percentage cannot exceed 100%. Other members use N%'
        let p = panel(&[("1", "60"), ("2", "50")], None);
        assert_eq!(
            p.members[0].issue.unwrap().code,
            RuleError::TotalPercentageOthers
        );
        assert_eq!(p.members[0].issue.unwrap().n, Some(Percentage(5_000)));
        assert_eq!(p.members[1].issue.unwrap().n, Some(Percentage(6_000)));
    }

    #[test]
    fn a_total_over_100_turns_red_and_states_the_current_total() {
        // 000 §5: 'the total shown turns red with '(Exceeds 100%)''; 'Current total is N%'
        let p = panel(&[("1", "60"), ("2", "50")], None);
        assert_eq!(p.total_badge, Some(RuleError::Exceeds100));
        assert_eq!(
            p.total_issue,
            Some(Issue {
                code: RuleError::TotalPercentageCurrent,
                n: Some(Percentage(11_000))
            })
        );
    }

    #[test]
    fn save_is_disabled_while_any_row_has_an_error() {
        // 000 §5: 'save is disabled while errors exist (tooltip 'Fix percentage errors first')'
        let p = panel(&[("1", "20"), ("2", "abc")], None);
        assert!(!p.can_save);
        assert_eq!(p.save_tooltip, Some(RuleError::FixPercentageErrorsFirst));
        assert_eq!(p.total, Percentage(2_000));
        assert_eq!(
            p.members[1].issue,
            Some(Issue::plain(RuleError::PercentageInvalid))
        );
        let p = panel(&[("1", "120")], None);
        assert!(!p.can_save);
        assert_eq!(
            p.members[0].issue,
            Some(Issue::plain(RuleError::PercentageOver100))
        );
    }

    #[test]
    fn add_member_is_disabled_while_the_candidate_has_an_error() {
        // 000 §2: 'An Add Member button, disabled while that member has an error'
        let p = panel(&[("1", "70")], Some(("9", "40")));
        assert!(!p.can_add_candidate);
        let issue = p.candidate.unwrap().issue.unwrap();
        assert_eq!(issue.code, RuleError::TotalPercentageOthers);
        assert_eq!(issue.n, Some(Percentage(7_000)));
        let p = panel(&[("1", "70")], Some(("9", "30")));
        assert!(p.can_add_candidate);
        let p = panel(&[("1", "70")], Some(("9", "")));
        assert!(!p.can_add_candidate);
        assert_eq!(
            p.candidate.unwrap().issue,
            Some(Issue::plain(RuleError::PercentageRequired))
        );
    }

    #[test]
    fn a_candidate_already_active_is_not_counted_twice() {
        // 000 §5: the total is over the *other* members
        let p = panel(&[("1", "70"), ("2", "20")], Some(("1", "80")));
        assert!(p.can_add_candidate);
        assert_eq!(p.candidate.unwrap().percentage, Some(Percentage(8_000)));
    }

    #[test]
    fn the_options_are_the_spec_lists_with_other_as_default_region() {
        // 000 §5: stages linkedin_ads, extension_installed, integration_done, user_added; region latam, spain, other (default other)
        let o = serde_json::to_value(assignment_options()).unwrap();
        assert_eq!(
            o,
            serde_json::json!({
                "onboardingStages": ["linkedin_ads", "extension_installed", "integration_done", "user_added"],
                "regions": ["latam", "spain", "other"],
                "defaultRegion": "other"
            })
        );
    }

    #[test]
    fn a_member_form_defaults_the_region_and_refuses_unknown_options() {
        // 000 §9: 'Default region: other'; 000 §5 option lists
        let form = |region: Option<&str>, stages: &[&str]| MemberFormInput {
            owner_id: "7".into(),
            name: " Ana ".into(),
            target_percentage: "25".into(),
            region: region.map(Into::into),
            onboarding_stages: stages.iter().map(|s| s.to_string()).collect(),
        };
        let m =
            assignment_member(&form(None, &["user_added", "linkedin_ads", "user_added"])).unwrap();
        assert_eq!(m.region, Region::Other);
        assert_eq!(m.name, "Ana");
        assert_eq!(
            m.onboarding_stage,
            vec![OnboardingStage::LinkedinAds, OnboardingStage::UserAdded]
        );
        assert_eq!(
            assignment_member(&form(Some("europe"), &[])),
            Err(RuleError::RegionUnknown)
        );
        assert_eq!(
            assignment_member(&form(Some("spain"), &["cold_call"])),
            Err(RuleError::OnboardingStageUnknown)
        );
    }

    proptest! {
        #[test]
        fn a_clean_panel_never_totals_more_than_100(shares in prop::collection::vec(0u32..=10_000, 0..8)) {
            // 000 §9: 'the total across active members is at most 100'
            let rows: Vec<MemberTarget> = shares
                .iter()
                .enumerate()
                .map(|(i, h)| member(&i.to_string(), &format!("{}.{:02}", h / 100, h % 100)))
                .collect();
            let p = assignment_panel(&PanelInput { active_members: rows, candidate: None });
            let sum: u32 = shares.iter().sum();
            prop_assert_eq!(p.total.hundredths(), sum);
            prop_assert_eq!(p.can_save, sum <= 10_000);
            for m in &p.members {
                if let Some(Issue { n: Some(n), .. }) = m.issue {
                    prop_assert_eq!(n.hundredths() + m.percentage.unwrap().hundredths(), sum);
                }
            }
        }

        #[test]
        fn every_share_printed_with_two_decimals_parses_back(h in 0u32..=10_000) {
            // 000 §3: 'target_percentage (text in the form)' — every share the UI prints reads back exactly
            let text = format!("{}.{:02}", h / 100, h % 100);
            prop_assert_eq!(Percentage::parse(&text), Ok(Percentage(h)));
        }
    }
}
