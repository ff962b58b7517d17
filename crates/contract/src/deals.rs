//! The Lead CRM's deals on the wire (issue #29, `/leadcrm`): a contact's deals, the pipeline
//! board, a deal's creation and its changes. Stage values are HubSpot's default pipeline's keys
//! (`domain::contacts::deals::DEAL_STAGES`); amounts are decimals in text (`1250.50`), exact.

/// `GET /api/deals/board`: the open and closed deals the caller sees, by stage.
#[crate::wire(IntoParams, OptionalFields)]
pub struct BoardQuery {
    pub org_id: i64,
    /// An owner's user id; 0 for deals nobody owns.
    pub owner_id: Option<i64>,
    /// Words found in the deal's name or its contact's name or number.
    pub q: Option<String>,
}

/// One column of the board.
#[crate::wire]
pub struct BoardStage {
    /// The stage key.
    pub stage: String,
    /// Deals in it.
    pub count: u64,
    /// Their amounts added up, per currency (`{"USD": "1250.00"}`).
    pub totals: std::collections::BTreeMap<String, String>,
    /// The most recently changed 200.
    pub deals: Vec<Deal>,
}

/// The board.
#[crate::wire]
pub struct Board {
    pub stages: Vec<BoardStage>,
}

/// `GET /api/deals`: one contact's deals.
#[crate::wire(IntoParams)]
pub struct DealsQuery {
    pub org_id: i64,
    pub contact_id: i64,
}

/// One deal.
#[crate::wire]
pub struct Deal {
    pub id: i64,
    pub org_id: i64,
    pub contact_id: i64,
    /// The contact's name as shown, or its number.
    pub contact_name: String,
    pub name: String,
    /// A decimal in text; none when not known.
    pub amount: Option<String>,
    pub currency: String,
    pub stage: String,
    pub owner_id: Option<i64>,
    /// `YYYY-MM-DD`.
    pub close_date: Option<String>,
    pub description: Option<String>,
    /// RFC 3339, UTC: when it moved into Closed Won or Closed Lost.
    pub closed_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// `POST /api/deals`: a deal of a contact the caller sees.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct NewDeal {
    pub org_id: i64,
    pub contact_id: i64,
    pub name: String,
    /// A decimal (`1250.50`), not negative, at most two decimals.
    pub amount: Option<String>,
    /// Three letters; `USD` when left out.
    pub currency: Option<String>,
    /// A stage key; the pipeline's first when left out.
    pub stage: Option<String>,
    /// A member's user id; none (or 0) for nobody.
    pub owner_id: Option<i64>,
    pub close_date: Option<String>,
    pub description: Option<String>,
}

/// `PATCH /api/deals/{id}`: the fields to change; a field left out stays, a blank one is
/// cleared; `owner_id` 0 is nobody.
#[crate::wire(OptionalFields)]
#[serde(deny_unknown_fields)]
pub struct DealUpdate {
    pub org_id: i64,
    pub name: Option<String>,
    pub amount: Option<String>,
    pub currency: Option<String>,
    pub stage: Option<String>,
    pub owner_id: Option<i64>,
    pub close_date: Option<String>,
    pub description: Option<String>,
}
