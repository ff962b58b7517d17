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
    /// One of the organisation's contact tags (any case).
    pub tag: Option<String>,
    /// A user property: contacts with a value of it holding `property_value`'s words (any
    /// value when that is left out).
    pub property_id: Option<i64>,
    pub property_value: Option<String>,
    /// One of the organisation's shared labels (its id).
    pub label_id: Option<i64>,
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
    /// The organisation's shared labels on it (their ids, ascending).
    pub label_ids: Vec<i64>,
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
    /// The labels it carries instead (the organisation's shared labels, at most 20); `[]`
    /// takes them all off.
    #[cfg_attr(feature = "ts", ts(type = "Array<number> | null", optional))]
    pub label_ids: Option<Vec<i64>>,
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

/// `POST /api/contacts/import`: the file is the request's body (CSV or XLSX, told apart by its
/// bytes). Without `commit` it is a dry run: nothing is written.
#[crate::wire(IntoParams, OptionalFields)]
pub struct ContactImportQuery {
    pub org_id: i64,
    /// The field each column fills, comma-separated in the columns' order, blank for a column
    /// left out (`phone,name,,email`); the fields are `phone`, `name`, `first_name`,
    /// `last_name`, `email`, `address`, `company`, `job_title`, `lifecycle_stage`,
    /// `lead_status`. Without it the headers are read for a guess.
    pub mapping: Option<String>,
    /// `true` writes the rows, all or none: a file with any bad row writes nothing.
    pub commit: Option<bool>,
}

/// One column of an import file.
#[crate::wire]
pub struct ImportColumn {
    /// The header's text.
    pub header: String,
    /// The field it fills under the mapping used; none when left out.
    pub field: Option<String>,
    /// The first few values under it.
    pub samples: Vec<String>,
}

/// What an import found, or did.
#[crate::wire]
pub struct ContactImportReport {
    pub columns: Vec<ImportColumn>,
    /// Rows under the header that hold anything.
    pub rows: u64,
    /// Rows that make a new contact.
    pub created: u64,
    /// Rows that change a contact the organisation has.
    pub updated: u64,
    /// Rows that match a contact and change nothing.
    pub unchanged: u64,
    /// Rows with at least one refusal.
    pub error_rows: u64,
    /// The first 500 refusals, by line (the header is line 1).
    pub errors: Vec<crate::accounts::ImportRowError>,
    /// Whether the rows were written (a commit with no refusal).
    pub committed: bool,
}

/// `POST /api/contacts/bulk`: one change to many contacts — the stage, the status, the owner, a
/// label, a tag — recorded in each one's history.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct ContactsBulkUpdate {
    pub org_id: i64,
    /// 1 to 500 contacts the caller sees.
    pub ids: Vec<i64>,
    pub lifecycle_stage: Option<String>,
    pub lead_status: Option<String>,
    /// A member's user id; 0 for nobody.
    pub owner_id: Option<i64>,
    /// A shared label of the organisation put on each contact.
    pub add_label_id: Option<i64>,
    /// A label taken off each contact.
    pub remove_label_id: Option<i64>,
    /// An organisation tag put on each contact (at most 10 characters; a contact keeps two at
    /// most, so one already with two others refuses the change).
    pub add_tag: Option<String>,
    /// A tag taken off each contact (any case), before `add_tag` is put on.
    pub remove_tag: Option<String>,
}

/// How many contacts a bulk change changed.
#[crate::wire]
pub struct ContactsBulkResult {
    pub updated: u64,
}

/// A contact's link to a CRM record.
#[crate::wire]
pub struct ContactCrmLink {
    /// `hubspot`.
    pub provider: String,
    /// The CRM's record id.
    pub crm_id: String,
    /// Whose integration the link goes through.
    pub user_id: i64,
    /// RFC 3339, UTC.
    pub linked_at: String,
    /// When the CRM last changed the record, as last read.
    pub crm_modified_at: Option<String>,
    /// A change made here has still to reach the CRM.
    pub pending: bool,
}

/// A CRM record that may be this contact (found by number or e-mail).
#[crate::wire]
pub struct CrmMatch {
    pub crm_id: String,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub lifecycle_stage: Option<String>,
}

/// `POST /api/contacts/{id}/crm/{provider}/link`: the CRM record to link.
#[crate::wire]
#[serde(deny_unknown_fields)]
pub struct CrmLinkRequest {
    pub org_id: i64,
    pub crm_id: String,
}

/// What a pull did.
#[crate::wire]
pub struct CrmPullReport {
    /// CRM records read.
    pub pulled: u64,
    /// Contacts that took a change from the CRM.
    pub updated: u64,
    /// Contacts whose changes made here went to the CRM.
    pub pushed: u64,
    /// Fields where the later change made here won over the CRM's (kept in the history).
    pub conflicts: u64,
    /// Members whose link could not be read (to reconnect), by user id.
    pub failed_members: Vec<i64>,
}
