-- columns: table.column type null default identity
addons.id bigint null=NO default=NULL identity=NO
addons.key character varying(30) null=NO default=NULL identity=NO
addons.inr_minor bigint null=NO default=NULL identity=NO
addons.usd_minor bigint null=NO default=NULL identity=NO
addons.annual_inr_minor bigint null=NO default=NULL identity=NO
addons.annual_usd_minor bigint null=NO default=NULL identity=NO
admin_audit.id bigint null=NO default=nextval('admin_audit_id_seq'::regclass) identity=NO
admin_audit.admin_id bigint null=NO default=NULL identity=NO
admin_audit.at bigint null=NO default=NULL identity=NO
admin_audit.action character varying(60) null=NO default=NULL identity=NO
admin_audit.target character varying(120) null=NO default=NULL identity=NO
admin_audit.reason text null=YES default=NULL identity=NO
admin_audit.detail text null=NO default=NULL identity=NO
admin_login_attempts.id bigint null=NO default=nextval('admin_login_attempts_id_seq'::regclass) identity=NO
admin_login_attempts.email character varying(254) null=NO default=NULL identity=NO
admin_login_attempts.client character varying(64) null=NO default=NULL identity=NO
admin_login_attempts.ok boolean null=NO default=NULL identity=NO
admin_login_attempts.at bigint null=NO default=NULL identity=NO
admin_sessions.id bigint null=NO default=nextval('admin_sessions_id_seq'::regclass) identity=NO
admin_sessions.token_hash character varying(64) null=NO default=NULL identity=NO
admin_sessions.admin_id bigint null=NO default=NULL identity=NO
admin_sessions.created_at bigint null=NO default=NULL identity=NO
admin_sessions.expires_at bigint null=NO default=NULL identity=NO
admin_sessions.revoked_at bigint null=YES default=NULL identity=NO
ai_reply_usage.id bigint null=NO default=nextval('ai_reply_usage_id_seq'::regclass) identity=NO
ai_reply_usage.user_id bigint null=NO default=NULL identity=NO
ai_reply_usage.day character varying(10) null=NO default=NULL identity=NO
ai_reply_usage.used integer null=NO default=NULL identity=NO
assignment_members.id bigint null=NO default=nextval('assignment_members_id_seq'::regclass) identity=NO
assignment_members.owner_id character varying(64) null=NO default=NULL identity=NO
assignment_members.name character varying(200) null=NO default=NULL identity=NO
assignment_members.target_hundredths integer null=NO default=NULL identity=NO
assignment_members.region character varying(20) null=NO default=NULL identity=NO
assignment_members.stages text null=NO default=NULL identity=NO
assignment_members.paused boolean null=NO default=NULL identity=NO
assignment_members.credit bigint null=NO default=NULL identity=NO
assignment_members.created_at bigint null=NO default=NULL identity=NO
assignment_members.updated_at bigint null=NO default=NULL identity=NO
billing_checkouts.id bigint null=NO default=nextval('billing_checkouts_id_seq'::regclass) identity=NO
billing_checkouts.idempotency_key character varying(100) null=NO default=NULL identity=NO
billing_checkouts.org_id bigint null=YES default=NULL identity=NO
billing_checkouts.user_id bigint null=YES default=NULL identity=NO
billing_checkouts.plan_id bigint null=NO default=NULL identity=NO
billing_checkouts.seats integer null=NO default=NULL identity=NO
billing_checkouts.currency character varying(3) null=NO default=NULL identity=NO
billing_checkouts.session_id character varying(255) null=YES default=NULL identity=NO
billing_checkouts.url text null=YES default=NULL identity=NO
billing_checkouts.status character varying(20) null=NO default=NULL identity=NO
billing_checkouts.created_at bigint null=NO default=NULL identity=NO
billing_events.event_id character varying(255) null=NO default=NULL identity=NO
billing_events.kind character varying(80) null=NO default=NULL identity=NO
billing_events.received_at bigint null=NO default=NULL identity=NO
billing_history.id bigint null=NO default=nextval('billing_history_id_seq'::regclass) identity=NO
billing_history.org_id bigint null=YES default=NULL identity=NO
billing_history.user_id bigint null=YES default=NULL identity=NO
billing_history.at bigint null=NO default=NULL identity=NO
billing_history.kind character varying(40) null=NO default=NULL identity=NO
billing_history.detail text null=NO default=NULL identity=NO
billing_invoices.id bigint null=NO default=nextval('billing_invoices_id_seq'::regclass) identity=NO
billing_invoices.provider_id character varying(255) null=NO default=NULL identity=NO
billing_invoices.org_id bigint null=YES default=NULL identity=NO
billing_invoices.user_id bigint null=YES default=NULL identity=NO
billing_invoices.amount_minor bigint null=NO default=NULL identity=NO
billing_invoices.currency character varying(3) null=NO default=NULL identity=NO
billing_invoices.status character varying(20) null=NO default=NULL identity=NO
billing_invoices.hosted_url text null=YES default=NULL identity=NO
billing_invoices.created_at bigint null=NO default=NULL identity=NO
call_chat_sets.org_id bigint null=NO default=NULL identity=NO
call_chat_sets.user_id bigint null=NO default=NULL identity=NO
call_chat_sets.day bigint null=NO default=NULL identity=NO
call_chat_sets.chats bytea null=NO default=NULL identity=NO
call_day_rollups.org_id bigint null=NO default=NULL identity=NO
call_day_rollups.time_kind smallint null=NO default=NULL identity=NO
call_day_rollups.user_id bigint null=NO default=NULL identity=NO
call_day_rollups.day bigint null=NO default=NULL identity=NO
call_day_rollups.direction smallint null=NO default=NULL identity=NO
call_day_rollups.calls bigint null=NO default=NULL identity=NO
call_day_rollups.duration_s bigint null=NO default=NULL identity=NO
call_events.id bigint null=NO default=nextval('call_events_id_seq'::regclass) identity=NO
call_events.org_id bigint null=NO default=NULL identity=NO
call_events.event_id character varying(128) null=NO default=NULL identity=NO
call_events.user_id bigint null=NO default=NULL identity=NO
call_events.chat_id character varying(255) null=NO default=NULL identity=NO
call_events.direction smallint null=NO default=NULL identity=NO
call_events.duration_s bigint null=NO default=NULL identity=NO
call_events.occurred_at bigint null=NO default=NULL identity=NO
call_events.created_at bigint null=NO default=NULL identity=NO
call_events.updated_at bigint null=NO default=NULL identity=NO
call_events.received_at bigint null=NO default=NULL identity=NO
call_org_slot_rollups.org_id bigint null=NO default=NULL identity=NO
call_org_slot_rollups.time_kind smallint null=NO default=NULL identity=NO
call_org_slot_rollups.slot bigint null=NO default=NULL identity=NO
call_org_slot_rollups.direction smallint null=NO default=NULL identity=NO
call_org_slot_rollups.calls bigint null=NO default=NULL identity=NO
call_org_slot_rollups.duration_s bigint null=NO default=NULL identity=NO
call_rollup_users.org_id bigint null=NO default=NULL identity=NO
call_rollup_users.user_id bigint null=NO default=NULL identity=NO
call_slot_rollups.org_id bigint null=NO default=NULL identity=NO
call_slot_rollups.time_kind smallint null=NO default=NULL identity=NO
call_slot_rollups.user_id bigint null=NO default=NULL identity=NO
call_slot_rollups.slot bigint null=NO default=NULL identity=NO
call_slot_rollups.direction smallint null=NO default=NULL identity=NO
call_slot_rollups.calls bigint null=NO default=NULL identity=NO
call_slot_rollups.duration_s bigint null=NO default=NULL identity=NO
chat_keys.id bigint null=NO default=nextval('chat_keys_id_seq'::regclass) identity=NO
chat_keys.org_id bigint null=NO default=NULL identity=NO
chat_keys.chat_id text null=NO default=NULL identity=NO
chat_notes.id bigint null=NO default=nextval('chat_notes_id_seq'::regclass) identity=NO
chat_notes.org_id bigint null=NO default=NULL identity=NO
chat_notes.owner_id bigint null=NO default=NULL identity=NO
chat_notes.contact character varying(64) null=NO default=NULL identity=NO
chat_notes.kind character varying(4) null=NO default=NULL identity=NO
chat_notes.title character varying(240) null=NO default=NULL identity=NO
chat_notes.body text null=NO default=NULL identity=NO
chat_notes.created_at bigint null=NO default=NULL identity=NO
chat_notes.updated_at bigint null=NO default=NULL identity=NO
contact_property_values.id bigint null=NO default=nextval('contact_property_values_id_seq'::regclass) identity=NO
contact_property_values.org_id bigint null=NO default=NULL identity=NO
contact_property_values.property_id bigint null=NO default=NULL identity=NO
contact_property_values.contact character varying(64) null=NO default=NULL identity=NO
contact_property_values.value text null=NO default=NULL identity=NO
contact_property_values.updated_by bigint null=NO default=NULL identity=NO
contact_property_values.updated_at bigint null=NO default=NULL identity=NO
contact_tags.id bigint null=NO default=nextval('contact_tags_id_seq'::regclass) identity=NO
contact_tags.org_id bigint null=NO default=NULL identity=NO
contact_tags.owner_id bigint null=NO default=NULL identity=NO
contact_tags.contact character varying(64) null=NO default=NULL identity=NO
contact_tags.tags text null=NO default=NULL identity=NO
contact_tags.updated_at bigint null=NO default=NULL identity=NO
crm_label_rules.org_id bigint null=NO default=NULL identity=NO
crm_label_rules.user_id bigint null=NO default=NULL identity=NO
crm_label_rules.crm_name character varying(20) null=NO default=NULL identity=NO
crm_label_rules.included_labels text null=NO default=NULL identity=NO
crm_label_rules.excluded_labels text null=NO default=NULL identity=NO
crm_label_rules.updated_at bigint null=NO default=NULL identity=NO
currency_localisations.currency character varying(3) null=NO default=NULL identity=NO
currency_localisations.factor_micro bigint null=NO default=NULL identity=NO
currency_localisations.planid_constant bigint null=NO default=NULL identity=NO
dev_mailbox.id bigint null=NO default=nextval('dev_mailbox_id_seq'::regclass) identity=NO
dev_mailbox.recipient character varying(320) null=NO default=NULL identity=NO
dev_mailbox.subject character varying(300) null=NO default=NULL identity=NO
dev_mailbox.body text null=NO default=NULL identity=NO
dev_mailbox.created_at bigint null=NO default=NULL identity=NO
dev_mailbox.html text null=YES default=NULL identity=NO
exchange_rates.base character varying(3) null=NO default=NULL identity=NO
exchange_rates.rates text null=NO default=NULL identity=NO
exchange_rates.fetched_at bigint null=NO default=NULL identity=NO
extension_tokens.id bigint null=NO default=nextval('extension_tokens_id_seq'::regclass) identity=NO
extension_tokens.token_hash character varying(64) null=NO default=NULL identity=NO
extension_tokens.user_id bigint null=NO default=NULL identity=NO
extension_tokens.name character varying(80) null=NO default=NULL identity=NO
extension_tokens.created_at bigint null=NO default=NULL identity=NO
extension_tokens.expires_at bigint null=NO default=NULL identity=NO
extension_tokens.last_used_at bigint null=YES default=NULL identity=NO
extension_tokens.revoked_at bigint null=YES default=NULL identity=NO
extension_tokens.renewed_at bigint null=YES default=NULL identity=NO
extension_tokens.lineage_id bigint null=YES default=NULL identity=NO
failed_transactions.id bigint null=NO default=nextval('failed_transactions_id_seq'::regclass) identity=NO
failed_transactions.invoice_id character varying(255) null=NO default=NULL identity=NO
failed_transactions.org_id bigint null=YES default=NULL identity=NO
failed_transactions.user_id bigint null=YES default=NULL identity=NO
failed_transactions.amount_minor bigint null=NO default=NULL identity=NO
failed_transactions.currency character varying(3) null=NO default=NULL identity=NO
failed_transactions.reason text null=YES default=NULL identity=NO
failed_transactions.created_at bigint null=NO default=NULL identity=NO
failed_transactions.resolved_at bigint null=YES default=NULL identity=NO
follow_ups.id bigint null=NO default=nextval('follow_ups_id_seq'::regclass) identity=NO
follow_ups.org_id bigint null=NO default=NULL identity=NO
follow_ups.owner_id bigint null=NO default=NULL identity=NO
follow_ups.contact character varying(64) null=YES default=NULL identity=NO
follow_ups.title character varying(240) null=NO default=NULL identity=NO
follow_ups.notes text null=NO default=NULL identity=NO
follow_ups.due_at bigint null=NO default=NULL identity=NO
follow_ups.due_local character varying(16) null=NO default=NULL identity=NO
follow_ups.time_zone character varying(64) null=NO default=NULL identity=NO
follow_ups.priority character varying(10) null=NO default=NULL identity=NO
follow_ups.amount character varying(32) null=YES default=NULL identity=NO
follow_ups.recurrence character varying(10) null=NO default=NULL identity=NO
follow_ups.completed_at bigint null=YES default=NULL identity=NO
follow_ups.created_at bigint null=NO default=NULL identity=NO
follow_ups.updated_at bigint null=NO default=NULL identity=NO
funnels.id bigint null=NO default=nextval('funnels_id_seq'::regclass) identity=NO
funnels.org_id bigint null=NO default=NULL identity=NO
funnels.owner_id bigint null=NO default=NULL identity=NO
funnels.name character varying(120) null=NO default=NULL identity=NO
funnels.stages text null=NO default=NULL identity=NO
funnels.shared boolean null=NO default=false identity=NO
funnels.created_at bigint null=NO default=NULL identity=NO
funnels.updated_at bigint null=NO default=NULL identity=NO
integrations.id bigint null=NO default=nextval('integrations_id_seq'::regclass) identity=NO
integrations.provider character varying(20) null=NO default=NULL identity=NO
integrations.user_id bigint null=YES default=NULL identity=NO
integrations.org_id bigint null=YES default=NULL identity=NO
integrations.status character varying(20) null=NO default=NULL identity=NO
integrations.settings text null=NO default=NULL identity=NO
integrations.secret text null=YES default=NULL identity=NO
integrations.expires_at bigint null=YES default=NULL identity=NO
integrations.refreshing_until bigint null=YES default=NULL identity=NO
integrations.created_at bigint null=NO default=NULL identity=NO
integrations.updated_at bigint null=NO default=NULL identity=NO
integrations.sync_status character varying(20) null=YES default=NULL identity=NO
integrations.last_sync_at bigint null=YES default=NULL identity=NO
integrations.sync_error text null=YES default=NULL identity=NO
kb_conversations.id bigint null=NO default=nextval('kb_conversations_id_seq'::regclass) identity=NO
kb_conversations.org_id bigint null=NO default=NULL identity=NO
kb_conversations.user_id bigint null=NO default=NULL identity=NO
kb_conversations.title character varying(200) null=NO default=NULL identity=NO
kb_conversations.created_at bigint null=NO default=NULL identity=NO
kb_conversations.updated_at bigint null=NO default=NULL identity=NO
kb_documents.id bigint null=NO default=nextval('kb_documents_id_seq'::regclass) identity=NO
kb_documents.org_id bigint null=NO default=NULL identity=NO
kb_documents.name character varying(255) null=NO default=NULL identity=NO
kb_documents.size_bytes bigint null=NO default=NULL identity=NO
kb_documents.pages integer null=NO default=NULL identity=NO
kb_documents.storage_key character varying(255) null=NO default=NULL identity=NO
kb_documents.uploaded_by bigint null=NO default=NULL identity=NO
kb_documents.created_at bigint null=NO default=NULL identity=NO
kb_documents.state character varying(10) null=NO default='ready'::character varying identity=NO
kb_messages.id bigint null=NO default=nextval('kb_messages_id_seq'::regclass) identity=NO
kb_messages.conversation_id bigint null=NO default=NULL identity=NO
kb_messages.role character varying(10) null=NO default=NULL identity=NO
kb_messages.text text null=NO default=NULL identity=NO
kb_messages.status character varying(20) null=NO default=NULL identity=NO
kb_messages.citations text null=NO default=NULL identity=NO
kb_messages.created_at bigint null=NO default=NULL identity=NO
kb_passages.id bigint null=NO default=nextval('kb_passages_id_seq'::regclass) identity=NO
kb_passages.document_id bigint null=NO default=NULL identity=NO
kb_passages.org_id bigint null=NO default=NULL identity=NO
kb_passages.page integer null=NO default=NULL identity=NO
kb_passages.text text null=NO default=NULL identity=NO
kb_passages.length integer null=NO default=NULL identity=NO
kb_stats.org_id bigint null=NO default=NULL identity=NO
kb_stats.passages bigint null=NO default=NULL identity=NO
kb_stats.total_length bigint null=NO default=NULL identity=NO
kb_terms.id bigint null=NO default=nextval('kb_terms_id_seq'::regclass) identity=NO
kb_terms.org_id bigint null=NO default=NULL identity=NO
kb_terms.term character varying(64) null=NO default=NULL identity=NO
kb_terms.passage_id bigint null=NO default=NULL identity=NO
kb_terms.tf integer null=NO default=NULL identity=NO
kb_unanswered.id bigint null=NO default=nextval('kb_unanswered_id_seq'::regclass) identity=NO
kb_unanswered.org_id bigint null=NO default=NULL identity=NO
kb_unanswered.question text null=NO default=NULL identity=NO
kb_unanswered.asked_by bigint null=NO default=NULL identity=NO
kb_unanswered.at bigint null=NO default=NULL identity=NO
lead_assignments.id bigint null=NO default=nextval('lead_assignments_id_seq'::regclass) identity=NO
lead_assignments.lead_id bigint null=NO default=NULL identity=NO
lead_assignments.member_id bigint null=NO default=NULL identity=NO
lead_assignments.at bigint null=NO default=NULL identity=NO
lead_assignments.reason text null=NO default=NULL identity=NO
lead_assignments.crm_written boolean null=NO default=NULL identity=NO
leads.id bigint null=NO default=nextval('leads_id_seq'::regclass) identity=NO
leads.user_id bigint null=NO default=NULL identity=NO
leads.email character varying(254) null=YES default=NULL identity=NO
leads.region character varying(20) null=NO default=NULL identity=NO
leads.stage character varying(30) null=NO default=NULL identity=NO
leads.member_id bigint null=YES default=NULL identity=NO
leads.assigned_at bigint null=YES default=NULL identity=NO
leads.created_at bigint null=NO default=NULL identity=NO
leads.updated_at bigint null=NO default=NULL identity=NO
login_codes.id bigint null=NO default=nextval('login_codes_id_seq'::regclass) identity=NO
login_codes.email character varying(320) null=NO default=NULL identity=NO
login_codes.code_hash character varying(64) null=NO default=NULL identity=NO
login_codes.created_at bigint null=NO default=NULL identity=NO
login_codes.expires_at bigint null=NO default=NULL identity=NO
login_codes.attempts integer null=NO default=0 identity=NO
login_codes.used_at bigint null=YES default=NULL identity=NO
manage_labels.id bigint null=NO default=nextval('manage_labels_id_seq'::regclass) identity=NO
manage_labels.org_id bigint null=NO default=NULL identity=NO
manage_labels.owner_id bigint null=NO default=NULL identity=NO
manage_labels.parent_id bigint null=YES default=NULL identity=NO
manage_labels.name character varying(120) null=NO default=NULL identity=NO
manage_labels.color character varying(7) null=NO default=NULL identity=NO
manage_labels.shared boolean null=NO default=false identity=NO
manage_labels.created_at bigint null=NO default=NULL identity=NO
manage_labels.updated_at bigint null=NO default=NULL identity=NO
memberships.id bigint null=NO default=nextval('memberships_id_seq'::regclass) identity=NO
memberships.org_id bigint null=NO default=NULL identity=NO
memberships.user_id bigint null=NO default=NULL identity=NO
memberships.role_id smallint null=NO default=3 identity=NO
memberships.team_id bigint null=YES default=NULL identity=NO
memberships.is_default_org boolean null=NO default=false identity=NO
memberships.user_status smallint null=NO default=2 identity=NO
memberships.syncing_active boolean null=NO default=false identity=NO
memberships.invitation_status character varying(16) null=NO default='pending'::character varying identity=NO
memberships.employee_code character varying(64) null=YES default=NULL identity=NO
memberships.joined_at bigint null=YES default=NULL identity=NO
memberships.created_at bigint null=NO default=NULL identity=NO
memberships.updated_at bigint null=NO default=NULL identity=NO
memberships.address character varying(500) null=YES default=NULL identity=NO
memberships.invited_by bigint null=YES default=NULL identity=NO
memberships.invitation_sent_at bigint null=YES default=NULL identity=NO
message_events.id bigint null=NO default=nextval('message_events_id_seq'::regclass) identity=NO
message_events.org_id bigint null=NO default=NULL identity=NO
message_events.event_id character varying(128) null=NO default=NULL identity=NO
message_events.user_id bigint null=NO default=NULL identity=NO
message_events.chat_id character varying(255) null=NO default=NULL identity=NO
message_events.direction smallint null=NO default=NULL identity=NO
message_events.message text null=YES default=NULL identity=NO
message_events.file text null=YES default=NULL identity=NO
message_events.file_name character varying(500) null=YES default=NULL identity=NO
message_events.ack integer null=YES default=NULL identity=NO
message_events.occurred_at bigint null=NO default=NULL identity=NO
message_events.date_text character varying(64) null=YES default=NULL identity=NO
message_events.sent_by_id character varying(255) null=YES default=NULL identity=NO
message_events.channel_name character varying(255) null=YES default=NULL identity=NO
message_events.channel_id character varying(255) null=YES default=NULL identity=NO
message_events.sent_by_number character varying(64) null=YES default=NULL identity=NO
message_events.sent_by_user_id character varying(255) null=YES default=NULL identity=NO
message_events.sender_name character varying(255) null=YES default=NULL identity=NO
message_events.received_at bigint null=NO default=NULL identity=NO
oauth_states.id bigint null=NO default=nextval('oauth_states_id_seq'::regclass) identity=NO
oauth_states.state_hash character varying(64) null=NO default=NULL identity=NO
oauth_states.provider character varying(20) null=NO default=NULL identity=NO
oauth_states.user_id bigint null=NO default=NULL identity=NO
oauth_states.pkce_verifier text null=YES default=NULL identity=NO
oauth_states.created_at bigint null=NO default=NULL identity=NO
oauth_states.expires_at bigint null=NO default=NULL identity=NO
oauth_states.used_at bigint null=YES default=NULL identity=NO
operator_admins.id bigint null=NO default=nextval('operator_admins_id_seq'::regclass) identity=NO
operator_admins.email character varying(254) null=NO default=NULL identity=NO
operator_admins.password_hash character varying(255) null=NO default=NULL identity=NO
operator_admins.created_at bigint null=NO default=NULL identity=NO
operator_admins.disabled_at bigint null=YES default=NULL identity=NO
org_audit.id bigint null=NO default=nextval('org_audit_id_seq'::regclass) identity=NO
org_audit.org_id bigint null=NO default=NULL identity=NO
org_audit.actor_id bigint null=YES default=NULL identity=NO
org_audit.at bigint null=NO default=NULL identity=NO
org_audit.action character varying(60) null=NO default=NULL identity=NO
org_audit.target_user_id bigint null=YES default=NULL identity=NO
org_audit.detail text null=NO default=NULL identity=NO
organisations.id bigint null=NO default=nextval('organisations_id_seq'::regclass) identity=NO
organisations.name character varying(200) null=NO default=NULL identity=NO
organisations.organization_code character varying(32) null=NO default=NULL identity=NO
organisations.logo_url character varying(2048) null=YES default=NULL identity=NO
organisations.time_zone character varying(64) null=NO default='Asia/Kolkata'::character varying identity=NO
organisations.plan_id integer null=NO default=1 identity=NO
organisations.is_trial boolean null=NO default=false identity=NO
organisations.validity bigint null=YES default=NULL identity=NO
organisations.seat_issued integer null=NO default=0 identity=NO
organisations.knowledge_base_enabled boolean null=NO default=false identity=NO
organisations.created_by bigint null=YES default=NULL identity=NO
organisations.created_at bigint null=NO default=NULL identity=NO
organisations.updated_at bigint null=NO default=NULL identity=NO
organisations.dunning_since bigint null=YES default=NULL identity=NO
organisations.ai_addon boolean null=NO default=false identity=NO
organisations.team_tools_editors character varying(24) null=NO default='admins'::character varying identity=NO
plans.id bigint null=NO default=NULL identity=NO
plans.plan_name character varying(60) null=NO default=NULL identity=NO
plans.plan_type character varying(10) null=NO default=NULL identity=NO
plans.is_monthly boolean null=NO default=NULL identity=NO
plans.amount_minor bigint null=NO default=NULL identity=NO
plans.offerings text null=NO default=NULL identity=NO
plans.sort integer null=NO default=NULL identity=NO
quick_replies.id bigint null=NO default=nextval('quick_replies_id_seq'::regclass) identity=NO
quick_replies.org_id bigint null=NO default=NULL identity=NO
quick_replies.owner_id bigint null=NO default=NULL identity=NO
quick_replies.team_id bigint null=YES default=NULL identity=NO
quick_replies.name character varying(120) null=NO default=NULL identity=NO
quick_replies.message text null=NO default=NULL identity=NO
quick_replies.sent_count bigint null=NO default=NULL identity=NO
quick_replies.created_at bigint null=NO default=NULL identity=NO
quick_replies.updated_at bigint null=NO default=NULL identity=NO
quick_replies.attachment_key character varying(255) null=YES default=NULL identity=NO
quick_replies.attachment_name character varying(255) null=YES default=NULL identity=NO
quick_replies.attachment_type character varying(120) null=YES default=NULL identity=NO
quick_replies.attachment_size bigint null=YES default=NULL identity=NO
schedule_sends.id bigint null=NO default=nextval('schedule_sends_id_seq'::regclass) identity=NO
schedule_sends.schedule_id bigint null=NO default=NULL identity=NO
schedule_sends.owner_id bigint null=NO default=NULL identity=NO
schedule_sends.occurrence integer null=NO default=NULL identity=NO
schedule_sends.due_at bigint null=NO default=NULL identity=NO
schedule_sends.status character varying(10) null=NO default=NULL identity=NO
schedule_sends.lease_until bigint null=YES default=NULL identity=NO
schedule_sends.claim_token character varying(64) null=YES default=NULL identity=NO
schedule_sends.late boolean null=NO default=false identity=NO
schedule_sends.error character varying(500) null=YES default=NULL identity=NO
schedule_sends.finished_at bigint null=YES default=NULL identity=NO
schedules.id bigint null=NO default=nextval('schedules_id_seq'::regclass) identity=NO
schedules.org_id bigint null=NO default=NULL identity=NO
schedules.owner_id bigint null=NO default=NULL identity=NO
schedules.recipient character varying(32) null=NO default=NULL identity=NO
schedules.message text null=NO default=NULL identity=NO
schedules.start_local character varying(16) null=NO default=NULL identity=NO
schedules.time_zone character varying(64) null=NO default=NULL identity=NO
schedules.every integer null=YES default=NULL identity=NO
schedules.unit character varying(10) null=YES default=NULL identity=NO
schedules.stop_after integer null=YES default=NULL identity=NO
schedules.missed_policy character varying(10) null=NO default=NULL identity=NO
schedules.cancel_if_replied boolean null=NO default=false identity=NO
schedules.status character varying(10) null=NO default=NULL identity=NO
schedules.created_at bigint null=NO default=NULL identity=NO
schedules.updated_at bigint null=NO default=NULL identity=NO
schedules.attachment_key character varying(255) null=YES default=NULL identity=NO
schedules.attachment_name character varying(255) null=YES default=NULL identity=NO
schedules.attachment_type character varying(120) null=YES default=NULL identity=NO
schedules.attachment_size bigint null=YES default=NULL identity=NO
sessions.id bigint null=NO default=nextval('sessions_id_seq'::regclass) identity=NO
sessions.token_hash character varying(64) null=NO default=NULL identity=NO
sessions.user_id bigint null=NO default=NULL identity=NO
sessions.created_at bigint null=NO default=NULL identity=NO
sessions.expires_at bigint null=NO default=NULL identity=NO
sessions.last_seen_at bigint null=NO default=NULL identity=NO
sessions.revoked_at bigint null=YES default=NULL identity=NO
stored_files.key character varying(255) null=NO default=NULL identity=NO
stored_files.user_id bigint null=NO default=NULL identity=NO
stored_files.org_id bigint null=NO default=NULL identity=NO
stored_files.size bigint null=NO default=NULL identity=NO
stored_files.created_at bigint null=NO default=NULL identity=NO
subscriptions.id bigint null=NO default=nextval('subscriptions_id_seq'::regclass) identity=NO
subscriptions.provider_id character varying(255) null=NO default=NULL identity=NO
subscriptions.customer_id character varying(255) null=YES default=NULL identity=NO
subscriptions.item_id character varying(255) null=YES default=NULL identity=NO
subscriptions.org_id bigint null=YES default=NULL identity=NO
subscriptions.user_id bigint null=YES default=NULL identity=NO
subscriptions.plan_id bigint null=NO default=NULL identity=NO
subscriptions.status character varying(30) null=NO default=NULL identity=NO
subscriptions.currency character varying(3) null=NO default=NULL identity=NO
subscriptions.unit_amount_minor bigint null=NO default=NULL identity=NO
subscriptions.billing_interval character varying(10) null=NO default=NULL identity=NO
subscriptions.seats integer null=NO default=NULL identity=NO
subscriptions.pending_seats integer null=YES default=NULL identity=NO
subscriptions.period_start bigint null=YES default=NULL identity=NO
subscriptions.period_end bigint null=YES default=NULL identity=NO
subscriptions.cancel_at_period_end boolean null=NO default=NULL identity=NO
subscriptions.event_at bigint null=NO default=NULL identity=NO
subscriptions.created_at bigint null=NO default=NULL identity=NO
subscriptions.updated_at bigint null=NO default=NULL identity=NO
sync_attempts.id bigint null=NO default=nextval('sync_attempts_id_seq'::regclass) identity=NO
sync_attempts.job_id bigint null=NO default=NULL identity=NO
sync_attempts.org_id bigint null=NO default=NULL identity=NO
sync_attempts.integration_id bigint null=NO default=NULL identity=NO
sync_attempts.attempt integer null=NO default=NULL identity=NO
sync_attempts.status_code integer null=YES default=NULL identity=NO
sync_attempts.latency_ms bigint null=NO default=NULL identity=NO
sync_attempts.ok boolean null=NO default=NULL identity=NO
sync_attempts.error text null=YES default=NULL identity=NO
sync_attempts.at bigint null=NO default=NULL identity=NO
sync_jobs.id bigint null=NO default=nextval('sync_jobs_id_seq'::regclass) identity=NO
sync_jobs.org_id bigint null=NO default=NULL identity=NO
sync_jobs.kind character varying(20) null=NO default=NULL identity=NO
sync_jobs.integration_id bigint null=NO default=NULL identity=NO
sync_jobs.event_id character varying(128) null=NO default=NULL identity=NO
sync_jobs.delivery_id character varying(64) null=NO default=NULL identity=NO
sync_jobs.payload text null=NO default=NULL identity=NO
sync_jobs.status character varying(12) null=NO default=NULL identity=NO
sync_jobs.attempts integer null=NO default=NULL identity=NO
sync_jobs.max_attempts integer null=NO default=NULL identity=NO
sync_jobs.next_attempt_at bigint null=NO default=NULL identity=NO
sync_jobs.locked_by character varying(64) null=YES default=NULL identity=NO
sync_jobs.locked_until bigint null=YES default=NULL identity=NO
sync_jobs.last_error text null=YES default=NULL identity=NO
sync_jobs.last_status_code integer null=YES default=NULL identity=NO
sync_jobs.created_at bigint null=NO default=NULL identity=NO
sync_jobs.updated_at bigint null=NO default=NULL identity=NO
sync_jobs.done_at bigint null=YES default=NULL identity=NO
teams.id bigint null=NO default=nextval('teams_id_seq'::regclass) identity=NO
teams.org_id bigint null=NO default=NULL identity=NO
teams.team_name character varying(100) null=NO default=NULL identity=NO
teams.team_color integer null=YES default=NULL identity=NO
teams.created_at bigint null=NO default=NULL identity=NO
teams.updated_at bigint null=NO default=NULL identity=NO
usage_events.id bigint null=NO default=nextval('usage_events_id_seq'::regclass) identity=NO
usage_events.org_id bigint null=NO default=NULL identity=NO
usage_events.kind smallint null=NO default=NULL identity=NO
usage_events.event_id character varying(128) null=NO default=NULL identity=NO
usage_events.user_id bigint null=NO default=NULL identity=NO
usage_events.occurred_at bigint null=NO default=NULL identity=NO
usage_events.received_at bigint null=NO default=NULL identity=NO
user_preferences.id bigint null=NO default=NULL identity=NO
user_preferences.notifications_enabled boolean null=NO default=true identity=NO
user_preferences.notification_sound boolean null=NO default=true identity=NO
user_properties.id bigint null=NO default=nextval('user_properties_id_seq'::regclass) identity=NO
user_properties.org_id bigint null=NO default=NULL identity=NO
user_properties.name character varying(120) null=NO default=NULL identity=NO
user_properties.kind character varying(10) null=NO default=NULL identity=NO
user_properties.options text null=NO default=NULL identity=NO
user_properties.created_by bigint null=NO default=NULL identity=NO
user_properties.created_at bigint null=NO default=NULL identity=NO
users.id bigint null=NO default=nextval('users_id_seq'::regclass) identity=NO
users.email character varying(320) null=YES default=NULL identity=NO
users.name character varying(200) null=YES default=NULL identity=NO
users.mobile character varying(32) null=YES default=NULL identity=NO
users.profile_pic character varying(2048) null=YES default=NULL identity=NO
users.preferred_language character varying(8) null=YES default=NULL identity=NO
users.created_at bigint null=NO default=NULL identity=NO
users.updated_at bigint null=NO default=NULL identity=NO
users.plan_id bigint null=NO default=1 identity=NO
users.plan_is_trial boolean null=NO default=false identity=NO
users.plan_validity bigint null=YES default=NULL identity=NO
users.ai_addon boolean null=NO default=false identity=NO

-- constraints: table name definition
addons addons_key_key UNIQUE (key)
addons addons_pkey PRIMARY KEY (id)
admin_audit admin_audit_pkey PRIMARY KEY (id)
admin_login_attempts admin_login_attempts_pkey PRIMARY KEY (id)
admin_sessions admin_sessions_pkey PRIMARY KEY (id)
admin_sessions admin_sessions_token_hash_key UNIQUE (token_hash)
ai_reply_usage ai_reply_usage_pkey PRIMARY KEY (id)
assignment_members assignment_members_owner_id_key UNIQUE (owner_id)
assignment_members assignment_members_pkey PRIMARY KEY (id)
billing_checkouts billing_checkouts_idempotency_key_key UNIQUE (idempotency_key)
billing_checkouts billing_checkouts_pkey PRIMARY KEY (id)
billing_events billing_events_pkey PRIMARY KEY (event_id)
billing_history billing_history_pkey PRIMARY KEY (id)
billing_invoices billing_invoices_pkey PRIMARY KEY (id)
billing_invoices billing_invoices_provider_id_key UNIQUE (provider_id)
call_chat_sets call_chat_sets_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
call_chat_sets call_chat_sets_pkey PRIMARY KEY (org_id, user_id, day)
call_day_rollups call_day_rollups_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
call_day_rollups call_day_rollups_pkey PRIMARY KEY (org_id, time_kind, user_id, day, direction)
call_events call_events_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
call_events call_events_pkey PRIMARY KEY (id)
call_org_slot_rollups call_org_slot_rollups_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
call_org_slot_rollups call_org_slot_rollups_pkey PRIMARY KEY (org_id, time_kind, slot, direction)
call_rollup_users call_rollup_users_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
call_rollup_users call_rollup_users_pkey PRIMARY KEY (org_id, user_id)
call_slot_rollups call_slot_rollups_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
call_slot_rollups call_slot_rollups_pkey PRIMARY KEY (org_id, time_kind, user_id, slot, direction)
chat_keys chat_keys_org_id_chat_id_key UNIQUE (org_id, chat_id)
chat_keys chat_keys_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
chat_keys chat_keys_pkey PRIMARY KEY (id)
chat_notes chat_notes_pkey PRIMARY KEY (id)
contact_property_values contact_property_values_pkey PRIMARY KEY (id)
contact_tags contact_tags_pkey PRIMARY KEY (id)
crm_label_rules crm_label_rules_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
crm_label_rules crm_label_rules_pkey PRIMARY KEY (org_id, user_id, crm_name)
currency_localisations currency_localisations_pkey PRIMARY KEY (currency)
dev_mailbox dev_mailbox_pkey PRIMARY KEY (id)
exchange_rates exchange_rates_pkey PRIMARY KEY (base)
extension_tokens extension_tokens_pkey PRIMARY KEY (id)
extension_tokens extension_tokens_token_hash_key UNIQUE (token_hash)
extension_tokens extension_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
failed_transactions failed_transactions_pkey PRIMARY KEY (id)
follow_ups follow_ups_pkey PRIMARY KEY (id)
funnels funnels_pkey PRIMARY KEY (id)
integrations integrations_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
integrations integrations_pkey PRIMARY KEY (id)
integrations integrations_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
kb_conversations kb_conversations_pkey PRIMARY KEY (id)
kb_documents kb_documents_pkey PRIMARY KEY (id)
kb_messages kb_messages_pkey PRIMARY KEY (id)
kb_passages kb_passages_pkey PRIMARY KEY (id)
kb_stats kb_stats_pkey PRIMARY KEY (org_id)
kb_terms kb_terms_pkey PRIMARY KEY (id)
kb_unanswered kb_unanswered_pkey PRIMARY KEY (id)
lead_assignments lead_assignments_pkey PRIMARY KEY (id)
leads leads_pkey PRIMARY KEY (id)
leads leads_user_id_key UNIQUE (user_id)
login_codes login_codes_pkey PRIMARY KEY (id)
manage_labels manage_labels_pkey PRIMARY KEY (id)
memberships memberships_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
memberships memberships_pkey PRIMARY KEY (id)
memberships memberships_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams(id) ON DELETE SET NULL
memberships memberships_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
message_events message_events_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
message_events message_events_pkey PRIMARY KEY (id)
oauth_states oauth_states_pkey PRIMARY KEY (id)
oauth_states oauth_states_state_hash_key UNIQUE (state_hash)
oauth_states oauth_states_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
operator_admins operator_admins_email_key UNIQUE (email)
operator_admins operator_admins_pkey PRIMARY KEY (id)
org_audit org_audit_pkey PRIMARY KEY (id)
organisations organisations_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL
organisations organisations_organization_code_key UNIQUE (organization_code)
organisations organisations_pkey PRIMARY KEY (id)
plans plans_pkey PRIMARY KEY (id)
quick_replies quick_replies_pkey PRIMARY KEY (id)
schedule_sends schedule_sends_pkey PRIMARY KEY (id)
schedules schedules_pkey PRIMARY KEY (id)
sessions sessions_pkey PRIMARY KEY (id)
sessions sessions_token_hash_key UNIQUE (token_hash)
sessions sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
stored_files stored_files_pkey PRIMARY KEY (key)
subscriptions subscriptions_pkey PRIMARY KEY (id)
subscriptions subscriptions_provider_id_key UNIQUE (provider_id)
sync_attempts sync_attempts_job_id_fkey FOREIGN KEY (job_id) REFERENCES sync_jobs(id) ON DELETE CASCADE
sync_attempts sync_attempts_pkey PRIMARY KEY (id)
sync_jobs sync_jobs_delivery_id_key UNIQUE (delivery_id)
sync_jobs sync_jobs_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
sync_jobs sync_jobs_pkey PRIMARY KEY (id)
teams teams_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
teams teams_pkey PRIMARY KEY (id)
usage_events usage_events_org_id_fkey FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
usage_events usage_events_pkey PRIMARY KEY (id)
user_preferences user_preferences_pkey PRIMARY KEY (id)
user_properties user_properties_pkey PRIMARY KEY (id)
users users_email_key UNIQUE (email)
users users_pkey PRIMARY KEY (id)

-- indexes
CREATE UNIQUE INDEX addons_key_key ON public.addons USING btree (key)
CREATE UNIQUE INDEX addons_pkey ON public.addons USING btree (id)
CREATE UNIQUE INDEX admin_audit_pkey ON public.admin_audit USING btree (id)
CREATE INDEX idx_admin_audit_at ON public.admin_audit USING btree (at)
CREATE UNIQUE INDEX admin_login_attempts_pkey ON public.admin_login_attempts USING btree (id)
CREATE INDEX idx_admin_login_attempts_client_at ON public.admin_login_attempts USING btree (client, at)
CREATE INDEX idx_admin_login_attempts_email_at ON public.admin_login_attempts USING btree (email, at)
CREATE UNIQUE INDEX admin_sessions_pkey ON public.admin_sessions USING btree (id)
CREATE UNIQUE INDEX admin_sessions_token_hash_key ON public.admin_sessions USING btree (token_hash)
CREATE INDEX idx_admin_sessions_admin_id ON public.admin_sessions USING btree (admin_id)
CREATE UNIQUE INDEX ai_reply_usage_pkey ON public.ai_reply_usage USING btree (id)
CREATE UNIQUE INDEX idx_ai_reply_usage_user_id_day ON public.ai_reply_usage USING btree (user_id, day)
CREATE UNIQUE INDEX assignment_members_owner_id_key ON public.assignment_members USING btree (owner_id)
CREATE UNIQUE INDEX assignment_members_pkey ON public.assignment_members USING btree (id)
CREATE UNIQUE INDEX billing_checkouts_idempotency_key_key ON public.billing_checkouts USING btree (idempotency_key)
CREATE UNIQUE INDEX billing_checkouts_pkey ON public.billing_checkouts USING btree (id)
CREATE INDEX idx_billing_checkouts_org_id ON public.billing_checkouts USING btree (org_id)
CREATE INDEX idx_billing_checkouts_user_id ON public.billing_checkouts USING btree (user_id)
CREATE UNIQUE INDEX billing_events_pkey ON public.billing_events USING btree (event_id)
CREATE UNIQUE INDEX billing_history_pkey ON public.billing_history USING btree (id)
CREATE INDEX idx_billing_history_org_id ON public.billing_history USING btree (org_id)
CREATE INDEX idx_billing_history_user_id ON public.billing_history USING btree (user_id)
CREATE UNIQUE INDEX billing_invoices_pkey ON public.billing_invoices USING btree (id)
CREATE UNIQUE INDEX billing_invoices_provider_id_key ON public.billing_invoices USING btree (provider_id)
CREATE INDEX idx_billing_invoices_org_id ON public.billing_invoices USING btree (org_id)
CREATE INDEX idx_billing_invoices_user_id ON public.billing_invoices USING btree (user_id)
CREATE UNIQUE INDEX call_chat_sets_pkey ON public.call_chat_sets USING btree (org_id, user_id, day)
CREATE UNIQUE INDEX call_day_rollups_pkey ON public.call_day_rollups USING btree (org_id, time_kind, user_id, day, direction)
CREATE UNIQUE INDEX call_events_pkey ON public.call_events USING btree (id)
CREATE INDEX ix_call_events_org_user_created ON public.call_events USING btree (org_id, user_id, created_at)
CREATE INDEX ix_call_events_org_user_occurred ON public.call_events USING btree (org_id, user_id, occurred_at)
CREATE UNIQUE INDEX ux_call_events_org_event ON public.call_events USING btree (org_id, event_id)
CREATE UNIQUE INDEX call_org_slot_rollups_pkey ON public.call_org_slot_rollups USING btree (org_id, time_kind, slot, direction)
CREATE UNIQUE INDEX call_rollup_users_pkey ON public.call_rollup_users USING btree (org_id, user_id)
CREATE UNIQUE INDEX call_slot_rollups_pkey ON public.call_slot_rollups USING btree (org_id, time_kind, user_id, slot, direction)
CREATE UNIQUE INDEX chat_keys_org_id_chat_id_key ON public.chat_keys USING btree (org_id, chat_id)
CREATE UNIQUE INDEX chat_keys_pkey ON public.chat_keys USING btree (id)
CREATE UNIQUE INDEX chat_notes_pkey ON public.chat_notes USING btree (id)
CREATE INDEX idx_chat_notes_org_id_owner_id_contact ON public.chat_notes USING btree (org_id, owner_id, contact)
CREATE UNIQUE INDEX contact_property_values_pkey ON public.contact_property_values USING btree (id)
CREATE INDEX idx_contact_property_values_org_id_contact ON public.contact_property_values USING btree (org_id, contact)
CREATE UNIQUE INDEX idx_contact_property_values_property_id_contact ON public.contact_property_values USING btree (property_id, contact)
CREATE UNIQUE INDEX contact_tags_pkey ON public.contact_tags USING btree (id)
CREATE UNIQUE INDEX idx_contact_tags_org_id_owner_id_contact ON public.contact_tags USING btree (org_id, owner_id, contact)
CREATE UNIQUE INDEX crm_label_rules_pkey ON public.crm_label_rules USING btree (org_id, user_id, crm_name)
CREATE UNIQUE INDEX currency_localisations_pkey ON public.currency_localisations USING btree (currency)
CREATE UNIQUE INDEX dev_mailbox_pkey ON public.dev_mailbox USING btree (id)
CREATE INDEX idx_dev_mailbox_recipient ON public.dev_mailbox USING btree (recipient)
CREATE UNIQUE INDEX exchange_rates_pkey ON public.exchange_rates USING btree (base)
CREATE UNIQUE INDEX extension_tokens_pkey ON public.extension_tokens USING btree (id)
CREATE UNIQUE INDEX extension_tokens_token_hash_key ON public.extension_tokens USING btree (token_hash)
CREATE INDEX idx_extension_tokens_lineage ON public.extension_tokens USING btree (lineage_id)
CREATE INDEX idx_extension_tokens_user ON public.extension_tokens USING btree (user_id)
CREATE UNIQUE INDEX failed_transactions_pkey ON public.failed_transactions USING btree (id)
CREATE INDEX idx_failed_transactions_org_id ON public.failed_transactions USING btree (org_id)
CREATE INDEX idx_failed_transactions_user_id ON public.failed_transactions USING btree (user_id)
CREATE UNIQUE INDEX follow_ups_pkey ON public.follow_ups USING btree (id)
CREATE INDEX idx_follow_ups_org_id_owner_id_due_at ON public.follow_ups USING btree (org_id, owner_id, due_at)
CREATE UNIQUE INDEX funnels_pkey ON public.funnels USING btree (id)
CREATE INDEX idx_funnels_org_id_owner_id ON public.funnels USING btree (org_id, owner_id)
CREATE UNIQUE INDEX idx_integrations_provider_org ON public.integrations USING btree (provider, org_id)
CREATE UNIQUE INDEX idx_integrations_provider_user ON public.integrations USING btree (provider, user_id)
CREATE UNIQUE INDEX integrations_pkey ON public.integrations USING btree (id)
CREATE INDEX idx_kb_conversations_org_id_user_id ON public.kb_conversations USING btree (org_id, user_id)
CREATE INDEX idx_kb_conversations_user_id ON public.kb_conversations USING btree (user_id)
CREATE UNIQUE INDEX kb_conversations_pkey ON public.kb_conversations USING btree (id)
CREATE INDEX idx_kb_documents_org_id ON public.kb_documents USING btree (org_id)
CREATE UNIQUE INDEX kb_documents_pkey ON public.kb_documents USING btree (id)
CREATE INDEX idx_kb_messages_conversation_id ON public.kb_messages USING btree (conversation_id)
CREATE UNIQUE INDEX kb_messages_pkey ON public.kb_messages USING btree (id)
CREATE INDEX idx_kb_passages_document_id ON public.kb_passages USING btree (document_id)
CREATE INDEX idx_kb_passages_org_id ON public.kb_passages USING btree (org_id)
CREATE UNIQUE INDEX kb_passages_pkey ON public.kb_passages USING btree (id)
CREATE UNIQUE INDEX kb_stats_pkey ON public.kb_stats USING btree (org_id)
CREATE INDEX idx_kb_terms_org_id_term ON public.kb_terms USING btree (org_id, term)
CREATE INDEX idx_kb_terms_passage_id ON public.kb_terms USING btree (passage_id)
CREATE UNIQUE INDEX kb_terms_pkey ON public.kb_terms USING btree (id)
CREATE INDEX idx_kb_unanswered_org_id_at ON public.kb_unanswered USING btree (org_id, at)
CREATE UNIQUE INDEX kb_unanswered_pkey ON public.kb_unanswered USING btree (id)
CREATE INDEX idx_lead_assignments_lead_id ON public.lead_assignments USING btree (lead_id)
CREATE INDEX idx_lead_assignments_member_id_at ON public.lead_assignments USING btree (member_id, at)
CREATE UNIQUE INDEX lead_assignments_pkey ON public.lead_assignments USING btree (id)
CREATE INDEX idx_leads_member_id ON public.leads USING btree (member_id)
CREATE UNIQUE INDEX leads_pkey ON public.leads USING btree (id)
CREATE UNIQUE INDEX leads_user_id_key ON public.leads USING btree (user_id)
CREATE INDEX idx_login_codes_email_created ON public.login_codes USING btree (email, created_at)
CREATE UNIQUE INDEX login_codes_pkey ON public.login_codes USING btree (id)
CREATE INDEX idx_manage_labels_org_id_owner_id ON public.manage_labels USING btree (org_id, owner_id)
CREATE UNIQUE INDEX manage_labels_pkey ON public.manage_labels USING btree (id)
CREATE INDEX idx_memberships_org_team ON public.memberships USING btree (org_id, team_id)
CREATE INDEX idx_memberships_user ON public.memberships USING btree (user_id)
CREATE UNIQUE INDEX memberships_pkey ON public.memberships USING btree (id)
CREATE UNIQUE INDEX uq_memberships_org_user ON public.memberships USING btree (org_id, user_id)
CREATE INDEX ix_message_events_org_user_occurred ON public.message_events USING btree (org_id, user_id, occurred_at)
CREATE UNIQUE INDEX message_events_pkey ON public.message_events USING btree (id)
CREATE UNIQUE INDEX ux_message_events_org_event ON public.message_events USING btree (org_id, event_id)
CREATE UNIQUE INDEX oauth_states_pkey ON public.oauth_states USING btree (id)
CREATE UNIQUE INDEX oauth_states_state_hash_key ON public.oauth_states USING btree (state_hash)
CREATE UNIQUE INDEX operator_admins_email_key ON public.operator_admins USING btree (email)
CREATE UNIQUE INDEX operator_admins_pkey ON public.operator_admins USING btree (id)
CREATE INDEX idx_org_audit_org_id_at ON public.org_audit USING btree (org_id, at)
CREATE INDEX idx_org_audit_target_user_id_action_at ON public.org_audit USING btree (target_user_id, action, at)
CREATE UNIQUE INDEX org_audit_pkey ON public.org_audit USING btree (id)
CREATE UNIQUE INDEX organisations_organization_code_key ON public.organisations USING btree (organization_code)
CREATE UNIQUE INDEX organisations_pkey ON public.organisations USING btree (id)
CREATE UNIQUE INDEX plans_pkey ON public.plans USING btree (id)
CREATE INDEX idx_quick_replies_org_id_owner_id ON public.quick_replies USING btree (org_id, owner_id)
CREATE INDEX idx_quick_replies_org_id_team_id ON public.quick_replies USING btree (org_id, team_id)
CREATE UNIQUE INDEX quick_replies_pkey ON public.quick_replies USING btree (id)
CREATE INDEX idx_schedule_sends_owner_id_status_due_at ON public.schedule_sends USING btree (owner_id, status, due_at)
CREATE UNIQUE INDEX idx_schedule_sends_schedule_id_occurrence ON public.schedule_sends USING btree (schedule_id, occurrence)
CREATE UNIQUE INDEX schedule_sends_pkey ON public.schedule_sends USING btree (id)
CREATE INDEX idx_schedules_org_id_owner_id ON public.schedules USING btree (org_id, owner_id)
CREATE UNIQUE INDEX schedules_pkey ON public.schedules USING btree (id)
CREATE INDEX idx_sessions_user ON public.sessions USING btree (user_id)
CREATE UNIQUE INDEX sessions_pkey ON public.sessions USING btree (id)
CREATE UNIQUE INDEX sessions_token_hash_key ON public.sessions USING btree (token_hash)
CREATE INDEX idx_stored_files_org_id ON public.stored_files USING btree (org_id)
CREATE INDEX idx_stored_files_user_id ON public.stored_files USING btree (user_id)
CREATE UNIQUE INDEX stored_files_pkey ON public.stored_files USING btree (key)
CREATE INDEX idx_subscriptions_org_id ON public.subscriptions USING btree (org_id)
CREATE INDEX idx_subscriptions_user_id ON public.subscriptions USING btree (user_id)
CREATE UNIQUE INDEX subscriptions_pkey ON public.subscriptions USING btree (id)
CREATE UNIQUE INDEX subscriptions_provider_id_key ON public.subscriptions USING btree (provider_id)
CREATE INDEX idx_sync_attempts_job ON public.sync_attempts USING btree (job_id)
CREATE UNIQUE INDEX sync_attempts_pkey ON public.sync_attempts USING btree (id)
CREATE INDEX idx_sync_jobs_due ON public.sync_jobs USING btree (status, next_attempt_at)
CREATE INDEX idx_sync_jobs_org_kind ON public.sync_jobs USING btree (org_id, kind, id)
CREATE UNIQUE INDEX idx_sync_jobs_target_event ON public.sync_jobs USING btree (integration_id, event_id)
CREATE UNIQUE INDEX sync_jobs_delivery_id_key ON public.sync_jobs USING btree (delivery_id)
CREATE UNIQUE INDEX sync_jobs_pkey ON public.sync_jobs USING btree (id)
CREATE UNIQUE INDEX teams_pkey ON public.teams USING btree (id)
CREATE UNIQUE INDEX uq_teams_org_name ON public.teams USING btree (org_id, team_name)
CREATE INDEX ix_usage_events_org_kind_user_time ON public.usage_events USING btree (org_id, kind, user_id, occurred_at)
CREATE UNIQUE INDEX usage_events_pkey ON public.usage_events USING btree (id)
CREATE UNIQUE INDEX ux_usage_events_org_kind_event ON public.usage_events USING btree (org_id, kind, event_id)
CREATE UNIQUE INDEX user_preferences_pkey ON public.user_preferences USING btree (id)
CREATE INDEX idx_user_properties_org_id ON public.user_properties USING btree (org_id)
CREATE UNIQUE INDEX user_properties_pkey ON public.user_properties USING btree (id)
CREATE INDEX idx_users_mobile ON public.users USING btree (mobile)
CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email)
CREATE UNIQUE INDEX users_pkey ON public.users USING btree (id)

-- rows of addons
(1,calls,20000,500,15400,385)
(2,whatsapp,40000,1000,30800,770)
(3,ai_reply,28000,700,20000,500)

-- rows of currency_localisations
(INR,40000000,1000)

-- rows of plans
(1,Free,self,t,0,"[""labels_5"",""quick_replies_5"",""signature""]",1)
(10,Teams,teams,t,1200,"[""everything_in_pro_plus"",""team_inbox"",""team_dashboards"",""shared_labels"",""admin_controls""]",6)
(11,Teams,teams,f,924,"[""everything_in_pro_plus"",""team_inbox"",""team_dashboards"",""shared_labels"",""admin_controls""]",7)
(3,"Personal Pro",self,t,500,"[""labels_unlimited"",""quick_replies_unlimited"",""no_signature"",""scheduler""]",2)
(7,"Personal Pro",self,f,385,"[""labels_unlimited"",""quick_replies_unlimited"",""no_signature"",""scheduler""]",3)
(8,"Pro Plus",self,t,900,"[""labels_unlimited"",""quick_replies_unlimited"",""no_signature"",""scheduler"",""crm_sync"",""ai_replies""]",4)
(9,"Pro Plus",self,f,693,"[""labels_unlimited"",""quick_replies_unlimited"",""no_signature"",""scheduler"",""crm_sync"",""ai_replies""]",5)
