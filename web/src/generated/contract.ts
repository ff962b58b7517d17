// Generated from crates/contract (src/typescript.rs) by
//   UPDATE_GENERATED=1 cargo test -p switchboard-contract --features ts --test typescript
// Do not edit by hand; that test fails when this file drifts from the Rust types.

/**
 * One account the extension may use.
 */
export type Account = { email: string | null, 
/**
 * The extension token the caller presented (empty for the web app's cookie session, whose
 * value is never answered).
 */
access_token: string, };

/**
 * The person as My Account shows them.
 */
export type AccountProfile = { id: number, email: string | null, name: string | null, 
/**
 * The photo's address (`/api/account/photos/{id}`, or one given at sign-up), `null` for
 * the default avatar.
 */
profile_pic: string | null, 
/**
 * The `preferredLanguage`: `en`, `es`, `hi`, `id`, `pt-BR` or `pt-PT`.
 */
preferred_language: string | null, 
/**
 * ISO 3166-1 alpha-2, upper case.
 */
country: string | null, 
/**
 * With its country code, `+` and digits.
 */
whatsapp_no: string | null, 
/**
 * The membership the role is read from (`null`: the personal workspace).
 */
org_id: number | null, org_name: string | null, role_id: number | null, };

/**
 * The person's settings (001 §2, §6).
 */
export type AccountSettings = { 
/**
 * Blur contact names and images in WhatsApp Web.
 */
blur_contacts: boolean, 
/**
 * Show the AI reply button.
 */
ai_button: boolean, 
/**
 * Append the product's signature to sent messages (always true on Free).
 */
signature: boolean, 
/**
 * The workspace's plan appends the signature whatever the setting (001 §9 Free).
 */
signature_required: boolean, notifications_enabled: boolean, notification_sound: boolean, };

/**
 * 000 §3 user data v2.
 */
export type AccountsData = { accounts: Array<Account>, active_account: Account, mobile: string | null, email: string | null, };

/**
 * v2 `auth/accounts?mobile&email`.
 */
export type AccountsQuery = { mobile?: string | null, email?: string | null, };

/**
 * An answer with nothing to return but success.
 */
export type Ack = { result: boolean, message: string, };

/**
 * `GET /api/v1/analytics/active-hours`: calls and chat messages per local hour, 8 to 20.
 */
export type ActiveHoursAnswer = { range: AnalyticsRange, calls: Array<BucketCount>, chats: Array<BucketCount>, };

/**
 * One field's change. Values are plain text: a role as its id (`1` admin, `2` manager, `3`
 * employee), a team as its name (null: no team), a switch as `true`/`false`.
 */
export type ActivityChange = { 
/**
 * `org_name`, `org_logo`, `time_zone`, `role_id`, `team_id`, `syncing_active`, `address`,
 * `employee_code` or `email`.
 */
field: string, from: string | null, to: string | null, };

/**
 * Add employees (admins; managers into their own team).
 */
export type AddEmployees = { org_id: number, 
/**
 * 1 to 5 000 (`domain::accounts::MAX_IMPORT_ROWS`).
 */
employees: Array<NewEmployee>, };

/**
 * The employees added, as the list shows them.
 */
export type AddedEmployees = { employees: Array<Employee>, };

/**
 * The signed-in operator admin.
 */
export type AdminMe = { email: string, };

/**
 * One membership of a user.
 */
export type AdminMembership = { org: AdminOrg, role_id: number, user_status: number, is_default_org: boolean, };

/**
 * An organisation in the admin panel.
 */
export type AdminOrg = { org_id: number, org_name: string, organization_code: string, plan_id: number, effective_plan_id: number, 
/**
 * trial, active, grace or free.
 */
standing: string, is_trial: boolean, validity: string | null, seat_issued: number, members: number, dunning_since: string | null, 
/**
 * Whether the organisation has the knowledge base now (its plan or the operator's grant).
 */
knowledge_base: boolean, 
/**
 * Whether the operator granted the knowledge base whatever the plan.
 */
knowledge_base_granted: boolean, };

/**
 * A plan of the catalogue, as the operator's screens name it.
 */
export type AdminPlan = { id: number, plan_name: string, 
/**
 * `self` (a personal workspace) or `teams`.
 */
plan_type: string, is_monthly: boolean, };

/**
 * The secure admin screen's form.
 */
export type AdminSignIn = { email: string, password: string, };

/**
 * A user in the admin panel.
 */
export type AdminUser = { id: number, email: string | null, name: string | null, mobile: string | null, 
/**
 * The personal workspace's plan.
 */
plan_id: number, created_at: string, };

/**
 * User Info: a user with their memberships (plan and seats of each organisation) and sessions.
 */
export type AdminUserDetail = { user: AdminUser, memberships: Array<AdminMembership>, live_sessions: number, 
/**
 * Their onboarding questionnaire, `null` until they saved any.
 */
onboarding: OnboardingAnswers | null, };

/**
 * The dashboards' filter (000 §3): an organisation, a period, a team or one employee.
 */
export type AnalyticsQuery = { org_id: number, 
/**
 * First local day `YYYY-MM-DD` (with `end_date`); else `preset`; else the last 7 days.
 */
start_date?: string | null, 
/**
 * Last local day, inclusive.
 */
end_date?: string | null, 
/**
 * today, yesterday, this_week, last_week, this_month, last_month, last_6_months,
 * this_year, last_year, last_7_days.
 */
preset?: string | null, 
/**
 * Only this team's members (0 or absent: everyone visible).
 */
team_id?: number | null, 
/**
 * Only this member (must be visible to the caller).
 */
user_id?: number | null, 
/**
 * Overview only: `Datetime` (default) or `createdAt` (the new-call overview).
 */
field?: string | null, };

/**
 * The period an answer covers, in the organisation's zone; both ends inclusive.
 */
export type AnalyticsRange = { start_ms: number, end_ms: number, start_date: string, end_date: string, days: number, time_zone: string, };

/**
 * The question as stored and its answer.
 */
export type AskAnswer = { conversation_id: number, question: KbMessage, answer: KbMessage, };

/**
 * A question (`conversation_id` continues a conversation; none starts one).
 */
export type AskRequest = { org_id: number, conversation_id: number | null, 
/**
 * Not blank (a longer one is cut to its first 2 000 characters).
 */
question: string, };

/**
 * Assigns to a member of the organisation, or unassigns (none).
 */
export type AssignRequest = { org_id: number, user_id: number | null, };

/**
 * Add employees to a team.
 */
export type AssignTeam = { org_id: number, team_id: number, user_ids: number[], };

/**
 * 000 §3 assignment member.
 */
export type AssignmentMemberView = { 
/**
 * The member's row id (null for an owner not yet added).
 */
id: number | null, hubspot_owner_id: string, employee_name: string, firstName: string, onboarding_stage: Array<string>, region: string, 
/**
 * Text, as the form holds it ("30", "12.5").
 */
target_percentage: string, paused: boolean, };

/**
 * 000 §7 `POST dashboard/dynamic-assignment`: `owner_id, name, target_percentage, region,
 * onboarding_stage`; `paused` is ours.
 */
export type AssignmentRequest = { owner_id: string, name: string, 
/**
 * Text or number.
 */
target_percentage: string | number, region?: string | null, onboarding_stage: Array<string>, paused?: boolean | null, };

/**
 * A file attached to a quick reply or a scheduled message.
 */
export type AttachmentInfo = { name: string, size_bytes: number, content_type: string, 
/**
 * Downloads the file (signed in as a member of the workspace).
 */
url: string, };

/**
 * `?org_id&name` of an attachment upload (the body is the file, its type in `Content-Type`).
 */
export type AttachmentQuery = { org_id: number | null, 
/**
 * The file's name: not blank.
 */
name: string, };

/**
 * One line of the audit log.
 */
export type AuditEntry = { id: number, at: string, admin_email: string | null, action: string, target: string, 
/**
 * What the target is called now (an organisation's name, an assignment member's name),
 * when it still exists.
 */
target_name: string | null, reason: string | null, detail: Record<string, unknown>, };

/**
 * `GET integrations/{provider}/authorize?workspace_id`: the server issues the consent URL.
 */
export type AuthorizeQuery = { workspace_id: number, 
/**
 * Accepted for compatibility and ignored: the server uses its configured redirect.
 */
redirect_uri?: string | null, 
/**
 * Bitrix24: the portal (000 §5 domain rules).
 */
domain?: string | null, };

/**
 * The consent page to open. Its `state` is single-use, expires in 10 minutes and is bound to
 * the signed-in user; the provider sends it back with the code.
 */
export type AuthorizeUrl = { url: string, state: string, };

/**
 * `whatzapp_basic_info` (sic).
 */
export type BasicInfo = { name: string | null, mobile: string | null, };

/**
 * The billing screen (`/settings/billing`): plan, seats, estimated invoice, invoices, history.
 */
export type BillingOverview = { plan: CurrentPlan, 
/**
 * What happens at the end of the period; null on Free or for a plan with no end.
 */
term: PlanTerm | null, seats: Seats | null, estimated_invoice: EstimatedInvoice | null, invoices: Array<Invoice>, 
/**
 * The organisation's IANA zone, in which its times are shown; null for a personal
 * workspace (the browser's zone). The history is paged apart (`/api/billing/history`).
 */
time_zone: string | null, 
/**
 * Whether the caller may change the plan or seats (organisation admins; the owner of a
 * personal workspace).
 */
can_manage: boolean, 
/**
 * Whether a subscription with the provider exists (seats change through it).
 */
subscribed: boolean, manageBillingURL: string | null, };

/**
 * `POST bitrix/createauth` (000 §7): in our flow the browser sends the `code` and `state` the
 * portal returned, and the server exchanges them. The spec's token fields (`access_token`,
 * `refresh_token`, `client_endpoint`, `expires`) are accepted and ignored: tokens never pass
 * through the browser.
 */
export type BitrixLink = { workspace_id: number, code: string, state: string, access_token?: string | null, refresh_token?: string | null, client_endpoint?: string | null, expires: unknown, };

/**
 * The board.
 */
export type Board = { stages: Array<BoardStage>, };

/**
 * `GET /api/deals/board`: the open and closed deals the caller sees, by stage.
 */
export type BoardQuery = { org_id: number, 
/**
 * An owner's user id; 0 for deals nobody owns.
 */
owner_id: number | null, 
/**
 * Words found in the deal's name or its contact's name or number.
 */
q?: string | null, };

/**
 * One column of the board.
 */
export type BoardStage = { 
/**
 * The stage key.
 */
stage: string, 
/**
 * Deals in it.
 */
count: number, 
/**
 * Their amounts added up, per currency (`{"USD": "1250.00"}`).
 */
totals: { [key in string]?: string }, 
/**
 * The most recently changed 200.
 */
deals: Array<Deal>, };

/**
 * A count in one bucket.
 */
export type BucketCount = { 
/**
 * `8`..`20` for hours, `YYYY-MM-DD` for days, `YYYY-MM-DDT00|12` for half-days.
 */
key: BucketKey, count: number, };

/**
 * A bucket's name: an ISO key for days and half-days, the hour number for hour-of-day.
 */
export type BucketKey = number | string;

/**
 * `PUT /api/business-hours`: the whole week, the holidays and the targets (admins).
 */
export type BusinessHoursUpdate = { org_id: number, 
/**
 * Seven days, Monday first, up to four shifts each that do not overlap.
 */
week: Array<Array<BusinessShift>>, 
/**
 * Up to 400 local dates, `YYYY-MM-DD`.
 */
holidays: Array<string>, 
/**
 * 1 to 10 080 (a week); none: no target.
 */
response_target_minutes?: number | null, 
/**
 * 1 to 10 080; none: no target.
 */
callback_target_minutes?: number | null, };

/**
 * The organisation's business hours.
 */
export type BusinessHoursView = { org_id: number, 
/**
 * The organisation's zone, which the shifts and holidays are read in.
 */
time_zone: string, 
/**
 * Seven days, Monday first; each day's shifts in order (none: closed).
 */
week: Array<Array<BusinessShift>>, 
/**
 * Local dates closed all day, `YYYY-MM-DD`, ascending.
 */
holidays: Array<string>, 
/**
 * Minutes of business time a first response should take at most (the SLA target).
 */
response_target_minutes?: number | null, 
/**
 * Minutes of business time a missed or rejected call should be returned within.
 */
callback_target_minutes?: number | null, 
/**
 * Open minutes in a week without holidays.
 */
weekly_minutes: number, 
/**
 * Whether an admin set them; otherwise they are the default, Monday to Friday 09:00–18:00.
 */
set: boolean, 
/**
 * RFC 3339, UTC; none until set.
 */
updated_at?: string | null, };

/**
 * One opening of a day: `HH:MM` to `HH:MM` local time (`24:00` ends the day).
 */
export type BusinessShift = { start: string, end: string, };

/**
 * One call-log event as the extension sends it (001 §3).
 */
export type CallEventInput = { 
/**
 * The event's own id: the same id sent twice is stored once.
 */
id?: Id | null, Datetime?: TimeValue | null, 
/**
 * 1 incoming, 2 outgoing, 3 missed, 5 rejected.
 */
Direction?: Id | null, 
/**
 * Seconds.
 */
Duration?: LooseNumber | null, Chatid?: Id | null, CreatedByUser?: Id | null, createdAt?: TimeValue | null, updatedAt?: TimeValue | null, };

/**
 * `POST /api/v2/events/calls`: a batch of call-log events for one organisation.
 */
export type CallEventsBatch = { org_id: number, 
/**
 * At most 1 000 events: `{id, Datetime, Direction (1, 2, 3, 5), Duration (s), Chatid,
 * CreatedByUser, createdAt?, updatedAt?}`; times are epoch ms or ISO text (UTC).
 * Any JSON value is taken: an event that is not an object, or breaks a rule, is refused on
 * its own in the answer's `rejected`, not with the batch.
 */
events: Array<CallEventInput>, };

/**
 * One logged call.
 */
export type CallLog = { id: number, org_id: number, contact_id: number, 
/**
 * `busy`, `connected`, `left_live_message`, `left_voicemail`, `no_answer`, `wrong_number`.
 */
outcome: string, duration_secs: number, description: string | null, 
/**
 * RFC 3339, UTC.
 */
called_at: string, logged_by: number | null, crm_provider: string | null, created_at: string, };

/**
 * Calls in one direction (or all): 001 §3 `totalCount`, `totalDuration` (s), `uniqueCalls`.
 */
export type CallTotals = { total_count: number, total_duration: number, 
/**
 * Distinct Chatid. In `all` this is exact (a chat called in two directions counts once).
 */
unique_calls: number, };

/**
 * A number now and in the previous period (percent null when growing from nothing).
 */
export type ChangeValue = { current: number, previous: number, absolute: number, percent: number | null, };

/**
 * One employee's chat messages in the period (001 §3 'total messages, unique chats, sent,
 * received').
 */
export type ChatCounters = { user_id: number, name: string | null, team_id: number | null, total_messages: number, sent: number, received: number, 
/**
 * Distinct chats the employee sent or received a message in.
 */
unique_chats: number, };

/**
 * `GET /api/v1/analytics/chats`: the chat counters of the selection against the previous
 * period of equal length, and per employee (most messages first).
 */
export type ChatCountersAnswer = { range: AnalyticsRange, previous_range: AnalyticsRange, total_messages: ChangeValue, sent: ChangeValue, received: ChangeValue, 
/**
 * Distinct chats over the whole selection (a chat two employees wrote in counts once).
 */
unique_chats: ChangeValue, 
/**
 * Every selected employee, zeros included.
 */
users: Array<ChatCounters>, };

/**
 * One message of the chat a reply is suggested for.
 */
export type ChatLine = { text: string, 
/**
 * `INCOMING` (the contact's) or `OUTGOING` (ours); incoming when absent.
 */
direction?: string | null, };

/**
 * A note or doc of a chat (001 §2 per-chat panels).
 */
export type ChatNote = { id: number, contact: string, 
/**
 * `note` or `doc`.
 */
kind: string, title: string, body: string, updated_at: string, };

/**
 * Creates or changes a note or doc.
 */
export type ChatNoteRequest = { org_id: number | null, 
/**
 * The chat's contact key: not blank, at most 64 bytes.
 */
contact: string, kind: string, title?: string | null, 
/**
 * Not blank; at most 20 000 characters.
 */
body: string, };

/**
 * The checkout's answer: the provider's page, opened in a new tab.
 */
export type CheckoutAnswer = { result: boolean, url: string, };

/**
 * 001 §3 checkout request: `workspace_id, plan_id, quantity`. `plan_id` may carry the
 * localised `planid_constant` (001 §7 item 8). A Teams plan is bought for `org_id` (the
 * caller's current organisation when absent); `quantity` is its seats (at least 3 and at least
 * its members). `currency` is the buyer's (USD when absent or not priced); `addons` are charged
 * with the plan.
 */
export type CheckoutRequest = { workspace_id: number, plan_id: number, quantity?: number | null, org_id: number | null, currency?: string | null, 
/**
 * Add-on keys bought with the plan (`calls`, `whatsapp` for Teams; `ai_reply` for any),
 * per seat like the plan.
 */
addons?: Array<string> | null, };

/**
 * `GET /api/billing/checkout?session_id`: a checkout of the caller's, as the return page
 * reads it.
 */
export type CheckoutSessionQuery = { session_id: string, };

/**
 * Whose checkout it was and whether the provider reported it complete.
 */
export type CheckoutStatus = { 
/**
 * `open` until the provider reports the payment, then `complete`.
 */
status: string, org_id: number | null, workspace_id: number | null, plan_id: number, seats: number, };

/**
 * A passage cited by an answer: its document, page and text, with the matched words' byte
 * ranges to highlight.
 */
export type Citation = { document_id: number, document_name: string, page: number, passage: string, 
/**
 * `[start, end)` byte offsets in `passage` (UTF-8).
 */
highlights: Array<[number, number]>, 
/**
 * Opens the PDF at the page (`…#page=N`).
 */
url: string, };

/**
 * The sends claimed, and how many were marked missed (skip policy) on the way.
 */
export type ClaimAnswer = { sends: Array<ClaimedSend>, missed: number, cancelled: number, };

/**
 * `POST /api/v2/schedules/claim`: the extension asks for the sends due now.
 */
export type ClaimRequest = { org_id: number | null, 
/**
 * At most this many (1 to 500, default 50; any other number is brought into that range).
 */
limit?: number | null, 
/**
 * How long the sends are the caller's (10 to 600 seconds, default 120; any other number is
 * brought into that range).
 */
lease_seconds?: number | null, };

/**
 * A reply the extension sends from the member's WhatsApp.
 */
export type ClaimedReply = { reply_id: number, claim_token: string, org_id: number, chat_id: string, text: string, lease_until: string, };

/**
 * A send handed to the extension: it is the caller's alone until `lease_until`.
 */
export type ClaimedSend = { send_id: number, 
/**
 * Proves the report comes from this claim.
 */
claim_token: string, schedule_id: number, recipient: string, message: string, attachment: AttachmentInfo | null, due_at: string, 
/**
 * Past its time (the send-late policy): the extension may say so.
 */
late: boolean, lease_until: string, };

/**
 * `GET /api/client-config`: what the web app is told when it starts, from the server's
 * configuration (`client.*`), so one build serves any deployment.
 */
export type ClientConfig = { 
/**
 * The browser extension's ids, every one messaged; empty when none is configured (the app
 * then says the extension cannot be reached).
 */
extension_ids: Array<string>, 
/**
 * Where "Contact us" leads: an address, or a path of the app.
 */
support_url: string, 
/**
 * Where "Book a demo" leads: an address, or a path of the app.
 */
demo_url: string, };

export type ClientErrorReport = { 
/**
 * The error's message (at most 2 000 characters are kept); not blank.
 */
message: string, 
/**
 * The page's path when it happened.
 */
path: string, 
/**
 * A stack trace, when the browser gave one (at most 8 000 characters are kept).
 */
stack?: string, };

/**
 * `POST /api/auth/code`: send a one-time code to this address.
 */
export type CodeRequest = { 
/**
 * `domain::inputs::Email`: one `@`, text before it, a dot inside the text after it.
 */
email: string, };

/**
 * The code was sent.
 */
export type CodeSent = { 
/**
 * The address, as it will be used (trimmed, lower case).
 */
email: string, 
/**
 * Milliseconds until the code expires (the countdown).
 */
expires_in_ms: number, 
/**
 * Milliseconds until another code may be requested.
 */
resend_after_ms: number, };

/**
 * A team palette entry (`color_data[]`).
 */
export type ColorEntry = { id: number, bg_color: string, text_color: string, };

/**
 * 001 §3 team colour palette.
 */
export type ColorPalette = { color_data: Array<ColorEntry>, };

/**
 * `GET /api/v1/analytics/comparison`: the period against the previous one of equal length
 * (001 §7 item 2), totals and per-day series.
 */
export type ComparisonAnswer = { range: AnalyticsRange, previous_range: AnalyticsRange, current: DirectionTotals, previous: DirectionTotals, total_count: ChangeValue, total_duration: ChangeValue, unique_calls: ChangeValue, 
/**
 * Chat messages of the selected employees (on `Datetime`, every hour of the day).
 */
chats: ChangeValue, current_days: Array<DayTotals>, previous_days: Array<DayTotals>, };

/**
 * One contact.
 */
export type Contact = { id: number, org_id: number, 
/**
 * The key its chats, notes and tags share: a person's number's digits.
 */
contact: string, 
/**
 * The number in international form (`+` and digits), when the key is one.
 */
phone: string | null, 
/**
 * The name shown: the name, else first and last name; none shows the number.
 */
display_name: string | null, name: string | null, first_name: string | null, last_name: string | null, email: string | null, address: string | null, company: string | null, job_title: string | null, lifecycle_stage: string | null, lead_status: string | null, owner_id: number | null, 
/**
 * `member`, `chat`, `import` or `crm`.
 */
source: string, 
/**
 * The organisation's shared labels on it (their ids, ascending).
 */
label_ids: number[], 
/**
 * RFC 3339, UTC.
 */
created_at: string, updated_at: string, };

/**
 * What a note or task made from a contact became.
 */
export type ContactActivity = { 
/**
 * The note's (`chat_notes`) or follow-up's id here.
 */
id: number, 
/**
 * Each linked CRM it was written to, by provider key (`hubspot`, `zoho`).
 */
written_to: Array<string>, 
/**
 * Each linked CRM that refused it, with the error code (`crm_unavailable`, …); the record
 * here is kept.
 */
failed: Array<CrmFailure>, };

/**
 * One changed field in a contact's history.
 */
export type ContactChange = { field: string, old_value: string | null, new_value: string | null, 
/**
 * `member`, `chat`, `import` or `crm`.
 */
origin: string, 
/**
 * Who changed it (none for a CRM pull, or a person since removed).
 */
actor_id: number | null, 
/**
 * RFC 3339, UTC.
 */
at: string, };

/**
 * A contact's link to a CRM record.
 */
export type ContactCrmLink = { 
/**
 * `hubspot`.
 */
provider: string, 
/**
 * The CRM's record id.
 */
crm_id: string, 
/**
 * Whose integration the link goes through.
 */
user_id: number, 
/**
 * RFC 3339, UTC.
 */
linked_at: string, 
/**
 * When the CRM last changed the record, as last read.
 */
crm_modified_at: string | null, 
/**
 * A change made here has still to reach the CRM.
 */
pending: boolean, };

/**
 * `POST /api/contacts/import`: the file is the request's body (CSV or XLSX, told apart by its
 * bytes). Without `commit` it is a dry run: nothing is written.
 */
export type ContactImportQuery = { org_id: number, 
/**
 * The field each column fills, comma-separated in the columns' order, blank for a column
 * left out (`phone,name,,email`); the fields are `phone`, `name`, `first_name`,
 * `last_name`, `email`, `address`, `company`, `job_title`, `lifecycle_stage`,
 * `lead_status`. Without it the headers are read for a guess.
 */
mapping?: string | null, 
/**
 * `true` writes the rows, all or none: a file with any bad row writes nothing.
 */
commit?: boolean | null, };

/**
 * What an import found, or did.
 */
export type ContactImportReport = { columns: Array<ImportColumn>, 
/**
 * Rows under the header that hold anything.
 */
rows: number, 
/**
 * Rows that make a new contact.
 */
created: number, 
/**
 * Rows that change a contact the organisation has.
 */
updated: number, 
/**
 * Rows that match a contact and change nothing.
 */
unchanged: number, 
/**
 * Rows with at least one refusal.
 */
error_rows: number, 
/**
 * The first 500 refusals, by line (the header is line 1).
 */
errors: Array<ImportRowError>, 
/**
 * Whether the rows were written (a commit with no refusal).
 */
committed: boolean, };

/**
 * `POST /api/contacts/{id}/notes`: a note on a contact — the caller's note of the chat,
 * and a note on the record in each CRM the contact is linked to.
 */
export type ContactNoteRequest = { org_id: number, 
/**
 * Not blank; at most 20 000 characters.
 */
body: string, };

/**
 * A contact's property values (the user-profile panel).
 */
export type ContactProfile = { contact: string, values: Array<PropertyValueEntry>, };

/**
 * Sets some of a contact's property values (an empty value clears one).
 */
export type ContactProfileRequest = { 
/**
 * Properties belong to an organisation (ids from 1).
 */
org_id: number, values: Array<PropertyValueEntry>, };

/**
 * `?org_id&contact`.
 */
export type ContactQuery = { org_id: number | null, 
/**
 * The chat's contact key: not blank, at most 64 bytes.
 */
contact: string, };

/**
 * One contact record type in the settings (000 §3).
 */
export type ContactRecordType = { id: string, name: string, isSelected: boolean, selectedField: Array<SalesforceField>, };

/**
 * `GET /api/tickets`, `GET /api/calls`: one contact's.
 */
export type ContactRecordsQuery = { org_id: number, contact_id: number, };

/**
 * A contact's tags (`getusertags` entries).
 */
export type ContactTags = { 
/**
 * The chat id or phone number.
 */
contact: string, tags: Array<string>, updated_at: string, };

/**
 * `POST /api/contacts/{id}/tasks`: a task on a contact — the caller's follow-up of the chat,
 * and a task on the record in each CRM the contact is linked to.
 */
export type ContactTaskRequest = { org_id: number, 
/**
 * Not blank, at most 120 characters (as a follow-up's).
 */
title: string, notes?: string | null, 
/**
 * `YYYY-MM-DDTHH:MM` in `time_zone`, not past.
 */
due: string, time_zone: string, };

/**
 * `PATCH /api/contacts/{id}`: the fields to change; a field left out stays, a blank one is
 * cleared; `owner_id` 0 is nobody.
 */
export type ContactUpdate = { org_id: number, name?: string | null, first_name?: string | null, last_name?: string | null, email?: string | null, address?: string | null, company?: string | null, job_title?: string | null, lifecycle_stage?: string | null, lead_status?: string | null, owner_id: number | null, 
/**
 * The labels it carries instead (the organisation's shared labels, at most 20); `[]`
 * takes them all off.
 */
label_ids?: Array<number> | null, };

/**
 * How many contacts a bulk change changed.
 */
export type ContactsBulkResult = { updated: number, };

/**
 * `POST /api/contacts/bulk`: one change to many contacts — the stage, the status, the owner, a
 * label, a tag — recorded in each one's history.
 */
export type ContactsBulkUpdate = { org_id: number, 
/**
 * 1 to 500 contacts the caller sees.
 */
ids: number[], lifecycle_stage?: string | null, lead_status?: string | null, 
/**
 * A member's user id; 0 for nobody.
 */
owner_id: number | null, 
/**
 * A shared label of the organisation put on each contact.
 */
add_label_id: number | null, 
/**
 * A label taken off each contact.
 */
remove_label_id: number | null, 
/**
 * An organisation tag put on each contact (at most 10 characters; a contact keeps two at
 * most, so one already with two others refuses the change).
 */
add_tag?: string | null, 
/**
 * A tag taken off each contact (any case), before `add_tag` is put on.
 */
remove_tag?: string | null, };

/**
 * `GET /api/contacts`: the organisation's contacts the caller may see.
 */
export type ContactsQuery = { org_id: number, 
/**
 * Words found in the name, number, e-mail or company.
 */
q?: string | null, 
/**
 * A lifecycle stage key (`customer`, …).
 */
lifecycle_stage?: string | null, 
/**
 * A lead status key (`NEW`, …).
 */
lead_status?: string | null, 
/**
 * An owner's user id; 0 for contacts nobody owns.
 */
owner_id: number | null, 
/**
 * One of the organisation's contact tags (any case).
 */
tag?: string | null, 
/**
 * A user property: contacts with a value of it holding `property_value`'s words (any
 * value when that is left out).
 */
property_id: number | null, property_value?: string | null, 
/**
 * One of the organisation's shared labels (its id).
 */
label_id: number | null, 
/**
 * `updated` (default), `created` or `name`.
 */
sort?: string | null, 
/**
 * `desc` (default) or `asc`.
 */
dir?: string | null, 
/**
 * From 0.
 */
page: number | null, 
/**
 * 1 to 100; 50 by default.
 */
per_page: number | null, };

/**
 * A row of the chatter list (000 §2: `Name`, `CreatedByUser`).
 */
export type Conversation = { id: number, 
/**
 * `shared` (the shared number) or `member` (a member's own WhatsApp).
 */
channel: string, 
/**
 * The member whose own chat it is (000 §2 `CreatedByUser`); none on the shared number.
 */
created_by_user: number | null, chat_id: string, 
/**
 * The contact its notes, tags and tasks are kept under.
 */
contact: string, name: string | null, is_group: boolean, 
/**
 * `needs_reply`, `awaiting_reply` or `closed` (`domain::inbox::Standing`).
 */
standing: string, assignee_id: number | null, last_message_at: string, preview: string | null, unread: boolean, };

/**
 * `?org_id&tab&cursor` of the chatter list.
 */
export type ConversationListQuery = { org_id: number, 
/**
 * One of the tabs (001 §9), `all` when absent.
 */
tab?: string | null, 
/**
 * The `next_cursor` of the page before.
 */
cursor?: string | null, 
/**
 * Words a message or note of the conversation holds (the last may be the start of one).
 */
q?: string | null, };

/**
 * A page of the chatter list.
 */
export type ConversationPage = { items: Array<Conversation>, next_cursor: string | null, 
/**
 * 001 §9: on Free the unread and mentions tabs show a few rows; the rest needs an upgrade.
 */
upgrade_to_see_all: boolean, };

/**
 * Open or Closed (001 §3).
 */
export type ConversationStatusRequest = { org_id: number, open: boolean, };

/**
 * Create an organisation; the caller becomes its admin.
 */
export type CreateOrganization = { 
/**
 * `domain::accounts::OrganisationName`: not blank, at most 200 characters.
 */
org_name: string, 
/**
 * An http(s) URL (`domain::inputs::HttpUrl`); empty: no logo.
 */
org_logo?: string | null, 
/**
 * IANA zone; default Asia/Kolkata.
 */
time_zone?: string | null, };

/**
 * Create a team (admins and managers).
 */
export type CreateTeam = { org_id: number, 
/**
 * `domain::accounts::TeamName`: not blank, at most 100 characters.
 */
team_name: string, 
/**
 * The id of a `domain::accounts::TEAM_COLORS` entry: 1 to 8.
 */
team_color?: number | null, };

/**
 * One credit of the person: earned by referrals (`referral`) or granted by the operator
 * (`store_review`).
 */
export type CreditEntry = { amount_minor: number, currency: string, source: string, note: string | null, 
/**
 * RFC 3339 UTC.
 */
created_at: string, 
/**
 * Whether it has been taken off an invoice.
 */
applied: boolean, };

/**
 * 001 §3 credit history: `seat_issued`; for an organisation also `validity` and `is_trial`.
 */
export type CreditHistory = { org_id: number | null, plan_id: number, seat_issued: number, 
/**
 * RFC 3339 UTC; null on the free plan.
 */
validity: string | null, is_trial: boolean, };

/**
 * A CRM that refused a write.
 */
export type CrmFailure = { provider: string, code: string, };

/**
 * One CRM's entry of an employee's `crmLabelSyncData`.
 */
export type CrmLabelSync = { crm_name: string, included_labels: Array<string>, excluded_labels: Array<string>, };

/**
 * `POST /api/contacts/{id}/crm/{provider}/link`: the CRM record to link.
 */
export type CrmLinkRequest = { org_id: number, crm_id: string, };

/**
 * A CRM record that may be this contact (found by number or e-mail).
 */
export type CrmMatch = { crm_id: string, name: string | null, email: string | null, phone: string | null, lifecycle_stage: string | null, };

/**
 * What a pull did.
 */
export type CrmPullReport = { 
/**
 * CRM records read.
 */
pulled: number, 
/**
 * Contacts that took a change from the CRM.
 */
updated: number, 
/**
 * Contacts whose changes made here went to the CRM.
 */
pushed: number, 
/**
 * Fields where the later change made here won over the CRM's (kept in the history).
 */
conflicts: number, 
/**
 * Members whose link could not be read (to reconnect), by user id.
 */
failed_members: number[], };

/**
 * Where a plan stands (issue #15): trial, active, grace (features kept until `grace_until`)
 * or free.
 */
export type CurrentPlan = { plan_id: number, 
/**
 * The plan whose features apply now (1 after the grace period).
 */
effective_plan_id: number, plan_name: string, 
/**
 * `trial`, `active`, `grace` or `free`.
 */
standing: string, is_trial: boolean, 
/**
 * RFC 3339 end of the trial or paid period.
 */
validity: string | null, 
/**
 * RFC 3339 end of the grace period, while in it.
 */
grace_until: string | null, 
/**
 * RFC 3339 time a payment failed and is still unpaid (the dunning state).
 */
dunning_since: string | null, ai_addon: boolean, };

/**
 * `GET /api/v1/analytics/daily`: every local day of the range, empty ones at 0.
 */
export type DailyAnswer = { range: AnalyticsRange, days: Array<DayTotals>, };

export type DatabaseKind = "sqlite" | "postgres";

/**
 * One local day of calls per direction.
 */
export type DayTotals = { 
/**
 * `YYYY-MM-DD`.
 */
date: string, incoming: number, outgoing: number, missed: number, rejected: number, 
/**
 * Seconds, all directions.
 */
duration: number, };

/**
 * One deal.
 */
export type Deal = { id: number, org_id: number, contact_id: number, 
/**
 * The contact's name as shown, or its number.
 */
contact_name: string, name: string, 
/**
 * A decimal in text; none when not known.
 */
amount: string | null, currency: string, stage: string, owner_id: number | null, 
/**
 * `YYYY-MM-DD`.
 */
close_date: string | null, description: string | null, 
/**
 * RFC 3339, UTC: when it moved into Closed Won or Closed Lost.
 */
closed_at: string | null, created_at: string, updated_at: string, };

/**
 * `PATCH /api/deals/{id}`: the fields to change; a field left out stays, a blank one is
 * cleared; `owner_id` 0 is nobody.
 */
export type DealUpdate = { org_id: number, name?: string | null, amount?: string | null, currency?: string | null, stage?: string | null, owner_id: number | null, close_date?: string | null, description?: string | null, };

/**
 * `GET /api/deals`: one contact's deals.
 */
export type DealsQuery = { org_id: number, contact_id: number, };

/**
 * One message's delivery to the endpoint.
 */
export type Delivery = { id: number, 
/**
 * The `webhook-id` header: the same on every try and resend.
 */
webhook_id: string, 
/**
 * The message's `MessageId`.
 */
event_id: string, 
/**
 * `pending` (waiting for a try), `delivering` (a try is running), `delivered`, `skipped`
 * or `dead` (every try failed).
 */
status: string, attempts: number, max_attempts: number, last_status_code: number | null, last_latency_ms: number | null, last_error: string | null, 
/**
 * When the next try is due (pending only), epoch ms.
 */
next_attempt_at: number | null, created_at: number, done_at: number | null, };

/**
 * One try of a delivery.
 */
export type DeliveryAttempt = { attempt: number, status_code: number | null, latency_ms: number, ok: boolean, error: string | null, at: number, };

/**
 * A page of the delivery log.
 */
export type DeliveryLog = { deliveries: Array<Delivery>, 
/**
 * Pass as `before` for the next page; none on the last page.
 */
next_before: number | null, };

/**
 * `GET webhook/deliveries`: the newest deliveries of the organisation's webhook.
 */
export type DeliveryQuery = { org_id: number, 
/**
 * Only `pending`, `delivered`, `skipped` or `dead` ones (empty: all).
 */
status?: string | null, 
/**
 * Older than this delivery id (the previous page's `next_before`).
 */
before: number | null, 
/**
 * At most this many (1 to 100; 50 when absent).
 */
limit?: number | null, };

/**
 * One e-mail kept in the development mailbox.
 */
export type DevMail = { to: string, subject: string, 
/**
 * The plain-text part.
 */
body: string, 
/**
 * The HTML part (null for an e-mail kept before HTML parts existed).
 */
html: string | null, created_at: number, };

/**
 * The development mailbox of one address, newest first.
 */
export type DevMailbox = { messages: Array<DevMail>, };

/**
 * Per direction (1 incoming, 2 outgoing, 3 missed, 5 rejected) and all together.
 */
export type DirectionTotals = { incoming: CallTotals, outgoing: CallTotals, missed: CallTotals, rejected: CallTotals, all: CallTotals, };

/**
 * 000 §7 `GET dashboard/dynamic-assignment`.
 */
export type DynamicAssignment = { result: boolean, activeMembers: Array<AssignmentMemberView>, 
/**
 * Every HubSpot owner and hand-added member, added or not.
 */
allMembers: Array<AssignmentMemberView>, };

/**
 * 001 §3 employee (organisation mapping).
 */
export type Employee = { workspace_id: number, user_id: number, org_id: number, team_id: number | null, role_id: number, 
/**
 * 2 active, 1 invited (not signed in yet).
 */
user_status: number, 
/**
 * 1 when the extension is syncing for this employee.
 */
syncing_active: number, 
/**
 * `pending` until the employee signs in, then `accepted`.
 */
invitation_status: string, email: string | null, address: string | null, employee_code: string | null, joined_at: number | null, 
/**
 * When the newest invitation e-mail went out (epoch ms); null when none was sent.
 */
invitation_sent_at: number | null, whatzapp_basic_info: BasicInfo, callyzer_orgamnization_team: Team | null, callyzer_user_role: Role, whatsapp_no: string | null, crmLabelSyncData: Array<CrmLabelSync>, };

/**
 * 001 §3 employee list response.
 */
export type EmployeeList = { result: boolean, data: Array<Employee>, sync_list: Array<SyncEntry>, 
/**
 * The caller's own membership of the organisation.
 */
mapping_details: OrgMapping, };

/**
 * `employees?org_id&workspace_id&status&type`.
 */
export type EmployeesQuery = { org_id: number, workspace_id?: number | null, 
/**
 * Default 2 (active members).
 */
status?: number | null, 
/**
 * `teams` (the only kind).
 */
type?: string | null, };

/**
 * The body of every error answer.
 */
export type ErrorBody = { error: ErrorDetail, };

/**
 * A failure the HTTP API reports. Serialised as its snake_case code.
 */
export type ErrorCode = "not_found" | "method_not_allowed" | "malformed_body" | "malformed_query" | "payload_too_large" | "validation_failed" | "unauthenticated" | "forbidden" | "cross_site_refused" | "conflict" | "rate_limited" | "upstream_failed" | "wrong_api_key_or_domain" | "gateway_key_refused" | "gateway_unreachable" | "wrong_leadsquared_credentials" | "address_refused" | "host_not_found" | "authentication_failed" | "seats_exhausted" | "signature_invalid" | "billing_unavailable" | "already_subscribed" | "seat_change_scheduled" | "pdf_unreadable" | "pdf_encrypted" | "pdf_no_text" | "invalid_login_credentials" | "plan_limit_reached" | "storage_quota_exceeded" | "daily_limit_reached" | "file_too_large" | "server_busy" | "extension_token_not_allowed" | "quota_reached" | "not_in_plan" | "crm_not_connected" | "internal";

export type ErrorDetail = { code: ErrorCode, 
/**
 * English, for logs and API users; the web app shows the translated `code` instead.
 */
message: string, 
/**
 * For `validation_failed`: each offending field and the domain rule code it broke.
 */
fields?: { [key in string]?: string }, };

/**
 * The estimated next invoice.
 */
export type EstimatedInvoice = { amount_minor: number, currency: string, 
/**
 * RFC 3339: when it is due (the period's end).
 */
due_at: string | null, 
/**
 * `month` or `year`: the period the amount pays for.
 */
interval: string, };

/**
 * One refused field of one event.
 */
export type EventError = { 
/**
 * Position of the event in the batch (from 0).
 */
index: number, 
/**
 * The event's id when it had one.
 */
id: string | null, 
/**
 * The wire name of the field (`Direction`, `CreatedByUser`, …; `event` for an event that is
 * not an object of the right shape).
 */
field: string, 
/**
 * A rule code (`value_invalid`, `fields_required`, `no_date`, `date_invalid`) or
 * `not_found` (CreatedByUser is not a member) / `forbidden` (a member the caller may not
 * send for) / `malformed_body`.
 */
code: string, };

/**
 * `?org_id&after&follow` of the live feed.
 */
export type EventsQuery = { org_id: number, 
/**
 * The last event seen (the `Last-Event-ID` header wins); none: from now.
 */
after: number | null, 
/**
 * false: answer the events since `after` and end (a catch-up read); default true.
 */
follow?: boolean | null, };

/**
 * 001 §7 item 7: rates from US dollars. Without a configured provider only `USD: 1`.
 */
export type ExchangeRates = { result: boolean, base_code: string, conversion_rates: Record<string, number>, 
/**
 * When the rates were fetched (epoch ms); null when only USD is known.
 */
fetched_at: number | null, };

/**
 * An extension token as its owner sees it in the list: never the token itself.
 */
export type ExtensionTokenInfo = { id: number, name: string, 
/**
 * Epoch milliseconds.
 */
created_at: number, expires_at: number, 
/**
 * Epoch milliseconds of the last call made with it (to the minute), or null.
 */
last_used_at: number | null, };

/**
 * `GET /api/auth/extension-tokens`: the caller's live extension tokens, newest first.
 */
export type ExtensionTokenList = { tokens: Array<ExtensionTokenInfo>, };

/**
 * A payment that failed (`/failedtransactions`).
 */
export type FailedTransaction = { id: number, invoice_id: string, org_id: number | null, amount_minor: number, currency: string, reason: string | null, created_at: string, 
/**
 * When a later payment settled it.
 */
resolved_at: string | null, };

/**
 * One message as the operator's list shows it.
 */
export type FeedbackEntry = { id: number, topic: string, name: string, email: string, 
/**
 * In international form (`+` and digits), when one was given.
 */
whatsapp: string | null, message: string, 
/**
 * RFC 3339, UTC.
 */
created_at: string, };

/**
 * What the form sends. Every field is bounded; unknown fields are refused.
 */
export type FeedbackRequest = { 
/**
 * Who writes (not blank, at most 120 characters).
 */
name: string, 
/**
 * Where to answer them (at most 254 characters).
 */
email: string, 
/**
 * What they say (not blank, at most 5 000 characters).
 */
message: string, 
/**
 * A WhatsApp number with its country code, to answer there.
 */
whatsapp?: string, };

/**
 * A follow-up or reminder (001 §3).
 */
export type FollowUp = { id: number, title: string, notes: string, contact: string | null, 
/**
 * The instant (RFC 3339, UTC).
 */
due_at: string, 
/**
 * `YYYY-MM-DDTHH:MM` in `time_zone`, as entered.
 */
due_local: string, time_zone: string, priority: Priority, amount: string | null, recurrence: Recurrence, state: FollowUpState, completed_at: string | null, comment: string | null, email: string | null, 
/**
 * Minutes before `due_at` the owner is notified (null: at the due time).
 */
lead_minutes: number | null, };

/**
 * 001 §4 'Pending, Upcoming, Completed'.
 */
export type FollowUpBoard = { pending: Array<FollowUp>, upcoming: Array<FollowUp>, 
/**
 * The latest 50 completed.
 */
completed: Array<FollowUp>, };

/**
 * Creates or changes a follow-up.
 */
export type FollowUpRequest = { org_id: number | null, 
/**
 * Not blank, at most 120 characters (`domain::manage::follow_up`).
 */
title: string, notes?: string | null, contact?: string | null, 
/**
 * `YYYY-MM-DDTHH:MM` in `time_zone`.
 */
due: string, time_zone: string, 
/**
 * `domain::manage::Priority`.
 */
priority?: Priority | null, amount?: string | null, 
/**
 * `domain::recurrence::Recurrence`.
 */
recurrence?: Recurrence | null, 
/**
 * At most 1 000 characters; blank for none.
 */
comment?: string | null, 
/**
 * An e-mail address (`domain::inputs::Email`); blank for none.
 */
email?: string | null, 
/**
 * Minutes before the due time to notify (001 §3 lead times in minutes, hours, days and
 * weeks), at most 4 weeks; none for at the due time.
 */
lead_minutes: number | null, };

/**
 * What a follow-up shows as (001 §4 'Pending, Upcoming, Completed').
 */
export type FollowUpState = "pending" | "upcoming" | "completed";

/**
 * `GET freshdesk/tickets?domain&api_key`: the credential check.
 */
export type FreshdeskCheckQuery = { domain: string, api_key: string, };

/**
 * `POST freshdesk/createauth`.
 */
export type FreshdeskLink = { workspace_id: number, domain: string, api_key: string, };

/**
 * A funnel: ordered stages a chat moves through.
 */
export type Funnel = { id: number, name: string, stages: Array<string>, shared: boolean, editable: boolean, };

/**
 * Creates or changes a funnel.
 */
export type FunnelRequest = { org_id: number | null, 
/**
 * `domain::manage::funnel`: not blank, at most 60 characters (`MAX_NAME_CHARS`).
 */
name: string, 
/**
 * 1 to 20 stages (`MAX_STAGES`), each not blank and at most 30 characters
 * (`MAX_STAGE_CHARS`), no two alike.
 */
stages: Array<string>, shared?: boolean | null, };

/**
 * The QR code to scan while the session waits for one.
 */
export type GatewayQr = { state: string, 
/**
 * A `data:image/png;base64,…` URL; none unless the state is `SCAN_QR_CODE`.
 */
qr: string | null, };

/**
 * Connects the organisation's shared number through its WhatsApp gateway.
 */
export type GatewayRequest = { org_id: number, 
/**
 * What the team calls the number ("Sales line").
 */
name: string, 
/**
 * The gateway's http(s) address, reachable from the server.
 */
base_url: string, 
/**
 * The gateway's API key (kept sealed, never sent back).
 */
api_key: string, };

/**
 * The shared number as the settings show it. The API key is never sent back.
 */
export type GatewayStatus = { connected: boolean, name: string | null, base_url: string | null, 
/**
 * One of the spec's session states (`domain::inbox::SessionState`).
 */
state: string | null, 
/**
 * The number once paired.
 */
number: string | null, 
/**
 * Replies kept until the gateway takes them.
 */
waiting_replies: number, };

/**
 * `POST googlesheet` (000 §7): in our flow the browser sends the `code` and `state` Google
 * returned and the label chosen in the sync modal (`label_name`, default 'Google Sheet'); the
 * server exchanges the code and creates the spreadsheet. The spec's `sheet_id`,
 * `sub_sheet_name`, `file_name` and token fields are accepted and ignored: the server names the
 * sheet, and tokens never pass through the browser.
 */
export type GoogleSheetLink = { workspace_id: number, code: string, state: string, label_name?: string | null, redirect_uri?: string | null, sheet_id?: string | null, sub_sheet_name?: string | null, file_name?: string | null, access_token?: string | null, refresh_token?: string | null, expires_in: unknown, };

/**
 * `POST /api/admin/users/{id}/credits`: the operator grants a credit (a store review, 001 §9).
 */
export type GrantCredit = { 
/**
 * Cents, 1 to 10 000; 100 (1 USD) when absent.
 */
amount_minor: number | null, 
/**
 * Cut to 200 characters.
 */
note?: string | null, };

export type Health = { 
/**
 * Always `ok` when the server answers and its database responds.
 */
status: string, 
/**
 * The server's version (the workspace version).
 */
version: string, database: DatabaseKind, };

/**
 * The details of a history line; each is null when it does not apply or was not recorded.
 */
export type HistoryDetail = { 
/**
 * The plan's name before the change (when it changed).
 */
plan_from: string | null, 
/**
 * The plan's name after it (or the plan concerned).
 */
plan_to: string | null, 
/**
 * `month` or `year`: the plan's billing period.
 */
interval: string | null, seats_from: number | null, seats_to: number | null, 
/**
 * An amount charged or due, in minor units of `currency`.
 */
amount_minor: number | null, currency: string | null, 
/**
 * The subscription's status at the provider (`active`, `trialing`, `past_due`, `canceled`…).
 */
status: string | null, trial_from: boolean | null, trial_to: boolean | null, 
/**
 * RFC 3339: the plan's end before and after an operator's change.
 */
valid_from: string | null, valid_to: string | null, 
/**
 * RFC 3339: when a scheduled change applies.
 */
effective_at: string | null, 
/**
 * Who made the change, for an operator's change (the operator's address).
 */
by: string | null, 
/**
 * Why, as the operator wrote it.
 */
reason: string | null, };

/**
 * One line of the billing history log: what happened (`kind`) and its details, which the web
 * app puts into a translated sentence (`billing:history_line.*`).
 */
export type HistoryEntry = { id: number, 
/**
 * RFC 3339 UTC, to the second; shown in the organisation's zone (`BillingOverview.time_zone`).
 */
at: string, 
/**
 * `subscription_started`, `subscription_updated`, `subscription_ended`, `invoice_paid`,
 * `payment_failed`, `seats_added`, `seats_removal_scheduled`,
 * `seats_removal_cancelled`, `changed_by_operator`.
 */
kind: string, detail: HistoryDetail, };

/**
 * `GET /api/billing/history`: whose history and which page (from 0; 10 a page by default,
 * at most 100).
 */
export type HistoryQuery = { 
/**
 * An organisation the caller administers.
 */
org_id: number | null, 
/**
 * Or the caller's workspace.
 */
workspace_id: number | null, 
/**
 * From 0.
 */
page: number | null, 
/**
 * 1 to 100; 10 by default.
 */
per_page: number | null, };

/**
 * An id the API sends either as a number or as text (`CreatedByUser` is text, `user_id` a
 * number). Always held as text; numbers are written in decimal.
 */
export type Id = string;

/**
 * One column of an import file.
 */
export type ImportColumn = { 
/**
 * The header's text.
 */
header: string, 
/**
 * The field it fills under the mapping used; none when left out.
 */
field: string | null, 
/**
 * The first few values under it.
 */
samples: Array<string>, };

/**
 * `employees/import?org_id&role_id&team_id`.
 */
export type ImportQuery = { org_id: number, role_id?: number | null, team_id?: number | null, };

/**
 * What an import did: valid rows are added (all in one transaction), the others reported.
 */
export type ImportReport = { 
/**
 * Data rows read (the header not counted).
 */
rows: number, inserted: number, errors: Array<ImportRowError>, };

/**
 * A row of an import that was not added, and why.
 */
export type ImportRowError = { 
/**
 * The row's line in the file (the header is line 1).
 */
row: number, 
/**
 * The column: `number`, `name`, `email`, `address`.
 */
field: string, 
/**
 * The rule's error code (translated by the web app).
 */
code: string, };

/**
 * A member new conversations on the shared number are shared among.
 */
export type InboxAgent = { user_id: number, 
/**
 * Their share against the others' (0 to 100; 0 takes none).
 */
weight: number, 
/**
 * Whether they take new conversations now.
 */
available: boolean, };

export type InboxCounts = { tabs: Array<TabCount>, };

/**
 * A message or internal note.
 */
export type InboxMessage = { id: number, 
/**
 * `message` or `note`.
 */
kind: string, outbound: boolean, 
/**
 * The member who wrote it here (a reply or a note).
 */
author_id: number | null, 
/**
 * Who wrote it in a group.
 */
sender: string | null, body: string | null, media_name: string | null, media_type: string | null, 
/**
 * The media is kept and downloads from `…/messages/{id}/media` (false while it is on its
 * way from the gateway, or when there is none).
 */
media_ready: boolean, 
/**
 * `queued`, `sent`, `delivered`, `read` or `failed` (`domain::inbox::Ack`).
 */
ack: string, 
/**
 * Why it failed.
 */
error: string | null, sent_at: string, };

/**
 * `?org_id`.
 */
export type InboxQuery = { org_id: number, };

/**
 * The inbox's settings: who new conversations go to, and the needs-reply clock, counted in the
 * organisation's business hours (`/api/business-hours`).
 */
export type InboxSettings = { org_id: number, agents: Array<InboxAgent>, 
/**
 * Minutes of business hours a conversation may wait for a reply; none: the clock is off.
 */
reply_minutes?: number | null, 
/**
 * `alert` or `reassign` when the clock runs out.
 */
escalation: string, };

/**
 * 001 §3 a task.
 */
export type InboxTask = { id: number, conversation_id: number | null, contact: string | null, name: string, due_at: string | null, 
/**
 * `open`, `in_progress` or `completed`.
 */
status: string, 
/**
 * `none`, `very_low`, `low`, `medium`, `high` or `very_high`.
 */
priority: string, assignee_id: number | null, 
/**
 * `personal`, `shared`, `self`, `team` or `org`.
 */
visibility: string, owner_id: number, created_at: string, completed_at: string | null, };

/**
 * A reply, or an internal note (with `@[member id]` mentions).
 */
export type InboxTextRequest = { org_id: number, 
/**
 * Not blank, at most 4 096 characters (`domain::inbox::MAX_TEXT_CHARS`).
 */
text: string, };

/**
 * What happened to a batch. Sent only after the valid events are committed.
 */
export type IngestReport = { 
/**
 * Events in the batch.
 */
received: number, 
/**
 * Valid events stored now.
 */
stored: number, 
/**
 * Valid events already stored before (same id in this organisation) or repeated in the
 * batch: nothing is stored twice.
 */
duplicates: number, 
/**
 * Events refused, each field once.
 */
rejected: Array<EventError>, };

/**
 * 000 §3 connected flags per `dataKey`: one for every provider of the registry
 * (`domain::providers`), true when it is linked.
 */
export type IntegrationFlags = { [key in Provider]?: boolean };

/**
 * An invoice the provider reported.
 */
export type Invoice = { id: string, amount_minor: number, currency: string, 
/**
 * `paid` or `failed`.
 */
status: string, hosted_url: string | null, created_at: string, };

/**
 * `POST /api/organizations/join/code`: the organisation's code; a one-time code goes to the
 * caller's own e-mail.
 */
export type JoinCodeRequest = { 
/**
 * `domain::accounts::OrganisationCode`: 4 to 32 letters, digits or inner hyphens (any case).
 */
organization_code: string, };

/**
 * The one-time code was sent. Only the organisation's name is told to someone not yet in it.
 */
export type JoinCodeSent = { org_name: string, 
/**
 * Where the code went: the caller's own address.
 */
email: string, expires_in_ms: number, 
/**
 * How long until another code may be asked for.
 */
resend_after_ms: number, };

/**
 * `POST /api/organizations/join`: the organisation's code and the one-time code.
 */
export type JoinRequest = { organization_code: string, 
/**
 * Six digits (spaces ignored).
 */
code: string, };

/**
 * `PUT /api/organizations/join-by-code`: whether people may join the organisation by its code.
 */
export type JoinSetting = { org_id: number, enabled: boolean, };

/**
 * Joined: the organisation is the caller's default now (the workspace switches to it).
 */
export type Joined = { org_id: number, org_name: string, 
/**
 * 'Successfully joined organisation'.
 */
message: string, };

/**
 * A conversation in the list.
 */
export type KbConversation = { id: number, title: string, updated_at: string, };

/**
 * A conversation with its messages.
 */
export type KbConversationDetail = { conversation: KbConversation, messages: Array<KbMessage>, };

/**
 * An uploaded document.
 */
export type KbDocument = { id: number, name: string, size_bytes: number, pages: number, passages: number, created_at: string, };

/**
 * 000 §3 chat message: id, message, type (user or bot), date; with our status and citations.
 */
export type KbMessage = { id: number, message: string, 
/**
 * `user` or `bot`.
 */
type: string, 
/**
 * UTC timestamp text.
 */
date: string, 
/**
 * The bot's: `answered`, `not_found` or `failed`; the user's: `asked`.
 */
status: string, citations: Array<Citation>, };

/**
 * The operator's knowledge-base grant for an organisation, with a reason the audit log keeps.
 */
export type KnowledgeBaseGrant = { 
/**
 * On: the organisation has the knowledge base whatever its plan; off: only by its plan.
 */
granted: boolean, 
/**
 * Why (required).
 */
reason: string, };

/**
 * The labels and funnels the caller sees, with the plan's label limit (001 §9: 5 on Free).
 */
export type LabelBoard = { labels: Array<ManagedLabel>, funnels: Array<Funnel>, limit: number | null, 
/**
 * Custom labels the caller owns (system labels do not count).
 */
used: number, 
/**
 * Whether the caller may make and change shared labels and funnels (admins; managers when
 * the organisation lets them).
 */
may_share: boolean, };

/**
 * Creates or changes a label.
 */
export type LabelRequest = { org_id: number | null, 
/**
 * `domain::manage::label`: not blank, at most 60 characters (`MAX_NAME_CHARS`).
 */
name: string, 
/**
 * `#RRGGBB`.
 */
color: string, parent_id: number | null, 
/**
 * An admin's label for the whole organisation (admins only).
 */
shared?: boolean | null, };

/**
 * An employee's `crmLabelSyncData` (000 §3): per CRM, the labels a chat must carry to sync
 * (`included_labels`) and the ones that keep it out (`excluded_labels`). A PUT replaces the
 * whole list; a CRM left out has no rule (every chat syncs).
 */
export type LabelRules = { org_id: number, user_id: number, crmLabelSyncData: Array<CrmLabelSync>, };

/**
 * `GET/PUT crm-label-sync`: whose rules.
 */
export type LabelRulesQuery = { org_id: number, user_id: number, };

/**
 * `PUT /api/auth/language`: the language the person chose for the app and its e-mails.
 */
export type LanguageChoice = { 
/**
 * `en`, `es`, `hi`, `id`, `pt-BR` or `pt-PT`.
 */
language: string, };

/**
 * `GET integrations/lastsync?org_id` (001 §7): one entry per link the caller can see — their
 * own CRM and spreadsheet links, and the organisation's webhook.
 */
export type LastSync = { 
/**
 * The integration card's key (`hubspot`, `zoho`, `googleSheet`, `webhooks`, …).
 */
provider: Provider, 
/**
 * 000 §4: `STARTING` (nothing synced yet), `PROCESSING`, `READY`, `ERROR`, `FAILED`
 * (connect again) or `STOPPED` (the webhook is off).
 */
sync_status: SyncState, last_sync_at: number | null, sync_error: string | null, pending: number, dead: number, };

/**
 * A lead of the installation.
 */
export type LeadView = { id: number, email: string | null, region: string, stage: string, owner_id: string | null, assigned_at: string | null, created_at: string, 
/**
 * The person's onboarding questionnaire, when they have answered or toured.
 */
onboarding: OnboardingAnswers | null, };

/**
 * `POST v2 leadsquared/auth` (000 §7). `homepage` is accepted but recomputed from `host`.
 */
export type LeadsquaredLink = { 
/**
 * Not blank (`domain::inputs::LeadsquaredCredentials`: all three are required).
 */
host: string, homepage?: string | null, access_id: string, secret_key: string, };

/**
 * A link's state as the Integrations screen shows it.
 */
export type LinkStatus = { 
/**
 * A usable link exists.
 */
connected: boolean, 
/**
 * A link exists but the provider no longer accepts it: the user must connect again.
 */
needs_reconnect: boolean, 
/**
 * Freshdesk: the helpdesk host.
 */
domain?: string | null, 
/**
 * LeadSquared: the API host.
 */
host?: string | null, 
/**
 * LeadSquared: the host without its `api-` prefix (000 §5).
 */
homepage?: string | null, };

/**
 * 001 §3 currency data of a localised currency.
 */
export type LocalizedCurrency = { multiplication_factor: number, planid_constant: number, };

/**
 * 001 §7 item 6: `status` true and `message` the currency data when the currency is
 * localised; `status` false and `message` null otherwise (the client then converts with the
 * exchange rate).
 */
export type LocalizedCurrencyAnswer = { status: boolean, message: LocalizedCurrency | null, };

/**
 * A number the extension sends either as a number or as text (`Duration`, `Ack`); text is
 * read by the number check of [`crate::inputs::parse_number`] (plain decimals).
 */
export type LooseNumber = number | string;

/**
 * `GET /api/dev/mailbox?email=`.
 */
export type MailboxQuery = { email: string, };

/**
 * `?org_id`: the organisation, or none for the personal workspace.
 */
export type ManageQuery = { org_id: number | null, };

/**
 * A label (001 §3 'Label: name, colour, sublabels, funnel stages; system, custom and shared').
 */
export type ManagedLabel = { id: number, name: string, color: string, 
/**
 * The label it is a sublabel of.
 */
parent_id: number | null, 
/**
 * `system` (WhatsApp Business's own, read-only), `custom` (the caller's) or `shared`
 * (an admin's, for the whole organisation).
 */
kind: string, 
/**
 * False for system labels and for admins' labels seen by others ('Labels created by admins
 * cannot be edited').
 */
editable: boolean, };

/**
 * `GET integrations/members?org_id` (001 §7 'GET user integrations, query org_id'): one
 * member's links, for each member of the organisation the caller may see (001 §6).
 */
export type MemberIntegrations = { user_id: number, 
/**
 * Per provider: a usable link in the member's own workspace (`webhooks`: the
 * organisation's endpoint is switched on, the same for everyone).
 */
integrations: IntegrationFlags, 
/**
 * The keys (as in `integrations`) of links the provider no longer accepts: the member must
 * connect again.
 */
needs_reconnect: Array<string>, };

/**
 * One chat-message event (000 §3 'Webhook sample payload fields').
 */
export type MessageEventInput = { MessageId?: Id | null, Message?: string | null, Chatid?: Id | null, File?: string | null, FileName?: string | null, Ack?: LooseNumber | null, Datetime?: TimeValue | null, 
/**
 * The extension's own date text, kept as sent.
 */
Date?: string | null, 
/**
 * OUTGOING or INCOMING.
 */
Direction?: string | null, SentById?: Id | null, ChannelName?: string | null, ChannelId?: Id | null, SentByNumber?: Id | null, sentByUserId?: Id | null, CreatedByUser?: Id | null, senderName?: string | null, 
/**
 * The chat's WhatsApp label ids when the message was sent; the CRM label rules
 * (`crmLabelSyncData`) decide from them which CRMs the message syncs to.
 */
Labels?: Array<Id> | null, };

/**
 * `POST /api/v2/events/messages`: a batch of chat-message events for one organisation.
 */
export type MessageEventsBatch = { org_id: number, 
/**
 * At most 1 000 events with the webhook fields: `MessageId, Message, Chatid, File,
 * FileName, Ack, Datetime, Date, Direction (OUTGOING | INCOMING), SentById, ChannelName,
 * ChannelId, SentByNumber, sentByUserId, CreatedByUser, senderName`, plus optional `Labels` (the chat's label ids, which the CRM label rules read).
 * Any JSON value is taken: an event that is not an object, or breaks a rule, is refused on
 * its own in the answer's `rejected`, not with the batch.
 */
events: Array<MessageEventInput>, };

/**
 * `?org_id&before` of a conversation's messages.
 */
export type MessageListQuery = { org_id: number, 
/**
 * The `next_cursor` of the newer page.
 */
before?: string | null, };

export type MessagePage = { items: Array<InboxMessage>, next_cursor: string | null, };

/**
 * The answer to minting: the token, shown this once and handed to the extension.
 */
export type MintedExtensionToken = { 
/**
 * `sbx_` and 64 hex digits. Stored only as its SHA-256.
 */
token: string, info: ExtensionTokenInfo, };

/**
 * `POST /api/calls`: a call with a contact the caller sees.
 */
export type NewCallLog = { org_id: number, contact_id: number, outcome: string, 
/**
 * 0 to 86 400.
 */
duration_secs: number, description?: string | null, 
/**
 * RFC 3339; now when left out. Not in the future.
 */
called_at?: string | null, };

/**
 * `GET /api/v1/analytics/new-calls`: calls per local half-day, on `createdAt`.
 */
export type NewCallsAnswer = { range: AnalyticsRange, buckets: Array<BucketCount>, };

/**
 * `POST /api/contacts`: a contact by its number, with any fields. Blank is none; an unknown
 * field is refused.
 */
export type NewContact = { org_id: number, 
/**
 * With its country code.
 */
phone: string, name?: string | null, first_name?: string | null, last_name?: string | null, email?: string | null, address?: string | null, company?: string | null, job_title?: string | null, lifecycle_stage?: string | null, lead_status?: string | null, 
/**
 * A member's user id; none (or 0) for nobody.
 */
owner_id: number | null, };

/**
 * `POST /api/deals`: a deal of a contact the caller sees.
 */
export type NewDeal = { org_id: number, contact_id: number, name: string, 
/**
 * A decimal (`1250.50`), not negative, at most two decimals.
 */
amount?: string | null, 
/**
 * Three letters; `USD` when left out.
 */
currency?: string | null, 
/**
 * A stage key; the pipeline's first when left out.
 */
stage?: string | null, 
/**
 * A member's user id; none (or 0) for nobody.
 */
owner_id: number | null, close_date?: string | null, description?: string | null, };

/**
 * One person to add.
 */
export type NewEmployee = { name?: string | null, email?: string | null, 
/**
 * With country code (`number` is read too, as in the import file).
 */
mobile?: string | null, address?: string | null, 
/**
 * Default 3 (employee).
 */
role_id?: number | null, team_id?: number | null, };

/**
 * `POST /api/auth/extension-tokens`: mint a token for the browser extension.
 */
export type NewExtensionToken = { 
/**
 * What its owner calls it in the list (e.g. the browser it went to); default 'Browser
 * extension'. At most 80 characters.
 */
name?: string | null, };

/**
 * `POST /api/tickets`: a ticket of a contact the caller sees.
 */
export type NewTicket = { org_id: number, contact_id: number, name: string, description?: string | null, 
/**
 * A status key; `new` when left out.
 */
status?: string | null, ticket_type?: string | null, };

/**
 * 001 §4 'Notifications can be switched on or off, with sound on or off'.
 */
export type NotificationSettings = { enabled: boolean, sound: boolean, };

/**
 * `POST hubspotauthentication?workspace_id&code&state` (000 §7). `grant_type`, `redirect_uri`,
 * `client_id` and `client_secret` are accepted and ignored: the server exchanges the code with
 * its own configured application.
 */
export type OAuthReturnQuery = { workspace_id: number, code: string, state: string, grant_type?: string | null, redirect_uri?: string | null, client_id?: string | null, client_secret?: string | null, };

/**
 * A lead's questionnaire as the operator sees it.
 */
export type OnboardingAnswers = { team_size: string | null, crms: Array<string>, goal: string | null, goal_text: string | null, answered_at: string | null, tour_status: string, };

/**
 * `PUT /api/account/onboarding`: the questionnaire and the tour, each changed only when sent.
 * Sending any of the four answers saves all four (one missing is cleared); `tour_status` and
 * `tour_step` go together. A field it does not know is refused.
 */
export type OnboardingChange = { team_size?: string | null, crms?: Array<string> | null, goal?: string | null, goal_text?: string | null, tour_status?: string | null, tour_step?: number | null, };

/**
 * The person's answers and where their tour stands.
 */
export type OnboardingState = { 
/**
 * `just_me`, `2_10`, `11_50`, `51_200` or `200_plus`; `null` until answered.
 */
team_size: string | null, 
/**
 * Any of `none` (alone), `hubspot`, `zoho`, `salesforce`, `bitrix24`, `freshdesk`,
 * `leadsquared`, `google_sheets`, `other`.
 */
crms: Array<string>, 
/**
 * `more_sales`, `faster_support`, `team_visibility`, `crm_sync`, `follow_ups` or `other`.
 */
goal: string | null, 
/**
 * The goal in their own words (at most 500 characters).
 */
goal_text: string | null, 
/**
 * When the questionnaire was last saved (RFC 3339); `null`: never.
 */
answered_at: string | null, 
/**
 * `not_started`, `in_progress`, `skipped` or `finished`.
 */
tour_status: string, 
/**
 * The step the tour stopped at, from 0 (the tour has 5 steps).
 */
tour_step: number, 
/**
 * When the tour was last finished, skipped or moved on (RFC 3339).
 */
tour_at: string | null, };

/**
 * 000 §2 'open chat by number' on the shared number.
 */
export type OpenChatRequest = { org_id: number, number: string, };

/**
 * One line of an organisation's change log (issue #25): who changed what, when, from → to.
 */
export type OrgActivity = { id: number, 
/**
 * RFC 3339.
 */
at: string, 
/**
 * `organisation_renamed`, `logo_changed`, `time_zone_changed`, `member_updated` or
 * `invitation_resent`.
 */
action: string, 
/**
 * Who made the change: their name, else their e-mail; null when unknown.
 */
actor: string | null, 
/**
 * The member the change was about (name, else e-mail), for member changes and invitations.
 */
target: string | null, changes: Array<ActivityChange>, };

/**
 * `?org_id&page&per_page` of the organisation's change log.
 */
export type OrgActivityQuery = { 
/**
 * An organisation the caller administers.
 */
org_id: number, 
/**
 * From 0.
 */
page: number, 
/**
 * 1 to 100; 20 by default.
 */
per_page: number, };

/**
 * `POST webhook/deliveries/{id}/resend` and `POST webhook/endpoints/secret`: the organisation.
 */
export type OrgBody = { org_id: number, };

/**
 * `getOrganizationDetails?organization_code`.
 */
export type OrgCodeQuery = { organization_code: string, };

/**
 * One membership (`callyzer_user_mappings[]`, and an entry of the organisation list). The
 * synthetic Personal entry has null ids.
 */
export type OrgMapping = { mapping_id: number | null, org_id: number | null, role_id: number | null, team_id: number | null, 
/**
 * 1 when this is the user's default organisation, else 0.
 */
is_default_org: number, 
/**
 * The same flag under the organisation list's name.
 */
default_org: number, user_status: number | null, joined_at: number | null, callyzer_organization: OrgRef, };

/**
 * `?org_id`.
 */
export type OrgQuery = { org_id: number, };

/**
 * `callyzer_organization` inside a membership.
 */
export type OrgRef = { org_id: number | null, org_name: string, organization_code: string | null, };

/**
 * An organisation as the management screens read it.
 */
export type Organization = { org_id: number, org_name: string, org_logo: string | null, organization_code: string, time_zone: string, plan_id: number, is_trial: boolean, 
/**
 * End of the plan or trial, RFC 3339 UTC; null on the free plan.
 */
validity: string | null, seat_issued: number, 
/**
 * Whether the knowledge-base (AI) screen is on for this organisation.
 */
knowledge_base: boolean, 
/**
 * Whether people may join it by its code (its admins turn it off).
 */
join_by_code: boolean, };

/**
 * `GET /api/v1/analytics/overview`.
 */
export type OverviewAnswer = { range: AnalyticsRange, 
/**
 * One row per selected employee (zeros included), best first by count, ties by id.
 */
users: Array<UserOverview>, totals: DirectionTotals, 
/**
 * 001 §9: the first two and the last two by count.
 */
top_performers: number[], needing_attention: number[], };

/**
 * A page of results.
 */
export type Page<T> = { items: Array<T>, total: number, page: number, per_page: number, };

/**
 * 001 §3 Plan: one plan of the catalogue.
 */
export type Plan = { id: number, plan_name: string, 
/**
 * `self` for individual plans, `teams` otherwise.
 */
plan_type: string, isMonthly: boolean, 
/**
 * US dollars per employee per month (annual plans: the monthly equivalent).
 */
amount: number, 
/**
 * Offering keys, translated by the web app (`billing:offering.<key>`).
 */
offerings: Array<string>, };

/**
 * The banner above the page.
 */
export type PlanBanner = { 
/**
 * `trial_ends_in`, `trial_in_grace`, `plan_in_grace`, `trial_ended` or `plan_expired`.
 */
kind: string, 
/**
 * Whole days left, rounded up (`trial_ends_in`).
 */
days: number | null, 
/**
 * RFC 3339: when the trial or plan ended.
 */
ended_at: string | null, 
/**
 * RFC 3339: when its features go (the grace period's end).
 */
until: string | null, 
/**
 * Over: the sticky banner rather than the notice.
 */
ended: boolean, };

/**
 * A change of an organisation's plan, seats or trial by an operator, with the reason the audit
 * log keeps. Absent fields stay as they are.
 */
export type PlanChange = { plan_id: number | null, seats?: number | null, is_trial?: boolean | null, 
/**
 * The plan's new end, this many days from now (0 ends it now).
 */
valid_days?: number | null, 
/**
 * Why (required).
 */
reason: string, };

/**
 * What a plan allows now, for the features that ask.
 */
export type PlanLimits = { standing: string, effective_plan_id: number, 
/**
 * Chat labels allowed; null is unlimited.
 */
labels: number | null, 
/**
 * Quick replies allowed; null is unlimited.
 */
quick_replies: number | null, 
/**
 * The sent-from-the-product signature is appended.
 */
signature: boolean, ai_replies_per_day: number, 
/**
 * Seats the organisation may hold; null for a personal workspace.
 */
seats: number | null, 
/**
 * What to offer the caller: the one answer the upgrade card, the banner and the popup read.
 */
upsell: PlanUpsell, };

/**
 * What the end of the current period means (issue #25): `renews` on `at`, `ends` on `at`,
 * `trial_ends` on `at`, or in `grace_until` `at`.
 */
export type PlanTerm = { kind: string, 
/**
 * RFC 3339.
 */
at: string, };

/**
 * What to offer the caller (issue #25), decided by the domain's `upsell` rule from the plan's
 * standing, the caller's role and what is left to buy.
 */
export type PlanUpsell = { 
/**
 * The side navigation's card: `upgrade` or `renew`; null: no card.
 */
card: string | null, banner: PlanBanner | null, 
/**
 * The banner's button: `upgrade` or `renew`; `ask_admin` is a sentence (the caller cannot
 * buy); null: none.
 */
action: string | null, 
/**
 * The upgrade popup: `individual` or `expired`; null: it does not open.
 */
popup: string | null, 
/**
 * The plan in force is Free ("You don't have Teams plan").
 */
no_teams_plan: boolean, };

/**
 * 001 §3 'Priority: none, low, medium, high, very low, very high'.
 */
export type Priority = "none" | "very_low" | "low" | "medium" | "high" | "very_high";

/**
 * `PATCH /api/account/profile`: only the fields present change; an empty `country` or
 * `whatsapp_no` clears it. A field it does not know is refused (a misspelt one would otherwise
 * change nothing, silently).
 */
export type ProfileChange = { 
/**
 * Not blank, at most 120 characters, no control characters.
 */
name?: string | null, preferred_language?: string | null, country?: string | null, whatsapp_no?: string | null, };

/**
 * `GET /api/account/profile?workspace_id&org_id`: 001 §7 'GET all user profile data'. The
 * role is the caller's in `org_id` (their default organisation when absent; none in their own
 * workspace).
 */
export type ProfileQuery = { 
/**
 * The caller's own id (a user's id is their `workspace_id`); another id is 404.
 */
workspace_id: number | null, org_id: number | null, };

/**
 * A user property's type (001 §3 'User property: name, value, type; options may be added').
 */
export type PropertyKind = "text" | "number" | "date" | "boolean" | "select";

/**
 * One property's value for a contact.
 */
export type PropertyValueEntry = { property_id: number, value: string, };

/**
 * 000 §3: an integration, by its card's `dataKey`.
 */
export type Provider = "googleSheet" | "hubspot" | "freshdesk" | "zoho" | "salesforce" | "leadsquared" | "bitrix" | "webhooks";

/**
 * `POST v2 other/proxy`: kept only for the LeadSquared credential check; any other host is
 * refused.
 */
export type ProxyRequest = { url: string, method?: string | null, payload: unknown, headers?: { [key in string]?: string } | null, };

/**
 * 001 §2 'Templates and quick replies (create for self or for a team, … sent count)'.
 */
export type QuickReply = { id: number, name: string, 
/**
 * May hold variables (`{{first_name}}`, …), filled when it is used.
 */
message: string, 
/**
 * For a team (its id), or none for the author alone.
 */
team_id: number | null, owner_id: number, 
/**
 * Whether the caller may change or delete it.
 */
editable: boolean, attachment: AttachmentInfo | null, sent_count: number, updated_at: string, };

/**
 * `GET /api/v1/whatzapp/quickreplies/analytics`: quick replies sent per selected employee.
 */
export type QuickReplyAnalytics = { range: AnalyticsRange, quick_reply_updated_counts: Array<UserCount>, };

/**
 * The quick replies the caller sees, with the plan's limit (001 §9: 5 on Free).
 */
export type QuickReplyList = { items: Array<QuickReply>, 
/**
 * The most the caller may own; none when unlimited.
 */
limit: number | null, 
/**
 * How many the caller owns.
 */
used: number, 
/**
 * 001 §6: the Free plan's sent-from-the-product signature, appended to every message sent.
 */
signature: string | null, 
/**
 * Whether the caller may share quick replies with a team (admins; managers when the
 * organisation lets them).
 */
may_edit_team_tools: boolean, };

/**
 * Creates or changes a quick reply.
 */
export type QuickReplyRequest = { org_id: number | null, 
/**
 * `domain::manage::quick_reply`: not blank, at most 60 characters (`MAX_NAME_CHARS`).
 */
name: string, 
/**
 * At most 4 096 characters (`MAX_MESSAGE_CHARS`).
 */
message: string, 
/**
 * Share with a team of the organisation (Teams admins decide who may).
 */
team_id: number | null, 
/**
 * A file follows (uploaded next): the message may then be empty.
 */
has_attachment?: boolean | null, };

/**
 * `POST /api/manage/quick-replies/{id}/sent`: the extension used a quick reply.
 */
export type QuickReplySent = { org_id: number | null, 
/**
 * Makes a retried report count once; not blank.
 */
event_id: string, };

/**
 * A reminder's recurrence (001 §3 'doesn't repeat, daily, weekly, monthly, annually').
 */
export type Recurrence = "none" | "daily" | "weekly" | "monthly" | "annually";

/**
 * `POST /api/referrals/invites`: friends' addresses (1 to 10).
 */
export type ReferralInvites = { emails: Array<string>, };

/**
 * How many invitations went out.
 */
export type ReferralInvitesSent = { sent: number, };

/**
 * `GET /api/referrals`: the person's link and report.
 */
export type ReferralReport = { code: string, 
/**
 * `<public_url>/workspace/signup?ref=<code>`.
 */
link: string, invites_sent: number, 
/**
 * Friends who signed up through the link.
 */
signed_up: number, 
/**
 * Of those, the ones that earn (not the person themself, not a throwaway address).
 */
earning: number, 
/**
 * Earning sign-ups still needed for the next credit (1 or 2).
 */
next_credit_in: number, credits_earned_minor: number, 
/**
 * Credits not yet taken off an invoice.
 */
balance_minor: number, 
/**
 * Newest first.
 */
credits: Array<CreditEntry>, };

/**
 * Remove user: `?user_id&org_id` (admins).
 */
export type RemoveUserQuery = { user_id: number, org_id: number, };

/**
 * A conversation's new title.
 */
export type RenameConversation = { 
/**
 * 1 to 80 characters once trimmed.
 */
title: string, };

/**
 * A repeat's unit (001 §3 'repeat every N minute/hour/day/week/month'; reminders add years).
 */
export type RepeatUnit = "minute" | "hour" | "day" | "week" | "month" | "year";

/**
 * The replies left today.
 */
export type RepliesLeft = { replies_left: number, daily_limit: number, };

export type ReplyClaim = { replies: Array<ClaimedReply>, };

/**
 * `POST /api/v2/inbox/replies/claim`: the extension asks for the replies the team wrote in the
 * caller's own chats.
 */
export type ReplyClaimRequest = { 
/**
 * At most this many (1 to 100, default 20; any other number is brought into that range).
 */
limit?: number | null, 
/**
 * How long the replies are the caller's (10 to 600 seconds, default 60; brought into range).
 */
lease_seconds?: number | null, };

/**
 * `POST /api/v2/inbox/replies/{id}/report`.
 */
export type ReplyReport = { claim_token: string, 
/**
 * `sent` or `failed`.
 */
status: string, 
/**
 * WhatsApp's id of the sent message (the same the extension reports the chat message
 * under), so the inbox stores it once.
 */
message_id?: string | null, error?: string | null, };

/**
 * 001 §1, §9 AI reply generator: the chat's last messages.
 */
export type ReplyRequest = { org_id: number, messages: Array<ChatLine>, 
/**
 * The contact's name, to fill a quick reply's variables (`{{first_name}}`, …).
 */
contact_name?: string | null, };

/**
 * A suggested reply and the replies left today (001 §9 'shown as replies left').
 */
export type ReplySuggestion = { 
/**
 * Null when nothing in the quick replies or the documents fits the chat.
 */
suggestion: string | null, 
/**
 * `ai`, `quick_reply`, `documents` or `none`.
 */
source: string, citations: Array<Citation>, replies_left: number, daily_limit: number, };

/**
 * `POST employees/resend-invitation`: send an invited member their invitation again.
 */
export type ResendInvitation = { org_id: number, user_id: number, };

/**
 * The v1 answer: `result` true on success, the payload in `data`.
 */
export type ResultEnvelope<T> = { result: boolean, data: T, };

/**
 * A role (`callyzer_user_role`).
 */
export type Role = { id: number, role_name: string, };

/**
 * A user field chosen as a record type's phone-number field (000 §3 `selectedField`).
 */
export type SalesforceField = { 
/**
 * The field's API name.
 */
id: string, 
/**
 * The field's label.
 */
name: string, };

/**
 * One field of Salesforce's UI-API object info: its API name, label and data type.
 */
export type SalesforceFieldInfo = { apiName: string, label: string, dataType?: string | null, };

/**
 * `POST v2 salesforce/auth` (000 §7): the code Salesforce returned and our `state`;
 * `redirect_uri` is accepted and ignored, `workspace_id`, when given, must be the caller's.
 */
export type SalesforceLink = { code: string, state: string, redirect_uri?: string | null, workspace_id: number | null, };

/**
 * An object's info: its fields by API name.
 */
export type SalesforceObjectInfo = { fields: { [key in string]?: SalesforceFieldInfo }, };

/**
 * The object infos of v2 `salesforce/record-type/fields`: only `User`.
 */
export type SalesforceObjectInfos = { User: SalesforceObjectInfo, };

/**
 * One Salesforce record type (000 §3 'Salesforce record type'), with Salesforce's own names.
 */
export type SalesforceRecordType = { Id: string, Name: string, DeveloperName?: string | null, };

/**
 * v2 `salesforce/record-type/fields?id` (000 §7): `data.objectInfos.User.fields`.
 */
export type SalesforceRecordTypeFields = { objectInfos: SalesforceObjectInfos, };

/**
 * The query of v2 `salesforce/record-type/fields`: the record type's `Id`.
 */
export type SalesforceRecordTypeQuery = { 
/**
 * A Salesforce record id: 15 or 18 letters and digits.
 */
id: string, };

/**
 * v2 `salesforce/record-types` (000 §7): `data.records`.
 */
export type SalesforceRecordTypes = { records: Array<SalesforceRecordType>, };

/**
 * v2 `salesforce/settings` (000 §3): contact creation (default on) and the record types with
 * their phone-number fields.
 */
export type SalesforceSettings = { contactCreationEnabled: boolean, contactRecordTypes: Array<ContactRecordType>, };

/**
 * Creates or changes a scheduled message.
 */
export type ScheduleRequest = { org_id: number | null, recipient: string, message: string, 
/**
 * `YYYY-MM-DDTHH:MM` in `time_zone`.
 */
start: string, time_zone: string, every?: number | null, 
/**
 * `domain::recurrence::RepeatUnit`.
 */
unit?: RepeatUnit | null, 
/**
 * Stop after this many sends: 1 to 10 000 (`domain::recurrence::MAX_STOP_AFTER`).
 */
stop_after?: number | null, 
/**
 * `send_late` (the default) or `skip`.
 */
missed_policy?: string | null, cancel_if_replied?: boolean | null, 
/**
 * A file follows (uploaded next): the message may then be empty.
 */
has_attachment?: boolean | null, };

/**
 * One send of a schedule.
 */
export type ScheduleSend = { id: number, occurrence: number, due_at: string, 
/**
 * `due`, `claimed`, `sent`, `failed`, `missed` or `cancelled` (the contact replied).
 */
status: string, 
/**
 * Sent after its time (the browser was closed).
 */
late: boolean, error: string | null, };

/**
 * A scheduled message (001 §3 'recipient, message, attachment, time, recurrence').
 */
export type ScheduledMessage = { id: number, recipient: string, message: string, attachment: AttachmentInfo | null, 
/**
 * `YYYY-MM-DDTHH:MM` in `time_zone`: the first send.
 */
start: string, time_zone: string, every: number | null, 
/**
 * `domain::recurrence::RepeatUnit`.
 */
unit: RepeatUnit | null, stop_after: number | null, 
/**
 * `send_late` or `skip`: what a send missed while no browser was open does.
 */
missed_policy: string, 
/**
 * The next send is cancelled when the contact has written since the schedule was made.
 */
cancel_if_replied: boolean, 
/**
 * `active`, `finished` or `cancelled`.
 */
status: string, next_send_at: string | null, sent: number, failed: number, missed: number, 
/**
 * The latest sends, newest first.
 */
recent: Array<ScheduleSend>, };

/**
 * `GET /api/v1/whatzapp/scheduler/analytics`.
 */
export type SchedulerAnalytics = { range: AnalyticsRange, schedulers: Array<SchedulerCount>, };

/**
 * One workspace's scheduled messages (001 §3 'per workspace_id, a schedulers count').
 */
export type SchedulerCount = { workspace_id: number, schedulers: number, };

/**
 * `remainseatsavablity?org_id`.
 */
export type SeatAvailability = { seat_issued: number, 
/**
 * Members holding a seat (active and invited).
 */
seats_used: number, 
/**
 * Seats still free (never below 0).
 */
remaining_seats: number, };

/**
 * `POST /api/billing/seats`: the billing screen after the change and what the change cost
 * (null when the number was already the plan's).
 */
export type SeatChangeAnswer = { change: SeatPreview | null, plan: CurrentPlan, 
/**
 * What happens at the end of the period; null on Free or for a plan with no end.
 */
term: PlanTerm | null, seats: Seats | null, estimated_invoice: EstimatedInvoice | null, invoices: Array<Invoice>, 
/**
 * The organisation's IANA zone, in which its times are shown; null for a personal
 * workspace (the browser's zone). The history is paged apart (`/api/billing/history`).
 */
time_zone: string | null, 
/**
 * Whether the caller may change the plan or seats (organisation admins; the owner of a
 * personal workspace).
 */
can_manage: boolean, 
/**
 * Whether a subscription with the provider exists (seats change through it).
 */
subscribed: boolean, manageBillingURL: string | null, };

/**
 * The price of a change of seats, before it is confirmed.
 */
export type SeatPreview = { current_seats: number, new_seats: number, 
/**
 * Charged now for the added seats over the rest of the period.
 */
due_now_minor: number, 
/**
 * The next invoice with the new seats.
 */
next_invoice_minor: number, currency: string, 
/**
 * A removal waits for the period's end.
 */
at_period_end: boolean, period_end: string | null, };

/**
 * Seats of an organisation's plan.
 */
export type Seats = { seat_issued: number, seats_used: number, 
/**
 * Seats kept from the period's end after a removal (a scheduled decrease).
 */
pending_seats: number | null, 
/**
 * RFC 3339: when the scheduled decrease applies (the period's end).
 */
pending_from: string | null, 
/**
 * The fewest seats the plan may be set to: the team minimum and every member.
 */
min: number, 
/**
 * The most seats one plan may hold (the domain's `MAX_SEATS`).
 */
max: number, };

/**
 * A change of seats: `GET` previews it, `POST` makes it.
 */
export type SeatsRequest = { 
/**
 * An organisation the caller administers.
 */
org_id: number, 
/**
 * The seats wanted: a team of at least `MIN_TEAM_SIZE`, at most `MAX_SEATS`
 * (`domain::plans::TeamSeats`; fewer than the members is a conflict, 409).
 */
seats: number, };

/**
 * `POST /api/v2/schedules/sends/{id}/report`.
 */
export type SendReport = { claim_token: string, 
/**
 * `sent` or `failed`.
 */
status: string, error?: string | null, };

/**
 * `GET /api/auth/session`: `user` is null when nobody is signed in (a 200, so an anonymous
 * visit is not an error in the browser's console).
 */
export type SessionInfo = { user: SessionUser | null, };

export type SessionUser = { 
/**
 * The user's id, which is also their `workspace_id`.
 */
id: number, email: string, name: string | null, };

/**
 * Set active organisation: `?workspace_id&org_id`; no `org_id` means the Personal workspace.
 */
export type SetActiveOrgQuery = { workspace_id: number, org_id?: number | null, };

/**
 * The settings a person changes; turning the signature off on Free is 402 `not_in_plan`.
 */
export type SettingsChange = { blur_contacts: boolean, ai_button: boolean, signature: boolean, notifications_enabled: boolean, notification_sound: boolean, };

/**
 * `GET|PUT /api/account/settings?org_id`: the person's settings; the plan is the one of the
 * workspace named (their own when absent).
 */
export type SettingsQuery = { org_id: number | null, };

/**
 * A member's target against what it received (the report).
 */
export type ShareRow = { owner_id: string, name: string, target: number, assigned: number, actual: number, };

/**
 * `GET getsheetfunnel` (000 §7 `data.funnel_name`, the label).
 */
export type SheetFunnel = { funnel_name?: string | null, };

/**
 * `PATCH updatesheetfunnel` (000 §7): the new label (`spreadsheet_label` rule).
 */
export type SheetFunnelUpdate = { workspace_id: number, 
/**
 * Not blank (`SheetLabel::parse`).
 */
updated_name: string, };

/**
 * `GET googlesheet` (000 §7 `data.sheet_id`): the link's state and its non-secret settings.
 */
export type SheetLinkStatus = { connected: boolean, needs_reconnect: boolean, sheet_id?: string | null, sub_sheet_name?: string | null, label_name?: string | null, file_name?: string | null, };

/**
 * Signed in: the session's user (as `GET /api/auth/session` gives it). The session itself is the
 * HttpOnly cookie; its value is never in a body.
 */
export type SignedIn = { user: SessionUser, 
/**
 * True when this sign-in created the account.
 */
signed_up: boolean, };

/**
 * The endpoint's signing secret (`whsec_…`): answered once, when it is made or rotated.
 */
export type SigningSecret = { org_id: number, signing_secret: string, };

/**
 * The v2 helpers' answer: `status` true on success.
 */
export type StatusEnvelope<T> = { status: boolean, data: T, };

/**
 * One `sync_list` entry (001 §3).
 */
export type SyncEntry = { user_id: number, 
/**
 * call, whatsapp or conversationAnalytics.
 */
sync_type: string, syncing_active: number, };

/**
 * 000 §4 sync statuses of a link: READY after a delivery, PROCESSING while a failed one waits
 * for its retry, ERROR once one was given up (the page tells the user), FAILED when the link
 * itself must be connected again; STARTING and STOPPED as the spec lists them.
 */
export type SyncState = "STARTING" | "PROCESSING" | "READY" | "ERROR" | "FAILED" | "STOPPED";

/**
 * One tab's count.
 */
export type TabCount = { tab: string, count: number, };

/**
 * Sets a contact's one or two tags.
 */
export type TagsRequest = { org_id: number | null, 
/**
 * `domain::manage::contact_tags`: one or two (`MAX_TAGS`), each not blank and at most 10
 * characters (`MAX_TAG_CHARS`).
 */
tags: Array<string>, };

export type TaskList = { items: Array<InboxTask>, };

/**
 * `?org_id&conversation_id` of the task list.
 */
export type TaskQuery = { org_id: number, 
/**
 * One conversation's tasks; none: every task the caller sees.
 */
conversation_id: number | null, };

/**
 * Creates or changes a task.
 */
export type TaskRequest = { org_id: number, conversation_id: number | null, 
/**
 * Not blank, at most 200 characters.
 */
name: string, 
/**
 * RFC 3339.
 */
due_at?: string | null, status?: string | null, priority?: string | null, assignee_id: number | null, visibility?: string | null, };

/**
 * A team (`callyzer_orgamnization_team`): `team_color` is a palette id; its colours travel
 * beside it.
 */
export type Team = { id: number, org_id: number, team_name: string, team_color: number | null, bg_color: string | null, text_color: string | null, 
/**
 * Members in the team (only in the organisation's team list).
 */
member_count?: number, };

/**
 * 001 §3 team add-on list entry: prices per employee per month in each currency and period.
 */
export type TeamAddon = { id: number, 
/**
 * `calls`, `whatsapp` or `ai_reply`.
 */
key: string, inr: number, usd: number, annual_inr: number, annual_usd: number, };

/**
 * 001 §3 team list entry: one visible member.
 */
export type TeamListEntry = { user_id: number, team_id: number | null, callyzer_orgamnization_team: Team | null, whatzapp_basic_info: BasicInfo, };

/**
 * Who may change team labels and quick replies in an organisation (001 §6 'Teams plan lets
 * admins control access to team labels and quick replies').
 */
export type TeamToolsAccess = { org_id: number, 
/**
 * `admins` or `admins_and_managers`.
 */
editors: string, };

/**
 * `teams list?user_id` (the workspace id), optionally `&org_id` (default: the default
 * organisation).
 */
export type TeamsListQuery = { user_id: number, org_id?: number | null, };

/**
 * One ticket.
 */
export type Ticket = { id: number, org_id: number, contact_id: number, name: string, description: string | null, 
/**
 * `new`, `waiting_on_contact`, `waiting_on_us`, `closed`.
 */
status: string, 
/**
 * `support`.
 */
pipeline: string, 
/**
 * `product_issue`, `billing_issue`, `feature_request`, `general_inquiry`; none.
 */
ticket_type: string | null, created_by: number | null, 
/**
 * RFC 3339, UTC: when it was closed.
 */
closed_at: string | null, 
/**
 * The CRM it was written to (`hubspot`), once written.
 */
crm_provider: string | null, created_at: string, updated_at: string, };

/**
 * `PATCH /api/tickets/{id}`: the fields to change; a field left out stays, a blank one is
 * cleared.
 */
export type TicketUpdate = { org_id: number, name?: string | null, description?: string | null, status?: string | null, ticket_type?: string | null, };

/**
 * A point in time as the browser or the API gives it: UTC epoch milliseconds, or text (RFC 3339,
 * `YYYY-MM-DD HH:MM:SS` read as UTC, `YYYY-MM-DD` read as the start of that day in the zone, or
 * digits read as epoch milliseconds).
 */
export type TimeValue = number | string;

/**
 * One page of a contact's timeline.
 */
export type Timeline = { items: Array<TimelineItem>, 
/**
 * The cursor of the next (older) page; none at the end.
 */
next?: string | null, };

/**
 * One thing that happened with a contact.
 */
export type TimelineItem = { 
/**
 * `message` (a chat message, a member's own chat or the shared number's), `call`
 * (a WhatsApp call the extension reported), `note`, `task` (a follow-up), `deal`,
 * `ticket`, `call_log`.
 */
kind: string, 
/**
 * The record's id within its kind.
 */
id: number, 
/**
 * RFC 3339, UTC: when it happened (a message's or call's time; a record's creation; a
 * task's due time).
 */
at: string, 
/**
 * The member it belongs to: who chatted, called, wrote or owns it.
 */
user_id: number | null, 
/**
 * A message or call: `incoming` or `outgoing`.
 */
direction?: string | null, 
/**
 * A note's, task's, deal's or ticket's title or name.
 */
title?: string | null, 
/**
 * A message's text (at most 500 characters), a note's body, a task's notes, a
 * description.
 */
text?: string | null, 
/**
 * A deal's stage, a ticket's status, a logged call's outcome, `done` or `open` for a
 * task.
 */
status?: string | null, 
/**
 * A call's or logged call's length in seconds.
 */
duration_s: number | null, };

/**
 * `GET /api/contacts/{id}/timeline`.
 */
export type TimelineQuery = { org_id: number, 
/**
 * The `next` of the previous page; the newest page without it.
 */
before?: string | null, };

/**
 * The organisation-details answer (001 §7.5): `type` true on success, `data[0]` the
 * organisation.
 */
export type TypeEnvelope<T> = { type: boolean, data: T, };

/**
 * A question nothing in the documents answered.
 */
export type UnansweredQuestion = { question: string, at: string, };

/**
 * Update one employee (admins). Absent fields stay; `team_id` 0 takes them out of their team.
 */
export type UpdateEmployee = { org_id: number, user_id: number, role_id?: number | null, team_id?: number | null, 
/**
 * 1/0 or true/false.
 */
syncing_active?: boolean | null, address?: string | null, employee_code?: string | null, };

/**
 * Update an organisation (admins). Absent fields stay; an empty `org_logo` removes the logo.
 */
export type UpdateOrganization = { org_id: number, org_name?: string | null, 
/**
 * An http(s) URL (`domain::inputs::HttpUrl`); empty: no logo.
 */
org_logo?: string | null, time_zone?: string | null, };

/**
 * Update a team's details (admins, and the team's manager).
 */
export type UpdateTeam = { org_id: number, team_id: number, 
/**
 * As when creating.
 */
team_name?: string | null, team_color?: number | null, };

/**
 * One usage event (a quick reply sent, a message scheduled) as the extension sends it.
 */
export type UsageEventInput = { id?: Id | null, Datetime?: TimeValue | null, CreatedByUser?: Id | null, };

/**
 * `POST /api/v2/events/quick-replies` and `/schedulers`: quick replies sent or messages
 * scheduled, one event each: `{id, CreatedByUser, Datetime}`.
 */
export type UsageEventsBatch = { org_id: number, 
/**
 * Any JSON value is taken: an event that is not an object, or breaks a rule, is refused on
 * its own in the answer's `rejected`, not with the batch.
 */
events: Array<UsageEventInput>, };

/**
 * One user's count (001 §3 `quick_reply_updated_counts` entry).
 */
export type UserCount = { user_id: number, count: number, };

/**
 * 000 §3 / 001 §3 user existence data.
 */
export type UserExistence = { 
/**
 * The user's id, also their `workspace_id`.
 */
id: number, email: string | null, name: string | null, mobile: string | null, profile_pic: string | null, integrations: IntegrationFlags, callyzer_user_mappings: Array<OrgMapping>, };

/**
 * `checkuserexistance?user_email|user_mobile`.
 */
export type UserExistenceQuery = { user_email?: string | null, user_mobile?: string | null, };

/**
 * One employee's row of the overview.
 */
export type UserOverview = { user_id: number, name: string | null, team_id: number | null, incoming: CallTotals, outgoing: CallTotals, missed: CallTotals, rejected: CallTotals, all: CallTotals, };

/**
 * 001 §7 user plan list: the plans, the caller's current plan and where to manage billing.
 */
export type UserPlans = { plans: Array<Plan>, current: CurrentPlan, 
/**
 * 000 §3 plan details: opens the provider's customer portal (null before a purchase).
 */
manageBillingURL: string | null, };

/**
 * A user property of the organisation (001 §3 'User property: name, value, type; options').
 */
export type UserProperty = { id: number, name: string, kind: PropertyKind, options: Array<string>, };

/**
 * Creates or changes a user property.
 */
export type UserPropertyRequest = { 
/**
 * Properties belong to an organisation: none is 422 `properties_need_organisation`.
 */
org_id: number | null, 
/**
 * Not blank, no digit (`domain::manage::user_property`; digits of other scripts too), at most 60
 * characters.
 */
name: string, 
/**
 * `domain::manage::PropertyKind`.
 */
kind: PropertyKind, options?: Array<string> | null, };

/**
 * `POST /api/auth/verify`: sign in (or sign up) with the code.
 */
export type VerifyRequest = { 
/**
 * `domain::inputs::Email`: one `@`, text before it, a dot inside the text after it.
 */
email: string, 
/**
 * `domain::accounts::OtpCode`: six digits (spaces ignored).
 */
code: string, 
/**
 * The code of the link the person came by (`/workspace/signup?ref=`): a first sign-up is
 * recorded as the referrer's friend. Ignored when malformed or unknown.
 */
referral_code?: string | null, };

/**
 * The visitor's currency (001 §7 item 9), from the configured geolocation database.
 */
export type VisitorCurrency = { 
/**
 * ISO 4217 code, or null when unknown (no database, a private address, no match).
 */
currency: string | null, 
/**
 * ISO 3166 country code the address belongs to, when known.
 */
country: string | null, };

/**
 * The organisation's webhook endpoint. The token is never sent back: `auth_token` is a mask
 * (`••••` and its last four characters) when one is set, so the page can show it locked.
 */
export type WebhookEndpoint = { org_id: number, duplex_webhook?: string | null, auth_token?: string | null, 
/**
 * 1 on, 0 off (000 §9).
 */
status: number, 
/**
 * The Standard Webhooks signing secret, only in the answer that made it (the first save);
 * afterwards see `has_signing_secret` and rotate to get a new one.
 */
signing_secret?: string | null, has_signing_secret: boolean, };

/**
 * `GET webhook/endpoints?org_id`.
 */
export type WebhookQuery = { org_id: number, };

/**
 * `POST webhook/endpoints`: `org_id` plus one (or more) of the three values.
 */
export type WebhookUpdate = { org_id: number, 
/**
 * An http(s) URL (`domain::inputs::HttpUrl`) at an address the server may reach.
 */
duplex_webhook?: string | null, 
/**
 * 1 on, 0 off.
 */
status?: number | null, auth_token?: string | null, };

/**
 * `?workspace_id` (the caller's own user id).
 */
export type WorkspaceQuery = { workspace_id: number, };

/**
 * `POST zoho/auth/token` (000 §7): the code (`temp_code`), the data centre Zoho returned
 * (`temp_account_server_url`, its `accounts-server`) and our `state`. `client_id`,
 * `client_secret` and `redirect_uri` are accepted and ignored. The answer does not carry the
 * refresh token the spec shows: tokens stay on the server.
 */
export type ZohoLink = { workspace_id: number, temp_code: string, temp_account_server_url: string, state: string, client_id?: string | null, client_secret?: string | null, redirect_uri?: string | null, };

/**
 * `GET zoho/scopes` (000 §7): `data.scopes`.
 */
export type ZohoScopes = { scopes: Array<string>, };

