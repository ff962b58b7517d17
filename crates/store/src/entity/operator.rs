//! The operator's tables (migration 000010): operator admins, their sessions and sign-in
//! attempts, the audit log, and dynamic lead assignment (members, leads, assignments).

table!(
    /// A person who runs this installation (not an organisation's admin).
    operator_admin, "operator_admins", {
        email: String,
        /// argon2id, PHC string.
        password_hash: String,
        created_at: i64,
        disabled_at: Option<i64>,
    }
);

table!(
    /// An operator admin's session: the SHA-256 of the `sb_admin` cookie's token.
    admin_session, "admin_sessions", {
        token_hash: String,
        admin_id: i64,
        created_at: i64,
        expires_at: i64,
        revoked_at: Option<i64>,
    }
);

table!(
    /// One sign-in attempt at the secure admin screen, by address and client.
    login_attempt, "admin_login_attempts", {
        email: String,
        client: String,
        ok: bool,
        at: i64,
    }
);

table!(
    /// What an operator admin changed, and why.
    audit, "admin_audit", {
        admin_id: i64,
        at: i64,
        action: String,
        target: String,
        reason: Option<String>,
        /// A JSON object of the change.
        detail: String,
    }
);

table!(
    /// A member of dynamic lead assignment (000 §3 assignment member) with its running credit.
    assignment_member, "assignment_members", {
        /// The HubSpot owner id, or a manual member's own id.
        owner_id: String,
        name: String,
        /// Target share in hundredths of a percent.
        target_hundredths: i32,
        region: String,
        /// A JSON array of onboarding stage codes.
        stages: String,
        paused: bool,
        credit: i64,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// A sign-up of this installation as a lead: its region and onboarding stage.
    lead, "leads", {
        user_id: i64,
        email: Option<String>,
        region: String,
        stage: String,
        member_id: Option<i64>,
        assigned_at: Option<i64>,
        created_at: i64,
        updated_at: i64,
    }
);

table!(
    /// One assignment of a lead to a member, with why.
    lead_assignment, "lead_assignments", {
        lead_id: i64,
        member_id: i64,
        at: i64,
        /// A JSON object: who was considered, with their credits.
        reason: String,
        crm_written: bool,
    }
);
