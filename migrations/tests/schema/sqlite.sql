-- index idx_admin_audit_at on admin_audit
CREATE INDEX "idx_admin_audit_at" ON "admin_audit" ("at");

-- index idx_admin_login_attempts_client_at on admin_login_attempts
CREATE INDEX "idx_admin_login_attempts_client_at" ON "admin_login_attempts" ("client", "at");

-- index idx_admin_login_attempts_email_at on admin_login_attempts
CREATE INDEX "idx_admin_login_attempts_email_at" ON "admin_login_attempts" ("email", "at");

-- index idx_admin_sessions_admin_id on admin_sessions
CREATE INDEX "idx_admin_sessions_admin_id" ON "admin_sessions" ("admin_id");

-- index idx_ai_reply_usage_user_id_day on ai_reply_usage
CREATE UNIQUE INDEX "idx_ai_reply_usage_user_id_day" ON "ai_reply_usage" ("user_id", "day");

-- index idx_billing_checkouts_org_id on billing_checkouts
CREATE INDEX "idx_billing_checkouts_org_id" ON "billing_checkouts" ("org_id");

-- index idx_billing_checkouts_user_id on billing_checkouts
CREATE INDEX "idx_billing_checkouts_user_id" ON "billing_checkouts" ("user_id");

-- index idx_billing_history_org_id on billing_history
CREATE INDEX "idx_billing_history_org_id" ON "billing_history" ("org_id");

-- index idx_billing_history_user_id on billing_history
CREATE INDEX "idx_billing_history_user_id" ON "billing_history" ("user_id");

-- index idx_billing_invoices_org_id on billing_invoices
CREATE INDEX "idx_billing_invoices_org_id" ON "billing_invoices" ("org_id");

-- index idx_billing_invoices_user_id on billing_invoices
CREATE INDEX "idx_billing_invoices_user_id" ON "billing_invoices" ("user_id");

-- index idx_chat_notes_org_id_owner_id_contact on chat_notes
CREATE INDEX "idx_chat_notes_org_id_owner_id_contact" ON "chat_notes" ("org_id", "owner_id", "contact");

-- index idx_contact_property_values_org_id_contact on contact_property_values
CREATE INDEX "idx_contact_property_values_org_id_contact" ON "contact_property_values" ("org_id", "contact");

-- index idx_contact_property_values_property_id_contact on contact_property_values
CREATE UNIQUE INDEX "idx_contact_property_values_property_id_contact" ON "contact_property_values" ("property_id", "contact");

-- index idx_contact_tags_org_id_owner_id_contact on contact_tags
CREATE UNIQUE INDEX "idx_contact_tags_org_id_owner_id_contact" ON "contact_tags" ("org_id", "owner_id", "contact");

-- index idx_dev_mailbox_recipient on dev_mailbox
CREATE INDEX "idx_dev_mailbox_recipient" ON "dev_mailbox" ("recipient");

-- index idx_extension_tokens_lineage on extension_tokens
CREATE INDEX "idx_extension_tokens_lineage" ON "extension_tokens" ("lineage_id");

-- index idx_extension_tokens_user on extension_tokens
CREATE INDEX "idx_extension_tokens_user" ON "extension_tokens" ("user_id");

-- index idx_failed_transactions_org_id on failed_transactions
CREATE INDEX "idx_failed_transactions_org_id" ON "failed_transactions" ("org_id");

-- index idx_failed_transactions_user_id on failed_transactions
CREATE INDEX "idx_failed_transactions_user_id" ON "failed_transactions" ("user_id");

-- index idx_follow_ups_org_id_owner_id_due_at on follow_ups
CREATE INDEX "idx_follow_ups_org_id_owner_id_due_at" ON "follow_ups" ("org_id", "owner_id", "due_at");

-- index idx_funnels_org_id_owner_id on funnels
CREATE INDEX "idx_funnels_org_id_owner_id" ON "funnels" ("org_id", "owner_id");

-- index idx_integrations_provider_org on integrations
CREATE UNIQUE INDEX "idx_integrations_provider_org" ON "integrations" ("provider", "org_id");

-- index idx_integrations_provider_user on integrations
CREATE UNIQUE INDEX "idx_integrations_provider_user" ON "integrations" ("provider", "user_id");

-- index idx_kb_conversations_org_id_user_id on kb_conversations
CREATE INDEX "idx_kb_conversations_org_id_user_id" ON "kb_conversations" ("org_id", "user_id");

-- index idx_kb_conversations_user_id on kb_conversations
CREATE INDEX "idx_kb_conversations_user_id" ON "kb_conversations" ("user_id");

-- index idx_kb_documents_org_id on kb_documents
CREATE INDEX "idx_kb_documents_org_id" ON "kb_documents" ("org_id");

-- index idx_kb_messages_conversation_id on kb_messages
CREATE INDEX "idx_kb_messages_conversation_id" ON "kb_messages" ("conversation_id");

-- index idx_kb_passages_document_id on kb_passages
CREATE INDEX "idx_kb_passages_document_id" ON "kb_passages" ("document_id");

-- index idx_kb_passages_org_id on kb_passages
CREATE INDEX "idx_kb_passages_org_id" ON "kb_passages" ("org_id");

-- index idx_kb_terms_org_id_term on kb_terms
CREATE INDEX "idx_kb_terms_org_id_term" ON "kb_terms" ("org_id", "term");

-- index idx_kb_terms_passage_id on kb_terms
CREATE INDEX "idx_kb_terms_passage_id" ON "kb_terms" ("passage_id");

-- index idx_kb_unanswered_org_id_at on kb_unanswered
CREATE INDEX "idx_kb_unanswered_org_id_at" ON "kb_unanswered" ("org_id", "at");

-- index idx_lead_assignments_lead_id on lead_assignments
CREATE INDEX "idx_lead_assignments_lead_id" ON "lead_assignments" ("lead_id");

-- index idx_lead_assignments_member_id_at on lead_assignments
CREATE INDEX "idx_lead_assignments_member_id_at" ON "lead_assignments" ("member_id", "at");

-- index idx_leads_member_id on leads
CREATE INDEX "idx_leads_member_id" ON "leads" ("member_id");

-- index idx_login_codes_email_created on login_codes
CREATE INDEX "idx_login_codes_email_created" ON "login_codes" ("email", "created_at");

-- index idx_manage_labels_org_id_owner_id on manage_labels
CREATE INDEX "idx_manage_labels_org_id_owner_id" ON "manage_labels" ("org_id", "owner_id");

-- index idx_memberships_org_team on memberships
CREATE INDEX "idx_memberships_org_team" ON "memberships" ("org_id", "team_id");

-- index idx_memberships_user on memberships
CREATE INDEX "idx_memberships_user" ON "memberships" ("user_id");

-- index idx_org_audit_org_id_at on org_audit
CREATE INDEX "idx_org_audit_org_id_at" ON "org_audit" ("org_id", "at");

-- index idx_org_audit_target_user_id_action_at on org_audit
CREATE INDEX "idx_org_audit_target_user_id_action_at" ON "org_audit" ("target_user_id", "action", "at");

-- index idx_quick_replies_org_id_owner_id on quick_replies
CREATE INDEX "idx_quick_replies_org_id_owner_id" ON "quick_replies" ("org_id", "owner_id");

-- index idx_quick_replies_org_id_team_id on quick_replies
CREATE INDEX "idx_quick_replies_org_id_team_id" ON "quick_replies" ("org_id", "team_id");

-- index idx_schedule_sends_owner_id_status_due_at on schedule_sends
CREATE INDEX "idx_schedule_sends_owner_id_status_due_at" ON "schedule_sends" ("owner_id", "status", "due_at");

-- index idx_schedule_sends_schedule_id_occurrence on schedule_sends
CREATE UNIQUE INDEX "idx_schedule_sends_schedule_id_occurrence" ON "schedule_sends" ("schedule_id", "occurrence");

-- index idx_schedules_org_id_owner_id on schedules
CREATE INDEX "idx_schedules_org_id_owner_id" ON "schedules" ("org_id", "owner_id");

-- index idx_sessions_user on sessions
CREATE INDEX "idx_sessions_user" ON "sessions" ("user_id");

-- index idx_stored_files_org_id on stored_files
CREATE INDEX "idx_stored_files_org_id" ON "stored_files" ("org_id");

-- index idx_stored_files_user_id on stored_files
CREATE INDEX "idx_stored_files_user_id" ON "stored_files" ("user_id");

-- index idx_subscriptions_org_id on subscriptions
CREATE INDEX "idx_subscriptions_org_id" ON "subscriptions" ("org_id");

-- index idx_subscriptions_user_id on subscriptions
CREATE INDEX "idx_subscriptions_user_id" ON "subscriptions" ("user_id");

-- index idx_sync_attempts_job on sync_attempts
CREATE INDEX "idx_sync_attempts_job" ON "sync_attempts" ("job_id");

-- index idx_sync_jobs_due on sync_jobs
CREATE INDEX "idx_sync_jobs_due" ON "sync_jobs" ("status", "next_attempt_at");

-- index idx_sync_jobs_org_kind on sync_jobs
CREATE INDEX "idx_sync_jobs_org_kind" ON "sync_jobs" ("org_id", "kind", "id");

-- index idx_sync_jobs_target_event on sync_jobs
CREATE UNIQUE INDEX "idx_sync_jobs_target_event" ON "sync_jobs" ("integration_id", "event_id");

-- index idx_user_properties_org_id on user_properties
CREATE INDEX "idx_user_properties_org_id" ON "user_properties" ("org_id");

-- index idx_users_mobile on users
CREATE INDEX "idx_users_mobile" ON "users" ("mobile");

-- index ix_call_events_org_user_created on call_events
CREATE INDEX "ix_call_events_org_user_created" ON "call_events" ("org_id", "user_id", "created_at");

-- index ix_call_events_org_user_occurred on call_events
CREATE INDEX "ix_call_events_org_user_occurred" ON "call_events" ("org_id", "user_id", "occurred_at");

-- index ix_message_events_org_user_occurred on message_events
CREATE INDEX "ix_message_events_org_user_occurred" ON "message_events" ("org_id", "user_id", "occurred_at");

-- index ix_usage_events_org_kind_user_time on usage_events
CREATE INDEX "ix_usage_events_org_kind_user_time" ON "usage_events" ("org_id", "kind", "user_id", "occurred_at");

-- index sqlite_autoindex_addons_1 on addons
NULL;

-- index sqlite_autoindex_addons_2 on addons
NULL;

-- index sqlite_autoindex_admin_sessions_1 on admin_sessions
NULL;

-- index sqlite_autoindex_assignment_members_1 on assignment_members
NULL;

-- index sqlite_autoindex_billing_checkouts_1 on billing_checkouts
NULL;

-- index sqlite_autoindex_billing_events_1 on billing_events
NULL;

-- index sqlite_autoindex_billing_invoices_1 on billing_invoices
NULL;

-- index sqlite_autoindex_chat_keys_1 on chat_keys
NULL;

-- index sqlite_autoindex_crm_label_rules_1 on crm_label_rules
NULL;

-- index sqlite_autoindex_currency_localisations_1 on currency_localisations
NULL;

-- index sqlite_autoindex_exchange_rates_1 on exchange_rates
NULL;

-- index sqlite_autoindex_extension_tokens_1 on extension_tokens
NULL;

-- index sqlite_autoindex_kb_stats_1 on kb_stats
NULL;

-- index sqlite_autoindex_leads_1 on leads
NULL;

-- index sqlite_autoindex_oauth_states_1 on oauth_states
NULL;

-- index sqlite_autoindex_operator_admins_1 on operator_admins
NULL;

-- index sqlite_autoindex_organisations_1 on organisations
NULL;

-- index sqlite_autoindex_plans_1 on plans
NULL;

-- index sqlite_autoindex_sessions_1 on sessions
NULL;

-- index sqlite_autoindex_stored_files_1 on stored_files
NULL;

-- index sqlite_autoindex_subscriptions_1 on subscriptions
NULL;

-- index sqlite_autoindex_sync_jobs_1 on sync_jobs
NULL;

-- index sqlite_autoindex_user_preferences_1 on user_preferences
NULL;

-- index sqlite_autoindex_users_1 on users
NULL;

-- index uq_memberships_org_user on memberships
CREATE UNIQUE INDEX "uq_memberships_org_user" ON "memberships" ("org_id", "user_id");

-- index uq_teams_org_name on teams
CREATE UNIQUE INDEX "uq_teams_org_name" ON "teams" ("org_id", "team_name");

-- index ux_call_events_org_event on call_events
CREATE UNIQUE INDEX "ux_call_events_org_event" ON "call_events" ("org_id", "event_id");

-- index ux_message_events_org_event on message_events
CREATE UNIQUE INDEX "ux_message_events_org_event" ON "message_events" ("org_id", "event_id");

-- index ux_usage_events_org_kind_event on usage_events
CREATE UNIQUE INDEX "ux_usage_events_org_kind_event" ON "usage_events" ("org_id", "kind", "event_id");

-- table addons on addons
CREATE TABLE "addons" ( "id" bigint NOT NULL PRIMARY KEY, "key" varchar(30) NOT NULL UNIQUE, "inr_minor" bigint NOT NULL, "usd_minor" bigint NOT NULL, "annual_inr_minor" bigint NOT NULL, "annual_usd_minor" bigint NOT NULL );

-- table admin_audit on admin_audit
CREATE TABLE "admin_audit" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "admin_id" bigint NOT NULL, "at" bigint NOT NULL, "action" varchar(60) NOT NULL, "target" varchar(120) NOT NULL, "reason" text NULL, "detail" text NOT NULL );

-- table admin_login_attempts on admin_login_attempts
CREATE TABLE "admin_login_attempts" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "email" varchar(254) NOT NULL, "client" varchar(64) NOT NULL, "ok" boolean NOT NULL, "at" bigint NOT NULL );

-- table admin_sessions on admin_sessions
CREATE TABLE "admin_sessions" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "token_hash" varchar(64) NOT NULL UNIQUE, "admin_id" bigint NOT NULL, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "revoked_at" bigint NULL );

-- table ai_reply_usage on ai_reply_usage
CREATE TABLE "ai_reply_usage" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "user_id" bigint NOT NULL, "day" varchar(10) NOT NULL, "used" integer NOT NULL );

-- table assignment_members on assignment_members
CREATE TABLE "assignment_members" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "owner_id" varchar(64) NOT NULL UNIQUE, "name" varchar(200) NOT NULL, "target_hundredths" integer NOT NULL, "region" varchar(20) NOT NULL, "stages" text NOT NULL, "paused" boolean NOT NULL, "credit" bigint NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL );

-- table billing_checkouts on billing_checkouts
CREATE TABLE "billing_checkouts" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "idempotency_key" varchar(100) NOT NULL UNIQUE, "org_id" bigint NULL, "user_id" bigint NULL, "plan_id" bigint NOT NULL, "seats" integer NOT NULL, "currency" varchar(3) NOT NULL, "session_id" varchar(255) NULL, "url" text NULL, "status" varchar(20) NOT NULL, "created_at" bigint NOT NULL );

-- table billing_events on billing_events
CREATE TABLE "billing_events" ( "event_id" varchar(255) NOT NULL PRIMARY KEY, "kind" varchar(80) NOT NULL, "received_at" bigint NOT NULL );

-- table billing_history on billing_history
CREATE TABLE "billing_history" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NULL, "user_id" bigint NULL, "at" bigint NOT NULL, "kind" varchar(40) NOT NULL, "detail" text NOT NULL );

-- table billing_invoices on billing_invoices
CREATE TABLE "billing_invoices" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "provider_id" varchar(255) NOT NULL UNIQUE, "org_id" bigint NULL, "user_id" bigint NULL, "amount_minor" bigint NOT NULL, "currency" varchar(3) NOT NULL, "status" varchar(20) NOT NULL, "hosted_url" text NULL, "created_at" bigint NOT NULL );

-- table call_chat_sets on call_chat_sets
CREATE TABLE call_chat_sets (
                org_id BIGINT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE, user_id BIGINT NOT NULL, day BIGINT NOT NULL,
                chats BLOB NOT NULL,
                PRIMARY KEY (org_id, user_id, day)) WITHOUT ROWID;

-- table call_day_rollups on call_day_rollups
CREATE TABLE call_day_rollups (
                org_id BIGINT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE, time_kind SMALLINT NOT NULL,
                user_id BIGINT NOT NULL, day BIGINT NOT NULL, direction SMALLINT NOT NULL,
                calls BIGINT NOT NULL, duration_s BIGINT NOT NULL,
                PRIMARY KEY (org_id, time_kind, user_id, day, direction)) WITHOUT ROWID;

-- table call_events on call_events
CREATE TABLE "call_events" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "event_id" varchar(128) NOT NULL, "user_id" bigint NOT NULL, "chat_id" varchar(255) NOT NULL, "direction" smallint NOT NULL, "duration_s" bigint NOT NULL, "occurred_at" bigint NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "received_at" bigint NOT NULL, FOREIGN KEY ("org_id") REFERENCES "organisations" ("id") ON DELETE CASCADE );

-- table call_org_slot_rollups on call_org_slot_rollups
CREATE TABLE call_org_slot_rollups (
                org_id BIGINT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE, time_kind SMALLINT NOT NULL,
                slot BIGINT NOT NULL, direction SMALLINT NOT NULL,
                calls BIGINT NOT NULL, duration_s BIGINT NOT NULL,
                PRIMARY KEY (org_id, time_kind, slot, direction)) WITHOUT ROWID;

-- table call_rollup_users on call_rollup_users
CREATE TABLE call_rollup_users (
                org_id BIGINT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE, user_id BIGINT NOT NULL,
                PRIMARY KEY (org_id, user_id)) WITHOUT ROWID;

-- table call_slot_rollups on call_slot_rollups
CREATE TABLE call_slot_rollups (
                org_id BIGINT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE, time_kind SMALLINT NOT NULL,
                user_id BIGINT NOT NULL, slot BIGINT NOT NULL, direction SMALLINT NOT NULL,
                calls BIGINT NOT NULL, duration_s BIGINT NOT NULL,
                PRIMARY KEY (org_id, time_kind, user_id, slot, direction)) WITHOUT ROWID;

-- table chat_keys on chat_keys
CREATE TABLE chat_keys (
                id INTEGER PRIMARY KEY, org_id BIGINT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE, chat_id TEXT NOT NULL,
                UNIQUE (org_id, chat_id));

-- table chat_notes on chat_notes
CREATE TABLE "chat_notes" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "owner_id" bigint NOT NULL, "contact" varchar(64) NOT NULL, "kind" varchar(4) NOT NULL, "title" varchar(240) NOT NULL, "body" text NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL );

-- table contact_property_values on contact_property_values
CREATE TABLE "contact_property_values" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "property_id" bigint NOT NULL, "contact" varchar(64) NOT NULL, "value" text NOT NULL, "updated_by" bigint NOT NULL, "updated_at" bigint NOT NULL );

-- table contact_tags on contact_tags
CREATE TABLE "contact_tags" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "owner_id" bigint NOT NULL, "contact" varchar(64) NOT NULL, "tags" text NOT NULL, "updated_at" bigint NOT NULL );

-- table crm_label_rules on crm_label_rules
CREATE TABLE "crm_label_rules" ( "org_id" bigint NOT NULL, "user_id" bigint NOT NULL, "crm_name" varchar(20) NOT NULL, "included_labels" text NOT NULL, "excluded_labels" text NOT NULL, "updated_at" bigint NOT NULL, PRIMARY KEY ("org_id", "user_id", "crm_name"), FOREIGN KEY ("org_id") REFERENCES "organisations" ("id") ON DELETE CASCADE );

-- table currency_localisations on currency_localisations
CREATE TABLE "currency_localisations" ( "currency" varchar(3) NOT NULL PRIMARY KEY, "factor_micro" bigint NOT NULL, "planid_constant" bigint NOT NULL );

-- table dev_mailbox on dev_mailbox
CREATE TABLE "dev_mailbox" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "recipient" varchar(320) NOT NULL, "subject" varchar(300) NOT NULL, "body" text NOT NULL, "created_at" bigint NOT NULL , "html" text NULL);

-- table exchange_rates on exchange_rates
CREATE TABLE "exchange_rates" ( "base" varchar(3) NOT NULL PRIMARY KEY, "rates" text NOT NULL, "fetched_at" bigint NOT NULL );

-- table extension_tokens on extension_tokens
CREATE TABLE "extension_tokens" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "token_hash" varchar(64) NOT NULL UNIQUE, "user_id" bigint NOT NULL, "name" varchar(80) NOT NULL, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "last_used_at" bigint NULL, "revoked_at" bigint NULL, "renewed_at" bigint NULL, "lineage_id" bigint NULL, FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE );

-- table failed_transactions on failed_transactions
CREATE TABLE "failed_transactions" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "invoice_id" varchar(255) NOT NULL, "org_id" bigint NULL, "user_id" bigint NULL, "amount_minor" bigint NOT NULL, "currency" varchar(3) NOT NULL, "reason" text NULL, "created_at" bigint NOT NULL, "resolved_at" bigint NULL );

-- table follow_ups on follow_ups
CREATE TABLE "follow_ups" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "owner_id" bigint NOT NULL, "contact" varchar(64) NULL, "title" varchar(240) NOT NULL, "notes" text NOT NULL, "due_at" bigint NOT NULL, "due_local" varchar(16) NOT NULL, "time_zone" varchar(64) NOT NULL, "priority" varchar(10) NOT NULL, "amount" varchar(32) NULL, "recurrence" varchar(10) NOT NULL, "completed_at" bigint NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL );

-- table funnels on funnels
CREATE TABLE "funnels" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "owner_id" bigint NOT NULL, "name" varchar(120) NOT NULL, "stages" text NOT NULL, "shared" boolean NOT NULL DEFAULT FALSE, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL );

-- table integrations on integrations
CREATE TABLE "integrations" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "provider" varchar(20) NOT NULL, "user_id" bigint NULL, "org_id" bigint NULL, "status" varchar(20) NOT NULL, "settings" text NOT NULL, "secret" text NULL, "expires_at" bigint NULL, "refreshing_until" bigint NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "sync_status" varchar(20) NULL, "last_sync_at" bigint NULL, "sync_error" text NULL, FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE, FOREIGN KEY ("org_id") REFERENCES "organisations" ("id") ON DELETE CASCADE );

-- table kb_conversations on kb_conversations
CREATE TABLE "kb_conversations" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "user_id" bigint NOT NULL, "title" varchar(200) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL );

-- table kb_documents on kb_documents
CREATE TABLE "kb_documents" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "name" varchar(255) NOT NULL, "size_bytes" bigint NOT NULL, "pages" integer NOT NULL, "storage_key" varchar(255) NOT NULL, "uploaded_by" bigint NOT NULL, "created_at" bigint NOT NULL , "state" varchar(10) NOT NULL DEFAULT 'ready');

-- table kb_messages on kb_messages
CREATE TABLE "kb_messages" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "conversation_id" bigint NOT NULL, "role" varchar(10) NOT NULL, "text" text NOT NULL, "status" varchar(20) NOT NULL, "citations" text NOT NULL, "created_at" bigint NOT NULL );

-- table kb_passages on kb_passages
CREATE TABLE "kb_passages" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "document_id" bigint NOT NULL, "org_id" bigint NOT NULL, "page" integer NOT NULL, "text" text NOT NULL, "length" integer NOT NULL );

-- table kb_stats on kb_stats
CREATE TABLE "kb_stats" ( "org_id" bigint NOT NULL PRIMARY KEY, "passages" bigint NOT NULL, "total_length" bigint NOT NULL );

-- table kb_terms on kb_terms
CREATE TABLE "kb_terms" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "term" varchar(64) NOT NULL, "passage_id" bigint NOT NULL, "tf" integer NOT NULL );

-- table kb_unanswered on kb_unanswered
CREATE TABLE "kb_unanswered" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "question" text NOT NULL, "asked_by" bigint NOT NULL, "at" bigint NOT NULL );

-- table lead_assignments on lead_assignments
CREATE TABLE "lead_assignments" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "lead_id" bigint NOT NULL, "member_id" bigint NOT NULL, "at" bigint NOT NULL, "reason" text NOT NULL, "crm_written" boolean NOT NULL );

-- table leads on leads
CREATE TABLE "leads" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "user_id" bigint NOT NULL UNIQUE, "email" varchar(254) NULL, "region" varchar(20) NOT NULL, "stage" varchar(30) NOT NULL, "member_id" bigint NULL, "assigned_at" bigint NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL );

-- table login_codes on login_codes
CREATE TABLE "login_codes" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "email" varchar(320) NOT NULL, "code_hash" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "attempts" integer NOT NULL DEFAULT 0, "used_at" bigint NULL );

-- table manage_labels on manage_labels
CREATE TABLE "manage_labels" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "owner_id" bigint NOT NULL, "parent_id" bigint NULL, "name" varchar(120) NOT NULL, "color" varchar(7) NOT NULL, "shared" boolean NOT NULL DEFAULT FALSE, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL );

-- table memberships on memberships
CREATE TABLE "memberships" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "user_id" bigint NOT NULL, "role_id" smallint NOT NULL DEFAULT 3, "team_id" bigint NULL, "is_default_org" boolean NOT NULL DEFAULT FALSE, "user_status" smallint NOT NULL DEFAULT 2, "syncing_active" boolean NOT NULL DEFAULT FALSE, "invitation_status" varchar(16) NOT NULL DEFAULT 'pending', "employee_code" varchar(64) NULL, "joined_at" bigint NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "address" varchar(500) NULL, "invited_by" bigint NULL, "invitation_sent_at" bigint NULL, FOREIGN KEY ("org_id") REFERENCES "organisations" ("id") ON DELETE CASCADE, FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE, FOREIGN KEY ("team_id") REFERENCES "teams" ("id") ON DELETE SET NULL );

-- table message_events on message_events
CREATE TABLE "message_events" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "event_id" varchar(128) NOT NULL, "user_id" bigint NOT NULL, "chat_id" varchar(255) NOT NULL, "direction" smallint NOT NULL, "message" text NULL, "file" text NULL, "file_name" varchar(500) NULL, "ack" integer NULL, "occurred_at" bigint NOT NULL, "date_text" varchar(64) NULL, "sent_by_id" varchar(255) NULL, "channel_name" varchar(255) NULL, "channel_id" varchar(255) NULL, "sent_by_number" varchar(64) NULL, "sent_by_user_id" varchar(255) NULL, "sender_name" varchar(255) NULL, "received_at" bigint NOT NULL, FOREIGN KEY ("org_id") REFERENCES "organisations" ("id") ON DELETE CASCADE );

-- table oauth_states on oauth_states
CREATE TABLE "oauth_states" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "state_hash" varchar(64) NOT NULL UNIQUE, "provider" varchar(20) NOT NULL, "user_id" bigint NOT NULL, "pkce_verifier" text NULL, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "used_at" bigint NULL, FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE );

-- table operator_admins on operator_admins
CREATE TABLE "operator_admins" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "email" varchar(254) NOT NULL UNIQUE, "password_hash" varchar(255) NOT NULL, "created_at" bigint NOT NULL, "disabled_at" bigint NULL );

-- table org_audit on org_audit
CREATE TABLE "org_audit" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "actor_id" bigint NULL, "at" bigint NOT NULL, "action" varchar(60) NOT NULL, "target_user_id" bigint NULL, "detail" text NOT NULL );

-- table organisations on organisations
CREATE TABLE "organisations" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "name" varchar(200) NOT NULL, "organization_code" varchar(32) NOT NULL UNIQUE, "logo_url" varchar(2048) NULL, "time_zone" varchar(64) NOT NULL DEFAULT 'Asia/Kolkata', "plan_id" integer NOT NULL DEFAULT 1, "is_trial" boolean NOT NULL DEFAULT FALSE, "validity" bigint NULL, "seat_issued" integer NOT NULL DEFAULT 0, "knowledge_base_enabled" boolean NOT NULL DEFAULT FALSE, "created_by" bigint NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "dunning_since" bigint NULL, "ai_addon" boolean NOT NULL DEFAULT FALSE, "team_tools_editors" varchar(24) NOT NULL DEFAULT 'admins', FOREIGN KEY ("created_by") REFERENCES "users" ("id") ON DELETE SET NULL );

-- table plans on plans
CREATE TABLE "plans" ( "id" bigint NOT NULL PRIMARY KEY, "plan_name" varchar(60) NOT NULL, "plan_type" varchar(10) NOT NULL, "is_monthly" boolean NOT NULL, "amount_minor" bigint NOT NULL, "offerings" text NOT NULL, "sort" integer NOT NULL );

-- table quick_replies on quick_replies
CREATE TABLE "quick_replies" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "owner_id" bigint NOT NULL, "team_id" bigint NULL, "name" varchar(120) NOT NULL, "message" text NOT NULL, "sent_count" bigint NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "attachment_key" varchar(255) NULL, "attachment_name" varchar(255) NULL, "attachment_type" varchar(120) NULL, "attachment_size" bigint NULL );

-- table schedule_sends on schedule_sends
CREATE TABLE "schedule_sends" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "schedule_id" bigint NOT NULL, "owner_id" bigint NOT NULL, "occurrence" integer NOT NULL, "due_at" bigint NOT NULL, "status" varchar(10) NOT NULL, "lease_until" bigint NULL, "claim_token" varchar(64) NULL, "late" boolean NOT NULL DEFAULT FALSE, "error" varchar(500) NULL, "finished_at" bigint NULL );

-- table schedules on schedules
CREATE TABLE "schedules" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "owner_id" bigint NOT NULL, "recipient" varchar(32) NOT NULL, "message" text NOT NULL, "start_local" varchar(16) NOT NULL, "time_zone" varchar(64) NOT NULL, "every" integer NULL, "unit" varchar(10) NULL, "stop_after" integer NULL, "missed_policy" varchar(10) NOT NULL, "cancel_if_replied" boolean NOT NULL DEFAULT FALSE, "status" varchar(10) NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "attachment_key" varchar(255) NULL, "attachment_name" varchar(255) NULL, "attachment_type" varchar(120) NULL, "attachment_size" bigint NULL );

-- table sessions on sessions
CREATE TABLE "sessions" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "token_hash" varchar(64) NOT NULL UNIQUE, "user_id" bigint NOT NULL, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "last_seen_at" bigint NOT NULL, "revoked_at" bigint NULL, FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE );

-- table stored_files on stored_files
CREATE TABLE "stored_files" ( "key" varchar(255) NOT NULL PRIMARY KEY, "user_id" bigint NOT NULL, "org_id" bigint NOT NULL, "size" bigint NOT NULL, "created_at" bigint NOT NULL );

-- table subscriptions on subscriptions
CREATE TABLE "subscriptions" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "provider_id" varchar(255) NOT NULL UNIQUE, "customer_id" varchar(255) NULL, "item_id" varchar(255) NULL, "org_id" bigint NULL, "user_id" bigint NULL, "plan_id" bigint NOT NULL, "status" varchar(30) NOT NULL, "currency" varchar(3) NOT NULL, "unit_amount_minor" bigint NOT NULL, "billing_interval" varchar(10) NOT NULL, "seats" integer NOT NULL, "pending_seats" integer NULL, "period_start" bigint NULL, "period_end" bigint NULL, "cancel_at_period_end" boolean NOT NULL, "event_at" bigint NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL );

-- table sync_attempts on sync_attempts
CREATE TABLE "sync_attempts" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "job_id" bigint NOT NULL, "org_id" bigint NOT NULL, "integration_id" bigint NOT NULL, "attempt" integer NOT NULL, "status_code" integer NULL, "latency_ms" bigint NOT NULL, "ok" boolean NOT NULL, "error" text NULL, "at" bigint NOT NULL, FOREIGN KEY ("job_id") REFERENCES "sync_jobs" ("id") ON DELETE CASCADE );

-- table sync_jobs on sync_jobs
CREATE TABLE "sync_jobs" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "kind" varchar(20) NOT NULL, "integration_id" bigint NOT NULL, "event_id" varchar(128) NOT NULL, "delivery_id" varchar(64) NOT NULL UNIQUE, "payload" text NOT NULL, "status" varchar(12) NOT NULL, "attempts" integer NOT NULL, "max_attempts" integer NOT NULL, "next_attempt_at" bigint NOT NULL, "locked_by" varchar(64) NULL, "locked_until" bigint NULL, "last_error" text NULL, "last_status_code" integer NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "done_at" bigint NULL, FOREIGN KEY ("org_id") REFERENCES "organisations" ("id") ON DELETE CASCADE );

-- table teams on teams
CREATE TABLE "teams" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "team_name" varchar(100) NOT NULL, "team_color" integer NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, FOREIGN KEY ("org_id") REFERENCES "organisations" ("id") ON DELETE CASCADE );

-- table usage_events on usage_events
CREATE TABLE "usage_events" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "kind" smallint NOT NULL, "event_id" varchar(128) NOT NULL, "user_id" bigint NOT NULL, "occurred_at" bigint NOT NULL, "received_at" bigint NOT NULL, FOREIGN KEY ("org_id") REFERENCES "organisations" ("id") ON DELETE CASCADE );

-- table user_preferences on user_preferences
CREATE TABLE "user_preferences" ( "id" bigint NOT NULL PRIMARY KEY, "notifications_enabled" boolean NOT NULL DEFAULT TRUE, "notification_sound" boolean NOT NULL DEFAULT TRUE );

-- table user_properties on user_properties
CREATE TABLE "user_properties" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "org_id" bigint NOT NULL, "name" varchar(120) NOT NULL, "kind" varchar(10) NOT NULL, "options" text NOT NULL, "created_by" bigint NOT NULL, "created_at" bigint NOT NULL );

-- table users on users
CREATE TABLE "users" ( "id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "email" varchar(320) NULL UNIQUE, "name" varchar(200) NULL, "mobile" varchar(32) NULL, "profile_pic" varchar(2048) NULL, "preferred_language" varchar(8) NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL , "plan_id" bigint NOT NULL DEFAULT 1, "plan_is_trial" boolean NOT NULL DEFAULT FALSE, "plan_validity" bigint NULL, "ai_addon" boolean NOT NULL DEFAULT FALSE);


-- rows of addons
1, 'calls', 20000, 500, 15400, 385
2, 'whatsapp', 40000, 1000, 30800, 770
3, 'ai_reply', 28000, 700, 20000, 500

-- rows of currency_localisations
'INR', 40000000, 1000

-- rows of plans
1, 'Free', 'self', 1, 0, '["labels_5","quick_replies_5","signature"]', 1
10, 'Teams', 'teams', 1, 1200, '["everything_in_pro_plus","team_inbox","team_dashboards","shared_labels","admin_controls"]', 6
11, 'Teams', 'teams', 0, 924, '["everything_in_pro_plus","team_inbox","team_dashboards","shared_labels","admin_controls"]', 7
3, 'Personal Pro', 'self', 1, 500, '["labels_unlimited","quick_replies_unlimited","no_signature","scheduler"]', 2
7, 'Personal Pro', 'self', 0, 385, '["labels_unlimited","quick_replies_unlimited","no_signature","scheduler"]', 3
8, 'Pro Plus', 'self', 1, 900, '["labels_unlimited","quick_replies_unlimited","no_signature","scheduler","crm_sync","ai_replies"]', 4
9, 'Pro Plus', 'self', 0, 693, '["labels_unlimited","quick_replies_unlimited","no_signature","scheduler","crm_sync","ai_replies"]', 5
