//! The Lead CRM's tickets and call logs on the wire (issue #29): a contact's support tickets
//! (`domain::contacts::service::TICKET_STATUSES`, `TICKET_TYPES`) and its logged calls
//! (`CALL_OUTCOMES`), each written to the linked CRM.

/// `GET /api/tickets`, `GET /api/calls`: one contact's.
#[crate::wire(IntoParams)]
pub struct ContactRecordsQuery {
    pub org_id: i64,
    pub contact_id: i64,
}

/// One ticket.
#[crate::wire]
pub struct Ticket {
    pub id: i64,
    pub org_id: i64,
    pub contact_id: i64,
    pub name: String,
    pub description: Option<String>,
    /// `new`, `waiting_on_contact`, `waiting_on_us`, `closed`.
    pub status: String,
    /// `support`.
    pub pipeline: String,
    /// `product_issue`, `billing_issue`, `feature_request`, `general_inquiry`; none.
    pub ticket_type: Option<String>,
    pub created_by: Option<i64>,
    /// RFC 3339, UTC: when it was closed.
    pub closed_at: Option<String>,
    /// The CRM it was written to (`hubspot`), once written.
    pub crm_provider: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// `POST /api/tickets`: a ticket of a contact the caller sees.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct NewTicket {
    pub org_id: i64,
    pub contact_id: i64,
    pub name: String,
    pub description: Option<String>,
    /// A status key; `new` when left out.
    pub status: Option<String>,
    pub ticket_type: Option<String>,
}

/// `PATCH /api/tickets/{id}`: the fields to change; a field left out stays, a blank one is
/// cleared.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct TicketUpdate {
    pub org_id: i64,
    pub name: Option<String>,
    pub description: Option<String>,
    pub status: Option<String>,
    pub ticket_type: Option<String>,
}

/// One logged call.
#[crate::wire]
pub struct CallLog {
    pub id: i64,
    pub org_id: i64,
    pub contact_id: i64,
    /// `busy`, `connected`, `left_live_message`, `left_voicemail`, `no_answer`, `wrong_number`.
    pub outcome: String,
    pub duration_secs: i64,
    pub description: Option<String>,
    /// RFC 3339, UTC.
    pub called_at: String,
    pub logged_by: Option<i64>,
    pub crm_provider: Option<String>,
    pub created_at: String,
}

/// `POST /api/calls`: a call with a contact the caller sees.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct NewCallLog {
    pub org_id: i64,
    pub contact_id: i64,
    pub outcome: String,
    /// 0 to 86 400.
    pub duration_secs: i64,
    pub description: Option<String>,
    /// RFC 3339; now when left out. Not in the future.
    pub called_at: Option<String>,
}
