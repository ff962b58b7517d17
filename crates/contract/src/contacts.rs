//! The organisation's contacts on the wire (issue #29: `/leads`): the list with its filters and
//! paging, one contact, its creation and its changes, and the history of changes. Paths ours
//! (docs/API.md); stage and status values are the CRM's keys (`domain::contacts`).

use crate::admin::page_number;

/// `GET /api/contacts`: the organisation's contacts the caller may see.
#[crate::wire(IntoParams, OptionalFields)]
pub struct ContactsQuery {
    pub org_id: i64,
    /// Words found in the name, number, e-mail or company.
    pub q: Option<String>,
    /// A lifecycle stage key (`customer`, …).
    pub lifecycle_stage: Option<String>,
    /// A lead status key (`NEW`, …).
    pub lead_status: Option<String>,
    /// An owner's user id; 0 for contacts nobody owns.
    pub owner_id: Option<i64>,
    /// `updated` (default), `created` or `name`.
    pub sort: Option<String>,
    /// `desc` (default) or `asc`.
    pub dir: Option<String>,
    /// From 0.
    #[param(schema_with = page_number)]
    pub page: Option<u64>,
    /// 1 to 100; 50 by default.
    #[param(schema_with = page_number)]
    pub per_page: Option<u64>,
}

/// One contact.
#[crate::wire]
pub struct Contact {
    pub id: i64,
    pub org_id: i64,
    /// The key its chats, notes and tags share: a person's number's digits.
    pub contact: String,
    /// The number in international form (`+` and digits), when the key is one.
    pub phone: Option<String>,
    /// The name shown: the name, else first and last name; none shows the number.
    pub display_name: Option<String>,
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    pub company: Option<String>,
    pub job_title: Option<String>,
    pub lifecycle_stage: Option<String>,
    pub lead_status: Option<String>,
    pub owner_id: Option<i64>,
    /// `member`, `chat`, `import` or `crm`.
    pub source: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    pub updated_at: String,
}

/// `POST /api/contacts`: a contact by its number, with any fields. Blank is none; an unknown
/// field is refused.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct NewContact {
    pub org_id: i64,
    /// With its country code.
    pub phone: String,
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    pub company: Option<String>,
    pub job_title: Option<String>,
    pub lifecycle_stage: Option<String>,
    pub lead_status: Option<String>,
    /// A member's user id; none (or 0) for nobody.
    pub owner_id: Option<i64>,
}

/// `PATCH /api/contacts/{id}`: the fields to change; a field left out stays, a blank one is
/// cleared; `owner_id` 0 is nobody.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct ContactUpdate {
    pub org_id: i64,
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    pub company: Option<String>,
    pub job_title: Option<String>,
    pub lifecycle_stage: Option<String>,
    pub lead_status: Option<String>,
    pub owner_id: Option<i64>,
}

/// One changed field in a contact's history.
#[crate::wire]
pub struct ContactChange {
    pub field: String,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
    /// `member`, `chat`, `import` or `crm`.
    pub origin: String,
    /// Who changed it (none for a CRM pull, or a person since removed).
    pub actor_id: Option<i64>,
    /// RFC 3339, UTC.
    pub at: String,
}
