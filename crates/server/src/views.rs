//! Store rows turned into the wire shapes of `contract::accounts`, in one place, so every
//! endpoint spells an employee, a team or a membership the same way.

use contract::accounts::{BasicInfo, Employee, OrgMapping, OrgRef, Organization, Role, Team};
use store::entity::{membership, organisation, team};
use store::orgs::EmployeeRecord;

/// Epoch milliseconds as RFC 3339 UTC text (`validity`).
pub fn rfc3339(ms: i64) -> Option<String> {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}

pub fn role(id: i16) -> Role {
    let name = domain::accounts::ROLES
        .iter()
        .find(|(r, _)| *r == id)
        .map_or("Unknown", |(_, n)| n);
    Role {
        id,
        role_name: name.to_owned(),
    }
}

pub fn team(t: &team::Model, member_count: Option<u64>) -> Team {
    let color = t
        .team_color
        .and_then(|c| domain::accounts::team_color(c).ok());
    Team {
        id: t.id,
        org_id: t.org_id,
        team_name: t.team_name.clone(),
        team_color: t.team_color,
        bg_color: color.map(|c| c.bg_color.to_owned()),
        text_color: color.map(|c| c.text_color.to_owned()),
        member_count,
    }
}

/// An organisation's details; `knowledge_base` is whether it has the knowledge base now (its
/// plan or the operator's grant, `billing::knowledge_base_on`).
pub fn organization(o: &organisation::Model, knowledge_base: bool) -> Organization {
    Organization {
        org_id: o.id,
        org_name: o.name.clone(),
        org_logo: o.logo_url.clone(),
        organization_code: o.organization_code.clone(),
        time_zone: o.time_zone.clone(),
        plan_id: o.plan_id,
        is_trial: o.is_trial,
        validity: o.validity.and_then(rfc3339),
        seat_issued: o.seat_issued,
        knowledge_base,
        join_by_code: o.join_by_code,
    }
}

pub fn mapping(m: &membership::Model, o: &organisation::Model) -> OrgMapping {
    let default = u8::from(m.is_default_org);
    OrgMapping {
        mapping_id: Some(m.id),
        org_id: Some(o.id),
        role_id: Some(m.role_id),
        team_id: m.team_id,
        is_default_org: default,
        default_org: default,
        user_status: Some(m.user_status),
        joined_at: m.joined_at,
        callyzer_organization: OrgRef {
            org_id: Some(o.id),
            org_name: o.name.clone(),
            organization_code: Some(o.organization_code.clone()),
        },
    }
}

/// 001 §3: 'A synthetic Personal entry with null ids and the name Personal is appended to the
/// organisation list.' It is the default when no organisation is.
pub fn personal_mapping(any_default: bool) -> OrgMapping {
    let default = u8::from(!any_default);
    OrgMapping {
        mapping_id: None,
        org_id: None,
        role_id: None,
        team_id: None,
        is_default_org: default,
        default_org: default,
        user_status: None,
        joined_at: None,
        callyzer_organization: OrgRef {
            org_id: None,
            org_name: "Personal".to_owned(),
            organization_code: None,
        },
    }
}

pub fn employee(r: &EmployeeRecord) -> Employee {
    let m = &r.membership;
    Employee {
        workspace_id: r.user.id,
        user_id: r.user.id,
        org_id: m.org_id,
        team_id: m.team_id,
        role_id: m.role_id,
        user_status: m.user_status,
        syncing_active: u8::from(m.syncing_active),
        invitation_status: m.invitation_status.clone(),
        email: r.user.email.clone(),
        address: m.address.clone(),
        employee_code: m.employee_code.clone(),
        joined_at: m.joined_at,
        invitation_sent_at: m.invitation_sent_at,
        whatzapp_basic_info: BasicInfo {
            name: r.user.name.clone(),
            mobile: r.user.mobile.clone(),
        },
        callyzer_orgamnization_team: r.team.as_ref().map(|t| team(t, None)),
        callyzer_user_role: role(m.role_id),
        whatsapp_no: r.user.mobile.clone(),
        crm_label_sync_data: Vec::new(),
    }
}
