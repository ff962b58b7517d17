// Generated from crates/domain (src/registry.rs) by
//   UPDATE_GENERATED=1 cargo test -p switchboard-domain --features ts
// Do not edit by hand; `cargo test -p switchboard-domain --features ts` fails when it drifts.

/** Every code a rule can reject with; each is a key of `locales/<lang>/errors.json`. */
export type RuleErrorCode =
  | "unknown_time_zone"
  | "domain_empty"
  | "domain_must_include_bitrix"
  | "domain_not_a_host"
  | "freshdesk_domain_empty"
  | "api_key_empty"
  | "fields_required"
  | "label_name_empty"
  | "endpoint_invalid"
  | "value_invalid"
  | "email_invalid"
  | "url_invalid"
  | "not_a_number"
  | "date_invalid"
  | "shift_invalid"
  | "shifts_overlap"
  | "shifts_too_many"
  | "holidays_too_many"
  | "team_too_small"
  | "too_many_seats"
  | "percentage_required"
  | "percentage_invalid"
  | "percentage_over_100"
  | "total_percentage_others"
  | "total_percentage_current"
  | "exceeds_100"
  | "fix_percentage_errors_first"
  | "onboarding_stage_unknown"
  | "region_unknown"
  | "date_range_reversed"
  | "range_too_long"
  | "no_date"
  | "admin_only"
  | "admins_managers_only"
  | "amount_invalid"
  | "failed_to_fetch_in_retries"
  | "invalid_retries"
  | "invalid_callback"
  | "not_enough_randomness"
  | "zoho_state_mismatch"
  | "attachment_not_supported"
  | "phone_invalid"
  | "phone_country_code_missing"
  | "phone_required"
  | "contact_required"
  | "otp_invalid"
  | "code_expired"
  | "code_attempts_exhausted"
  | "organisation_code_invalid"
  | "organisation_name_required"
  | "team_name_required"
  | "team_name_too_long"
  | "team_color_unknown"
  | "role_unknown"
  | "employee_exists"
  | "import_row_duplicate"
  | "contact_not_yours"
  | "import_file_unreadable"
  | "import_number_column_missing"
  | "import_too_many_rows"
  | "crm_unknown"
  | "label_in_both_lists"
  | "quick_reply_name_invalid"
  | "quick_reply_message_invalid"
  | "label_name_too_long"
  | "label_color_invalid"
  | "label_admin_only"
  | "label_name_taken"
  | "funnel_name_invalid"
  | "funnel_stages_required"
  | "funnel_stage_invalid"
  | "funnel_stage_duplicate"
  | "property_name_has_number"
  | "property_name_duplicate"
  | "property_options_required"
  | "property_value_mismatch"
  | "properties_need_organisation"
  | "tag_required"
  | "tags_too_many"
  | "tag_too_long"
  | "title_required"
  | "time_has_passed"
  | "message_and_upload_empty"
  | "repeat_invalid"
  | "attachment_too_large"
  | "photo_unreadable"
  | "photo_too_large"
;

/** A rule's outcome: `{ ok }` with its output, or `{ err }` with the code it broke. */
export type Outcome<T> = { ok: T } | { err: RuleErrorCode };

/**
 * Input of the `access_check` rule.
 */
export type AccessInput = { level: AccessLevel, 
/**
 * The stored userRoleId; absent without an organisation mapping.
 */
roleId?: number | null, };

/**
 * 000 §3 `accessLevel` and 000 §6 'Card access'.
 */
export type AccessLevel = "admin" | "manager" | "all";

/**
 * Input of the `age_at_least` rule: dates as `YYYY-MM-DD`; `today` is the caller's local date.
 */
export type AgeInput = { date: string, today: string, years: number, };

/**
 * Input of the `ai_addon_price` rule.
 */
export type AiAddonInput = { currency?: string | null, annual: boolean, };

/**
 * The plan card's badge.
 */
export type AnnualBadge = { 
/**
 * 23 on paid plans (Pro Plus, Teams) when billed annually; null otherwise.
 */
percentOff: number | null, };

/**
 * Input of the `annual_badge` rule.
 */
export type AnnualBadgeInput = { planId: number, 
/**
 * The Monthly/Annually toggle is on Annually.
 */
annual: boolean, };

/**
 * The body of `POST dashboard/dynamic-assignment` (000 §7), with the spec's field names.
 */
export type AssignmentMember = { owner_id: Id, name: string, target_percentage: number, region: Region, onboarding_stage: Array<OnboardingStage>, };

/**
 * The option lists of the member form (`assignment_options` rule).
 */
export type AssignmentOptions = { onboardingStages: Array<OnboardingStage>, regions: Array<Region>, defaultRegion: Region, };

/**
 * An accepted attachment.
 */
export type Attachment = { name: string, size: number, };

/**
 * Input of the `chat_attachment` rule: what the browser's `File` says.
 */
export type AttachmentInput = { name: string, 
/**
 * `File.type`; browsers send an empty string when they do not know.
 */
mimeType?: string | null, size: number, };

/**
 * 000 §3 `whatzapp_basic_info` (sic).
 */
export type BasicInfo = { name?: string | null, mobile?: string | null, };

/**
 * A Bitrix24 portal address, always `https://<host>` with no trailing slash (000 §5).
 */
export type BitrixDomain = string;

/**
 * Input of the `bitrix_domain` rule.
 */
export type BitrixDomainInput = { domain: string, };

/**
 * A bucket's name: an ISO key for days and half-days, the hour number for hour-of-day.
 */
export type BucketKey = number | string;

/**
 * The bucket names of a range, in order.
 */
export type BucketKeys = Array<BucketKey>;

/**
 * The bucket an instant falls in; null for an hour outside 8..=20.
 */
export type BucketOf = { key: BucketKey | null, };

/**
 * Input of the `bucket_of` rule.
 */
export type BucketOfInput = { granularity: Granularity, 
/**
 * The instant, UTC epoch ms.
 */
at: number, timeZone?: string | null, };

/**
 * Input of the `bucket_keys` rule.
 */
export type BucketRangeInput = { granularity: Granularity, startMs: number, endMs: number, timeZone?: string | null, };

/**
 * Every number or default the UI needs to display.
 */
export type BusinessConstants = { 
/**
 * 000 §9: 'Chatter message page size: 20'.
 */
chatterPageSize: number, 
/**
 * 000 §1, §9: 'Toast time: 2000 ms'.
 */
toastMs: number, 
/**
 * 000 §9: 'Self-close window: 2 minutes'.
 */
selfCloseWindowMs: number, 
/**
 * 000 §9: 'Image reachability timeout: 5000 ms by default'.
 */
imageTimeoutMs: number, 
/**
 * 000 §9: 'Default filter: last 7 days'.
 */
defaultFilterDays: number, 
/**
 * 000 §9: 'Chat attachment: at most 15728640 bytes'.
 */
maxAttachmentBytes: number, 
/**
 * 000 §9: 'Default spreadsheet label: Google Sheet'.
 */
defaultSpreadsheetLabel: string, 
/**
 * 000 §9: 'Default region: other'.
 */
defaultRegion: Region, 
/**
 * 000 §8: 'retries 3 times by default'.
 */
defaultRetries: number, 
/**
 * 000 §9: 'Zoho state value: a random 64-character string'.
 */
zohoStateLength: number, 
/**
 * 001 §9: 'Active-hours chart: hours 8 to 20 only'.
 */
activeHoursFirst: number, activeHoursLast: number, 
/**
 * 001 §9: 'Top direction buckets: 5'.
 */
topDirectionBuckets: number, 
/**
 * 001 §9: 'lists take 2 each'.
 */
rankListSize: number, 
/**
 * 001 §9: 'Organisation name truncated to 10 characters'.
 */
orgNameMaxChars: number, 
/**
 * 001 §9: 'Knowledge-base entry for org id 902'.
 */
knowledgeBaseOrgId: number, 
/**
 * 001 §9: 'Loader cleared 500 ms after results'.
 */
loaderClearMs: number, 
/**
 * 001 §9: 'Switch-to-team delay 3 seconds'.
 */
switchToTeamDelayMs: number, 
/**
 * 001 §9: 'Default employee status filter 2'.
 */
defaultEmployeeStatus: number, 
/**
 * 001 §9: '7-day Teams trial with 3 seats'.
 */
teamsTrialDays: number, teamsTrialSeats: number, 
/**
 * 001 §9: 'minimum team size 3 seats'.
 */
minTeamSize: number, 
/**
 * 001 §9: 'Annual billing shows a 23% Off badge'.
 */
annualDiscountPercent: number, 
/**
 * 001 §9: 'Free plan: 5 chat labels, 5 quick replies'.
 */
freeLabelLimit: number, freeQuickReplyLimit: number, 
/**
 * 001 §9: 'Mentions view covers the last 10 days'.
 */
mentionsDays: number, 
/**
 * The zone every organisation starts with.
 */
defaultTimeZone: string, };

/**
 * Business hours as kept: each day's shifts in order, the holidays sorted without repeats.
 */
export type BusinessHours = { timeZone: string, week: Array<Array<Shift>>, holidays: Array<string>, 
/**
 * Open minutes in a week without holidays (what the form shows as the weekly total).
 */
weeklyMinutes: number, };

/**
 * Input of the `business_hours` rule: the form an admin fills.
 */
export type BusinessHoursInput = { 
/**
 * IANA zone the shifts are read in.
 */
timeZone: string, 
/**
 * Seven days, Monday first; each day's shifts (none: closed).
 */
week: Array<Array<Shift>>, 
/**
 * Local dates closed all day, `YYYY-MM-DD`.
 */
holidays: Array<string>, };

/**
 * The business time of each span, milliseconds, in the spans' order.
 */
export type BusinessTime = { ms: Array<number>, };

/**
 * Input of the `business_time` rule.
 */
export type BusinessTimeInput = { hours: BusinessHoursInput, 
/**
 * At most [`MAX_SPANS`].
 */
spans: Array<Span>, };

/**
 * The `aggregations` object of the answer.
 */
export type CallAggregations = { "2": DirectionTerms, };

/**
 * Counts of one user (or everyone) in one direction (or all).
 */
export type CallStats = { totalCount: number, 
/**
 * Seconds.
 */
totalDuration: number, 
/**
 * Distinct chats. In `all`, the sum over directions: a chat called and calling back counts
 * twice, since distinct counts cannot be added (an upper bound, as the original showed).
 */
uniqueCalls: number, };

/**
 * The analytics search answer (other fields such as `took` and `hits` are ignored).
 */
export type CallsAnswer = { aggregations: CallAggregations, };

/**
 * The `calls_overview` rule's answer.
 */
export type CallsOverview = { 
/**
 * One row per user, best first by the ranking metric (ties by user id).
 */
users: Array<UserCalls>, totals: DirectionStats, 
/**
 * 001 §9: 'first two'.
 */
topPerformers: Array<Id>, 
/**
 * 001 §9: 'last two' — in ranking order (the lowest last), never repeating a top performer.
 */
needingAttention: Array<Id>, comparison: Comparison | null, };

/**
 * Input of the `calls_overview` rule.
 */
export type CallsOverviewInput = { 
/**
 * The answer for the selected period.
 */
current: CallsAnswer, 
/**
 * The answer for the previous period of equal length (001 §7 item 2), when compared.
 */
previous?: CallsAnswer | null, 
/**
 * The selected users (001 §5 'a non-empty list of employees'): each gets a row, with
 * zeros when they made no calls, so a silent employee shows up as needing attention.
 */
userIds?: Array<Id> | null, 
/**
 * What ranks top performers and those needing attention (default count).
 */
rankBy?: RankBy | null, };

/**
 * A provider's card on the Integrations screen (000 §2/§3).
 */
export type Card = { 
/**
 * The brand name, shown as is in every language.
 */
title: string, 
/**
 * The `section` query value that opens the card's page (000 §2).
 */
section: string, 
/**
 * The message the extension receives after a link (000 §4).
 */
extensionKey: string, color: string, initials: string, 
/**
 * The feature list: keys into the `integrations` translation catalogue.
 */
features: Array<string>, };

/**
 * Input of the `card_access` rule.
 */
export type CardAccessInput = { dataKey: Provider, roleId?: number | null, };

/**
 * A number now and in the previous period.
 */
export type Change = { current: number, previous: number, 
/**
 * current − previous.
 */
absolute: number, 
/**
 * (current − previous) / previous × 100, rounded half away from zero to one decimal.
 * When previous is 0: 0 if current is 0 too, otherwise null (growth from nothing has no
 * percentage; the UI shows 'new').
 */
percent: number | null, };

/**
 * A chart series: every bucket of the range in order, empty ones at 0.
 */
export type ChartSeries = { points: Array<Point>, 
/**
 * Sum of the points.
 */
total: number, 
/**
 * Documents in input buckets that fall outside the grid (before or after the range, an
 * hour outside 8..=20, or an unreadable key); `total + outside` is the input's sum.
 */
outside: number, };

/**
 * Input of the `chat_syncs_to_crm` rule.
 */
export type ChatSyncInput = { 
/**
 * The employee's entry for the CRM; absent when they set none.
 */
rule?: CrmLabelSync | null, chatLabels: Array<string>, };

/**
 * Input of the `checkout_plan` rule.
 */
export type CheckoutInput = { planId: number, 
/**
 * 001 §7 item 6 `planid_constant` for the user's currency, when the lookup succeeded.
 */
planidConstant?: number | null, };

/**
 * The plan part of the checkout body (001 §3: workspace_id, plan_id, quantity).
 */
export type CheckoutPlan = { plan_id: number, quantity: number, };

/**
 * The overview's comparison with the previous period, on everyone's totals.
 */
export type Comparison = { totalCount: Change, totalDuration: Change, uniqueCalls: Change, };

/**
 * How a link is made.
 */
export type Connect = { "kind": "oauth", consent: string, } | { "kind": "apiKey" } | { "kind": "webhook" };

/**
 * One CRM's entry of an employee's `crmLabelSyncData`.
 */
export type CrmLabelSync = { crm_name: string, included_labels: Array<string>, excluded_labels: Array<string>, };

/**
 * Input of the `currency_symbol` rule.
 */
export type CurrencyInput = { currency?: string | null, };

/**
 * The symbol to show before prices.
 */
export type CurrencySymbol = { symbol: string, };

/**
 * 000 §3: the date presets, plus the default filter.
 */
export type DatePreset = "today" | "yesterday" | "this_week" | "last_week" | "this_month" | "last_month" | "last_6_months" | "this_year" | "last_year" | "last_7_days";

/**
 * Input of the `date_preset` rule.
 */
export type DatePresetInput = { preset: DatePreset, 
/**
 * The current instant, UTC epoch milliseconds.
 */
now: number, 
/**
 * IANA zone; Asia/Kolkata when absent.
 */
timeZone?: string | null, };

/**
 * A filter range: whole local days, both ends inclusive (see the module doc).
 */
export type DateRange = { 
/**
 * First millisecond of the first day, UTC epoch ms (inclusive).
 */
startMs: number, 
/**
 * Last millisecond of the last day, UTC epoch ms (inclusive, ends in .999).
 */
endMs: number, 
/**
 * First local day, `YYYY-MM-DD`.
 */
startDate: string, 
/**
 * Last local day, `YYYY-MM-DD`.
 */
endDate: string, 
/**
 * Number of local days in the range.
 */
days: number, };

/**
 * Input of the `date_range` and `previous_period` rules: local days, both inclusive.
 */
export type DaysInput = { startDate: string, endDate: string, timeZone?: string | null, };

/**
 * What the memberships say about the default organisation.
 */
export type DefaultOrg = { 
/**
 * 001 §6: 'role_id of the mapping marked default (0 when none)'.
 */
roleId: number, };

/**
 * One direction's bucket.
 */
export type DirectionBucket = { 
/**
 * The `Direction` value (1, 2, 3, 5; a number or its text).
 */
key: number | string, doc_count: number, users: UserTerms, };

/**
 * Stats per direction plus their sum.
 */
export type DirectionStats = { incoming: CallStats, outgoing: CallStats, missed: CallStats, rejected: CallStats, all: CallStats, };

/**
 * The direction terms aggregation.
 */
export type DirectionTerms = { buckets: Array<DirectionBucket>, };

/**
 * A person's display name: `{"name": "Ravi"}` or `{"fallback": "admin" | "na"}`.
 */
export type DisplayName = { "name": string } | { "fallback": NameFallback };

/**
 * Input of the `display_name` rule.
 */
export type DisplayNameInput = { name?: string | null, roleId?: number | null, };

/**
 * Input of the `format_duration` rule.
 */
export type DurationInput = { seconds: DurationValue, };

/**
 * A duration split for display: `text` uses the spec's h, m, s units (000 §9 'Duration
 * display formats use h, m and s').
 */
export type DurationText = { 
/**
 * `1h 2m 3s`, `45s`, `2m`, `1h 5s`, `0s`.
 */
text: string, hours: number, minutes: number, seconds: number, };

/**
 * A duration as the API sends it: seconds as a number, or text (`"83"`, `"83.4"`, `"1:23"`,
 * `"00:01:23"`).
 */
export type DurationValue = number | string;

/**
 * An e-mail address that passes the spec's loose check (000 §5: 'text, @, text, dot, text').
 */
export type Email = string;

/**
 * Input of the `email` rule.
 */
export type EmailInput = { email: string, };

/**
 * An employee (organisation mapping) as the employee list returns it (001 §3), with the spec's
 * field names; fields this rule does not need are ignored.
 */
export type Employee = { user_id: Id, team_id?: number | null, user_status?: number | null, whatzapp_basic_info?: BasicInfo | null, whatsapp_no?: string | null, };

/**
 * The `employee_row` verdict: the cleaned row, or every broken field with its code.
 */
export type EmployeeCheck = { row: EmployeeRow | null, errors: Array<FieldError>, };

/**
 * One employee as the add form or one row of an import gives it (001 §5 'phone numbers with
 * country code under a column named number; optional name and address columns and profile
 * fields').
 */
export type EmployeeInput = { number?: string | null, name?: string | null, email?: string | null, address?: string | null, };

/**
 * An employee row that passed every rule.
 */
export type EmployeeRow = { mobile: PhoneNumber | null, name: string | null, email: Email | null, address: string | null, };

/**
 * Input of the `employee_row` rule: one employee of the add form or of an import.
 */
export type EmployeeRowInput = { employee: EmployeeInput, 
/**
 * True for an import row (the `number` column is required), false for the add form.
 */
numberRequired: boolean, };

/**
 * A broken rule in one field of one employee row.
 */
export type FieldError = { field: string, code: RuleError, };

/**
 * A follow-up's checked fields.
 */
export type FollowUpDraft = { title: string, dueMs: number, amount: string | null, };

/**
 * Input of the `follow_up` rule.
 */
export type FollowUpInput = { title: string, 
/**
 * `YYYY-MM-DDTHH:MM` in `time_zone`.
 */
due: string, timeZone: string, amount?: string | null, recurrence?: Recurrence | null, 
/**
 * The instant the form is sent (the browser's clock; the server uses its own).
 */
nowMs: number, 
/**
 * A new follow-up, or one whose time changed, must be in the future.
 */
checkPast?: boolean | null, };

/**
 * The Freshdesk link as stored (000 §3: domain, api_key).
 */
export type FreshdeskCredentials = { domain: FreshdeskDomain, api_key: string, };

/**
 * A Freshdesk helpdesk host, e.g. `acme.freshdesk.com` (no scheme, no slash).
 */
export type FreshdeskDomain = string;

/**
 * Input of the `freshdesk_domain` rule.
 */
export type FreshdeskDomainInput = { domain: string, };

/**
 * Input of the `freshdesk_credentials` rule: the Freshdesk modal's two fields.
 */
export type FreshdeskInput = { domain: string, apiKey: string, };

/**
 * A funnel's checked name and ordered stages.
 */
export type FunnelDraft = { name: string, stages: Array<string>, };

/**
 * Input of the `funnel` rule.
 */
export type FunnelInput = { name: string, stages: Array<string>, };

/**
 * How a series is cut.
 */
export type Granularity = "day" | "twelve_hours" | "hour_of_day";

/**
 * An absolute http or https URL (000 §5 'URL: must be http or https').
 */
export type HttpUrl = string;

/**
 * An id the API sends either as a number or as text (`CreatedByUser` is text, `user_id` a
 * number). Always held as text; numbers are written in decimal.
 */
export type Id = string;

/**
 * A rule code with the number its message interpolates (`{{n}}`), for messages such as
 * 'Total percentage cannot exceed 100%. Other members use N%'.
 */
export type Issue = { code: RuleError, n: number | null, };

/**
 * A label's checked name and colour (the colour in lower case).
 */
export type LabelDraft = { name: string, color: string, };

/**
 * Input of the `label` rule.
 */
export type LabelInput = { name: string, 
/**
 * `#RRGGBB`.
 */
color: string, };

/**
 * 000 §3 Label status.
 */
export type LabelStatus = "NO_STATUS" | "LABEL_INCLUDED" | "LABEL_EXCLUDED";

/**
 * Input of the `label_status` rule.
 */
export type LabelStatusInput = { rule?: CrmLabelSync | null, label: string, };

/**
 * The six interface catalogues. Serialised as the catalogue folder name (`pt-BR`, …).
 */
export type Language = "en" | "es" | "hi" | "id" | "pt-BR" | "pt-PT";

/**
 * Input of the `resolve_language` rule.
 */
export type LanguageInput = { 
/**
 * The stored `preferredLanguage`.
 */
stored?: string | null, 
/**
 * `navigator.languages`, in the browser's order.
 */
browserLanguages: Array<string>, };

/**
 * The LeadSquared link with the spec's wire names (000 §3, §7: host, homepage, access_id,
 * secret_key).
 */
export type LeadsquaredCredentials = { host: string, homepage: string, access_id: string, secret_key: string, };

/**
 * Input of the `leadsquared_credentials` rule: the 'Connect to Leadsquared' modal.
 */
export type LeadsquaredInput = { host: string, accessKey: string, secretKey: string, };

/**
 * Whose a link is.
 */
export type LinkOwner = "user" | "organisation";

/**
 * An instant with its local calendar date and wall-clock time in the zone.
 */
export type LocalInstant = { epochMs: number, 
/**
 * `YYYY-MM-DD`.
 */
date: string, 
/**
 * `HH:MM:SS`.
 */
time: string, };

/**
 * The limits above, for the screens' messages ('at most {{nameMax}} characters'), so a message
 * names the very limit the rule checks (issue #25).
 */
export type ManageLimits = { nameMax: number, messageMax: number, tagMax: number, tagsMax: number, stageMax: number, stagesMax: number, optionsMax: number, attachmentMb: number, };

/**
 * 001 §3 `callyzer_user_mappings[]`: one membership.
 */
export type Mapping = { role_id?: number | null, 
/**
 * 1 (or true) marks the default organisation.
 */
is_default_org?: boolean | number | null, };

/**
 * Input of the `default_org` rule.
 */
export type MappingsInput = { mappings: Array<Mapping>, };

/**
 * Input of the `assignment_member` rule: one member's expanded form.
 */
export type MemberFormInput = { ownerId: Id, name: string, targetPercentage: string, region?: string | null, onboardingStages: Array<string>, };

/**
 * One row's verdict.
 */
export type MemberState = { ownerId: Id, 
/**
 * The parsed share, or null when the text is not a valid share.
 */
percentage: number | null, issue: Issue | null, };

/**
 * One member's id and the text of their Target % input.
 */
export type MemberTarget = { 
/**
 * 000 §3 `hubspot_owner_id` (text or number).
 */
ownerId: Id, targetPercentage: string, };

/**
 * An amount of money in minor units, with its plain decimal text (`"1234.50"`, no grouping:
 * the UI formats it for the language).
 */
export type Money = { minor: number, text: string, };

/**
 * Why a name is missing, for the UI to translate (001 §9 'Missing names display NA, or Admin
 * for the admin role').
 */
export type NameFallback = "admin" | "na";

/**
 * Input of the `organisation_code`, `organisation_name` and `team_name` rules.
 */
export type NameInput = { name: string, };

/**
 * The input of rules that take nothing: `{}`.
 */
export type NoInput = Record<string, never>;

/**
 * A notice code and the number its text interpolates (`{{n}}`), if any.
 */
export type Notice = { code: NoticeCode, n: number | null, };

/**
 * The notice the trial or expiry popup shows (001 §4). Translated in the `errors` catalogue
 * under these codes, like rule errors.
 */
export type NoticeCode = "trial_expires_in" | "trial_ended" | "plan_expired" | "trial_default_ended";

/**
 * 000 §5, §9: the onboarding stages a member can be assigned leads from.
 */
export type OnboardingStage = "linkedin_ads" | "extension_installed" | "integration_done" | "user_added";

/**
 * Input of the `org_name` rule.
 */
export type OrgNameInput = { name: string, };

/**
 * 001 §7.5 `organization_code`: the short code that names an organisation.
 */
export type OrganisationCode = string;

/**
 * An organisation's name: required, at most 200 characters.
 */
export type OrganisationName = string;

/**
 * A one-time sign-in code as typed: exactly six digits (spaces between them are ignored).
 */
export type OtpCode = string;

/**
 * Input of the `otp_code` rule.
 */
export type OtpInput = { code: string, };

/**
 * Input of the `assignment_panel` rule: the Active Members rows and, when a member of All
 * Members is expanded to be added, that member's form.
 */
export type PanelInput = { activeMembers: Array<MemberTarget>, candidate?: MemberTarget | null, };

/**
 * The whole panel's verdict.
 */
export type PanelState = { members: Array<MemberState>, 
/**
 * Sum of the valid shares of the active members (may exceed 100).
 */
total: number, 
/**
 * 000 §5: 'the total shown turns red with '(Exceeds 100%)'' — `exceeds_100` when over 100.
 */
totalBadge: RuleError | null, 
/**
 * 'Total percentage cannot exceed 100%. Current total is N%' when over 100.
 */
totalIssue: Issue | null, 
/**
 * 000 §5: 'save is disabled while errors exist'.
 */
canSave: boolean, 
/**
 * 000 §5: the tooltip 'Fix percentage errors first' while saving is disabled.
 */
saveTooltip: RuleError | null, candidate: MemberState | null, 
/**
 * 000 §2: 'An Add Member button, disabled while that member has an error'.
 */
canAddCandidate: boolean, };

/**
 * Input of the `parse_date` rule.
 */
export type ParseDateInput = { value: TimeValue, timeZone?: string | null, };

/**
 * Input of the `phone_number` rule.
 */
export type PhoneInput = { phone: string, };

/**
 * A phone number in international form: `+` and 8 to 15 digits, the first not 0 (E.164).
 */
export type PhoneNumber = string;

/**
 * What the UI needs to know about a plan id.
 */
export type PlanInfo = { normalizedId: number, kind: PlanKind, isPaid: boolean, isTeamsTrial: boolean, };

/**
 * Input of the `plan_info` rule.
 */
export type PlanInput = { planId: number, 
/**
 * The organisation's `is_trial` flag (true or 1).
 */
isTrial?: boolean | number | null, };

/**
 * The plan family a normalised id belongs to.
 */
export type PlanKind = "free" | "pro_plus" | "teams" | "unknown";

/**
 * One point of a chart series.
 */
export type Point = { key: BucketKey, count: number, };

/**
 * One previewed send.
 */
export type PreviewItem = { index: number, 
/**
 * Milliseconds since the epoch.
 */
atMs: number, 
/**
 * `YYYY-MM-DDTHH:MM` in the schedule's zone.
 */
local: string, 
/**
 * The asked time did not exist that day (clocks went forward) and was moved.
 */
shifted: boolean, };

/**
 * A price per employee per month, and for the seats when given.
 */
export type Price = { currency: string, symbol: string, perEmployeeMonth: Money, 
/**
 * For the seats, per billing period: what each invoice charges — a month's, or a year's for
 * an annual plan (`period_amount`).
 */
total: Money | null, };

/**
 * Input of the `plan_price` rule.
 */
export type PriceInput = { 
/**
 * 001 §3 plan `amount`: the plan's price in US dollars per employee per month for its
 * billing period (annual plans list their monthly equivalent, as the AI add-on's
 * '5 USD annually' does).
 */
amount: number, 
/**
 * The user's currency code (from the geolocation lookup), e.g. `INR`.
 */
currency?: string | null, 
/**
 * 001 §7 item 6 `multiplication_factor` for the currency, when the lookup succeeded.
 */
multiplicationFactor?: number | null, 
/**
 * 001 §7 item 7: the USD→currency rate, used when there is no factor (rounded up).
 */
exchangeRate?: number | null, 
/**
 * Selected add-ons' prices per employee per month, already in the user's currency
 * (001 §3 team add-on list: `inr`/`usd`, or `annual_inr`/`annual_usd`).
 */
addOns?: Array<number> | null, 
/**
 * Seats, for the estimated total.
 */
seats?: number | null, 
/**
 * The plan is billed yearly (`isMonthly` false): `total` is then a year's charge.
 */
annual?: boolean | null, };

/**
 * A user property's checked definition.
 */
export type PropertyDraft = { name: string, kind: PropertyKind, options: Array<string>, };

/**
 * Input of the `user_property` rule: the property and the names of the organisation's other
 * properties.
 */
export type PropertyInput = { name: string, kind: PropertyKind, options?: Array<string> | null, 
/**
 * The names already taken (the property's own name left out when it is renamed).
 */
existing: Array<string>, };

/**
 * A user property's type (001 §3 'User property: name, value, type; options may be added').
 */
export type PropertyKind = "text" | "number" | "date" | "boolean" | "select";

/**
 * A value kept as text in its canonical spelling.
 */
export type PropertyValue = string;

/**
 * Input of the `property_value` rule.
 */
export type PropertyValueInput = { kind: PropertyKind, options?: Array<string> | null, value: string, };

/**
 * 000 §3: an integration, by its card's `dataKey`.
 */
export type Provider = "googleSheet" | "hubspot" | "freshdesk" | "zoho" | "salesforce" | "leadsquared" | "bitrix" | "webhooks";

/**
 * Everything the registry knows of one provider.
 */
export type ProviderSpec = { key: Provider, 
/**
 * 000 §3 'Integration type ids'.
 */
typeId: number, owner: LinkOwner, 
/**
 * The name label rules use (`crm_name`, 000 §3); `None` when label rules do not apply.
 */
labelName: string | null, connect: Connect, 
/**
 * Whether the link holds a refresh token the server renews before expiry and after a 401.
 */
refreshes: boolean, sync: SyncTarget, access: AccessLevel, card: Card, };

/**
 * A quick reply's checked name and message.
 */
export type QuickReplyDraft = { name: string, message: string, };

/**
 * Input of the `quick_reply` rule.
 */
export type QuickReplyInput = { name: string, message: string, hasAttachment?: boolean | null, };

/**
 * 001 §9: 'by count, duration or unique calls'.
 */
export type RankBy = "count" | "duration" | "unique_calls";

/**
 * One aggregation bucket as the analytics API returns it (`{key, doc_count}`; other fields
 * such as `key_as_string` are ignored).
 */
export type RawBucket = { key: RawBucketKey, doc_count: number, };

/**
 * An aggregation bucket's key: a number is the UTC epoch ms of the bucket's start (what a
 * `date_histogram` returns); text is a bucket name as [`Grid::key`] writes it.
 */
export type RawBucketKey = number | string;

/**
 * A reminder's recurrence (001 §3 'doesn't repeat, daily, weekly, monthly, annually').
 */
export type Recurrence = "none" | "daily" | "weekly" | "monthly" | "annually";

/**
 * 000 §5, §9: 'region latam, spain, other (default other)'.
 */
export type Region = "latam" | "spain" | "other";

/**
 * A relative date for the UI to phrase: `{unit: "days", n: 3}` is '3 days ago'.
 */
export type RelativeTime = { unit: RelativeUnit, n: number, };

/**
 * Input of the `relative_time` rule.
 */
export type RelativeTimeInput = { 
/**
 * The date to describe (epoch ms or text).
 */
value: TimeValue, 
/**
 * The current instant, UTC epoch ms.
 */
now: number, timeZone?: string | null, };

/**
 * 000 §9: 'Relative time shows Today, Yesterday, or n days, weeks, months or years ago'.
 */
export type RelativeUnit = "today" | "yesterday" | "days" | "weeks" | "months" | "years";

/**
 * Input of the `render_message` rule.
 */
export type RenderInput = { message: string, vars?: TemplateVars | null, };

/**
 * A rendered message and the variables it names that do not exist (kept as written, so the
 * writer sees the typo).
 */
export type Rendered = { text: string, unknown: Array<string>, };

/**
 * A repeat's unit (001 §3 'repeat every N minute/hour/day/week/month'; reminders add years).
 */
export type RepeatUnit = "minute" | "hour" | "day" | "week" | "month" | "year";

/**
 * Input of the `retry_step` rule.
 */
export type RetryInput = { 
/**
 * How many tries have been made (0 before the first).
 */
attempt: number, 
/**
 * Whether the last try succeeded.
 */
succeeded: boolean, 
/**
 * Tries in all; 3 when absent.
 */
tries?: number | null, 
/**
 * Whether the caller has a function to retry; absent means yes.
 */
callback?: boolean | null, 
/**
 * A random number in [0, 1) from the caller (values outside are clamped).
 */
jitter: number, baseDelayMs?: number | null, maxDelayMs?: number | null, };

/**
 * What to do after a try.
 */
export type RetryStep = { "action": "done" } | { "action": "retry", delayMs: number, };

/**
 * Why a rule rejected its input. Serialised as its snake_case code.
 */
export type RuleError = "unknown_time_zone" | "domain_empty" | "domain_must_include_bitrix" | "domain_not_a_host" | "freshdesk_domain_empty" | "api_key_empty" | "fields_required" | "label_name_empty" | "endpoint_invalid" | "value_invalid" | "email_invalid" | "url_invalid" | "not_a_number" | "date_invalid" | "shift_invalid" | "shifts_overlap" | "shifts_too_many" | "holidays_too_many" | "team_too_small" | "too_many_seats" | "percentage_required" | "percentage_invalid" | "percentage_over_100" | "total_percentage_others" | "total_percentage_current" | "exceeds_100" | "fix_percentage_errors_first" | "onboarding_stage_unknown" | "region_unknown" | "date_range_reversed" | "range_too_long" | "no_date" | "admin_only" | "admins_managers_only" | "amount_invalid" | "failed_to_fetch_in_retries" | "invalid_retries" | "invalid_callback" | "not_enough_randomness" | "zoho_state_mismatch" | "attachment_not_supported" | "phone_invalid" | "phone_country_code_missing" | "phone_required" | "contact_required" | "otp_invalid" | "code_expired" | "code_attempts_exhausted" | "organisation_code_invalid" | "organisation_name_required" | "team_name_required" | "team_name_too_long" | "team_color_unknown" | "role_unknown" | "employee_exists" | "import_row_duplicate" | "contact_not_yours" | "import_file_unreadable" | "import_number_column_missing" | "import_too_many_rows" | "crm_unknown" | "label_in_both_lists" | "quick_reply_name_invalid" | "quick_reply_message_invalid" | "label_name_too_long" | "label_color_invalid" | "label_admin_only" | "label_name_taken" | "funnel_name_invalid" | "funnel_stages_required" | "funnel_stage_invalid" | "funnel_stage_duplicate" | "property_name_has_number" | "property_name_duplicate" | "property_options_required" | "property_value_mismatch" | "properties_need_organisation" | "tag_required" | "tags_too_many" | "tag_too_long" | "title_required" | "time_has_passed" | "message_and_upload_empty" | "repeat_invalid" | "attachment_too_large" | "photo_unreadable" | "photo_too_large";

/**
 * The occurrences a preview lists.
 */
export type SchedulePreview = Array<PreviewItem>;

/**
 * Input of the `schedule_preview` rule: the form's values.
 */
export type SchedulePreviewInput = { 
/**
 * `YYYY-MM-DDTHH:MM`, local to `time_zone`.
 */
start: string, timeZone: string, 
/**
 * Repeat every N units; none (or `unit` none) for a one-off.
 */
every?: number | null, unit?: RepeatUnit | null, stopAfter?: number | null, 
/**
 * How many to list (at most [`MAX_PREVIEW`]).
 */
count: number, };

/**
 * A scheduled message's checked fields: the recipient in international form and the first
 * send's instant.
 */
export type ScheduledMessageDraft = { recipient: string, message: string, firstMs: number, };

/**
 * Input of the `scheduled_message` rule.
 */
export type ScheduledMessageInput = { recipient: string, message: string, hasAttachment?: boolean | null, 
/**
 * `YYYY-MM-DDTHH:MM` in `time_zone`.
 */
start: string, timeZone: string, every?: number | null, unit?: RepeatUnit | null, stopAfter?: number | null, nowMs: number, };

/**
 * Input of the `self_close_valid` rule.
 */
export type SelfCloseInput = { 
/**
 * When the `selfclose` marker was remembered, UTC epoch ms.
 */
setAt: number, now: number, };

/**
 * Input of the `may_send_message` rule.
 */
export type SendInput = { text: string, hasAttachment?: boolean | null, };

/**
 * Input of the `set_label_status` rule.
 */
export type SetLabelStatusInput = { rule: CrmLabelSync, label: string, status: LabelStatus, };

/**
 * Input of the `shape_buckets` rule.
 */
export type ShapeInput = { granularity: Granularity, startMs: number, endMs: number, timeZone?: string | null, buckets: Array<RawBucket>, };

/**
 * The label (funnel name) the spreadsheet sync writes under (000 §2, §5).
 */
export type SheetLabel = string;

/**
 * Input of the `spreadsheet_label` rule.
 */
export type SheetLabelInput = { label: string, };

/**
 * One opening of a day: local wall time, `HH:MM` to `HH:MM` (`24:00` ends the day).
 */
export type Shift = { start: string, end: string, };

/**
 * A name cut for the top bar.
 */
export type ShortName = { 
/**
 * What to show.
 */
text: string, 
/**
 * Whether it was cut (show the full name as a tooltip).
 */
truncated: boolean, };

/**
 * A span of time, epoch milliseconds, `[startMs, endMs)`.
 */
export type Span = { startMs: number, endMs: number, };

/**
 * 000 §4 sync statuses of a link: READY after a delivery, PROCESSING while a failed one waits
 * for its retry, ERROR once one was given up (the page tells the user), FAILED when the link
 * itself must be connected again; STARTING and STOPPED as the spec lists them.
 */
export type SyncState = "STARTING" | "PROCESSING" | "READY" | "ERROR" | "FAILED" | "STOPPED";

/**
 * What the sync engine delivers a new chat message to.
 */
export type SyncTarget = "crm" | "sheet" | "webhook";

/**
 * A contact's tags, trimmed, without repeats.
 */
export type Tags = Array<string>;

/**
 * Input of the `contact_tags` rule.
 */
export type TagsInput = { tags: Array<string>, };

/**
 * Input of the `target_percentage` rule.
 */
export type TargetPercentageInput = { targetPercentage: string, };

/**
 * A team's name ('Create a Team'): required, at most 100 characters.
 */
export type TeamName = string;

/**
 * A number of seats for a team: at least [`MIN_TEAM_SIZE`] (001 §5 'Minimum team size of 3').
 */
export type TeamSeats = number;

/**
 * Input of the `team_seats` rule.
 */
export type TeamSeatsInput = { seats: number, 
/**
 * The organisation's members (active or invited), when known: the seats may not be fewer.
 */
members?: number | null, };

/**
 * The contact and sender a message is rendered for (every field optional).
 */
export type TemplateVars = { name?: string | null, firstName?: string | null, lastName?: string | null, phone?: string | null, email?: string | null, company?: string | null, 
/**
 * The sender's own name.
 */
myName?: string | null, };

/**
 * Input of the `number` and `has_digit` rules.
 */
export type TextInput = { text: string, };

/**
 * A point in time as the browser or the API gives it: UTC epoch milliseconds, or text (RFC 3339,
 * `YYYY-MM-DD HH:MM:SS` read as UTC, `YYYY-MM-DD` read as the start of that day in the zone, or
 * digits read as epoch milliseconds).
 */
export type TimeValue = number | string;

/**
 * Input of the `time_zone` rule.
 */
export type TimeZoneInput = { name: string, };

/**
 * The offered zones, for the organisation settings' picker.
 */
export type TimeZoneList = Array<string>;

/**
 * A zone name the product offers, in its canonical spelling.
 */
export type TimeZoneName = string;

/**
 * Input of the `top_bar_name` rule.
 */
export type TopBarNameInput = { orgName?: string | null, userName?: string | null, 
/**
 * The mapping's `is_default_org` / `default_org` (1 or true).
 */
isDefaultOrg?: boolean | number | null, };

/**
 * Input of the `trial_notice` rule: the organisation's credit history fields.
 */
export type TrialNoticeInput = { 
/**
 * 001 §3 `validity`: the plan's end (epoch ms, RFC 3339 text, or a date).
 */
validity?: TimeValue | null, 
/**
 * 001 §3 `is_trial` (true or 1).
 */
isTrial?: boolean | number | null, now: number, timeZone?: string | null, };

/**
 * Input of the `url` rule.
 */
export type UrlInput = { url: string, };

/**
 * One user's bucket inside a direction.
 */
export type UserBucket = { 
/**
 * The user id (`CreatedByUser`).
 */
key: Id, doc_count: number, 
/**
 * Sum of `Duration`, in seconds.
 */
duration?: ValueAgg | null, 
/**
 * Cardinality of `Chatid`.
 */
unique_calls?: ValueAgg | null, };

/**
 * One user's row of the overview (001 §3: 'per-direction entries with totalCount,
 * totalDuration, uniqueCalls, userId').
 */
export type UserCalls = { userId: Id, incoming: CallStats, outgoing: CallStats, missed: CallStats, rejected: CallStats, all: CallStats, };

/**
 * The users terms aggregation inside a direction.
 */
export type UserTerms = { buckets: Array<UserBucket>, };

/**
 * A numeric aggregation's value (`{"value": 12.0}`); ES sends null for an empty sum.
 */
export type ValueAgg = { value: number | null, };

/**
 * The viewer: their role in the current organisation (none without a mapping), team, id and
 * mobile.
 */
export type Viewer = { roleId?: number | null, teamId?: number | null, userId?: Id | null, mobile?: string | null, };

/**
 * What 'All' resolves to (001 §6): user ids for calls, mobile numbers for chats.
 */
export type VisibleEmployees = { userIds: Array<Id>, mobiles: Array<string>, };

/**
 * Input of the `visible_employees` rule.
 */
export type VisibleEmployeesInput = { viewer: Viewer, employees: Array<Employee>, };

/**
 * The optional bearer token sent with webhook calls (000 §3 `auth_token`).
 */
export type WebhookToken = string;

/**
 * Input of the `webhook_token` rule.
 */
export type WebhookTokenInput = { token: string, };

/**
 * The organisation's outgoing webhook URL (000 §3 `duplex_webhook`).
 */
export type WebhookUrl = HttpUrl;

/**
 * Input of the `webhook_endpoint` rule.
 */
export type WebhookUrlInput = { url: string, };

/**
 * A 64-character alphanumeric state.
 */
export type ZohoState = string;

/**
 * Input of the `zoho_state_check` rule.
 */
export type ZohoStateCheckInput = { returned?: string | null, stored?: string | null, };

/**
 * Input of the `zoho_state` rule.
 */
export type ZohoStateInput = { 
/**
 * At least 64 random unsigned 32-bit words.
 */
words: Array<number>, };

/** Each rule's input and output, by registry name. */
export interface Rules {
  plan_info: { input: PlanInput; output: PlanInfo };
  team_seats: { input: TeamSeatsInput; output: TeamSeats };
  bitrix_domain: { input: BitrixDomainInput; output: BitrixDomain };
  freshdesk_domain: { input: FreshdeskDomainInput; output: FreshdeskDomain };
  freshdesk_credentials: { input: FreshdeskInput; output: FreshdeskCredentials };
  leadsquared_credentials: { input: LeadsquaredInput; output: LeadsquaredCredentials };
  spreadsheet_label: { input: SheetLabelInput; output: SheetLabel };
  webhook_endpoint: { input: WebhookUrlInput; output: WebhookUrl };
  webhook_token: { input: WebhookTokenInput; output: WebhookToken };
  email: { input: EmailInput; output: Email };
  url: { input: UrlInput; output: HttpUrl };
  number: { input: TextInput; output: number };
  has_digit: { input: TextInput; output: boolean };
  age_at_least: { input: AgeInput; output: boolean };
  target_percentage: { input: TargetPercentageInput; output: number };
  assignment_panel: { input: PanelInput; output: PanelState };
  assignment_member: { input: MemberFormInput; output: AssignmentMember };
  assignment_options: { input: NoInput; output: AssignmentOptions };
  date_preset: { input: DatePresetInput; output: DateRange };
  date_range: { input: DaysInput; output: DateRange };
  previous_period: { input: DaysInput; output: DateRange };
  bucket_keys: { input: BucketRangeInput; output: BucketKeys };
  bucket_of: { input: BucketOfInput; output: BucketOf };
  shape_buckets: { input: ShapeInput; output: ChartSeries };
  calls_overview: { input: CallsOverviewInput; output: CallsOverview };
  format_duration: { input: DurationInput; output: DurationText };
  relative_time: { input: RelativeTimeInput; output: RelativeTime };
  parse_date: { input: ParseDateInput; output: LocalInstant };
  org_name: { input: OrgNameInput; output: ShortName };
  top_bar_name: { input: TopBarNameInput; output: ShortName };
  display_name: { input: DisplayNameInput; output: DisplayName };
  access_check: { input: AccessInput; output: AccessLevel };
  card_access: { input: CardAccessInput; output: AccessLevel };
  visible_employees: { input: VisibleEmployeesInput; output: VisibleEmployees };
  default_org: { input: MappingsInput; output: DefaultOrg };
  trial_notice: { input: TrialNoticeInput; output: Notice };
  plan_price: { input: PriceInput; output: Price };
  annual_badge: { input: AnnualBadgeInput; output: AnnualBadge };
  checkout_plan: { input: CheckoutInput; output: CheckoutPlan };
  ai_addon_price: { input: AiAddonInput; output: Price };
  currency_symbol: { input: CurrencyInput; output: CurrencySymbol };
  retry_step: { input: RetryInput; output: RetryStep };
  crm_label_sync: { input: CrmLabelSync; output: CrmLabelSync };
  chat_syncs_to_crm: { input: ChatSyncInput; output: boolean };
  label_status: { input: LabelStatusInput; output: LabelStatus };
  set_label_status: { input: SetLabelStatusInput; output: CrmLabelSync };
  zoho_state: { input: ZohoStateInput; output: ZohoState };
  zoho_state_check: { input: ZohoStateCheckInput; output: ZohoState };
  self_close_valid: { input: SelfCloseInput; output: boolean };
  consent_popup_valid: { input: SelfCloseInput; output: boolean };
  chat_attachment: { input: AttachmentInput; output: Attachment };
  may_send_message: { input: SendInput; output: boolean };
  business_constants: { input: NoInput; output: BusinessConstants };
  phone_number: { input: PhoneInput; output: PhoneNumber };
  otp_code: { input: OtpInput; output: OtpCode };
  organisation_code: { input: NameInput; output: OrganisationCode };
  organisation_name: { input: NameInput; output: OrganisationName };
  team_name: { input: NameInput; output: TeamName };
  employee_row: { input: EmployeeRowInput; output: EmployeeCheck };
  resolve_language: { input: LanguageInput; output: Language };
  time_zone: { input: TimeZoneInput; output: TimeZoneName };
  time_zones: { input: NoInput; output: TimeZoneList };
}

export type RuleName = keyof Rules;

export const RULE_NAMES: readonly RuleName[] = [
  "plan_info",
  "team_seats",
  "bitrix_domain",
  "freshdesk_domain",
  "freshdesk_credentials",
  "leadsquared_credentials",
  "spreadsheet_label",
  "webhook_endpoint",
  "webhook_token",
  "email",
  "url",
  "number",
  "has_digit",
  "age_at_least",
  "target_percentage",
  "assignment_panel",
  "assignment_member",
  "assignment_options",
  "date_preset",
  "date_range",
  "previous_period",
  "bucket_keys",
  "bucket_of",
  "shape_buckets",
  "calls_overview",
  "format_duration",
  "relative_time",
  "parse_date",
  "org_name",
  "top_bar_name",
  "display_name",
  "access_check",
  "card_access",
  "visible_employees",
  "default_org",
  "trial_notice",
  "plan_price",
  "annual_badge",
  "checkout_plan",
  "ai_addon_price",
  "currency_symbol",
  "retry_step",
  "crm_label_sync",
  "chat_syncs_to_crm",
  "label_status",
  "set_label_status",
  "zoho_state",
  "zoho_state_check",
  "self_close_valid",
  "consent_popup_valid",
  "chat_attachment",
  "may_send_message",
  "business_constants",
  "phone_number",
  "otp_code",
  "organisation_code",
  "organisation_name",
  "team_name",
  "employee_row",
  "resolve_language",
  "time_zone",
  "time_zones",
];

/** The manage tools' rules (a lazily loaded module), by registry name. */
export interface ManageRules {
  manage_limits: { input: NoInput; output: ManageLimits };
  quick_reply: { input: QuickReplyInput; output: QuickReplyDraft };
  render_message: { input: RenderInput; output: Rendered };
  label: { input: LabelInput; output: LabelDraft };
  funnel: { input: FunnelInput; output: FunnelDraft };
  user_property: { input: PropertyInput; output: PropertyDraft };
  property_value: { input: PropertyValueInput; output: PropertyValue };
  contact_tags: { input: TagsInput; output: Tags };
  follow_up: { input: FollowUpInput; output: FollowUpDraft };
  scheduled_message: { input: ScheduledMessageInput; output: ScheduledMessageDraft };
  schedule_preview: { input: SchedulePreviewInput; output: SchedulePreview };
}

export type ManageRuleName = keyof ManageRules;

export const MANAGE_RULE_NAMES: readonly ManageRuleName[] = [
  "manage_limits",
  "quick_reply",
  "render_message",
  "label",
  "funnel",
  "user_property",
  "property_value",
  "contact_tags",
  "follow_up",
  "scheduled_message",
  "schedule_preview",
];

/** The dashboards' insight rules (a lazily loaded module), by registry name. */
export interface InsightsRules {
  business_hours: { input: BusinessHoursInput; output: BusinessHours };
  business_time: { input: BusinessTimeInput; output: BusinessTime };
}

export type InsightsRuleName = keyof InsightsRules;

export const INSIGHTS_RULE_NAMES: readonly InsightsRuleName[] = [
  "business_hours",
  "business_time",
];

/** A team's seats (crates/domain/src/plans.rs): the team minimum and the most one plan holds. */
export const SEAT_LIMITS = { min: 3, max: 10000 } as const;

/** The provider registry (crates/domain/src/providers.rs), in the Integrations screen's order. */
export const PROVIDERS: readonly ProviderSpec[] = [
  {
    "key": "googleSheet",
    "typeId": 5,
    "owner": "user",
    "labelName": "googlesheet",
    "connect": {
      "kind": "oauth",
      "consent": "google"
    },
    "refreshes": true,
    "sync": "sheet",
    "access": "admin",
    "card": {
      "title": "Google Sheet",
      "section": "googleSheet",
      "extensionKey": "GOOGLE_SHEET_CONNECTED",
      "color": "#0F9D58",
      "initials": "GS",
      "features": [
        "sheet_sync",
        "sheet_label",
        "sheet_view"
      ]
    }
  },
  {
    "key": "hubspot",
    "typeId": 1,
    "owner": "user",
    "labelName": "hubspot",
    "connect": {
      "kind": "oauth",
      "consent": "hubspot"
    },
    "refreshes": true,
    "sync": "crm",
    "access": "all",
    "card": {
      "title": "HubSpot",
      "section": "hubspot",
      "extensionKey": "HUBSPOT_CONNECTED",
      "color": "#FF7A59",
      "initials": "HS",
      "features": [
        "crm_contacts",
        "crm_notes",
        "crm_deals"
      ]
    }
  },
  {
    "key": "freshdesk",
    "typeId": 2,
    "owner": "user",
    "labelName": "freshdesk",
    "connect": {
      "kind": "apiKey"
    },
    "refreshes": false,
    "sync": "crm",
    "access": "all",
    "card": {
      "title": "Freshdesk",
      "section": "freshdesk",
      "extensionKey": "FRESHDESK_CONNECTED",
      "color": "#25C16F",
      "initials": "FD",
      "features": [
        "crm_contacts",
        "tickets"
      ]
    }
  },
  {
    "key": "zoho",
    "typeId": 4,
    "owner": "user",
    "labelName": "zoho",
    "connect": {
      "kind": "oauth",
      "consent": "zoho"
    },
    "refreshes": true,
    "sync": "crm",
    "access": "all",
    "card": {
      "title": "Zoho",
      "section": "zoho",
      "extensionKey": "ZOHO_CONNECTED",
      "color": "#E42527",
      "initials": "Z",
      "features": [
        "crm_contacts",
        "crm_notes",
        "crm_deals"
      ]
    }
  },
  {
    "key": "salesforce",
    "typeId": 6,
    "owner": "user",
    "labelName": "salesforce",
    "connect": {
      "kind": "oauth",
      "consent": "salesforce"
    },
    "refreshes": true,
    "sync": "crm",
    "access": "all",
    "card": {
      "title": "Salesforce",
      "section": "salesforce",
      "extensionKey": "SALESFORCE_CONNECTED",
      "color": "#00A1E0",
      "initials": "SF",
      "features": [
        "crm_contacts",
        "crm_notes",
        "record_types"
      ]
    }
  },
  {
    "key": "leadsquared",
    "typeId": 7,
    "owner": "user",
    "labelName": "leadsquared",
    "connect": {
      "kind": "apiKey"
    },
    "refreshes": false,
    "sync": "crm",
    "access": "all",
    "card": {
      "title": "LeadSquared",
      "section": "leadsquared",
      "extensionKey": "LEADSQUARED_CONNECTED",
      "color": "#1B75BB",
      "initials": "LS",
      "features": [
        "crm_leads",
        "crm_notes"
      ]
    }
  },
  {
    "key": "bitrix",
    "typeId": 3,
    "owner": "user",
    "labelName": "bitrix",
    "connect": {
      "kind": "oauth",
      "consent": "bitrix"
    },
    "refreshes": true,
    "sync": "crm",
    "access": "all",
    "card": {
      "title": "Bitrix24",
      "section": "bitrix",
      "extensionKey": "BITRIX_CONNECTED",
      "color": "#2FC6F6",
      "initials": "B24",
      "features": [
        "crm_contacts",
        "crm_leads"
      ]
    }
  },
  {
    "key": "webhooks",
    "typeId": 8,
    "owner": "organisation",
    "labelName": null,
    "connect": {
      "kind": "webhook"
    },
    "refreshes": false,
    "sync": "webhook",
    "access": "all",
    "card": {
      "title": "Webhook",
      "section": "webhooks",
      "extensionKey": "WEBHOOK_CONNECTED",
      "color": "#6741D9",
      "initials": "WH",
      "features": [
        "webhook_messages",
        "webhook_token"
      ]
    }
  }
];
