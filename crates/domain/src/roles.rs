//! Who may open what and whose activity they see (000 §6, 001 §6). The UI uses these to hide
//! and explain; the server uses the same functions to refuse, so hiding is never the only guard.

use serde::{Deserialize, Serialize};

use crate::wire::Id;
use crate::RuleError;

/// 000 §6: 'Admin means id 1'.
pub const ADMIN_ROLE_ID: i64 = 1;
/// 001 §6: '2 manager'.
pub const MANAGER_ROLE_ID: i64 = 2;
/// 000 §6: 'Manager means id not equal to 3' — 3 is the employee.
pub const EMPLOYEE_ROLE_ID: i64 = 3;
/// The owner (owner, CEO, CXO; issue #28): manager-level for every check, sees the whole
/// organisation as an admin does, and administers nothing (billing, seats and roles stay the
/// admins').
pub const OWNER_ROLE_ID: i64 = 4;

/// Sees every member's activity: the admin and the owner (001 §6 'admin all').
pub fn sees_whole_organisation(role_id: Option<i64>) -> bool {
    matches!(role_id, Some(ADMIN_ROLE_ID | OWNER_ROLE_ID))
}
/// 001 §3: 'user_status 2 means active member' — `accounts::ACTIVE_USER_STATUS`, widened to the
/// width role ids have here.
pub const ACTIVE_USER_STATUS: i64 = crate::accounts::ACTIVE_USER_STATUS as i64;

/// 000 §6: 'Admin means id 1'.
pub fn is_admin(role_id: Option<i64>) -> bool {
    role_id == Some(ADMIN_ROLE_ID)
}

/// 000 §6: 'Manager means id not equal to 3'. Taken literally for real role ids (so the owner,
/// whose id the spec does not show, passes); a missing, zero or negative role — a user with no
/// organisation mapping — does not: the literal rule would let them in, and access should never
/// be granted by the absence of data.
pub fn is_manager_level(role_id: Option<i64>) -> bool {
    matches!(role_id, Some(r) if r > 0 && r != EMPLOYEE_ROLE_ID)
}

/// 000 §3 `accessLevel` and 000 §6 'Card access'.
#[crate::value::wire(Copy, Hash)]
#[serde(rename_all = "snake_case")]
pub enum AccessLevel {
    /// Role id 1 only ('Only Admins can access this section').
    Admin,
    /// Any role id but 3 ('Only Admins, managers can access this section').
    Manager,
    /// 'Employee is always allowed'.
    All,
}

impl AccessLevel {
    /// The level itself when `role_id` may enter, else the code of the refusal message.
    pub fn check(self, role_id: Option<i64>) -> Result<AccessLevel, RuleError> {
        match self {
            AccessLevel::Admin if !is_admin(role_id) => Err(RuleError::AdminOnly),
            AccessLevel::Manager if !is_manager_level(role_id) => {
                Err(RuleError::AdminsManagersOnly)
            }
            _ => Ok(self),
        }
    }
}

pub use crate::providers::Provider;

/// Input of the `access_check` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AccessInput {
    pub level: AccessLevel,
    /// The stored userRoleId; absent without an organisation mapping.
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub role_id: Option<i64>,
}

/// Input of the `card_access` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CardAccessInput {
    pub data_key: Provider,
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub role_id: Option<i64>,
}

/// 000 §3 `whatzapp_basic_info` (sic).
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct BasicInfo {
    pub name: Option<String>,
    pub mobile: Option<String>,
}

/// An employee (organisation mapping) as the employee list returns it (001 §3), with the spec's
/// field names; fields this rule does not need are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct Employee {
    pub user_id: Id,
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub team_id: Option<i64>,
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub user_status: Option<i64>,
    pub whatzapp_basic_info: Option<BasicInfo>,
    pub whatsapp_no: Option<String>,
}

impl Employee {
    /// Missing status counts as active: the list is fetched with `status=2` already (001 §7).
    fn is_active(&self) -> bool {
        self.user_status.is_none_or(|s| s == ACTIVE_USER_STATUS)
    }

    fn mobile(&self) -> Option<&str> {
        self.whatzapp_basic_info
            .as_ref()
            .and_then(|b| b.mobile.as_deref())
            .or(self.whatsapp_no.as_deref())
            .map(str::trim)
            .filter(|m| !m.is_empty())
    }
}

/// The viewer: their role in the current organisation (none without a mapping), team, id and
/// mobile.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Viewer {
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub role_id: Option<i64>,
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub team_id: Option<i64>,
    pub user_id: Option<Id>,
    pub mobile: Option<String>,
}

/// Input of the `visible_employees` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VisibleEmployeesInput {
    pub viewer: Viewer,
    pub employees: Vec<Employee>,
}

/// What 'All' resolves to (001 §6): user ids for calls, mobile numbers for chats.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct VisibleEmployees {
    pub user_ids: Vec<Id>,
    pub mobiles: Vec<String>,
}

impl VisibleEmployees {
    fn push(&mut self, id: Option<&Id>, mobile: Option<&str>) {
        if let Some(id) = id.filter(|i| !i.0.is_empty()) {
            if !self.user_ids.contains(id) {
                self.user_ids.push(id.clone());
            }
        }
        if let Some(m) = mobile.map(str::trim).filter(|m| !m.is_empty()) {
            if !self.mobiles.iter().any(|x| x == m) {
                self.mobiles.push(m.to_string());
            }
        }
    }
}

/// 001 §6: 'Role ids: 1 admin sees all active employees; 2 manager sees employees of their own
/// team, or only themselves if the team id is 0; 3 employee sees only themselves. A user with
/// no organisation mapping sees only their own mobile.'
///
/// Decisions where the spec is silent: managers see the *active* members of their team (as
/// admins do); a role id the spec does not describe sees only themselves; lists keep the
/// employee list's order without duplicates; "themselves" is the viewer's own id and mobile,
/// whether or not they appear in the list (the user id is kept for a user without a mapping so
/// their own calls still show).
pub fn visible_employees(input: &VisibleEmployeesInput) -> VisibleEmployees {
    let v = &input.viewer;
    let mut out = VisibleEmployees::default();
    let own = || {
        let mut o = VisibleEmployees::default();
        o.push(v.user_id.as_ref(), v.mobile.as_deref());
        o
    };
    match v.role_id {
        Some(ADMIN_ROLE_ID | OWNER_ROLE_ID) => {
            for e in input.employees.iter().filter(|e| e.is_active()) {
                out.push(Some(&e.user_id), e.mobile());
            }
        }
        Some(MANAGER_ROLE_ID) => match v.team_id {
            Some(team) if team != 0 => {
                for e in input
                    .employees
                    .iter()
                    .filter(|e| e.is_active() && e.team_id == Some(team))
                {
                    out.push(Some(&e.user_id), e.mobile());
                }
            }
            _ => return own(),
        },
        _ => return own(),
    }
    out
}

/// 001 §3 `callyzer_user_mappings[]`: one membership.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct Mapping {
    #[cfg_attr(feature = "ts", ts(type = "number | null", optional))]
    pub role_id: Option<i64>,
    /// 1 (or true) marks the default organisation.
    #[serde(default, deserialize_with = "crate::wire::flag")]
    #[value(from = "crate::wire::flag_value")]
    #[cfg_attr(feature = "ts", ts(type = "boolean | number | null", optional))]
    pub is_default_org: Option<bool>,
}

/// Input of the `default_org` rule.
#[derive(Debug, Clone, Deserialize, crate::value::FromValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MappingsInput {
    pub mappings: Vec<Mapping>,
}

/// What the memberships say about the default organisation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, crate::value::ToValue)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DefaultOrg {
    /// 001 §6: 'role_id of the mapping marked default (0 when none)'.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub role_id: i64,
}

/// The `default_org` rule. The first mapping marked default wins; a default mapping without a
/// role id gives 0.
pub fn default_org(input: &MappingsInput) -> DefaultOrg {
    let is_default = |m: &Mapping| m.is_default_org.unwrap_or(false);
    DefaultOrg {
        role_id: input
            .mappings
            .iter()
            .find(|m| is_default(m))
            .and_then(|m| m.role_id)
            .unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn admin_is_role_one_and_manager_level_is_any_role_but_three() {
        // 000 §6: 'Admin means id 1. Manager means id not equal to 3. Employee is always allowed.'
        assert!(is_admin(Some(1)));
        assert!(!is_admin(Some(2)));
        assert!(is_manager_level(Some(1)));
        assert!(is_manager_level(Some(2)));
        assert!(is_manager_level(Some(4)));
        assert!(!is_manager_level(Some(3)));
        // decided: no role is not a manager
        assert!(!is_manager_level(None));
        assert!(!is_manager_level(Some(0)));
    }

    #[test]
    fn the_spreadsheet_card_is_admin_only() {
        // 000 §6: 'the spreadsheet card is admin-only ('Only Admins can access this section')'
        let lvl = Provider::GoogleSheet.access_level();
        assert_eq!(lvl.check(Some(1)), Ok(AccessLevel::Admin));
        assert_eq!(lvl.check(Some(2)), Err(RuleError::AdminOnly));
        assert_eq!(lvl.check(None), Err(RuleError::AdminOnly));
    }

    #[test]
    fn the_manager_level_refuses_employees() {
        // 000 §6: 'A manager level exists ('Only Admins, managers can access this section')'
        assert_eq!(
            AccessLevel::Manager.check(Some(3)),
            Err(RuleError::AdminsManagersOnly)
        );
        assert_eq!(
            AccessLevel::Manager.check(Some(2)),
            Ok(AccessLevel::Manager)
        );
    }

    #[test]
    fn the_other_cards_are_open_to_all() {
        // 000 §6: 'The other cards are open to all.'
        for card in [Provider::Hubspot, Provider::Webhooks, Provider::Bitrix] {
            assert_eq!(card.access_level().check(Some(3)), Ok(AccessLevel::All));
            assert_eq!(card.access_level().check(None), Ok(AccessLevel::All));
        }
    }

    fn employees() -> Vec<Employee> {
        serde_json::from_value(json!([
            { "user_id": 1, "team_id": 7, "user_status": 2, "whatzapp_basic_info": { "name": "A", "mobile": "911" } },
            { "user_id": 2, "team_id": 7, "user_status": 2, "whatzapp_basic_info": { "name": "B", "mobile": "912" } },
            { "user_id": 3, "team_id": 8, "user_status": 2, "whatsapp_no": "913" },
            { "user_id": 4, "team_id": 7, "user_status": 1, "whatzapp_basic_info": { "mobile": "914" } },
            { "user_id": "5", "team_id": 0, "whatzapp_basic_info": { "mobile": " " } }
        ]))
        .unwrap()
    }

    fn visible(role: Option<i64>, team: Option<i64>) -> (Vec<String>, Vec<String>) {
        let v = visible_employees(&VisibleEmployeesInput {
            viewer: Viewer {
                role_id: role,
                team_id: team,
                user_id: Some("2".into()),
                mobile: Some("912".into()),
            },
            employees: employees(),
        });
        (v.user_ids.into_iter().map(|i| i.0).collect(), v.mobiles)
    }

    #[test]
    fn an_admin_sees_every_active_employee() {
        // 001 §6: '1 admin sees all active employees'
        assert_eq!(visible(Some(1), None).0, ["1", "2", "3", "5"]);
        assert_eq!(visible(Some(1), None).1, ["911", "912", "913"]);
    }

    #[test]
    fn a_manager_sees_their_team_or_only_themselves_without_one() {
        // 001 §6: '2 manager sees employees of their own team, or only themselves if the team id is 0'
        assert_eq!(visible(Some(2), Some(7)).0, ["1", "2"]);
        assert_eq!(visible(Some(2), Some(0)).0, ["2"]);
        assert_eq!(visible(Some(2), None).0, ["2"]);
    }

    #[test]
    fn an_employee_sees_only_themselves() {
        // 001 §6: '3 employee sees only themselves'
        assert_eq!(
            visible(Some(3), Some(7)),
            (vec!["2".to_string()], vec!["912".to_string()])
        );
    }

    #[test]
    fn without_a_mapping_only_the_own_mobile_is_seen() {
        // 001 §6: 'A user with no organisation mapping sees only their own mobile'
        assert_eq!(visible(None, None).1, ["912"]);
    }

    #[test]
    fn the_default_org_role_comes_from_the_mapping_marked_default() {
        // 001 §6: 'Default-organisation role comes from role_id of the mapping marked default (0 when none)'
        let m = |v: serde_json::Value| default_org(&serde_json::from_value(v).unwrap());
        let d = m(
            json!({"mappings": [{"role_id": 3, "is_default_org": 0}, {"role_id": 1, "is_default_org": 1}]}),
        );
        assert_eq!(d.role_id, 1);
        let d = m(json!({"mappings": [{"role_id": 2, "is_default_org": true}]}));
        assert_eq!(d.role_id, 2);
        let d = m(json!({"mappings": []}));
        assert_eq!(d.role_id, 0);
    }
}
