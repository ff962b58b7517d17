//! The organisation's contacts and their history (migration 000055, issue #29), and their deals
//! (000056), tickets and call logs (000058).

table!(
    /// One customer of an organisation, keyed by `contact` (a person's number's digits).
    contact, "contacts", {
        org_id: i64,
        contact: String,
        name: Option<String>,
        first_name: Option<String>,
        last_name: Option<String>,
        email: Option<String>,
        address: Option<String>,
        company: Option<String>,
        job_title: Option<String>,
        lifecycle_stage: Option<String>,
        lead_status: Option<String>,
        owner_id: Option<i64>,
        /// `member`, `chat`, `import` or `crm`.
        source: String,
        created_at: i64,
        updated_at: i64,
        /// The words the leads table's search looks in, lower-cased in one text: name, first
        /// and last name, e-mail, company and number (`contacts::search_text`).
        search_text: String,
    }
);

table!(
    /// One field of a contact changed: by whom (`actor_id`, none for a CRM pull), from where
    /// (`origin`), from what to what.
    change, "contact_changes", {
        org_id: i64,
        contact_id: i64,
        actor_id: Option<i64>,
        origin: String,
        field: String,
        old_value: Option<String>,
        new_value: Option<String>,
        at: i64,
    }
);

table!(
    /// A deal of a contact, in a stage of the deal pipeline (migration 000056).
    deal, "deals", {
        org_id: i64,
        contact_id: i64,
        name: String,
        /// In the currency's minor units (cents).
        amount_minor: Option<i64>,
        currency: String,
        stage: String,
        owner_id: Option<i64>,
        /// `YYYY-MM-DD`.
        close_date: Option<String>,
        description: Option<String>,
        closed_at: Option<i64>,
        crm_provider: Option<String>,
        crm_id: Option<String>,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// A contact linked to a CRM's record through `user_id`'s link (migration 000056).
    crm_link, "contact_crm_links", {
        org_id: i64,
        contact_id: i64,
        provider: String,
        user_id: i64,
        crm_id: String,
        /// The CRM's last change seen, epoch ms.
        crm_modified_at: Option<i64>,
        /// A change made here has still to reach the CRM.
        dirty: bool,
        linked_at: i64,
    }
);

table!(
    /// Where one member link's pull of changed CRM records stands.
    crm_pull, "crm_pulls", {
        org_id: i64,
        provider: String,
        user_id: i64,
        cursor_ms: i64,
        last_run_at: Option<i64>,
        last_error: Option<String>,
        pulled: i64,
        /// Zoho's notification channel (the pull's id): the token its notifications carry, and
        /// when the subscription ends, epoch ms (migration 000060).
        watch_token: Option<String>,
        watch_until: Option<i64>,
    }
);

table!(
    /// A contact's support ticket in the ticket pipeline (migration 000058).
    ticket, "tickets", {
        org_id: i64,
        contact_id: i64,
        name: String,
        description: Option<String>,
        status: String,
        pipeline: String,
        ticket_type: Option<String>,
        created_by: Option<i64>,
        closed_at: Option<i64>,
        crm_provider: Option<String>,
        crm_id: Option<String>,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// A call with a contact, logged (migration 000058).
    call_log, "call_logs", {
        org_id: i64,
        contact_id: i64,
        outcome: String,
        duration_secs: i32,
        description: Option<String>,
        called_at: i64,
        logged_by: Option<i64>,
        crm_provider: Option<String>,
        crm_id: Option<String>,
        created_at: i64,
    }
);

table!(
    /// A shared label of the organisation on one of its contacts (migration 000061).
    label, "contact_labels", {
        org_id: i64,
        contact_id: i64,
        label_id: i64,
    }
);
